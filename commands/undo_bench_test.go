package commands

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"spicebot/data"
	"spicebot/games"
	"spicebot/rules"
)

// BenchmarkUndo measures one move and its undo through the service (the /play commit, then the
// Undo button: replay of the whole log without the move, the check of the move, the undo
// transaction) in a Borneo game 100 moves in. ns/op is one move plus one undo.
func BenchmarkUndo(b *testing.B) {
	reg := games.Registry()
	st := startTable(b, reg, "borneo", 3)
	rng := rules.NewRNG(17)
	// Play on until 100 moves are stored and the seat to act has an undoable move.
	var (
		seat rules.Seat
		move string
	)
	for {
		row, _, s := st.current()
		if row.Status != data.StatusPlaying {
			b.Fatal("the game ended first")
		}
		if s.Version() >= 100 {
			if seat, move = undoableMove(b, reg, s); move != "" {
				break
			}
		}
		st.randomMove(&rng)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		r := st.play(int(seat), move)
		u, ok := undoButton(r)
		if !ok {
			b.Fatalf("no Undo after %q", move)
		}
		if r := st.press(st.users[seat], u.CustomID); !strings.Contains(r.Content, "You took back") {
			b.Fatalf("undo: %q", r.Content)
		}
	}
}

// undoableMove returns a seat that may act in s and a move of it that leaves the game undoable,
// or "".
func undoableMove(b *testing.B, reg *rules.Registry, s rules.State) (rules.Seat, string) {
	g, _ := reg.Get("borneo")
	for _, seat := range s.Active() {
		for _, m := range s.Legal(seat) {
			cp, err := copyState(g, s)
			if err != nil {
				b.Fatal(err)
			}
			if cp.Apply(seat, m) == nil && cp.Undoable() {
				if _, over := cp.Outcome(); !over {
					return seat, m.String()
				}
			}
		}
	}
	return 0, ""
}

// BenchmarkMyGames measures /mygames for a player in 30 games being played (Borneo, 3 players,
// 20 moves each) in 30 channels.
func BenchmarkMyGames(b *testing.B) {
	ctx := context.Background()
	store, err := data.Open(ctx, filepath.Join(b.TempDir(), "db"))
	if err != nil {
		b.Fatal(err)
	}
	defer store.Close()
	reg := games.Registry()
	svc := New(store, reg, nil)
	g, _ := reg.Get("borneo")
	for c := 0; c < 30; c++ {
		ch := fmt.Sprintf("c%d", c)
		row, err := store.CreateLobby(ctx, data.Game{GuildID: "g", ChannelID: ch, Game: "borneo", Seed: uint64(c)}, data.Seat{UserID: "u1", Name: "Ann"})
		if err != nil {
			b.Fatal(err)
		}
		for _, u := range []string{"u2", "u3"} {
			if err := store.Join(ctx, row.ID, data.Seat{UserID: u, Name: u}); err != nil {
				b.Fatal(err)
			}
		}
		st, _ := g.New(3, nil, uint64(c))
		initial, _ := rules.Marshal(st)
		if err := store.Start(ctx, row.ID, []string{"u1", "u2", "u3"}, uint64(c), initial, 0); err != nil {
			b.Fatal(err)
		}
		rng := rules.NewRNG(uint64(c))
		var ms []data.Move
		for i := 0; i < 20; i++ {
			r, err := rules.RandomStep(st, &rng)
			if err != nil {
				b.Fatal(err)
			}
			ms = append(ms, data.Move{Seat: int(r.Seat), Move: r.Move, UserID: []string{"u1", "u2", "u3"}[r.Seat]})
		}
		state, _ := rules.Marshal(st)
		if _, err := store.CommitMoves(ctx, row.ID, 0, ms, state, 20, data.StatusPlaying, nil); err != nil {
			b.Fatal(err)
		}
	}
	req := Request{Kind: KindCommand, GuildID: "g", ChannelID: "c0", UserID: "u1", UserName: "Ann", Command: "mygames", Options: map[string]any{}}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		r, err := svc.Handle(ctx, req)
		if err != nil || !strings.Contains(r.Content, "Borneo") {
			b.Fatalf("/mygames: %q, %v", r.Content, err)
		}
	}
}
