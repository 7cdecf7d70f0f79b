package data

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"testing"
)

// movesText is the log as "seq:seat:move:user".
func movesText(t *testing.T, s *Store, id int64) []string {
	t.Helper()
	ms, err := s.Moves(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, m := range ms {
		out = append(out, fmt.Sprintf("%d:%d:%s:%s", m.Seq, m.Seat, m.Move, m.UserID))
	}
	return out
}

func TestUndo(t *testing.T) {
	ctx := context.Background()
	s, _ := openTest(t)
	g := playing(t, s, "c1", 3)
	commit := func(v, seat int, moves ...string) {
		t.Helper()
		var ms []Move
		for _, m := range moves {
			ms = append(ms, Move{Seat: seat, Move: m, UserID: fmt.Sprintf("u%d", seat)})
		}
		if _, err := s.CommitMoves(ctx, g.ID, v, ms, []byte(fmt.Sprintf(`{"v":%d}`, v+len(ms))), v+len(ms), StatusPlaying, nil); err != nil {
			t.Fatal(err)
		}
	}
	commit(0, 0, "a")
	commit(1, 1, "b", "c") // a batch of seat 1
	ev := Event{Kind: "undo", UserID: "u1", Text: "{1} took back their move."}
	board := []OutboxItem{{Kind: "board", Target: "c1", Payload: "{}"}}

	before := snap(t, s, g.ID)
	for _, tc := range []struct {
		name    string
		prev, n int
		user    string
		want    error
	}{
		{"stale version", 2, 2, "u1", ErrStale},
		{"another user's moves", 3, 2, "u0", ErrNotYours},
		{"moves of two players", 3, 3, "u1", ErrNotYours},
	} {
		if _, err := s.Undo(ctx, g.ID, tc.prev, tc.n, tc.user, []byte(`{"v":1}`), ev, board); !errors.Is(err, tc.want) {
			t.Errorf("%s: err = %v, want %v", tc.name, err, tc.want)
		}
	}
	if _, err := s.Undo(ctx, g.ID, 3, 0, "u1", []byte(`{}`), ev, board); err == nil {
		t.Error("undo of 0 moves accepted")
	}
	if got := snap(t, s, g.ID); !reflect.DeepEqual(got, before) {
		t.Fatalf("refused undos wrote: %+v, was %+v", got, before)
	}
	if n := count(t, s, "undone_moves", ""); n != 0 {
		t.Fatalf("refused undos archived %d moves", n)
	}

	items, err := s.Undo(ctx, g.ID, 3, 2, "u1", []byte(`{"v":1}`), ev, board)
	if err != nil {
		t.Fatal(err)
	}
	if len(items) != 1 || items[0].GameID != g.ID || items[0].ID == 0 {
		t.Fatalf("queued %+v", items)
	}
	row, _, _ := s.GameByID(ctx, g.ID)
	if row.Version != 1 || string(row.State) != `{"v":1}` || row.Status != StatusPlaying {
		t.Fatalf("after undo: version %d state %s status %s", row.Version, row.State, row.Status)
	}
	if got, want := movesText(t, s, g.ID), []string{"1:0:a:u0"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("moves = %v, want %v", got, want)
	}
	undone, err := s.UndoneMoves(ctx, g.ID)
	if err != nil || len(undone) != 2 || undone[0].Move.Move != "b" || undone[1].Seq != 3 || undone[1].UserID != "u1" || undone[0].UndoneAt.IsZero() {
		t.Fatalf("undone = %+v, %v", undone, err)
	}
	evs, err := s.Events(ctx, g.ID)
	if err != nil || len(evs) != 1 || evs[0].Kind != "undo" || evs[0].Version != 1 || evs[0].Text != ev.Text {
		t.Fatalf("events = %+v, %v", evs, err)
	}

	// The next move takes the freed seq; the archive keeps both histories.
	commit(1, 1, "d")
	if got, want := movesText(t, s, g.ID), []string{"1:0:a:u0", "2:1:d:u1"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("moves = %v, want %v", got, want)
	}
	// Moves stay append-only outside an undo.
	if _, err := s.w.Exec(`DELETE FROM moves WHERE seq = 2`); err == nil {
		t.Fatal("a move not archived was deleted")
	}
	if _, err := s.w.Exec(`UPDATE moves SET move = 'x' WHERE seq = 2`); err == nil {
		t.Fatal("a move was updated")
	}
}

func TestUndoNotPlaying(t *testing.T) {
	ctx := context.Background()
	s, _ := openTest(t)
	g := playing(t, s, "c1", 2)
	if _, err := s.CommitMove(ctx, g.ID, 0, Move{Seat: 0, Move: "end", UserID: "u0"}, []byte(`{}`), 1, StatusFinished, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Undo(ctx, g.ID, 1, 1, "u0", []byte(`{}`), Event{Kind: "undo", Text: "x"}, nil); !errors.Is(err, ErrNotPlaying) {
		t.Fatalf("undo in a finished game: %v", err)
	}
	if _, err := s.Undo(ctx, 999, 1, 1, "u0", []byte(`{}`), Event{Kind: "undo", Text: "x"}, nil); !errors.Is(err, ErrNoGame) {
		t.Fatalf("undo in no game: %v", err)
	}
}

func TestReplaceSeat(t *testing.T) {
	ctx := context.Background()
	s, _ := openTest(t)
	g := playing(t, s, "c1", 3)
	if _, err := s.CommitMove(ctx, g.ID, 0, Move{Seat: 0, Move: "a", UserID: "u0"}, []byte(`{"v":1}`), 1, StatusPlaying, nil); err != nil {
		t.Fatal(err)
	}
	ev := Event{Kind: "replace", UserID: "u0", Text: "<@u9> took over {1}'s seat."}
	dm := []OutboxItem{{Kind: "dm", Target: "u9", Payload: "{}"}}
	before := snap(t, s, g.ID)
	_, seatsBefore, _ := s.GameByID(ctx, g.ID)
	for _, tc := range []struct {
		name     string
		seat     int
		old, new string
		want     error
	}{
		{"newcomer already seated", 1, "u1", "u2", ErrSeatTaken},
		{"old user not at that seat", 1, "u2", "u9", ErrNotSeated},
		{"empty seat", 7, "u7", "u9", ErrNotSeated},
	} {
		if _, err := s.ReplaceSeat(ctx, g.ID, tc.seat, tc.old, tc.new, "Nine", ev, dm); !errors.Is(err, tc.want) {
			t.Errorf("%s: err = %v, want %v", tc.name, err, tc.want)
		}
	}
	if got := snap(t, s, g.ID); !reflect.DeepEqual(got, before) {
		t.Fatalf("refused replacements wrote: %+v, was %+v", got, before)
	}
	if _, seats, _ := s.GameByID(ctx, g.ID); !reflect.DeepEqual(seats, seatsBefore) || count(t, s, "game_events", "") != 0 {
		t.Fatalf("refused replacements changed the seats %+v or added events", seats)
	}
	items, err := s.ReplaceSeat(ctx, g.ID, 1, "u1", "u9", "Nine", ev, dm)
	if err != nil || len(items) != 1 || items[0].Target != "u9" {
		t.Fatalf("ReplaceSeat = %+v, %v", items, err)
	}
	row, seats, _ := s.GameByID(ctx, g.ID)
	if row.Version != 1 || string(row.State) != `{"v":1}` {
		t.Fatalf("the state changed: v%d %s", row.Version, row.State)
	}
	if seats[1].UserID != "u9" || seats[1].Name != "Nine" || seats[0].UserID != "u0" || seats[2].UserID != "u2" {
		t.Fatalf("seats = %+v", seats)
	}
	if row.CreatorID != "u0" {
		t.Fatalf("creator = %s, want u0 still (the replaced player did not create the game)", row.CreatorID)
	}
	// The creator's own seat: the newcomer becomes creator.
	if _, err := s.ReplaceSeat(ctx, g.ID, 0, "u0", "u8", "Eight", ev, nil); err != nil {
		t.Fatal(err)
	}
	if row, _, _ := s.GameByID(ctx, g.ID); row.CreatorID != "u8" {
		t.Fatalf("creator after replacing the creator = %s, want u8", row.CreatorID)
	}
	if got := movesText(t, s, g.ID); !reflect.DeepEqual(got, []string{"1:0:a:u0"}) {
		t.Fatalf("moves changed: %v", got)
	}
	if evs, _ := s.Events(ctx, g.ID); len(evs) != 2 || evs[0].Kind != "replace" || evs[0].Version != 1 {
		t.Fatalf("events = %+v", evs)
	}
	// The old player no longer holds the seat.
	if _, err := s.ReplaceSeat(ctx, g.ID, 1, "u1", "u7", "Seven", ev, nil); !errors.Is(err, ErrNotSeated) {
		t.Fatalf("second replacement of the old player: %v", err)
	}
}

func TestGamesOfAndLastFinished(t *testing.T) {
	ctx := context.Background()
	s, _ := openTest(t)
	a := playing(t, s, "c1", 2)
	b := lobby(t, s, "c2", 0, 2)
	c := playing(t, s, "c3", 3)
	if _, err := s.CommitMove(ctx, c.ID, 0, Move{Seat: 0, Move: "end", UserID: "u0"}, []byte(`{}`), 1, StatusFinished, nil); err != nil {
		t.Fatal(err)
	}
	got, err := s.GamesOf(ctx, "u1")
	if err != nil {
		t.Fatal(err)
	}
	var ids []int64
	for _, g := range got {
		ids = append(ids, g.ID)
		if len(g.Seats) < 2 {
			t.Errorf("game %d has seats %+v", g.ID, g.Seats)
		}
	}
	if want := []int64{a.ID, b.ID}; !reflect.DeepEqual(ids, want) {
		t.Fatalf("GamesOf(u1) = %v, want %v (the finished game left out)", ids, want)
	}
	if got, _ := s.GamesOf(ctx, "u2"); len(got) != 0 {
		t.Fatalf("GamesOf(u2) = %+v, want none (only in a finished game)", got)
	}
	if g, _, err := s.LastFinished(ctx, "c3"); err != nil || g.ID != c.ID {
		t.Fatalf("LastFinished(c3) = %d, %v", g.ID, err)
	}
	if _, _, err := s.LastFinished(ctx, "c1"); !errors.Is(err, ErrNoGame) {
		t.Fatalf("LastFinished(c1) = %v, want ErrNoGame", err)
	}
}
