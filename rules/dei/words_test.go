package dei

import (
	"strings"
	"testing"
	"unicode"

	"spicebot/lang"
	"spicebot/rules"
)

// fr reads rules text as a French player does (seat references kept as "{n}").
var fr = lang.MustNew(Game).For("fr")

// french expands rules text into French.
func french(text string) string { return fr.Expand(text, rules.SeatRef, Game.Term) }

// catalogueWords returns the lower-case words (two letters or more) of every message of the
// game's catalogue in tag, in each plural form, arguments left empty.
func catalogueWords(t *testing.T, tag string) map[string]bool {
	t.Helper()
	c := lang.MustNew(Game)
	loc := c.For(tag)
	out := map[string]bool{}
	for id, names := range c.IDs(tag) {
		if !strings.HasPrefix(id, Game.ID()+".") {
			continue
		}
		for _, n := range []string{"1", "2"} {
			args := map[string]string{"Count": n}
			for _, a := range names {
				if a != "Count" {
					args[a] = ""
				}
			}
			for _, w := range wordsOf(loc.Translate(id, args)) {
				out[w] = true
			}
		}
	}
	return out
}

func wordsOf(text string) []string {
	var out []string
	for _, w := range strings.FieldsFunc(text, func(r rune) bool { return !unicode.IsLetter(r) }) {
		if len([]rune(w)) > 1 {
			out = append(out, strings.ToLower(w))
		}
	}
	return out
}

// TestFrenchGame plays a 3-player game and reads everything it says in French — status, every
// viewer's log and private summary, every legal move's label, prompts and options, refusals, the
// result and the rules summary: no English word of the catalogue is left (place names and
// numbers pass), and a few sentences read exactly.
func TestFrenchGame(t *testing.T) {
	en, frWords := catalogueWords(t, "en"), catalogueWords(t, "fr")
	read := func(where, text string) string {
		t.Helper()
		out := french(text)
		if strings.Contains(out, rules.MsgOpen) || strings.Contains(out, "[dutch-east-indies.") || strings.Contains(out, "<no value>") {
			t.Fatalf("%s: %q does not read (from %q)", where, out, text)
		}
		for _, w := range wordsOf(out) {
			if en[w] && !frWords[w] {
				t.Errorf("%s: %q has the English word %q", where, out, w)
			}
		}
		return out
	}
	st, err := Game.New(3, nil, 3)
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	log := s.Log(rules.Observer)
	if got := french(log[0].Text); !strings.HasPrefix(got, "Les Indes orientales néerlandaises à 3 joueurs. Le nord de la boussole pointe vers ") {
		t.Errorf("first log line reads %q", got)
	}
	if got, want := french(log[1].Text), "{0} représente les Pays-Bas, depuis le bord du haut, avec "; !strings.HasPrefix(got, want) {
		t.Errorf("second log line reads %q, want it to start %q", got, want)
	}
	if got := french(Game.Term("T09")); got != "2 caisses → 2 or + noix de muscade" {
		t.Errorf("T09 reads %q", got)
	}
	if got := french(Game.Term("W1")); got != "l’île Vilfort" {
		t.Errorf("W1 reads %q", got)
	}
	if m, err := Game.ParseMove("nonsense"); err == nil {
		t.Fatalf("parsed %v", m)
	} else if got := read("parse", rules.Reason(err)); got != "Ce n’est pas un coup des Indes orientales néerlandaises." {
		t.Errorf("parse refusal reads %q", got)
	}
	rng := rules.NewRNG(3)
	kinds := map[string]bool{}
	probe, _ := Game.ParseMove("attack big 1 small")
	for step := 0; step < 5000; step++ {
		if step%5 == 0 {
			read("status", s.Status())
			for v := rules.Observer; int(v) < 3; v++ {
				read("private", s.Private(v))
				for _, m := range s.Legal(v) {
					kinds[m.(Move).Kind] = true
					c := s.Describe(v, m)
					read("label", c.Label)
					for _, p := range c.Path {
						read("prompt", p.Prompt)
						read("option", p.Option)
					}
				}
				if _, ok := rules.FindLegal(s, v, probe); !ok && v >= 0 {
					read("refusal", rules.Reason(s.Apply(v, probe)))
				}
			}
		}
		if _, over := s.Outcome(); over {
			break
		}
		seat, m := Policy(s, &rng)
		if err := s.Apply(seat, m); err != nil {
			t.Fatal(err)
		}
	}
	out, over := s.Outcome()
	if !over {
		t.Fatal("the game did not end")
	}
	for _, d := range out.Details {
		read("outcome", d)
	}
	if got := french(out.Details[s.Winner]); !strings.HasSuffix(got, "vers l’objectif) — a rapporté les épices en premier") {
		t.Errorf("winner's line reads %q", got)
	}
	for v := rules.Observer; int(v) < 3; v++ {
		for _, e := range s.Log(v) {
			read("log", e.Text)
		}
	}
	for _, tp := range Game.Rules() {
		read("rules "+tp.Key, tp.Title+" "+tp.Text)
	}
	if got := french(s.Status()); !strings.HasSuffix(got, " a rapporté les épices sur son île et gagne.") {
		t.Errorf("final status reads %q", got)
	}
	for _, k := range []string{KSail, KTurn, KLook, KAccept, KRefuse, KUnload, KLoad, KEnd, KStop} {
		if !kinds[k] {
			t.Errorf("no %s move was offered: the test reads too little", k)
		}
	}
}

// sameInFrench are the messages whose French reads as the English: marks, names and numbers.
var sameInFrench = map[string]bool{
	"dutch-east-indies.option.down": true, "dutch-east-indies.option.market-ship": true, "dutch-east-indies.log.move": true,
	"dutch-east-indies.country.france": true, "dutch-east-indies.country.portugal": true,
	"dutch-east-indies.board.market-mark": true, "dutch-east-indies.board.pirate-mark": true, "dutch-east-indies.board.north-mark": true,
}

// TestFrenchCatalogueTranslated: every message of the French catalogue differs from the English
// one (in each plural form), except marks, names and numbers (sameInFrench).
func TestFrenchCatalogueTranslated(t *testing.T) {
	c := lang.MustNew(Game)
	en, frl := c.For("en"), c.For("fr")
	for id, names := range c.IDs("fr") {
		if !strings.HasPrefix(id, Game.ID()+".") || sameInFrench[id] {
			continue
		}
		for _, n := range []string{"1", "2"} {
			args := map[string]string{"Count": n}
			for _, a := range names {
				if a != "Count" {
					args[a] = "<" + a + ">"
				}
			}
			if e, f := en.Translate(id, args), frl.Translate(id, args); e == f {
				t.Errorf("%s reads the same in French and English: %q", id, f)
			}
		}
	}
}
