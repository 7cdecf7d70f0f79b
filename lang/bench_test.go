package lang

import (
	"testing"

	"spicebot/rules"
	"spicebot/rules/borneo"
)

// BenchmarkExpandLog reads a whole Borneo game's public log in French, as /game history or a
// board caption does (the cost of making text at the edge).
func BenchmarkExpandLog(b *testing.B) {
	st, err := borneo.Game.New(4, nil, 3)
	if err != nil {
		b.Fatal(err)
	}
	rng := rules.NewRNG(9)
	for range 150 {
		if _, over := st.Outcome(); over {
			break
		}
		if _, err := rules.RandomStep(st, &rng); err != nil {
			b.Fatal(err)
		}
	}
	log := st.Log(rules.Observer)
	fr := MustNew(borneo.Game).For("fr")
	seat := func(s rules.Seat) string { return "Ann" }
	b.ResetTimer()
	for b.Loop() {
		for _, e := range log {
			fr.Expand(e.Text, seat, borneo.Game.Term)
		}
	}
	b.ReportMetric(float64(len(log)), "lines")
}
