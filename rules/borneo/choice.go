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

// DrawnTerm is Term for images (render.DrawnTermer): a shipment card's flags are the company
// letters of the board's legend, since the image fonts draw no coloured-square emoji.
func (g game) DrawnTerm(id string) string {
	if len(id) == 3 && id[0] == 'S' {
		if c, ok := parseID(id, 'S', numShipments); ok {
			return cardDrawn(c)
		}
	}
	return g.Term(id)
}

// TurnNumber is the number of the current turn as players count them, from 1: each merchant
// placed in the setup draft is a turn, then each player turn — its mission, company action,
// fight (the defender's cards included), shipment, the distribution's picks, the draw and the
// discards — and each last-chance mission.
func (s *State) TurnNumber() int { return s.Turns + 1 }

// The prompts of the decision paths (rules.Choice), said to the player, as rules text.
var (
	promptAction  = rules.Msg("borneo.prompt.action")
	promptCard    = rules.Msg("borneo.prompt.card")
	promptHarbour = rules.Msg("borneo.prompt.harbour")
	promptMission = rules.Msg("borneo.prompt.mission")
	promptSpice   = rules.Msg("borneo.prompt.spice")
	promptLast    = rules.Msg("borneo.prompt.last")
	// promptKeep is the victorious defender's question.
	promptKeep = rules.Msg("borneo.prompt.keep")
	// promptPlace is the displaced defender's question.
	promptPlace = rules.Msg("borneo.prompt.displaced")
)

// Describe offers a legal move to seat as a decision (rules.Choice): its label, its path, the
// multi-pick of payments, fight cards and discards, and Irreversible for the moves that show a
// card from a hand, draw or turn over cards, or end the game (see the package doc). A move that
// is not a Borneo move gets a one-step path naming it.
func (s *State) Describe(seat rules.Seat, mv rules.Move) rules.Choice {
	m, ok := toMove(mv)
	if !ok {
		unknown := rules.Msg("borneo.option.unknown")
		return one(rules.Msg("borneo.prompt.move"), unknown, unknown)
	}
	switch m.Kind {
	case KindPlace:
		c := company(m.A)
		opt := s.nextSlot(c)
		return one(rules.Msg("borneo.prompt.place"), opt, rules.Msg("borneo.label.place", "Place", opt))
	case KindMission:
		return s.describeMission(m)
	case KindPay, KindCancel:
		return s.describePay(seat, m)
	case KindMove:
		c, to := company(m.A), company(m.C)
		from := slotWords(c, int(m.B))
		dest := s.nextSlot(to)
		return rules.Choice{
			Label: rules.Msg("borneo.label.move", "From", from, "To", dest),
			Path: []rules.Step{{Prompt: promptAction, Option: rules.Msg("borneo.option.move")},
				{Prompt: rules.Msg("borneo.prompt.move-merchant"), Option: from}, {Prompt: rules.Msg("borneo.prompt.move-to"), Option: dest}},
		}
	case KindFight:
		c := company(m.A)
		col := s.Companies[c]
		target := slotWords(c, int(m.C))
		if int(m.C) < len(col) {
			target = rules.Msg("borneo.option.fight-target", "Seat", rules.SeatRef(col[m.C]), "Slot", target)
		}
		mine := slotWords(c, int(m.B))
		return rules.Choice{
			Label: rules.Msg("borneo.label.fight", "Target", target, "Slot", mine),
			Path: []rules.Step{{Prompt: promptAction, Option: rules.Msg("borneo.option.fight")},
				{Prompt: rules.Msg("borneo.prompt.fight-mine"), Option: mine}, {Prompt: rules.Msg("borneo.prompt.fight-target"), Option: target}},
		}
	case KindShip:
		card, h := rules.Ref(shipmentIDs[m.A]), rules.Ref(harbourIDs[m.B])
		return rules.Choice{
			Label: rules.Msg("borneo.label.ship", "Card", card, "Harbour", h),
			Path: []rules.Step{{Prompt: promptAction, Option: rules.Msg("borneo.option.ship")},
				{Prompt: promptCard, Option: card}, {Prompt: promptHarbour, Option: h}},
			Irreversible: true,
		}
	case KindPlay, KindDone:
		return s.describeFight(seat, m)
	case KindStay, KindRelocate:
		if m.Kind == KindStay {
			opt := rules.Msg("borneo.option.stay")
			if f := s.Fight; f != nil {
				opt = rules.Msg("borneo.option.stay-at", "Slot", slotWords(f.Company, f.AttackerRank))
			}
			return one(promptPlace, opt, opt)
		}
		opt := rules.Msg("borneo.option.relocate", "Place", s.nextSlot(company(m.A)))
		return one(promptPlace, opt, opt)
	case KindKeep:
		card := rules.Ref(shipmentIDs[m.A])
		return one(promptKeep, card, rules.Msg("borneo.label.keep", "Card", card))
	case KindKeepNone:
		none := rules.Msg("borneo.option.keep-none")
		return one(promptKeep, none, none)
	case KindPick:
		prompt := rules.Msg("borneo.prompt.pick")
		irreversible := false
		if d := s.Dist; d != nil {
			prompt = rules.Msg("borneo.prompt.pick-at", "Harbour", rules.Ref(harbourIDs[d.Harbour]))
			// The last choice of a distribution turns over a harbour and makes the turn
			// player draw.
			irreversible = len(d.Pool) <= 2
		}
		card := rules.Ref(shipmentIDs[m.A])
		c := one(prompt, card, rules.Msg("borneo.label.pick", "Card", card))
		c.Irreversible = irreversible
		return c
	case KindDiscard:
		excess := max(1, len(s.Seats[s.Turn].Hand)-handLimit)
		card := rules.Ref(shipmentIDs[m.A])
		prompt := rules.Msg("borneo.prompt.discard", "Hand", len(s.Seats[s.Turn].Hand), "Count", excess)
		c := one(prompt, card, rules.Msg("borneo.label.discard", "Card", card))
		c.Multi = &rules.Multi{Min: excess, Max: excess}
		return c
	case KindPass:
		c := one(promptLast, rules.Msg("borneo.option.pass"), rules.Msg("borneo.label.pass"))
		c.Irreversible = s.endsGame(seat, m)
		return c
	}
	return one(rules.Msg("borneo.prompt.move"), m.String(), m.String())
}

// nextSlot names the first empty slot of company c, where a merchant placed or moved there goes,
// as rules text: "red (#3)".
func (s *State) nextSlot(c company) string {
	return rules.Msg("borneo.option.next-slot", "Company", c.word(), "Rank", rankWord(len(s.Companies[c])+1))
}

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
		path = []rules.Step{{Prompt: promptAction, Option: rules.Msg("borneo.option.mission")}, {Prompt: promptMission, Option: ref}}
	}
	if m.B > 0 {
		sp := spice(m.B - 1).word()
		path = append(path, rules.Step{Prompt: promptSpice, Option: sp})
		return rules.Choice{Label: rules.Msg("borneo.label.mission-spice", "Mission", ref, "Spice", sp), Path: path}
	}
	return rules.Choice{Label: rules.Msg("borneo.label.mission", "Mission", ref), Path: path}
}

// describePay offers the payments of the mission under way: the warehouse cards in one
// multi-pick (at most as many as units are still owed, since each card paid pays at least one),
// the pirate trade as card → spice, and cancelling. The payments that complete the game's
// last decision end the game.
func (s *State) describePay(seat rules.Seat, m Move) rules.Choice {
	p := s.Pay
	if p == nil {
		return one(rules.Msg("borneo.prompt.move"), m.String(), m.String())
	}
	o := owedFor(p)
	prompt := rules.Msg("borneo.prompt.pay", "Mission", missionText(p.Mission, p.Type), "Owed", remainingText(p))
	if m.Kind == KindCancel {
		// A mission cancelled in a last chance cannot be started again: that may end the game.
		c := one(prompt, rules.Msg("borneo.option.cancel"), rules.Msg("borneo.label.cancel"))
		c.Irreversible = s.endsGame(seat, m)
		return c
	}
	item := itemRef(int(m.A))
	if m.B > 0 {
		sp := spice(m.B - 1).word()
		return rules.Choice{
			Label: rules.Msg("borneo.label.trade", "Item", item, "Spice", sp),
			Path: []rules.Step{{Prompt: prompt, Option: rules.Msg("borneo.option.trade")},
				{Prompt: rules.Msg("borneo.prompt.trade-card"), Option: item},
				{Prompt: rules.Msg("borneo.prompt.trade-spice"), Option: sp}},
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
	c := one(prompt, item, rules.Msg("borneo.label.pay", "Item", item))
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
		return one(rules.Msg("borneo.prompt.move"), m.String(), m.String())
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
		prompt = rules.Msg("borneo.prompt.attack", "Flag", f.Company.flag())
		done = rules.Msg("borneo.option.stop")
		doneLabel = rules.Msg("borneo.label.attack", "Count", f.attackFlags())
	} else {
		left := len(f.AttackCards) - len(f.DefenceCards)
		limit = min(limit, left)
		prompt = rules.Msg("borneo.prompt.defend", "Seat", rules.SeatRef(f.Attacker), "Flags", f.Company.flagCount(f.attackFlags()),
			"Defence", f.defenceFlags(), "Bonus", f.bonus())
		if len(f.DefenceCards) == 0 {
			done = rules.Msg("borneo.option.no-defence")
			doneLabel = rules.Msg("borneo.label.no-defence", "Bonus", f.bonus(), "Count", f.attackFlags())
		} else {
			done = rules.Msg("borneo.option.stop")
			doneLabel = rules.Msg("borneo.label.defend", "Count", f.defenceFlags(), "Bonus", f.bonus(), "Attack", f.attackFlags())
		}
	}
	if m.Kind == KindDone {
		return one(prompt, done, doneLabel)
	}
	card := rules.Ref(shipmentIDs[m.A])
	c := one(prompt, rules.Msg("borneo.option.fight-card", "Card", card, "Count", shipments[m.A].flags(f.Company)),
		rules.Msg("borneo.label.play", "Card", card))
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
