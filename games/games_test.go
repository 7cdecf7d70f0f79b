package games

import (
	"testing"

	"spicebot/rules"
)

// Every listed game is registered once, and the renderer draws its board from the observer's
// view and each seat's hand, at its smallest and largest player counts.
func TestEveryGameRegistersAndDraws(t *testing.T) {
	reg := Registry()
	r, err := Renderer()
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range List() {
		if _, ok := reg.Get(g.Rules.ID()); !ok {
			t.Errorf("%s: not in the registry", g.Rules.ID())
		}
		lo, hi := g.Rules.Players()
		for _, n := range []int{lo, hi} {
			st, err := g.Rules.New(n, rules.Options{}, 1)
			if err != nil {
				t.Fatalf("%s with %d players: %v", g.Rules.ID(), n, err)
			}
			if !g.Draw.Owns(st.View(rules.Observer)) {
				t.Errorf("%s: its drawer does not own its views (%T)", g.Rules.ID(), st.View(rules.Observer))
			}
			if _, err := r.Board(st.View(rules.Observer), nil); err != nil {
				t.Errorf("%s board: %v", g.Rules.ID(), err)
			}
			for s := 0; s < n; s++ {
				if _, err := r.Hand(st.View(rules.Seat(s)), nil); err != nil {
					t.Errorf("%s hand of seat %d: %v", g.Rules.ID(), s, err)
				}
			}
		}
	}
	if len(reg.All()) != len(List()) {
		t.Errorf("%d games registered, %d listed", len(reg.All()), len(List()))
	}
}
