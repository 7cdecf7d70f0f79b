package dei

import (
	"math"
	"testing"

	"spicebot/rules"
)

// TestSeaTableMatchesSearch: the precomputed sailing distances (seaDistances) equal a breadth-first
// search from the same goals, for every layout, seat, square and a spread of goal sets.
func TestSeaTableMatchesSearch(t *testing.T) {
	rng := rules.NewRNG(4)
	for players := 2; players <= 4; players++ {
		l := layouts[players]
		st := &State{Seats: make([]Seat, players)}
		for seat := 0; seat < players; seat++ {
			sea := seaDistances(players, seat)
			goalSets := [][]Square{l.Homes[seat].Port, l.Market.Port}
			for _, is := range l.Islands {
				goalSets = append(goalSets, is.Anchors)
			}
			for i := 0; i < 20; i++ {
				var g []Square
				for j := 0; j <= rng.Intn(4); j++ {
					g = append(g, Square{X: rng.Intn(l.Width), Y: rng.Intn(l.Height)})
				}
				goalSets = append(goalSets, g)
			}
			for _, goals := range goalSets {
				want := st.distances(rules.Seat(seat), goals)
				for y := -1; y <= l.Height; y++ {
					for x := -1; x <= l.Width; x++ {
						q := Square{X: x, Y: y}
						w := -1
						if l.In(q) {
							w = want[y*l.Width+x]
						}
						if got := sea.toAny(q, goals); got != w {
							t.Fatalf("%d players, seat %d, goals %v: distance from %v is %d, the search says %d", players, seat, goals, q, got, w)
						}
					}
				}
			}
		}
	}
}

// TestWorth: the AI's evaluation counts spices at home fully, a needed spice aboard less, and the
// less the farther the ship is from home; a spice the goal no longer needs counts for nothing; a
// won game is worth most; Evaluate is a distribution that favours the player further along.
func TestWorth(t *testing.T) {
	s := quiet(t, 3)
	base := s.Worth(0)
	home := s.clone()
	home.Seats[0].Home[Clove]++
	aboard := s.clone()
	aboard.Seats[0].Ships[0].Goods[Clove]++
	if h, a := home.Worth(0)-base, aboard.Worth(0)-base; !(h == 1 && a > 0 && a < h) {
		t.Errorf("a clove at home adds %.3f, aboard in port %.3f; want 1 and between 0 and 1", h, a)
	}
	far := aboard.clone()
	far.Seats[0].Ships[0].At = farFromHome(t, far, 0)
	if a, f := aboard.Worth(0), far.Worth(0); !(f < a && f > base+crateWorth/2) {
		t.Errorf("the clove aboard is worth %.3f near home and %.3f far away ; want less far away", a-base, f-base)
	}
	full := s.clone()
	full.Seats[0].Home[Clove] = 2
	extra := full.clone()
	extra.Seats[0].Ships[0].Goods[Clove]++
	if d := extra.Worth(0) - full.Worth(0); d != 0 {
		t.Errorf("a third clove aboard adds %.3f to a home holding two; want 0", d)
	}
	won := s.clone()
	won.Seats[0].Home[Nutmeg] = 6
	if w := won.Worth(0); w <= 8 {
		t.Errorf("a won home is worth %.3f; want more than 8", w)
	}
	ev := home.Evaluate()
	sum := 0.0
	for _, v := range ev {
		sum += v
	}
	if math.Abs(sum-1) > 1e-9 || !(ev[0] > ev[1] && ev[1] == ev[2]) {
		t.Errorf("Evaluate = %v; want a distribution with seat 0 ahead", ev)
	}
}

// farFromHome returns a free sea square at least 8 squares' sailing from seat's home port.
func farFromHome(t *testing.T, s *State, seat int) Square {
	t.Helper()
	l := s.layout()
	sea := seaDistances(len(s.Seats), seat)
	for y := 0; y < l.Height; y++ {
		for x := 0; x < l.Width; x++ {
			q := Square{X: x, Y: y}
			if d := sea.toAny(q, l.Homes[seat].Port); d >= 8 && !s.occupied(q) {
				return q
			}
		}
	}
	t.Fatal("no square far from home")
	return Square{}
}
