package spicemerchant

import (
	"fmt"
	"strings"
	"testing"
	"unicode"

	"spicebot/lang"
	"spicebot/rules"
)

// french is the French localizer of the game's catalogue.
var french = lang.MustNew(Game).For("fr")

// fr makes rules text French, seats named "Joueur n" and cards by their spice.
func fr(text string) string {
	return french.Expand(text, func(s rules.Seat) string { return fmt.Sprintf("Joueur%d", s) }, Game.Term)
}

// englishOnly returns the words of the English catalogue that the French one does not use.
func englishOnly() map[string]bool {
	c := lang.MustNew(Game)
	words := func(tag string) map[string]bool {
		loc, out := c.For(tag), map[string]bool{}
		for id, args := range c.IDs(tag) {
			if !strings.HasPrefix(id, Game.ID()+".") && !strings.HasPrefix(id, "rules.") {
				continue // the edge's catalogues are checked in their own packages
			}
			for _, n := range []string{"1", "2"} {
				m := map[string]string{}
				for _, a := range args {
					m[a] = n
				}
				for _, w := range strings.FieldsFunc(strings.ToLower(loc.Translate(id, m)), func(r rune) bool { return !unicode.IsLetter(r) }) {
					out[w] = true
				}
			}
		}
		return out
	}
	en, fr := words("en"), words("fr")
	for w := range fr {
		delete(en, w)
	}
	return en
}

// TestFrenchGame: a game read in French reads in French — its status, log (public and private),
// labels, prompts and options, private summaries, illegal-move reasons, outcome and rules hold no
// English word of the English catalogue — and a few texts read exactly as the catalogue says.
func TestFrenchGame(t *testing.T) {
	bad := englishOnly()
	check := func(where, text string) {
		t.Helper()
		out := fr(text)
		for _, w := range strings.FieldsFunc(strings.ToLower(out), func(r rune) bool { return !unicode.IsLetter(r) }) {
			if bad[w] && len([]rune(w)) > 1 { // market letters are single letters in both
				t.Fatalf("%s: %q has the English word %q", where, out, w)
			}
		}
	}
	st, _ := Game.New(4, nil, 5)
	s := st.(*State)
	if got := fr(s.Status()); got != "4 joueurs doivent encore enregistrer leurs marchandises secrètes." {
		t.Errorf("status %q", got)
	}
	if got := fr(s.Log(0)[1].Text); !strings.HasPrefix(got, "Vous recevez : ") {
		t.Errorf("dealt %q", got)
	}
	rng := rules.NewRNG(5)
	seen := map[rules.Seat]int{}
	_, err := rules.Playout(s, &rng, 2000, func(rules.Record) error {
		check("status", s.Status())
		for v := rules.Observer; int(v) < s.NumPlayers; v++ {
			log := s.Log(v)
			for _, e := range log[seen[v]:] {
				check("log", e.Text)
			}
			seen[v] = len(log)
			check("private", s.Private(v))
			for _, m := range s.Legal(v) {
				c := s.Describe(v, m)
				check("label", c.Label)
				for _, p := range c.Path {
					check("prompt", p.Prompt)
					check("option", p.Option)
				}
			}
			try := Move{Kind: MoveDemand, Spice: Saffron, Count: 4, Market: 5}
			legal := false
			for _, m := range s.Legal(v) {
				legal = legal || m == rules.Move(try)
			}
			if !legal {
				if err := s.Apply(v, try); err != nil {
					check("reason", rules.Reason(err))
				} else {
					t.Fatalf("%v applied although not legal", try)
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	out, _ := s.Outcome()
	for _, x := range append(append([]string{out.TieBreak}, out.Details...), out.Recap...) {
		check("outcome", x)
	}
	for _, tp := range Game.Rules() {
		check("rules", tp.Title+"\n"+tp.Text)
	}
	if got := fr(s.Status()); !strings.HasPrefix(got, "Partie terminée : ") {
		t.Errorf("final status %q", got)
	}

	b := newBuilder(t, 3, 1)
	b.market(1, Ginger, 2)
	b.hand(0, Ginger, Ginger, Ginger, Clove)
	p := b.done()
	for text, want := range map[string]string{
		"demand 3 ginger E": "Fausse demande : gingembre ×3 sur le marché E (E vaudrait 4)",
		"open clove":        "Marchandise exposée : clou de girofle (aucun marché n’a encore de clou de girofle)",
		"secret ginger":     "Marchandise secrète : gingembre (vous en avez 3)",
	} {
		m, _ := Game.ParseMove(text)
		if got := fr(p.Label(0, m)); got != want {
			t.Errorf("label of %q: %q, want %q", text, got, want)
		}
	}
	m, _ := Game.ParseMove("demand 2 ginger B")
	if err := p.Apply(0, m); err != nil {
		t.Fatal(err)
	}
	if got := fr(p.Log(rules.Observer)[len(p.Log(rules.Observer))-1].Text); got != "Joueur0 crée une fausse demande : gingembre ×2 sur le marché B (désormais 4, 6 par marchandise) et pioche 5 cartes." {
		t.Errorf("log %q", got)
	}
	if _, err := Game.ParseMove("demand 2 vanille A"); !strings.HasPrefix(fr(rules.Reason(err)), "« vanille » n’est pas une épice.") {
		t.Errorf("reason %q", fr(rules.Reason(err)))
	}
	if got := fr(Game.Term("C70")); got != "clou de girofle" {
		t.Errorf("term %q", got)
	}
}
