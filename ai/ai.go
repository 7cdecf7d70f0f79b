// Package ai is spicebot's computer player, for every registered game, through the rules contract
// only (it imports no game).
//
// A Player decides from what its seat may know and nothing else: its first act is
// st.Determinize(seat, …), which re-draws everything hidden from the seat (other hands, deck
// orders, face-down cards, the RNG's future) at random, consistently with what the seat has seen;
// after that it never looks at the state it was given. It then searches with single-observer
// information-set Monte Carlo tree search (SO-ISMCTS; Cowling, Powley and Whitehouse, "Information
// Set Monte Carlo Tree Search", IEEE TCIAIG 2012): every iteration samples a new determinization of
// the seat's information, walks one shared tree choosing among the moves legal in that sample by
// UCB1 (counting, for each move, the iterations in which it was available), adds one node, plays
// the game out to its end with random moves (or a game-provided playout policy), and backs up the
// result. A game whose random playouts say little (The Dutch East Indies) provides a playout
// policy (Guided) and an evaluation of a running game (Evaluator): its playouts stop after
// EvalPlayoutSteps moves and are scored by the evaluation, and its policy's choices at the root
// are a prior that leads the search to the policy's moves first (progressive bias), so that even
// a short search plays at least as well as the policy. Whoever is active at a node acts there;
// when several seats are active at once (simultaneous registration, several deciders) the first
// active seat with a legal move in Active() order acts, except at the root, where the deciding
// seat does.
//
// A result is scored for each seat from the Outcome: a win is worth 0.9 (shared among tied
// winners), and the score margin over the best other seat, squashed into [0, 1], adds up to 0.1.
//
// With the same seed and an iteration cap (no time budget), Decide is deterministic; with a time
// budget, it searches until the budget or the cap is reached, whichever comes first.
package ai

import (
	"context"
	"errors"
	"fmt"
	"math"
	"reflect"
	"time"

	"spicebot/rules"
)

// Level is how well a Player plays.
type Level string

const (
	// Random plays a uniformly random legal move (a baseline for sim).
	Random Level = "random"
	// Easy searches a little (EasyIterations iterations, at most EasyBudget): fast, plausible
	// moves that are often not the best.
	Easy Level = "easy"
	// Strong searches until StrongBudget has passed or StrongIterations iterations are done.
	Strong Level = "strong"
)

// Defaults of the levels.
const (
	EasyIterations   = 16
	EasyBudget       = 100 * time.Millisecond
	StrongIterations = 4000
	StrongBudget     = 200 * time.Millisecond
	// PlayoutSteps caps the moves of one playout; a playout that reaches it is scored as a draw.
	PlayoutSteps = 1000
	// EvalPlayoutSteps caps the moves of one playout when the game can be evaluated before its end
	// (Player.Evaluate or an Evaluator state); the playout is then scored by that evaluation.
	EvalPlayoutSteps = 30
	// Exploration is the UCB1 constant for rewards in [0, 1].
	Exploration = 0.7
	// PriorSamples is how many times the root's playout policy is asked for its move to make the
	// root's prior (for a Guided state only); PriorWeight is the weight of that prior in the
	// root's selection (progressive bias: PriorWeight·prior/(1+visits), in reward units).
	PriorSamples = 32
	PriorWeight  = 1.0
)

// ParseLevel reads a level name ("random", "easy" or "strong").
func ParseLevel(s string) (Level, error) {
	switch l := Level(s); l {
	case Random, Easy, Strong:
		return l, nil
	}
	return "", fmt.Errorf("unknown AI level %q (want random, easy or strong)", s)
}

// Policy chooses the next move of a playout: an active seat and one of its legal moves, or a nil
// move when no active seat may move. Its signature is rulestest.Policy's.
type Policy func(st rules.State, rng *rules.RNG) (rules.Seat, rules.Move)

// Guided is implemented by a game's State that offers a playout policy better than uniformly
// random play (for a game whose random games rarely end). PlayoutMove is called on
// determinized copies only, so it sees nothing hidden from the deciding seat.
type Guided interface {
	PlayoutMove(rng *rules.RNG) (rules.Seat, rules.Move)
}

// Evaluator is implemented by a game's State that can estimate a running game: Evaluate returns,
// for each seat, its chance of winning in [0, 1]. Used to score playouts cut off at
// Player.PlayoutSteps.
type Evaluator interface {
	Evaluate() []float64
}

// Player is a computer player. The zero value of every field but Level means the level's default.
type Player struct {
	Level Level
	// Iterations caps the search iterations of one decision (0: the level's default).
	Iterations int
	// Budget is the wall-clock time one decision may take (0: the level's default, negative: no
	// budget, only the iteration cap — deterministic for a seed).
	Budget time.Duration
	// Policy chooses playout moves (and makes the root's prior); nil uses the state's Guided, or
	// uniformly random moves (and no prior).
	Policy Policy
	// Evaluate scores a playout cut off before the end, one value in [0, 1] per seat; nil uses
	// the state's Evaluator, or a draw.
	Evaluate func(st rules.State) []float64
	// PlayoutSteps caps a playout's moves (0: EvalPlayoutSteps when the game can be evaluated,
	// else PlayoutSteps).
	PlayoutSteps int
}

// ErrNoMove is returned when the seat has no legal move.
var ErrNoMove = errors.New("ai: the seat has no legal move")

// Decide returns the move of a Player of the named level (see Player.Decide). Its signature is the
// bot's Decider's.
func Decide(ctx context.Context, st rules.State, seat rules.Seat, level string, seed uint64) (rules.Move, error) {
	l, err := ParseLevel(level)
	if err != nil {
		return nil, err
	}
	return Player{Level: l}.Decide(ctx, st, seat, seed)
}

// Decide chooses seat's move in st, one of st.Legal(seat), drawing every random choice from
// seed. It reads st only through st.Determinize(seat, …), so equal seeds give equal moves in
// states that seat cannot tell apart. It returns ErrNoMove when seat has no legal move, and
// ctx's error if ctx ends before any search was done (a search cut short by ctx returns its best
// move so far).
func (p Player) Decide(ctx context.Context, st rules.State, seat rules.Seat, seed uint64) (rules.Move, error) {
	rng := rules.NewRNG(seed)
	root := st.Determinize(seat, next64(&rng))
	legal := root.Legal(seat)
	if len(legal) == 0 {
		return nil, ErrNoMove
	}
	if len(legal) == 1 {
		return legal[0], nil
	}
	level := p.Level
	if level == "" {
		level = Strong
	}
	if level == Random {
		return legal[rng.Intn(len(legal))], nil
	}
	iters, budget := p.Iterations, p.Budget
	if iters <= 0 {
		iters = EasyIterations
		if level == Strong {
			iters = StrongIterations
		}
	}
	if budget == 0 {
		budget = EasyBudget
		if level == Strong {
			budget = StrongBudget
		}
	}
	s := &search{p: p, seat: seat, rng: rng, steps: p.PlayoutSteps}
	if s.steps <= 0 {
		s.steps = PlayoutSteps
		if _, ok := root.(Evaluator); ok || p.Evaluate != nil {
			s.steps = EvalPlayoutSteps
		}
	}
	s.comparable = reflect.TypeOf(legal[0]).Comparable()
	return s.run(ctx, root, legal, iters, budget)
}

// node is one node of the search tree: the move that led to it (by actor) and its statistics,
// from actor's point of view.
type node struct {
	actor    rules.Seat
	move     rules.Move
	key      string // move's text when moves are not comparable
	visits   int
	avail    int
	total    float64
	children []*node
}

type search struct {
	p          Player
	seat       rules.Seat
	rng        rules.RNG
	steps      int
	comparable bool
	rewards    []float64
}

func next64(r *rules.RNG) uint64 { return uint64(r.Uint32())<<32 | uint64(r.Uint32()) }

func (s *search) same(c *node, actor rules.Seat, m rules.Move) bool {
	if c.actor != actor {
		return false
	}
	if s.comparable {
		return c.move == m
	}
	return c.key == m.String()
}

// actor returns the seat that acts next in st and its legal moves (at the root, the deciding
// seat), or false when nobody may move.
func (s *search) actor(st rules.State, atRoot bool) (rules.Seat, []rules.Move, bool) {
	if atRoot {
		return s.seat, st.Legal(s.seat), true
	}
	for _, a := range st.Active() {
		if ms := st.Legal(a); len(ms) > 0 {
			return a, ms, true
		}
	}
	return 0, nil, false
}

func (s *search) run(ctx context.Context, root rules.State, legal []rules.Move, iters int, budget time.Duration) (rules.Move, error) {
	var deadline time.Time
	if budget > 0 {
		deadline = time.Now().Add(budget)
	}
	tree := &node{actor: -1}
	prior := s.prior(root)
	path := make([]*node, 0, 64)
	done := 0
	for it := 0; it < iters; it++ {
		if it > 0 && (it&7 == 0 || budget > 0) {
			if ctx.Err() != nil || budget > 0 && !time.Now().Before(deadline) {
				break
			}
		}
		d := root.Determinize(s.seat, next64(&s.rng))
		path = append(path[:0], tree)
		cur := tree
		atRoot := true
		for {
			if _, over := d.Outcome(); over {
				break
			}
			actor, moves, ok := s.actor(d, atRoot)
			if !ok || len(moves) == 0 {
				break
			}
			atRoot = false
			// Count availability; collect the untried moves.
			var untried []rules.Move
			for _, m := range moves {
				found := false
				for _, c := range cur.children {
					if s.same(c, actor, m) {
						c.avail++
						found = true
						break
					}
				}
				if !found {
					untried = append(untried, m)
				}
			}
			if len(untried) > 0 {
				m := untried[s.rng.Intn(len(untried))]
				if cur == tree && prior != nil {
					m = s.likeliest(untried, prior, m)
				}
				c := &node{actor: actor, move: m, avail: 1}
				if !s.comparable {
					c.key = m.String()
				}
				cur.children = append(cur.children, c)
				if err := d.Apply(actor, m); err != nil {
					return nil, fmt.Errorf("ai: apply listed legal move %q of seat %d: %w", m, actor, err)
				}
				path = append(path, c)
				break
			}
			var best *node
			bestV := math.Inf(-1)
			for _, c := range cur.children {
				if c.actor != actor || !s.legalIn(c, moves) {
					continue
				}
				v := c.total/float64(c.visits) + Exploration*math.Sqrt(math.Log(float64(c.avail))/float64(c.visits))
				if cur == tree && prior != nil {
					v += PriorWeight * prior[s.moveKey(c.move)] / float64(1+c.visits)
				}
				if v > bestV {
					best, bestV = c, v
				}
			}
			if err := d.Apply(actor, best.move); err != nil {
				return nil, fmt.Errorf("ai: apply listed legal move %q of seat %d: %w", best.move, actor, err)
			}
			path = append(path, best)
			cur = best
		}
		r, err := s.playout(d)
		if err != nil {
			return nil, err
		}
		for _, n := range path {
			n.visits++
			if n.actor >= 0 && int(n.actor) < len(r) {
				n.total += r[n.actor]
			}
		}
		done++
	}
	if done == 0 {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
	}
	// The most visited root move; ties go to the better mean, then to Legal's order.
	var best rules.Move
	bestN, bestMean := -1, 0.0
	for _, m := range legal {
		for _, c := range tree.children {
			if !s.same(c, s.seat, m) {
				continue
			}
			mean := c.total / float64(c.visits)
			if c.visits > bestN || c.visits == bestN && mean > bestMean {
				best, bestN, bestMean = m, c.visits, mean
			}
		}
	}
	if best == nil {
		best = legal[0]
	}
	return best, nil
}

// prior returns, when playouts follow a policy (Player.Policy or the state's Guided), the share of
// PriorSamples choices of that policy at the root that fell on each of the deciding seat's moves
// (by moveKey); nil when playouts are random. It leads a search of few iterations to the moves
// the game's own policy would play (progressive bias; Chaslot et al., "Progressive strategies for
// Monte-Carlo tree search", 2008), which the search then confirms or overrules. The root is a
// determinization: the policy sees nothing hidden from the seat.
func (s *search) prior(root rules.State) map[any]float64 {
	policy := s.policy(root)
	if policy == nil {
		return nil
	}
	out := map[any]float64{}
	for i := 0; i < PriorSamples; i++ {
		if seat, m := policy(root, &s.rng); m != nil && seat == s.seat {
			out[s.moveKey(m)] += 1.0 / PriorSamples
		}
	}
	return out
}

// policy returns the playout policy for st: Player.Policy, else st's Guided, else nil (random
// moves).
func (s *search) policy(st rules.State) Policy {
	if s.p.Policy != nil {
		return s.p.Policy
	}
	if _, ok := st.(Guided); ok {
		return func(st rules.State, rng *rules.RNG) (rules.Seat, rules.Move) { return st.(Guided).PlayoutMove(rng) }
	}
	return nil
}

// moveKey is m itself when moves are comparable, else its text.
func (s *search) moveKey(m rules.Move) any {
	if s.comparable {
		return m
	}
	return m.String()
}

// likeliest returns the move of moves with the highest prior, or def when none has any.
func (s *search) likeliest(moves []rules.Move, prior map[any]float64, def rules.Move) rules.Move {
	best, bestP := def, 0.0
	for _, m := range moves {
		if p := prior[s.moveKey(m)]; p > bestP {
			best, bestP = m, p
		}
	}
	return best
}

// legalIn reports whether c's move is among moves (c.actor's legal moves in this sample).
func (s *search) legalIn(c *node, moves []rules.Move) bool {
	for _, m := range moves {
		if s.same(c, c.actor, m) {
			return true
		}
	}
	return false
}

// playout plays st to its end (or the step cap) and returns each seat's reward.
func (s *search) playout(st rules.State) ([]float64, error) {
	policy := s.policy(st)
	for step := 0; ; step++ {
		if out, over := st.Outcome(); over {
			return s.score(st.Players(), out), nil
		}
		if step >= s.steps {
			return s.cutOff(st), nil
		}
		var seat rules.Seat
		var m rules.Move
		if policy != nil {
			seat, m = policy(st, &s.rng)
		} else {
			seat, m = randomMove(st, &s.rng)
		}
		if m == nil {
			return s.cutOff(st), nil // a dead end: nobody may move
		}
		if err := st.Apply(seat, m); err != nil {
			return nil, fmt.Errorf("ai: playout move %q of seat %d: %w", m, seat, err)
		}
	}
}

// randomMove picks a uniformly random legal move of a random active seat that has one.
func randomMove(st rules.State, rng *rules.RNG) (rules.Seat, rules.Move) {
	var seatBuf [8]rules.Seat
	var moveBuf [8][]rules.Move
	seats, moves := seatBuf[:0], moveBuf[:0]
	for _, a := range st.Active() {
		if ms := st.Legal(a); len(ms) > 0 {
			seats = append(seats, a)
			moves = append(moves, ms)
		}
	}
	if len(seats) == 0 {
		return 0, nil
	}
	i := rng.Intn(len(seats))
	return seats[i], moves[i][rng.Intn(len(moves[i]))]
}

// cutOff scores a playout stopped before the end.
func (s *search) cutOff(st rules.State) []float64 {
	n := st.Players()
	var v []float64
	if s.p.Evaluate != nil {
		v = s.p.Evaluate(st)
	} else if e, ok := st.(Evaluator); ok {
		v = e.Evaluate()
	}
	if len(v) == n {
		return v
	}
	out := s.buf(n)
	for i := range out {
		out[i] = 1 / float64(n)
	}
	return out
}

func (s *search) buf(n int) []float64 {
	if cap(s.rewards) < n {
		s.rewards = make([]float64, n)
	}
	return s.rewards[:n]
}

// score turns an outcome into rewards in [0, 1]: 0.9 for a win (shared among tied winners) plus
// up to 0.1 for the score margin over the best other seat.
func (s *search) score(n int, out rules.Outcome) []float64 {
	r := s.buf(n)
	lo, hi := math.MaxInt, math.MinInt
	for _, sc := range out.Scores {
		lo, hi = min(lo, sc), max(hi, sc)
	}
	spread := float64(hi-lo) + 1
	for i := range r {
		r[i] = 0
		if i < len(out.Scores) {
			other := math.MinInt
			for j, sc := range out.Scores {
				if j != i {
					other = max(other, sc)
				}
			}
			if other != math.MinInt {
				margin := float64(out.Scores[i]-other) / spread // in (−1, 1)
				r[i] = 0.05 * (margin + 1)
			}
		}
	}
	for _, w := range out.Winners {
		if int(w) >= 0 && int(w) < n {
			r[w] += 0.9 / float64(len(out.Winners))
		}
	}
	return r
}
