package spicemerchant

import (
	"slices"

	"spicebot/rules"
)

// Undoable reports whether the last move may be taken back: it drew, revealed and rolled
// nothing (package doc, "Undo"). False for a new game.
func (s *State) Undoable() bool { return s.Undo }

// Determinize returns a state viewer cannot tell apart from s, with everything hidden from
// viewer re-drawn from seed (see rules.State):
//   - during the secret registration, which other seats have registered and how many goods:
//     one of the splits that agree with what viewer knows — the number of seats still
//     registering (the Status), the number of secret goods registered so far (the moves made
//     since the round began) and each seat's cards (its hand count before registering) — picked
//     at random;
//   - the unseen cards (other seats' hands and secret goods, and the deck) dealt back at random
//     (rules.DealUnseen), every hand and pile keeping its size (hands and goods sorted as
//     always); a card the table saw go into the deck when the round began (State.Reshuffled)
//     only to the deck or to a seat that drew since, at most as many to a seat as it drew;
//   - the RNG reseeded from seed; log lines private to other seats keep only their public text.
//
// Markets, open goods, sold goods, the discard pile (public once the game is over) and viewer's
// own hand and secret goods are kept.
func (s *State) Determinize(viewer rules.Seat, seed uint64) rules.State {
	d := s.clone()
	d.RNG = rules.NewRNG(seed ^ 0x5e1ce)
	d.History = s.History.Redact(viewer)
	rng := rules.NewRNG(seed)
	other := func(i int) bool { return rules.Seat(i) != viewer }

	if s.Phase == PhaseRegister {
		d.splitRegistration(viewer, &rng)
	}
	// The unseen cards: those the table saw go into the deck when the round began (limited to
	// the deck and the seats that drew since) and the others, each in canonical (sorted) order.
	var seen [NumCards]bool
	for _, c := range s.Reshuffled {
		seen[c] = true
	}
	var lbuf, fbuf, gbuf, obuf [NumCards]int
	limited, free, groups := lbuf[:0], fbuf[:0], gbuf[:0]
	add := func(cards []int) {
		for _, c := range cards {
			if seen[c] {
				limited = append(limited, c)
			} else {
				free = append(free, c)
			}
		}
	}
	// The places: each other seat's hand and goods (as many as d has: the registration may have
	// been re-split), in seat order, then the deck.
	var caps [4]int
	for i := range s.Seats {
		if !other(i) {
			continue
		}
		add(s.Seats[i].Hand)
		add(s.Seats[i].Secret)
		p := &d.Seats[i]
		n := len(p.Hand) + len(p.Secret)
		caps[i] = min(p.Drawn, n)
		for range n {
			groups = append(groups, i)
		}
	}
	add(s.Deck)
	for range s.Deck {
		groups = append(groups, -1)
	}
	slices.Sort(limited)
	slices.Sort(free)
	out := obuf[:len(groups)]
	rules.DealUnseenInto(out, &rng, groups, caps[:], limited, free)
	for i := range d.Seats {
		if !other(i) {
			continue
		}
		p := &d.Seats[i]
		n := copy(p.Hand, out)
		out = out[n:]
		n = copy(p.Secret, out)
		out = out[n:]
		slices.Sort(p.Hand)
		slices.Sort(p.Secret)
	}
	copy(d.Deck, out)
	return d
}

// splitRegistration re-draws, in d during the secret registration, how far each seat other than
// viewer has registered: the seats still registering (their number is public) and the secret
// goods each holds (their total is public: one move each), each seat keeping its cards (hand and
// goods). It resizes the hands and goods; the caller deals the cards.
func (d *State) splitRegistration(viewer rules.Seat, rng *rules.RNG) {
	need := secretGoods(d.Round)
	var full, total [4]int
	var others []int
	waiting, registered := 0, 0
	for i := range d.Seats {
		p := &d.Seats[i]
		total[i] = len(p.Hand) + len(p.Secret)
		full[i] = min(need, total[i])
		if rules.Seat(i) == viewer {
			continue
		}
		others = append(others, i)
		registered += len(p.Secret)
		if p.Need > 0 {
			waiting++
		}
	}
	// Every split r (goods registered per other seat, 0..full) with the same total and the same
	// number of seats still registering; choose one at random.
	var splits [][4]int
	var r [4]int
	var walk func(k, sum, wait int)
	walk = func(k, sum, wait int) {
		if k == len(others) {
			if sum == registered && wait == waiting {
				splits = append(splits, r)
			}
			return
		}
		i := others[k]
		for x := 0; x <= full[i]; x++ {
			r[i] = x
			w := wait
			if x < full[i] {
				w++
			}
			walk(k+1, sum+x, w)
		}
	}
	walk(0, 0, 0)
	pick := splits[rng.Intn(len(splits))]
	for _, i := range others {
		p := &d.Seats[i]
		p.Need = full[i] - pick[i]
		p.Secret = resize(p.Secret, pick[i])
		p.Hand = resize(p.Hand, total[i]-pick[i])
	}
}

// resize returns xs with n elements (their values are overwritten by the caller), keeping a nil
// or empty slice's JSON form when n is 0.
func resize(xs []int, n int) []int {
	if n <= cap(xs) {
		return xs[:n]
	}
	return append(xs[:cap(xs)], make([]int, n-cap(xs))...)
}

// clone returns a deep copy of s: no slice or pointer is shared.
func (s *State) clone() *State {
	d := *s
	d.Deck = cloneSlice(s.Deck)
	d.Discard = cloneSlice(s.Discard)
	d.Reshuffled = cloneSlice(s.Reshuffled)
	for i := range d.Markets {
		d.Markets[i].Cards = cloneSlice(s.Markets[i].Cards)
	}
	d.Seats = make([]Player, len(s.Seats))
	for i := range s.Seats {
		src := &s.Seats[i]
		p := *src
		p.Hand, p.Secret, p.Open, p.Sold = cloneSlice(src.Hand), cloneSlice(src.Secret), cloneSlice(src.Open), cloneSlice(src.Sold)
		p.RoundScores = cloneSlice(src.RoundScores)
		if src.Last != nil {
			l := *src.Last
			l.Sales, l.Discarded = cloneSlice(l.Sales), cloneSlice(l.Discarded)
			p.Last = &l
		}
		d.Seats[i] = p
	}
	if s.Best != nil {
		b := *s.Best
		d.Best = &b
	}
	if s.Final != nil {
		f := *s.Final
		f.Scores, f.Winners, f.Details, f.Recap = cloneSlice(f.Scores), cloneSlice(f.Winners), cloneSlice(f.Details), cloneSlice(f.Recap)
		d.Final = &f
	}
	return &d
}

// cloneSlice copies xs, keeping nil nil (the JSON tells null from []).
func cloneSlice[T any](xs []T) []T {
	if xs == nil {
		return nil
	}
	return append(make([]T, 0, len(xs)), xs...)
}
