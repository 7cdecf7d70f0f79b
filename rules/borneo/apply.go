package borneo

import (
	"strconv"

	"spicebot/rules"
)

func itoa(n int) string { return strconv.Itoa(n) }

// toMove converts any rules.Move of this game to a Move (parsing its text if it is not one).
func toMove(mv rules.Move) (Move, bool) {
	switch m := mv.(type) {
	case Move:
		return m, m.valid()
	case *Move:
		if m != nil {
			return *m, m.valid()
		}
		return Move{}, false
	case nil:
		return Move{}, false
	}
	m, err := parseMove(mv.String())
	return m, err == nil
}

// Apply makes seat play mv, then runs the automatic steps that follow (the last card of a
// distribution, refilling the harbour, drawing, the end of the game and scoring). A move not in
// Legal(seat) returns an *rules.IllegalMoveError with a reason and changes nothing.
func (s *State) Apply(seat rules.Seat, mv rules.Move) error {
	m, ok := toMove(mv)
	if !ok {
		return rules.Illegal(mv, "%s", rules.Msg("borneo.illegal.not-a-move"))
	}
	var buf [64]Move
	found := false
	for _, l := range s.legal(seat, buf[:0]) {
		if l == m {
			found = true
			break
		}
	}
	if !found {
		return rules.Illegal(m, "%s", s.whyIllegal(seat, m))
	}
	s.Moves++
	s.Exposed = nil
	s.discardMark = len(s.Discard)
	rng := s.RNG
	s.revealed = m.Kind == KindShip || m.Kind == KindPlay // a card leaves the hand face up
	s.apply(seat, m)
	s.settle()
	s.Undo = !s.revealed && s.RNG == rng && s.Phase != PhaseOver
	s.revealed = false
	return nil
}

// apply performs a legal move.
func (s *State) apply(seat rules.Seat, m Move) {
	ref := rules.SeatRef(seat)
	st := &s.Seats[seat]
	switch m.Kind {
	case KindPlace:
		s.Turns++
		c := company(m.A)
		s.Companies[c] = append(s.Companies[c], seat)
		s.log(s.Moves, rules.Msg("borneo.log.place", "Seat", ref, "Company", c.word(), "Rank", rankWord(len(s.Companies[c]))))
		s.Placement = s.Placement[1:]
		if len(s.Placement) == 0 {
			s.Placement = nil
			s.Phase = PhaseMission
			s.Turn = s.First
			s.log(s.Moves, rules.Msg("borneo.log.placed", "Seat", rules.SeatRef(s.First)))
		}
	case KindMission:
		typ := spice(-1)
		if m.B > 0 {
			typ = spice(m.B - 1)
		}
		last := s.Phase == PhaseLastChance
		s.Pay = &Payment{Seat: seat, Mission: int(m.A), Type: typ, Paid: []int{}, Trade: -1, Last: last}
		s.Phase = PhasePay
		s.log(s.Moves, rules.Msg("borneo.log.start", "Seat", ref, "Mission", missionText(int(m.A), typ)))
	case KindPay:
		item := int(m.A)
		p := s.Pay
		p.Paid = append(p.Paid, item)
		if m.B > 0 {
			p.Trade = item
			p.TradeAs = spice(m.B - 1)
			s.log(s.Moves, rules.Msg("borneo.log.pay-trade", "Seat", ref, "Item", itemRef(item), "Spice", p.TradeAs.word()))
		} else {
			s.log(s.Moves, rules.Msg("borneo.log.pay", "Seat", ref, "Item", itemRef(item)))
		}
		if o := owedFor(p); o.left() <= 0 {
			s.completeMission()
		}
	case KindCancel:
		p := s.Pay
		s.Pay = nil
		if s.CancelledAt != s.Turns {
			s.Cancelled, s.CancelledAt = nil, s.Turns
		}
		s.Cancelled = append(s.Cancelled, p.Mission)
		s.log(s.Moves, rules.Msg("borneo.log.cancel", "Seat", ref, "Mission", rules.Ref(missionIDs[p.Mission])))
		if p.Last {
			s.Phase = PhaseLastChance
		} else {
			s.Phase = PhaseMission
		}
	case KindMove:
		c, to := company(m.A), company(m.C)
		s.Companies[c] = removeSeatAt(s.Companies[c], int(m.B))
		s.Companies[to] = append(s.Companies[to], seat)
		s.log(s.Moves, rules.Msg("borneo.log.move", "Seat", ref, "From", slotWords(c, int(m.B)), "To", slotWords(to, len(s.Companies[to])-1)))
		s.Phase = PhaseShip
	case KindFight:
		c := company(m.A)
		def := s.Companies[c][m.C]
		s.Fight = &Fight{Company: c, Attacker: seat, Defender: def, AttackerRank: int(m.B), DefenderRank: int(m.C),
			AttackCards: []int{}, DefenceCards: []int{}}
		s.Phase = PhaseFight
		s.log(s.Moves, rules.Msg("borneo.log.fight", "Seat", ref, "Defender", rules.SeatRef(def), "Slot", slotWords(c, int(m.C)), "Rank", rankWord(int(m.B)+1)))
	case KindPlay:
		f := s.Fight
		st.Hand, _ = removeInt(st.Hand, int(m.A))
		if s.Phase == PhaseFight {
			f.AttackCards = append(f.AttackCards, int(m.A))
		} else {
			f.DefenceCards = append(f.DefenceCards, int(m.A))
		}
		s.log(s.Moves, rules.Msg("borneo.log.play", "Seat", ref, "Card", rules.Ref(shipmentIDs[m.A]), "Flags", f.Company.flagCount(shipments[m.A].flags(f.Company))))
	case KindDone:
		f := s.Fight
		if s.Phase == PhaseFight {
			s.log(s.Moves, rules.Msg("borneo.log.attack", "Seat", ref, "Cards", cardCount(len(f.AttackCards)), "Flags", flagCount(f.attackFlags())))
			s.Phase = PhaseDefend
		} else {
			s.resolveFight()
		}
	case KindStay:
		f := s.Fight
		s.log(s.Moves, rules.Msg("borneo.log.stay", "Seat", ref, "Slot", slotWords(f.Company, f.AttackerRank)))
		s.endFight(-1, false)
	case KindRelocate:
		f := s.Fight
		to := company(m.A)
		s.Companies[f.Company] = removeSeatAt(s.Companies[f.Company], f.AttackerRank)
		s.Companies[to] = append(s.Companies[to], seat)
		s.log(s.Moves, rules.Msg("borneo.log.relocate", "Seat", ref, "From", f.Company.word(), "To", slotWords(to, len(s.Companies[to])-1)))
		s.endFight(-1, false)
	case KindKeep, KindKeepNone:
		if m.Kind == KindKeep {
			st.Cards = append(st.Cards, int(m.A))
			s.log(s.Moves, rules.Msg("borneo.log.keep", "Seat", ref, "Card", rules.Ref(shipmentIDs[m.A])))
		} else {
			s.log(s.Moves, rules.Msg("borneo.log.keep-none", "Seat", ref))
		}
		s.endFight(int(m.A), m.Kind == KindKeep)
	case KindShip:
		s.ship(seat, int(m.A), s.slotOf(int(m.B)))
	case KindPick:
		s.give(int(m.A), false)
	case KindDiscard:
		st.Hand, _ = removeInt(st.Hand, int(m.A))
		s.Discard = append(s.Discard, int(m.A))
		st.Discarded = append(st.Discarded, int(m.A))
		// The card leaves the secret hand face down: only its owner's log names it.
		s.Journal.AddPrivate(s.Moves, rules.Msg("borneo.log.discard", "Seat", ref),
			rules.Msg("borneo.log.discard-you", "Card", rules.Ref(shipmentIDs[m.A])), seat)
	case KindPass:
		s.log(s.Moves, rules.Msg("borneo.log.pass", "Seat", ref))
		s.LastChance = s.LastChance[1:]
		s.Turns++
	}
}

func removeSeatAt(col []rules.Seat, i int) []rules.Seat {
	return append(col[:i], col[i+1:]...)
}

// itemRef refers to a warehouse item in rules text: a shipment card by its reference, a harbour
// card by its reference and its spice ("[[H03]] harbour (pepper)").
func itemRef(item int) string {
	if item >= harbourItem {
		h := item - harbourItem
		return rules.Msg("borneo.item.harbour", "Harbour", rules.Ref(harbourIDs[h]), "Spice", harbours[h].spice.word())
	}
	return rules.Ref(shipmentIDs[item])
}

// completeMission ends a fully paid mission: the paid shipment cards go to the discard pile, the
// paid harbour cards leave the game, the tile goes to the seat (openly), and a pirate trade
// hands the seat the pirate ship (rulebook "Secrets of Blackbeard").
func (s *State) completeMission() {
	p := s.Pay
	st := &s.Seats[p.Seat]
	for _, item := range p.Paid {
		if item >= harbourItem {
			st.HarbourCards, _ = removeInt(st.HarbourCards, item-harbourItem)
			s.Spent = append(s.Spent, item-harbourItem)
		} else {
			st.Cards, _ = removeInt(st.Cards, item)
			s.Discard = append(s.Discard, item)
		}
	}
	s.Missions, _ = removeInt(s.Missions, p.Mission)
	st.Missions = append(st.Missions, p.Mission)
	s.log(s.Moves, rules.Msg("borneo.log.complete", "Seat", rules.SeatRef(p.Seat), "Mission", missionText(p.Mission, p.Type)))
	if p.Trade >= 0 {
		line := rules.Msg("borneo.log.pirate-cove", "Seat", rules.SeatRef(p.Seat))
		if s.Pirate >= 0 {
			line = rules.Msg("borneo.log.pirate-from", "Seat", rules.SeatRef(p.Seat), "From", rules.SeatRef(s.Pirate))
		}
		s.Pirate = p.Seat
		s.log(s.Moves, line)
	}
	s.Pay = nil
	if p.Last {
		s.LastChance = s.LastChance[1:]
		s.Turns++
		s.Phase = PhaseLastChance
	} else {
		s.Phase = PhaseCompany
	}
}

// resolveFight compares the flags once both sides are done (rulebook "2. Companies"): the
// attacker wins ties; the defender adds one per merchant between the two.
func (s *State) resolveFight() {
	f := s.Fight
	att, def, bonus := f.attackFlags(), f.defenceFlags(), f.bonus()
	won := f.Defender
	if att >= def+bonus {
		won = f.Attacker
	}
	s.noteFight(won)
	if att >= def+bonus {
		col := s.Companies[f.Company]
		col[f.DefenderRank], col[f.AttackerRank] = f.Attacker, f.Defender
		s.log(s.Moves, rules.Msg("borneo.log.fight-won", "Seat", rules.SeatRef(f.Attacker), "Attack", att, "Defence", def,
			"Bonus", bonus, "Slot", slotWords(f.Company, f.DefenderRank)))
		s.Phase = PhaseDisplaced
		return
	}
	s.log(s.Moves, rules.Msg("borneo.log.fight-held", "Seat", rules.SeatRef(f.Defender), "Slot", slotWords(f.Company, f.DefenderRank),
		"Defence", def, "Bonus", bonus, "Attack", att))
	s.Phase = PhaseReward
}

// endFight discards every card played in the fight except the one the defender keeps
// (rulebook "2. Companies") and returns to the turn player's shipment.
func (s *State) endFight(kept int, keep bool) {
	f := s.Fight
	s.Discard = append(s.Discard, f.AttackCards...)
	for _, c := range f.DefenceCards {
		if !keep || c != kept {
			s.Discard = append(s.Discard, c)
		}
	}
	s.Fight = nil
	s.Phase = PhaseShip
}

// maxSettle bounds the automatic steps after one move.
const maxSettle = 1000

// settle runs the automatic steps until a seat must decide or the game is over.
func (s *State) settle() {
	for i := 0; i < maxSettle; i++ {
		if !s.autoStep() {
			return
		}
	}
	panic("borneo: automatic steps did not settle")
}

// autoStep performs one automatic step, if the phase has one, and reports whether it did.
func (s *State) autoStep() bool {
	switch s.Phase {
	case PhasePick:
		d := s.Dist
		switch {
		case len(d.Pool) > 0 && len(d.Pickers) == 0:
			// Rulings §1.6.9: the leftover cards go to the discard pile as part of the
			// distribution, so the draw of this turn may reshuffle them.
			s.Discard = append(s.Discard, d.Pool...)
			s.log(s.Moves, rules.Msg("borneo.log.nobody", "Harbour", harbours[d.Harbour].name))
			d.Pool = d.Pool[:0]
		case len(d.Pool) == 0:
			s.Dist = nil
			s.Phase = phaseRefill
		case len(d.Pool) == 1:
			s.give(d.Pool[0], true)
		default:
			return false
		}
		return true
	case phaseRefill:
		if len(s.HarbourDeck) == 0 {
			s.endGame(rules.Msg("borneo.end.harbours"))
			return true
		}
		h := s.HarbourDeck[len(s.HarbourDeck)-1]
		s.HarbourDeck = s.HarbourDeck[:len(s.HarbourDeck)-1]
		for i := range s.Harbours {
			if s.Harbours[i].Card < 0 {
				s.Harbours[i] = Harbour{Card: h, Cards: []int{}}
				break
			}
		}
		s.revealed = true
		s.log(s.Moves, rules.Msg("borneo.log.refill", "Harbour", harbourShort(h)))
		s.Phase = phaseDraw
		return true
	case phaseDraw:
		s.revealed = true
		s.draw()
		return true
	case PhaseDiscard:
		if len(s.Seats[s.Turn].Hand) <= handLimit {
			s.nextTurn()
			return true
		}
		return false
	case PhaseDisplaced:
		for c := company(0); c < numCompanies; c++ {
			if c != s.Fight.Company && !s.full(c) {
				return false
			}
		}
		s.log(s.Moves, rules.Msg("borneo.log.forced-stay", "Seat", rules.SeatRef(s.Fight.Defender),
			"Slot", slotWords(s.Fight.Company, s.Fight.AttackerRank)))
		s.endFight(-1, false)
		return true
	case PhaseReward:
		if len(s.Fight.DefenceCards) > 0 {
			return false
		}
		s.endFight(-1, false)
		return true
	case PhaseLastChance:
		if len(s.LastChance) == 0 {
			s.score()
			return true
		}
		seat := s.LastChance[0]
		var buf [8]Move
		if len(s.missionStarts(seat, true, buf[:0])) == 0 {
			s.log(s.Moves, rules.Msg("borneo.log.no-last", "Seat", rules.SeatRef(seat)))
			s.LastChance = s.LastChance[1:]
			s.Turns++
			return true
		}
		return false
	}
	return false
}

// draw is phase 4 (rulebook "4. Draw Two Cards", rulings §1.6.11): draw two cards, shuffling the
// discard pile into a new deck when the deck runs out; if a card cannot be drawn even so, the
// partial draw stands and the game ends. Then discard down to six.
func (s *State) draw() {
	seat := s.Turn
	st := &s.Seats[seat]
	var drawn []int
	short := false
	for i := 0; i < 2; i++ {
		if len(s.Deck) == 0 {
			if len(s.Discard) == 0 {
				short = true
				break
			}
			if s.discardMark < len(s.Discard) {
				// Cards that went face up into the discard pile during this move (the spices
				// no merchant could take) are reshuffled with it: the table saw them go in.
				s.Exposed = append(s.Exposed, s.Discard[s.discardMark:]...)
			}
			s.discardMark = 0
			s.Reshuffled = s.Reshuffled[:0]
			for _, c := range s.Discard {
				if !s.discardedFaceDown(c) {
					s.Reshuffled = append(s.Reshuffled, c)
				}
			}
			s.Deck, s.Discard = s.Discard, []int{}
			for i := range s.Seats {
				s.Seats[i].Discarded = nil
				s.Seats[i].Drawn = 0
			}
			s.RNG.ShuffleInts(s.Deck)
			s.log(s.Moves, rules.Msg("borneo.log.reshuffle", "Count", len(s.Deck)))
		}
		c := s.Deck[len(s.Deck)-1]
		s.Deck = s.Deck[:len(s.Deck)-1]
		st.Hand = append(st.Hand, c)
		st.Drawn++
		drawn = append(drawn, c)
	}
	if len(drawn) > 0 {
		s.Journal.AddPrivate(s.Moves, rules.Msg("borneo.log.draw", "Seat", rules.SeatRef(seat), "Cards", cardCount(len(drawn))),
			rules.Msg("borneo.log.draw-you", "Cards", joinCards(drawn)), seat)
	}
	if short {
		s.endGame(rules.Msg("borneo.end.shipments"))
		return
	}
	if len(st.Hand) > handLimit {
		s.Phase = PhaseDiscard
		return
	}
	s.nextTurn()
}

func (s *State) nextTurn() {
	s.Turns++
	s.Turn = rules.Seat((int(s.Turn) + 1) % len(s.Seats))
	s.Phase = PhaseMission
}

// endGame ends the game (rulebook "End of the Game"): the shipment cards in hands and in the deck
// are discarded, and each player in turn, starting left of the last to play, has a last chance
// to complete a mission. reason is rules text (a catalogue message) saying why.
func (s *State) endGame(reason string) {
	s.revealed = true // the hands and the deck are no longer hidden
	s.EndReason = reason
	s.Turns++
	s.log(s.Moves, rules.Msg("borneo.log.end", "Reason", reason, "Seat", rules.SeatRef(rules.Seat((int(s.Turn)+1)%len(s.Seats)))))
	for i := range s.Seats {
		s.Discard = append(s.Discard, s.Seats[i].Hand...)
		s.Seats[i].Hand = []int{}
		// Nothing stays hidden once the game is over (package doc).
		s.Seats[i].Discarded = nil
		s.Seats[i].Drawn = 0
	}
	s.Reshuffled = nil
	s.Discard = append(s.Discard, s.Deck...)
	s.Deck = []int{}
	n := len(s.Seats)
	s.LastChance = make([]rules.Seat, n)
	for i := range s.LastChance {
		s.LastChance[i] = rules.Seat((int(s.Turn) + 1 + i) % n)
	}
	s.Phase = PhaseLastChance
}

// log appends a public log line of rules text.
func (s *State) log(version int, text string) {
	s.Journal.Lines = append(s.Journal.Lines, rules.LogLine{Version: version, Public: text})
}

// cardCount is "3 cards" as rules text.
func cardCount(n int) string { return rules.Msg("borneo.count.card", "Count", n) }

// flagCount is "3 flags" as rules text.
func flagCount(n int) string { return rules.Msg("borneo.count.flag", "Count", n) }

// joinCards lists card references: "[[S12]]", "[[S12]] and [[S44]]", "[[S01]], [[S12]] and [[S44]]"
// (rules.List).
func joinCards(cards []int) string {
	refs := make([]string, len(cards))
	for i, c := range cards {
		refs[i] = rules.Ref(shipmentIDs[c])
	}
	return rules.List(refs...)
}
