package games

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"spicebot/render/rendertest"
	"spicebot/rules"
	"spicebot/rules/rulestest"
)

// missingID is the mark of a message id missing from every catalogue ("[borneo.x]").
var missingID = regexp.MustCompile(`\[[a-z][a-z0-9-]*(\.[a-z0-9_-]+)+\]`)

// TestImageWordsInFrench draws, for every game, the board and every hand in French at the start
// of random games, every few moves and at the end, and reads every text drawn: no message markup
// or missing message, and no English word (rulestest.EnglishIn) — the image half of issue 26's
// scan; package commands' TestNoMarkupInAWholeGame reads the replies, DMs and boards.
func TestImageWordsInFrench(t *testing.T) {
	r, err := Renderer()
	if err != nil {
		t.Fatal(err)
	}
	texts := rendertest.Trace(r)
	defer r.TraceText(nil)
	fr := r.In("fr")
	names := []string{"Amélie", "Bruno", "Chloé", "Denis", "Étienne"}
	stride, steps := 15, 600
	if testing.Short() {
		stride, steps = 40, 200
	}
	for _, g := range List() {
		lo, hi := g.Rules.Players()
		for _, n := range []int{lo, hi} {
			st, err := g.Rules.New(n, rules.Options{}, uint64(n))
			if err != nil {
				t.Fatal(err)
			}
			rng := rules.NewRNG(uint64(n) + 11)
			check := func(step int) {
				where := fmt.Sprintf("%s %dp move %d", g.Rules.ID(), n, step)
				if _, err := fr.Board(st.View(rules.Observer), names[:n]); err != nil {
					t.Fatalf("%s board: %v", where, err)
				}
				for s := 0; s < n; s++ {
					if _, err := fr.Hand(st.View(rules.Seat(s)), names[:n]); err != nil {
						t.Fatalf("%s hand %d: %v", where, s, err)
					}
				}
				for _, d := range texts.Take() {
					if strings.Contains(d.Text, rules.MsgOpen) || strings.Contains(d.Text, rules.MsgClose) || missingID.MatchString(d.Text) {
						t.Errorf("%s: %q is not translated", where, d.Text)
					}
					if en := rulestest.EnglishIn(d.Text); len(en) > 0 {
						t.Errorf("%s: %q holds English (%v)", where, d.Text, en)
					}
				}
				if t.Failed() {
					t.FailNow()
				}
			}
			check(0)
			for step := 1; step <= steps; step++ {
				if _, over := st.Outcome(); over {
					break
				}
				if _, err := rules.RandomStep(st, &rng); err != nil {
					t.Fatal(err)
				}
				if step%stride == 0 {
					check(step)
				}
			}
			check(steps)
		}
	}
}
