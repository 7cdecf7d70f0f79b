package dei

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"spicebot/rules"
)

// Package doc, "No step back" (issue 26 item 6, issue 22's cycle check): within one turn a player
// does not reverse an exchange — unload a good loaded, load a good unloaded, hand back what the
// other ship gave, sell crates bought or buy crates sold — so that no sequence of moves brings a
// turn back where it was and could be repeated forever. Each reversal is refused with a reason,
// and the turn after, everything is offered again.
func TestNoStepBack(t *testing.T) {
	s := quiet(t, 3)
	port := s.layout().Homes[0].Port
	place(s, 0, Big, port[0], 0)
	place(s, 0, Small, port[1], 0) // orthogonally beside: they may trans-ship
	s.ship(0, Small).Goods = Goods{Clove: 1}
	home := s.Seats[0].Home
	play(t, s, 0, "load big crate 3")
	noStepBack(t, s, "unload big all")
	play(t, s, 0, "unload small all")
	noStepBack(t, s, "load small clove 1")
	play(t, s, 0, "give big crate 2")
	noStepBack(t, s, "give small crate 1")
	play(t, s, 0, "load small gold 2")  // another good is loaded freely
	play(t, s, 0, "load small crate 1") // and more of one already loaded
	if got := s.Seats[0].Home; got[Crate] != home[Crate]-4 || got[Gold] != home[Gold]-2 || got[Clove] != home[Clove]+1 {
		t.Fatalf("home stock %v from %v", got, home)
	}
	// At Market Island: buying then selling (or selling then buying) in one turn is no exchange.
	s2 := quiet(t, 3)
	place(s2, 0, Big, s2.layout().Market.Port[0], 4).Goods = Goods{Gold: 3, Crate: 2}
	play(t, s2, 0, "buy big")
	noStepBack(t, s2, "sell big")
	s3 := quiet(t, 3)
	place(s3, 0, Big, s3.layout().Market.Port[0], 4).Goods = Goods{Gold: 3, Crate: 2}
	play(t, s3, 0, "sell big")
	noStepBack(t, s3, "buy big")
	// A new turn, a clean slate.
	play(t, s, 0, "end")
	for seat := 1; seat < 3; seat++ {
		play(t, s, rules.Seat(seat), "end")
		s.Pirates = [2]Square{{3, 12}, {9, 12}}
		s.Queue, s.Pending = nil, nil
	}
	if !slices.Contains(texts(s, 0), "unload big all") {
		t.Fatalf("next turn: unloading is not offered again: %v", texts(s, 0))
	}
}

// noStepBack checks that seat 0 may not play text (it is not listed, and refused with the
// step-back reason).
func noStepBack(t *testing.T, s *State, text string) {
	t.Helper()
	if slices.Contains(texts(s, 0), text) {
		t.Fatalf("%q is offered: %v", text, texts(s, 0))
	}
	m, err := Game.ParseMove(text)
	if err != nil {
		t.Fatal(err)
	}
	if why := english(rules.Reason(s.Apply(0, m))); !strings.Contains(why, "undo what you did this turn") {
		t.Fatalf("%q refused with %q", text, why)
	}
}

// No turn of a policy game (Policy, which the AI's playouts and sim's players use) comes back to a
// position it was in: a load/unload (or give/give back, buy/sell) cycle within one turn fails
// this test. Positions compare ships, cargo, home stocks, piles and floating cargo.
func TestNoCycleWithinATurn(t *testing.T) {
	games := 30
	if testing.Short() {
		games = 3
	}
	for players := 2; players <= 4; players++ {
		for i := 0; i < games; i++ {
			seed := uint64(3001 + i)
			st, _ := Game.New(players, nil, seed)
			s := st.(*State)
			rng := rules.NewRNG(seed)
			seen := map[string]int{}
			turn := -1
			for step := 1; ; step++ {
				if _, over := s.Outcome(); over {
					break
				}
				if s.TurnNo != turn {
					turn, seen = s.TurnNo, map[string]int{position(s): step - 1}
				}
				seat, m := Policy(s, &rng)
				if m == nil || step > 40000 {
					t.Fatalf("%d players seed %d: stuck at move %d", players, seed, step)
				}
				if err := s.Apply(seat, m); err != nil {
					t.Fatal(err)
				}
				if s.TurnNo != turn {
					continue
				}
				p := position(s)
				if at, ok := seen[p]; ok {
					t.Fatalf("%d players seed %d turn %d: move %d %q brings back the position after move %d", players, seed, turn, step, m, at)
				}
				seen[p] = step
			}
		}
	}
}

// position is what a cycle must bring back: every ship, the cargo and home stocks, the piles,
// floating cargo, pirates and the movement under way.
func position(s *State) string {
	var b strings.Builder
	for _, st := range s.Seats {
		fmt.Fprint(&b, st.Home, st.Known)
		for _, sh := range st.Ships {
			fmt.Fprint(&b, sh.At, sh.Facing, sh.Stats, sh.Goods, sh.Moved, sh.Attacked, sh.Looked)
		}
	}
	fmt.Fprint(&b, s.Piles, s.Floating, s.Pirates, s.Moving, s.MPLeft, s.Pending != nil, len(s.Queue))
	return b.String()
}

// Issue 26 item 6: the policy (the AI's playouts and prior, sim's players) does not look at a
// card it already knows and cannot pay for — it would refuse it again with nothing changed — but
// looks at an unknown card, and at the known one once the ship has the crates.
func TestPolicyLooksOnlyWhenItCanChange(t *testing.T) {
	s := quiet(t, 3)
	anchor := s.layout().Islands[0].Anchors[0]
	sh := place(s, 0, Big, anchor, 0)
	pile := s.Piles[0]
	top := pile[len(pile)-1]
	need := cards[top].Crates
	sh.Goods = Goods{Crate: need - 1}
	s.Seats[0].Known = []Peek{{Island: 0, Card: top}}
	s.Seats[0].Home = Goods{} // nothing to load at home first
	greedyLooks := func() bool {
		m, ok := s.greedy(0, s.Legal(0))
		return ok && m.(Move).Kind == KLook
	}
	if !slices.Contains(texts(s, 0), "look big "+islandID(0)) {
		t.Fatalf("looking is not even legal: %v", texts(s, 0))
	}
	if greedyLooks() {
		t.Errorf("the policy looks at %s's top card, which it knows asks %d crates, with %d aboard", islandID(0), need, need-1)
	}
	sh.Goods[Crate] = need
	if !greedyLooks() {
		t.Errorf("with the %d crates aboard, the policy does not look at the card to take it", need)
	}
	s.Seats[0].Known = nil
	sh.Goods[Crate] = need - 1
	if !greedyLooks() {
		m, _ := s.greedy(0, s.Legal(0))
		t.Errorf("the policy does not look at an unknown card: %v (crates %d)", m, need-1)
	}
}
