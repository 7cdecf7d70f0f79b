package spicemerchant

import (
	"strings"
	"testing"

	"spicebot/rules"
)

// exampleBoard is the board of the rulebook's examples 1 and 2 ("The end of round"): A and D one
// card short of four, B full of ginger, C two clove, E empty, F one ginger. The kinds on A and D
// are not given by the text; nutmeg and saffron are used here. Seat 0 is Robert (secret clove and
// ginger, open ginger); seat 2 is Jane (secret black pepper and ginger, open black pepper). It is
// round 3, so two secret goods each.
func exampleBoard(t *testing.T, mover ...Spice) *State {
	b := newBuilder(t, 3, 3)
	b.market(0, Nutmeg, 3).market(1, Ginger, 4).market(2, Clove, 2).market(3, Saffron, 3).market(5, Ginger, 1)
	b.secret(0, Clove, Ginger).open(0, Ginger).hand(0, Cinnamon, Cinnamon, Cinnamon, Cinnamon, Cinnamon, Cinnamon)
	b.secret(2, BlackPepper, Ginger).open(2, BlackPepper).hand(2, Cinnamon, Cinnamon, Cinnamon, Cinnamon, Cinnamon, Cinnamon)
	b.hand(1, mover...)
	s := b.done()
	s.Turn = 1
	return s
}

// TestRoundEndConditions plays the moves of example 1: the round ends at once when a second
// market reaches four cards or when the sixth market is occupied, and not otherwise.
func TestRoundEndConditions(t *testing.T) {
	hand := []Spice{Nutmeg, Saffron, Clove, Clove, Ginger, Ginger, Ginger}
	cases := []struct {
		move, why string // why is "" when the round goes on
	}{
		{"demand 1 nutmeg A", "two markets hold four cards"},
		{"demand 1 saffron D", "two markets hold four cards"},
		{"demand 2 clove C", "two markets hold four cards"},
		{"demand 3 ginger F", "two markets hold four cards"},
		{"demand 1 clove E", "all six markets are occupied"},
		{"demand 1 clove C", ""},
		{"demand 2 ginger F", ""},
	}
	for _, c := range cases {
		t.Run(c.move, func(t *testing.T) {
			s := exampleBoard(t, hand...)
			mustApply(t, s, 1, c.move)
			ended := s.Round == 4
			if c.why == "" {
				if ended || s.Phase != PhaseTurns || s.Turn != 2 {
					t.Fatalf("round ended or turn did not pass: round %d phase %s turn %d", s.Round, s.Phase, s.Turn)
				}
				return
			}
			if !ended || s.Phase != PhaseRegister {
				t.Fatalf("round did not end: round %d phase %s", s.Round, s.Phase)
			}
			if log := logText(s, rules.Observer, 1); !strings.Contains(log, "Round 3 ends: "+c.why+".") {
				t.Fatalf("log does not give the reason %q:\n%s", c.why, log)
			}
		})
	}
	s := exampleBoard(t, hand...)
	mustReject(t, s, 1, "demand 1 ginger E", "Ginger already occupies two markets.")
	mustReject(t, s, 1, "demand 2 nutmeg A", "at most 4 cards, so only 1 more")
	mustReject(t, s, 1, "demand 1 clove B", "Market B already holds ginger; put clove on an empty market or one with clove.")
}

// TestRobertAndJane scores examples 1 and 2: when the round ends, Robert sells clove on C (2
// cards, 4 points), ginger on B (4 cards, 6) and ginger on F (1 card, 1) for 11; Jane sells one
// black pepper on E (1 card, 2), discards the other, and sells ginger on B rather than F (6) for 8.
func TestRobertAndJane(t *testing.T) {
	s := exampleBoard(t, BlackPepper)
	mustApply(t, s, 1, "demand 1 pepper E")
	robert, jane := s.Seats[0], s.Seats[2]
	if robert.Score != 11 || robert.Last.Points != 11 || len(robert.Sold) != 3 {
		t.Fatalf("Robert: score %d, round points %d, %d sold; want 11, 11, 3", robert.Score, robert.Last.Points, len(robert.Sold))
	}
	wantSales := []Sale{{Market: 1, Demand: 4, Points: 6}, {Market: 2, Demand: 2, Points: 4}, {Market: 5, Demand: 1, Points: 1}}
	for i, sl := range robert.Last.Sales {
		if sl.Market != wantSales[i].Market || sl.Demand != wantSales[i].Demand || sl.Points != wantSales[i].Points {
			t.Fatalf("Robert's sale %d = %+v, want %+v", i, sl, wantSales[i])
		}
	}
	if jane.Score != 8 || len(jane.Sold) != 2 || len(jane.Last.Discarded) != 1 || jane.Last.Discarded[0] != BlackPepper {
		t.Fatalf("Jane: score %d, %d sold, discarded %v; want 8, 2, [black pepper]", jane.Score, len(jane.Sold), jane.Last.Discarded)
	}
	if jane.Last.Sales[0].Market != 1 || jane.Last.Sales[1].Market != 4 {
		t.Fatalf("Jane's sales %+v: want ginger on B and black pepper on E", jane.Last.Sales)
	}
	log := logText(s, rules.Observer, 1)
	for _, want := range []string{
		"Round 3 ends: all six markets are occupied.",
		"{0} reveals secret goods ginger, clove and open goods ginger; sells ginger on B for 6, clove on C for 4, ginger on F for 1: 11 points (total 11).",
		"{2} reveals secret goods ginger, black pepper and open goods black pepper; sells ginger on B for 6, black pepper on E for 2; discards black pepper (no market left): 8 points (total 8).",
		"{1} has no goods: 0 points (total 0).",
	} {
		if !strings.Contains(log, want) {
			t.Errorf("log lacks %q:\n%s", want, log)
		}
	}
	// The discarded black pepper went back into the new deck.
	if len(s.Discard) != 0 {
		t.Fatalf("discard pile not shuffled into the new deck: %v", s.Discard)
	}
}

// TestBestAssignment checks the engine's selling against a brute force over every assignment of
// goods to distinct markets of their kind, on many boards.
func TestBestAssignment(t *testing.T) {
	rng := rules.NewRNG(99)
	for trial := 0; trial < 300; trial++ {
		b := newBuilder(t, 3, 4)
		use := [NumSpices]int{}
		for m := 0; m < NumMarkets; m++ {
			if rng.Intn(4) == 0 {
				continue
			}
			k := Spice(rng.Intn(3)) // few kinds, so that they share markets
			if use[k] == 2 {
				continue
			}
			use[k]++
			b.market(m, k, 1+rng.Intn(4))
		}
		goods := []Spice{Spice(rng.Intn(3)), Spice(rng.Intn(3)), Spice(rng.Intn(3))}
		b.secret(0, goods[:2]...).open(0, goods[2])
		s := b.done()
		want := bruteBest(s, goods)
		s.sell(0)
		if s.Seats[0].Score != want {
			t.Fatalf("trial %d: goods %v on %+v sold for %d, brute force finds %d", trial, goods, s.Markets, s.Seats[0].Score, want)
		}
	}
}

// bruteBest tries every way to sell goods, each good in a market of its kind or unsold, no two
// goods in one market, and returns the best total.
func bruteBest(s *State, goods []Spice) int {
	best := 0
	var try func(i int, used [NumMarkets]bool, total int)
	try = func(i int, used [NumMarkets]bool, total int) {
		if i == len(goods) {
			best = max(best, total)
			return
		}
		try(i+1, used, total)
		for m := range s.Markets {
			mk := s.Markets[m]
			if len(mk.Cards) > 0 && mk.Spice == goods[i] && !used[m] {
				u := used
				u[m] = true
				try(i+1, u, total+goods[i].Value(len(mk.Cards)))
			}
		}
	}
	try(0, [NumMarkets]bool{}, 0)
	return best
}

// TestSpiceTable checks the transcribed deck and score tables against NOTES §3.3 and the values
// the rulebook gives (saffron 3/6/8/10, ginger 1 and 6, clove 4 at two, black pepper 2 at one).
func TestSpiceTable(t *testing.T) {
	total := 0
	want := map[Spice][2]int{Ginger: {19, 1}, BlackPepper: {17, 2}, Cinnamon: {15, 2}, Nutmeg: {13, 2}, Clove: {11, 2}, Saffron: {9, 3}}
	for k := Spice(0); k < NumSpices; k++ {
		info := spices[k]
		if info.first != total || info.cards != want[k][0] || k.Value(1) != want[k][1] {
			t.Errorf("%s: first %d cards %d value(1) %d", k.Name(), info.first, info.cards, k.Value(1))
		}
		for d := 2; d <= MaxDemand; d++ {
			if k.Value(d) < k.Value(d-1) {
				t.Errorf("%s: value falls from %d to %d cards", k.Name(), d-1, d)
			}
		}
		total += info.cards
	}
	if total != NumCards {
		t.Fatalf("%d cards, want 84", total)
	}
	if Saffron.Value(2) != 6 || Saffron.Value(3) != 8 || Saffron.Value(4) != 10 || Ginger.Value(4) != 6 || Clove.Value(2) != 4 {
		t.Fatal("a value found in the rulebook is wrong")
	}
	if Ginger.Value(0) != 0 || Ginger.Value(5) != 0 {
		t.Fatal("values outside 1..4 must be 0")
	}
	if CardID(0) != "C01" || CardID(83) != "C84" || CardKind(18) != Ginger || CardKind(19) != BlackPepper || CardKind(83) != Saffron {
		t.Fatal("card ids or kinds are wrong")
	}
}
