package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"spicebot/commands"
	"spicebot/data"
	"spicebot/games"
	"spicebot/rules"
	"spicebot/rules/dei"
)

// policies are the players of the games that random moves do not bring to an end in a test's
// time (Dutch East Indies: ships drift); other games are played with random moves.
var policies = map[string]func(rules.State, *rules.RNG) (rules.Seat, rules.Move){
	"dutch-east-indies": dei.Policy,
}

// finishedGame stores a complete random game of g (players seats, seed) in store as a finished
// game of channel, played by users u0, u1 …, and returns its final state.
func finishedGame(t *testing.T, store *data.Store, g rules.Game, players int, seed uint64, channel string) rules.State {
	t.Helper()
	ctx := context.Background()
	st, err := g.New(players, nil, seed)
	if err != nil {
		t.Fatal(err)
	}
	initial, _ := rules.Marshal(st)
	rng := rules.NewRNG(seed ^ 0x5eed)
	var recs []rules.Record
	for steps := 0; ; steps++ {
		if _, over := st.Outcome(); over {
			break
		}
		if steps == 50000 {
			t.Fatalf("%s: the game did not end in %d moves", g.ID(), steps)
		}
		var (
			seat rules.Seat
			m    rules.Move
		)
		if p := policies[g.ID()]; p != nil {
			seat, m = p(st, &rng)
		} else {
			r, err := rules.RandomStep(st, &rng)
			if err != nil {
				t.Fatal(err)
			}
			recs = append(recs, r)
			continue
		}
		if err := st.Apply(seat, m); err != nil {
			t.Fatal(err)
		}
		recs = append(recs, rules.Record{Seat: seat, Move: m.String()})
	}
	row, err := store.CreateLobby(ctx, data.Game{GuildID: "g", ChannelID: channel, Game: g.ID(), Seed: seed}, data.Seat{UserID: "u0", Name: "Ann"})
	if err != nil {
		t.Fatal(err)
	}
	order := []string{"u0"}
	for i := 1; i < players; i++ {
		u := fmt.Sprintf("u%d", i)
		if err := store.Join(ctx, row.ID, data.Seat{UserID: u, Name: fmt.Sprintf("Player %d", i+1)}); err != nil {
			t.Fatal(err)
		}
		order = append(order, u)
	}
	if err := store.Start(ctx, row.ID, order, seed, initial, 0); err != nil {
		t.Fatal(err)
	}
	ms := make([]data.Move, len(recs))
	for i, r := range recs {
		ms[i] = data.Move{Seat: int(r.Seat), Move: r.Move, UserID: order[r.Seat]}
	}
	final, _ := rules.Marshal(st)
	if _, err := store.CommitMoves(ctx, row.ID, 0, ms, final, len(ms), data.StatusFinished, nil); err != nil {
		t.Fatal(err)
	}
	return st
}

// TestReplayExport: for every game, a finished game exported with /game export replays with
// `spicebot sim --replay FILE` to the same final state and prints the outcome; a tampered file
// fails with exit code 1.
func TestReplayExport(t *testing.T) {
	ctx := context.Background()
	store, err := data.Open(ctx, filepath.Join(t.TempDir(), "db"))
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	reg := games.Registry()
	svc := commands.New(store, reg, nil)
	dir := t.TempDir()
	for _, g := range reg.All() {
		lo, _ := g.Players()
		st := finishedGame(t, store, g, lo, 21, "c-"+g.ID())
		r, err := svc.Handle(ctx, commands.Request{Kind: commands.KindCommand, GuildID: "g", ChannelID: "c-" + g.ID(),
			UserID: "u0", UserName: "Ann", Command: "game", Sub: "export", Options: map[string]any{}})
		if err != nil || r.File == nil {
			t.Fatalf("%s: export = %q, %v", g.ID(), r.Content, err)
		}
		path := filepath.Join(dir, r.File.Name)
		if err := os.WriteFile(path, r.File.Data, 0o644); err != nil {
			t.Fatal(err)
		}
		code, out, stderr := runMain(t, "sim", "--replay", path)
		if code != 0 || !strings.Contains(out, "final state matches the export") {
			t.Fatalf("%s: sim --replay exit %d:\n%s%s", g.ID(), code, out, stderr)
		}
		want, _ := commands.StateHash(st)
		if !strings.Contains(out, want[:16]) {
			t.Fatalf("%s: the replayed state's hash is not the game's (%s):\n%s", g.ID(), want[:16], out)
		}
		o, _ := st.Outcome()
		if !strings.Contains(out, fmt.Sprintf("Ann: %d", o.Scores[0])) {
			t.Fatalf("%s: outcome not printed:\n%s", g.ID(), out)
		}

		// Tampered: the last move dropped.
		var e map[string]any
		_ = json.Unmarshal(r.File.Data, &e)
		moves := e["moves"].([]any)
		e["moves"] = moves[:len(moves)-1]
		b, _ := json.Marshal(e)
		bad := filepath.Join(dir, "bad-"+r.File.Name)
		_ = os.WriteFile(bad, b, 0o644)
		if code, _, stderr := runMain(t, "sim", "--replay", bad); code != 1 || !strings.Contains(stderr, "final") {
			t.Fatalf("%s: a truncated export: exit %d, %s", g.ID(), code, stderr)
		}
	}
	if code, _, stderr := runMain(t, "sim", "--replay", filepath.Join(dir, "missing.json")); code != 1 || stderr == "" {
		t.Fatalf("a missing file: exit %d", code)
	}
}
