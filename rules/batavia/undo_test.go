package batavia

import (
	"testing"

	"spicebot/rules"
)

// TestUndoRulings plays random games and checks every move's Undoable against the rulings of the
// package doc ("Undo"): bids, passes and laying out are undoable; drawing is not (unless nothing
// was left to draw); a move that takes a face-down trading post or turns up the next five is not;
// nor is the move that ends a round (the next auction's die and cards) or the game (the hands are
// laid out); every other move is.
func TestUndoRulings(t *testing.T) {
	seen := map[MoveKind]map[bool]int{}
	games := 20
	if testing.Short() {
		games = 6
	}
	for seed := uint64(1); seed <= uint64(games); seed++ {
		st, err := Game.New(3+int(seed%3), rules.Options{OptQuickStart: seed%4 == 0}, seed)
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		if s.Undoable() {
			t.Fatal("a new game is undoable")
		}
		rng := rules.NewRNG(seed)
		for steps := 0; steps < 5000; steps++ {
			if _, over := s.Outcome(); over {
				break
			}
			round, faceUp, cards := s.Round, s.FaceUp, len(s.Stack)+handTotal(&s.Discard)
			down := 0
			for h := s.FaceUp; h < NumHexes; h++ {
				if s.Track[h] >= 0 {
					down++
				}
			}
			rec, err := rules.RandomStep(s, &rng)
			if err != nil {
				t.Fatal(err)
			}
			mv, _ := Game.ParseMove(rec.Move)
			m := mv.(Move)
			downAfter := 0
			for h := faceUp; h < NumHexes; h++ {
				if s.Track[h] >= 0 {
					downAfter++
				}
			}
			want := !(m.Kind == MoveDraw && cards > 0) && s.Round == round && s.Phase != PhaseOver &&
				s.FaceUp == faceUp && downAfter == down
			if s.Undoable() != want {
				t.Fatalf("seed %d: %q by seat %d: Undoable() = %v, want %v (log: %s)", seed, rec.Move, rec.Seat, s.Undoable(), want, lastLog(s))
			}
			if seen[m.Kind] == nil {
				seen[m.Kind] = map[bool]int{}
			}
			seen[m.Kind][want]++
		}
	}
	if seen[MoveBid][true] == 0 || seen[MoveLay][true] == 0 || seen[MoveDraw][false] == 0 || seen[MoveDone][false] == 0 || seen[MoveDone][true] == 0 {
		t.Errorf("rulings seen: %v", seen)
	}
	for _, k := range []MoveKind{MoveBid, MoveLay} {
		if seen[k][false] != 0 {
			t.Errorf("%v: %d not undoable", k, seen[k][false])
		}
	}
}

// Cards won at auction are known to be in the winner's hand: Determinize keeps them there, and
// laying out one of the company takes one off what is known.
func TestDeterminizeKeepsCardsWonAtAuction(t *testing.T) {
	st, err := Game.New(3, nil, 3)
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	// Everybody bids until one wins.
	for s.Phase == PhaseAuction {
		seat := s.Turn
		ms := s.Legal(seat)
		m := ms[len(ms)-1] // the highest bid, or pass
		if seat != 1 {
			m = Move{Kind: MovePass}
		}
		play(t, s, seat, m.String())
	}
	won := s.Seats[1].Known
	if won == nil || handTotal((*[NumCompanies]int)(won)) == 0 {
		t.Fatalf("seat 1 won the auction but nothing is known of its hand: %v (log %s)", won, lastLog(s))
	}
	for seed := uint64(1); seed <= 20; seed++ {
		d := s.Determinize(0, seed).(*State)
		for c := range won {
			if d.Seats[1].Hand[c] < won[c] {
				t.Fatalf("seed %d: seat 1's hand %v lacks the cards it won %v", seed, d.Seats[1].Hand, won)
			}
		}
	}
}

// A stack made from the discard pile holds only the cards that went into it, less those turned
// up at auction: Determinize deals the stack from those.
func TestDeterminizeAfterRestock(t *testing.T) {
	s := bare(t, 3)
	s.Stack = s.Stack[:0]
	s.Discard = [NumCompanies]int{0, 3, 0, 0, 2} // 3 of company 1, 2 of company 4
	for c := Company(0); c < NumCompanies; c++ {
		n := ShipsPerCompany - s.Discard[c]
		for i := range s.Seats {
			k := n / 3
			if i == 0 {
				k = n - 2*(n/3)
			}
			s.Seats[i].Hand[c] = k
		}
	}
	s.beginTurns()
	if err := s.Check(); err != nil {
		t.Fatal(err)
	}
	play(t, s, 0, "draw") // the discard pile becomes the stack; seat 0 draws 2 of its 5 cards
	if len(s.Restock) != NumCompanies || s.Restock[1] != 3 || s.Restock[4] != 2 || len(s.Stack) != 3 {
		t.Fatalf("restock %v, stack %v", s.Restock, s.Stack)
	}
	for seed := uint64(1); seed <= 30; seed++ {
		d := s.Determinize(1, seed).(*State)
		for _, c := range d.Stack {
			if c != 1 && c != 4 {
				t.Fatalf("seed %d: the stack %v holds a card that did not go into it", seed, d.Stack)
			}
		}
		if err := d.Check(); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
	}
}

// A player in the middle of laying out keeps, in every determinization for another viewer, a hand
// that lets it go on (it could lay out only with a hand that can win a majority).
func TestDeterminizeMidLayOut(t *testing.T) {
	found := 0
	for seed := uint64(1); seed <= 40 && found < 30; seed++ {
		st, err := Game.New(3+int(seed%3), nil, seed)
		if err != nil {
			t.Fatal(err)
		}
		rng := rules.NewRNG(seed)
		for steps := 0; steps < 5000; steps++ {
			if _, over := st.Outcome(); over {
				break
			}
			s := st.(*State)
			if s.Phase == PhaseTurn && s.LaidNow > 0 {
				found++
				for v := rules.Observer; int(v) < s.NumPlayers; v++ {
					for ds := uint64(0); ds < 10; ds++ {
						d := s.Determinize(v, ds)
						if len(d.Legal(s.Turn)) == 0 {
							t.Fatalf("seed %d: Determinize(%d, %d): the player laying out has no move", seed, v, ds)
						}
					}
				}
			}
			if _, err := rules.RandomStep(st, &rng); err != nil {
				t.Fatal(err)
			}
		}
	}
	if found == 0 {
		t.Fatal("nobody was laying out")
	}
}
