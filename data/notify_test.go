package data

import (
	"context"
	"testing"
	"time"
)

// TestNotifySetting checks that the notification level is stored per user, that dms:off reads as
// off whatever the level, and that an unknown level is refused and changes nothing.
func TestNotifySetting(t *testing.T) {
	ctx := context.Background()
	s, _ := openTest(t)
	if got, _ := s.Settings(ctx, "u1"); got.Level() != NotifyTurns {
		t.Fatalf("default level = %q, want %q", got.Level(), NotifyTurns)
	}
	for _, lv := range []string{NotifyAll, NotifyOff, NotifyTurns, NotifyAll} {
		if err := s.SetSettings(ctx, "u1", UserSettings{Notify: lv}); err != nil {
			t.Fatal(err)
		}
		if got, _ := s.Settings(ctx, "u1"); got.Level() != lv {
			t.Fatalf("level = %q, want %q", got.Level(), lv)
		}
	}
	if err := s.SetSettings(ctx, "u1", UserSettings{Notify: "loud"}); err == nil {
		t.Fatal("unknown level: no error")
	}
	if got, _ := s.Settings(ctx, "u1"); got.Level() != NotifyAll {
		t.Fatalf("a refused level changed the setting to %q", got.Level())
	}
	if err := s.SetSettings(ctx, "u1", UserSettings{DMsOff: true, Notify: NotifyAll}); err != nil {
		t.Fatal(err)
	}
	if got, _ := s.Settings(ctx, "u1"); got.Level() != NotifyOff {
		t.Fatalf("dms off: level = %q, want off", got.Level())
	}
	if got, _ := s.Settings(ctx, "u2"); got.Level() != NotifyTurns {
		t.Fatal("another user's setting leaked")
	}
}

// TestDMChannel checks that a user's DM channel is remembered across a reopening of the store
// (a restart), replaced, and forgotten.
func TestDMChannel(t *testing.T) {
	ctx := context.Background()
	s, dsn := openTest(t)
	if id, err := s.DMChannel(ctx, "u1"); err != nil || id != "" {
		t.Fatalf("DMChannel before any = %q, %v", id, err)
	}
	if err := s.SetDMChannel(ctx, "u1", "d1"); err != nil {
		t.Fatal(err)
	}
	s2, err := Open(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer s2.Close()
	if id, _ := s2.DMChannel(ctx, "u1"); id != "d1" {
		t.Fatalf("after a restart DMChannel = %q, want d1", id)
	}
	if id, _ := s2.DMChannel(ctx, "u2"); id != "" {
		t.Fatalf("another user's channel = %q", id)
	}
	s2.SetDMChannel(ctx, "u1", "d2")
	if id, _ := s.DMChannel(ctx, "u1"); id != "d2" {
		t.Fatalf("replaced DMChannel = %q, want d2", id)
	}
	s.SetDMChannel(ctx, "u1", "")
	if id, _ := s.DMChannel(ctx, "u1"); id != "" {
		t.Fatalf("forgotten DMChannel = %q", id)
	}
	if err := s.SetDMChannel(ctx, "", "d3"); err == nil {
		t.Fatal("empty user id: no error")
	}
}

// TestShareREST checks the count of processes sharing the REST limit: each heartbeat counts the
// live processes, a silent one drops out after the ttl, and one that leaves at once.
func TestShareREST(t *testing.T) {
	ctx := context.Background()
	s, _ := openTest(t)
	t0 := time.UnixMilli(1_700_000_000_000)
	ttl := 15 * time.Second
	if n, err := s.ShareREST(ctx, "p1", t0, ttl); err != nil || n != 1 {
		t.Fatalf("alone: %d, %v", n, err)
	}
	if n, _ := s.ShareREST(ctx, "p2", t0.Add(time.Second), ttl); n != 2 {
		t.Fatalf("two processes: %d", n)
	}
	if n, _ := s.ShareREST(ctx, "p3", t0.Add(2*time.Second), ttl); n != 3 {
		t.Fatalf("three processes: %d", n)
	}
	s.LeaveREST(ctx, "p3")
	// p1 keeps beating; p2 falls silent and drops out after the ttl.
	if n, _ := s.ShareREST(ctx, "p1", t0.Add(10*time.Second), ttl); n != 2 {
		t.Fatalf("after p3 left: %d", n)
	}
	if n, _ := s.ShareREST(ctx, "p1", t0.Add(20*time.Second), ttl); n != 1 {
		t.Fatalf("after p2 fell silent: %d", n)
	}
	if _, err := s.ShareREST(ctx, "", t0, ttl); err == nil {
		t.Fatal("empty owner: no error")
	}
}

// TestSeatNews checks the news waiting for a seat: noted, replaced by a later change, taken
// once, and kept apart per seat.
func TestSeatNews(t *testing.T) {
	ctx := context.Background()
	s, _ := openTest(t)
	g := playing(t, s, "c1", 3)
	if _, ok, err := s.TakeNews(ctx, g.ID, 1); err != nil || ok {
		t.Fatalf("news before any: %v, %v", ok, err)
	}
	s.NoteNews(ctx, g.ID, 1, 0)
	s.NoteNews(ctx, g.ID, 1, 2)
	s.NoteNews(ctx, g.ID, 0, 2)
	if by, ok, _ := s.TakeNews(ctx, g.ID, 1); !ok || by != 2 {
		t.Fatalf("news of seat 1: by %d, %v; want by 2", by, ok)
	}
	if _, ok, _ := s.TakeNews(ctx, g.ID, 1); ok {
		t.Fatal("news taken twice")
	}
	if by, ok, _ := s.TakeNews(ctx, g.ID, 0); !ok || by != 2 {
		t.Fatalf("news of seat 0: by %d, %v", by, ok)
	}
}
