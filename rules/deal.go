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
// It changes caps (each group's room left) and uses no other memory for up to 128 places and 8
// groups.
func DealUnseenInto(out []int, rng *RNG, groups, caps, limited, free []int) {
	const empty = -1 << 31
	for i := range out {
		out[i] = empty
	}
	// The places by bucket — bucket 0 for the unlimited group (-1), b for group b-1 — each
	// bucket's free places first: idx[start[b] : start[b]+left[b]].
	nb := len(caps) + 1
	var startBuf, leftBuf [9]int
	var idxBuf [128]int
	start, left := startBuf[:0], leftBuf[:0]
	if nb <= len(startBuf) {
		start, left = startBuf[:nb], leftBuf[:nb]
	} else {
		start, left = make([]int, nb), make([]int, nb)
	}
	idx := idxBuf[:0]
	if len(groups) > len(idxBuf) {
		idx = make([]int, 0, len(groups))
	}
	idx = idx[:len(groups)]
	for _, g := range groups {
		left[g+1]++
	}
	for b := 1; b < nb; b++ {
		start[b] = start[b-1] + left[b-1]
	}
	var fill [9]int
	fillAt := fill[:0]
	if nb <= len(fill) {
		fillAt = fill[:nb]
	} else {
		fillAt = make([]int, nb)
	}
	for i, g := range groups {
		b := g + 1
		idx[start[b]+fillAt[b]] = i
		fillAt[b]++
	}
	take := func(b, k int) int { // the k-th free place of bucket b, no longer free
		j := start[b] + k
		last := start[b] + left[b] - 1
		place := idx[j]
		idx[j], idx[last] = idx[last], idx[j]
		left[b]--
		return place
	}
	var buf [128]int
	cards := append(buf[:0], limited...)
	rng.ShuffleInts(cards)
	for _, c := range cards {
		allowed := left[0]
		for b := 1; b < nb; b++ {
			if caps[b-1] > 0 {
				allowed += left[b]
			}
		}
		any := allowed == 0 // the limits leave no room: any empty place
		if any {
			for b := range left {
				allowed += left[b]
			}
		}
		k := rng.Intn(allowed)
		for b := range left {
			n := left[b]
			if !any && b > 0 && caps[b-1] <= 0 {
				n = 0
			}
			if k < n {
				out[take(b, k)] = c
				if b > 0 {
					caps[b-1]--
				}
				break
			}
			k -= n
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
