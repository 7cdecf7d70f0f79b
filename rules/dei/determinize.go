package dei

import (
	"slices"

	"spicebot/rules"
)

// Undoable reports whether the last move may be taken back: it showed no trading card and rolled
// no die (package doc, "Undo"). False for a new game.
func (s *State) Undoable() bool { return s.Undo }

// Determinize returns a state viewer cannot tell apart from s, with everything hidden from
// viewer re-drawn from seed (see rules.State): the trading cards in the islands' piles, except
// the top cards viewer knows (looked at and put back, or being looked at), are sorted, shuffled
// from seed and dealt back, every pile keeping its size; the cards other seats know (Seat.Known,
// a trade being considered) become the new top cards of their islands; the RNG — the dice and
// the next reshuffle — is reseeded from seed; log lines private to other seats keep only their
// public text. Everything else is public and kept.
func (s *State) Determinize(viewer rules.Seat, seed uint64) rules.State {
	d := s.cloneState(false)
	d.RNG = rules.NewRNG(seed ^ 0xde1de1)
	d.Journal = s.Journal.Redact(viewer)
	rng := rules.NewRNG(seed)

	var buf [NumCards]int
	unseen := buf[:0]
	for i, pile := range s.Piles {
		n := len(pile)
		if n > 0 && s.knows(viewer, i) {
			n--
		}
		unseen = append(unseen, pile[:n]...)
	}
	slices.Sort(unseen)
	rng.ShuffleInts(unseen)
	for i, pile := range d.Piles {
		n := len(pile)
		if n > 0 && s.knows(viewer, i) {
			n--
		}
		copy(pile[:n], unseen)
		unseen = unseen[n:]
	}
	// What other seats know is the top card of an island's pile.
	for i := range d.Seats {
		if rules.Seat(i) == viewer {
			continue
		}
		for k := range d.Seats[i].Known {
			pk := &d.Seats[i].Known[k]
			pile := d.Piles[pk.Island]
			pk.Card = pile[len(pile)-1]
		}
	}
	if p := d.Pending; p != nil && p.Kind == PendTrade && p.Seat != viewer {
		pile := d.Piles[p.Island]
		p.Card = pile[len(pile)-1]
	}
	return d
}

// clone returns a deep copy of s: no slice or pointer is shared.
func (s *State) clone() *State { return s.cloneState(true) }

// cloneState is clone, with the log or with an empty log.
func (s *State) cloneState(withLog bool) *State {
	d := *s
	d.Seats = make([]Seat, len(s.Seats))
	for i := range s.Seats {
		st := s.Seats[i]
		st.Known = cloneSlice(st.Known)
		for k := range st.Ships {
			st.Ships[k].Looked = cloneSlice(st.Ships[k].Looked)
		}
		d.Seats[i] = st
	}
	d.Piles = make([][]int, len(s.Piles))
	for i, p := range s.Piles {
		d.Piles[i] = cloneSlice(p)
	}
	d.Discard = cloneSlice(s.Discard)
	d.Floating = cloneSlice(s.Floating)
	d.Queue = cloneSlice(s.Queue)
	d.Fought = cloneSlice(s.Fought)
	if s.Pending != nil {
		p := *s.Pending
		d.Pending = &p
	}
	d.Journal = rules.Log{}
	if withLog {
		d.Journal.Lines = cloneSlice(s.Journal.Lines)
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
