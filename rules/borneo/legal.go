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

// taskKey names what the game waits for, for the catalogue's task messages: "place", "ship",
// "defend" …
func (s *State) taskKey() string {
	switch s.Phase {
	case PhasePlacement:
		return "place"
	case PhaseMission:
		return "mission"
	case PhaseCompany:
		return "company"
	case PhaseShip:
		return "ship"
	case PhasePay:
		if s.Pay.Last {
			return "pay-last"
		}
		return "pay"
	case PhaseFight:
		return "fight"
	case PhaseDefend:
		return "defend"
	case PhaseDisplaced:
		return "displaced"
	case PhaseReward:
		return "reward"
	case PhasePick:
		return "pick"
	case PhaseDiscard:
		return "discard"
	case PhaseLastChance:
		return "last"
	}
	return "done"
}

// taskArgs are the arguments of the task messages: the slot defended and the attacker, the
// harbour of a distribution.
func (s *State) taskArgs() []any {
	switch s.Phase {
	case PhaseDefend:
		return []any{"Slot", slotWords(s.Fight.Company, s.Fight.DefenderRank), "Seat", rules.SeatRef(s.Fight.Attacker)}
	case PhasePick:
		return []any{"Harbour", harbours[s.Dist.Harbour].name}
	}
	return nil
}

// task says what the game waits for, after a seat reference, as rules text: "must ship a card".
func (s *State) task() string {
	return rules.Msg("borneo.task."+s.taskKey(), s.taskArgs()...)
}

// taskYou says what the game waits for from the seat addressed: "you must ship a card".
func (s *State) taskYou() string {
	return rules.Msg("borneo.task-you."+s.taskKey(), s.taskArgs()...)
}

// whyIllegal explains why seat may not play m now, checking the common mistakes first, as rules
// text.
func (s *State) whyIllegal(seat rules.Seat, m Move) string {
	if s.over() {
		return rules.Msg("borneo.illegal.over")
	}
	actor, _ := s.actor()
	if seat == rules.Observer || int(seat) < 0 || int(seat) >= len(s.Seats) {
		return rules.Msg("borneo.illegal.not-playing", "Seat", rules.SeatRef(actor), "Task", s.task())
	}
	if seat != actor {
		return rules.Msg("borneo.illegal.not-your-turn", "Seat", rules.SeatRef(actor), "Task", s.task())
	}
	st := &s.Seats[seat]
	wrongPhase := rules.Msg("borneo.illegal.not-now", "Task", s.taskYou())
	notInHand := func(c int8) string { return rules.Msg("borneo.illegal.not-in-hand", "Card", rules.Ref(shipmentIDs[c])) }
	full := func(c company) string { return rules.Msg("borneo.illegal.full", "Company", c.word()) }
	switch m.Kind {
	case KindPlace:
		if s.Phase != PhasePlacement {
			return rules.Msg("borneo.illegal.place-setup")
		}
		if s.full(company(m.A)) {
			return full(company(m.A))
		}
	case KindMission:
		switch s.Phase {
		case PhaseMission, PhaseLastChance:
		case PhaseCompany:
			return rules.Msg("borneo.illegal.mission-done")
		case PhasePay:
			return rules.Msg("borneo.illegal.mission-paying", "Mission", rules.Ref(missionIDs[s.Pay.Mission]))
		default:
			return rules.Msg("borneo.illegal.mission-when")
		}
		mission := rules.Ref(missionIDs[m.A])
		if !containsInt(s.Missions, int(m.A)) {
			return rules.Msg("borneo.illegal.mission-gone", "Mission", mission)
		}
		if s.cancelled(int(m.A)) {
			return rules.Msg("borneo.illegal.mission-cancelled", "Mission", mission)
		}
		kind := missions[m.A].kind
		if kind.sameType() && m.B == 0 {
			return rules.Msg("borneo.illegal.mission-say-spice", "Mission", mission)
		}
		if !kind.sameType() && m.B != 0 {
			return rules.Msg("borneo.illegal.mission-no-spice", "Mission", mission)
		}
		return rules.Msg("borneo.illegal.mission-unpayable")
	case KindPay:
		if s.Phase != PhasePay {
			return rules.Msg("borneo.illegal.not-paying")
		}
		item := int(m.A)
		inWarehouse := containsInt(st.Cards, item)
		if item >= harbourItem {
			inWarehouse = containsInt(st.HarbourCards, item-harbourItem)
		}
		if !inWarehouse {
			return rules.Msg("borneo.illegal.not-in-warehouse", "Item", itemRef(item))
		}
		if containsInt(s.Pay.Paid, item) {
			return rules.Msg("borneo.illegal.already-paid", "Item", itemRef(item))
		}
		if m.B > 0 {
			switch {
			case !s.Blackbeard:
				return rules.Msg("borneo.illegal.trade-variant")
			case s.Pay.Last:
				return rules.Msg("borneo.illegal.trade-last")
			case s.Pirate == seat:
				return rules.Msg("borneo.illegal.trade-ship")
			case s.Pay.Trade >= 0:
				return rules.Msg("borneo.illegal.trade-once")
			}
		}
		return rules.Msg("borneo.illegal.pay-useless")
	case KindCancel:
		return wrongPhase
	case KindFight, KindMove:
		if s.Phase != PhaseMission && s.Phase != PhaseCompany {
			if s.Phase == PhaseShip {
				return rules.Msg("borneo.illegal.company-done")
			}
			return wrongPhase
		}
		c := company(m.A)
		col := s.Companies[c]
		if int(m.B) >= len(col) || col[m.B] != seat {
			return rules.Msg("borneo.illegal.no-merchant-yours", "Slot", slotWords(c, int(m.B)))
		}
		if m.Kind == KindMove {
			if company(m.C) == c {
				return rules.Msg("borneo.illegal.move-same", "Company", c.word())
			}
			if s.full(company(m.C)) {
				return full(company(m.C))
			}
			break
		}
		switch {
		case int(m.C) >= len(col):
			return rules.Msg("borneo.illegal.no-merchant", "Slot", slotWords(c, int(m.C)))
		case m.C >= m.B:
			return rules.Msg("borneo.illegal.fight-lower")
		case col[m.C] == seat:
			return rules.Msg("borneo.illegal.fight-own")
		case len(st.Hand) < 2:
			return rules.Msg("borneo.illegal.fight-two-cards")
		case !handShows(st.Hand, c):
			return rules.Msg("borneo.illegal.fight-no-flag", "Flag", c.flag())
		}
	case KindPlay:
		if s.Phase != PhaseFight && s.Phase != PhaseDefend {
			return rules.Msg("borneo.illegal.play-fight")
		}
		switch {
		case !containsInt(st.Hand, int(m.A)):
			return notInHand(m.A)
		case shipments[m.A].flags(s.Fight.Company) == 0:
			return rules.Msg("borneo.illegal.play-no-flag", "Card", rules.Ref(shipmentIDs[m.A]), "Flag", s.Fight.Company.flag())
		case len(st.Hand) < 2:
			return rules.Msg("borneo.illegal.keep-one")
		case s.Phase == PhaseDefend:
			return rules.Msg("borneo.illegal.defend-max", "Count", len(s.Fight.AttackCards))
		}
	case KindDone:
		if s.Phase == PhaseFight {
			return rules.Msg("borneo.illegal.done-early")
		}
		return wrongPhase
	case KindStay, KindRelocate:
		if s.Phase != PhaseDisplaced {
			return wrongPhase
		}
		if company(m.A) == s.Fight.Company {
			return rules.Msg("borneo.illegal.relocate-same", "Company", s.Fight.Company.word())
		}
		return full(company(m.A))
	case KindKeep, KindKeepNone:
		if s.Phase != PhaseReward {
			return wrongPhase
		}
		return rules.Msg("borneo.illegal.keep-not-defence", "Card", rules.Ref(shipmentIDs[m.A]))
	case KindShip:
		if s.Phase != PhaseMission && s.Phase != PhaseCompany && s.Phase != PhaseShip {
			return wrongPhase
		}
		if !containsInt(st.Hand, int(m.A)) {
			return notInHand(m.A)
		}
		return rules.Msg("borneo.illegal.ship-harbour", "Harbour", rules.Ref(harbourIDs[m.B]))
	case KindPick:
		if s.Phase != PhasePick {
			return wrongPhase
		}
		return rules.Msg("borneo.illegal.pick-pool", "Card", rules.Ref(shipmentIDs[m.A]))
	case KindDiscard:
		if s.Phase != PhaseDiscard {
			return wrongPhase
		}
		return notInHand(m.A)
	case KindPass:
		return wrongPhase
	}
	return rules.Msg("borneo.illegal.generic")
}
