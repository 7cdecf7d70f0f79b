package rules

import (
	"errors"
	"fmt"
)

// ErrDeadEnd is returned by a playout when the game is not over but no active seat has a legal move.
var ErrDeadEnd = errors.New("dead end: the game is not over but no active seat has a legal move")

// ErrRunaway is returned by a playout that reached its step cap before the game ended.
var ErrRunaway = errors.New("runaway game: step cap reached before the end")

// RandomStep plays one uniformly random legal move of a random active seat that has one, and
// returns it. It returns ErrDeadEnd if no active seat has a legal move, and the game's error if
// Apply rejects a move that Legal listed.
func RandomStep(st State, rng *RNG) (Record, error) {
	// Small fixed buffers keep the common case (a handful of active seats) free of allocation.
	var seatBuf [8]Seat
	var moveBuf [8][]Move
	seats, moves := seatBuf[:0], moveBuf[:0]
	for _, s := range st.Active() {
		if ms := st.Legal(s); len(ms) > 0 {
			seats = append(seats, s)
			moves = append(moves, ms)
		}
	}
	if len(seats) == 0 {
		return Record{}, ErrDeadEnd
	}
	i := rng.Intn(len(seats))
	m := moves[i][rng.Intn(len(moves[i]))]
	if err := st.Apply(seats[i], m); err != nil {
		return Record{}, fmt.Errorf("apply listed legal move %q of seat %d: %w", m, seats[i], err)
	}
	return Record{Seat: seats[i], Move: m.String()}, nil
}

// Playout plays random legal moves (see RandomStep) until the game is over, at most maxSteps of
// them, and returns the moves played. It returns ErrRunaway if the cap is reached first.
// After each move it calls each, if not nil; an error from each stops the playout.
func Playout(st State, rng *RNG, maxSteps int, each func(Record) error) ([]Record, error) {
	var recs []Record
	for steps := 0; ; steps++ {
		if _, over := st.Outcome(); over {
			return recs, nil
		}
		if steps >= maxSteps {
			return recs, ErrRunaway
		}
		r, err := RandomStep(st, rng)
		if err != nil {
			return recs, err
		}
		recs = append(recs, r)
		if each != nil {
			if err := each(r); err != nil {
				return recs, err
			}
		}
	}
}
