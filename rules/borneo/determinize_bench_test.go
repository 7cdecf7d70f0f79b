package borneo_test

import (
	"testing"

	"spicebot/rules/borneo"
	"spicebot/rules/rulestest"
)

// BenchmarkDeterminize determinizes a 4-player game for seat 1 at positions of a random game
// (see rulestest.BenchmarkDeterminize).
func BenchmarkDeterminize(b *testing.B) {
	rulestest.BenchmarkDeterminize(b, borneo.Game, 4, nil)
}
