package borneo

import (
	"spicebot/rules"
)

// Legal lists every move seat may make now, in a stable order: in phase 1 the missions it can
// pay, then the company actions (moves, then fights), then the shipments; in the other phases
// the moves of that phase. Empty for a seat that has nothing to decide.
func (s *State) Legal(seat rules.Seat) []rules.Move {
	var buf [64]Move
	ms := s.legal(seat, buf[:0])
	if len(ms) == 0 {
		return nil
	}
	out := make([]rules.Move, len(ms))
	for i, m := range ms {
		out[i] = m.box()
	}
	return out
}

// legal appends seat's legal moves to out.
func (s *State) legal(seat rules.Seat, out []Move) []Move {
	actor, ok := s.actor()
	if !ok || seat != actor {
		return out
	}
	switch s.Phase {
	case PhasePlacement:
		for c := company(0); c < numCompanies; c++ {
			if !s.full(c) {
				out = append(out, Move{Kind: KindPlace, A: int8(c)})
			}
		}
	case PhaseMission:
		out = s.missionStarts(seat, false, out)
		out = s.companyActions(seat, out)
		out = s.shipments(seat, out)
	case PhaseCompany:
		out = s.companyActions(seat, out)
		out = s.shipments(seat, out)
	case PhaseShip:
		out = s.shipments(seat, out)
	case PhasePay:
		out = s.payMoves(out)
	case PhaseFight, PhaseDefend:
		f := s.Fight
		hand := s.Seats[seat].Hand
		played := f.AttackCards
		if s.Phase == PhaseDefend {
			played = f.DefenceCards
		}
		if len(hand) >= 2 && (s.Phase == PhaseFight || len(f.DefenceCards) < len(f.AttackCards)) {
			for _, c := range hand {
				if shipments[c].flags(f.Company) > 0 {
					out = append(out, Move{Kind: KindPlay, A: int8(c)})
				}
			}
		}
		if s.Phase == PhaseDefend || len(played) > 0 {
			out = append(out, Move{Kind: KindDone})
		}
	case PhaseDisplaced:
		out = append(out, Move{Kind: KindStay})
		for c := company(0); c < numCompanies; c++ {
			if c != s.Fight.Company && !s.full(c) {
				out = append(out, Move{Kind: KindRelocate, A: int8(c)})
			}
		}
	case PhaseReward:
		for _, c := range s.Fight.DefenceCards {
			out = append(out, Move{Kind: KindKeep, A: int8(c)})
		}
		out = append(out, Move{Kind: KindKeepNone})
	case PhasePick:
		for _, c := range s.Dist.Pool {
			out = append(out, Move{Kind: KindPick, A: int8(c)})
		}
	case PhaseDiscard:
		for _, c := range s.Seats[seat].Hand {
			out = append(out, Move{Kind: KindDiscard, A: int8(c)})
		}
	case PhaseLastChance:
		out = s.missionStarts(seat, true, out)
		out = append(out, Move{Kind: KindPass})
	}
	return out
}

// companyActions appends seat's phase-2 actions (rulebook "2. Companies"): moving a merchant to
// the first empty slot of another company that is not full, and fights against a higher merchant
// of another player in the same company, possible only with a card showing that company's flag
// and another card to keep (rulings §1.6.2–§1.6.3).
func (s *State) companyActions(seat rules.Seat, out []Move) []Move {
	for c := company(0); c < numCompanies; c++ {
		for r, owner := range s.Companies[c] {
			if owner != seat {
				continue
			}
			for to := company(0); to < numCompanies; to++ {
				if to != c && !s.full(to) {
					out = append(out, Move{Kind: KindMove, A: int8(c), B: int8(r), C: int8(to)})
				}
			}
		}
	}
	hand := s.Seats[seat].Hand
	if len(hand) < 2 {
		return out
	}
	for c := company(0); c < numCompanies; c++ {
		if !handShows(hand, c) {
			continue
		}
		col := s.Companies[c]
		for a, owner := range col {
			if owner != seat {
				continue
			}
			for d := 0; d < a; d++ {
				if col[d] != seat {
					out = append(out, Move{Kind: KindFight, A: int8(c), B: int8(a), C: int8(d)})
				}
			}
		}
	}
	return out
}

func handShows(hand []int, c company) bool {
	for _, card := range hand {
		if shipments[card].flags(c) > 0 {
			return true
		}
	}
	return false
}

// shipments appends every card of the hand on every face-up harbour (rulebook "3. Shipment").
func (s *State) shipments(seat rules.Seat, out []Move) []Move {
	for _, c := range s.Seats[seat].Hand {
		for i := range s.Harbours {
			if h := s.Harbours[i].Card; h >= 0 {
				out = append(out, Move{Kind: KindShip, A: int8(c), B: int8(h)})
			}
		}
	}
	return out
}

// slotOf returns the board slot of face-up harbour h, or -1.
func (s *State) slotOf(h int) int {
	for i := range s.Harbours {
		if s.Harbours[i].Card == h {
			return i
		}
	}
	return -1
}

// task says what the game waits for, after a seat reference: "must ship a card".
func (s *State) task() string {
	switch s.Phase {
	case PhasePlacement:
		return "must place a merchant"
	case PhaseMission:
		return "may complete a mission, move or fight, then must ship a card"
	case PhaseCompany:
		return "may move a merchant or fight, then must ship a card"
	case PhaseShip:
		return "must ship a card"
	case PhasePay:
		if s.Pay.Last {
			return "is paying a last-chance mission"
		}
		return "is paying a mission"
	case PhaseFight:
		return "must play cards for the attack"
	case PhaseDefend:
		return "must defend " + s.Fight.Company.String() + " #" + itoa(s.Fight.DefenderRank+1) + " against " + rules.SeatRef(s.Fight.Attacker)
	case PhaseDisplaced:
		return "must choose where the beaten merchant goes"
	case PhaseReward:
		return "may keep one defence card"
	case PhasePick:
		return "must pick a spice at " + harbours[s.Dist.Harbour].name
	case PhaseDiscard:
		return "must discard down to six cards"
	case PhaseLastChance:
		return "may complete one last mission"
	}
	return "is done"
}

// whyIllegal explains why seat may not play m now, checking the common mistakes first.
func (s *State) whyIllegal(seat rules.Seat, m Move) string {
	if s.over() {
		return "The game is over."
	}
	actor, _ := s.actor()
	if seat == rules.Observer || int(seat) < 0 || int(seat) >= len(s.Seats) {
		return "You are not playing in this game; " + rules.SeatRef(actor) + " " + s.task() + "."
	}
	if seat != actor {
		return "It is not your turn: " + rules.SeatRef(actor) + " " + s.task() + "."
	}
	st := &s.Seats[seat]
	wrongPhase := "Not now: you " + s.task() + "."
	notInHand := func(c int8) string { return rules.Ref(shipmentIDs[c]) + " is not in your hand." }
	switch m.Kind {
	case KindPlace:
		if s.Phase != PhasePlacement {
			return "Merchants are placed only during setup."
		}
		if s.full(company(m.A)) {
			return "Company " + company(m.A).String() + " is full."
		}
	case KindMission:
		switch s.Phase {
		case PhaseMission, PhaseLastChance:
		case PhaseCompany:
			return "You have already completed a mission this turn; only one is allowed."
		case PhasePay:
			return "First finish paying for " + rules.Ref(missionIDs[s.Pay.Mission]) + ", or cancel it."
		default:
			return "A mission may only be completed at the start of your turn, before moving or fighting."
		}
		if !containsInt(s.Missions, int(m.A)) {
			return "The " + rules.Ref(missionIDs[m.A]) + " is not on the board."
		}
		kind := missions[m.A].kind
		if kind.sameType() && m.B == 0 {
			return "Say which spice you deliver for " + rules.Ref(missionIDs[m.A]) + "."
		}
		if !kind.sameType() && m.B != 0 {
			return "The " + rules.Ref(missionIDs[m.A]) + " asks for every spice; do not name one."
		}
		return "You cannot pay that mission with your warehouse."
	case KindPay:
		if s.Phase != PhasePay {
			return "You are not paying for a mission now."
		}
		item := int(m.A)
		inWarehouse := containsInt(st.Cards, item)
		if item >= harbourItem {
			inWarehouse = containsInt(st.HarbourCards, item-harbourItem)
		}
		if !inWarehouse {
			return itemRef(item) + " is not in your warehouse."
		}
		if containsInt(s.Pay.Paid, item) {
			return itemRef(item) + " is already paid."
		}
		if m.B > 0 {
			switch {
			case !s.Blackbeard:
				return "Trading with the pirates is only allowed in the Secrets of Blackbeard variant."
			case s.Pay.Last:
				return "You cannot trade with the pirates in the last-chance missions."
			case s.Pirate == seat:
				return "You hold the pirate ship, so you cannot trade with the pirates."
			case s.Pay.Trade >= 0:
				return "You may trade only one spice with the pirates per mission."
			}
		}
		return "That card would not reduce what you still owe, or would leave the rest unpayable."
	case KindCancel:
		return wrongPhase
	case KindFight, KindMove:
		if s.Phase != PhaseMission && s.Phase != PhaseCompany {
			if s.Phase == PhaseShip {
				return "You have already used your company action; now you must ship a card."
			}
			return wrongPhase
		}
		c := company(m.A)
		col := s.Companies[c]
		if int(m.B) >= len(col) || col[m.B] != seat {
			return "You have no merchant at " + slotWords(c, int(m.B)) + "."
		}
		if m.Kind == KindMove {
			if company(m.C) == c {
				return "Your merchant is already in " + c.String() + "."
			}
			if s.full(company(m.C)) {
				return "Company " + company(m.C).String() + " is full."
			}
			break
		}
		switch {
		case int(m.C) >= len(col):
			return "There is no merchant at " + slotWords(c, int(m.C)) + "."
		case m.C >= m.B:
			return "You can only attack a merchant ranked higher than yours."
		case col[m.C] == seat:
			return "You cannot attack your own merchant."
		case len(st.Hand) < 2:
			return "You must keep at least one card in hand, so you need two cards to fight."
		case !handShows(st.Hand, c):
			return "You have no card with a " + c.String() + " flag."
		}
	case KindPlay:
		if s.Phase != PhaseFight && s.Phase != PhaseDefend {
			return "Cards are played only in a fight."
		}
		switch {
		case !containsInt(st.Hand, int(m.A)):
			return notInHand(m.A)
		case shipments[m.A].flags(s.Fight.Company) == 0:
			return rules.Ref(shipmentIDs[m.A]) + " shows no " + s.Fight.Company.String() + " flag."
		case len(st.Hand) < 2:
			return "You must keep at least one card in hand."
		case s.Phase == PhaseDefend:
			return "You may play at most " + plural(len(s.Fight.AttackCards), "card") + ", as many as the attacker."
		}
	case KindDone:
		if s.Phase == PhaseFight {
			return "Play at least one card before you are done."
		}
		return wrongPhase
	case KindStay, KindRelocate:
		if s.Phase != PhaseDisplaced {
			return wrongPhase
		}
		if company(m.A) == s.Fight.Company {
			return "Choose another company than " + s.Fight.Company.String() + ", or stay."
		}
		return "Company " + company(m.A).String() + " is full."
	case KindKeep, KindKeepNone:
		if s.Phase != PhaseReward {
			return wrongPhase
		}
		return rules.Ref(shipmentIDs[m.A]) + " is not one of your defence cards."
	case KindShip:
		if s.Phase != PhaseMission && s.Phase != PhaseCompany && s.Phase != PhaseShip {
			return wrongPhase
		}
		if !containsInt(st.Hand, int(m.A)) {
			return notInHand(m.A)
		}
		return rules.Ref(harbourIDs[m.B]) + " is not a face-up harbour."
	case KindPick:
		if s.Phase != PhasePick {
			return wrongPhase
		}
		return rules.Ref(shipmentIDs[m.A]) + " is not in the distribution."
	case KindDiscard:
		if s.Phase != PhaseDiscard {
			return wrongPhase
		}
		return notInHand(m.A)
	case KindPass:
		return wrongPhase
	}
	return "That move is not legal now; use /play to see your moves."
}
