package spicemerchant

import (
	"encoding/json"
	"strings"
	"testing"

	"spicebot/rules"
)

func TestParseMove(t *testing.T) {
	ok := map[string]string{
		"pass":                    "pass",
		"secret ginger":           "secret ginger",
		"  Secret   SAFFRON ":     "secret saffron",
		"open black pepper":       "open pepper",
		"open black-pepper":       "open pepper",
		"demand 3 ginger B":       "demand 3 ginger B",
		"demand 4 black pepper f": "demand 4 pepper F",
		"DEMAND 1 black_pepper a": "demand 1 pepper A",
		"demand 2 cinnamon C":     "demand 2 cinnamon C",
		"demand 1 nutmeg D":       "demand 1 nutmeg D",
		"demand 1 clove E":        "demand 1 clove E",
		"secret blackpepper":      "secret pepper",
		"open clove":              "open clove",
		"demand 3 saffron b":      "demand 3 saffron B",
	}
	for in, want := range ok {
		m, err := Game.ParseMove(in)
		if err != nil {
			t.Fatalf("ParseMove(%q): %v", in, err)
		}
		if m.String() != want {
			t.Fatalf("ParseMove(%q) = %q, want %q", in, m, want)
		}
		if again, _ := Game.ParseMove(m.String()); again != m {
			t.Fatalf("%q does not read back", m)
		}
	}
	bad := map[string]string{
		"":                   "The move is empty.",
		"buy ginger":         `"buy" is not a Spice Merchant move.`,
		"secret":             "Name the spice to register",
		"open pepper mill":   `"pepper mill" is not a spice.`,
		"demand 5 ginger A":  "You may put 1 to 4 cards on a market",
		"demand 0 ginger A":  "You may put 1 to 4 cards on a market",
		"demand 2 ginger G":  "The markets are A to F",
		"demand 2 vanilla A": `"vanilla" is not a spice.`,
		"demand 2 ginger":    "Fake demand needs a count, a spice and a market",
		"pass now":           `"pass" takes nothing after it.`,
	}
	for in, want := range bad {
		_, err := Game.ParseMove(in)
		if r := en(rules.Reason(err)); !strings.Contains(r, want) {
			t.Fatalf("ParseMove(%q): reason %q, want %q", in, r, want)
		}
	}
}

func TestLabels(t *testing.T) {
	b := newBuilder(t, 3, 1)
	b.market(1, Ginger, 2)
	b.hand(0, Ginger, Ginger, Ginger, Saffron)
	s := b.done()
	cases := map[string]string{
		"demand 3 ginger E": "Fake demand: 3 ginger on market E (E would score 4)",
		"demand 2 ginger B": "Fake demand: 2 ginger on market B (B would score 6)",
		"open ginger":       "Open good: ginger (best market now: B, worth 2)",
		"open saffron":      "Open good: saffron (no market holds saffron yet)",
		"secret saffron":    "Secret good: saffron (you hold 1)",
		"pass":              "Pass (no legal action)",
	}
	for text, want := range cases {
		m, _ := Game.ParseMove(text)
		if got := en(s.Label(0, m)); got != want {
			t.Errorf("Label(%q) = %q, want %q", text, got, want)
		}
	}
}

// TestViews checks what each viewer sees on a crafted board: the markets and open goods for all,
// the viewer's own hand and secret goods, counts for the others.
func TestViews(t *testing.T) {
	b := newBuilder(t, 3, 3)
	b.market(1, Ginger, 4).market(2, Clove, 2)
	b.hand(0, Nutmeg, Saffron).secret(0, Clove, Ginger).open(0, Ginger)
	b.hand(1, Cinnamon).secret(1, Cinnamon, Cinnamon)
	b.hand(2, BlackPepper)
	s := b.done()
	obs := s.View(rules.Observer).(View)
	if obs.Hand != nil || obs.Secret != nil || obs.Viewer != rules.Observer || obs.Turn != 0 || obs.Round != 3 {
		t.Fatalf("observer view %+v", obs)
	}
	if m := obs.Markets[1]; m.Market != "B" || m.Spice != "ginger" || m.Count != 4 || m.Value != 6 || len(m.Cards) != 4 {
		t.Fatalf("market B %+v", m)
	}
	if m := obs.Markets[4]; m.Spice != "" || m.Count != 0 || m.Value != 0 {
		t.Fatalf("market E %+v", m)
	}
	if sv := obs.Seats[0]; sv.SecretCount != 2 || sv.HandCount != 2 || len(sv.Open) != 1 || sv.Open[0].Spice != "ginger" || !sv.OpenDone {
		t.Fatalf("seat 0 %+v", sv)
	}
	if len(obs.Spices) != 6 || obs.Spices[5].Scores != [4]int{3, 6, 8, 10} || en(obs.Spices[1].Name) != "black pepper" {
		t.Fatalf("spices %+v", obs.Spices)
	}
	own := s.View(0).(View)
	if len(own.Hand) != 2 || own.Hand[0].Spice != "nutmeg" || len(own.Secret) != 2 || own.Secret[1].Spice != "clove" {
		t.Fatalf("own view hand %+v secret %+v", own.Hand, own.Secret)
	}
	data, _ := json.Marshal(s.View(1))
	for _, c := range append(append([]int{}, s.Seats[0].Hand...), s.Seats[0].Secret...) {
		if strings.Contains(string(data), `"`+CardID(c)+`"`) {
			t.Fatalf("seat 1 sees seat 0's card %s", CardID(c))
		}
	}
	for _, id := range s.Hidden(1) {
		if strings.Contains(string(data), `"`+id+`"`) {
			t.Fatalf("seat 1 sees hidden %s", id)
		}
	}
	if n := len(s.Hidden(rules.Observer)); n != len(s.Deck)+2+2+1+2+1 {
		t.Fatalf("observer hidden %d", n)
	}
	if p := en(s.Private(0)); p != "Round 3. Your hand: nutmeg, saffron. Your secret goods: ginger, clove." {
		t.Fatalf("private %q", p)
	}
	if s.Private(rules.Observer) != "" {
		t.Fatal("observer has a private summary")
	}
}

// TestRegistrationView: during registration another seat's counts do not show whether it has
// registered.
func TestRegistrationView(t *testing.T) {
	st, _ := Game.New(3, nil, 11)
	s := st.(*State)
	mustApply(t, s, 1, "secret "+s.kindOf(1).Key())
	for _, v := range []rules.Seat{rules.Observer, 0, 2} {
		sv := s.View(v).(View).Seats[1]
		if sv.HandCount != HandSize || sv.SecretCount != 0 {
			t.Fatalf("viewer %d sees seat 1 with hand %d secret %d", v, sv.HandCount, sv.SecretCount)
		}
	}
	own := s.View(1).(View)
	if own.Seats[1].HandCount != 6 || own.Seats[1].SecretCount != 1 || len(own.Secret) != 1 || own.Waiting != 2 {
		t.Fatalf("own view %+v", own.Seats[1])
	}
	if own.LastMove != "" {
		t.Fatalf("last move %q reveals a registration", own.LastMove)
	}
}

func TestLoadRejectsBadStates(t *testing.T) {
	st, _ := Game.New(4, nil, 3)
	good, _ := json.Marshal(st)
	if _, err := Game.Load(good); err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	dup := cloneState(t, s)
	dup.Deck[0] = dup.Deck[1]
	lost := cloneState(t, s)
	lost.Deck = lost.Deck[1:]
	phase := cloneState(t, s)
	phase.Phase = "auction"
	for name, bad := range map[string]*State{"duplicate": dup, "missing": lost, "phase": phase} {
		data, _ := json.Marshal(bad)
		if _, err := Game.Load(data); err == nil {
			t.Errorf("%s: loaded", name)
		}
	}
	if _, err := Game.Load([]byte("{")); err == nil || !strings.HasPrefix(err.Error(), "load spice merchant") {
		t.Fatalf("error %v", err)
	}
}

func TestGameInfo(t *testing.T) {
	if Game.ID() != "spice-merchant" || Game.Name() != "Spice Merchant" || len(Game.Options()) != 0 {
		t.Fatal("identity")
	}
	if lo, hi := Game.Players(); lo != 3 || hi != 4 {
		t.Fatal("players")
	}
	topics := Game.Rules()
	if len(topics) < 8 || !strings.Contains(en(topics[len(topics)-1].Text), "Saffron (9 cards): 1 card 3, 2 cards 6, 3 cards 8, 4 cards 10.") {
		t.Fatalf("rules %+v", topics[len(topics)-1])
	}
}
