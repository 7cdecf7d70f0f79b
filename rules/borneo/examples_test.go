package borneo

import (
	"testing"

	"spicebot/rules"
)

// The red monopoly at Achim with six flags (rulebook "Example of Monopoly"): the shipper takes the
// harbour card, then the red merchants pick in rank order, cycling back to rank 1.
func TestMonopolyAtAchim(t *testing.T) {
	cases := []struct {
		name     string
		before   string // cards already on Achim
		picks    []string
		seats    []int // who must pick, in order (the last card goes automatically)
		want1    string
		want2    string
		flagsRed int
	}{
		{name: "two cards", before: "S16", picks: []string{"pick S16"}, seats: []int{1}, want1: "S16", want2: "S17", flagsRed: 6},
		{name: "cycling", before: "S36 S16", picks: []string{"pick S17", "pick S36"}, seats: []int{1, 2}, want1: "S17 S16", want2: "S36", flagsRed: 6},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := crafted(t, 4, "H01 H03 H05")
			s.Harbours[0].Cards = ids(t, tc.before)
			s.Seats[0].Hand = ids(t, "S17 S02")
			s.Companies[red] = seats(1, 2)
			s.Companies[yellow] = seats(0, 3)
			s.Deck = ids(t, "S50 S51 S52")
			s.HarbourDeck = ids(t, "H07")
			play(t, s, 0, "ship S17 H01")
			if s.Dist == nil || !s.Dist.Monopoly || len(s.Dist.Companies) != 1 || s.Dist.Companies[0] != red {
				t.Fatalf("want a red monopoly, got %+v", s.Dist)
			}
			if s.Dist.Flags[red] != tc.flagsRed {
				t.Errorf("red flags = %d, want %d", s.Dist.Flags[red], tc.flagsRed)
			}
			if !equalInts(s.Seats[0].HarbourCards, ids(t, "H01")) {
				t.Errorf("shipper's harbours = %v, want Achim", s.Seats[0].HarbourCards)
			}
			v := s.View(rules.Observer).(*View)
			if v.Distribution == nil || !v.Distribution.Monopoly || v.Distribution.Companies[0] != "R" || v.Phase != "pick" {
				t.Errorf("view distribution = %+v phase %s", v.Distribution, v.Phase)
			}
			reject(t, s, 0, "pick S17", "It is not your turn")
			for i, p := range tc.picks {
				if got := s.Active(); !equalSeats(got, seats(tc.seats[i])) {
					t.Fatalf("pick %d: active %v, want %d", i, got, tc.seats[i])
				}
				play(t, s, rules.Seat(tc.seats[i]), p)
			}
			if !equalInts(s.Seats[1].Cards, ids(t, tc.want1)) || !equalInts(s.Seats[2].Cards, ids(t, tc.want2)) {
				t.Errorf("warehouses %v / %v, want %s / %s", s.Seats[1].Cards, s.Seats[2].Cards, tc.want1, tc.want2)
			}
			if len(s.Seats[0].Cards)+len(s.Seats[3].Cards) != 0 {
				t.Errorf("merchants outside red received spices")
			}
			if s.Harbours[0].Card != ids(t, "H07")[0] || len(s.Harbours[0].Cards) != 0 {
				t.Errorf("slot 0 not refilled with Banda: %+v", s.Harbours[0])
			}
			if !equalInts(s.Seats[0].Hand, ids(t, "S02 S52 S51")) {
				t.Errorf("shipper's hand after the draw = %v", s.Seats[0].Hand)
			}
			if s.Phase != PhaseMission || s.Turn != 1 {
				t.Errorf("phase %s turn %d, want seat 1's phase 1", s.Phase, s.Turn)
			}
		})
	}
}

// The shared distribution example (rulebook "Example of Shared distribution"): S03, S18, S58 and
// S01 at a 6/4 harbour give yellow 5, red 4, green 2, blue 2; green's flag comes first, so the
// 1st merchants pick yellow, red, green, blue.
func TestSharedDistributionExample(t *testing.T) {
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
	d := s.Dist
	if d == nil || d.Monopoly {
		t.Fatalf("want a shared distribution, got %+v", d)
	}
	if d.Flags != [4]int{5, 4, 2, 2} {
		t.Errorf("flags = %v, want yellow 5, red 4, green 2, blue 2", d.Flags)
	}
	if len(d.Companies) != 4 || d.Companies[0] != yellow || d.Companies[1] != red || d.Companies[2] != green || d.Companies[3] != blue {
		t.Errorf("company order = %v, want Y R G B", d.Companies)
	}
	if !equalInts(s.Seats[0].HarbourCards, ids(t, "H03")) {
		t.Errorf("the shipper did not take Bantam")
	}
	for i, p := range []string{"pick S58", "pick S01", "pick S03"} {
		if got := s.Active(); !equalSeats(got, seats(i)) {
			t.Fatalf("pick %d: active %v, want %d", i, got, i)
		}
		play(t, s, rules.Seat(i), p)
	}
	want := []string{"S58", "S01", "S03", "S18"}
	for i, w := range want {
		if !equalInts(s.Seats[i].Cards, ids(t, w)) {
			t.Errorf("seat %d warehouse %v, want %s", i, s.Seats[i].Cards, w)
		}
	}
	if !logHas(s, rules.Observer, "Shared distribution at [[H03]]: yellow 5, red 4, green 2, blue 2.") {
		t.Errorf("log lacks the distribution line: %v", s.Log(rules.Observer))
	}
}

// Second merchants pick after the first ones, the picking cycles, and a company without flags
// receives nothing (rulebook "Important: If a company has no flags at a harbor").
func TestSharedDistributionRanksAndNoFlags(t *testing.T) {
	s := crafted(t, 4, "H03 H01 H05")
	s.Harbours[0].Cards = ids(t, "S02 S04 S16")
	s.Seats[0].Hand = ids(t, "S43")
	s.Companies[yellow] = seats(0)
	s.Companies[red] = seats(1, 2)
	s.Companies[blue] = seats(3)
	s.Deck = ids(t, "S50 S51")
	s.HarbourDeck = ids(t, "H07")
	play(t, s, 0, "ship S43 H03")
	if s.Dist.Flags != [4]int{5, 5, 3, 0} {
		t.Fatalf("flags = %v", s.Dist.Flags)
	}
	play(t, s, 0, "pick S02")
	play(t, s, 1, "pick S04")
	reject(t, s, 0, "pick S16", "It is not your turn")
	play(t, s, 2, "pick S16")
	if !equalInts(s.Seats[0].Cards, ids(t, "S02 S43")) || len(s.Seats[3].Cards) != 0 {
		t.Errorf("yellow #1 should get the last card and blue nothing: %v / %v", s.Seats[0].Cards, s.Seats[3].Cards)
	}
}

// Two companies reaching the monopoly number at once: the first flag on the last card decides
// (rulebook "Monopoly"), here red although yellow's flag comes first in the column.
func TestMonopolyTieBreakOnLastCard(t *testing.T) {
	s := crafted(t, 3, "H09 H01 H05")
	s.Harbours[0].Cards = ids(t, "S01 S28")
	s.Seats[0].Hand = ids(t, "S26 S02")
	s.Companies[yellow] = seats(1)
	s.Companies[red] = seats(2)
	s.Deck = ids(t, "S50 S51")
	s.HarbourDeck = ids(t, "H07")
	play(t, s, 0, "ship S26 H09")
	if s.Dist == nil || !s.Dist.Monopoly || s.Dist.Companies[0] != red || s.Dist.Flags[yellow] != 5 || s.Dist.Flags[red] != 5 {
		t.Fatalf("want red's monopoly with yellow 5 red 5, got %+v", s.Dist)
	}
	play(t, s, 2, "pick S01")
	play(t, s, 2, "pick S28")
	if !equalInts(s.Seats[2].Cards, ids(t, "S01 S28 S26")) || len(s.Seats[1].Cards) != 0 {
		t.Errorf("red's merchant should take all three cards: %v", s.Seats[2].Cards)
	}
}

// A monopoly whose company has no merchant: the spices are discarded at the end of the turn.
func TestMonopolyWithoutMerchants(t *testing.T) {
	s := crafted(t, 3, "H01 H03 H05")
	s.Harbours[0].Cards = ids(t, "S16")
	s.Seats[0].Hand = ids(t, "S17 S02")
	s.Companies[yellow] = seats(0, 1, 2)
	s.Deck = ids(t, "S50 S51")
	s.HarbourDeck = ids(t, "H07")
	play(t, s, 0, "ship S17 H01")
	if !equalInts(s.Discard, ids(t, "S16 S17")) || s.Phase != PhaseMission || s.Turn != 1 {
		t.Errorf("discard %v phase %s turn %d", s.Discard, s.Phase, s.Turn)
	}
}

func fightState(t *testing.T, column []int, attacker, defender string) *State {
	s := crafted(t, 3, "H01 H03 H05")
	s.Phase = PhaseMission
	s.Companies[yellow] = seats(column...)
	s.Companies[red] = seats(2)
	s.Seats[0].Hand = ids(t, attacker)
	s.Seats[1].Hand = ids(t, defender)
	return s
}

// Fights (rulebook "2. Companies", rulings §1.6.3–§1.6.4).
func TestFightDefenderBonusDecides(t *testing.T) {
	s := fightState(t, []int{1, 2, 0}, "S02 S41", "S11 S12 S36")
	play(t, s, 0, "fight Y3 Y1")
	reject(t, s, 0, "play S41", "shows no yellow flag")
	reject(t, s, 0, "done", "Play at least one card")
	play(t, s, 0, "play S02")
	reject(t, s, 0, "play S41", "shows no yellow flag")
	play(t, s, 0, "done")
	if got := s.Active(); !equalSeats(got, seats(1)) {
		t.Fatalf("defender should act, active %v", got)
	}
	play(t, s, 1, "play S11")
	reject(t, s, 1, "play S12", "at most 1 card")
	play(t, s, 1, "done")
	// 3 flags against 3 + bonus 1: the defender holds.
	if s.Phase != PhaseReward || !equalSeats(s.Active(), seats(1)) {
		t.Fatalf("phase %s active %v, want the defender's reward", s.Phase, s.Active())
	}
	if !hasMove(s, 1, "keep none") || !hasMove(s, 1, "keep S11") {
		t.Fatalf("reward moves %v", legalTexts(s, 1))
	}
	play(t, s, 1, "keep S11")
	if !equalInts(s.Seats[1].Cards, ids(t, "S11")) || !equalInts(s.Discard, ids(t, "S02")) {
		t.Errorf("warehouse %v discard %v", s.Seats[1].Cards, s.Discard)
	}
	if !equalSeats(s.Companies[yellow], seats(1, 2, 0)) || s.Phase != PhaseShip || s.Turn != 0 {
		t.Errorf("column %v phase %s", s.Companies[yellow], s.Phase)
	}
}

func TestFightTieGoesToAttacker(t *testing.T) {
	for _, tc := range []struct {
		choice    string
		wantY     []int
		wantRed   []int
		displaced bool
	}{
		{choice: "stay", wantY: []int{0, 1}, wantRed: []int{2}},
		{choice: "move R", wantY: []int{0}, wantRed: []int{2, 1}},
	} {
		t.Run(tc.choice, func(t *testing.T) {
			s := fightState(t, []int{1, 0}, "S02 S41", "S11 S36")
			play(t, s, 0, "fight Y2 Y1")
			play(t, s, 0, "play S02")
			play(t, s, 0, "done")
			play(t, s, 1, "play S11")
			play(t, s, 1, "done")
			if s.Phase != PhaseDisplaced || !equalSeats(s.Active(), seats(1)) {
				t.Fatalf("phase %s active %v, want the displaced defender", s.Phase, s.Active())
			}
			reject(t, s, 1, "move Y", "Choose another company")
			play(t, s, 1, tc.choice)
			if !equalSeats(s.Companies[yellow], seats(tc.wantY...)) || !equalSeats(s.Companies[red], seats(tc.wantRed...)) {
				t.Errorf("yellow %v red %v", s.Companies[yellow], s.Companies[red])
			}
			if !equalInts(s.Discard, ids(t, "S02 S11")) || s.Phase != PhaseShip {
				t.Errorf("discard %v phase %s", s.Discard, s.Phase)
			}
		})
	}
}

func TestFightDefenderMustKeepACard(t *testing.T) {
	s := fightState(t, []int{1, 0}, "S02 S03 S41", "S11")
	play(t, s, 0, "fight Y2 Y1")
	play(t, s, 0, "play S02")
	play(t, s, 0, "play S03")
	reject(t, s, 0, "play S41", "shows no yellow flag")
	play(t, s, 0, "done")
	reject(t, s, 1, "play S11", "keep at least one card")
	if got := legalTexts(s, 1); len(got) != 1 || got[0] != "done" {
		t.Errorf("one-card defender moves %v", got)
	}
	play(t, s, 1, "done")
	if s.Phase != PhaseDisplaced {
		t.Errorf("phase %s", s.Phase)
	}
}

// A one-card hand may not attack (rulebook "Important: If you only have one card").
func TestOneCardHandMayNotAttack(t *testing.T) {
	s := fightState(t, []int{1, 0}, "S02", "S11 S12")
	for _, m := range legalTexts(s, 0) {
		if m[:5] == "fight" {
			t.Fatalf("fight listed with one card: %s", m)
		}
	}
	reject(t, s, 0, "fight Y2 Y1", "keep at least one card")
	s.Seats[0].Hand = ids(t, "S02 S41")
	if !hasMove(s, 0, "fight Y2 Y1") {
		t.Fatalf("two cards should allow the fight: %v", legalTexts(s, 0))
	}
	reject(t, s, 0, "fight Y1 Y2", "no merchant at first place in yellow")
	s.Companies[yellow] = seats(0, 0)
	reject(t, s, 0, "fight Y2 Y1", "your own merchant")
}

// Full columns (rulings §1.6.2): never placed or moved into; a displaced defender with every
// other company full takes the vacated slot.
func TestFullColumns(t *testing.T) {
	s := fightState(t, []int{1, 0}, "S02 S41", "S11 S36")
	s.Companies[red] = seats(2, 2, 1, 1, 2)
	s.Companies[green] = seats(2, 2, 1, 1, 2)
	s.Companies[blue] = seats(2, 2, 1, 1, 2)
	reject(t, s, 0, "move Y2 R", "Company red is full.")
	for _, m := range legalTexts(s, 0) {
		if m[:4] == "move" {
			t.Fatalf("move listed into a full company: %s", m)
		}
	}
	play(t, s, 0, "fight Y2 Y1")
	play(t, s, 0, "play S02")
	play(t, s, 0, "done")
	play(t, s, 1, "done")
	if s.Phase != PhaseShip || !equalSeats(s.Companies[yellow], seats(0, 1)) {
		t.Errorf("defender should stay automatically: phase %s yellow %v", s.Phase, s.Companies[yellow])
	}
	if !logHas(s, rules.Observer, "Every other company is full") {
		t.Errorf("log lacks the automatic stay")
	}

	p := newState(3, false, false, 3)
	p.Companies[yellow] = seats(0, 1, 2, 0, 1)
	reject(t, p, p.Placement[0], "place Y", "Company yellow is full.")
	if hasMove(p, p.Placement[0], "place Y") {
		t.Errorf("place Y listed for a full yellow")
	}
}

// Moving a merchant closes the gap in the old company and takes the first empty slot.
func TestMoveMerchant(t *testing.T) {
	s := fightState(t, []int{1, 0, 2}, "S02", "S11")
	s.Companies[red] = seats(2)
	play(t, s, 0, "move Y2 R")
	if !equalSeats(s.Companies[yellow], seats(1, 2)) || !equalSeats(s.Companies[red], seats(2, 0)) || s.Phase != PhaseShip {
		t.Errorf("yellow %v red %v phase %s", s.Companies[yellow], s.Companies[red], s.Phase)
	}
	reject(t, s, 0, "move Y1 G", "already used your company action")
}

// The setup snake draft (rulings §1.6.1): clockwise, back counter-clockwise from the first
// player's right, clockwise again; a 4th counter-clockwise round with four merchants.
func TestSnakeDraft(t *testing.T) {
	if got := placementOrder(4, 1, false); !equalSeats(got, seats(1, 2, 3, 0, 0, 3, 2, 1, 1, 2, 3, 0)) {
		t.Errorf("4 players from seat 1: %v", got)
	}
	if got := placementOrder(3, 0, true); !equalSeats(got, seats(0, 1, 2, 2, 1, 0, 0, 1, 2, 2, 1, 0)) {
		t.Errorf("3 players with four merchants: %v", got)
	}
	st, err := Game.New(5, nil, 11)
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	first := s.First
	order := placementOrder(5, first, false)
	for i, want := range order {
		if got := s.Active(); !equalSeats(got, []rules.Seat{want}) {
			t.Fatalf("placement %d: active %v, want %d", i, got, want)
		}
		other := (want + 1) % 5
		reject(t, s, other, "place B", "It is not your turn")
		play(t, s, want, []string{"place Y", "place R", "place G", "place B"}[i%4])
	}
	total := 0
	for _, col := range s.Companies {
		total += len(col)
	}
	if total != 15 || s.Phase != PhaseMission || s.Turn != first {
		t.Errorf("after the draft: %d merchants, phase %s, turn %d (first %d)", total, s.Phase, s.Turn, first)
	}
}

// Setup removes harbours and missions by player count (rulebook "Setup").
func TestSetupByPlayerCount(t *testing.T) {
	for _, tc := range []struct {
		players, harbours, missions int
		four                        bool
	}{{3, 12, 12, false}, {4, 12, 12, false}, {5, 10, 16, false}, {3, 12, 12, true}} {
		s := newState(tc.players, false, tc.four, 5)
		if n := len(s.HarbourDeck) + harbourSlots; n != tc.harbours {
			t.Errorf("%d players: %d harbours", tc.players, n)
		}
		if len(s.Missions) != tc.missions {
			t.Errorf("%d players: %d missions", tc.players, len(s.Missions))
		}
		for _, st := range s.Seats {
			if len(st.Hand) != 3 {
				t.Errorf("hand of %d cards", len(st.Hand))
			}
		}
		if len(s.Deck) != numShipments-3*tc.players {
			t.Errorf("deck of %d", len(s.Deck))
		}
		want := 3 * tc.players
		if tc.four {
			want = 12
		}
		if len(s.Placement) != want {
			t.Errorf("%d placements, want %d", len(s.Placement), want)
		}
		for _, h := range append(append([]int{}, s.HarbourDeck...), s.Harbours[0].Card, s.Harbours[1].Card, s.Harbours[2].Card) {
			if m := harbours[h].mark; (m == markFive && tc.players < 5) || (m == markThreeFour && tc.players == 5) {
				t.Errorf("%d players: harbour %s should be removed", tc.players, harbourIDs[h])
			}
		}
	}
	if _, err := Game.New(4, rules.Options{OptFourMerchants: true}, 1); err == nil {
		t.Errorf("four merchants accepted with 4 players")
	}
	if _, err := Game.New(6, nil, 1); err == nil {
		t.Errorf("6 players accepted")
	}
}
