package rules

// DealUnseen deals the cards a viewer cannot see back into their places for a determinization
// (State.Determinize), at random from rng. Place i belongs to group groups[i]: a seat's hidden
// cards, or -1 for a group without a limit such as a deck. The cards of limited may lie in a
// group g only up to caps[g] of them — cards the table saw go into a deck can be in a hand only
// as many as that hand drew since —; the cards of free may lie anywhere. limited and free must
// be in a canonical order (sorted) and are not changed: the deal depends only on them, groups,
// caps and rng, never on where the cards lie now. It returns the card of each place.
//
// len(limited)+len(free) must be len(groups). If the limits leave no room for a limited card
// (they cannot, for a real deal), it goes to any empty place.
func DealUnseen(rng *RNG, groups, caps, limited, free []int) []int {
	out := make([]int, len(groups))
	DealUnseenInto(out, rng, groups, caps, limited, free)
	return out
}

// DealUnseenInto is DealUnseen writing the card of place i to out[i] (len(out) == len(groups)).
// It changes caps (each group's room left) and uses no other memory for up to 128 cards.
func DealUnseenInto(out []int, rng *RNG, groups, caps, limited, free []int) {
	const empty = -1 << 31
	for i := range out {
		out[i] = empty
	}
	var buf [128]int
	cards := append(buf[:0], limited...)
	rng.ShuffleInts(cards)
	for _, c := range cards {
		allowed := 0
		for i, g := range groups {
			if out[i] == empty && (g < 0 || caps[g] > 0) {
				allowed++
			}
		}
		any := allowed == 0
		if any {
			for i := range groups {
				if out[i] == empty {
					allowed++
				}
			}
		}
		k := rng.Intn(allowed)
		for i, g := range groups {
			if out[i] != empty || !any && g >= 0 && caps[g] <= 0 {
				continue
			}
			if k == 0 {
				out[i] = c
				if g >= 0 {
					caps[g]--
				}
				break
			}
			k--
		}
	}
	cards = append(buf[:0], free...)
	rng.ShuffleInts(cards)
	for i := range out {
		if out[i] == empty {
			out[i] = cards[0]
			cards = cards[1:]
		}
	}
}
