package spicemerchant

import (
	"testing"

	"spicebot/rules"
	"spicebot/rules/rulestest"
)

func TestRandomGames(t *testing.T) {
	seeds := 1000 // 500 games with 3 players and 500 with 4
	if testing.Short() {
		seeds = 100
	}
	rulestest.Run(t, Game, rulestest.Config{
		Setups:    []rulestest.Setup{{Players: 3}, {Players: 4}},
		Seeds:     seeds,
		MaxSteps:  2000,
		LeakEvery: 1,
	})
}

// BenchmarkSpiceMerchantRandomGame plays one complete random 4-player game per iteration through
// rules.Playout (setup, every Legal and Apply, the round ends and the outcome). Goal: at least
// 20,000 games/s on one core (-cpu 1), that is at most 50 µs/op.
func BenchmarkSpiceMerchantRandomGame(b *testing.B) {
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		st, err := Game.New(4, nil, uint64(i))
		if err != nil {
			b.Fatal(err)
		}
		rng := rules.NewRNG(uint64(i) ^ 0xbe)
		if _, err := rules.Playout(st, &rng, 2000, nil); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkLegalTurn lists the legal moves of the seat to play in a mid-round position.
func BenchmarkLegalTurn(b *testing.B) {
	st, _ := Game.New(4, nil, 3)
	s := st.(*State)
	rng := rules.NewRNG(3)
	for s.Phase != PhaseTurns || s.Round != 2 || len(s.Legal(s.Turn)) < 20 {
		if _, err := rules.RandomStep(s, &rng); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s.Legal(s.Turn)
	}
}
