package batavia

import (
	"slices"

	"spicebot/rules"
)

// Undoable reports whether the last move may be taken back: it drew, revealed and rolled
// nothing (package doc, "Undo"). False for a new game.
func (s *State) Undoable() bool { return s.Undo }

// know adds the cards of pile, won face up at auction, to the cards known to be in p's hand.
func (p *Player) know(pile [NumCompanies]int) {
	if handTotal(&pile) == 0 {
		return
	}
	if p.Known == nil {
		p.Known = make([]int, NumCompanies)
	}
	for c := range pile {
		p.Known[c] += pile[c]
	}
}

// laidKnown updates the cards of company c known to be in p's hand after p laid one out: one
// fewer (it may have been a known one), but at least atLeast (see Player.Known).
func (p *Player) laidKnown(c Company, atLeast int) {
	k := 0
	if p.Known != nil {
		k = max(p.Known[c]-1, 0)
	}
	k = max(k, atLeast)
	if k == 0 && p.Known == nil {
		return
	}
	if p.Known == nil {
		p.Known = make([]int, NumCompanies)
	}
	p.Known[c] = min(k, p.Hand[c])
	for _, x := range p.Known {
		if x != 0 {
			return
		}
	}
	p.Known = nil
}

// Determinize returns a state viewer cannot tell apart from s, with everything hidden from
// viewer re-drawn from seed (see rules.State):
//   - the ship cards viewer cannot see — the other hands beyond their known cards
//     (Player.Known) and the stack — are dealt again at random: every hand keeps its size and
//     its known cards, the stack its size, and a stack made from the discard pile holds only
//     cards that went into it (State.Restock);
//   - a player in the middle of laying out keeps a hand that can win a majority (it could lay
//     out only so);
//   - the commodities of the face-down trading posts are shuffled among the face-down posts of
//     the same company (their company is public);
//   - the RNG is reseeded from seed; log lines private to other seats keep only their public
//     text.
//
// Note counts are kept: every bid and payment is public, so they follow from the log.
func (s *State) Determinize(viewer rules.Seat, seed uint64) rules.State {
	d := s.clone()
	d.RNG = rules.NewRNG(seed ^ 0xba7a71a)
	d.History = s.History.Redact(viewer)
	rng := rules.NewRNG(seed)

	// The unseen ship cards by company: other hands beyond their known cards, and the stack.
	var unseen [NumCompanies]int
	for i := range s.Seats {
		if rules.Seat(i) == viewer {
			continue
		}
		p := &s.Seats[i]
		for c := range p.Hand {
			unseen[c] += p.Hand[c] - p.known(Company(c))
		}
	}
	for _, c := range s.Stack {
		unseen[c]++
	}
	// The stack first: since it was made from the discard pile it holds only those cards
	// (Restock); its cards are drawn from those that may be there, the rest go to the hands.
	// A player in the middle of laying out could lay those cards only because its hand can win
	// a majority (canPlay, which laying out does not change): deal again until it can.
	mustPlay := d.Phase == PhaseTurn && d.LaidNow > 0 && d.Turn != viewer
	var may [NumCompanies]int
	for c := range may {
		may[c] = unseen[c]
		if s.Restock != nil {
			may[c] = min(may[c], s.Restock[c])
		}
	}
	var buf [NumShips]Company
	for try := 0; ; try++ {
		left := unseen
		cards := buf[:0]
		for c := range may {
			for range may[c] {
				cards = append(cards, Company(c))
			}
		}
		rng.Shuffle(len(cards), func(i, j int) { cards[i], cards[j] = cards[j], cards[i] })
		cards = cards[:min(len(d.Stack), len(cards))]
		copy(d.Stack, cards)
		for _, c := range cards {
			left[c]--
		}
		cards = buf[:0]
		for c := Company(0); c < NumCompanies; c++ {
			for range left[c] {
				cards = append(cards, c)
			}
		}
		rng.Shuffle(len(cards), func(i, j int) { cards[i], cards[j] = cards[j], cards[i] })
		for i := range d.Seats {
			if rules.Seat(i) == viewer {
				continue
			}
			p := &d.Seats[i]
			n := handTotal(&s.Seats[i].Hand)
			var h [NumCompanies]int
			for c := range h {
				h[c] = p.known(Company(c))
				n -= h[c]
			}
			for _, c := range cards[:n] {
				h[c]++
			}
			cards = cards[n:]
			p.Hand = h
		}
		if !mustPlay || try >= maxDeals {
			break
		}
		others := d.othersMax(d.Turn)
		if d.canPlay(d.Turn, &others) || d.canFinish(d.Turn, &others) {
			break
		}
	}
	// The turn's ordinals count in the hand at the start of the turn: the hand and the cards
	// laid out since. Outside a turn the field is not used.
	if d.Phase == PhaseTurn || d.Phase == PhaseSail || d.Phase == PhaseExchange {
		if d.Turn != viewer {
			for c := range d.HandAtStart {
				d.HandAtStart[c] = d.Seats[d.Turn].Hand[c] + popcount(d.LaidMask[c])
			}
		}
	} else {
		d.HandAtStart = [NumCompanies]int{}
	}

	// Face-down trading posts: shuffled within their company.
	for c := Company(0); c < NumCompanies; c++ {
		var buf [NumCommodities]Post
		posts := buf[:0]
		for h := d.FaceUp; h < NumHexes; h++ {
			if q := d.Track[h]; q >= 0 && q.Company() == c {
				posts = append(posts, q)
			}
		}
		if len(posts) < 2 {
			continue
		}
		slices.Sort(posts)
		rng.Shuffle(len(posts), func(i, j int) { posts[i], posts[j] = posts[j], posts[i] })
		for h := d.FaceUp; h < NumHexes; h++ {
			if q := d.Track[h]; q >= 0 && q.Company() == c {
				d.Track[h] = posts[0]
				posts = posts[1:]
			}
		}
	}
	return d
}

// maxDeals bounds the deals Determinize tries to give a player in the middle of laying out a hand
// that can still win a majority.
const maxDeals = 100

// known is how many cards of company c everybody knows to be in p's hand.
func (p *Player) known(c Company) int {
	if p.Known == nil {
		return 0
	}
	return p.Known[c]
}

// clone returns a deep copy of s: no slice or pointer is shared.
func (s *State) clone() *State {
	d := *s
	d.Stack = cloneSlice(s.Stack)
	d.Restock = cloneSlice(s.Restock)
	d.Auction.In = cloneSlice(s.Auction.In)
	d.Seats = make([]Player, len(s.Seats))
	for i := range s.Seats {
		p := s.Seats[i]
		p.Posts, p.Known = cloneSlice(p.Posts), cloneSlice(p.Known)
		d.Seats[i] = p
	}
	if s.Final != nil {
		f := *s.Final
		f.Scores, f.Winners, f.Details, f.Recap = cloneSlice(f.Scores), cloneSlice(f.Winners), cloneSlice(f.Details), cloneSlice(f.Recap)
		d.Final = &f
	}
	d.Scores = cloneSlice(s.Scores)
	return &d
}

// cloneSlice copies xs, keeping nil nil (the JSON tells null from []).
func cloneSlice[T any](xs []T) []T {
	if xs == nil {
		return nil
	}
	return append(make([]T, 0, len(xs)), xs...)
}
