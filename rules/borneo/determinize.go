package borneo

import (
	"slices"

	"spicebot/rules"
)

// Undoable reports whether the last move may be taken back: it drew, revealed and rolled
// nothing (see the package doc, "Undo"). False for a new game.
func (s *State) Undoable() bool { return s.Undo }

// Determinize returns a state viewer cannot tell apart from s, with everything hidden from
// viewer re-drawn from seed (see rules.State): the unseen shipment cards — other seats' hands,
// the shipment deck and the cards other seats discarded face down (Seat.Discarded) — are dealt
// back into those places at random (rules.DealUnseen), every hand and pile keeping its size; a
// card the table saw go into the deck at the last reshuffle (State.Reshuffled) goes only to the
// deck or to a seat that drew since, at most as many to a seat as it drew; the harbour deck is
// shuffled; the RNG is reseeded from seed; log lines private to other seats keep only their
// public text. An attacker who has played no card yet holds a card showing the company's flag (a
// fight is offered only then). Everything public and viewer's own hand and face-down discards are
// kept.
func (s *State) Determinize(viewer rules.Seat, seed uint64) rules.State {
	d := s.cloneState(false)
	d.RNG = rules.NewRNG(seed ^ 0xb0e0de7e)
	d.Journal = s.Journal.Redact(viewer)
	rng := rules.NewRNG(seed)
	mine := func(i int) bool { return rules.Seat(i) == viewer }

	// The unseen shipment cards: those the table saw go into the deck (limited to the deck and
	// the seats that drew since) and the others, each in canonical (sorted) order.
	var seen [numShipments]bool // seen in the last reshuffle
	for _, c := range s.Reshuffled {
		seen[c] = true
	}
	var lbuf, fbuf [numShipments]int
	limited, free := lbuf[:0], fbuf[:0]
	add := func(cards []int) {
		for _, c := range cards {
			if seen[c] {
				limited = append(limited, c)
			} else {
				free = append(free, c)
			}
		}
	}
	// The places, in canonical order: other hands in seat order, the deck, then the face-down
	// places of the discard pile in pile order; each belongs to a seat (its group) or to the deck.
	var gbuf, obuf [numShipments]int
	groups := gbuf[:0]
	var caps [maxSeats]int
	for i := range s.Seats {
		if mine(i) {
			continue
		}
		st := &s.Seats[i]
		add(st.Hand)
		add(st.Discarded)
		caps[i] = min(st.Drawn, len(st.Hand)+len(st.Discarded))
		for range st.Hand {
			groups = append(groups, i)
		}
	}
	add(s.Deck)
	for range s.Deck {
		groups = append(groups, -1)
	}
	var owner []int
	if s.othersDiscarded(viewer) {
		owner = s.discardOwners()
		for _, o := range owner {
			if o != ownerPublic && o != int(viewer) {
				groups = append(groups, o)
			}
		}
	}
	slices.Sort(limited)
	slices.Sort(free)
	out := obuf[:len(groups)]
	// An attacker who has played no card yet is known to hold a card showing the company's flag
	// (a fight is offered only then): deal again until it does.
	attacker, from := s.mustShowFlag(viewer)
	for try := 0; ; try++ {
		c := caps
		rules.DealUnseenInto(out, &rng, groups, c[:], limited, free)
		if attacker < 0 || try >= maxDeals || s.Fight.showsFlag(out[from:from+len(s.Seats[attacker].Hand)]) {
			break
		}
	}

	for i := range d.Seats {
		if !mine(i) {
			n := copy(d.Seats[i].Hand, out)
			out = out[n:]
		}
	}
	n := copy(d.Deck, out)
	out = out[n:]
	if owner != nil {
		for i := range d.Seats {
			if !mine(i) && d.Seats[i].Discarded != nil {
				d.Seats[i].Discarded = d.Seats[i].Discarded[:0]
			}
		}
		for pos, o := range owner {
			if o == ownerPublic || o == int(viewer) {
				continue
			}
			d.Discard[pos] = out[0]
			d.Seats[o].Discarded = append(d.Seats[o].Discarded, out[0])
			out = out[1:]
		}
	}
	// The harbour deck: nobody has seen it.
	slices.Sort(d.HarbourDeck)
	rng.ShuffleInts(d.HarbourDeck)
	return d
}

// maxDeals bounds the deals Determinize tries to give an attacker its flag card (each succeeds
// with good odds: most cards show a flag of any company).
const maxDeals = 100

// mustShowFlag returns the attacker of a fight who has played no card yet, when it is not viewer,
// and where its hand starts among Determinize's places (other hands in seat order); else -1.
func (s *State) mustShowFlag(viewer rules.Seat) (rules.Seat, int) {
	if s.Phase != PhaseFight || len(s.Fight.AttackCards) > 0 || s.Fight.Attacker == viewer {
		return -1, 0
	}
	from := 0
	for i := range s.Seats {
		if rules.Seat(i) == s.Fight.Attacker {
			break
		}
		if rules.Seat(i) != viewer {
			from += len(s.Seats[i].Hand)
		}
	}
	return s.Fight.Attacker, from
}

// showsFlag reports whether one of cards shows a flag of the fight's company.
func (f *Fight) showsFlag(cards []int) bool {
	for _, c := range cards {
		if shipments[c].flags(f.Company) > 0 {
			return true
		}
	}
	return false
}

// maxSeats is the largest table (Game.Players).
const maxSeats = 5

// discardedFaceDown reports whether card c is in the discard pile face down (Seat.Discarded).
func (s *State) discardedFaceDown(c int) bool {
	for i := range s.Seats {
		if containsInt(s.Seats[i].Discarded, c) {
			return true
		}
	}
	return false
}

// ownerPublic is the owner of a discard pile place whose card the table saw (discardOwners).
const ownerPublic = -1

// othersDiscarded reports whether a seat other than viewer has face-down cards in the discard pile.
func (s *State) othersDiscarded(viewer rules.Seat) bool {
	for i := range s.Seats {
		if rules.Seat(i) != viewer && len(s.Seats[i].Discarded) > 0 {
			return true
		}
	}
	return false
}

// discardOwners says, for each place of the discard pile, who knows its card: ownerPublic or
// the seat that discarded it face down.
func (s *State) discardOwners() []int {
	var who [numShipments]int
	for i := range who {
		who[i] = ownerPublic
	}
	for i := range s.Seats {
		for _, c := range s.Seats[i].Discarded {
			who[c] = i
		}
	}
	out := make([]int, len(s.Discard))
	for pos, c := range s.Discard {
		out[pos] = who[c]
	}
	return out
}

// clone returns a deep copy of s: no slice or pointer is shared.
func (s *State) clone() *State { return s.cloneState(true) }

// cloneState is clone, with the log or with an empty log.
func (s *State) cloneState(withLog bool) *State {
	d := *s
	for c := range d.Companies {
		d.Companies[c] = cloneSlice(s.Companies[c])
	}
	d.Deck = cloneSlice(s.Deck)
	d.Discard = cloneSlice(s.Discard)
	d.HarbourDeck = cloneSlice(s.HarbourDeck)
	for i := range d.Harbours {
		d.Harbours[i].Cards = cloneSlice(s.Harbours[i].Cards)
	}
	d.Spent = cloneSlice(s.Spent)
	d.Missions = cloneSlice(s.Missions)
	d.Cancelled = cloneSlice(s.Cancelled)
	d.Seats = make([]Seat, len(s.Seats))
	for i := range s.Seats {
		st := s.Seats[i]
		st.Hand, st.Cards, st.HarbourCards = cloneSlice(st.Hand), cloneSlice(st.Cards), cloneSlice(st.HarbourCards)
		st.Missions, st.Discarded = cloneSlice(st.Missions), cloneSlice(st.Discarded)
		d.Seats[i] = st
	}
	d.Placement = cloneSlice(s.Placement)
	d.LastChance = cloneSlice(s.LastChance)
	d.Exposed = cloneSlice(s.Exposed)
	d.Reshuffled = cloneSlice(s.Reshuffled)
	d.Highlights.Won = cloneSlice(s.Highlights.Won)
	if s.Fight != nil {
		f := *s.Fight
		f.AttackCards, f.DefenceCards = cloneSlice(f.AttackCards), cloneSlice(f.DefenceCards)
		d.Fight = &f
	}
	if s.Dist != nil {
		x := *s.Dist
		x.Companies, x.Cards, x.Pool, x.Pickers = cloneSlice(x.Companies), cloneSlice(x.Cards), cloneSlice(x.Pool), cloneSlice(x.Pickers)
		d.Dist = &x
	}
	if s.Pay != nil {
		p := *s.Pay
		p.Paid = cloneSlice(p.Paid)
		d.Pay = &p
	}
	d.Journal = rules.Log{}
	if withLog {
		d.Journal.Lines = cloneSlice(s.Journal.Lines)
	}
	if s.Result != nil {
		r := *s.Result
		r.Scores, r.Winners, r.Details, r.Recap = cloneSlice(r.Scores), cloneSlice(r.Winners), cloneSlice(r.Details), cloneSlice(r.Recap)
		d.Result = &r
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
