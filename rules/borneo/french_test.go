package borneo

import (
	"strings"
	"testing"

	"spicebot/rules"
)

// The components' words in French use the French rulebook's terms and the French company
// letters (J jaune, R rouge, V vert, B bleu); harbour names are proper nouns and stay.
func TestFrenchTerms(t *testing.T) {
	for id, want := range map[string]string{
		"S06": "cannelle ×2 · drapeaux 🟨🟨🟨, en bas 🟩",
		"S01": "joker · drapeaux 🟨🟨🟨, en bas 🟥",
		"S18": "girofle · drapeaux 🟩🟥🟥, en bas 🟥",
		"H09": "Tidore",
		"M05": "Mission « 4 d’une même épice » (8 PV)",
		"M16": "Mission « 3 de chaque épice » (25 PV)",
	} {
		if got := frText(Game.Term(id)); got != want {
			t.Errorf("Term(%q) in French = %q, want %q", id, got, want)
		}
	}
	for _, o := range Game.Options() {
		if name := frText(o.Name); name == enText(o.Name) || strings.Contains(frText(o.Help), "pirate ship") {
			t.Errorf("option %s does not read in French: %q / %q", o.Key, name, frText(o.Help))
		}
	}
	for _, tp := range Game.Rules() {
		if fr := frText(tp.Text); fr == enText(tp.Text) {
			t.Errorf("rules topic %s is not in French: %q", tp.Key, fr)
		}
	}
}

// The rulebook's shared distribution example, read in French: the log, the status, a pick's
// label and prompt, and a refused move's reason.
func TestFrenchSharedDistributionExample(t *testing.T) {
	s := crafted(t, 4, "H03 H01 H05")
	s.Harbours[0].Cards = ids(t, "S03 S18 S58")
	s.Seats[0].Hand = ids(t, "S01 S02")
	s.Companies[yellow] = seats(0, 1)
	s.Companies[red] = seats(1)
	s.Companies[green] = seats(2)
	s.Companies[blue] = seats(3)
	s.Deck = ids(t, "S50 S51 S52")
	s.HarbourDeck = ids(t, "H07")
	play(t, s, 0, "ship S01 H03")
	log := s.Log(rules.Observer)
	var lines []string
	for _, e := range log {
		lines = append(lines, frWords(e.Text))
	}
	all := strings.Join(lines, "\n")
	for _, want := range []string{
		"{0} joue joker · drapeaux 🟨🟨🟨, en bas 🟥 à Bantam.",
		"Distribution partagée à Bantam : jaune 5, rouge 4, verte 2, bleue 2.",
		"{0} prend la carte Port Bantam (poivre, 6 drapeaux / 4 cartes).",
	} {
		if !strings.Contains(all, want) {
			t.Errorf("French log lacks %q:\n%s", want, all)
		}
	}
	if got, want := frWords(s.Status()), "{0} doit choisir une épice à Bantam."; got != want {
		t.Errorf("status %q, want %q", got, want)
	}
	c := s.Describe(0, Move{Kind: KindPick, A: int8(ids(t, "S58")[0])})
	if got, want := frWords(c.Label), "Prendre poivre ×2 · drapeaux 🟩🟦🟦, en bas 🟦"; got != want {
		t.Errorf("label %q, want %q", got, want)
	}
	if got, want := frWords(c.Path[0].Prompt), "Quelle épice prenez-vous à Bantam ?"; got != want {
		t.Errorf("prompt %q, want %q", got, want)
	}
	err := s.Apply(1, Move{Kind: KindPick, A: int8(ids(t, "S58")[0])})
	if got, want := frWords(rules.Reason(err)), "Ce n’est pas votre tour : {0} doit choisir une épice à Bantam."; got != want {
		t.Errorf("reason %q, want %q", got, want)
	}
	if got := frWords(s.Private(0)); !strings.HasPrefix(got, "Votre main : ") {
		t.Errorf("private %q", got)
	}
}

// A whole random game read in French: no English left in the log, the status or the outcome
// (every message exists in French; rulestest.CheckWords checks that each one reads fully).
func TestFrenchGameHasNoEnglish(t *testing.T) {
	st, err := Game.New(4, rules.Options{OptBlackbeard: true}, 77)
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	rng := rules.NewRNG(77)
	if _, err := rules.Playout(s, &rng, 5000, nil); err != nil {
		t.Fatal(err)
	}
	out, over := s.Outcome()
	if !over {
		t.Fatal("the game did not end")
	}
	texts := []string{s.Status(), out.TieBreak}
	texts = append(texts, out.Details...)
	texts = append(texts, out.Recap...)
	for v := rules.Observer; int(v) < len(s.Seats); v++ {
		for _, e := range s.Log(v) {
			texts = append(texts, e.Text)
		}
	}
	english := []string{" the ", " and ", " with ", "cards", "flags", "points", "mission ", "harbour", "merchant", "spice"}
	for _, text := range texts {
		fr := frWords(text)
		for _, w := range english {
			if strings.Contains(fr, w) {
				t.Errorf("French text %q has the English %q (from %q)", fr, w, text)
			}
		}
	}
	if got := frWords(s.Status()); !strings.HasPrefix(got, "La partie est terminée : ") {
		t.Errorf("status %q", got)
	}
}
