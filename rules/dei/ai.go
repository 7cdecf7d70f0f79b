package dei

import (
	"math"

	"spicebot/rules"
)

// Help for computer players (package ai finds it through the State, so that the AI needs no
// entry naming this game): random playouts of The Dutch East Indies rarely reach the end, so the AI
// plays out with Policy and scores a playout cut off before the end with Evaluate.

// PlayoutMove returns the seat to act and its move in a playout: Policy's choice (ai.Guided).
func (s *State) PlayoutMove(rng *rules.RNG) (rules.Seat, rules.Move) { return Policy(s, rng) }

// Evaluate estimates a running game for each seat, in [0, 1] summing to 1 (ai.Evaluator): each
// player's progress towards the goal (0–8 spices at home, Progress), as a softmax sharpened so
// that the leader's share grows quickly with a lead of one or two spices. It reads only public
// information (spices at home are on the board).
func (s *State) Evaluate() []float64 {
	out := make([]float64, len(s.Seats))
	sum := 0.0
	for i, seat := range s.Seats {
		out[i] = math.Exp(float64(Progress(seat.Home)) / 2)
		sum += out[i]
	}
	for i := range out {
		out[i] /= sum
	}
	return out
}
