package borneo

import (
	"strings"

	"spicebot/rules"
)

// Status is one public sentence saying what the game waits for, as rules text.
func (s *State) Status() string {
	if s.Result != nil {
		w := s.Result.Winners
		if len(w) == 1 {
			return rules.Msg("borneo.status.won", "Seat", rules.SeatRef(w[0]), "Points", s.Result.Scores[w[0]])
		}
		refs := make([]string, len(w))
		for i, x := range w {
			refs[i] = rules.SeatRef(x)
		}
		return rules.Msg("borneo.status.shared", "Seats", strings.Join(refs, ", "), "Points", s.Result.Scores[w[0]])
	}
	actor, _ := s.actor()
	ref := rules.SeatRef(actor)
	switch s.Phase {
	case PhasePay:
		if s.Pay.Last {
			return rules.Msg("borneo.status.pay-last", "Seat", ref, "Mission", missionText(s.Pay.Mission, s.Pay.Type), "Owed", remainingText(s.Pay))
		}
		return rules.Msg("borneo.status.pay", "Seat", ref, "Mission", missionText(s.Pay.Mission, s.Pay.Type), "Owed", remainingText(s.Pay))
	case PhasePlacement:
		total := len(s.Seats) * s.merchantsEach()
		return rules.Msg("borneo.status.placement", "Seat", ref, "Task", s.task(), "N", total-len(s.Placement)+1, "Total", total)
	case PhaseDiscard:
		return rules.Msg("borneo.status.discard", "Seat", ref, "Task", s.task(), "N", len(s.Seats[s.Turn].Hand)-handLimit)
	}
	return rules.Msg("borneo.status", "Seat", ref, "Task", s.task())
}

func (s *State) merchantsEach() int {
	if s.FourMerchants {
		return 4
	}
	return 3
}

// Private is the seat's hand in words (rules text), sent to that player only; empty for the
// observer.
func (s *State) Private(seat rules.Seat) string {
	if int(seat) < 0 || int(seat) >= len(s.Seats) {
		return ""
	}
	hand := s.Seats[seat].Hand
	if len(hand) == 0 {
		return rules.Msg("borneo.private.empty")
	}
	parts := make([]string, len(hand))
	for i, c := range hand {
		parts[i] = rules.Ref(shipmentIDs[c])
	}
	return rules.Msg("borneo.private.hand", "Cards", strings.Join(parts, "; "))
}

// Log returns the log as viewer may read it: draws name the cards only for the drawer.
func (s *State) Log(viewer rules.Seat) []rules.LogEntry { return s.Journal.For(viewer) }

// Hidden lists the ids of the cards viewer may not see: other seats' hands, the shipment deck
// and the harbour deck. Warehouses, harbours, fights, distributions and completed missions are
// public; the discard pile is shown only as a count, and a card discarded face down down to the
// hand limit is hidden from all but its owner (Seat.Discarded) until the pile is reshuffled or the
// game ends (then nothing is hidden but the harbour deck). The cards of State.Exposed (seen going into the discard pile by the
// move that reshuffled them) are left out until the next move: that move's log names them.
func (s *State) Hidden(viewer rules.Seat) []string {
	var out []string
	for i := range s.Seats {
		if rules.Seat(i) == viewer {
			continue
		}
		for _, c := range s.Seats[i].Hand {
			if !containsInt(s.Exposed, c) {
				out = append(out, shipmentIDs[c])
			}
		}
	}
	for _, c := range s.Deck {
		if !containsInt(s.Exposed, c) {
			out = append(out, shipmentIDs[c])
		}
	}
	for i := range s.Seats {
		if rules.Seat(i) != viewer {
			for _, c := range s.Seats[i].Discarded {
				out = append(out, shipmentIDs[c])
			}
		}
	}
	for _, h := range s.HarbourDeck {
		out = append(out, harbourIDs[h])
	}
	return out
}

// viewPhase is the View.Phase name of the current phase.
func (s *State) viewPhase() string {
	switch s.Phase {
	case PhaseReward:
		return string(PhaseDefend)
	case phaseRefill, phaseDraw:
		return string(PhaseShip)
	}
	return string(s.Phase)
}

func cardView(c int) CardView {
	sh := &shipments[c]
	return CardView{
		ID:     shipmentIDs[c],
		Top:    [3]string{companyLetters[sh.top[0]], companyLetters[sh.top[1]], companyLetters[sh.top[2]]},
		Bottom: companyLetters[sh.bottom],
		Spice:  spiceNames[sh.spice],
		Double: sh.mult == 2,
	}
}

func cardViews(cards []int) []CardView {
	out := make([]CardView, len(cards))
	for i, c := range cards {
		out[i] = cardView(c)
	}
	return out
}

func harbourView(h int, cards []int) HarbourView {
	hc := &harbours[h]
	return HarbourView{
		ID: harbourIDs[h], Name: hc.name, Spice: hc.spice.String(),
		Monopoly: int(hc.monopoly), Max: int(hc.max),
		Cards: cardViews(cards), Flags: visibleFlags(cards),
	}
}

func missionView(mi int) MissionView {
	k := missions[mi].kind
	return MissionView{ID: missionIDs[mi], Kind: missionKindNames[k], Text: k.word(), VP: missionKindVP[k]}
}

// units counts a seat's warehouse spice units (pepper, cinnamon, cloves, nutmeg, wild).
func (s *State) units(seat rules.Seat) [5]int {
	return s.warehouseStock(seat, nil).units
}

// View returns what viewer may see; View(rules.Observer) is the public view.
func (s *State) View(viewer rules.Seat) any {
	v := &View{
		Viewer:           viewer,
		Players:          len(s.Seats),
		Blackbeard:       s.Blackbeard,
		FourMerchants:    s.FourMerchants,
		Phase:            s.viewPhase(),
		Turn:             s.Turn,
		Active:           s.Active(),
		Status:           s.Status(),
		LastMove:         s.lastMove(),
		DeckCount:        len(s.Deck),
		DiscardCount:     len(s.Discard),
		HarbourDeckCount: len(s.HarbourDeck),
	}
	if v.Active == nil {
		v.Active = []rules.Seat{}
	}
	if s.Phase == PhasePlacement {
		v.Turn = s.Placement[0]
	}
	for c := range s.Companies {
		v.Companies[c] = CompanyView{Name: companyNames[c], Letter: companyLetters[c],
			Merchants: append([]rules.Seat{}, s.Companies[c]...)}
	}
	v.Harbours = []HarbourView{}
	for _, hb := range s.Harbours {
		if hb.Card >= 0 {
			v.Harbours = append(v.Harbours, harbourView(hb.Card, hb.Cards))
		}
	}
	v.Missions = make([]MissionView, len(s.Missions))
	for i, mi := range s.Missions {
		v.Missions[i] = missionView(mi)
	}
	v.Seats = make([]SeatView, len(s.Seats))
	for i := range s.Seats {
		st := &s.Seats[i]
		sv := SeatView{
			Seat:      rules.Seat(i),
			HandCount: len(st.Hand),
			Warehouse: cardViews(st.Cards),
			Harbours:  make([]HarbourView, len(st.HarbourCards)),
			Units:     s.units(rules.Seat(i)),
			Missions:  make([]MissionView, len(st.Missions)),
			Pirate:    s.Pirate == rules.Seat(i),
		}
		for j, h := range st.HarbourCards {
			sv.Harbours[j] = harbourView(h, nil)
		}
		for j, mi := range st.Missions {
			sv.Missions[j] = missionView(mi)
		}
		sv.Score = s.scoreOf(rules.Seat(i)).total
		v.Seats[i] = sv
	}
	if int(viewer) >= 0 && int(viewer) < len(s.Seats) {
		v.Hand = cardViews(s.Seats[viewer].Hand)
	}
	if f := s.Fight; f != nil {
		v.Fight = &FightView{
			Company: f.Company.letter(), Attacker: f.Attacker, Defender: f.Defender,
			AttackerRank: f.AttackerRank + 1, DefenderRank: f.DefenderRank + 1,
			AttackCards: cardViews(f.AttackCards), DefenceCards: cardViews(f.DefenceCards),
			AttackFlags: f.attackFlags(), DefenceFlags: f.defenceFlags(), Bonus: f.bonus(),
		}
	}
	if d := s.Dist; d != nil {
		dv := &DistributionView{Harbour: harbourView(d.Harbour, d.Cards), Monopoly: d.Monopoly, Pool: cardViews(d.Pool)}
		for _, c := range d.Companies {
			dv.Companies = append(dv.Companies, c.letter())
		}
		if len(d.Pickers) > 0 {
			dv.Picker = d.picker().Seat
		}
		v.Distribution = dv
	}
	if p := s.Pay; p != nil {
		pv := &PaymentView{Seat: p.Seat, Mission: missionView(p.Mission), Paid: make([]string, len(p.Paid)), Remaining: remainingText(p)}
		if p.Type >= 0 {
			pv.Type = p.Type.String()
		}
		for i, item := range p.Paid {
			pv.Paid[i] = itemID(item)
		}
		v.Payment = pv
	}
	if s.Result != nil {
		out := *s.Result
		v.Outcome = &out
	}
	return v
}

// lastMove is the first public log line of the latest move, or "".
func (s *State) lastMove() string {
	if s.Moves == 0 {
		return ""
	}
	lines := s.Journal.Lines
	first := ""
	for i := len(lines) - 1; i >= 0 && lines[i].Version == s.Moves; i-- {
		if lines[i].Public != "" {
			first = lines[i].Public
		}
	}
	return first
}
