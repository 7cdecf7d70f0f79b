package dei

import (
	"strconv"
	"strings"

	"spicebot/rules"
)

// Move kinds and their text forms ("big"/"small" name the mover's ship, directions are the board
// codes u ur r dr d dl l ul, goods crate gold cardamom cinnamon clove nutmeg pepper):
const (
	KSail    = "sail"    // sail big ur: move one square (1 MP), one of the 5 front and side squares
	KTurn    = "turn"    // turn big d: face another way (1 MP)
	KStop    = "stop"    // stop: end the moving ship's movement
	KEnd     = "end"     // end: end the turn
	KLook    = "look"    // look big W1: look at the top trading card of an island
	KAccept  = "accept"  // accept: take the trade looked at
	KRefuse  = "refuse"  // refuse: put the card back unseen
	KBuy     = "buy"     // buy big: 1 gold for 2 crates at Market Island
	KSell    = "sell"    // sell big: 2 crates for 1 gold at Market Island
	KSwap    = "swap"    // swap big clove nutmeg: a spice and 2 gold for another spice
	KUpgrade = "upgrade" // upgrade big sail: one step up a track at Market Island
	KUnload  = "unload"  // unload big all | unload big gold: to the home island
	KLoad    = "load"    // load big crate 3: from the home island
	KGive    = "give"    // give big crate 2: trans-ship from that ship to the other
	KAttack  = "attack"  // attack big 2 small: attack seat 2's small ship
	KPick    = "pick"    // pick big gold 2: pick up floating cargo
	KDown    = "down"    // down big sail: lower a stat after losing to a pirate
	KDump    = "dump"    // dump big gold: throw one unit overboard
	KShift   = "shift"   // shift big gold: move one unit of an overloaded ship to the other ship
	KSteal   = "steal"   // steal clove: the spice the winner of a fight takes
)

// Move is one move of The Dutch East Indies. Unused fields are zero.
type Move struct {
	Kind   string
	Ship   int
	Dir    Direction
	Good   Good // KUnload: −1 for everything
	To     Good
	N      int
	Stat   Stat
	Island int
	Target rules.Seat
	TShip  int
}

var shipCodes = [2]string{"big", "small"}

// String is the move's text form.
func (m Move) String() string {
	ship := shipCodes[m.Ship&1]
	switch m.Kind {
	case KSail, KTurn:
		return m.Kind + " " + ship + " " + dirCodes[m.Dir&7]
	case KLook:
		return m.Kind + " " + ship + " " + islandID(m.Island)
	case KBuy, KSell:
		return m.Kind + " " + ship
	case KSwap:
		return m.Kind + " " + ship + " " + goodCode(m.Good) + " " + goodCode(m.To)
	case KUpgrade, KDown:
		return m.Kind + " " + ship + " " + statCode(m.Stat)
	case KUnload:
		if m.Good < 0 {
			return m.Kind + " " + ship + " all"
		}
		return m.Kind + " " + ship + " " + goodCode(m.Good)
	case KLoad, KGive, KPick:
		return m.Kind + " " + ship + " " + goodCode(m.Good) + " " + strconv.Itoa(m.N)
	case KAttack:
		return m.Kind + " " + ship + " " + strconv.Itoa(int(m.Target)) + " " + shipCodes[m.TShip&1]
	case KDump, KShift:
		return m.Kind + " " + ship + " " + goodCode(m.Good)
	case KSteal:
		return m.Kind + " " + goodCode(m.Good)
	}
	return m.Kind
}

func islandID(i int) string { return "W" + strconv.Itoa(i+1) }

func goodCode(g Good) string {
	if g < 0 || g >= NumGoods {
		return "?"
	}
	return goodCodes[g]
}

var statCodes = [numStats]string{"sail", "cargo", "cannons"}

func statCode(s Stat) string {
	if s < 0 || s >= numStats {
		return "?"
	}
	return statCodes[s]
}

func lookup(list []string, w string) int {
	for i, x := range list {
		if x == w {
			return i
		}
	}
	return -1
}

// parseMove reads a move's text form.
func parseMove(text string) (Move, error) {
	f := strings.Fields(text)
	bad := func() (Move, error) {
		return Move{}, &rules.IllegalMoveError{Move: text, Reason: rules.Msg("dutch-east-indies.illegal.not-a-move")}
	}
	if len(f) == 0 {
		return bad()
	}
	m := Move{Kind: f[0]}
	args := f[1:]
	want := func(n int) bool { return len(args) == n }
	ship := func() bool {
		k := lookup(shipCodes[:], args[0])
		m.Ship = k
		return k >= 0
	}
	good := func(w string) (Good, bool) {
		g := lookup(goodCodes[:], w)
		return Good(g), g >= 0
	}
	num := func(w string) (int, bool) {
		n, err := strconv.Atoi(w)
		return n, err == nil && n > 0 && n < 100 && strconv.Itoa(n) == w
	}
	ok := false
	switch m.Kind {
	case KStop, KEnd, KAccept, KRefuse:
		ok = want(0)
	case KSail, KTurn:
		if want(2) && ship() {
			d := lookup(dirCodes[:], args[1])
			m.Dir, ok = Direction(d), d >= 0
		}
	case KLook:
		if want(2) && ship() && len(args[1]) == 2 && args[1][0] == 'W' && args[1][1] >= '1' && args[1][1] <= '8' {
			m.Island, ok = int(args[1][1]-'1'), true
		}
	case KBuy, KSell:
		ok = want(1) && ship()
	case KSwap:
		if want(3) && ship() {
			var ok1, ok2 bool
			m.Good, ok1 = good(args[1])
			m.To, ok2 = good(args[2])
			ok = ok1 && ok2
		}
	case KUpgrade, KDown:
		if want(2) && ship() {
			st := lookup(statCodes[:], args[1])
			m.Stat, ok = Stat(st), st >= 0
		}
	case KUnload:
		if want(2) && ship() {
			if args[1] == "all" {
				m.Good, ok = -1, true
			} else {
				m.Good, ok = good(args[1])
			}
		}
	case KLoad, KGive, KPick:
		if want(3) && ship() {
			var ok1, ok2 bool
			m.Good, ok1 = good(args[1])
			m.N, ok2 = num(args[2])
			ok = ok1 && ok2
		}
	case KAttack:
		if want(3) && ship() {
			n, err := strconv.Atoi(args[1])
			k := lookup(shipCodes[:], args[2])
			if err == nil && n >= 0 && n < 4 && strconv.Itoa(n) == args[1] && k >= 0 {
				m.Target, m.TShip, ok = rules.Seat(n), k, true
			}
		}
	case KDump, KShift:
		if want(2) && ship() {
			m.Good, ok = good(args[1])
		}
	case KSteal:
		if want(1) {
			m.Good, ok = good(args[0])
			ok = ok && IsSpice(m.Good)
		}
	}
	if !ok {
		return bad()
	}
	return m, nil
}
