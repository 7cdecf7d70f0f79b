package dei

import (
	"fmt"
	"strconv"

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
		return rules.SeatRef(s.Winner) + " has brought the spices home and wins."
	}
	if p := s.Pending; p != nil {
		switch p.Kind {
		case PendTrade:
			return fmt.Sprintf("%s is looking at the top card of %s: trade or not?", rules.SeatRef(p.Seat), rules.Ref(islandID(p.Island)))
		case PendDowngrade:
			return fmt.Sprintf("%s lost to the %s and must lower %s of the %s ship.", rules.SeatRef(p.Seat), pirateNames[p.Pirate], plural(p.Steps, "a stat mark", "stat marks"), shipCodes[p.Ship])
		case PendDump:
			return fmt.Sprintf("%s must throw a spice or a gold of the %s ship overboard.", rules.SeatRef(p.Seat), shipCodes[p.Ship])
		case PendSteal:
			return fmt.Sprintf("%s won the fight and chooses a spice to take from %s.", rules.SeatRef(p.Seat), shipName(p.Victim, p.VShip))
		}
	}
	if seat, ok, k := s.overloaded(); ok {
		sh := s.ship(seat, k)
		return fmt.Sprintf("%s carries %d goods but holds %d: %s must dump or move the extra.", shipName(seat, k), sh.Goods.Total(), sh.capacity(), rules.SeatRef(seat))
	}
	if s.Moving >= 0 {
		return fmt.Sprintf("%s is sailing with %s left.", shipName(s.Turn, s.Moving), plural(s.MPLeft, "movement point", "movement points"))
	}
	return fmt.Sprintf("%s's turn: sail, trade, fight or end the turn.", rules.SeatRef(s.Turn))
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

// relWords name a direction relative to a ship's facing, by (d − facing) mod 8.
var relWords = [8]string{"forward", "forward-right", "right", "back-right", "back", "back-left", "left", "forward-left"}

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
	m, ok := mv.(Move)
	if !ok {
		return rules.Choice{Label: mv.String(), Path: []rules.Step{{Prompt: "What do you do?", Option: mv.String()}}}
	}
	c := rules.Choice{}
	path := func(steps ...string) {
		for i := 0; i+1 < len(steps); i += 2 {
			c.Path = append(c.Path, rules.Step{Prompt: steps[i], Option: steps[i+1]})
		}
	}
	your := func(k int) string { return "your " + shipCodes[k] + " ship" }
	Ship := func(k int) string { return []string{"Big ship", "Small ship"}[k] }
	if p := s.Pending; p != nil && p.Seat == seat {
		sh := s.ship(seat, p.Ship)
		switch m.Kind {
		case KAccept:
			q := "You look at " + rules.Ref(CardID(p.Card)) + ". Do you trade?"
			c.Label = "Accept the trade " + rules.Ref(CardID(p.Card))
			c.Irreversible = true // shows the card to everyone
			path(q, "Accept: pay "+Amount(Crate, cards[p.Card].Crates))
			return c
		case KRefuse:
			q := "You look at " + rules.Ref(CardID(p.Card)) + ". Do you trade?"
			c.Label = "Refuse the trade and put the card back unseen"
			path(q, "Refuse: put it back unseen")
			return c
		case KDown:
			q := fmt.Sprintf("The %s beat %s: lower a stat (%s to go).", pirateNames[p.Pirate], your(p.Ship), plural(p.Steps, "mark", "marks"))
			v := sh.Stats[m.Stat]
			c.Label = fmt.Sprintf("Lower the %s of %s from %d to %d", statCodes[m.Stat], your(p.Ship), v, v-1)
			path(q, fmt.Sprintf("%s %d → %d", capital(statCodes[m.Stat]), v, v-1))
			return c
		case KDump:
			q := "Throw a spice or a gold of " + your(p.Ship) + " overboard:"
			c.Label = "Throw 1 " + goodCodes[m.Good] + " of " + your(p.Ship) + " overboard"
			path(q, fmt.Sprintf("1 %s (%d aboard)", goodCodes[m.Good], sh.Goods[m.Good]))
			return c
		case KSteal:
			q := "You won the fight. Which spice do you take from " + shipName(p.Victim, p.VShip) + "?"
			c.Label = "Take 1 " + goodCodes[m.Good] + " from " + shipName(p.Victim, p.VShip)
			path(q, capital(goodCodes[m.Good]))
			return c
		}
	}
	if m.Kind == KDump || m.Kind == KShift {
		sh := s.ship(seat, m.Ship)
		q := fmt.Sprintf("Your %s ship carries %d goods but holds %d. Dump or move goods:", shipCodes[m.Ship], sh.Goods.Total(), sh.capacity())
		if m.Kind == KDump {
			c.Label = "Dump 1 " + GoodName(m.Good, 1) + " of " + your(m.Ship) + " into the sea"
			path(q, "Dump into the sea", "Which good?", fmt.Sprintf("%s (%d aboard)", capital(GoodName(m.Good, 1)), sh.Goods[m.Good]))
		} else {
			c.Label = "Move 1 " + GoodName(m.Good, 1) + " of " + your(m.Ship) + " to your " + shipCodes[1-m.Ship] + " ship"
			path(q, "Move to your "+shipCodes[1-m.Ship]+" ship", "Which good?", fmt.Sprintf("%s (%d aboard)", capital(GoodName(m.Good, 1)), sh.Goods[m.Good]))
		}
		return c
	}
	mp := func(k int) int {
		if s.Moving == k {
			return s.MPLeft
		}
		return s.ship(seat, k).Stats[Sail]
	}
	if s.Moving >= 0 {
		k := s.Moving
		root := fmt.Sprintf("Your %s ship is sailing (%s left). What next?", shipCodes[k], plural(s.MPLeft, "MP", "MP"))
		sh := s.ship(seat, k)
		switch m.Kind {
		case KSail:
			opt := s.sailOption(seat, k, m.Dir, s.MPLeft-1)
			c.Label = "Sail " + your(k) + " " + opt
			c.Irreversible = s.sailFights(seat, k, m.Dir)
			path(root, "Sail on", "Which way?", opt)
		case KTurn:
			opt := fmt.Sprintf("Face %s %s (%d MP left)", dirArrows[m.Dir], dirWords[m.Dir], s.MPLeft-1)
			c.Label = "Turn " + your(k) + " to f" + opt[1:]
			path(root, "Turn", "Which way do you face?", opt)
		case KPick:
			c.Label = "Pick up " + Amount(m.Good, m.N) + " with " + your(k)
			path(root, "Pick up cargo", "What do you pick up?", Amount(m.Good, m.N))
		case KStop:
			c.Label = "Stop " + your(k) + " here"
			path(root, "Stop here")
		case KEnd:
			c.Label = "Stop sailing and end your turn"
			c.Irreversible = true // the next player's pirate dice are rolled
			path(root, "End turn")
		}
		_ = sh
		return c
	}
	root := "What do you do?"
	switch m.Kind {
	case KSail:
		opt := s.sailOption(seat, m.Ship, m.Dir, mp(m.Ship)-1)
		c.Label = "Sail " + your(m.Ship) + " " + opt
		c.Irreversible = s.sailFights(seat, m.Ship, m.Dir)
		path(root, "Move a ship", "Which ship, and how?", fmt.Sprintf("%s: sail (%d MP)", Ship(m.Ship), mp(m.Ship)), "Which way?", opt)
	case KTurn:
		opt := fmt.Sprintf("Face %s %s (%d MP left)", dirArrows[m.Dir], dirWords[m.Dir], mp(m.Ship)-1)
		c.Label = "Turn " + your(m.Ship) + " to f" + opt[1:]
		path(root, "Move a ship", "Which ship, and how?", fmt.Sprintf("%s: turn (%d MP)", Ship(m.Ship), mp(m.Ship)), "Which way do you face?", opt)
	case KLook:
		n := len(s.Piles[m.Island])
		c.Label = "Look at the top card of " + rules.Ref(islandID(m.Island)) + " with " + your(m.Ship)
		c.Irreversible = true
		path(root, "Trade", "Which ship looks at the top card?", fmt.Sprintf("%s at %s (%s)", Ship(m.Ship), rules.Ref(islandID(m.Island)), plural(n, "card", "cards")))
	case KBuy, KSell, KSwap, KUpgrade:
		sh := s.ship(seat, m.Ship)
		pick := fmt.Sprintf("%s (%d gold, %s)", Ship(m.Ship), sh.Goods[Gold], Amount(Crate, sh.Goods[Crate]))
		q := "What do you do at " + rules.Ref(marketID) + "?"
		base := []string{root, "Market", "Which ship trades at " + rules.Ref(marketID) + "?", pick}
		switch m.Kind {
		case KBuy:
			c.Label = "Buy 2 crates for 1 gold with " + your(m.Ship)
			path(append(base, q, "Buy 2 crates for 1 gold")...)
		case KSell:
			c.Label = "Sell 2 crates for 1 gold with " + your(m.Ship)
			path(append(base, q, "Sell 2 crates for 1 gold")...)
		case KSwap:
			c.Label = fmt.Sprintf("Swap 1 %s and 2 gold for 1 %s with %s", goodCodes[m.Good], goodCodes[m.To], your(m.Ship))
			path(append(base, q, "Swap a spice (+ 2 gold)", "Which spice do you give?", capital(goodCodes[m.Good]), "Which spice do you get?", capital(goodCodes[m.To]))...)
		case KUpgrade:
			v := sh.Stats[m.Stat]
			cost := UpgradeCost(m.Stat, v)
			c.Label = fmt.Sprintf("Upgrade the %s of %s from %d to %d for %d gold", statCodes[m.Stat], your(m.Ship), v, v+1, cost)
			path(append(base, q, fmt.Sprintf("Upgrade %s %d → %d (%d gold)", statCodes[m.Stat], v, v+1, cost))...)
		}
	case KUnload, KLoad:
		sh := s.ship(seat, m.Ship)
		base := []string{root, "Home port", "Which ship loads or unloads?", fmt.Sprintf("%s (carries %d of %d)", Ship(m.Ship), sh.Goods.Total(), sh.capacity()), "Load or unload?"}
		switch {
		case m.Kind == KUnload && m.Good < 0:
			c.Label = "Unload everything from " + your(m.Ship)
			path(append(base, "Unload everything")...)
		case m.Kind == KUnload:
			c.Label = "Unload " + Amount(m.Good, sh.Goods[m.Good]) + " from " + your(m.Ship)
			path(append(base, "Unload "+Amount(m.Good, sh.Goods[m.Good]))...)
		default:
			c.Label = "Load " + Amount(m.Good, m.N) + " onto " + your(m.Ship)
			path(append(base, "Load "+GoodName(m.Good, 2), "How many?", Amount(m.Good, m.N))...)
		}
	case KGive:
		c.Label = "Trans-ship " + Amount(m.Good, m.N) + " from " + your(m.Ship) + " to your " + shipCodes[1-m.Ship] + " ship"
		path(root, "Trans-ship", "From which ship?", fmt.Sprintf("%s → %s", Ship(m.Ship), shipCodes[1-m.Ship]+" ship"), "What do you move?", Amount(m.Good, m.N))
	case KAttack:
		a, t := s.ship(seat, m.Ship), s.ship(m.Target, m.TShip)
		c.Label = "Attack " + shipName(m.Target, m.TShip) + " with " + your(m.Ship)
		c.Irreversible = true
		path(root, "Attack", "Which of your ships attacks?", fmt.Sprintf("%s (%d cannons)", Ship(m.Ship), a.Stats[Cannons]),
			"Which ship do you attack?", fmt.Sprintf("%s (%d cannons)", shipName(m.Target, m.TShip), t.Stats[Cannons]))
	case KPick:
		c.Label = "Pick up " + Amount(m.Good, m.N) + " with " + your(m.Ship)
		path(root, "Pick up cargo", "Which ship picks up?", Ship(m.Ship), "What do you pick up?", Amount(m.Good, m.N))
	case KEnd:
		c.Label = "End your turn"
		c.Irreversible = true // the next player's pirate dice are rolled
		path(root, "End turn")
	default:
		c.Label = m.String()
		path(root, m.String())
	}
	return c
}

// sailOption is a sail direction in words: "↗ forward-right (2 MP left)", with a warning when the
// square is in a pirate's reach.
func (s *State) sailOption(seat rules.Seat, k int, d Direction, left int) string {
	sh := s.ship(seat, k)
	opt := fmt.Sprintf("%s %s (%d MP left)", dirArrows[d], relWords[(d-sh.Facing)&7], left)
	if s.sailFights(seat, k, d) {
		opt += " ⚔ pirates!"
	}
	return opt
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

func capital(w string) string {
	if w == "" {
		return w
	}
	return string(w[0]-'a'+'A') + w[1:]
}

// Private is what only seat knows: the card it is looking at and the cards it saw and put back.
func (s *State) Private(seat rules.Seat) string {
	if seat < 0 || int(seat) >= len(s.Seats) {
		return ""
	}
	text := ""
	if p := s.Pending; p != nil && p.Kind == PendTrade && p.Seat == seat {
		text = fmt.Sprintf("You are looking at the top card of %s: %s.", rules.Ref(islandID(p.Island)), rules.Ref(CardID(p.Card)))
	}
	for _, k := range s.Seats[seat].Known {
		if text != "" {
			text += " "
		}
		text += fmt.Sprintf("You know the top card of %s: %s.", rules.Ref(islandID(k.Island)), rules.Ref(CardID(k.Card)))
	}
	return text
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
