package borneo

import (
	"testing"

	"spicebot/rules"
	"spicebot/rules/rulestest"
)

// Issue 7, item 7: spices that no merchant can take go to the discard pile as part of the
// distribution (rulings §1.6.9), so the draw of the same turn reshuffles them. The issue's
// reproduction: a red monopoly at Achim with no red merchant, the deck and the discard pile
// empty. Before the fix the cards waited until after the draw, which found nothing and ended
// the game.
func TestUnclaimedSpicesAreReshuffledByTheDraw(t *testing.T) {
	s := crafted(t, 3, "H01 H03 H05")
	s.Harbours[0].Cards = ids(t, "S16")
	s.Seats[0].Hand = ids(t, "S17 S60")
	s.Companies[yellow] = seats(0, 1, 2) // red has no merchant
	s.HarbourDeck = ids(t, "H07")
	play(t, s, 0, "ship S17 H01")
	if s.EndReason != "" || s.Phase != PhaseMission || s.Turn != 1 || !equalSeats(s.Active(), seats(1)) {
		t.Fatalf("the game should go on with seat 1: reason %q phase %s turn %d", s.EndReason, s.Phase, s.Turn)
	}
	hand := s.Seats[0].Hand
	if len(hand) != 3 || !containsInt(hand, ids(t, "S60")[0]) || !containsInt(hand, ids(t, "S16")[0]) || !containsInt(hand, ids(t, "S17")[0]) {
		t.Fatalf("hand %v, want S60 and the reshuffled S16 and S17", hand)
	}
	if len(s.Deck) != 0 || len(s.Discard) != 0 || !equalInts(s.Seats[0].HarbourCards, ids(t, "H01")) {
		t.Errorf("deck %v discard %v harbours %v", s.Deck, s.Discard, s.Seats[0].HarbourCards)
	}
	if !logHas(s, rules.Observer, "No merchant can take the spices at") ||
		!logHas(s, rules.Observer, "shuffled into a new shipment deck of 2 cards") ||
		!logHas(s, rules.Observer, "{0} draws 2 cards.") {
		t.Errorf("log %v", s.Log(rules.Observer))
	}
	if err := checkConservation(s, false); err != nil {
		t.Error(err)
	}
	// The table saw S16 and S17 go into the discard pile: this move's log names them, and until
	// the next move they are not hidden; where they are (seat 0's hand) is named nowhere.
	if err := rulestest.CheckLeaks(s); err != nil {
		t.Error(err)
	}
	if !equalInts(s.Exposed, ids(t, "S16 S17")) || containsString(s.Hidden(1), "S16") || !containsString(s.Hidden(1), "S60") {
		t.Errorf("exposed %v, hidden from seat 1 %v", s.Exposed, s.Hidden(1))
	}
	s.Seats[1].Hand = ids(t, "S40 S41")
	s.Deck = ids(t, "S50 S51 S52")
	play(t, s, 1, "ship S40 H03")
	if len(s.Exposed) != 0 || !containsString(s.Hidden(1), "S16") {
		t.Errorf("after the next move: exposed %v, hidden from seat 1 %v", s.Exposed, s.Hidden(1))
	}
}

func containsString(xs []string, x string) bool {
	for _, v := range xs {
		if v == x {
			return true
		}
	}
	return false
}

// The leftover spices join older discards in the reshuffle: the deck holds one card, so the
// second card of the draw comes from S40, S41, S16 and S17 shuffled together.
func TestUnclaimedSpicesJoinTheDiscardPile(t *testing.T) {
	s := crafted(t, 3, "H01 H03 H05")
	s.Harbours[0].Cards = ids(t, "S16")
	s.Seats[0].Hand = ids(t, "S17 S02")
	s.Companies[yellow] = seats(0, 1, 2)
	s.Deck = ids(t, "S50")
	s.Discard = ids(t, "S40 S41")
	s.HarbourDeck = ids(t, "H07")
	play(t, s, 0, "ship S17 H01")
	if s.EndReason != "" || s.Phase != PhaseMission || s.Turn != 1 {
		t.Fatalf("the game should go on: reason %q phase %s turn %d", s.EndReason, s.Phase, s.Turn)
	}
	hand := s.Seats[0].Hand
	if len(hand) != 3 || !containsInt(hand, ids(t, "S50")[0]) {
		t.Fatalf("hand %v, want S02, S50 and one reshuffled card", hand)
	}
	if len(s.Deck) != 3 || len(s.Discard) != 0 || !logHas(s, rules.Observer, "shuffled into a new shipment deck of 4 cards") {
		t.Errorf("deck %v discard %v, want the other 3 of S40 S41 S16 S17 in the deck", s.Deck, s.Discard)
	}
	if err := checkConservation(s, false); err != nil {
		t.Error(err)
	}
}

// Only the top row of a covered card shows (rulings §1.6.5): S02's and S18's red bottom flags
// no longer count, so red has 5 visible flags at Achim (6/4), not 7, and nothing is distributed.
func TestCoveredBottomFlagsDoNotCount(t *testing.T) {
	s := crafted(t, 3, "H01 H03 H05")
	s.Harbours[0].Cards = ids(t, "S02 S18")
	s.Seats[0].Hand = ids(t, "S21 S03")
	s.Companies[red] = seats(1)
	s.Deck = ids(t, "S50 S51")
	s.HarbourDeck = ids(t, "H07")
	play(t, s, 0, "ship S21 H01")
	if s.Dist != nil || len(s.Harbours[0].Cards) != 3 || len(s.Seats[1].Cards) != 0 {
		t.Fatalf("no monopoly expected: dist %+v harbour %+v", s.Dist, s.Harbours[0])
	}
	v := s.View(rules.Observer).(*View)
	if v.Harbours[0].Flags != [4]int{3, 5, 1, 1} {
		t.Errorf("visible flags %v, want yellow 3, red 5, green 1, blue 1", v.Harbours[0].Flags)
	}
	// The fourth card reaches the card limit and red's monopoly (8 flags) comes first.
	s.Turn, s.Phase = 0, PhaseShip
	s.Seats[0].Hand = ids(t, "S16 S03")
	play(t, s, 0, "ship S16 H01")
	if s.Dist == nil || !s.Dist.Monopoly || s.Dist.Companies[0] != red || s.Dist.Flags[red] != 8 {
		t.Fatalf("want red's monopoly with 8 flags, got %+v", s.Dist)
	}
}

// Phase order (rulebook "Game Play"): a mission only comes first; after a move or a fight no
// mission may be started, and after a mission the company action is still allowed.
func TestPhaseOrder(t *testing.T) {
	for _, tc := range []struct {
		name   string
		first  []string
		reject string
		want   string
	}{
		{name: "mission after a move", first: []string{"move Y2 R"}, reject: "mission M01", want: "start of your turn"},
		{name: "mission after a fight", first: []string{"fight Y2 Y1", "play S02", "done", "1 done", "1 stay"}, reject: "mission M01", want: "start of your turn"},
		{name: "second mission", first: []string{"mission M01", "pay S04", "pay S09", "pay S10", "pay S07"}, reject: "mission M02", want: "already completed a mission this turn"},
		{name: "mission while paying", first: []string{"mission M01", "pay S04"}, reject: "mission M02", want: "finish paying"},
		{name: "company action after a mission", first: []string{"mission M01", "pay S04", "pay S09", "pay S10", "pay S07", "move Y2 R"}, reject: "move Y1 G", want: "already used your company action"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := fightState(t, []int{1, 0}, "S02 S41", "S11 S36")
			s.Missions = ids(t, "M01 M02")
			s.Seats[0].Cards = ids(t, "S04 S09 S10 S07 S08 S05 S12 S15")
			s.Deck = ids(t, "S50 S51")
			for _, m := range tc.first {
				seat := rules.Seat(0)
				if m[0] == '1' { // the defender's moves are written "1 done"
					seat, m = 1, m[2:]
				}
				play(t, s, seat, m)
			}
			reject(t, s, 0, tc.reject, tc.want)
		})
	}
}

// Fight outcomes (rulebook "2. Companies", rulings §1.6.3–§1.6.4): only the fight company's flags
// count, on all four positions of a card; the bonus counts every merchant between, the
// attacker's own included; a victorious defender keeps one card and every other card is discarded.
func TestFightOutcomes(t *testing.T) {
	for _, tc := range []struct {
		name      string
		yellow    []int
		red       []int
		attack    string // attacker's hand
		defence   string // defender's hand
		moves     []string
		column    company
		want      []int // the fight column afterwards
		discard   string
		warehouse string // the defender's warehouse afterwards
	}{
		{name: "two defence cards, one kept", yellow: []int{1, 2, 0}, red: []int{2}, attack: "S03 S04 S41", defence: "S11 S12 S36",
			moves:  []string{"fight Y3 Y1", "play S03", "play S04", "done", "1 play S11", "1 play S12", "1 done", "1 keep S12"},
			column: yellow, want: []int{1, 2, 0}, discard: "S03 S04 S11", warehouse: "S12"},
		{name: "the attacker's own merchant counts for the bonus", yellow: []int{1, 0, 0}, red: []int{2}, attack: "S03 S41", defence: "S11 S36",
			moves:  []string{"fight Y3 Y1", "play S03", "done", "1 play S11", "1 done", "1 keep none"},
			column: yellow, want: []int{1, 0, 0}, discard: "S03 S11", warehouse: ""},
		{name: "adjacent merchants, no bonus", yellow: []int{1, 0, 0}, red: []int{2}, attack: "S03 S41", defence: "S11 S36",
			moves:  []string{"fight Y2 Y1", "play S03", "done", "1 play S11", "1 done", "1 move R"},
			column: yellow, want: []int{0, 0}, discard: "S03 S11", warehouse: ""},
		{name: "a bottom flag counts in a fight", yellow: []int{2}, red: []int{1, 0}, attack: "S02 S41", defence: "S36 S11",
			moves:  []string{"fight R2 R1", "play S02", "done", "1 done", "1 stay"},
			column: red, want: []int{0, 1}, discard: "S02", warehouse: ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := fightState(t, tc.yellow, tc.attack, tc.defence)
			s.Companies[red] = seats(tc.red...)
			for _, m := range tc.moves {
				seat := rules.Seat(0)
				if m[0] == '1' {
					seat, m = 1, m[2:]
				}
				play(t, s, seat, m)
			}
			if s.Phase != PhaseShip || s.Fight != nil {
				t.Fatalf("phase %s, want the attacker's shipment", s.Phase)
			}
			if !equalSeats(s.Companies[tc.column], seats(tc.want...)) {
				t.Errorf("column %v, want %v", s.Companies[tc.column], tc.want)
			}
			if !equalInts(s.Discard, ids(t, tc.discard)) || !equalInts(s.Seats[1].Cards, ids(t, tc.warehouse)) {
				t.Errorf("discard %v warehouse %v, want %s / %s", s.Discard, s.Seats[1].Cards, tc.discard, tc.warehouse)
			}
		})
	}
}

// A wild harbour card (the 5-player harbours Batavia and Macassar) pays one spice of any type
// (rulings §1.6.12), and a player cannot pay with a card still in hand.
func TestWildHarbourPaysAnySpice(t *testing.T) {
	s := missionState(t, "S02 S04 S10 H13", "M01", false)
	s.Seats[0].Hand = ids(t, "S07 S21")
	play(t, s, 0, "mission M01")
	reject(t, s, 0, "pay S07", "not in your warehouse")
	for _, m := range []string{"pay H13", "pay S02", "pay S04", "pay S10"} {
		play(t, s, 0, m)
	}
	if !equalInts(s.Seats[0].Missions, ids(t, "M01")) || len(s.Seats[0].HarbourCards) != 0 {
		t.Errorf("missions %v harbours %v", s.Seats[0].Missions, s.Seats[0].HarbourCards)
	}
}

// Every move that Legal does not list is refused with a specific sentence, never the generic
// fallback, in every phase reached by random games of every setup; labels stay within 100
// characters.
func TestEveryIllegalMoveHasAReason(t *testing.T) {
	generic := rules.Msg("borneo.illegal.generic")
	for i, su := range setups {
		st, err := Game.New(su.Players, su.Options, uint64(500+i))
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		rng := rules.NewRNG(uint64(i))
		_, err = rules.Playout(s, &rng, 5000, func(r rules.Record) error {
			actor, ok := s.actor()
			if !ok {
				return nil
			}
			legal := map[rules.Move]bool{}
			for _, m := range s.Legal(actor) {
				legal[m] = true
				if l := s.Describe(actor, m).Label; l == "" || len([]rune(enWords(l))) > 100 {
					t.Errorf("label %q of %q", l, m)
				}
			}
			for _, b := range boxed {
				if !legal[b] {
					if why := s.whyIllegal(actor, b.(Move)); why == generic || why == "" {
						t.Errorf("phase %s: %q gets the reason %q", s.Phase, b, why)
					}
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
}

// When one card brings two companies to the monopoly number, the first flag on that last card
// decides, whatever their counts (rulebook "Monopoly": "the tied company whose flag comes first
// ... on the very last card played"): red with 7 beats yellow with 9 at Ternate (7/5).
func TestMonopolyTieBreakIgnoresCounts(t *testing.T) {
	s := crafted(t, 3, "H02 H03 H05")
	s.Harbours[0].Cards = ids(t, "S01 S02 S21 S22")
	s.Seats[0].Hand = ids(t, "S03 S40")
	s.Companies[yellow] = seats(1)
	s.Companies[red] = seats(2)
	s.Deck = ids(t, "S50 S51")
	s.HarbourDeck = ids(t, "H07")
	play(t, s, 0, "ship S03 H02")
	d := s.Dist
	if d == nil || !d.Monopoly || d.Companies[0] != red || d.Flags[yellow] != 9 || d.Flags[red] != 7 {
		t.Fatalf("want red's monopoly with red 7 against yellow 9, got %+v", d)
	}
	if !equalSeats(s.Active(), seats(2)) {
		t.Errorf("red's merchant should pick first, active %v", s.Active())
	}
}

// A card discarded down to the hand limit comes from the secret hand and is not revealed
// (rulebook "4. Draw Two Cards" only says "discard"): the log names it to its owner only.
func TestHandLimitDiscardIsSecret(t *testing.T) {
	s := crafted(t, 3, "H01 H03 H05")
	s.Seats[0].Hand = ids(t, "S02 S03 S04 S05 S06 S07")
	s.Deck = ids(t, "S50 S51")
	play(t, s, 0, "ship S02 H03")
	play(t, s, 0, "discard S03")
	if !equalInts(s.Discard, ids(t, "S03")) || len(s.Seats[0].Hand) != 6 {
		t.Fatalf("discard %v hand %v", s.Discard, s.Seats[0].Hand)
	}
	if !logHas(s, 0, "You discard [[S03]].") {
		t.Errorf("the owner's log should name the card: %v", s.Log(0))
	}
	for _, v := range []rules.Seat{rules.Observer, 1, 2} {
		if logHas(s, v, "S03") || !logHas(s, v, "{0} discards a card.") {
			t.Errorf("viewer %d log %v", v, s.Log(v))
		}
	}
	if v := s.View(rules.Observer).(*View); enText(v.LastMove) != "{0} discards a card." {
		t.Errorf("last move %q", v.LastMove)
	}
}
