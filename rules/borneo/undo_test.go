package borneo

import (
	"testing"

	"spicebot/rules"
)

// TestUndoRulings plays random games and checks every move's Undoable against the rulings of the
// package doc ("Undo"): shipping and playing a fight card never (a card leaves the hand face
// up), the pick that ends a distribution never (a harbour is turned up and the turn player
// draws), every other pick and every other move always — placing, missions and their payments,
// moving, attacking, "done", the displaced merchant, the reward, the face-down discards and the
// last-chance pass — except the move that ends the game.
func TestUndoRulings(t *testing.T) {
	seen := map[string]map[bool]int{}
	games := 12
	if testing.Short() {
		games = 4
	}
	for seed := uint64(1); seed <= uint64(games); seed++ {
		st, err := Game.New(3+int(seed%3), rules.Options{"blackbeard": seed%2 == 0}, seed)
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		if s.Undoable() {
			t.Fatal("a new game is undoable")
		}
		rng := rules.NewRNG(seed)
		for steps := 0; steps < 2000; steps++ {
			if _, over := s.Outcome(); over {
				break
			}
			seat := s.Active()[0]
			legal := s.Legal(seat)
			m := legal[rng.Intn(len(legal))].(Move)
			endsDist := m.Kind == KindPick && len(s.Dist.Pool) <= 2 // the last card goes by itself
			if err := s.Apply(seat, m); err != nil {
				t.Fatal(err)
			}
			want := true
			switch m.Kind {
			case KindShip, KindPlay:
				want = false
			case KindPick:
				want = !endsDist
			}
			if s.Phase == PhaseOver {
				want = false // the end of the game is final
			}
			if s.Undoable() != want {
				t.Fatalf("seed %d: %q by seat %d: Undoable() = %v, want %v (log %v)", seed, m, seat, s.Undoable(), want, s.Log(seat)[max(0, len(s.Log(seat))-3):])
			}
			name := m.String()
			name = name[:min(len(name), 4)]
			if seen[name] == nil {
				seen[name] = map[bool]int{}
			}
			seen[name][want]++
		}
	}
	for _, k := range []string{"plac", "ship", "pick", "disc"} {
		if len(seen[k]) == 0 {
			t.Errorf("no %q move was played", k)
		}
	}
	if seen["pick"][true] == 0 || seen["pick"][false] == 0 {
		t.Errorf("picks: %v, want both rulings", seen["pick"])
	}
}

// A worked example: a shipment (the card is shown, then two cards are drawn) cannot be taken
// back; discarding down to six (face down) can; so can the turn that follows until a card shows.
func TestUndoShipDrawDiscard(t *testing.T) {
	s := crafted(t, 3, "H01 H03 H05")
	s.Seats[0].Hand = ids(t, "S02 S03 S04 S05 S06 S07")
	s.Deck = ids(t, "S50 S51 S52")
	play(t, s, 0, "ship S02 H03")
	if s.Undoable() {
		t.Fatal("shipping and drawing is undoable")
	}
	if s.Phase != PhaseDiscard {
		t.Fatalf("phase %s, want discard", s.Phase)
	}
	play(t, s, 0, "discard S03")
	if !s.Undoable() {
		t.Fatal("a face-down discard is not undoable")
	}
	if got := s.Hidden(1); !containsString(got, "S03") {
		t.Errorf("the discarded card is not hidden from seat 1: %v", got)
	}
	if got := s.Hidden(0); containsString(got, "S03") {
		t.Errorf("the discarded card is hidden from its owner: %v", got)
	}
}

// Cards the table saw go into the new deck at a reshuffle are in the deck or in the hand of a
// seat that drew since: Determinize never deals them to a hand that has not drawn since, nor more
// of them to a hand than it drew.
func TestDeterminizeAfterReshuffle(t *testing.T) {
	s := crafted(t, 3, "H01 H03 H05")
	s.Seats[0].Hand = ids(t, "S02 S03 S04 S05 S06 S07")
	s.Seats[1].Hand = ids(t, "S20 S21 S22")
	s.Seats[2].Hand = ids(t, "S30 S31 S32 S33")
	s.Deck = ids(t, "S50")
	s.Discard = ids(t, "S40 S41 S42 S43 S44")
	play(t, s, 0, "ship S02 H03") // draws S50, then the discard pile is reshuffled and one drawn
	if len(s.Reshuffled) != 5 || s.Seats[0].Drawn != 1 || s.Seats[2].Drawn != 0 {
		t.Fatalf("reshuffled %v, drawn %d %d", s.Reshuffled, s.Seats[0].Drawn, s.Seats[2].Drawn)
	}
	seen := ids(t, "S40 S41 S42 S43 S44")
	count := func(hand []int) int {
		n := 0
		for _, c := range hand {
			if containsInt(seen, c) {
				n++
			}
		}
		return n
	}
	for seed := uint64(1); seed <= 60; seed++ {
		d := s.Determinize(1, seed).(*State)
		if n := count(d.Seats[2].Hand); n != 0 {
			t.Fatalf("seed %d: seat 2 drew nothing since the reshuffle but holds %d of its cards: %v", seed, n, d.Seats[2].Hand)
		}
		// The new deck was those five cards; seat 0 drew one: it holds one, the deck the rest.
		if n := count(d.Seats[0].Hand); n != 1 {
			t.Fatalf("seed %d: seat 0 drew one card from the new deck but holds %d of its cards: %v", seed, n, d.Seats[0].Hand)
		}
		if n := count(d.Deck); n != 4 || len(d.Deck) != 4 {
			t.Fatalf("seed %d: the deck %v is not 4 of the reshuffled cards", seed, d.Deck)
		}
	}
}
