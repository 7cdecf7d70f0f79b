package spicemerchant_test

import (
	"testing"

	"spicebot/rules/rulestest"
	"spicebot/rules/spicemerchant"
)

// BenchmarkDeterminize determinizes a 4-player game for seat 1 at positions of a random game
// (see rulestest.BenchmarkDeterminize).
func BenchmarkDeterminize(b *testing.B) {
	rulestest.BenchmarkDeterminize(b, spicemerchant.Game, 4, nil)
}
