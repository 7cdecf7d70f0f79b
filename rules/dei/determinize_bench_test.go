package dei_test

import (
	"testing"

	"spicebot/rules"
	"spicebot/rules/dei"
	"spicebot/rules/rulestest"
)

// BenchmarkDeterminize determinizes a 3-player game for seat 1 at positions of a game played by
// dei.Policy (see rulestest.BenchmarkDeterminize).
func BenchmarkDeterminize(b *testing.B) {
	rulestest.BenchmarkDeterminize(b, dei.Game, 3, func(st rules.State, rng *rules.RNG) (rules.Record, error) {
		seat, m := dei.Policy(st, rng)
		if m == nil {
			return rules.Record{}, rules.ErrDeadEnd
		}
		return rules.Record{Seat: seat, Move: m.String()}, st.Apply(seat, m)
	})
}
