package borneo

import (
	"strings"
	"testing"

	"spicebot/rules"
)

func missionState(t *testing.T, warehouse string, board string, blackbeard bool) *State {
	s := crafted(t, 3, "H01 H03 H05")
	s.Blackbeard = blackbeard
	s.Phase = PhaseMission
	s.Missions = ids(t, board)
	var cards, hs []int
	for _, id := range strings.Fields(warehouse) {
		if id[0] == 'H' {
			hs = append(hs, ids(t, id)...)
		} else {
			cards = append(cards, ids(t, id)...)
		}
	}
	s.Seats[0].Cards = append([]int{}, cards...)
	s.Seats[0].HarbourCards = append([]int{}, hs...)
	s.Seats[0].Hand = ids(t, "S20 S21")
	return s
}

// A mission paid with a ×2 card and a wild, with no change (rulebook "1. Complete a Mission").
func TestMissionDoubleAndWildNoChange(t *testing.T) {
	s := missionState(t, "S14 S01 S04 S10 S02", "M01 M05 M09", false)
	if !hasMove(s, 0, "mission M01") || !hasMove(s, 0, "mission M05 pepper") || hasMove(s, 0, "mission M09") {
		t.Fatalf("mission starts %v", legalTexts(s, 0))
	}
	reject(t, s, 0, "mission M05", "Say which spice")
	reject(t, s, 0, "mission M05 nutmeg", "cannot pay that mission")
	reject(t, s, 0, "mission M09", "cannot pay that mission")
	reject(t, s, 0, "mission M12 pepper", "not on the board")
	play(t, s, 0, "mission M01")
	if !equalSeats(s.Active(), seats(0)) || s.Phase != PhasePay {
		t.Fatalf("phase %s", s.Phase)
	}
	reject(t, s, 0, "pay S20", "not in your warehouse")
	play(t, s, 0, "pay S14")
	reject(t, s, 0, "pay S14", "already paid")
	reject(t, s, 0, "pay S02", "would not reduce")
	reject(t, s, 0, "pay S02 nutmeg", "Secrets of Blackbeard")
	play(t, s, 0, "pay S01")
	play(t, s, 0, "pay S04")
	if v := s.View(rules.Observer).(*View); v.Payment == nil || enText(v.Payment.Remaining) != "1 cloves, 1 nutmeg (less 1 wild paid)" {
		t.Errorf("payment view %+v", v.Payment)
	}
	play(t, s, 0, "pay S10")
	if !equalInts(s.Seats[0].Missions, ids(t, "M01")) || !equalInts(s.Seats[0].Cards, ids(t, "S02")) {
		t.Errorf("missions %v warehouse %v", s.Seats[0].Missions, s.Seats[0].Cards)
	}
	if !equalInts(s.Discard, ids(t, "S14 S01 S04 S10")) || !equalInts(s.Missions, ids(t, "M05 M09")) {
		t.Errorf("discard %v board %v", s.Discard, s.Missions)
	}
	if s.Phase != PhaseCompany {
		t.Errorf("after a mission: phase %s, want company", s.Phase)
	}
	reject(t, s, 0, "mission M05 pepper", "already completed a mission this turn")

	// Four of one spice: S14 (pepper×2) + S02 (pepper) + S01 (wild).
	s = missionState(t, "S14 S01 S02 S04", "M05", false)
	play(t, s, 0, "mission M05 pepper")
	reject(t, s, 0, "pay S04", "would not reduce")
	play(t, s, 0, "pay S01")
	play(t, s, 0, "pay S14")
	play(t, s, 0, "pay S02")
	if !equalInts(s.Seats[0].Cards, ids(t, "S04")) || len(s.Seats[0].Missions) != 1 {
		t.Errorf("warehouse %v missions %v", s.Seats[0].Cards, s.Seats[0].Missions)
	}
}

// Harbour cards pay as one spice; a cancelled mission leaves the warehouse unchanged.
func TestMissionHarbourCardsAndCancel(t *testing.T) {
	s := missionState(t, "S02 S04 S10 H07", "M01", false)
	play(t, s, 0, "mission M01")
	play(t, s, 0, "pay H07")
	play(t, s, 0, "pay S02")
	play(t, s, 0, "cancel")
	if s.Phase != PhaseMission || len(s.Seats[0].HarbourCards) != 1 || len(s.Seats[0].Cards) != 3 || s.Pay != nil {
		t.Fatalf("cancel changed the warehouse or phase: %+v", s.Seats[0])
	}
	// Started again in the same turn, it would be a loop with no end (issue 22): refused.
	if m, _ := Game.ParseMove("mission M01"); s.Apply(0, m) == nil {
		t.Fatal("a mission cancelled this turn was started again")
	}
	s = missionState(t, "S02 S04 S10 H07", "M01", false)
	play(t, s, 0, "mission M01")
	for _, m := range []string{"pay S02", "pay S04", "pay S10", "pay H07"} {
		play(t, s, 0, m)
	}
	if len(s.Seats[0].HarbourCards) != 0 || len(s.Seats[0].Cards) != 0 || !equalInts(s.Discard, ids(t, "S02 S04 S10")) {
		t.Errorf("warehouse %+v discard %v", s.Seats[0], s.Discard)
	}
}

// The Blackbeard pirate trade (rulebook "Game Variant: the Secrets of Blackbeard"): one card
// counts as another spice, the trader takes the ship, the holder may not trade, no trade in the
// last chance, and the ship costs 2 points.
func TestBlackbeardTrade(t *testing.T) {
	plain := missionState(t, "S02 S04 S10 S06", "M01", false)
	if hasMove(plain, 0, "mission M01") {
		t.Fatalf("no nutmeg, no variant: M01 should not be payable")
	}
	s := missionState(t, "S02 S04 S10 S06", "M01 M02", true)
	play(t, s, 0, "mission M01")
	reject(t, s, 0, "pay S02 cinnamon", "not reduce")
	play(t, s, 0, "pay S02")
	play(t, s, 0, "pay S06 nutmeg")
	reject(t, s, 0, "pay S10 cinnamon", "only one spice")
	play(t, s, 0, "pay S04")
	play(t, s, 0, "pay S10")
	if s.Pirate != 0 || len(s.Seats[0].Missions) != 1 {
		t.Fatalf("pirate %d missions %v", s.Pirate, s.Seats[0].Missions)
	}
	if !logHas(s, rules.Observer, "takes the pirate ship from the cove") {
		t.Errorf("log lacks the pirate ship")
	}
	// The holder may not trade again.
	s.Seats[0].Cards = ids(t, "S02 S04 S10 S06")
	s.Phase = PhaseMission
	if hasMove(s, 0, "mission M02") {
		t.Errorf("the ship's holder may not trade")
	}
	// Another seat trading takes the ship from its holder.
	s.Turn = 1
	s.Seats[1].Cards = ids(t, "S02 S04 S10 S06")
	s.Seats[1].Hand = ids(t, "S20")
	play(t, s, 1, "mission M02")
	play(t, s, 1, "pay S06 nutmeg")
	play(t, s, 1, "pay S02")
	play(t, s, 1, "pay S04")
	play(t, s, 1, "pay S10")
	if s.Pirate != 1 || !logHas(s, rules.Observer, "takes the pirate ship from {0}") {
		t.Errorf("pirate %d", s.Pirate)
	}
	// Scoring: seat 1 has 6 VP − 2 = 4, seat 0 has 4 cards + 6 VP = 10.
	s.endGame("test")
	s.settle()
	out, ok := s.Outcome()
	if !ok || out.Scores[0] != 10 || out.Scores[1] != 4 {
		t.Fatalf("outcome %+v", out)
	}
	if !strings.Contains(enText(out.Details[1]), "− 2 for the pirate ship") {
		t.Errorf("details %q", out.Details[1])
	}
}

// A payment that would leave the mission unpayable is refused: here S02 must be the traded card.
func TestPaymentKeepsMissionPayable(t *testing.T) {
	s := missionState(t, "S14 S06 S03 S07 S02", "M09", true)
	play(t, s, 0, "mission M09")
	reject(t, s, 0, "pay S02", "unpayable")
	for _, m := range []string{"pay S02 nutmeg", "pay S14", "pay S06", "pay S03", "pay S07"} {
		play(t, s, 0, m)
	}
	if len(s.Seats[0].Missions) != 1 || s.Pirate != 0 || len(s.Seats[0].Cards) != 0 {
		t.Errorf("missions %v pirate %d", s.Seats[0].Missions, s.Pirate)
	}
}

// Last-chance missions may not use the pirate trade.
func TestLastChanceNoTrade(t *testing.T) {
	s := missionState(t, "S02 S04 S10 S06", "M01", true)
	s.Seats[1].Cards = ids(t, "S03 S08 S05 S09")
	s.Turn = 2
	s.endGame("test")
	s.settle()
	// Seat 0 could only pay with a trade, so it is skipped; seat 1 may complete M01.
	if !equalSeats(s.Active(), seats(1)) {
		t.Fatalf("active %v, want seat 1", s.Active())
	}
	if !logHas(s, rules.Observer, "{0} cannot complete a last mission") {
		t.Errorf("seat 0 should be skipped: %v", s.Log(rules.Observer))
	}
	play(t, s, 1, "mission M01")
	reject(t, s, 1, "pay S03 nutmeg", "last-chance")
	for _, m := range []string{"pay S03", "pay S08", "pay S05", "pay S09"} {
		play(t, s, 1, m)
	}
	if _, over := s.Outcome(); !over {
		t.Fatalf("game should be over, phase %s", s.Phase)
	}
}
