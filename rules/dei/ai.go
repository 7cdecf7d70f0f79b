package dei

import (
	"math"
	"sync"

	"spicebot/rules"
)

// Help for computer players (package ai finds it through the State, so that the AI needs no
// entry naming this game): random playouts of The Dutch East Indies rarely reach the end, so the AI
// plays out with Policy and scores a playout cut off before the end with Evaluate.

// PlayoutMove returns the seat to act and its move in a playout: Policy's choice (ai.Guided).
func (s *State) PlayoutMove(rng *rules.RNG) (rules.Seat, rules.Move) { return Policy(s, rng) }

// Evaluate estimates a running game for each seat, in [0, 1] summing to 1 (ai.Evaluator): a
// softmax of each player's Worth, so that the leader's share grows quickly with a lead of one or
// two spices. It reads only public information (everything but refused trading cards is public).
func (s *State) Evaluate() []float64 {
	out := make([]float64, len(s.Seats))
	sum := 0.0
	for i := range s.Seats {
		out[i] = math.Exp(s.Worth(rules.Seat(i)) / evalTemperature)
		sum += out[i]
	}
	for i := range out {
		out[i] /= sum
	}
	return out
}

// evalTemperature is the softmax temperature of Evaluate, in spices of Worth.
const evalTemperature = 1.5

// Worth is seat's progress towards the goal in spices, counting what is under way (the AI's
// evaluation; rulebook "Goal of the game"): the spices at home (Progress, 0–8) plus, for each
// ship, the spices aboard that the goal still needs, each worth aboardWorth discounted by
// turnDiscount per turn of sailing home at the ship's sail stat, and a little for the crates
// (what trading cards ask) and gold (what Market Island takes) the player can still trade with.
// A player who has won is worth 8 plus a bonus.
func (s *State) Worth(seat rules.Seat) float64 {
	p := &s.Seats[seat]
	home := p.Home
	prog := Progress(home)
	if prog >= 8 {
		return 10
	}
	// What the two-each goal still needs of each spice, and in all.
	var need [NumGoods]int
	for g := Cardamom; g <= Nutmeg; g++ {
		need[g] = max(0, 2-home[g])
	}
	open := 8 - prog // slots pepper at home has not filled
	v := float64(prog)
	sea, port := seaDistances(len(s.Seats), int(seat)), s.layout().Homes[seat].Port
	for k := range p.Ships {
		sh := &p.Ships[k]
		d := sea.toAny(sh.At, port)
		if d < 0 {
			d = 2 * s.layout().Width
		}
		turns := (d + sh.Stats[Sail] - 1) / max(1, sh.Stats[Sail])
		f := aboardWorth * math.Pow(turnDiscount, float64(turns))
		for g := Cardamom; g <= Nutmeg && open > 0; g++ {
			if u := min(sh.Goods[g], need[g], open); u > 0 {
				need[g] -= u
				open -= u
				v += f * float64(u)
			}
		}
		if u := min(sh.Goods[Pepper], open); u > 0 {
			open -= u
			v += f * float64(u)
		}
		v += crateWorth*float64(min(sh.Goods[Crate], 6)) + goldWorth*float64(min(sh.Goods[Gold], 8))
	}
	v += crateWorth / 2 * float64(min(home[Crate], 6))
	v += goldWorth / 2 * float64(min(home[Gold], 8))
	return v
}

// The weights of Worth: a needed spice aboard a ship in its home port is worth aboardWorth of
// one at home, a turn of sailing away multiplies that by turnDiscount; crates and gold aboard
// are worth crateWorth and goldWorth each (half that at home), up to 6 crates and 8 gold.
const (
	aboardWorth  = 0.8
	turnDiscount = 0.85
	crateWorth   = 0.12
	goldWorth    = 0.03
)

// seaTable holds, for one layout and seat, the sailing distance (king moves over sea, ignoring
// ships, never through another player's home port) from every square to every square: what
// State.distances finds from one goal, for each goal at once. The tables depend only on the
// static layouts, so they are made once, on first use (seaDistances).
type seaTable struct {
	l     *Layout
	cells int
	d     []int16 // d[goal*cells+square], −1 where unreachable
}

// toAny returns the distance from q to the nearest of goals, or −1 when q is off the board or no
// goal can be reached: what State.distances(seat, goals) holds at q.
func (t *seaTable) toAny(q Square, goals []Square) int {
	if !t.l.In(q) {
		return -1
	}
	best := -1
	for _, g := range goals {
		if !t.l.In(g) {
			continue
		}
		if d := int(t.d[(g.Y*t.l.Width+g.X)*t.cells+q.Y*t.l.Width+q.X]); d >= 0 && (best < 0 || d < best) {
			best = d
		}
	}
	return best
}

// seaDistances returns the seaTable of seat in the layout for players players.
func seaDistances(players, seat int) *seaTable {
	seaOnce.Do(func() {
		seaTables = map[int][]*seaTable{}
		for n, l := range layouts {
			st := &State{Seats: make([]Seat, n)}
			cells := l.Width * l.Height
			for i := 0; i < n; i++ {
				t := &seaTable{l: l, cells: cells, d: make([]int16, cells*cells)}
				for y := 0; y < l.Height; y++ {
					for x := 0; x < l.Width; x++ {
						g := y*l.Width + x
						for q, d := range st.distances(rules.Seat(i), []Square{{X: x, Y: y}}) {
							t.d[g*cells+q] = int16(d)
						}
					}
				}
				seaTables[n] = append(seaTables[n], t)
			}
		}
	})
	return seaTables[players][seat]
}

var (
	seaOnce   sync.Once
	seaTables map[int][]*seaTable // by player count, then seat
)
