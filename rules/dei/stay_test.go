package dei

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"spicebot/rules"
)

// endOwnTurn ends seat 0's turn and every other seat's, keeping the pirates away, so that seat 0
// is to move again.
func endRound(t *testing.T, s *State) {
	t.Helper()
	for seat := 0; seat < len(s.Seats); seat++ {
		play(t, s, rules.Seat(seat), "end")
		s.Pirates = [2]Square{{3, 12}, {9, 12}}
		s.Queue, s.Pending = nil, nil
	}
}

// Issue 22's reproduction (rulebook "Special rules for movement": "you can stay there at turn 2
// but you have to leave it at turn 3"; NOTES §2.7.6): with 4 players, seat 0's big ship (sail 3)
// on W5's anchor (1,0), facing down, in open sea. After two turns there its third turn cannot end
// with the ship still in the harbour: turning in place is not leaving, so the turn that would spend
// its last movement point without a way out is refused, and so are stopping and ending the turn;
// sailing out makes the end legal, and the next turn carries no duty.
func TestStayLimitTurningInPlace(t *testing.T) {
	s := quiet(t, 4)
	anchor := Square{1, 0}
	if s.layout().Kind(anchor) != Anchor || s.dock(anchor) != 4 {
		t.Fatalf("(1,0) is not W5's anchor: kind %v dock %d", s.layout().Kind(anchor), s.dock(anchor))
	}
	place(s, 0, Big, anchor, 4)
	if s.ship(0, Big).Stats[Sail] != 3 {
		t.Fatalf("big ship sail %d, want 3", s.ship(0, Big).Stats[Sail])
	}
	endRound(t, s)
	endRound(t, s)
	if !s.mustLeave(0, Big) {
		t.Fatalf("third turn at W5: the big ship is not flagged to leave (stay %d at %d)", s.ship(0, Big).Stay, s.ship(0, Big).StayAt)
	}
	refused(t, s, 0, "end")
	play(t, s, 0, "turn big l")
	refused(t, s, 0, "end")
	play(t, s, 0, "turn big r")
	refused(t, s, 0, "stop")
	refused(t, s, 0, "end")
	refused(t, s, 0, "turn big d") // its last movement point, and no way out after it
	if m, _ := Game.ParseMove("turn big d"); !strings.Contains(english(rules.Reason(s.Apply(0, m))), "no way out") {
		t.Errorf("the refusal of the stranding turn reads %q", english(rules.Reason(s.Apply(0, m))))
	}
	if slices.Contains(texts(s, 0), "turn big d") || slices.Contains(texts(s, 0), "end") {
		t.Fatalf("legal moves %v offer a way to stay", texts(s, 0))
	}
	if s.ship(0, Big).At != anchor {
		t.Fatalf("the ship moved to %v", s.ship(0, Big).At)
	}
	play(t, s, 0, "sail big r") // (2,0): open sea, off the island
	play(t, s, 0, "end")
	for seat := 1; seat < 4; seat++ {
		play(t, s, rules.Seat(seat), "end")
	}
	if s.mustLeave(0, Big) {
		t.Fatal("after leaving, the next turn still carries the duty to leave")
	}
}

// The blocked case (package doc, "The stay limit"): a ship that must leave but has no way out
// with its movement points — here every square it could reach is taken — may end its turn in the
// harbour; the duty stays, and returns as soon as a way out opens.
func TestStayLimitBlocked(t *testing.T) {
	s := quiet(t, 4)
	anchor := Square{1, 0}
	place(s, 0, Big, anchor, 4)
	endRound(t, s)
	endRound(t, s)
	// Fill every sea square within reach of (1,0) and (0,1) with other ships.
	blockers := []Square{{2, 0}, {2, 1}, {1, 1}, {0, 2}, {1, 2}}
	others := [][2]int{{1, Big}, {1, Small}, {2, Big}, {2, Small}, {3, Big}}
	for i, q := range blockers {
		place(s, rules.Seat(others[i][0]), others[i][1], q, 0)
	}
	if sh := s.ship(0, Big); wayOut(s, 0, sh.At, sh.At, sh.Facing, sh.Stats[Sail], s.dock(sh.At)) {
		t.Fatal("boxed in, the ship can still leave")
	}
	if !slices.Contains(texts(s, 0), "end") {
		t.Fatalf("boxed in, the turn cannot end: %v", texts(s, 0))
	}
	play(t, s, 0, "end")
	for seat := 1; seat < 4; seat++ {
		play(t, s, rules.Seat(seat), "end")
		s.Pirates = [2]Square{{3, 12}, {9, 12}}
		s.Queue, s.Pending = nil, nil
	}
	place(s, 1, Big, Square{6, 2}, 0) // a way out opens at (2,0)
	if !s.mustLeave(0, Big) || slices.Contains(texts(s, 0), "end") {
		t.Fatalf("the way out open again: must leave %v, moves %v", s.mustLeave(0, Big), texts(s, 0))
	}
}

// stayWatch follows, independently of the engine's own count, how many of its owner's turns in a
// row each ship has ended at one island's (or the market's) harbours without leaving them, and
// whether it could have sailed out when its turn began.
type stayWatch struct {
	at      [][2]int  // dock of the last turn end, −1 none
	turns   [][2]int  // turn ends in a row at it
	left    [][2]bool // off it at some point of this turn
	couldGo [][2]bool // a way out when the owner's turn began (before any move of the owner)
	turn    int       // the TurnNo seen last
	stays   int       // third (or later) turn ends at one island: allowed only when boxed in
}

func newStayWatch(s *State) *stayWatch {
	n := len(s.Seats)
	w := &stayWatch{at: make([][2]int, n), turns: make([][2]int, n), left: make([][2]bool, n), couldGo: make([][2]bool, n), turn: -1}
	for i := range w.at {
		w.at[i] = [2]int{-1, -1}
	}
	return w
}

// wayOut is the test's own search: can a ship on at, facing f, with mp movement points reach a
// square that is not a harbour of island dock (1 MP to sail to one of the 5 front squares, 1 MP
// to turn), among the ships and pirates of s, not counting the ship itself (on self)?
func wayOut(s *State, seat rules.Seat, self Square, at Square, f Direction, mp, dock int) bool {
	type key struct {
		q Square
		f Direction
	}
	seen := map[key]int{{at, f}: mp}
	frontier := []key{{at, f}}
	for len(frontier) > 0 {
		p := frontier[0]
		frontier = frontier[1:]
		m := seen[p]
		if m == 0 {
			continue
		}
		for _, d := range []Direction{(p.f + 6) & 7, (p.f + 7) & 7, p.f, (p.f + 1) & 7, (p.f + 2) & 7} {
			q := p.q.Step(d)
			l := s.layout()
			if l.isLand(q) || q != self && s.occupied(q) || l.Kind(q) == HomePort && l.HomeAt(q) != int(seat) {
				continue
			}
			if s.dock(q) != dock {
				return true
			}
			if old, ok := seen[key{q, d}]; !ok || old < m-1 {
				seen[key{q, d}] = m - 1
				frontier = append(frontier, key{q, d})
			}
		}
		for d := Direction(0); d < 8; d++ {
			if old, ok := seen[key{p.q, d}]; !ok || old < m-1 {
				seen[key{p.q, d}] = m - 1
				frontier = append(frontier, key{p.q, d})
			}
		}
	}
	return false
}

// before is called before every move: at the first move of a turn it notes whether each ship of
// the player to move could sail out.
func (w *stayWatch) before(s *State) {
	if s.TurnNo == w.turn || s.Pending != nil || len(s.Queue) > 0 {
		return
	}
	if _, over, _ := s.overloaded(); over {
		return
	}
	w.turn = s.TurnNo
	for k := 0; k < 2; k++ {
		sh := s.ship(s.Turn, k)
		w.couldGo[s.Turn][k] = wayOut(s, s.Turn, sh.At, sh.At, sh.Facing, sh.Stats[Sail], s.dock(sh.At))
		w.left[s.Turn][k] = false
	}
}

// after is called after seat played m.
func (w *stayWatch) after(s *State, seat rules.Seat, m Move, turn rules.Seat) error {
	for k := 0; k < 2; k++ {
		if d := s.dock(s.ship(turn, k).At); d != w.at[turn][k] {
			w.left[turn][k] = true
		}
	}
	if m.Kind != KEnd {
		return nil
	}
	for k := 0; k < 2; k++ {
		sh := s.ship(seat, k)
		d := s.dock(sh.At)
		switch {
		case d < 0:
			w.at[seat][k], w.turns[seat][k] = -1, 0
		case d == w.at[seat][k] && !w.left[seat][k]:
			w.turns[seat][k]++
		default:
			w.at[seat][k], w.turns[seat][k] = d, 1
		}
		if w.turns[seat][k] >= 3 {
			w.stays++
			if w.couldGo[seat][k] {
				return fmt.Errorf("seat %d's ship %d ended turn %d of %d in a row at island %d's harbour (%v) though it could sail out", seat, k, w.turns[seat][k], w.turns[seat][k], d, sh.At)
			}
		}
	}
	return nil
}

// Issue 22: over games of Policy (which the AI's playouts use; one move in ten uniformly random)
// at every player count, no ship ends a third turn in a row at one island's harbours while it
// could have sailed out when its owner's turn began. With -short, a few games per count.
func TestStayLimitPolicyGames(t *testing.T) {
	games := 40
	if testing.Short() {
		games = 4
	}
	for players := 2; players <= 4; players++ {
		t.Run(fmt.Sprintf("%dp", players), func(t *testing.T) {
			stays := 0
			for i := 0; i < games; i++ {
				seed := uint64(2001 + i)
				st, err := Game.New(players, nil, seed)
				if err != nil {
					t.Fatal(err)
				}
				s := st.(*State)
				w := newStayWatch(s)
				rng := rules.NewRNG(seed ^ 0x5eed)
				for step := 0; ; step++ {
					if _, over := s.Outcome(); over {
						break
					}
					if step > 40000 {
						t.Fatalf("seed %d: no end after %d moves", seed, step)
					}
					w.before(s)
					seat, mv := Policy(s, &rng)
					if mv == nil {
						t.Fatalf("seed %d move %d: dead end", seed, step+1)
					}
					turn := s.Turn
					if err := s.Apply(seat, mv); err != nil {
						t.Fatalf("seed %d move %d: %v", seed, step+1, err)
					}
					if err := w.after(s, seat, mv.(Move), turn); err != nil {
						t.Fatalf("%d players seed %d move %d %q: %v", players, seed, step+1, mv, err)
					}
				}
				stays += w.stays
			}
			t.Logf("%d players, %d games: %d third-turn stays, all boxed in", players, games, stays)
		})
	}
}

// The stay limit (package doc): a ship that must leave and can sails before the player's other
// ship, so that the other ship cannot close its way out and keep it in harbour; once it has left,
// the other ship sails as usual.
func TestStayLimitOtherShipWaits(t *testing.T) {
	s := quiet(t, 4)
	place(s, 0, Small, Square{1, 0}, 4)
	place(s, 0, Big, Square{3, 2}, 0)
	endRound(t, s)
	endRound(t, s)
	if !s.mustLeave(0, Small) {
		t.Fatal("the small ship is not flagged to leave")
	}
	for _, m := range texts(s, 0) {
		if strings.HasPrefix(m, "sail big") || strings.HasPrefix(m, "turn big") {
			t.Fatalf("the big ship may move before the small one has left: %q in %v", m, texts(s, 0))
		}
	}
	if m, _ := Game.ParseMove("sail big u"); !strings.Contains(english(rules.Reason(s.Apply(0, m))), "sails first") {
		t.Errorf("the big ship's sail is refused with %q", english(rules.Reason(s.Apply(0, m))))
	}
	play(t, s, 0, "sail small r") // (2,0): it has left
	play(t, s, 0, "stop")
	play(t, s, 0, "sail big u")
}
