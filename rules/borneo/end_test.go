package borneo

import (
	"strings"
	"testing"

	"spicebot/rules"
)

// Drawing with a reshuffle (rulebook "4. Draw Two Cards"): the deck runs out part-way, the
// discard pile becomes the new deck, the draw goes on; then discard down to six.
func TestReshuffleOnDraw(t *testing.T) {
	s := crafted(t, 3, "H01 H03 H05")
	s.Seats[0].Hand = ids(t, "S02 S03 S04 S05 S06 S07")
	s.Deck = ids(t, "S50")
	s.Discard = ids(t, "S40 S41 S42")
	play(t, s, 0, "ship S02 H03")
	if len(s.Seats[0].Hand) != 7 || len(s.Deck)+len(s.Discard) != 2 || len(s.Discard) != 0 {
		t.Fatalf("hand %v deck %v discard %v", s.Seats[0].Hand, s.Deck, s.Discard)
	}
	if !containsInt(s.Seats[0].Hand, ids(t, "S50")[0]) || !logHas(s, rules.Observer, "shuffled into a new shipment deck of 3 cards") {
		t.Errorf("the last deck card first, then the reshuffle: %v", s.Log(rules.Observer))
	}
	if !logHas(s, 0, "You draw [[S50]] and") || !logHas(s, 1, "{0} draws 2 cards.") || logHas(s, 1, "S50") {
		t.Errorf("draws must be private")
	}
	if s.Phase != PhaseDiscard || !equalSeats(s.Active(), seats(0)) {
		t.Fatalf("phase %s, want discard", s.Phase)
	}
	reject(t, s, 0, "discard S02", "not in your hand")
	play(t, s, 0, "discard S03")
	if s.Phase != PhaseMission || s.Turn != 1 || len(s.Seats[0].Hand) != 6 {
		t.Errorf("phase %s turn %d hand %d", s.Phase, s.Turn, len(s.Seats[0].Hand))
	}
}

// The game ends when two cards cannot be drawn even after reshuffling; the partial draw stands,
// and the last-chance missions start left of the last player (rulebook "End of the Game").
func TestEndWhenShipmentCardsRunOut(t *testing.T) {
	s := crafted(t, 4, "H01 H03 H05")
	s.Turn = 2
	s.Seats[2].Hand = ids(t, "S02")
	s.Seats[1].Hand = ids(t, "S60")
	s.Deck = ids(t, "S50")
	s.Missions = ids(t, "M01")
	s.Seats[3].Cards = ids(t, "S02 S04 S10 S05")
	s.Seats[2].Hand = ids(t, "S11")
	s.Seats[1].Cards = ids(t, "S09 S08 S12 S07")
	s.Seats[0].Cards = ids(t, "S14")
	play(t, s, 2, "ship S11 H03")
	if s.Phase != PhaseLastChance || enText(s.EndReason) != "The shipment cards have run out" {
		t.Fatalf("phase %s reason %q", s.Phase, s.EndReason)
	}
	for i := range s.Seats {
		if len(s.Seats[i].Hand) != 0 {
			t.Errorf("hands are discarded at the end")
		}
	}
	if len(s.Hidden(rules.Observer)) != 0 {
		t.Errorf("nothing should stay hidden from the table: %v", s.Hidden(rules.Observer))
	}
	// Order 3, 0, 1, 2: seat 3 may complete M01, seat 0 cannot and is skipped, seat 1 may.
	if !equalSeats(s.LastChance, seats(3, 0, 1, 2)) || !equalSeats(s.Active(), seats(3)) {
		t.Fatalf("last chance %v active %v", s.LastChance, s.Active())
	}
	reject(t, s, 1, "pass", "It is not your turn: {3} may complete one last mission.")
	play(t, s, 3, "pass")
	if !equalSeats(s.Active(), seats(1)) {
		t.Fatalf("active %v, want seat 1 after seat 0 is skipped", s.Active())
	}
	play(t, s, 1, "mission M01")
	for _, m := range []string{"pay S09", "pay S08", "pay S12", "pay S07"} {
		play(t, s, 1, m)
	}
	out, over := s.Outcome()
	if !over || len(s.Active()) != 0 || s.Phase != PhaseOver {
		t.Fatalf("game should be over")
	}
	if out.Scores[1] != 6 || out.Scores[3] != 4 || len(out.Winners) != 1 || out.Winners[0] != 1 || out.TieBreak != "" {
		t.Errorf("outcome %+v", out)
	}
	if !strings.Contains(enText(s.Status()), "{1} wins with 6 points") {
		t.Errorf("status %q", s.Status())
	}
	reject(t, s, 1, "pass", "The game is over.")
}

// The game ends when a harbour must be turned over and the harbour deck is empty; the draw is
// skipped (rulings §1.6.10).
func TestEndWhenHarbourDeckEmpty(t *testing.T) {
	s := crafted(t, 3, "H01 H03 H05")
	s.Harbours[0].Cards = ids(t, "S16")
	s.Seats[0].Hand = ids(t, "S17 S02")
	s.Companies[red] = seats(1)
	s.Deck = ids(t, "S50 S51 S52")
	play(t, s, 0, "ship S17 H01")
	play(t, s, 1, "pick S16")
	if enText(s.EndReason) != "The harbour deck is empty" || s.Phase == PhaseMission {
		t.Fatalf("reason %q phase %s", s.EndReason, s.Phase)
	}
	if out, over := s.Outcome(); !over || out.Scores[0] != 1 || out.Scores[1] != 2 {
		t.Fatalf("outcome %+v (nobody can complete a mission)", out)
	}
	if !logHas(s, rules.Observer, "The harbour deck is empty: the game ends. Each player may complete one last mission, starting with {1}.") {
		t.Errorf("log %v", s.Log(rules.Observer))
	}
}

// Ties go to the most missions, then a shared victory (rulebook "End of the Game", rulings §1.6.14).
func TestScoreTieBreak(t *testing.T) {
	s := crafted(t, 3, "H01 H03 H05")
	s.Seats[0].Cards = ids(t, "S01 S02 S03 S04 S05 S06 S07 S08")
	s.Seats[0].Missions = ids(t, "M05")
	s.Seats[1].Cards = ids(t, "S11 S12")
	s.Seats[1].Missions = ids(t, "M01 M02")
	s.Seats[2].Cards = ids(t, "S21")
	s.endGame("test")
	s.settle()
	out, _ := s.Outcome()
	if out.Scores[0] != 16 || out.Scores[1] != 14 {
		t.Fatalf("scores %v", out.Scores)
	}
	s.Seats[1].HarbourCards = ids(t, "H07 H08")
	s.score()
	out, _ = s.Outcome()
	if !equalSeats(out.Winners, seats(1)) || enText(out.TieBreak) != "most missions" {
		t.Errorf("16-16 with 2 missions against 1: %+v", out)
	}
	s.Seats[0].Missions = ids(t, "M05 M06")
	s.Seats[0].Cards = []int{}
	s.score()
	out, _ = s.Outcome()
	if !equalSeats(out.Winners, seats(0, 1)) || enText(out.TieBreak) != "shared victory" || !strings.Contains(enText(s.Status()), "share the victory") {
		t.Errorf("16-16 with 2 missions each: %+v", out)
	}
}
