package spicemerchant

import (
	"encoding/json"
	"testing"

	"spicebot/rules"
)

// Nobody knows the order of the deck: states that differ only in it determinize alike for every
// viewer and seed (Determinize never reads the hidden order).
func TestDeterminizeIgnoresHiddenOrder(t *testing.T) {
	for seed := uint64(1); seed <= 8; seed++ {
		st, err := Game.New(3+int(seed%2), nil, seed)
		if err != nil {
			t.Fatal(err)
		}
		rng := rules.NewRNG(seed)
		for steps := 0; steps < 15+int(seed); steps++ {
			if _, err := rules.RandomStep(st, &rng); err != nil {
				t.Fatal(err)
			}
		}
		s := st.(*State)
		p := s.clone()
		rng.ShuffleInts(p.Deck)
		for v := rules.Observer; int(v) < s.Players(); v++ {
			a, _ := json.Marshal(s.Determinize(v, 7))
			b, _ := json.Marshal(p.Determinize(v, 7))
			if string(a) != string(b) {
				t.Fatalf("seed %d viewer %d: the deck order changes Determinize", seed, v)
			}
		}
	}
}
