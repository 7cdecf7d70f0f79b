package rulestest_test

import (
	"testing"

	"spicebot/games"
	"spicebot/rules/rulestest"
)

// TestNewRefusesEveryGame: every registered game's New returns an error, never a panic or a
// state, for a table of 0 players and the other sizes it does not take (issue 24: Borneo, Spice
// Merchant and Batavia panicked on 0).
func TestNewRefusesEveryGame(t *testing.T) {
	all := games.Registry().All()
	if len(all) < 4 {
		t.Fatalf("%d games registered", len(all))
	}
	for _, g := range all {
		if err := rulestest.CheckNewRefuses(g); err != nil {
			t.Errorf("%s: %v", g.ID(), err)
		}
	}
}
