package rules

import (
	"slices"
	"testing"
)

// TestDealUnseen: every card is dealt once, the limited cards respect each group's cap, the deal
// is deterministic, and every allowed place receives a limited card in some deal.
func TestDealUnseen(t *testing.T) {
	// Places: group 0 (3 places, may hold 1 limited card), group 1 (2 places, none), the deck (4).
	groups := []int{0, 0, 0, 1, 1, -1, -1, -1, -1}
	limited := []int{10, 11, 12}
	free := []int{1, 2, 3, 4, 5, 6}
	reached := map[int]bool{}
	for seed := uint64(0); seed < 200; seed++ {
		rng := NewRNG(seed)
		out := DealUnseen(&rng, groups, []int{1, 0}, limited, free)
		rng = NewRNG(seed)
		if again := DealUnseen(&rng, groups, []int{1, 0}, limited, free); !slices.Equal(out, again) {
			t.Fatalf("seed %d: two deals differ: %v %v", seed, out, again)
		}
		got := slices.Clone(out)
		slices.Sort(got)
		if !slices.Equal(got, []int{1, 2, 3, 4, 5, 6, 10, 11, 12}) {
			t.Fatalf("seed %d: dealt %v", seed, out)
		}
		in := [2]int{}
		for i, c := range out {
			if c >= 10 {
				reached[i] = true
				if g := groups[i]; g >= 0 {
					in[g]++
				}
			}
		}
		if in[0] > 1 || in[1] > 0 {
			t.Fatalf("seed %d: limited cards over the caps: %v", seed, out)
		}
	}
	for i, g := range groups {
		if reached[i] != (g != 1) {
			t.Errorf("place %d (group %d): reached by a limited card %v", i, g, reached[i])
		}
	}
}
