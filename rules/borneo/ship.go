package borneo

import (
	"strings"

	"spicebot/rules"
)

// visibleFlags counts the visible flags per company of a harbour column: the top row of every
// card and the bottom flag of the last card (rulebook "3. Shipment", rulings §1.6.5).
func visibleFlags(cards []int) [numCompanies]int {
	var f [numCompanies]int
	for _, c := range cards {
		for _, x := range shipments[c].top {
			f[x]++
		}
	}
	if n := len(cards); n > 0 {
		f[shipments[cards[n-1]].bottom]++
	}
	return f
}

// firstSeen gives, per company, the position of its first visible flag in reading order: each
// card's top row from the first card on, then the last card's bottom flag (rulings §1.6.7).
func firstSeen(cards []int) [numCompanies]int {
	var pos [numCompanies]int
	for i := range pos {
		pos[i] = 1 << 30
	}
	n := 0
	for _, c := range cards {
		for _, x := range shipments[c].top {
			if n < pos[x] {
				pos[x] = n
			}
			n++
		}
	}
	if len(cards) > 0 {
		if x := shipments[cards[len(cards)-1]].bottom; n < pos[x] {
			pos[x] = n
		}
	}
	return pos
}

// monopolyOf returns the company with a monopoly at a harbour column, if any: a company with at
// least the monopoly number of visible flags; several are broken by the first flag on the last
// card in reading order, top-left to bottom (rulebook "Monopoly", rulings §1.6.6).
func monopolyOf(h int, cards []int) (company, bool) {
	f := visibleFlags(cards)
	need := int(harbours[h].monopoly)
	count := 0
	var only company
	for c := range f {
		if f[c] >= need {
			count++
			only = company(c)
		}
	}
	if count <= 1 {
		return only, count == 1
	}
	last := &shipments[cards[len(cards)-1]]
	for _, x := range last.top {
		if f[x] >= need {
			return x, true
		}
	}
	if f[last.bottom] >= need {
		return last.bottom, true
	}
	for c := range f {
		if f[c] >= need {
			return company(c), true
		}
	}
	return only, true
}

// sharedOrder ranks the companies with at least one visible flag: most flags first, ties by the
// first flag in reading order over the whole column (rulebook "Shared Distribution", rulings §1.6.7).
func sharedOrder(cards []int) []company {
	f := visibleFlags(cards)
	pos := firstSeen(cards)
	out := make([]company, 0, numCompanies)
	for c := range f {
		if f[c] > 0 {
			out = append(out, company(c))
		}
	}
	for i := 1; i < len(out); i++ {
		for j := i; j > 0; j-- {
			a, b := out[j-1], out[j]
			if f[b] > f[a] || (f[b] == f[a] && pos[b] < pos[a]) {
				out[j-1], out[j] = b, a
			}
		}
	}
	return out
}

// pickers returns one full cycle of the merchants who pick, in order (rulings §1.6.9): for a
// monopoly the company's merchants by rank; for a shared distribution the 1st merchants in
// company order, then the 2nd merchants, and so on.
func (s *State) pickers(order []company) []Picker {
	var out []Picker
	for r := 0; r < columnSize; r++ {
		for _, c := range order {
			if r < len(s.Companies[c]) {
				out = append(out, Picker{Company: c, Rank: r, Seat: s.Companies[c][r]})
			}
		}
	}
	return out
}

// ship plays card on the harbour in slot and starts a distribution if it triggers one.
func (s *State) ship(seat rules.Seat, card, slot int) {
	st := &s.Seats[seat]
	st.Hand, _ = removeInt(st.Hand, card)
	hb := &s.Harbours[slot]
	hb.Cards = append(hb.Cards, card)
	h := hb.Card
	s.log(s.Moves, rules.Msg("borneo.log.ship", "Seat", rules.SeatRef(seat), "Card", rules.Ref(shipmentIDs[card]), "Harbour", rules.Ref(harbourIDs[h])))
	mono, isMono := monopolyOf(h, hb.Cards)
	if !isMono && len(hb.Cards) < int(harbours[h].max) {
		s.Phase = phaseDraw
		return
	}
	cards := append([]int(nil), hb.Cards...)
	d := &Dist{Slot: slot, Harbour: h, Flags: visibleFlags(cards), Cards: cards, Pool: append([]int(nil), cards...)}
	if isMono {
		d.Monopoly = true
		d.Companies = []company{mono}
		s.log(s.Moves, rules.Msg("borneo.log.monopoly", "Company", mono.subject(), "Harbour", rules.Ref(harbourIDs[h]), "Flags", d.Flags[mono]))
	} else {
		d.Companies = sharedOrder(cards)
		parts := make([]string, len(d.Companies))
		for i, c := range d.Companies {
			parts[i] = rules.Msg("borneo.company.flags", "Company", c.word(), "Flags", d.Flags[c])
		}
		s.log(s.Moves, rules.Msg("borneo.log.shared", "Harbour", rules.Ref(harbourIDs[h]), "Companies", strings.Join(parts, ", ")))
	}
	d.Pickers = s.pickers(d.Companies)
	s.noteDistribution(seat, h, len(cards), isMono, mono)
	st.HarbourCards = append(st.HarbourCards, h)
	s.log(s.Moves, rules.Msg("borneo.log.harbour-card", "Seat", rules.SeatRef(seat), "Harbour", harbourShort(h)))
	s.Harbours[slot] = Harbour{Card: -1, Cards: []int{}}
	s.Dist = d
	s.Phase = PhasePick
}

// give puts pool card into the warehouse of the current picker.
func (s *State) give(card int, auto bool) {
	d := s.Dist
	p := d.picker()
	d.Pool, _ = removeInt(d.Pool, card)
	st := &s.Seats[p.Seat]
	st.Cards = append(st.Cards, card)
	d.Next++
	if auto {
		s.log(s.Moves, rules.Msg("borneo.log.last-card", "Seat", rules.SeatRef(p.Seat), "Card", rules.Ref(shipmentIDs[card])))
		return
	}
	s.log(s.Moves, rules.Msg("borneo.log.pick", "Seat", rules.SeatRef(p.Seat), "Card", rules.Ref(shipmentIDs[card])))
}
