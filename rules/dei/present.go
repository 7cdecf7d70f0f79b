package dei

import (
	"strings"

	"spicebot/rules"
)

// Active returns the seat that must act now: the one with a decision pending, the owner of an
// overloaded ship, or the player whose turn it is. Empty once the game is over.
func (s *State) Active() []rules.Seat {
	if s.Winner >= 0 {
		return nil
	}
	if s.Pending != nil {
		return []rules.Seat{s.Pending.Seat}
	}
	if seat, ok, _ := s.overloaded(); ok {
		return []rules.Seat{seat}
	}
	return []rules.Seat{s.Turn}
}

// Status is one public sentence saying what the game waits for.
func (s *State) Status() string {
	if s.Winner >= 0 {
		return rules.Msg("dutch-east-indies.status.won", "Seat", rules.SeatRef(s.Winner))
	}
	if p := s.Pending; p != nil {
		switch p.Kind {
		case PendTrade:
			return rules.Msg("dutch-east-indies.status.trade", "Seat", rules.SeatRef(p.Seat), "Island", rules.Ref(islandID(p.Island)))
		case PendDowngrade:
			return rules.Msg("dutch-east-indies.status.downgrade", "Seat", rules.SeatRef(p.Seat), "Pirate", pirateName(p.Pirate), "Count", p.Steps, "Size", sizeWord(p.Ship))
		case PendDump:
			return rules.Msg("dutch-east-indies.status.dump", "Seat", rules.SeatRef(p.Seat), "Size", sizeWord(p.Ship))
		case PendSteal:
			return rules.Msg("dutch-east-indies.status.steal", "Seat", rules.SeatRef(p.Seat), "Ship", shipForm(p.Victim, p.VShip, shipToThe))
		}
	}
	if seat, ok, k := s.overloaded(); ok {
		sh := s.ship(seat, k)
		return rules.Msg("dutch-east-indies.status.overload", "Ship", shipForm(seat, k, shipStart), "Load", sh.Goods.Total(), "Hold", sh.capacity(), "Seat", rules.SeatRef(seat))
	}
	if s.Moving >= 0 {
		return rules.Msg("dutch-east-indies.status.sailing", "Ship", shipForm(s.Turn, s.Moving, shipStart), "Count", s.MPLeft)
	}
	return rules.Msg("dutch-east-indies.status.turn", "Seat", rules.SeatRef(s.Turn))
}

// Describe offers a legal move to seat: a label, a short decision path and whether it rolls dice
// or reveals a card (Irreversible). A move of a ship in the middle of its movement starts from a
// short menu (sail on, turn, pick up, stop, end), so that each square sailed is two taps.
func (s *State) Describe(seat rules.Seat, mv rules.Move) rules.Choice {
	c := s.describe(seat, mv)
	if m, ok := mv.(Move); ok && !c.Irreversible && afterDecision[m.Kind] {
		// What follows a decision in a fight, or an unload, may roll the dice of the next
		// pirate fight or end the game: play it on a copy to know (all of it is public).
		c.Irreversible = s.irreversible(seat, m)
	}
	return c
}

// afterDecision are the kinds of move after which the automatic steps may roll dice or end the
// game although the move itself shows nothing (see Describe).
var afterDecision = map[string]bool{KDown: true, KDump: true, KShift: true, KSteal: true, KUnload: true, KStop: true, KPick: true}

// irreversible reports whether seat playing m now leaves a state that cannot be taken back
// (State.Undoable), by playing it on a copy without the log.
func (s *State) irreversible(seat rules.Seat, m Move) bool {
	c := s.cloneState(false)
	if err := c.Apply(seat, m); err != nil {
		return false
	}
	return !c.Undo
}

func (s *State) describe(seat rules.Seat, mv rules.Move) rules.Choice {
	msg := rules.Msg
	what := msg("dutch-east-indies.prompt.what")
	m, ok := mv.(Move)
	if !ok {
		return rules.Choice{Label: mv.String(), Path: []rules.Step{{Prompt: what, Option: mv.String()}}}
	}
	c := rules.Choice{}
	path := func(steps ...string) {
		for i := 0; i+1 < len(steps); i += 2 {
			c.Path = append(c.Path, rules.Step{Prompt: steps[i], Option: steps[i+1]})
		}
	}
	aboard := func(goods string, n int) string {
		return msg("dutch-east-indies.option.aboard", "Goods", goods, "Aboard", n)
	}
	if p := s.Pending; p != nil && p.Seat == seat {
		sh := s.ship(seat, p.Ship)
		switch m.Kind {
		case KAccept:
			q := msg("dutch-east-indies.prompt.trade", "Card", rules.Ref(CardID(p.Card)))
			c.Label = msg("dutch-east-indies.label.accept", "Card", rules.Ref(CardID(p.Card)))
			c.Irreversible = true // shows the card to everyone
			path(q, msg("dutch-east-indies.option.accept", "Crates", Amount(Crate, cards[p.Card].Crates)))
			return c
		case KRefuse:
			q := msg("dutch-east-indies.prompt.trade", "Card", rules.Ref(CardID(p.Card)))
			c.Label = msg("dutch-east-indies.label.refuse")
			path(q, msg("dutch-east-indies.option.refuse"))
			return c
		case KDown:
			q := msg("dutch-east-indies.prompt.down", "Pirate", pirateName(p.Pirate), "Ship", yours(p.Ship), "Count", p.Steps)
			v := sh.Stats[m.Stat]
			c.Label = msg("dutch-east-indies.label.down", "Stat", statThe(m.Stat), "Ship", yours(p.Ship), "From", v, "To", v-1)
			path(q, msg("dutch-east-indies.option.down", "Stat", statTitle(m.Stat), "From", v, "To", v-1))
			return c
		case KDump:
			q := msg("dutch-east-indies.prompt.dump", "Ship", yours(p.Ship))
			c.Label = msg("dutch-east-indies.label.dump", "Goods", Amount(m.Good, 1), "Ship", yours(p.Ship))
			path(q, aboard(Amount(m.Good, 1), sh.Goods[m.Good]))
			return c
		case KSteal:
			q := msg("dutch-east-indies.prompt.steal", "Ship", shipForm(p.Victim, p.VShip, shipToThe))
			c.Label = msg("dutch-east-indies.label.steal", "Goods", Amount(m.Good, 1), "Ship", shipForm(p.Victim, p.VShip, shipToThe))
			path(q, goodTitle(m.Good))
			return c
		}
	}
	if m.Kind == KDump || m.Kind == KShift {
		sh := s.ship(seat, m.Ship)
		q := msg("dutch-east-indies.prompt.overload", "Size", sizeWord(m.Ship), "Load", sh.Goods.Total(), "Hold", sh.capacity())
		which := msg("dutch-east-indies.prompt.which-good")
		if m.Kind == KDump {
			c.Label = msg("dutch-east-indies.label.overload-dump", "Goods", Amount(m.Good, 1), "Ship", yours(m.Ship))
			path(q, msg("dutch-east-indies.option.dump-sea"), which, aboard(goodTitle(m.Good), sh.Goods[m.Good]))
		} else {
			c.Label = msg("dutch-east-indies.label.shift", "Goods", Amount(m.Good, 1), "Ship", yours(m.Ship), "Size", sizeWord(1-m.Ship))
			path(q, msg("dutch-east-indies.option.shift", "Size", sizeWord(1-m.Ship)), which, aboard(goodTitle(m.Good), sh.Goods[m.Good]))
		}
		return c
	}
	mp := func(k int) int {
		if s.Moving == k {
			return s.MPLeft
		}
		return s.ship(seat, k).Stats[Sail]
	}
	whichWay := msg("dutch-east-indies.prompt.which-way")
	whichFace := msg("dutch-east-indies.prompt.which-face")
	pickWhat := msg("dutch-east-indies.prompt.pick-what")
	endTurn := msg("dutch-east-indies.option.end")
	face := func(k int, dir Direction) (label, option string) {
		left := mp(k) - 1
		return msg("dutch-east-indies.label.turn", "Ship", yours(k), "Arrow", dirArrows[dir], "Dir", dirWord(dir), "Count", left),
			msg("dutch-east-indies.option.face", "Arrow", dirArrows[dir], "Dir", dirWord(dir), "Count", left)
	}
	if s.Moving >= 0 {
		k := s.Moving
		root := msg("dutch-east-indies.prompt.sailing", "Size", sizeWord(k), "Count", s.MPLeft)
		switch m.Kind {
		case KSail:
			opt := s.sailOption(seat, k, m.Dir, s.MPLeft-1)
			c.Label = msg("dutch-east-indies.label.sail", "Ship", yours(k), "Way", opt)
			c.Irreversible = s.sailFights(seat, k, m.Dir)
			path(root, msg("dutch-east-indies.option.sail-on"), whichWay, opt)
		case KTurn:
			label, opt := face(k, m.Dir)
			c.Label = label
			path(root, msg("dutch-east-indies.option.turn"), whichFace, opt)
		case KPick:
			c.Label = msg("dutch-east-indies.label.pick", "Goods", Amount(m.Good, m.N), "Ship", yours(k))
			path(root, msg("dutch-east-indies.option.pick"), pickWhat, Amount(m.Good, m.N))
		case KStop:
			c.Label = msg("dutch-east-indies.label.stop", "Ship", yours(k))
			path(root, msg("dutch-east-indies.option.stop"))
		case KEnd:
			c.Label = msg("dutch-east-indies.label.end-sailing")
			c.Irreversible = true // the next player's pirate dice are rolled
			path(root, endTurn)
		}
		return c
	}
	root := what
	moveShip, whichShip := msg("dutch-east-indies.option.move-ship"), msg("dutch-east-indies.prompt.which-ship-how")
	switch m.Kind {
	case KSail:
		opt := s.sailOption(seat, m.Ship, m.Dir, mp(m.Ship)-1)
		c.Label = msg("dutch-east-indies.label.sail", "Ship", yours(m.Ship), "Way", opt)
		c.Irreversible = s.sailFights(seat, m.Ship, m.Dir)
		path(root, moveShip, whichShip, msg("dutch-east-indies.option.ship-sail", "Ship", shipTitle(m.Ship), "Count", mp(m.Ship)), whichWay, opt)
	case KTurn:
		label, opt := face(m.Ship, m.Dir)
		c.Label = label
		path(root, moveShip, whichShip, msg("dutch-east-indies.option.ship-turn", "Ship", shipTitle(m.Ship), "Count", mp(m.Ship)), whichFace, opt)
	case KLook:
		n := len(s.Piles[m.Island])
		island := rules.Ref(islandID(m.Island))
		c.Label = msg("dutch-east-indies.label.look", "Island", island, "Ship", yours(m.Ship))
		c.Irreversible = true
		path(root, msg("dutch-east-indies.option.trade"), msg("dutch-east-indies.prompt.which-looks"),
			msg("dutch-east-indies.option.look-at", "Ship", shipTitle(m.Ship), "Island", island, "Count", n))
	case KBuy, KSell, KSwap, KUpgrade:
		sh := s.ship(seat, m.Ship)
		market := rules.Ref(marketID)
		pick := msg("dutch-east-indies.option.market-ship", "Ship", shipTitle(m.Ship), "Gold", Amount(Gold, sh.Goods[Gold]), "Crates", Amount(Crate, sh.Goods[Crate]))
		q := msg("dutch-east-indies.prompt.market-what", "Market", market)
		base := []string{root, msg("dutch-east-indies.option.market"), msg("dutch-east-indies.prompt.market-ship", "Market", market), pick}
		switch m.Kind {
		case KBuy:
			c.Label = msg("dutch-east-indies.label.buy", "Ship", yours(m.Ship))
			path(append(base, q, msg("dutch-east-indies.option.buy"))...)
		case KSell:
			c.Label = msg("dutch-east-indies.label.sell", "Ship", yours(m.Ship))
			path(append(base, q, msg("dutch-east-indies.option.sell"))...)
		case KSwap:
			c.Label = msg("dutch-east-indies.label.swap", "Give", Amount(m.Good, 1), "Get", Amount(m.To, 1), "Ship", yours(m.Ship))
			path(append(base, q, msg("dutch-east-indies.option.swap"), msg("dutch-east-indies.prompt.swap-give"), goodTitle(m.Good),
				msg("dutch-east-indies.prompt.swap-get"), goodTitle(m.To))...)
		case KUpgrade:
			v := sh.Stats[m.Stat]
			cost := Amount(Gold, UpgradeCost(m.Stat, v))
			c.Label = msg("dutch-east-indies.label.upgrade", "Stat", statThe(m.Stat), "Ship", yours(m.Ship), "From", v, "To", v+1, "Gold", cost)
			path(append(base, q, msg("dutch-east-indies.option.upgrade", "Stat", statThe(m.Stat), "From", v, "To", v+1, "Gold", cost))...)
		}
	case KUnload, KLoad:
		sh := s.ship(seat, m.Ship)
		base := []string{root, msg("dutch-east-indies.option.home"), msg("dutch-east-indies.prompt.home-ship"),
			msg("dutch-east-indies.option.home-ship", "Ship", shipTitle(m.Ship), "Load", sh.Goods.Total(), "Hold", sh.capacity()),
			msg("dutch-east-indies.prompt.load-or-unload")}
		switch {
		case m.Kind == KUnload && m.Good < 0:
			c.Label = msg("dutch-east-indies.label.unload-all", "Ship", yours(m.Ship))
			path(append(base, msg("dutch-east-indies.option.unload-all"))...)
		case m.Kind == KUnload:
			c.Label = msg("dutch-east-indies.label.unload", "Goods", Amount(m.Good, sh.Goods[m.Good]), "Ship", yours(m.Ship))
			path(append(base, msg("dutch-east-indies.option.unload", "Goods", Amount(m.Good, sh.Goods[m.Good])))...)
		default:
			c.Label = msg("dutch-east-indies.label.load", "Goods", Amount(m.Good, m.N), "Ship", yours(m.Ship))
			path(append(base, msg("dutch-east-indies.option.load", "Goods", goodSome(m.Good)), msg("dutch-east-indies.prompt.how-many"), Amount(m.Good, m.N))...)
		}
	case KGive:
		c.Label = msg("dutch-east-indies.label.give", "Goods", Amount(m.Good, m.N), "Ship", yours(m.Ship), "Size", sizeWord(1-m.Ship))
		path(root, msg("dutch-east-indies.option.give"), msg("dutch-east-indies.prompt.give-from"),
			msg("dutch-east-indies.option.give-from", "Ship", shipTitle(m.Ship), "Size", sizeWord(1-m.Ship)),
			msg("dutch-east-indies.prompt.give-what"), Amount(m.Good, m.N))
	case KAttack:
		a, t := s.ship(seat, m.Ship), s.ship(m.Target, m.TShip)
		c.Label = msg("dutch-east-indies.label.attack", "Target", shipName(m.Target, m.TShip), "Ship", yours(m.Ship))
		c.Irreversible = true
		path(root, msg("dutch-east-indies.option.attack"), msg("dutch-east-indies.prompt.attacker"),
			msg("dutch-east-indies.option.cannons", "Ship", shipTitle(m.Ship), "Count", a.Stats[Cannons]),
			msg("dutch-east-indies.prompt.target"), msg("dutch-east-indies.option.cannons", "Ship", shipForm(m.Target, m.TShip, shipStart), "Count", t.Stats[Cannons]))
	case KPick:
		c.Label = msg("dutch-east-indies.label.pick", "Goods", Amount(m.Good, m.N), "Ship", yours(m.Ship))
		path(root, msg("dutch-east-indies.option.pick"), msg("dutch-east-indies.prompt.pick-ship"), shipTitle(m.Ship), pickWhat, Amount(m.Good, m.N))
	case KEnd:
		c.Label = msg("dutch-east-indies.label.end")
		c.Irreversible = true // the next player's pirate dice are rolled
		path(root, endTurn)
	default:
		c.Label = m.String()
		path(root, m.String())
	}
	return c
}

// sailOption is a sail direction in words: "↗ up-right (2 MP left)", with a warning when the
// square is in a pirate's reach. Directions are named in the board picture's frame (package doc,
// "Directions"), the arrow and the word alike.
func (s *State) sailOption(seat rules.Seat, k int, d Direction, left int) string {
	id := "dutch-east-indies.option.way"
	if s.sailFights(seat, k, d) {
		id = "dutch-east-indies.option.way-pirates"
	}
	return rules.Msg(id, "Arrow", dirArrows[d], "Dir", dirWord(d), "Count", left)
}

// sailFights reports whether sailing ship k in direction d brings it into a pirate's reach.
func (s *State) sailFights(seat rules.Seat, k int, d Direction) bool {
	q := s.ship(seat, k).At.Step(d)
	if s.Harbour(q) {
		return false
	}
	for p := 0; p < 2; p++ {
		if Dist(s.Pirates[p], q) == 1 && !s.Harbour(s.Pirates[p]) {
			return true
		}
	}
	return false
}

// Private is what only seat knows: the card it is looking at and the cards it saw and put back.
func (s *State) Private(seat rules.Seat) string {
	if seat < 0 || int(seat) >= len(s.Seats) {
		return ""
	}
	var parts []string
	if p := s.Pending; p != nil && p.Kind == PendTrade && p.Seat == seat {
		parts = append(parts, rules.Msg("dutch-east-indies.private.looking", "Island", rules.Ref(islandID(p.Island)), "Card", rules.Ref(CardID(p.Card))))
	}
	for _, k := range s.Seats[seat].Known {
		parts = append(parts, rules.Msg("dutch-east-indies.private.known", "Island", rules.Ref(islandID(k.Island)), "Card", rules.Ref(CardID(k.Card))))
	}
	return strings.Join(parts, " ")
}

// Log returns the game's log as viewer may read it.
func (s *State) Log(viewer rules.Seat) []rules.LogEntry { return s.Journal.For(viewer) }

// Hidden lists the trading cards viewer may not see: every card in an island's pile, except the
// one viewer is looking at and the top cards viewer saw and put back.
func (s *State) Hidden(viewer rules.Seat) []string {
	var out []string
	for i, pile := range s.Piles {
		for j, c := range pile {
			if j == len(pile)-1 && s.knows(viewer, i) {
				continue
			}
			out = append(out, CardID(c))
		}
	}
	return out
}

// knows reports whether viewer knows the top card of island i.
func (s *State) knows(viewer rules.Seat, i int) bool {
	if viewer < 0 || int(viewer) >= len(s.Seats) {
		return false
	}
	if p := s.Pending; p != nil && p.Kind == PendTrade && p.Seat == viewer && p.Island == i {
		return true
	}
	return containsPeek(s.Seats[viewer].Known, i)
}
