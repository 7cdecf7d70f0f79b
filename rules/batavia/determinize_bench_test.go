package batavia_test

import (
	"testing"

	"spicebot/rules/batavia"
	"spicebot/rules/rulestest"
)

// BenchmarkDeterminize determinizes a 4-player game for seat 1 at positions of a random game
// (see rulestest.BenchmarkDeterminize).
func BenchmarkDeterminize(b *testing.B) {
	rulestest.BenchmarkDeterminize(b, batavia.Game, 4, nil)
}
