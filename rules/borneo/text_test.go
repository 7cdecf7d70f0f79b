package borneo

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"spicebot/rules"
)

// idPattern is an internal component id as a whole word: S12, H03, M07.
var idPattern = regexp.MustCompile(`\b[SHM][0-9]{2}\b`)

// refPattern is a component reference (rules.Ref).
var refPattern = regexp.MustCompile(`\[\[([^\]]*)\]\]`)

// checkText checks one text a player may read: ids appear only inside references, every
// reference has words (Game.Term), and once expanded no id is left.
func checkText(where, text string) error {
	for _, m := range refPattern.FindAllStringSubmatch(text, -1) {
		if Game.Term(m[1]) == "" {
			return fmt.Errorf("%s: reference %q has no words: %q", where, m[1], text)
		}
	}
	if id := idPattern.FindString(refPattern.ReplaceAllString(text, "")); id != "" {
		return fmt.Errorf("%s: bare id %s outside a reference: %q", where, id, text)
	}
	if id := idPattern.FindString(enWords(text)); id != "" {
		return fmt.Errorf("%s: id %s after expansion: %q", where, id, text)
	}
	return nil
}

// checkTexts checks every text of the state a player may read: the log of every viewer, the
// status, each seat's private text, every legal move's label, prompts and options, the reason
// given for a few illegal moves, and the outcome.
func checkTexts(s *State, logFrom map[rules.Seat]int) error {
	for v := rules.Observer; int(v) < len(s.Seats); v++ {
		log := s.Log(v)
		for _, e := range log[logFrom[v]:] {
			if err := checkText(fmt.Sprintf("log of %d", v), e.Text); err != nil {
				return err
			}
		}
		logFrom[v] = len(log)
		if err := checkText("private", s.Private(v)); err != nil {
			return err
		}
	}
	if err := checkText("status", s.Status()); err != nil {
		return err
	}
	for _, seat := range s.Active() {
		paths := map[string]rules.Move{}
		for _, m := range s.Legal(seat) {
			c := s.Describe(seat, m)
			texts := []string{c.Label}
			key := ""
			for _, st := range c.Path {
				texts = append(texts, st.Prompt, st.Option)
				key += enWords(st.Option) + "\x00"
				if n := len([]rune(enWords(st.Option))); n > 80 {
					return fmt.Errorf("option %q of %s is %d characters", st.Option, m, n)
				}
			}
			for _, t := range texts {
				if err := checkText("choice of "+m.String(), t); err != nil {
					return err
				}
			}
			// Only identical mission tiles may share a path (a menu shows them once).
			if other, ok := paths[key]; ok && !sameMission(other, m) {
				return fmt.Errorf("moves %s and %s have the same path %q", other, m, key)
			}
			paths[key] = m
		}
	}
	if actor, ok := s.actor(); ok {
		legal := map[string]bool{}
		for _, m := range s.Legal(actor) {
			legal[m.String()] = true
		}
		for i := s.Moves % 97; i < len(boxed); i += 97 {
			b := boxed[i]
			if legal[b.String()] {
				continue
			}
			err := s.Apply(actor, b)
			if err == nil {
				return fmt.Errorf("illegal %s was applied", b)
			}
			if err := checkText("reason for "+b.String(), rules.Reason(err)); err != nil {
				return err
			}
		}
	}
	if out, over := s.Outcome(); over {
		texts := append(append([]string{out.TieBreak}, out.Details...), out.Recap...)
		for _, t := range texts {
			if err := checkText("outcome", t); err != nil {
				return err
			}
		}
		if len(out.Details) != len(s.Seats) || len(out.Recap) == 0 {
			return fmt.Errorf("outcome details %v recap %v", out.Details, out.Recap)
		}
	}
	return nil
}

// sameMission reports whether a and b start missions of the same kind with the same spice.
func sameMission(a, b rules.Move) bool {
	x, y := a.(Move), b.(Move)
	return x.Kind == KindMission && y.Kind == KindMission && missions[x.A].kind == missions[y.A].kind && x.B == y.B
}

// TestNoIDsInPlayerTexts plays random games of every setup and checks every text a player
// reads after every move: no component id outside a reference, none after expansion.
func TestNoIDsInPlayerTexts(t *testing.T) {
	games := 40
	if testing.Short() {
		games = 8
	}
	for i := 0; i < games; i++ {
		su := setups[i%len(setups)]
		st, err := Game.New(su.Players, su.Options, uint64(900+i))
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		from := map[rules.Seat]int{}
		if err := checkTexts(s, from); err != nil {
			t.Fatalf("setup: %v", err)
		}
		rng := rules.NewRNG(uint64(i))
		_, err = rules.Playout(s, &rng, 5000, func(r rules.Record) error {
			if err := checkTexts(s, from); err != nil {
				return fmt.Errorf("after %q by %d: %w", r.Move, r.Seat, err)
			}
			return nil
		})
		if err != nil {
			t.Fatalf("game %d: %v", i, err)
		}
	}
}

// The words of the components (Game.Term).
func TestTerms(t *testing.T) {
	for id, want := range map[string]string{
		"S06": "cinnamon ×2 · flags 🟨🟨🟨, below 🟩",
		"S01": "wild · flags 🟨🟨🟨, below 🟥",
		"S18": "cloves · flags 🟩🟥🟥, below 🟥",
		"H09": "Tidore",
		"H01": "Achim",
		"M05": "mission “4 of one spice” (8 points)",
		"M16": "mission “3 of each spice” (25 points)",
		"S61": "", "H15": "", "M00": "", "X01": "", "": "",
	} {
		if got := enText(Game.Term(id)); got != want {
			t.Errorf("Term(%q) = %q, want %q", id, got, want)
		}
	}
	for c := 0; c < numShipments; c++ {
		for d := 0; d < c; d++ {
			if enText(cardTerm(c)) == enText(cardTerm(d)) || frText(cardTerm(c)) == frText(cardTerm(d)) {
				t.Errorf("%s and %s have the same words", shipmentIDs[c], shipmentIDs[d])
			}
		}
	}
	if !strings.Contains(enWords("{0} ships [[S06]] to [[H09]]."), "ships cinnamon ×2 · flags 🟨🟨🟨, below 🟩 to Tidore") {
		t.Error("expansion")
	}
}
