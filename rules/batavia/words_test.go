package batavia

import (
	"io/fs"
	"regexp"
	"strings"
	"testing"
	"unicode"

	"go.yaml.in/yaml/v2"

	"spicebot/rules"
)

// catalogueWords returns the words (lower case) of every message of the game's catalogue in
// language tag, template actions left out; in French, the move words quoted « » (typed in
// English) are left out too.
func catalogueWords(t *testing.T, tag string) map[string]bool {
	t.Helper()
	data, err := fs.ReadFile(Game.Messages(), "batavia."+tag+".yaml")
	if err != nil {
		t.Fatal(err)
	}
	var raw map[string]any
	if err := yaml.Unmarshal(data, &raw); err != nil {
		t.Fatal(err)
	}
	out := map[string]bool{}
	var add func(v any)
	add = func(v any) {
		switch v := v.(type) {
		case string:
			for _, w := range wordsOf(actions.ReplaceAllString(v, " ")) {
				out[w] = true
			}
		case map[any]any:
			for _, x := range v {
				add(x)
			}
		}
	}
	for _, v := range raw {
		add(v)
	}
	return out
}

var (
	actions = regexp.MustCompile(`\{\{[^}]*\}\}`)
	quoted  = regexp.MustCompile(`«[^»]*»`)
)

// wordsOf splits text into its words of letters, lower case, leaving out what is quoted « ».
func wordsOf(text string) []string {
	text = quoted.ReplaceAllString(text, " ")
	return strings.FieldsFunc(strings.ToLower(text), func(r rune) bool { return !unicode.IsLetter(r) })
}

// A French game reads in French: every text a player reads — status, log lines (public and
// private), private summaries, move labels, prompts and options, refusals, the results, the
// rules summary and the variants — is made of words of the French catalogue and names, never a
// word that only the English catalogue has; and a few sentences read as the French catalogue
// says.
func TestFrenchGameReadsFrench(t *testing.T) {
	fr, en := catalogueWords(t, "fr"), catalogueWords(t, "en")
	names := []string{"Anne", "Benoît", "Chloé", "Damien", "Élodie"}
	for _, n := range names {
		fr[strings.ToLower(n)] = true
	}
	loc := words.For("fr")
	read := func(text string) string {
		return loc.Expand(text, func(s rules.Seat) string { return names[s] }, Game.Term)
	}
	checked := map[string]bool{}
	check := func(where, text string) string {
		out := read(text)
		if checked[out] {
			return out
		}
		checked[out] = true
		if strings.Contains(out, rules.MsgOpen) || strings.Contains(out, "[[") {
			t.Fatalf("%s: %q is not fully made", where, out)
		}
		for _, w := range wordsOf(out) {
			if len([]rune(w)) > 1 && !fr[w] {
				if en[w] {
					t.Fatalf("%s: %q has the English word %q", where, out, w)
				}
				t.Fatalf("%s: %q has %q, not a word of the French catalogue", where, out, w)
			}
		}
		return out
	}
	for _, tp := range Game.Rules() {
		check("rules "+tp.Key, tp.Title+"\n"+tp.Text)
	}
	for _, o := range Game.Options() {
		check("option", o.Name+"\n"+o.Help)
	}
	for _, text := range []string{"", "bid x", "lay X3", "lay D0", "sail", "fly", "pass now"} {
		_, err := Game.ParseMove(text)
		check("parse "+text, rules.Reason(err))
	}
	probes := []Move{{Kind: MovePass}, {Kind: MoveDraw}, {Kind: MoveDone}, {Kind: MoveExchange}, {Kind: MoveBid, N: 40},
		{Kind: MoveSail, Co: Denmark}, {Kind: MoveLay, Co: Sweden, N: 9}}
	for seed := uint64(1); seed <= 6; seed++ {
		st, err := Game.New(3+int(seed%3), rules.Options{OptQuickStart: seed%2 == 0}, seed)
		if err != nil {
			t.Fatal(err)
		}
		rng := rules.NewRNG(seed)
		look := func() error {
			s := st.(*State)
			check("status", s.Status())
			for v := rules.Observer; int(v) < s.NumPlayers; v++ {
				check("private", s.Private(v))
				for _, m := range s.Legal(v) {
					ch := s.Describe(v, m)
					check("label", ch.Label)
					for _, step := range ch.Path {
						check("prompt", step.Prompt)
						check("option", step.Option)
					}
				}
				for _, m := range probes {
					if err := s.check(v, m); err != nil {
						check("refusal", rules.Reason(err))
					}
				}
			}
			return nil
		}
		look()
		if _, err := rules.Playout(st, &rng, 20000, func(rules.Record) error { return look() }); err != nil {
			t.Fatal(err)
		}
		for v := rules.Observer; int(v) < st.Players(); v++ {
			for _, e := range st.Log(v) {
				check("log", e.Text)
			}
		}
		out, over := st.Outcome()
		if !over {
			t.Fatalf("seed %d: the game did not end", seed)
		}
		for _, d := range append(append([]string{}, out.Details...), out.Recap...) {
			check("outcome", d)
		}
	}
	// A few sentences, word for word.
	st, _ := Game.New(4, nil, 7)
	s := st.(*State)
	if got, want := read(s.History.Lines[0].Public), "Batavia à 4 joueurs. Chaque joueur a 10 cartes Navire, 15 billets à ordre et 12 caisses. "+
		"Les comptoirs des cases 1 à 10 sont face visible. "+names[s.Start]+" est le premier commissaire-priseur."; got != want {
		t.Errorf("first log line %q, want %q", got, want)
	}
	if got := read(s.Status()); !strings.HasPrefix(got, names[s.Turn]+" doit enchérir ou passer pour ") {
		t.Errorf("status %q", got)
	}
	if got := read(s.Describe(s.Turn, Move{Kind: MovePass}).Label); got != "Passer : se retirer de ces enchères" {
		t.Errorf("pass label %q", got)
	}
	if got := read(s.Describe(s.Turn, Move{Kind: MoveBid, N: 3}).Path[1].Option); got != "3 billets" {
		t.Errorf("bid option %q", got)
	}
	if got := read(Game.Term("P11")); got != "comptoir danois (soie)" {
		t.Errorf("Term(P11) = %q", got)
	}
	if got := read(rules.Reason(s.Apply(s.next(s.Turn), Move{Kind: MovePass}))); got != "Ce n’est pas à vous d’enchérir." {
		t.Errorf("refusal %q", got)
	}
	if got := read(s.Private(0)); !strings.HasPrefix(got, "En main : ") || !strings.HasSuffix(got, ". Vous avez 15 billets à ordre.") {
		t.Errorf("private %q", got)
	}
}
