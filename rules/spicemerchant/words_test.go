package spicemerchant

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"spicebot/rules"
)

// idPattern is a card id as a whole word: C01..C84.
var idPattern = regexp.MustCompile(`\bC[0-9]{2}\b`)

func checkWords(where, text string) error {
	if id := idPattern.FindString(english.Expand(text, rules.SeatRef, Game.Term)); id != "" {
		return fmt.Errorf("%s names card %s: %q", where, id, text)
	}
	return nil
}

// TestNoIDsInPlayerTexts plays random games and checks every text a player reads after every
// move — the logs, status, private texts, every legal move's label, prompts and options, the
// outcome — for card ids, and that moves with equal paths are the same move.
func TestNoIDsInPlayerTexts(t *testing.T) {
	games := 60
	if testing.Short() {
		games = 10
	}
	for i := 0; i < games; i++ {
		st, err := Game.New(3+i%2, nil, uint64(i+1))
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		from := map[rules.Seat]int{}
		check := func() error {
			for v := rules.Observer; int(v) < s.NumPlayers; v++ {
				log := s.Log(v)
				for _, e := range log[from[v]:] {
					if err := checkWords("log", e.Text); err != nil {
						return err
					}
				}
				from[v] = len(log)
				if err := checkWords("private", s.Private(v)); err != nil {
					return err
				}
				paths := map[string]string{}
				for _, m := range s.Legal(v) {
					c := s.Describe(v, m)
					key := ""
					for _, x := range append([]string{c.Label}, pathTexts(c)...) {
						if err := checkWords("choice", x); err != nil {
							return err
						}
					}
					for _, stp := range c.Path {
						key += stp.Option + "\x00"
					}
					if other, ok := paths[key]; ok {
						return fmt.Errorf("%s and %s have the same path %q", other, m, key)
					}
					paths[key] = m.String()
				}
			}
			if err := checkWords("status", s.Status()); err != nil {
				return err
			}
			if out, over := s.Outcome(); over {
				for _, x := range append(append([]string{out.TieBreak}, out.Details...), out.Recap...) {
					if err := checkWords("outcome", x); err != nil {
						return err
					}
				}
				if len(out.Recap) == 0 {
					return fmt.Errorf("no recap")
				}
			}
			return nil
		}
		rng := rules.NewRNG(uint64(i))
		// TurnNumber: one per action, one per completed registration; single secret cards are
		// not turns.
		turn, round := s.TurnNumber(), s.Round
		_, err = rules.Playout(s, &rng, 2000, func(r rules.Record) error {
			m, _ := parseMove(r.Move)
			want := turn
			if m.Kind != MoveSecret || s.Phase != PhaseRegister {
				want = turn + 1
			}
			if s.Round != round && s.Phase == PhaseTurns {
				want++ // a new round whose registration had nothing to register
			}
			if got := s.TurnNumber(); got != want {
				return fmt.Errorf("after %q turn %d, want %d", r.Move, got, want)
			}
			turn, round = s.TurnNumber(), s.Round
			return check()
		})
		if err != nil {
			t.Fatalf("game %d: %v", i, err)
		}
	}
}

func pathTexts(c rules.Choice) []string {
	var out []string
	for _, st := range c.Path {
		out = append(out, st.Prompt, st.Option)
	}
	return out
}

// Decision paths in plain words: fake demand is spice → count → market.
func TestDescribe(t *testing.T) {
	b := newBuilder(t, 3, 1)
	b.market(1, Ginger, 1)
	b.hand(0, Ginger, Ginger, Ginger, Clove)
	s := b.done()
	m, _ := parseMove("demand 3 ginger B")
	c := s.Describe(0, m)
	got := []string{en(c.Label)}
	for _, st := range c.Path {
		got = append(got, en(st.Prompt)+" → "+en(st.Option))
	}
	want := []string{"Fake demand: 3 ginger on market B (B would score 6)", "What do you do? → Fake demand",
		"Which spice do you put on a market? → ginger (you hold 3)", "How many ginger cards? → 3",
		"On which market? → market B: 1 now, 4 after, worth 6 a good"}
	if strings.Join(got, "|") != strings.Join(want, "|") || !c.Irreversible || c.Multi != nil {
		t.Errorf("got %q (irreversible %v)\nwant %q", got, c.Irreversible, want)
	}
	open, _ := parseMove("open clove")
	if c := s.Describe(0, open); en(c.Path[1].Option) != "clove (on no market yet)" || !c.Irreversible {
		t.Errorf("open: %+v", c)
	}
	// Two secret goods in round 3: one multi-pick of up to two spices.
	r := stateAtRegistration(t, 3, 3)
	ms := r.Legal(0)
	c = r.Describe(0, ms[0])
	if c.Multi == nil || c.Multi.Min != 1 || c.Multi.Max != 2 || c.Irreversible {
		t.Errorf("secret goods in round 3: %+v", c)
	}
	if en(Game.Term("C01")) != "ginger" || en(Game.Term("C20")) != "black pepper" || en(Game.Term("C84")) != "saffron" || Game.Term("C85") != "" || Game.Term("C00") != "" {
		t.Error("Term")
	}
}
