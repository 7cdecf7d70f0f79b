package batavia

import (
	"strconv"
	"strings"
	"testing"

	"spicebot/render/rendertest"
	"spicebot/rules"
)

// A French game reads in French: every text a player reads — status, log lines (public and
// private), private summaries, move labels, prompts and options, refusals, the results, the
// rules summary and the variants — is made of words of the French catalogue and names, never a
// word that only the English catalogue has; and a few sentences read as the French catalogue
// says.
func TestFrenchGameReadsFrench(t *testing.T) {
	fr, en := rendertest.CatalogueWords(words, "fr", "batavia."), rendertest.CatalogueWords(words, "en", "batavia.")
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
		for _, w := range rendertest.Words(out) {
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

// The log lines random games seldom write read as they always did in English, and fully in
// French: an auction with nothing to turn up, with ships left from an all-pass auction, the
// all-pass itself, draws from an empty or short stack, a restocked stack, and a merchant taking
// a face-down counter with no crate left.
func TestRareLinesInBothLanguages(t *testing.T) {
	fr := words.For("fr")
	last := func(s *State, n int) []string {
		var out []string
		for _, l := range s.History.Lines[len(s.History.Lines)-n:] {
			text := l.Public
			if text == "" {
				text = l.Private
			}
			out = append(out, text)
		}
		return out
	}
	expect := func(s *State, want ...string) {
		t.Helper()
		for i, text := range last(s, len(want)) {
			if got := english(text); got != want[i] {
				t.Errorf("English %q,\nwant    %q", got, want[i])
			}
			if got := fr.Expand(text, nil, Game.Term); strings.Contains(got, rules.MsgOpen) || strings.Contains(got, "[batavia.") ||
				strings.Contains(got, "<no value>") {
				t.Errorf("French %q is not fully made", got)
			}
		}
	}

	// Nothing left to turn up, nothing to auction.
	s := bare(t, 3)
	s.Stack = nil
	s.Discard = [NumCompanies]int{}
	s.RNG = dieSeed(t, 4)
	s.startRound()
	expect(s, "Round 2: {0} rolls a 4 but there are no ship cards left to turn up.", "There is nothing to auction: {0} stays start player.")

	// Ships left from the last auction, with and without new ones.
	s = bare(t, 3)
	s.Auction.Package = [NumCompanies]int{1, 0, 0, 0, 1}
	s.takeFromStack(t, Britain, 1)
	s.takeFromStack(t, Sweden, 1)
	s.RNG = dieSeed(t, 1)
	s.stackTop(t, "D")
	s.startRound()
	expect(s, "Round 2: {0} rolls a 1 and turns up a Danish ship; with the 2 ships left from the last auction the package is "+
		"1 British, 1 Danish and 1 Swedish ships.")
	// Everybody passes: the ships stay.
	for i := 0; i < 3; i++ {
		play(t, s, s.Turn, "pass")
	}
	expect(s, "Everybody passed: the 3 ships stay for the next auction and {0} is start player.")
	s = bare(t, 3)
	s.Auction.Package = [NumCompanies]int{0, 0, 1, 0, 0}
	s.Stack = nil // (the state is not checked: the cards are only out of the die's reach)
	s.startRound()
	expect(s, "Round 2: {0} rolls a "+strconv.Itoa(s.Auction.Die)+" but there are no ship cards left to turn up; with the 1 ship left "+
		"from the last auction the package is a French ship.")

	// Draws: a restocked stack, one card only, none at all.
	s = bare(t, 3)
	for _, c := range s.Stack {
		s.Discard[c]++
	}
	s.Stack = nil
	play(t, s, 0, "draw")
	expect(s, "The stack is used up: the 110 discarded ships are shuffled into a new stack.", "{0} draws 2 ships.")
	s = bare(t, 3)
	s.Stack = s.Stack[:1] // (not checked: the other cards are only out of reach)
	s.draw(0)
	expect(s, "{0} draws 1 ship.")
	if !strings.HasPrefix(english(s.History.Lines[len(s.History.Lines)-1].Private), "You draw a British ship") {
		t.Errorf("private draw %q", english(s.History.Lines[len(s.History.Lines)-1].Private))
	}
	s.Turn = 1
	s.beginTurn()
	s.draw(1)
	expect(s, "{1} draws, but the stack and the discard pile are empty.")

	// A face-down counter taken with no crate left; the next block turns up.
	s = bare(t, 3)
	s.FaceUp = FaceUpAtStart
	s.Seats[0].Crates = 0
	s.layOut(t, 0, "D1")
	h := s.nextPost(0, Denmark)
	for h <= s.FaceUp {
		s.Track[h-1] = -1
		h = s.nextPost(0, Denmark)
	}
	if got := english(s.Describe(0, Move{Kind: MoveSail, Co: Denmark}).Label); got != "Sail to the Danish post, hex "+strconv.Itoa(h)+" (face down)" {
		t.Errorf("sail label %q", got)
	}
	post := s.Track[h-1]
	s.sail(0, Denmark)
	want := "{0} sails to hex " + strconv.Itoa(h) + " and takes the [[" + post.ID() + "]], face down until now, but has no crate left for the " +
		post.Commodity().Name() + " warehouse. Hexes 11–15 are turned face up: "
	if got := english(s.History.Lines[len(s.History.Lines)-1].Public); !strings.HasPrefix(got, want) {
		t.Errorf("English %q,\nwant    %q…", got, want)
	}
	expect(s, english(s.History.Lines[len(s.History.Lines)-1].Public))
}
