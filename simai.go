package main

import (
	"context"
	"fmt"
	"io"
	"math"
	"strings"
	"sync"
	"time"

	"spicebot/ai"
	"spicebot/rules"
)

// aiSim is sim --ai: games between AI players of the given levels, one per seat.
type aiSim struct {
	game       rules.Game
	opts       rules.Options
	levels     []ai.Level
	games      int
	seed       uint64
	iterations int
	budget     time.Duration
	maxSteps   int
	workers    int
	rotate     bool
}

// aiGame is one finished game of aiSim: per entry of levels (not per seat), whether it won and
// its score.
type aiGame struct {
	won    []bool
	scores []float64
	err    error
}

// players returns the Player of each level.
func (a *aiSim) players() []ai.Player {
	out := make([]ai.Player, len(a.levels))
	for i, l := range a.levels {
		out[i] = ai.Player{Level: l, Iterations: a.iterations, Budget: a.budget}
		if l == ai.Easy {
			out[i].Iterations, out[i].Budget = 0, -1 // the level's iterations, no time budget: deterministic
		}
	}
	return out
}

// play plays game i: entry k of levels sits at seat (k+i) mod n when rotating.
func (a *aiSim) play(ctx context.Context, i int) aiGame {
	n := len(a.levels)
	seed := a.seed + uint64(i)
	st, err := a.game.New(n, a.opts, seed)
	if err != nil {
		return aiGame{err: err}
	}
	players := a.players()
	entryAt := make([]int, n) // seat → entry
	for k := 0; k < n; k++ {
		seat := k
		if a.rotate {
			seat = (k + i) % n
		}
		entryAt[seat] = k
	}
	for step := 0; ; step++ {
		out, over := st.Outcome()
		if over {
			res := aiGame{won: make([]bool, n), scores: make([]float64, n)}
			for seat, sc := range out.Scores {
				res.scores[entryAt[seat]] = float64(sc)
			}
			for _, w := range out.Winners {
				res.won[entryAt[w]] = true
			}
			return res
		}
		if step >= a.maxSteps {
			return aiGame{err: fmt.Errorf("seed %d: %w", seed, rules.ErrRunaway)}
		}
		seat, ok := rules.Seat(-1), false
		for _, s := range st.Active() {
			if len(st.Legal(s)) > 0 {
				seat, ok = s, true
				break
			}
		}
		if !ok {
			return aiGame{err: fmt.Errorf("seed %d: %w", seed, rules.ErrDeadEnd)}
		}
		decSeed := seed*0x9e3779b97f4a7c15 ^ uint64(st.Version())<<8 ^ uint64(seat)
		m, err := a.decide(ctx, players[entryAt[seat]], st, seat, decSeed)
		if err != nil {
			return aiGame{err: fmt.Errorf("seed %d move %d: %w", seed, st.Version()+1, err)}
		}
		if err := st.Apply(seat, m); err != nil {
			return aiGame{err: fmt.Errorf("seed %d: the AI's move %q: %w", seed, m, err)}
		}
	}
}

// decide is p's move for seat in st. A random player of a game with its own playout policy
// (guided) plays that policy's move, chosen on a determinization for seat (so from what the seat
// may know), as sim's random players do; every other player decides as the bot's AI does.
func (a *aiSim) decide(ctx context.Context, p ai.Player, st rules.State, seat rules.Seat, seed uint64) (rules.Move, error) {
	if p.Level == ai.Random {
		d := st.Determinize(seat, seed)
		if policy := guided(d); policy != nil {
			rng := rules.NewRNG(seed)
			if s, m := policy(&rng); m != nil && s == seat {
				return m, nil
			}
		}
	}
	return p.Decide(ctx, st, seat, seed)
}

// run plays every game (workers at a time) and prints each entry's win rate and mean score with
// 95% confidence intervals.
func (a *aiSim) run(ctx context.Context, stdout io.Writer) error {
	start := time.Now()
	results := make([]aiGame, a.games)
	var wg sync.WaitGroup
	next := make(chan int)
	for w := 0; w < max(1, a.workers); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				results[i] = a.play(ctx, i)
			}
		}()
	}
	for i := 0; i < a.games; i++ {
		next <- i
	}
	close(next)
	wg.Wait()
	for _, r := range results {
		if r.err != nil {
			return r.err
		}
	}
	n := len(a.levels)
	fmt.Fprintf(stdout, "%s, %d players, %d games (seeds %d–%d), %s, %s%s\n", a.game.Name(), n, a.games,
		a.seed, a.seed+uint64(a.games)-1, a.searchText(), rotationText(a.rotate), policyNote(a.game, n, a.opts))
	for k := 0; k < n; k++ {
		wins := 0
		scores := make([]float64, len(results))
		for i, r := range results {
			if r.won[k] {
				wins++
			}
			scores[i] = r.scores[k]
		}
		lo, hi := wilson(wins, len(results))
		mean, half := meanCI(scores)
		fmt.Fprintf(stdout, "player %d %-7s wins %4d/%d = %5.1f%% (95%% CI %5.1f–%5.1f%%)  mean score %7.2f (95%% CI %.2f–%.2f)\n",
			k+1, a.levels[k], wins, len(results), 100*float64(wins)/float64(len(results)), 100*lo, 100*hi, mean, mean-half, mean+half)
	}
	fmt.Fprintf(stdout, "in %.1fs\n", time.Since(start).Seconds())
	return nil
}

func (a *aiSim) searchText() string {
	it := "level default iterations"
	if a.iterations > 0 {
		it = fmt.Sprintf("%d iterations", a.iterations)
	}
	switch {
	case a.budget < 0:
		return it + ", no time budget"
	case a.budget == 0:
		return it + ", level default time budget"
	}
	return fmt.Sprintf("%s, %v budget", it, a.budget)
}

func rotationText(rotate bool) string {
	if rotate {
		return "seats rotated each game"
	}
	return "fixed seats"
}

// parseLevels reads --ai's comma-separated levels.
func parseLevels(s string) ([]ai.Level, error) {
	var out []ai.Level
	for _, part := range strings.Split(s, ",") {
		l, err := ai.ParseLevel(strings.TrimSpace(part))
		if err != nil {
			return nil, err
		}
		out = append(out, l)
	}
	return out, nil
}

// wilson is the 95% Wilson score interval of a proportion of k successes in n trials.
func wilson(k, n int) (lo, hi float64) {
	if n == 0 {
		return 0, 1
	}
	const z = 1.959964
	p, nf := float64(k)/float64(n), float64(n)
	den := 1 + z*z/nf
	centre := (p + z*z/(2*nf)) / den
	half := z * math.Sqrt(p*(1-p)/nf+z*z/(4*nf*nf)) / den
	return max(0, centre-half), min(1, centre+half)
}

// meanCI is the mean of xs and the half-width of its 95% normal confidence interval.
func meanCI(xs []float64) (mean, half float64) {
	if len(xs) == 0 {
		return 0, 0
	}
	for _, x := range xs {
		mean += x
	}
	mean /= float64(len(xs))
	if len(xs) < 2 {
		return mean, 0
	}
	v := 0.0
	for _, x := range xs {
		v += (x - mean) * (x - mean)
	}
	v /= float64(len(xs) - 1)
	return mean, 1.959964 * math.Sqrt(v/float64(len(xs)))
}

// guided returns st's own playout policy when its game provides one (ai.Guided: a game whose
// uniformly random games do not end, such as The Dutch East Indies), else nil. sim's random
// players follow it for that game: with it, a game of random players reaches its end; without
// it, they pick uniformly random legal moves.
func guided(st rules.State) func(rng *rules.RNG) (rules.Seat, rules.Move) {
	if g, ok := st.(ai.Guided); ok {
		return g.PlayoutMove
	}
	return nil
}

// simPlayout plays st to its end as sim's random players: the game's playout policy when it has
// one (guided), else rules.Playout's uniformly random legal moves; at most maxSteps moves
// (rules.ErrRunaway), rules.ErrDeadEnd when nobody may move.
func simPlayout(st rules.State, rng *rules.RNG, maxSteps int) ([]rules.Record, error) {
	policy := guided(st)
	if policy == nil {
		return rules.Playout(st, rng, maxSteps, nil)
	}
	var recs []rules.Record
	for steps := 0; ; steps++ {
		if _, over := st.Outcome(); over {
			return recs, nil
		}
		if steps >= maxSteps {
			return recs, rules.ErrRunaway
		}
		seat, m := policy(rng)
		if m == nil {
			return recs, rules.ErrDeadEnd
		}
		if err := st.Apply(seat, m); err != nil {
			return recs, fmt.Errorf("apply the playout policy's move %q of seat %d: %w", m, seat, err)
		}
		recs = append(recs, rules.Record{Seat: seat, Move: m.String()})
	}
}

// policyNote is what sim's summary adds when the game's random players follow its playout
// policy (see guided), or "".
func policyNote(g rules.Game, players int, opts rules.Options) string {
	st, err := g.New(players, opts, 1)
	if err != nil || guided(st) == nil {
		return ""
	}
	return "; random players follow the game's own playout policy (its uniformly random games do not end)"
}
