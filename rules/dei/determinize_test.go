package dei

import (
	"encoding/json"
	"testing"

	"spicebot/rules"
)

// Nobody knows the order of an island's pile below a top card someone saw: states that differ
// only in it determinize alike for every viewer and seed.
func TestDeterminizeIgnoresPileOrder(t *testing.T) {
	for seed := uint64(1); seed <= 4; seed++ {
		st, err := Game.New(2+int(seed%3), nil, seed)
		if err != nil {
			t.Fatal(err)
		}
		rng := rules.NewRNG(seed)
		for steps := 0; steps < 100*int(seed); steps++ {
			if _, over := st.Outcome(); over {
				break
			}
			seat, m := Policy(st, &rng)
			if err := st.Apply(seat, m); err != nil {
				t.Fatal(err)
			}
		}
		s := st.(*State)
		p := s.clone()
		for _, pile := range p.Piles {
			if n := len(pile) - 1; n > 1 {
				rng.ShuffleInts(pile[:n]) // keep the top card, which someone may know
			}
		}
		for v := rules.Observer; int(v) < s.Players(); v++ {
			a, _ := json.Marshal(s.Determinize(v, 7))
			b, _ := json.Marshal(p.Determinize(v, 7))
			if string(a) != string(b) {
				t.Fatalf("seed %d viewer %d: the pile order changes Determinize", seed, v)
			}
		}
	}
}
