package borneo

import (
	"spicebot/rules"
)

// Term returns the plain words printed on a component, for the references (rules.Ref) in rules
// text: a shipment card's spice, ×2 and flags ("cinnamon ×2 · Y Y Y / G": top row, then the
// bottom flag, as company letters), a harbour's name ("Tidore"), a mission's requirement and
// points (`mission “4 of one spice” (8 points)`). It returns "" for an unknown id.
func (game) Term(id string) string {
	if len(id) != 3 {
		return ""
	}
	switch id[0] {
	case 'S':
		if c, ok := parseID(id, 'S', numShipments); ok {
			return cardTerm(c)
		}
	case 'H':
		if h, ok := parseID(id, 'H', numHarbours); ok {
			return harbours[h].name
		}
	case 'M':
		if m, ok := parseID(id, 'M', numMissions); ok {
			return missionTerm(m)
		}
	}
	return ""
}

// TurnNumber is the number of the current turn as players count them, from 1: each merchant
// placed in the setup draft is a turn, then each player turn — its mission, company action,
// fight (the defender's cards included), shipment, the distribution's picks, the draw and the
// discards — and each last-chance mission.
func (s *State) TurnNumber() int { return s.Turns + 1 }

// The prompts of the decision paths (rules.Choice), said to the player.
const (
	promptAction  = "What do you do?"
	promptCard    = "Which card do you ship?"
	promptHarbour = "To which harbour?"
	promptMission = "Which mission do you complete?"
	promptSpice   = "Which spice do you deliver?"
	promptLast    = "Last chance: do you complete one more mission?"
)

// Describe offers a legal move to seat as a decision (rules.Choice): its label, its path, the
// multi-pick of payments, fight cards and discards, and Irreversible for the moves that show a
// card from a hand, draw or turn over cards, or end the game (see the package doc). A move that
// is not a Borneo move gets a one-step path naming it.
func (s *State) Describe(seat rules.Seat, mv rules.Move) rules.Choice {
	m, ok := toMove(mv)
	if !ok {
		return one("Your move", "Unknown move", "Unknown move")
	}
	switch m.Kind {
	case KindPlace:
		c := company(m.A)
		opt := c.String() + " (#" + itoa(len(s.Companies[c])+1) + ")"
		return one("Where do you place a merchant?", opt, "Place a merchant in "+opt)
	case KindMission:
		return s.describeMission(m)
	case KindPay, KindCancel:
		return s.describePay(seat, m)
	case KindMove:
		c, to := company(m.A), company(m.C)
		from := slotWords(c, int(m.B))
		dest := to.String() + " (#" + itoa(len(s.Companies[to])+1) + ")"
		return rules.Choice{
			Label: "Move your merchant from " + from + " to " + dest,
			Path: []rules.Step{{Prompt: promptAction, Option: "Move a merchant"},
				{Prompt: "Which merchant do you move?", Option: from}, {Prompt: "To which company?", Option: dest}},
		}
	case KindFight:
		c := company(m.A)
		col := s.Companies[c]
		target := slotWords(c, int(m.C))
		if int(m.C) < len(col) {
			target = rules.SeatRef(col[m.C]) + " at " + target
		}
		mine := slotWords(c, int(m.B))
		return rules.Choice{
			Label: "Attack " + target + " with your merchant at " + mine,
			Path: []rules.Step{{Prompt: promptAction, Option: "Attack"},
				{Prompt: "Which of your merchants attacks?", Option: mine}, {Prompt: "Whom do you attack?", Option: target}},
		}
	case KindShip:
		card, h := rules.Ref(shipmentIDs[m.A]), rules.Ref(harbourIDs[m.B])
		return rules.Choice{
			Label: "Ship " + card + " to " + h,
			Path: []rules.Step{{Prompt: promptAction, Option: "Ship"},
				{Prompt: promptCard, Option: card}, {Prompt: promptHarbour, Option: h}},
			Irreversible: true,
		}
	case KindPlay, KindDone:
		return s.describeFight(seat, m)
	case KindStay, KindRelocate:
		prompt := "Your merchant lost its place. Where does it go?"
		if m.Kind == KindStay {
			opt := "Stay in the company"
			if f := s.Fight; f != nil {
				opt = "Stay at " + slotWords(f.Company, f.AttackerRank)
			}
			return one(prompt, opt, opt)
		}
		to := company(m.A)
		opt := "Move to " + to.String() + " (#" + itoa(len(s.Companies[to])+1) + ")"
		return one(prompt, opt, opt)
	case KindKeep:
		card := rules.Ref(shipmentIDs[m.A])
		return one(promptKeep, card, "Keep "+card+" in your warehouse")
	case KindKeepNone:
		return one(promptKeep, "Keep no card", "Keep no card")
	case KindPick:
		prompt := "Which spice do you take?"
		irreversible := false
		if d := s.Dist; d != nil {
			prompt = "Which spice do you take from " + rules.Ref(harbourIDs[d.Harbour]) + "?"
			// The last choice of a distribution turns over a harbour and makes the turn
			// player draw.
			irreversible = len(d.Pool) <= 2
		}
		card := rules.Ref(shipmentIDs[m.A])
		c := one(prompt, card, "Take "+card)
		c.Irreversible = irreversible
		return c
	case KindDiscard:
		excess := max(1, len(s.Seats[s.Turn].Hand)-handLimit)
		card := rules.Ref(shipmentIDs[m.A])
		prompt := "You hold " + itoa(len(s.Seats[s.Turn].Hand)) + " cards. Which " + plural(excess, "card") + " do you discard?"
		if excess == 1 {
			prompt = "You hold " + itoa(len(s.Seats[s.Turn].Hand)) + " cards. Which card do you discard?"
		}
		c := one(prompt, card, "Discard "+card)
		c.Multi = &rules.Multi{Min: excess, Max: excess}
		return c
	case KindPass:
		c := one(promptLast, "Complete no mission", "Complete no last mission")
		c.Irreversible = s.endsGame(seat, m)
		return c
	}
	return one("Your move", m.String(), m.String())
}

// promptKeep is the victorious defender's question.
const promptKeep = "You held your place. Which of your defence cards do you keep in your warehouse?"

// one is a choice of a single step.
func one(prompt, option, label string) rules.Choice {
	return rules.Choice{Label: label, Path: []rules.Step{{Prompt: prompt, Option: option}}}
}

// describeMission offers starting a mission: during the turn "Complete a mission" → mission →
// spice (for a same-type mission); in the last chance mission → spice.
func (s *State) describeMission(m Move) rules.Choice {
	mi := int(m.A)
	ref := rules.Ref(missionIDs[mi])
	var path []rules.Step
	if s.Phase == PhaseLastChance {
		path = []rules.Step{{Prompt: promptLast, Option: ref}}
	} else {
		path = []rules.Step{{Prompt: promptAction, Option: "Complete a mission"}, {Prompt: promptMission, Option: ref}}
	}
	label := "Complete " + ref
	if m.B > 0 {
		sp := spiceNames[m.B-1]
		path = append(path, rules.Step{Prompt: promptSpice, Option: sp})
		label += " with " + sp
	}
	return rules.Choice{Label: label, Path: path}
}

// describePay offers the payments of the mission under way: the warehouse cards in one
// multi-pick (at most as many as units are still owed, since each card paid pays at least one),
// the pirate trade as card → spice, and cancelling. The payments that complete the game's
// last decision end the game.
func (s *State) describePay(seat rules.Seat, m Move) rules.Choice {
	p := s.Pay
	if p == nil {
		return one("Your move", m.String(), m.String())
	}
	o := owedFor(p)
	prompt := "Paying for " + missionText(p.Mission, p.Type) + ", still owed: " + remainingText(p) + ". Which warehouse cards do you pay?"
	if m.Kind == KindCancel {
		return one(prompt, "Cancel the mission", "Cancel the mission (your warehouse stays as it is)")
	}
	item := itemRef(int(m.A))
	if m.B > 0 {
		sp := spiceNames[m.B-1]
		return rules.Choice{
			Label: "Pay " + item + " as " + sp + " (pirate trade: you take the pirate ship)",
			Path: []rules.Step{{Prompt: prompt, Option: "Trade a card with the pirates"},
				{Prompt: "Which card do you trade with the pirates?", Option: item},
				{Prompt: "Which spice does it count as?", Option: sp}},
			Irreversible: s.endsGame(seat, m),
		}
	}
	pays := 0
	var buf [64]Move
	for _, l := range s.payMoves(buf[:0]) {
		if l.Kind == KindPay && l.B == 0 {
			pays++
		}
	}
	c := one(prompt, item, "Pay "+item)
	c.Multi = &rules.Multi{Min: 1, Max: max(1, min(o.left(), pays))}
	// A last-chance payment that completes the mission may end the game: also when the seats
	// after could complete a mission now but not once this one is taken.
	c.Irreversible = p.Last && (s.lastDecision(seat) || s.endsGame(seat, m))
	return c
}

// describeFight offers the cards of a fight in one multi-pick, followed by "done", and "done"
// alone (the defender may play no card).
func (s *State) describeFight(seat rules.Seat, m Move) rules.Choice {
	f := s.Fight
	if f == nil {
		return one("Your move", m.String(), m.String())
	}
	hand := s.Seats[seat].Hand
	flagCards := 0
	for _, c := range hand {
		if shipments[c].flags(f.Company) > 0 {
			flagCards++
		}
	}
	limit := min(flagCards, len(hand)-1)
	var prompt, done, doneLabel string
	if s.Phase == PhaseFight {
		prompt = "Which cards do you attack with? Each must show a " + f.Company.String() + " flag; keep one card in hand."
		done, doneLabel = "Stop adding cards", "Attack with "+plural(f.attackFlags(), "flag")
	} else {
		left := len(f.AttackCards) - len(f.DefenceCards)
		limit = min(limit, left)
		prompt = rules.SeatRef(f.Attacker) + " attacks with " + plural(f.attackFlags(), f.Company.String()+" flag") +
			"; you have " + itoa(f.defenceFlags()) + " + " + itoa(f.bonus()) + " bonus. Which cards do you defend with?"
		if len(f.DefenceCards) == 0 {
			done, doneLabel = "Play no card", "Do not defend ("+itoa(f.bonus())+" bonus against "+plural(f.attackFlags(), "flag")+")"
		} else {
			done, doneLabel = "Stop adding cards", "Defend with "+itoa(f.defenceFlags())+" flags + "+itoa(f.bonus())+" bonus against "+itoa(f.attackFlags())
		}
	}
	if m.Kind == KindDone {
		return one(prompt, done, doneLabel)
	}
	card := rules.Ref(shipmentIDs[m.A])
	c := one(prompt, card+" ("+plural(shipments[m.A].flags(f.Company), "flag")+")", "Play "+card)
	c.Multi = &rules.Multi{Min: 1, Max: max(1, limit), Then: "done"}
	c.Irreversible = true
	return c
}

// lastDecision reports whether seat's last-chance mission is the game's last decision: no seat
// after it can complete a mission now.
func (s *State) lastDecision(seat rules.Seat) bool {
	if len(s.LastChance) == 0 || s.LastChance[0] != seat {
		return false
	}
	var buf [8]Move
	for _, x := range s.LastChance[1:] {
		if len(s.missionStarts(x, true, buf[:0])) > 0 {
			return false
		}
	}
	return true
}

// endsGame reports whether seat playing m now ends the game (a last-chance decision), by playing
// it on a copy.
func (s *State) endsGame(seat rules.Seat, m Move) bool {
	if s.Phase != PhaseLastChance && (s.Pay == nil || !s.Pay.Last) {
		return false
	}
	cp := s.cloneState(false)
	if cp.Apply(seat, m) != nil {
		return false
	}
	return cp.over()
}
