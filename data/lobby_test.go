package data

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"
)

func TestLatest(t *testing.T) {
	ctx := context.Background()
	s, _ := openTest(t)
	if _, _, err := s.Latest(ctx, "c1"); !errors.Is(err, ErrNoGame) {
		t.Fatalf("Latest of an empty channel: %v, want ErrNoGame", err)
	}
	g := playing(t, s, "c1", 3)
	if _, err := s.CommitMove(ctx, g.ID, 0, Move{Seat: 0, Move: "end"}, []byte(`{"v":1}`), 1, StatusFinished, nil); err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.Current(ctx, "c1"); !errors.Is(err, ErrNoGame) {
		t.Fatalf("Current after the end: %v, want ErrNoGame", err)
	}
	got, seats, err := s.Latest(ctx, "c1")
	if err != nil || got.ID != g.ID || got.Status != StatusFinished || len(seats) != 3 {
		t.Fatalf("Latest = %+v, %d seats, %v; want the finished game", got, len(seats), err)
	}
	// A new lobby in the channel becomes the latest game.
	next := lobby(t, s, "c1", 0, 1)
	if got, _, err := s.Latest(ctx, "c1"); err != nil || got.ID != next.ID {
		t.Fatalf("Latest after a new lobby = %+v, %v; want game %d", got, err, next.ID)
	}
	// Other channels do not count.
	lobby(t, s, "c2", 0, 1)
	if got, _, _ := s.Latest(ctx, "c1"); got.ID != next.ID {
		t.Fatalf("Latest of c1 = game %d, want %d", got.ID, next.ID)
	}
}

func TestSeatAllAndSetCreator(t *testing.T) {
	ctx := context.Background()
	s, _ := openTest(t)
	g := lobby(t, s, "c1", 3, 1)
	// Too many for a table of 3: nothing is written.
	err := s.SeatAll(ctx, g.ID, []Seat{{UserID: "a", Name: "A"}, {UserID: "b", Name: "B"}, {UserID: "c", Name: "C"}})
	if !errors.Is(err, ErrLobbyFull) || count(t, s, "seats", "game_id = ?", g.ID) != 1 {
		t.Fatalf("SeatAll over the table size: %v, %d seats", err, count(t, s, "seats", "game_id = ?", g.ID))
	}
	// The creator (already seated) is skipped.
	if err := s.SeatAll(ctx, g.ID, []Seat{{UserID: "u0"}, {UserID: "a", Name: "A"}, {UserID: "b", Name: "B"}}); err != nil {
		t.Fatalf("SeatAll: %v", err)
	}
	_, seats, _ := s.Current(ctx, "c1")
	if len(seats) != 3 || seats[1].UserID != "a" || seats[2].UserID != "b" {
		t.Fatalf("seats = %+v", seats)
	}
	if err := s.SeatAll(ctx, g.ID, []Seat{{UserID: ""}}); err == nil {
		t.Fatal("SeatAll with an empty user id: no error")
	}

	if err := s.SetCreator(ctx, g.ID, "nobody"); !errors.Is(err, ErrNotSeated) {
		t.Fatalf("SetCreator to an outsider: %v, want ErrNotSeated", err)
	}
	if err := s.SetCreator(ctx, g.ID, "a"); err != nil {
		t.Fatalf("SetCreator: %v", err)
	}
	if got, _, _ := s.Current(ctx, "c1"); got.CreatorID != "a" {
		t.Fatalf("creator = %q, want a", got.CreatorID)
	}
	p := playing(t, s, "c2", 3)
	if err := s.SetCreator(ctx, p.ID, "u1"); !errors.Is(err, ErrNotLobby) {
		t.Fatalf("SetCreator of a started game: %v, want ErrNotLobby", err)
	}
	if err := s.SeatAll(ctx, p.ID, []Seat{{UserID: "z"}}); !errors.Is(err, ErrNotLobby) {
		t.Fatalf("SeatAll of a started game: %v, want ErrNotLobby", err)
	}
}

func TestExpireLobbies(t *testing.T) {
	ctx := context.Background()
	s, _ := openTest(t)
	t0 := time.Date(2025, 3, 1, 20, 0, 0, 0, time.UTC)
	fixedClock(s, t0)
	old := lobby(t, s, "c1", 0, 2)
	started := playing(t, s, "c2", 3)
	fixedClock(s, t0.Add(20*time.Hour))
	young := lobby(t, s, "c3", 0, 1)

	notice := func(g Game) []OutboxItem {
		return []OutboxItem{{Kind: "notice", Target: g.ChannelID, Payload: `{"text":"expired"}`}}
	}
	cut := t0.Add(24*time.Hour + time.Minute).Add(-24 * time.Hour)
	got, err := s.ExpireLobbies(ctx, cut, notice)
	if err != nil || len(got) != 1 || got[0].ID != old.ID {
		t.Fatalf("ExpireLobbies = %+v, %v; want only game %d", got, err, old.ID)
	}
	if g, _, _ := s.GameByID(ctx, old.ID); g.Status != StatusCancelled {
		t.Fatalf("expired lobby is %s", g.Status)
	}
	for _, id := range []int64{started.ID, young.ID} {
		if g, _, _ := s.GameByID(ctx, id); !g.Status.Unfinished() {
			t.Fatalf("game %d is %s, want untouched", id, g.Status)
		}
	}
	items, _ := s.PendingOutbox(ctx, 0)
	if len(items) != 1 || items[0].GameID != old.ID || items[0].Target != "c1" {
		t.Fatalf("queued %+v, want one notice for the expired lobby", items)
	}
	// A second sweep finds nothing: the lobby expires once, with one message.
	if got, err := s.ExpireLobbies(ctx, cut, notice); err != nil || len(got) != 0 {
		t.Fatalf("second sweep = %+v, %v", got, err)
	}
	if n := count(t, s, "outbox", ""); n != 1 {
		t.Fatalf("%d outbox items after two sweeps, want 1", n)
	}
	// A bad notice rolls the whole sweep back.
	bad := func(Game) []OutboxItem { return []OutboxItem{{Kind: ""}} }
	if _, err := s.ExpireLobbies(ctx, t0.Add(48*time.Hour), bad); err == nil {
		t.Fatal("a bad notice: no error")
	}
	if g, _, _ := s.GameByID(ctx, young.ID); g.Status != StatusLobby {
		t.Fatalf("young lobby is %s after a failed sweep", g.Status)
	}
}

func TestSettings(t *testing.T) {
	ctx := context.Background()
	s, _ := openTest(t)
	if got, err := s.Settings(ctx, "u1"); err != nil || got.DMsOff {
		t.Fatalf("default settings = %+v, %v", got, err)
	}
	for _, off := range []bool{true, true, false, true} {
		if err := s.SetSettings(ctx, "u1", UserSettings{DMsOff: off}); err != nil {
			t.Fatal(err)
		}
		if got, _ := s.Settings(ctx, "u1"); got.DMsOff != off {
			t.Fatalf("DMsOff = %v, want %v", got.DMsOff, off)
		}
	}
	if got, _ := s.Settings(ctx, "u2"); got.DMsOff {
		t.Fatal("another user's setting leaked")
	}
	if err := s.SetSettings(ctx, "", UserSettings{}); err == nil {
		t.Fatal("empty user id: no error")
	}
}

// BenchmarkLatest measures finding a channel's newest game (finished here) among 200 games in 20
// channels, with its seats: what /game status and /log do after a game ends.
func BenchmarkLatest(b *testing.B) {
	ctx := context.Background()
	s, _ := openTest(b)
	for i := 0; i < 200; i++ {
		ch := fmt.Sprintf("c%d", i%20)
		g := playing(b, s, ch, 3)
		if _, err := s.CommitMove(ctx, g.ID, 0, Move{Seat: 0, Move: "end"}, []byte(`{}`), 1, StatusFinished, nil); err != nil {
			b.Fatal(err)
		}
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, _, err := s.Latest(ctx, "c7"); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkExpireLobbies measures one sweep over 1000 games of which 100 are lobbies, none due:
// the periodic check the bot runs.
func BenchmarkExpireLobbies(b *testing.B) {
	ctx := context.Background()
	s, _ := openTest(b)
	t0 := time.Now()
	for i := 0; i < 1000; i++ {
		ch := fmt.Sprintf("c%d", i)
		if i%10 == 0 {
			lobby(b, s, ch, 0, 2)
			continue
		}
		g := playing(b, s, ch, 3)
		if _, err := s.CommitMove(ctx, g.ID, 0, Move{Seat: 0, Move: "end"}, []byte(`{}`), 1, StatusFinished, nil); err != nil {
			b.Fatal(err)
		}
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if got, err := s.ExpireLobbies(ctx, t0.Add(-24*time.Hour), nil); err != nil || len(got) != 0 {
			b.Fatal(got, err)
		}
	}
}
