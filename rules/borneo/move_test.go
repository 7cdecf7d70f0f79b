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
		"mission M17":     "M01 to M16",
		"mission M05 tea": "pepper, cinnamon, cloves or nutmeg",
		"place X":         "company letter",
		"pay Q1":          "shipment card",
		"move Y6 R":       "Write move",
		"done now":        "not a Borneo move",
	} {
		_, err := Game.ParseMove(text)
		if r := rules.Reason(err); !strings.Contains(r, want) {
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
	if p := s.Private(0); !strings.HasPrefix(p, "Your hand: ") || !strings.Contains(p, shipmentIDs[s.Seats[0].Hand[0]]) {
		t.Errorf("private %q", p)
	}
	turn := s.Turn
	for _, m := range s.Legal(turn) {
		if l := s.Label(turn, m); l == "" || len([]rune(l)) > 100 {
			t.Errorf("label %q", l)
		}
	}
	other := (turn + 1) % 4
	reject(t, s, other, s.Legal(turn)[0].String(), "It is not your turn: {"+itoa(int(turn))+"} may complete a mission")
	reject(t, s, rules.Observer, s.Legal(turn)[0].String(), "You are not playing")
}

func TestLabels(t *testing.T) {
	s := fightState(t, []int{1, 2, 0}, "S02 S41", "S11 S36")
	s.Harbours[1].Card = ids(t, "H03")[0]
	for text, want := range map[string]string{
		"fight Y3 Y1":  "Attack {1}'s merchant at yellow #1 with your #3",
		"ship S02 H03": "Ship S02 (YYY/R pepper) to Bantam (6/4)",
		"move Y3 R":    "Move your merchant at yellow #3 to red (#2)",
	} {
		m, _ := Game.ParseMove(text)
		if got := s.Label(0, m); got != want {
			t.Errorf("label of %q = %q, want %q", text, got, want)
		}
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
