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

// BenchmarkSpiceMerchantRandomGame plays one complete random 4-player game per iteration.
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
