package borneo

import (
	"strings"

	"spicebot/rules"
)

// Mission payment (rulebook "1. Complete a Mission", rulings §1.6.12 and §1.6.15).
//
// A warehouse item is a shipment card (0..59) or a harbour card (60..73). A shipment card gives
// its multiplier in units of its spice, a harbour card 1 unit of its spice; wild units count as
// any spice, one unit each. Requirements are tracked as units still owed per spice; wild units
// paid are assigned lazily, so the order of payment never matters. No change is given.

// itemSpice returns the spice and the number of units of a warehouse item.
func itemSpice(item int) (spice, int) {
	if item >= harbourItem {
		return harbours[item-harbourItem].spice, 1
	}
	c := &shipments[item]
	return c.spice, int(c.mult)
}

// stock is what a seat still has available to pay with: units per spice (wild last) and, for the
// pirate trade, how many items of each spice give 1 or 2 units.
type stock struct {
	units [5]int
	items [numSpiceTypes][3]int // items[spice][units]
}

func (k *stock) add(item int, sign int) {
	sp, v := itemSpice(item)
	k.units[sp] += sign * v
	if sp != wild {
		k.items[sp][v] += sign
	}
}

// warehouseStock is the stock of the seat's warehouse minus the items in paid.
func (s *State) warehouseStock(seat rules.Seat, paid []int) stock {
	var k stock
	st := &s.Seats[seat]
	for _, c := range st.Cards {
		k.add(c, 1)
	}
	for _, h := range st.HarbourCards {
		k.add(harbourItem+h, 1)
	}
	for _, item := range paid {
		k.add(item, -1)
	}
	return k
}

// owed is what a mission still asks for: typed units per spice and the wild units already paid
// (which cover any of them).
type owed struct {
	typed    [numSpiceTypes]int
	wildPaid int
}

// left is the number of units still to pay; the mission is complete at 0 or less.
func (o *owed) left() int {
	n := -o.wildPaid
	for _, v := range o.typed {
		n += v
	}
	return n
}

// covers reports whether the stock k can pay o without a trade.
func (o *owed) covers(k *stock) bool {
	short := -o.wildPaid - k.units[wild]
	for t, v := range o.typed {
		if d := v - k.units[t]; d > 0 {
			short += d
		}
	}
	return short <= 0
}

// payable reports whether o can be paid from k, with one pirate trade if trade is true.
func (o *owed) payable(k *stock, trade bool) bool {
	if o.covers(k) {
		return true
	}
	if !trade {
		return false
	}
	for sp := 0; sp < numSpiceTypes; sp++ {
		for v := 1; v <= 2; v++ {
			if k.items[sp][v] == 0 {
				continue
			}
			for t := 0; t < numSpiceTypes; t++ {
				if t == sp || o.typed[t] <= k.units[t] {
					continue
				}
				k2 := *k
				k2.units[sp] -= v
				k2.units[t] += v
				if o.covers(&k2) {
					return true
				}
			}
		}
	}
	return false
}

// owedFor computes what payment p still owes.
func owedFor(p *Payment) owed {
	var o owed
	o.typed = missions[p.Mission].kind.need(p.Type)
	for _, item := range p.Paid {
		sp, v := itemSpice(item)
		if item == p.Trade {
			sp = p.TradeAs
		}
		if sp == wild {
			o.wildPaid++
			continue
		}
		o.typed[sp] -= v
		if o.typed[sp] < 0 {
			o.typed[sp] = 0
		}
	}
	return o
}

// canTrade reports whether seat may trade with the pirates while paying a mission (rulebook
// "Secrets of Blackbeard": not while holding the ship, not in the last chance).
func (s *State) canTrade(seat rules.Seat, last bool) bool {
	return s.Blackbeard && !last && s.Pirate != seat
}

// cancelled reports whether mission mi was cancelled this turn (State.Cancelled).
func (s *State) cancelled(mi int) bool {
	return s.CancelledAt == s.Turns && containsInt(s.Cancelled, mi)
}

// missionStarts appends the missions seat may start now: those it can pay from its warehouse
// (with a pirate trade when allowed). Same-type missions are listed once per spice.
func (s *State) missionStarts(seat rules.Seat, last bool, out []Move) []Move {
	if len(s.Missions) == 0 {
		return out
	}
	k := s.warehouseStock(seat, nil)
	total := k.units[0] + k.units[1] + k.units[2] + k.units[3] + k.units[4]
	if total < missionKindAmount[oneEach]*numSpiceTypes && total < missionKindAmount[fourSame] {
		return out
	}
	trade := s.canTrade(seat, last)
	// ok[kind][type] caches the answer for identical tiles: 0 unknown, 1 yes, 2 no.
	var ok [5][numSpiceTypes]int8
	for _, mi := range s.Missions {
		if s.cancelled(mi) {
			continue
		}
		kind := missions[mi].kind
		types := 1
		if kind.sameType() {
			types = numSpiceTypes
		}
		for t := 0; t < types; t++ {
			if ok[kind][t] == 0 {
				o := owed{typed: kind.need(spice(t))}
				ok[kind][t] = 2
				if o.payable(&k, trade) {
					ok[kind][t] = 1
				}
			}
			if ok[kind][t] == 1 {
				m := Move{Kind: KindMission, A: int8(mi)}
				if kind.sameType() {
					m.B = int8(t) + 1
				}
				out = append(out, m)
			}
		}
	}
	return out
}

// payMoves appends the legal payments of the mission under way: every warehouse item that still
// reduces what is owed and leaves the rest payable, the pirate trades when allowed, and cancel.
func (s *State) payMoves(out []Move) []Move {
	p := s.Pay
	o := owedFor(p)
	k := s.warehouseStock(p.Seat, p.Paid)
	trade := s.canTrade(p.Seat, p.Last) && p.Trade < 0
	try := func(item int) {
		if containsInt(p.Paid, item) {
			return
		}
		sp, v := itemSpice(item)
		k2 := k
		k2.add(item, -1)
		if sp == wild || o.typed[sp] > 0 {
			o2 := o
			if sp == wild {
				o2.wildPaid++
			} else {
				o2.typed[sp] = max(0, o2.typed[sp]-v)
			}
			if o2.left() <= 0 || o2.payable(&k2, trade) {
				out = append(out, Move{Kind: KindPay, A: int8(item)})
			}
		}
		if !trade || sp == wild {
			return
		}
		for t := 0; t < numSpiceTypes; t++ {
			if t == int(sp) || o.typed[t] == 0 {
				continue
			}
			o2 := o
			o2.typed[t] = max(0, o2.typed[t]-v)
			if o2.left() <= 0 || o2.payable(&k2, false) {
				out = append(out, Move{Kind: KindPay, A: int8(item), B: int8(t) + 1})
			}
		}
	}
	st := &s.Seats[p.Seat]
	for _, c := range st.Cards {
		try(c)
	}
	for _, h := range st.HarbourCards {
		try(harbourItem + h)
	}
	return append(out, Move{Kind: KindCancel})
}

// remainingText says in words what payment p still owes, as rules text: "2 pepper, 1 cloves",
// "1 cloves (less 1 wild paid)", "nothing".
func remainingText(p *Payment) string {
	o := owedFor(p)
	if o.left() <= 0 {
		return rules.Msg("borneo.owed.nothing")
	}
	var parts []string
	for t, v := range o.typed {
		if v > 0 {
			parts = append(parts, rules.Msg("borneo.owed.spice", "N", v, "Spice", spice(t).word()))
		}
	}
	text := strings.Join(parts, ", ")
	if o.wildPaid > 0 {
		text = rules.Msg("borneo.owed.less-wild", "Owed", text, "Count", o.wildPaid)
	}
	return text
}

// missionText refers to a mission in rules text, with the spice chosen for a same-type mission:
// "[[M05]] with pepper".
func missionText(mi int, typ spice) string {
	if missions[mi].kind.sameType() && typ >= 0 {
		return rules.Msg("borneo.mission.with-spice", "Mission", rules.Ref(missionIDs[mi]), "Spice", typ.word())
	}
	return rules.Ref(missionIDs[mi])
}
