package commands

import (
	"context"
	"encoding/json"
	"path/filepath"
	"slices"
	"testing"

	"spicebot/data"
	"spicebot/games"
	"spicebot/rules"
)

// TestNotificationRules plays real games through the service with /play and checks the DMs each
// move queues: never one to the player who moved, at most one per player, one for every other
// player whose private information changed, and a "your move" only for a player who must act now
// and did not have to before. It logs the DMs per player.
func TestNotificationRules(t *testing.T) {
	for _, tc := range []struct {
		game    string
		players int
	}{{"borneo", 4}, {"spice-merchant", 3}} {
		t.Run(tc.game, func(t *testing.T) {
			ctx := context.Background()
			store, err := data.Open(ctx, filepath.Join(t.TempDir(), "db"))
			if err != nil {
				t.Fatal(err)
			}
			defer store.Close()
			reg := games.Registry()
			svc := New(store, reg, nil)
			users := []string{"u0", "u1", "u2", "u3"}[:tc.players]
			call(t, svc, as(users[0], newGame(tc.game, nil)))
			for _, u := range users[1:] {
				call(t, svc, Request{Command: "game", Sub: "join", UserID: u})
			}
			call(t, svc, Request{Command: "game", Sub: "start", UserID: users[0]})
			g, _ := reg.Get(tc.game)
			rng := rules.NewRNG(5)
			drain := func() []data.OutboxItem {
				items, _ := store.PendingOutbox(ctx, 0)
				for _, it := range items {
					store.MarkSent(ctx, it.ID)
				}
				return items
			}
			drain()
			perUser := map[string]int{}
			maxMoves := 2000
			if testing.Short() {
				maxMoves = 300
			}
			for i := 0; i < maxMoves; i++ {
				row, seats, err := store.Current(ctx, "c1")
				if err != nil {
					break // over
				}
				st, _ := g.Load(row.State)
				before := TakeBefore(st)
				var movers []rules.Seat
				for _, s := range st.Active() {
					if len(st.Legal(s)) > 0 {
						movers = append(movers, s)
					}
				}
				seat := movers[rng.Intn(len(movers))]
				legal := st.Legal(seat)
				m := legal[rng.Intn(len(legal))]
				actor := seatUser(seats, int(seat))
				call(t, svc, Request{Command: "play", UserID: actor, Options: map[string]any{"move": m.String()}})
				row, _, _ = store.GameByID(ctx, row.ID)
				after, _ := g.Load(row.State)
				if after.Version() == st.Version() {
					t.Fatalf("move %q was not played", m)
				}
				_, over := after.Outcome()
				got := map[string]dmPayload{}
				for _, it := range drain() {
					if it.Kind != KindDM {
						continue
					}
					var p dmPayload
					if err := json.Unmarshal([]byte(it.Payload), &p); err != nil {
						t.Fatal(err)
					}
					if _, dup := got[it.Target]; dup {
						t.Fatalf("move %d: two DMs to %s", i, it.Target)
					}
					got[it.Target] = p
					perUser[it.Target]++
					switch {
					case it.Target == actor || p.Seat == seat:
						t.Fatalf("move %d %q: DM to the player who moved", i, m)
					case len(before.active) > 1 && p.By != unnamedSeat:
						t.Fatalf("move %d: DM names seat %d as the mover of a move made while several seats could act", i, p.By)
					case len(before.active) == 1 && p.By != seat:
						t.Fatalf("move %d: DM says it was caused by seat %d, not %d", i, p.By, seat)
					case p.Turn && slices.Contains(before.active, p.Seat):
						t.Fatalf("move %d: a 'your move' DM to seat %d, who was already to act", i, p.Seat)
					case over:
						t.Fatalf("move %d: a DM after the game ended (the results ping everyone)", i)
					}
				}
				if over {
					continue
				}
				for s := 0; s < after.Players(); s++ {
					if rules.Seat(s) == seat {
						continue
					}
					p, ok := got[seatUser(seats, s)]
					changed := after.Private(rules.Seat(s)) != before.private[s] && after.Private(rules.Seat(s)) != ""
					if changed && (!ok || !p.Hand) {
						t.Fatalf("move %d %q: seat %d's private information changed and no DM says so", i, m, s)
					}
					if !changed && ok && p.Hand {
						t.Fatalf("move %d: a hand DM to seat %d whose hand did not change", i, s)
					}
				}
			}
			t.Logf("%s, %d players: DMs per player %v", tc.game, tc.players, perUser)
		})
	}
}

// BenchmarkDirectMessage measures building one DM of a 4-player Borneo game at its start (the
// setting read, the game loaded from the store, the text and the hand view), what the bot does
// before each DM.
func BenchmarkDirectMessage(b *testing.B) {
	ctx := context.Background()
	store, err := data.Open(ctx, filepath.Join(b.TempDir(), "db"))
	if err != nil {
		b.Fatal(err)
	}
	defer store.Close()
	svc := New(store, games.Registry(), nil)
	for _, u := range []string{"u0", "u1", "u2", "u3"} {
		req := Request{Kind: KindCommand, ChannelID: "c1", GuildID: "g", UserID: u, UserName: u, Command: "game", Sub: "join"}
		if u == "u0" {
			req.Group, req.Sub = "new", "borneo"
		}
		if _, err := svc.Handle(ctx, req); err != nil {
			b.Fatal(err)
		}
	}
	if _, err := svc.Handle(ctx, Request{Kind: KindCommand, ChannelID: "c1", UserID: "u0", Command: "game", Sub: "start"}); err != nil {
		b.Fatal(err)
	}
	items, _ := store.PendingOutbox(ctx, 0)
	var dm data.OutboxItem
	for _, it := range items {
		if it.Kind == KindDM {
			dm = it
		}
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, ok, err := svc.DirectMessage(ctx, dm); err != nil || !ok {
			b.Fatal(ok, err)
		}
	}
}
