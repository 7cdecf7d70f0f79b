package data

import (
	"context"
	"errors"
	"reflect"
	"testing"
	"time"
)

func TestOutbox(t *testing.T) {
	ctx := context.Background()
	s, path := openTest(t)
	g := playing(t, s, "c1", 2)
	queued, err := s.Enqueue(ctx,
		OutboxItem{GameID: g.ID, Kind: "board", Target: "c1", Payload: `{"a":1}`},
		OutboxItem{Kind: "dm", Target: "u1", Payload: `{"b":2}`}, // no game
		OutboxItem{GameID: g.ID, Kind: "dm", Target: "u0", Payload: `{"c":3}`},
	)
	if err != nil {
		t.Fatalf("Enqueue: %v", err)
	}
	if len(queued) != 3 || queued[1].GameID != 0 || queued[0].GameID != g.ID || queued[0].ID >= queued[1].ID || queued[1].ID >= queued[2].ID {
		t.Fatalf("queued = %+v", queued)
	}
	moved, err := s.CommitMove(ctx, g.ID, 0, Move{Seat: 0, Move: "x"}, []byte("{}"), 1, StatusPlaying,
		[]OutboxItem{{Kind: "board", Target: "c1", Payload: `{"d":4}`}})
	if err != nil {
		t.Fatal(err)
	}
	all := append(queued, moved...)

	pending, err := s.PendingOutbox(ctx, 0)
	if err != nil || !reflect.DeepEqual(pending, all) {
		t.Fatalf("PendingOutbox = %+v, %v; want %+v", pending, err, all)
	}
	if two, err := s.PendingOutbox(ctx, 2); err != nil || !reflect.DeepEqual(two, all[:2]) {
		t.Fatalf("PendingOutbox(2) = %+v, %v", two, err)
	}

	if err := s.MarkFailed(ctx, all[0].ID); err != nil {
		t.Fatal(err)
	}
	if err := s.MarkFailed(ctx, all[0].ID); err != nil {
		t.Fatal(err)
	}
	if err := s.MarkSent(ctx, all[1].ID); err != nil {
		t.Fatal(err)
	}
	if err := s.MarkSent(ctx, all[1].ID); err != nil {
		t.Fatalf("second MarkSent: %v", err)
	}
	if err := s.MarkFailed(ctx, all[1].ID); err != nil {
		t.Fatalf("MarkFailed of a sent item: %v", err)
	}
	for _, err := range []error{s.MarkSent(ctx, 999), s.MarkFailed(ctx, 999)} {
		if !errors.Is(err, ErrNoItem) {
			t.Fatalf("unknown item: %v, want ErrNoItem", err)
		}
	}
	want := []OutboxItem{all[0], all[2], all[3]}
	want[0].Attempts = 2

	// Survives close and re-open.
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	s2, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer s2.Close()
	pending, err = s2.PendingOutbox(ctx, 0)
	if err != nil || !reflect.DeepEqual(pending, want) {
		t.Fatalf("PendingOutbox after re-open = %+v, %v; want %+v", pending, err, want)
	}
	var attempts int
	if err := s2.r.QueryRow(`SELECT attempts FROM outbox WHERE id = ?`, all[1].ID).Scan(&attempts); err != nil || attempts != 0 {
		t.Fatalf("sent item attempts = %d, %v; want 0", attempts, err)
	}
	for _, it := range want {
		if err := s2.MarkSent(ctx, it.ID); err != nil {
			t.Fatal(err)
		}
	}
	if pending, err := s2.PendingOutbox(ctx, 0); err != nil || len(pending) != 0 {
		t.Fatalf("PendingOutbox after sending all = %+v, %v", pending, err)
	}
}

func TestEnqueueRefusalsQueueNothing(t *testing.T) {
	ctx := context.Background()
	s, _ := openTest(t)
	ok := OutboxItem{Kind: "dm", Target: "u1", Payload: "{}"}
	for name, items := range map[string][]OutboxItem{
		"no kind":      {ok, {Target: "u1"}},
		"no target":    {ok, {Kind: "dm"}},
		"unknown game": {ok, {GameID: 999, Kind: "dm", Target: "u1"}},
	} {
		if _, err := s.Enqueue(ctx, items...); err == nil {
			t.Errorf("%s: Enqueue succeeded", name)
		}
	}
	if n := count(t, s, "outbox", ""); n != 0 {
		t.Fatalf("%d items queued by refused Enqueues", n)
	}
	if got, err := s.Enqueue(ctx); err != nil || len(got) != 0 {
		t.Fatalf("empty Enqueue = %v, %v", got, err)
	}
}

func TestDMClosed(t *testing.T) {
	ctx := context.Background()
	s, path := openTest(t)
	check := func(s *Store, user string, want bool) {
		t.Helper()
		got, err := s.DMClosed(ctx, user)
		if err != nil || got != want {
			t.Fatalf("DMClosed(%s) = %v, %v; want %v", user, got, err, want)
		}
	}
	check(s, "u1", false)
	if err := s.SetDMClosed(ctx, "u1", true); err != nil {
		t.Fatal(err)
	}
	if err := s.SetDMClosed(ctx, "u1", true); err != nil {
		t.Fatalf("closing twice: %v", err)
	}
	if err := s.SetDMClosed(ctx, "u2", true); err != nil {
		t.Fatal(err)
	}
	if err := s.SetDMClosed(ctx, "", true); err == nil {
		t.Fatal("SetDMClosed with no user succeeded")
	}
	check(s, "u1", true)
	check(s, "u3", false)
	if err := s.SetDMClosed(ctx, "u2", false); err != nil {
		t.Fatal(err)
	}
	if err := s.SetDMClosed(ctx, "u9", false); err != nil {
		t.Fatalf("opening a user never closed: %v", err)
	}
	check(s, "u2", false)
	s.Close()
	s2, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer s2.Close()
	check(s2, "u1", true)
	check(s2, "u2", false)
}

func TestOutboxRetryAndGiveUp(t *testing.T) {
	ctx := context.Background()
	s, path := openTest(t)
	g := playing(t, s, "c1", 2)
	items, err := s.Enqueue(ctx,
		OutboxItem{GameID: g.ID, Kind: "board", Target: "c1", Payload: `{}`},
		OutboxItem{GameID: g.ID, Kind: "board", Target: "c1", Payload: `{}`},
		OutboxItem{GameID: g.ID, Kind: "dm", Target: "u0", Payload: `{}`},
	)
	if err != nil {
		t.Fatal(err)
	}
	if !items[0].NextAt.Equal(items[0].CreatedAt) {
		t.Fatalf("a new item is due when queued: NextAt %v, CreatedAt %v", items[0].NextAt, items[0].CreatedAt)
	}
	next := items[0].CreatedAt.Add(90 * time.Second)
	if err := s.MarkRetry(ctx, items[0].ID, next, "503 Service Unavailable"); err != nil {
		t.Fatal(err)
	}
	if err := s.MarkRetry(ctx, items[0].ID, next.Add(time.Second), "429 retry after 1s"); err != nil {
		t.Fatal(err)
	}
	if err := s.MarkGivenUp(ctx, items[2].ID, "50001 Missing Access"); err != nil {
		t.Fatal(err)
	}
	// A given-up item is not sent again by a late retry, nor marked given up twice.
	if err := s.MarkRetry(ctx, items[2].ID, next, "late"); err != nil {
		t.Fatal(err)
	}
	if err := s.MarkSentAll(ctx, items[1].ID); err != nil {
		t.Fatal(err)
	}
	for _, err := range []error{s.MarkRetry(ctx, 999, next, "x"), s.MarkGivenUp(ctx, 999, "x"), s.MarkSentAll(ctx, items[0].ID, 999)} {
		if !errors.Is(err, ErrNoItem) {
			t.Fatalf("unknown item: %v, want ErrNoItem", err)
		}
	}
	// The refused MarkSentAll marked nothing.
	s.Close()
	s2, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer s2.Close()
	pending, err := s2.PendingOutbox(ctx, 0)
	if err != nil || len(pending) != 1 {
		t.Fatalf("pending = %+v, %v; want item %d only", pending, err, items[0].ID)
	}
	p := pending[0]
	if p.ID != items[0].ID || p.Attempts != 2 || !p.NextAt.Equal(next.Add(time.Second)) || p.LastError != "429 retry after 1s" {
		t.Fatalf("retried item = %+v", p)
	}
	gave, err := s2.GivenUpOutbox(ctx)
	if err != nil || len(gave) != 1 || gave[0].ID != items[2].ID || gave[0].LastError != "50001 Missing Access" || gave[0].Attempts != 0 {
		t.Fatalf("given up = %+v, %v", gave, err)
	}
}
