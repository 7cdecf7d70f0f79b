package borneo

import (
	"testing"

	"spicebot/rules"
)

func TestStats(t *testing.T) {
	for i, su := range setups {
		total, maxn := 0, 0
		kinds := map[Kind]int{}
		for seed := uint64(1); seed <= 50; seed++ {
			st, _ := Game.New(su.Players, su.Options, seed)
			rng := rules.NewRNG(seed)
			recs, err := rules.Playout(st, &rng, 5000, nil)
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range recs {
				m, _ := parseMove(r.Move)
				kinds[m.Kind]++
			}
			total += len(recs)
			maxn = max(maxn, len(recs))
		}
		t.Logf("setup %d: avg %d max %d kinds %v", i, total/50, maxn, kinds)
	}
}
