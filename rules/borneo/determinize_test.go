package borneo

import (
	"encoding/json"
	"testing"

	"spicebot/rules"
)

// An attacker who has played no card yet is known to hold a card showing the company's flag (a
// fight is offered only then): in every determinization for another viewer it has a card to
// play.
func TestDeterminizeKeepsTheAttackersFlag(t *testing.T) {
	fights := 0
	for seed := uint64(1); seed <= 30 && fights < 20; seed++ {
		st, err := Game.New(3+int(seed%3), nil, seed)
		if err != nil {
			t.Fatal(err)
		}
		rng := rules.NewRNG(seed)
		for steps := 0; steps < 2000; steps++ {
			if _, over := st.Outcome(); over {
				break
			}
			s := st.(*State)
			if s.Phase == PhaseFight && len(s.Fight.AttackCards) == 0 {
				fights++
				for v := rules.Observer; int(v) < s.Players(); v++ {
					for ds := uint64(0); ds < 20; ds++ {
						d := s.Determinize(v, ds)
						if len(d.Legal(s.Fight.Attacker)) == 0 {
							t.Fatalf("seed %d: Determinize(%d, %d): the attacker has no card to play", seed, v, ds)
						}
					}
				}
			}
			if _, err := rules.RandomStep(st, &rng); err != nil {
				t.Fatal(err)
			}
		}
	}
	if fights == 0 {
		t.Fatal("no fight was declared")
	}
}

// Nobody knows the order of the decks: states that differ only in it determinize alike, for every
// viewer and seed (Determinize never reads the hidden order).
func TestDeterminizeIgnoresDeckOrder(t *testing.T) {
	for seed := uint64(1); seed <= 6; seed++ {
		st, err := Game.New(3+int(seed%3), nil, seed)
		if err != nil {
			t.Fatal(err)
		}
		rng := rules.NewRNG(seed)
		for steps := 0; steps < 60; steps++ {
			if _, err := rules.RandomStep(st, &rng); err != nil {
				t.Fatal(err)
			}
		}
		s := st.(*State)
		p := s.clone()
		rng.ShuffleInts(p.Deck)
		rng.ShuffleInts(p.HarbourDeck)
		for v := rules.Observer; int(v) < s.Players(); v++ {
			a, _ := json.Marshal(s.Determinize(v, 7))
			b, _ := json.Marshal(p.Determinize(v, 7))
			if string(a) != string(b) {
				t.Fatalf("seed %d viewer %d: the deck order changes Determinize", seed, v)
			}
		}
	}
}
