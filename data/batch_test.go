package data

import (
	"context"
	"errors"
	"reflect"
	"testing"
)

// TestCommitMoves stores a batch of moves (the cards of one multi-select) in one transaction: one
// row per move with consecutive sequence numbers, the state after the last move, the outbox once.
func TestCommitMoves(t *testing.T) {
	ctx := context.Background()
	s, _ := openTest(t)
	g := playing(t, s, "c1", 2)
	if _, err := s.CommitMove(ctx, g.ID, 0, Move{Seat: 0, Move: "mission M02 pepper", UserID: "u0"}, []byte(`{"v":1}`), 1, StatusPlaying, nil); err != nil {
		t.Fatal(err)
	}
	batch := []Move{{Seat: 0, Move: "pay S12", UserID: "u0"}, {Seat: 0, Move: "pay S13", UserID: "u0"}, {Seat: 0, Move: "pay H03", UserID: "u0"}}
	items, err := s.CommitMoves(ctx, g.ID, 1, batch, []byte(`{"v":4}`), 4, StatusPlaying,
		[]OutboxItem{{Kind: "board", Target: "c1", Payload: `{}`}})
	if err != nil {
		t.Fatalf("CommitMoves: %v", err)
	}
	if len(items) != 1 {
		t.Fatalf("queued %d items, want one board", len(items))
	}
	moves, err := s.Moves(ctx, g.ID)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for i, m := range moves {
		if m.Seq != i+1 {
			t.Errorf("move %d has seq %d", i, m.Seq)
		}
		got = append(got, m.Move)
	}
	if want := []string{"mission M02 pepper", "pay S12", "pay S13", "pay H03"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("moves = %q, want %q", got, want)
	}
	cur, _, _ := s.Current(ctx, "c1")
	if cur.Version != 4 || string(cur.State) != `{"v":4}` {
		t.Fatalf("game after the batch: version %d state %s", cur.Version, cur.State)
	}
	if !batch[0].At.IsZero() {
		t.Errorf("CommitMoves changed the caller's moves")
	}

	// Refusals write nothing: a wrong version count, an empty batch, a bad seat in the middle, a stale writer.
	before := snap(t, s, g.ID)
	for name, call := range map[string]func() error{
		"count": func() error {
			_, err := s.CommitMoves(ctx, g.ID, 4, batch, []byte(`{}`), 6, StatusPlaying, nil)
			return err
		},
		"empty": func() error {
			_, err := s.CommitMoves(ctx, g.ID, 4, nil, []byte(`{}`), 4, StatusPlaying, nil)
			return err
		},
		"bad seat": func() error {
			_, err := s.CommitMoves(ctx, g.ID, 4, []Move{{Seat: 0, Move: "a"}, {Seat: 7, Move: "b"}}, []byte(`{}`), 6, StatusPlaying,
				[]OutboxItem{{Kind: "board", Target: "c1", Payload: `{}`}})
			return err
		},
		"stale": func() error {
			_, err := s.CommitMoves(ctx, g.ID, 3, batch[:1], []byte(`{}`), 4, StatusPlaying, nil)
			if !errors.Is(err, ErrStale) {
				t.Errorf("stale batch: %v, want ErrStale", err)
			}
			return err
		},
	} {
		if err := call(); err == nil {
			t.Errorf("%s: accepted", name)
		}
		if after := snap(t, s, g.ID); !reflect.DeepEqual(after, before) {
			t.Fatalf("%s: a refused batch wrote something", name)
		}
	}
}
