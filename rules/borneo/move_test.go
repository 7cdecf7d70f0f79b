package borneo

import (
	"encoding/json"
	"strings"
	"testing"

	"spicebot/rules"
)

func TestParseMoveRoundTrip(t *testing.T) {
	texts := []string{"place Y", "mission M05 pepper", "mission M01", "pay S12", "pay H03", "pay S12 cloves",
		"cancel", "fight Y3 Y1", "play S12", "done", "stay", "move R", "keep S40", "keep none", "move Y1 R",
		"ship S12 H03", "pick S60", "discard S01", "pass"}
	for _, text := range texts {
		m, err := Game.ParseMove(text)
		if err != nil {
			t.Errorf("ParseMove(%q): %v", text, err)
			continue
		}
		if m.String() != text {
			t.Errorf("ParseMove(%q).String() = %q", text, m.String())
		}
	}
	// Every boxed move's text parses back to the same move.
	for _, b := range boxed {
		m := b.(Move)
		p, err := parseMove(m.String())
		if err != nil || p != m {
			t.Errorf("%q parses to %+v, %v", m.String(), p, err)
		}
	}
	if m, err := Game.ParseMove("  Ship s12 h03 "); err != nil || m.String() != "ship S12 H03" {
		t.Errorf("lenient parse: %v %v", m, err)
	}
	for text, want := range map[string]string{
		"":                "not a Borneo move",
		"bid 4":           "not a Borneo move",
		"ship S61 H03":    "Write ship",
		"fight Y3 R1":     "same company",
		"mission M17":     "not a mission of this game",
		"mission M05 tea": "pepper, cinnamon, cloves or nutmeg",
		"place X":         "company letter",
		"pay Q1":          "not a card of your warehouse",
		"move Y6 R":       "Write move",
		"done now":        "not a Borneo move",
	} {
		_, err := Game.ParseMove(text)
		if r := enText(rules.Reason(err)); !strings.Contains(r, want) {
			t.Errorf("ParseMove(%q) reason %q, want %q", text, r, want)
		}
	}
}

// Views show the viewer's hand only; other hands, the deck and the harbour deck are hidden.
func TestViewsHideHands(t *testing.T) {
	st, _ := Game.New(4, rules.Options{OptBlackbeard: true}, 42)
	s := st.(*State)
	for i := 0; i < 12; i++ {
		seat := s.Active()[0]
		if err := s.Apply(seat, s.Legal(seat)[0]); err != nil {
			t.Fatal(err)
		}
	}
	if s.Phase != PhaseMission {
		t.Fatalf("phase %s after the draft", s.Phase)
	}
	for v := rules.Observer; int(v) < 4; v++ {
		view := s.View(v).(*View)
		b, _ := json.Marshal(view)
		for i := range s.Seats {
			for _, c := range s.Seats[i].Hand {
				shown := strings.Contains(string(b), `"`+shipmentIDs[c]+`"`)
				if shown != (rules.Seat(i) == v) {
					t.Errorf("viewer %d: card %s of seat %d shown=%v", v, shipmentIDs[c], i, shown)
				}
			}
		}
		if v == rules.Observer && (view.Hand != nil || s.Private(v) != "") {
			t.Errorf("observer has a hand")
		}
		if len(view.Harbours) != 3 || len(view.Seats) != 4 || view.DeckCount != 48 || !view.Blackbeard {
			t.Errorf("view %+v", view)
		}
	}
	hidden := s.Hidden(0)
	if len(hidden) != 9+48+len(s.HarbourDeck) {
		t.Errorf("hidden for seat 0: %d ids", len(hidden))
	}
	if p := enText(s.Private(0)); !strings.HasPrefix(p, "Your hand: ") || !strings.Contains(p, shipmentIDs[s.Seats[0].Hand[0]]) {
		t.Errorf("private %q", p)
	}
	turn := s.Turn
	for _, m := range s.Legal(turn) {
		if l := enWords(s.Describe(turn, m).Label); l == "" || len([]rune(l)) > 100 {
			t.Errorf("label %q", l)
		}
	}
	other := (turn + 1) % 4
	reject(t, s, other, s.Legal(turn)[0].String(), "It is not your turn: {"+itoa(int(turn))+"} may complete a mission")
	reject(t, s, rules.Observer, s.Legal(turn)[0].String(), "You are not playing")
}

// expandChoice is a choice in the words a player reads: the label, then each step as
// "prompt → option", seats named {n}.
func expandChoice(c rules.Choice) []string {
	x := enWords
	out := []string{x(c.Label)}
	for _, st := range c.Path {
		out = append(out, x(st.Prompt)+" → "+x(st.Option))
	}
	return out
}

// Decision paths in plain words (issue 8): action → card → target.
func TestDescribe(t *testing.T) {
	s := fightState(t, []int{1, 2, 0}, "S02 S41", "S11 S36")
	s.Harbours[1].Card = ids(t, "H03")[0]
	for text, want := range map[string][]string{
		"fight Y3 Y1": {"Attack {1} at first place in yellow with your merchant at third place in yellow",
			"What do you do? → Attack", "Which of your merchants attacks? → third place in yellow", "Whom do you attack? → {1} at first place in yellow"},
		"ship S02 H03": {"Ship pepper · flags 🟨🟨🟨, below 🟥 to Bantam",
			"What do you do? → Ship", "Which card do you ship? → pepper · flags 🟨🟨🟨, below 🟥", "To which harbour? → Bantam"},
		"move Y3 R": {"Move your merchant from third place in yellow to red (second place)",
			"What do you do? → Move a merchant", "Which merchant do you move? → third place in yellow", "To which company? → red (second place)"},
	} {
		m, _ := Game.ParseMove(text)
		c := s.Describe(0, m)
		if got := expandChoice(c); strings.Join(got, " | ") != strings.Join(want, " | ") {
			t.Errorf("%q:\n got  %q\n want %q", text, got, want)
		}
		if c.Irreversible != (text == "ship S02 H03") || c.Multi != nil {
			t.Errorf("%q: irreversible %v multi %v", text, c.Irreversible, c.Multi)
		}
	}
	// The attack: cards in one multi-pick followed by "done".
	play(t, s, 0, "fight Y3 Y1")
	m, _ := Game.ParseMove("play S02")
	c := s.Describe(0, m)
	if c.Multi == nil || c.Multi.Min != 1 || c.Multi.Max != 1 || c.Multi.Then != "done" || !c.Irreversible {
		t.Fatalf("attack card: %+v", c)
	}
	if got := expandChoice(c); got[1] != "Which cards do you attack with? Each must show a yellow flag; keep one card in hand. → pepper · flags 🟨🟨🟨, below 🟥 (3 flags)" {
		t.Errorf("attack card path %q", got)
	}
	st, recs, err := rules.ApplyBatch(Game, s, 0, []rules.Move{m}, c.Multi.Then)
	if err != nil || len(recs) != 2 || st.(*State).Phase != PhaseDefend {
		t.Fatalf("batch: %v %v", recs, err)
	}
}

func BenchmarkBorneoLegal(b *testing.B) {
	st, _ := Game.New(4, rules.Options{OptBlackbeard: true}, 9)
	s := st.(*State)
	rng := rules.NewRNG(3)
	// Play into the middle of the game, to the start of a turn (missions, company actions and
	// shipments are all listed).
	for i := 0; i < 80 || s.Phase != PhaseMission; i++ {
		if _, err := rules.RandomStep(s, &rng); err != nil {
			b.Fatal(err)
		}
	}
	seat := s.Active()[0]
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if len(s.Legal(seat)) < 10 {
			b.Fatal("no moves")
		}
	}
}
