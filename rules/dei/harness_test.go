package dei

import (
	"fmt"
	"testing"

	"spicebot/rules"
	"spicebot/rules/rulestest"
)

// TestRandomGames plays 275 games to the end through the rulestest harness: 200 with 2 players,
// 60 with 3 and 15 with 4 (the longest: some 2,500 moves), in parallel. Uniformly random play
// cannot finish a race (ships drift and the economy dries up), so the moves come from Policy: one
// in ten is a uniformly random legal move, the rest a greedy player that trades and sails home.
// The JSON round trip runs every 10 moves and at the end, the leak check and the undo check every
// 5, and the determinization check every 100 moves: a game is long and its state (with the log)
// grows with every move. With -short it plays one game per player count: seed 1, and for 4
// players seed 7, a game of about 660 moves (seed 1's lasts 2,576).
func TestRandomGames(t *testing.T) {
	for _, c := range []struct {
		players, seeds int
		short          uint64
	}{{2, 200, 1}, {3, 60, 1}, {4, 15, 7}} {
		c := c
		t.Run(fmt.Sprintf("%dp", c.players), func(t *testing.T) {
			t.Parallel()
			cfg := rulestest.Config{
				Setups: []rulestest.Setup{{Players: c.players}}, Seeds: c.seeds, MaxSteps: 40000, LeakEvery: 5, Policy: Policy, RoundTripEvery: 10,
				UndoEvery: 5, DeterminizeEvery: 100, PositionIgnore: []string{"made", "destroyed"},
			}
			if testing.Short() {
				if err := rulestest.PlayOneWith(Game, cfg.Setups[0], c.short, cfg); err != nil {
					t.Fatalf("%d players seed %d: %v", c.players, c.short, err)
				}
				return
			}
			rulestest.Run(t, Game, cfg)
		})
	}
}

// BenchmarkDEIRandomGame plays one complete 3-player game per iteration with Policy (setup,
// every Legal and Apply to the win).
func BenchmarkDEIRandomGame(b *testing.B) {
	b.ReportAllocs()
	moves := 0
	for i := 0; i < b.N; i++ {
		st, err := Game.New(3, nil, uint64(i))
		if err != nil {
			b.Fatal(err)
		}
		rng := rules.NewRNG(uint64(i) ^ 0xd1)
		for {
			if _, over := st.Outcome(); over {
				break
			}
			seat, m := Policy(st, &rng)
			if m == nil {
				b.Fatal("dead end")
			}
			if err := st.Apply(seat, m); err != nil {
				b.Fatal(err)
			}
			moves++
		}
	}
	b.ReportMetric(float64(moves)/float64(b.N), "moves/game")
}
