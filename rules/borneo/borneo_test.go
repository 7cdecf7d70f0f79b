package borneo

import (
	"errors"
	"fmt"
	"testing"

	"spicebot/rules"
	"spicebot/rules/rulestest"
)

// setups covers every player count and both variants, four merchants with 3 players included.
var setups = []rulestest.Setup{
	{Players: 3},
	{Players: 4},
	{Players: 5},
	{Players: 3, Options: rules.Options{OptFourMerchants: true}},
	{Players: 3, Options: rules.Options{OptBlackbeard: true}},
	{Players: 4, Options: rules.Options{OptBlackbeard: true}},
	{Players: 5, Options: rules.Options{OptBlackbeard: true}},
	{Players: 3, Options: rules.Options{OptBlackbeard: true, OptFourMerchants: true}},
}

// TestRandomGames plays 360 random games to the end through the rulestest harness (45 per
// setup, the setups in parallel), checking the leak rule after every move.
func TestRandomGames(t *testing.T) {
	seeds := 45
	if testing.Short() {
		seeds = 6
	}
	for _, su := range setups {
		su := su
		t.Run(fmt.Sprintf("%dp-%v", su.Players, su.Options), func(t *testing.T) {
			t.Parallel()
			rulestest.Run(t, Game, rulestest.Config{Setups: []rulestest.Setup{su}, Seeds: seeds, MaxSteps: 5000, LeakEvery: 1})
		})
	}
}

func TestPlayoutsEnd(t *testing.T) {
	for i, su := range setups {
		st, err := Game.New(su.Players, su.Options, uint64(1000+i))
		if err != nil {
			t.Fatal(err)
		}
		rng := rules.NewRNG(uint64(i))
		recs, err := rules.Playout(st, &rng, 5000, nil)
		if err != nil {
			t.Fatalf("setup %d: %v", i, err)
		}
		if len(recs) < 50 {
			t.Errorf("setup %d: game over after only %d moves", i, len(recs))
		}
	}
}

func BenchmarkBorneoRandomGame(b *testing.B) {
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		st, err := Game.New(4, nil, uint64(i))
		if err != nil {
			b.Fatal(err)
		}
		rng := rules.NewRNG(uint64(i))
		if _, err := rules.Playout(st, &rng, 5000, nil); err != nil && !errors.Is(err, rules.ErrRunaway) {
			b.Fatal(err)
		}
	}
}
