package spicemerchant

import (
	"strings"
	"testing"

	"spicebot/rules"
)

// TestLastMoveAtARoundStart: when a move ends a round, the board's "last move" is the line that
// begins the next round, not the move's own line about markets emptied since (issue 26, item 2).
func TestLastMoveAtARoundStart(t *testing.T) {
	starts := 0
	for seed := uint64(1); seed <= 20; seed++ {
		st, err := Game.New(3, nil, seed)
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		rng := rules.NewRNG(seed)
		round := s.Round
		for steps := 0; steps < 400; steps++ {
			if _, over := s.Outcome(); over {
				break
			}
			if _, err := rules.RandomStep(s, &rng); err != nil {
				t.Fatal(err)
			}
			if s.Round == round || s.Phase != PhaseRegister {
				continue
			}
			round = s.Round
			starts++
			last := en(s.View(rules.Observer).(View).LastMove)
			if !strings.Contains(last, "begins") || strings.Contains(last, "market") {
				t.Fatalf("seed %d: at the start of round %d the last move reads %q", seed, s.Round, last)
			}
		}
	}
	if starts == 0 {
		t.Fatal("no round started")
	}
}
