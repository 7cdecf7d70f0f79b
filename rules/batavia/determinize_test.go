package batavia

import (
	"encoding/json"
	"testing"

	"spicebot/rules"
)

// Nobody knows the order of the stack nor the commodity under a face-down counter: states that
// differ only in these determinize alike for every viewer and seed.
func TestDeterminizeIgnoresHiddenOrder(t *testing.T) {
	for seed := uint64(1); seed <= 8; seed++ {
		st, err := Game.New(3+int(seed%3), nil, seed)
		if err != nil {
			t.Fatal(err)
		}
		rng := rules.NewRNG(seed)
		for steps := 0; steps < 10*int(seed); steps++ {
			if _, err := rules.RandomStep(st, &rng); err != nil {
				t.Fatal(err)
			}
		}
		s := st.(*State)
		p := s.clone()
		p.HandAtStart = s.HandAtStart
		rng.Shuffle(len(p.Stack), func(i, j int) { p.Stack[i], p.Stack[j] = p.Stack[j], p.Stack[i] })
		for i := p.FaceUp; i < NumHexes; i++ { // swap face-down counters of one company
			for j := i + 1; j < NumHexes; j++ {
				if p.Track[i] >= 0 && p.Track[j] >= 0 && p.Track[i].Company() == p.Track[j].Company() && rng.Intn(2) == 0 {
					p.Track[i], p.Track[j] = p.Track[j], p.Track[i]
				}
			}
		}
		for v := rules.Observer; int(v) < s.Players(); v++ {
			a, _ := json.Marshal(s.Determinize(v, 7))
			b, _ := json.Marshal(p.Determinize(v, 7))
			if string(a) != string(b) {
				t.Fatalf("seed %d viewer %d: the hidden order changes Determinize", seed, v)
			}
		}
	}
}
