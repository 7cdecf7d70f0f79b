package spicemerchant

import (
	"slices"
	"testing"

	"spicebot/rules"
)

// TestUndoRulings plays random games and checks every move's Undoable against the rulings of the
// package doc ("Undo"): a secret good is undoable unless it is the last of the registration
// (everybody then draws); open goods and fake demand never are (cards are shown and drawn); a
// pass is, unless it ends the round (the goods are revealed and the deck reshuffled).
func TestUndoRulings(t *testing.T) {
	seen := map[MoveKind]map[bool]int{}
	games := 40
	if testing.Short() {
		games = 10
	}
	for seed := uint64(1); seed <= uint64(games); seed++ {
		st, err := Game.New(3+int(seed%2), nil, seed)
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
			rec, err := rules.RandomStep(s, &rng)
			if err != nil {
				t.Fatal(err)
			}
			mv, _ := Game.ParseMove(rec.Move)
			m := mv.(Move)
			var want bool
			switch m.Kind {
			case MoveSecret:
				want = s.Phase == PhaseRegister // not the last: the turns have not begun
			case MovePass:
				want = s.Phase == PhaseTurns && s.Passes > 0 // the round goes on
			}
			if s.Undoable() != want {
				t.Fatalf("seed %d: %q by seat %d: Undoable() = %v, want %v", seed, rec.Move, rec.Seat, s.Undoable(), want)
			}
			if seen[m.Kind] == nil {
				seen[m.Kind] = map[bool]int{}
			}
			seen[m.Kind][want]++
		}
	}
	if seen[MoveSecret][true] == 0 || seen[MoveSecret][false] == 0 || seen[MoveOpen][false] == 0 || seen[MoveDemand][false] == 0 {
		t.Errorf("rulings seen: %v", seen)
	}
}

// A worked example: in round 1 (one secret good each) the secret goods of the first two seats are
// undoable; the last secret good of the table is not (everybody draws back to 7), nor is the
// first action of the turns (a card is shown and drawn).
func TestUndoSecretGoods(t *testing.T) {
	st, err := Game.New(3, nil, 5)
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	for seat := rules.Seat(0); seat < 3; seat++ {
		ms := s.Legal(seat)
		mustApply(t, s, seat, ms[0].String())
		if last := seat == 2; s.Undoable() == last {
			t.Errorf("secret good of seat %d (the last: %v): Undoable() = %v", seat, last, s.Undoable())
		}
	}
	if s.Phase != PhaseTurns {
		t.Fatalf("phase %s, want turns", s.Phase)
	}
	m := s.Legal(s.Turn)[0]
	mustApply(t, s, s.Turn, m.String())
	if s.Undoable() {
		t.Errorf("%q is undoable: it shows cards and draws", m)
	}
}

// The cards on the markets and the unsold goods go into the deck when a round begins, in
// everybody's sight: until a seat draws, its hand cannot hold them, and Determinize never deals
// them there; once it has drawn, at most as many as it drew.
func TestDeterminizeAfterReshuffle(t *testing.T) {
	st, err := Game.New(4, nil, 9)
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	rng := rules.NewRNG(9)
	for s.Round < 2 {
		if _, err := rules.RandomStep(s, &rng); err != nil {
			t.Fatal(err)
		}
	}
	if s.Phase != PhaseRegister || len(s.Reshuffled) == 0 {
		t.Fatalf("round %d phase %s, reshuffled %v", s.Round, s.Phase, s.Reshuffled)
	}
	check := func(when string) {
		t.Helper()
		for seed := uint64(1); seed <= 40; seed++ {
			d := s.Determinize(0, seed).(*State)
			for i := 1; i < 4; i++ {
				n := 0
				for _, c := range append(append([]int(nil), d.Seats[i].Hand...), d.Seats[i].Secret...) {
					if slices.Contains(s.Reshuffled, c) {
						n++
					}
				}
				if n > d.Seats[i].Drawn {
					t.Fatalf("%s, seed %d: seat %d drew %d cards since the reshuffle but holds %d of its cards", when, seed, i, d.Seats[i].Drawn, n)
				}
			}
		}
	}
	check("registration")
	for s.Phase == PhaseRegister {
		if _, err := rules.RandomStep(s, &rng); err != nil {
			t.Fatal(err)
		}
	}
	check("after the draws")
}
