package dei

import (
	"fmt"
	"strings"

	"spicebot/rules"
)

// Apply makes seat play m, then runs the automatic steps that follow (pirate fights, the end of a
// movement, the next turn with its pirate moves). It returns an *rules.IllegalMoveError and
// changes nothing when m is not in Legal(seat).
func (s *State) Apply(seat rules.Seat, mv rules.Move) error {
	m, ok := mv.(Move)
	if !ok {
		if p, isPtr := mv.(*Move); isPtr && p != nil {
			m = *p
		} else {
			return rules.Illegal(mv, "That is not a move of The Dutch East Indies.")
		}
	}
	if _, legal := rules.FindLegal(s, seat, m); !legal {
		return rules.Illegal(m, "%s", s.whyIllegal(seat, m))
	}
	s.Moves++
	from := len(s.Journal.Lines)
	s.merged = false
	rng := s.RNG
	s.revealed = m.Kind == KLook || m.Kind == KAccept // a card seen by the looker, or by all
	s.play(seat, m)
	if s.merged {
		from--
	}
	s.settle()
	s.Undo = !s.revealed && s.RNG == rng && s.Winner < 0
	s.revealed = false
	var pub []string
	for _, ln := range s.Journal.Lines[from:] {
		if ln.Public != "" {
			pub = append(pub, ln.Public)
		}
	}
	s.LastMove = strings.Join(pub, " ")
	return nil
}

// moveLog logs one step of ship k's movement. The steps of one movement share a log line
// ("{0}'s big ship sails up, turns to face right, sails right."), which moves on to the latest
// move's version: a sailing ship's whole way is one line, and the log stays short.
func (s *State) moveLog(k int, step string) {
	lines := s.Journal.Lines
	name := shipName(s.Turn, k)
	if n := len(lines); s.Moving == k && n > 0 {
		last := &lines[n-1]
		if last.Version == s.Moves-1 && last.Private == "" && len(last.To) == 0 && strings.HasPrefix(last.Public, name+" ") &&
			(strings.HasPrefix(last.Public, name+" sails ") || strings.HasPrefix(last.Public, name+" turns ")) {
			last.Public = strings.TrimSuffix(last.Public, ".") + ", " + step + "."
			last.Version = s.Moves
			s.merged = true
			return
		}
	}
	s.log("%s %s.", name, step)
}

// whyIllegal is the player-readable reason a move is refused. It names nothing hidden.
func (s *State) whyIllegal(seat rules.Seat, m Move) string {
	switch {
	case s.Winner >= 0:
		return "The game is over."
	case seat < 0 || int(seat) >= len(s.Seats):
		return "Only a player at the table can move."
	case s.Pending != nil && s.Pending.Seat != seat:
		return "Wait: " + rules.SeatRef(s.Pending.Seat) + " has a decision to take first."
	case s.Pending != nil:
		return "First take the decision in front of you: " + s.Status()
	}
	if os, ok, _ := s.overloaded(); ok && os != seat {
		return "Wait: " + rules.SeatRef(os) + " must first lighten an overloaded ship."
	} else if ok {
		return "First lighten your overloaded ship: dump or move goods."
	}
	if seat != s.Turn {
		return "It is not your turn."
	}
	if s.Moving >= 0 && m.Kind != KSail && m.Kind != KTurn && m.Kind != KPick {
		if !s.mayStop() {
			return "Your ship must leave this island this turn: sail on."
		}
		return "A ship's movement is not interrupted: stop sailing first."
	}
	switch m.Kind {
	case KSail:
		return "Your ship cannot sail there: only to a free sea square in front or beside it, never into another player's port, within its movement points."
	case KTurn:
		return "Your ship cannot turn now."
	case KEnd:
		return "A ship that has spent two turns at an island must leave it this turn."
	case KLook:
		return "That ship cannot look at a card there: it must be at an anchor of an island with cards, once per island each turn."
	case KBuy, KSell, KSwap, KUpgrade:
		return "That exchange is not possible: the ship must be at Market Island with the goods, gold and cargo room it needs."
	case KUnload, KLoad:
		return "Loading and unloading happen in your own home port, within the cargo limit."
	case KGive:
		return "Trans-shipping needs your two ships side by side (not diagonally) and room in the other ship."
	case KAttack:
		return "You can attack an adjacent ship of another player once per ship each turn, when neither ship is in a harbour."
	case KPick:
		return "There is no such floating cargo that you may pick up here, or no room for it."
	}
	return "That move is not possible now."
}

// shipName is how rules text names a ship: "{1}'s big ship".
func shipName(seat rules.Seat, k int) string {
	return rules.SeatRef(seat) + "'s " + shipCodes[k] + " ship"
}

func (s *State) log(format string, args ...any) {
	s.Journal.Add(s.Moves, format, args...)
}

func (s *State) play(seat rules.Seat, m Move) {
	switch m.Kind {
	case KSail:
		s.sail(m.Ship, m.Dir)
	case KTurn:
		s.moveLog(m.Ship, "turns to face "+dirWords[m.Dir])
		s.startMove(m.Ship)
		sh := s.ship(seat, m.Ship)
		sh.Facing = m.Dir
		s.MPLeft--
		s.MPSpent++
	case KStop:
		s.log("%s stops.", shipName(seat, s.Moving))
		s.finishMove()
	case KEnd:
		if s.Moving >= 0 {
			s.finishMove()
		}
		s.endTurn()
	case KLook:
		s.look(seat, m.Ship, m.Island)
	case KAccept:
		s.accept()
	case KRefuse:
		p := s.Pending
		s.Pending = nil
		st := &s.Seats[p.Seat]
		if !containsPeek(st.Known, p.Island) {
			st.Known = append(st.Known, Peek{Island: p.Island, Card: p.Card})
		}
		s.Journal.AddPrivate(s.Moves, fmt.Sprintf("%s refuses the trade and puts the card back on %s unseen.", rules.SeatRef(p.Seat), rules.Ref(islandID(p.Island))),
			fmt.Sprintf("You refuse %s and put it back on top of %s.", rules.Ref(CardID(p.Card)), rules.Ref(islandID(p.Island))), p.Seat)
	case KBuy:
		sh := s.ship(seat, m.Ship)
		s.take(sh, Gold, 1)
		s.give(sh, Crate, 2)
		s.log("%s buys 2 crates for 1 gold at %s.", shipName(seat, m.Ship), rules.Ref(marketID))
	case KSell:
		sh := s.ship(seat, m.Ship)
		s.take(sh, Crate, 2)
		s.give(sh, Gold, 1)
		s.log("%s sells 2 crates for 1 gold at %s.", shipName(seat, m.Ship), rules.Ref(marketID))
	case KSwap:
		sh := s.ship(seat, m.Ship)
		s.take(sh, m.Good, 1)
		s.take(sh, Gold, 2)
		s.give(sh, m.To, 1)
		s.log("%s swaps 1 %s and 2 gold for 1 %s at %s.", shipName(seat, m.Ship), goodCodes[m.Good], goodCodes[m.To], rules.Ref(marketID))
	case KUpgrade:
		sh := s.ship(seat, m.Ship)
		cost := UpgradeCost(m.Stat, sh.Stats[m.Stat])
		s.payGold(seat, m.Ship, cost)
		sh.Stats[m.Stat]++
		s.log("%s upgrades its %s from %d to %d for %d gold.", shipName(seat, m.Ship), statCodes[m.Stat], sh.Stats[m.Stat]-1, sh.Stats[m.Stat], cost)
	case KUnload:
		sh := s.ship(seat, m.Ship)
		home := &s.Seats[seat].Home
		var moved Goods
		for g := Good(0); g < NumGoods; g++ {
			if m.Good < 0 || m.Good == g {
				moved[g] = sh.Goods[g]
				home[g] += sh.Goods[g]
				sh.Goods[g] = 0
			}
		}
		s.log("%s unloads %s at home.", shipName(seat, m.Ship), goodsList(moved))
		if Won(*home) {
			s.Winner = seat
			s.Pending, s.Queue, s.Moving = nil, nil, -1
			s.log("%s has %s at home and wins The Dutch East Indies!", rules.SeatRef(seat), spiceList(*home))
		}
	case KLoad:
		sh := s.ship(seat, m.Ship)
		s.Seats[seat].Home[m.Good] -= m.N
		sh.Goods[m.Good] += m.N
		s.log("%s loads %s at home.", shipName(seat, m.Ship), Amount(m.Good, m.N))
	case KGive:
		a, b := s.ship(seat, m.Ship), s.ship(seat, 1-m.Ship)
		a.Goods[m.Good] -= m.N
		b.Goods[m.Good] += m.N
		s.log("%s trans-ships %s to the %s ship.", shipName(seat, m.Ship), Amount(m.Good, m.N), shipCodes[1-m.Ship])
	case KAttack:
		s.attack(seat, m.Ship, m.Target, m.TShip)
	case KPick:
		s.pick(seat, m.Ship, m.Good, m.N)
	case KDown:
		s.downgrade(seat, m.Ship, m.Stat)
	case KDump:
		sh := s.ship(seat, m.Ship)
		sh.Goods[m.Good]--
		if p := s.Pending; p != nil && p.Kind == PendDump {
			s.Pending = nil
			until := s.TurnNo
			if seat != s.Turn {
				until += (int(seat) - int(s.Turn) + len(s.Seats)) % len(s.Seats)
			}
			s.float(sh.At, m.Good, 1, seat, until)
			s.log("%s throws 1 %s overboard for the pirates.", shipName(seat, m.Ship), goodCodes[m.Good])
		} else {
			s.float(sh.At, m.Good, 1, -1, 0)
			s.log("%s is overloaded and dumps 1 %s into the sea.", shipName(seat, m.Ship), GoodName(m.Good, 1))
		}
	case KShift:
		a, b := s.ship(seat, m.Ship), s.ship(seat, 1-m.Ship)
		a.Goods[m.Good]--
		b.Goods[m.Good]++
		s.log("%s is overloaded and moves 1 %s to the %s ship.", shipName(seat, m.Ship), GoodName(m.Good, 1), shipCodes[1-m.Ship])
	case KSteal:
		p := s.Pending
		s.Pending = nil
		v := s.ship(p.Victim, p.VShip)
		v.Goods[m.Good]--
		s.ship(p.Seat, p.Ship).Goods[m.Good]++
		s.log("%s takes 1 %s from %s.", rules.SeatRef(p.Seat), goodCodes[m.Good], shipName(p.Victim, p.VShip))
	}
}

// marketID is the component id of Market Island.
const marketID = "M"

// take removes n of g from a ship into the supply; give puts n of g from the supply on it.
func (s *State) take(sh *Ship, g Good, n int) {
	sh.Goods[g] -= n
	s.Destroyed[g] += n
}

func (s *State) give(sh *Ship, g Good, n int) {
	sh.Goods[g] += n
	s.Made[g] += n
}

// payGold pays n gold to the supply from ship k, then from the other ship when adjacent.
func (s *State) payGold(seat rules.Seat, k, n int) {
	sh := s.ship(seat, k)
	a := min(n, sh.Goods[Gold])
	s.take(sh, Gold, a)
	if n > a {
		s.take(s.ship(seat, 1-k), Gold, n-a)
	}
}

func (s *State) startMove(k int) {
	if s.Moving < 0 {
		s.Moving = k
		s.MPLeft = s.ship(s.Turn, k).Stats[Sail]
		s.MPSpent = 0
	}
}

func (s *State) finishMove() {
	if s.Moving >= 0 {
		s.ship(s.Turn, s.Moving).Moved = true
	}
	s.Moving, s.MPLeft, s.MPSpent = -1, 0, 0
}

// sail moves the turn's ship k one square in direction d, then lets every pirate next to its new
// square attack (rulebook "Special rules for movement", NOTES §2.7.5).
func (s *State) sail(k int, d Direction) {
	s.moveLog(k, "sails "+dirWords[d])
	s.startMove(k)
	sh := s.ship(s.Turn, k)
	sh.At = sh.At.Step(d)
	sh.Facing = d
	s.MPLeft--
	s.MPSpent++
	if s.dock(sh.At) != sh.StayAt {
		sh.Left = true
	}
	if s.Harbour(sh.At) {
		return
	}
	for p := 0; p < 2; p++ {
		if Dist(s.Pirates[p], sh.At) == 1 && !s.Harbour(s.Pirates[p]) {
			s.Queue = append(s.Queue, Fight{Pirate: p, Seat: s.Turn, Ship: k})
		}
	}
}

func (s *State) look(seat rules.Seat, k, island int) {
	sh := s.ship(seat, k)
	sh.Looked = append(sh.Looked, island)
	pile := s.Piles[island]
	c := pile[len(pile)-1]
	s.Pending = &Pending{Kind: PendTrade, Seat: seat, Ship: k, Island: island, Card: c}
	s.Journal.AddPrivate(s.Moves, fmt.Sprintf("%s looks at the top trading card of %s.", shipName(seat, k), rules.Ref(islandID(island))),
		fmt.Sprintf("Your %s ship looks at the top card of %s: %s.", shipCodes[k], rules.Ref(islandID(island)), rules.Ref(CardID(c))), seat)
}

// accept plays the card looked at: the crates come from the looking ship, then from its adjacent
// other ship; the rewards go aboard the looking ship (an overload is dumped or moved by the owner).
func (s *State) accept() {
	p := s.Pending
	s.Pending = nil
	c := cards[p.Card]
	sh := s.ship(p.Seat, p.Ship)
	a := min(c.Crates, sh.Goods[Crate])
	s.take(sh, Crate, a)
	if c.Crates > a {
		s.take(s.ship(p.Seat, 1-p.Ship), Crate, c.Crates-a)
	}
	s.give(sh, Gold, c.Gold)
	for _, g := range c.Spices {
		s.give(sh, g, 1)
	}
	pile := s.Piles[p.Island]
	s.Piles[p.Island] = pile[:len(pile)-1]
	s.Discard = append(s.Discard, p.Card)
	for i := range s.Seats {
		st := &s.Seats[i]
		kept := st.Known[:0]
		for _, pk := range st.Known {
			if pk.Island != p.Island {
				kept = append(kept, pk)
			}
		}
		st.Known = kept
		if len(st.Known) == 0 {
			st.Known = nil
		}
	}
	s.log("%s accepts the trade %s at %s.", shipName(p.Seat, p.Ship), rules.Ref(CardID(p.Card)), rules.Ref(islandID(p.Island)))
	if len(s.Piles[p.Island]) == 0 {
		s.log("%s has no cards left: it is depleted and no longer a harbour.", rules.Ref(islandID(p.Island)))
	}
}

func containsPeek(ps []Peek, island int) bool {
	for _, p := range ps {
		if p.Island == island {
			return true
		}
	}
	return false
}

// float puts n of g on the sea at q, merged with a lot of the same kind.
func (s *State) float(q Square, g Good, n int, blocked rules.Seat, until int) {
	for i := range s.Floating {
		l := &s.Floating[i]
		if l.At == q && l.Good == g && l.Blocked == blocked && l.Until == until {
			l.N += n
			return
		}
	}
	s.Floating = append(s.Floating, Lot{At: q, Good: g, N: n, Blocked: blocked, Until: until})
}

func (s *State) pick(seat rules.Seat, k int, g Good, n int) {
	sh := s.ship(seat, k)
	left := n
	for i := range s.Floating {
		l := &s.Floating[i]
		if left > 0 && l.At == sh.At && l.Good == g && !s.blocked(*l, seat) {
			t := min(left, l.N)
			l.N -= t
			left -= t
		}
	}
	s.compactFloating()
	sh.Goods[g] += n
	s.log("%s picks up %s floating in the sea.", shipName(seat, k), Amount(g, n))
}

func (s *State) compactFloating() {
	kept := s.Floating[:0]
	for _, l := range s.Floating {
		if l.N > 0 {
			kept = append(kept, l)
		}
	}
	s.Floating = kept
}

// roll throws a die with n faces.
func (s *State) roll(n int) int { return 1 + s.RNG.Intn(n) }

// attack is a player-vs-player fight (rulebook "Player vs player combat", NOTES §2.6): cannons +
// D6 each, the attacker wins ties; the winner takes by the margin 2 gold (0–1), a spice (2–4) or a
// spice and 2 gold (5 or more), 2 gold instead of a missing spice, and chooses the spice.
func (s *State) attack(seat rules.Seat, k int, ts rules.Seat, tk int) {
	a, d := s.ship(seat, k), s.ship(ts, tk)
	a.Attacked = true
	ra, rd := s.roll(6), s.roll(6)
	ta, td := a.Stats[Cannons]+ra, d.Stats[Cannons]+rd
	ws, wk, ls, lk := seat, k, ts, tk
	if td > ta {
		ws, wk, ls, lk = ts, tk, seat, k
	}
	margin := ta - td
	if margin < 0 {
		margin = -margin
	}
	gold, spice := 2, false
	switch {
	case margin >= 5:
		spice = true
	case margin >= 2:
		gold, spice = 0, true
	}
	loser, winner := s.ship(ls, lk), s.ship(ws, wk)
	if spice && loser.Goods.Spices() == 0 {
		gold += 2
		spice = false
	}
	gold = min(gold, loser.Goods[Gold])
	loser.Goods[Gold] -= gold
	winner.Goods[Gold] += gold
	text := fmt.Sprintf("%s attacks %s: %d cannons + %d = %d against %d cannons + %d = %d. %s wins by %d",
		shipName(seat, k), shipName(ts, tk), a.Stats[Cannons], ra, ta, d.Stats[Cannons], rd, td, rules.SeatRef(ws), margin)
	switch {
	case gold > 0 && spice:
		text += fmt.Sprintf(", takes %d gold and a spice.", gold)
	case gold > 0:
		text += fmt.Sprintf(" and takes %d gold.", gold)
	case spice:
		text += " and takes a spice."
	default:
		text += " but there is nothing to take."
	}
	s.log("%s", text)
	if !spice {
		return
	}
	var kinds []Good
	for g := Cardamom; g <= Pepper; g++ {
		if loser.Goods[g] > 0 {
			kinds = append(kinds, g)
		}
	}
	if len(kinds) == 1 {
		loser.Goods[kinds[0]]--
		winner.Goods[kinds[0]]++
		s.log("%s takes 1 %s from %s.", rules.SeatRef(ws), goodCodes[kinds[0]], shipName(ls, lk))
		return
	}
	s.Pending = &Pending{Kind: PendSteal, Seat: ws, Ship: wk, Victim: ls, VShip: lk}
}

// pirateFight resolves a queued pirate attack if it still stands (rulebook "Pirate vs player
// combat"): cannons + D6 against the pirate's 6 or 4 + D6, the pirates win ties.
func (s *State) pirateFight(f Fight) {
	sh := s.ship(f.Seat, f.Ship)
	pq := s.Pirates[f.Pirate]
	if Dist(pq, sh.At) != 1 || s.Harbour(sh.At) || s.Harbour(pq) {
		return
	}
	for _, g := range s.Fought {
		if g == f {
			return
		}
	}
	s.Fought = append(s.Fought, f)
	rp, rs := s.roll(6), s.roll(6)
	tp, ts := pirateCannons[f.Pirate]+rp, sh.Stats[Cannons]+rs
	name := pirateNames[f.Pirate]
	if ts > tp {
		s.log("The %s attacks %s: %d cannons + %d = %d against the pirates' %d + %d = %d. The pirates are beaten off.",
			name, shipName(f.Seat, f.Ship), sh.Stats[Cannons], rs, ts, pirateCannons[f.Pirate], rp, tp)
		return
	}
	s.log("The %s attacks %s: %d cannons + %d = %d against the pirates' %d + %d = %d. The pirates win.",
		name, shipName(f.Seat, f.Ship), sh.Stats[Cannons], rs, ts, pirateCannons[f.Pirate], rp, tp)
	steps := 1
	if f.Pirate == BigPirate {
		steps = 2
	}
	s.Pending = &Pending{Kind: PendDowngrade, Seat: f.Seat, Ship: f.Ship, Steps: steps, Pirate: f.Pirate}
	s.checkDowngrade()
}

var pirateNames = [2]string{"big pirate", "small pirate"}

// checkDowngrade moves a downgrade decision on when nothing is left to lower, and a dump decision
// on when the ship has no spice and no gold (NOTES §2.6: skip what cannot be done).
func (s *State) checkDowngrade() {
	p := s.Pending
	if p == nil {
		return
	}
	sh := s.ship(p.Seat, p.Ship)
	if p.Kind == PendDowngrade {
		can := false
		for st := Stat(0); st < numStats; st++ {
			if sh.Stats[st] > tracks[st].Min {
				can = true
			}
		}
		if p.Steps > 0 && can {
			return
		}
		if p.Steps > 0 {
			s.log("%s cannot be lowered any further.", shipName(p.Seat, p.Ship))
		}
		p.Kind, p.Steps = PendDump, 0
	}
	if p.Kind == PendDump && sh.Goods[Gold]+sh.Goods.Spices() == 0 {
		s.log("%s has no spice or gold to throw overboard.", shipName(p.Seat, p.Ship))
		s.Pending = nil
	}
}

func (s *State) downgrade(seat rules.Seat, k int, st Stat) {
	sh := s.ship(seat, k)
	sh.Stats[st]--
	s.log("%s lowers its %s to %d.", shipName(seat, k), statCodes[st], sh.Stats[st])
	if st == Sail && s.Moving == k && seat == s.Turn {
		s.MPLeft = max(0, min(s.MPLeft, sh.Stats[Sail]-s.MPSpent))
	}
	s.Pending.Steps--
	s.checkDowngrade()
}

// settle runs the automatic steps until someone must decide: pirate fights in the queue and the
// end of a movement without movement points.
func (s *State) settle() {
	for guard := 0; guard < 100; guard++ {
		if s.Winner >= 0 || s.Pending != nil {
			return
		}
		if _, ok, _ := s.overloaded(); ok {
			return
		}
		if len(s.Queue) > 0 {
			f := s.Queue[0]
			s.Queue = s.Queue[1:]
			if len(s.Queue) == 0 {
				s.Queue = nil
			}
			s.pirateFight(f)
			continue
		}
		if s.Moving >= 0 && s.MPLeft <= 0 {
			s.finishMove()
			continue
		}
		return
	}
	panic("dei: settle loops")
}

// endTurn closes the turn of s.Turn (the stay limit's count, NOTES §2.7.6; the reshuffle when
// every card is used) and begins the next player's.
func (s *State) endTurn() {
	for k := range s.Seats[s.Turn].Ships {
		sh := s.ship(s.Turn, k)
		if d := s.dock(sh.At); d >= 0 {
			if d == sh.StayAt && !sh.Left {
				sh.Stay++
			} else {
				sh.StayAt, sh.Stay = d, 1
			}
		} else {
			sh.StayAt, sh.Stay = -1, 0
		}
		sh.Moved, sh.Attacked, sh.Looked, sh.Left = false, false, nil, false
	}
	empty := true
	for _, p := range s.Piles {
		if len(p) > 0 {
			empty = false
		}
	}
	if empty {
		s.deal()
		s.log("Every trading card has been used: all %d are shuffled and dealt to the islands again.", NumCards)
	}
	s.Turn = rules.Seat((int(s.Turn) + 1) % len(s.Seats))
	s.beginTurn()
}

// beginTurn starts the turn of s.Turn: the pirates move, then attack (rulebook "First step: move
// the pirates", NOTES §2.7.1).
func (s *State) beginTurn() {
	s.TurnNo++
	s.Fought = nil
	for i := range s.Floating {
		if l := &s.Floating[i]; l.Blocked >= 0 && l.Until < s.TurnNo {
			l.Blocked, l.Until = -1, 0
		}
	}
	s.mergeFloating()
	s.log("Turn %d, %s's turn. %s %s", s.TurnNo, rules.SeatRef(s.Turn), s.movePirate(BigPirate), s.movePirate(SmallPirate))
	for p := 0; p < 2; p++ {
		for i := 0; i < len(s.Seats); i++ {
			seat := rules.Seat((int(s.Turn) + i) % len(s.Seats))
			for k := 0; k < 2; k++ {
				if Dist(s.Pirates[p], s.ship(seat, k).At) == 1 {
					s.Queue = append(s.Queue, Fight{Pirate: p, Seat: seat, Ship: k})
				}
			}
		}
	}
}

func (s *State) mergeFloating() {
	var out []Lot
	for _, l := range s.Floating {
		merged := false
		for i := range out {
			if out[i].At == l.At && out[i].Good == l.Good && out[i].Blocked == l.Blocked && out[i].Until == l.Until {
				out[i].N += l.N
				merged = true
				break
			}
		}
		if !merged {
			out = append(out, l)
		}
	}
	s.Floating = out
}

// pirateFree reports whether a pirate may move onto q: on the board, sea (harbours of islands and
// the market included), not a home port, no ship there (NOTES §2.7.1).
func (s *State) pirateFree(q Square) bool {
	l := s.layout()
	return !l.isLand(q) && l.Kind(q) != HomePort && !s.occupied(q)
}

// movePirate rolls the D8 for pirate p and moves it one square (rulebook "First step"), and
// says what happened.
func (s *State) movePirate(p int) string {
	at := s.Pirates[p]
	free := false
	for d := Direction(0); d < 8; d++ {
		if s.pirateFree(at.Step(d)) {
			free = true
		}
	}
	name := capital(pirateNames[p])
	if !free {
		return "The " + pirateNames[p] + " is boxed in and stays."
	}
	var rolls []string
	for {
		face := s.RNG.Intn(8)
		rolls = append(rolls, compassWords[face])
		d := Direction((face + s.Rotation) & 7)
		dice := "D8: " + strings.Join(rolls, ", then ")
		switch {
		case s.pirateFree(at.Step(d)):
			s.Pirates[p] = at.Step(d)
			return fmt.Sprintf("%s: %s, sails %s.", name, dice, dirWords[d])
		case s.pirateFree(at.Step(d + 4)):
			s.Pirates[p] = at.Step(d + 4)
			return fmt.Sprintf("%s: %s, blocked, sails the opposite way, %s.", name, dice, dirWords[(d+4)&7])
		}
	}
}
