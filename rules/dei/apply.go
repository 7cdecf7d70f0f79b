package dei

import (
	"slices"
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
			return rules.Illegal(mv, "%s", rules.Msg("dutch-east-indies.illegal.not-a-move"))
		}
	}
	if _, legal := rules.FindLegal(s, seat, m); !legal {
		return rules.Illegal(m, "%s", s.whyIllegal(seat, m))
	}
	s.Moves++
	from := len(s.Journal.Lines)
	s.merged = false
	rng := s.RNG
	// A card seen by the looker (unless they know it already: they looked and refused it, and it
	// is still on top — then nothing new is seen, issue 26), or shown to all.
	s.revealed = m.Kind == KLook && !s.knows(seat, m.Island) || m.Kind == KAccept
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

// moveLog logs one step of ship k's movement (rules text: "sails up"). The steps of one movement
// share a log line ("{0}'s big ship sails up, turns to face right, sails right."), which moves on
// to the latest move's version: a sailing ship's whole way is one line, and the log stays short.
func (s *State) moveLog(k int, step string) {
	lines := s.Journal.Lines
	name := shipForm(s.Turn, k, shipStart)
	if n := len(lines); s.Moving == k && n > 0 {
		last := &lines[n-1]
		if last.Version == s.Moves-1 && last.Private == "" && len(last.To) == 0 {
			if ms := rules.Messages(last.Public); len(ms) > 0 && ms[0].ID == "dutch-east-indies.log.move" && ms[0].Args["Ship"] == name &&
				strings.HasPrefix(last.Public, rules.MsgOpen) && strings.HasSuffix(last.Public, rules.MsgClose) {
				last.Public = rules.Msg("dutch-east-indies.log.move", "Ship", name, "Steps", ms[0].Args["Steps"]+", "+step)
				last.Version = s.Moves
				s.merged = true
				return
			}
		}
	}
	s.log(rules.Msg("dutch-east-indies.log.move", "Ship", name, "Steps", step))
}

// whyIllegal is the player-readable reason a move is refused, as rules text. It names nothing
// hidden.
func (s *State) whyIllegal(seat rules.Seat, m Move) string {
	const why = "dutch-east-indies.illegal."
	switch {
	case s.Winner >= 0:
		return rules.Msg("dutch-east-indies.illegal.over")
	case seat < 0 || int(seat) >= len(s.Seats):
		return rules.Msg("dutch-east-indies.illegal.not-seated")
	case s.Pending != nil && s.Pending.Seat != seat:
		return rules.Msg("dutch-east-indies.illegal.wait-decision", "Seat", rules.SeatRef(s.Pending.Seat))
	case s.Pending != nil:
		return rules.Msg("dutch-east-indies.illegal.decide-first", "Status", s.Status())
	}
	if os, ok, _ := s.overloaded(); ok && os != seat {
		return rules.Msg("dutch-east-indies.illegal.wait-overload", "Seat", rules.SeatRef(os))
	} else if ok {
		return rules.Msg("dutch-east-indies.illegal.lighten")
	}
	if seat != s.Turn {
		return rules.Msg("dutch-east-indies.illegal.not-your-turn")
	}
	if s.Moving >= 0 && m.Kind != KSail && m.Kind != KTurn && m.Kind != KPick {
		if !s.mayStop() {
			return rules.Msg("dutch-east-indies.illegal.must-leave")
		}
		return rules.Msg("dutch-east-indies.illegal.moving")
	}
	if (m.Kind == KSail || m.Kind == KTurn) && m.Ship >= 0 && m.Ship < 2 && seat == s.Turn && s.waitsToSail(seat, m.Ship) {
		return rules.Msg("dutch-east-indies.illegal.leave-first", "Size", sizeWord(1-m.Ship))
	}
	if s.stepBack(seat, m) {
		return rules.Msg("dutch-east-indies.illegal.step-back")
	}
	if s.strands(seat, m) {
		return rules.Msg("dutch-east-indies.illegal.no-way-out")
	}
	switch m.Kind {
	case KSail, KTurn, KEnd, KLook, KPick, KGive, KAttack:
		return rules.Msg(why + m.Kind)
	case KBuy, KSell, KSwap, KUpgrade:
		return rules.Msg("dutch-east-indies.illegal.market")
	case KUnload, KLoad:
		return rules.Msg("dutch-east-indies.illegal.home")
	}
	return rules.Msg("dutch-east-indies.illegal.other")
}

// stepBack reports whether m would reverse an exchange seat made this turn (package doc, "No
// step back"): unloading a good it loaded, loading one it unloaded, handing a ship's good back to
// the ship it came from, selling crates after buying or buying after selling.
func (s *State) stepBack(seat rules.Seat, m Move) bool {
	if m.Ship < 0 || m.Ship > 1 {
		return false
	}
	st, sh := &s.Seats[seat], s.ship(seat, m.Ship)
	switch m.Kind {
	case KLoad:
		return m.Good >= 0 && has(st.Unloaded, m.Good)
	case KUnload:
		for g := Good(0); g < NumGoods; g++ {
			if (m.Good < 0 || m.Good == g) && sh.Goods[g] > 0 && has(st.Loaded, g) {
				return true
			}
		}
	case KGive:
		return m.Good >= 0 && has(sh.Got, m.Good)
	case KBuy:
		return st.Sold
	case KSell:
		return st.Bought
	}
	return false
}

// strands reports whether m is a sail or turn that the stay limit alone forbids: a step of a ship
// that must leave its island and can, after which it could not (NOTES §2.7.6).
func (s *State) strands(seat rules.Seat, m Move) bool {
	if m.Kind != KSail && m.Kind != KTurn || m.Ship < 0 || m.Ship > 1 || s.Moving >= 0 && s.Moving != m.Ship ||
		s.ship(seat, m.Ship).Moved || s.movePoints(seat, m.Ship) <= 0 || !s.mustLeave(seat, m.Ship) || !s.canLeave(seat, m.Ship) {
		return false
	}
	sh := s.ship(seat, m.Ship)
	if m.Kind == KTurn {
		return m.Dir != sh.Facing
	}
	front := frontDirs(sh.Facing)
	return slices.Contains(front[:], m.Dir) && s.sailable(seat, sh.At.Step(m.Dir))
}

// log appends a public line of rules text.
func (s *State) log(text string) {
	s.Journal.Add(s.Moves, "%s", text)
}

func (s *State) play(seat rules.Seat, m Move) {
	switch m.Kind {
	case KSail:
		s.sail(m.Ship, m.Dir)
	case KTurn:
		s.moveLog(m.Ship, rules.Msg("dutch-east-indies.log.step-turn", "Dir", dirWord(m.Dir)))
		s.startMove(m.Ship)
		sh := s.ship(seat, m.Ship)
		sh.Facing = m.Dir
		s.MPLeft--
		s.MPSpent++
	case KStop:
		s.log(rules.Msg("dutch-east-indies.log.stop", "Ship", shipForm(seat, s.Moving, shipStart)))
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
		s.Journal.AddPrivate(s.Moves, rules.Msg("dutch-east-indies.log.refuse", "Seat", rules.SeatRef(p.Seat), "Island", rules.Ref(islandID(p.Island))),
			rules.Msg("dutch-east-indies.log.refuse-private", "Card", rules.Ref(CardID(p.Card)), "Island", rules.Ref(islandID(p.Island))), p.Seat)
	case KBuy:
		sh := s.ship(seat, m.Ship)
		s.Seats[seat].Bought = true
		s.take(sh, Gold, 1)
		s.give(sh, Crate, 2)
		s.log(rules.Msg("dutch-east-indies.log.buy", "Ship", shipForm(seat, m.Ship, shipStart), "Market", rules.Ref(marketID)))
	case KSell:
		sh := s.ship(seat, m.Ship)
		s.Seats[seat].Sold = true
		s.take(sh, Crate, 2)
		s.give(sh, Gold, 1)
		s.log(rules.Msg("dutch-east-indies.log.sell", "Ship", shipForm(seat, m.Ship, shipStart), "Market", rules.Ref(marketID)))
	case KSwap:
		sh := s.ship(seat, m.Ship)
		s.take(sh, m.Good, 1)
		s.take(sh, Gold, 2)
		s.give(sh, m.To, 1)
		s.log(rules.Msg("dutch-east-indies.log.swap", "Ship", shipForm(seat, m.Ship, shipStart), "Give", Amount(m.Good, 1), "Get", Amount(m.To, 1), "Market", rules.Ref(marketID)))
	case KUpgrade:
		sh := s.ship(seat, m.Ship)
		cost := UpgradeCost(m.Stat, sh.Stats[m.Stat])
		s.payGold(seat, m.Ship, cost)
		sh.Stats[m.Stat]++
		s.log(rules.Msg("dutch-east-indies.log.upgrade", "Ship", shipForm(seat, m.Ship, shipStart), "Stat", statThe(m.Stat), "From", sh.Stats[m.Stat]-1, "To", sh.Stats[m.Stat], "Gold", Amount(Gold, cost)))
	case KUnload:
		sh := s.ship(seat, m.Ship)
		home := &s.Seats[seat].Home
		var moved Goods
		for g := Good(0); g < NumGoods; g++ {
			if m.Good < 0 || m.Good == g {
				if sh.Goods[g] > 0 {
					s.Seats[seat].Unloaded |= 1 << g
				}
				moved[g] = sh.Goods[g]
				home[g] += sh.Goods[g]
				sh.Goods[g] = 0
			}
		}
		s.log(rules.Msg("dutch-east-indies.log.unload", "Ship", shipForm(seat, m.Ship, shipStart), "Goods", goodsList(moved)))
		if Won(*home) {
			s.Winner = seat
			s.Pending, s.Queue, s.Moving = nil, nil, -1
			s.log(rules.Msg("dutch-east-indies.log.win", "Seat", rules.SeatRef(seat), "Spices", spiceList(*home)))
		}
	case KLoad:
		sh := s.ship(seat, m.Ship)
		s.Seats[seat].Home[m.Good] -= m.N
		s.Seats[seat].Loaded |= 1 << m.Good
		sh.Goods[m.Good] += m.N
		s.log(rules.Msg("dutch-east-indies.log.load", "Ship", shipForm(seat, m.Ship, shipStart), "Goods", Amount(m.Good, m.N)))
	case KGive:
		a, b := s.ship(seat, m.Ship), s.ship(seat, 1-m.Ship)
		a.Goods[m.Good] -= m.N
		b.Goods[m.Good] += m.N
		b.Got |= 1 << m.Good
		s.log(rules.Msg("dutch-east-indies.log.give", "Ship", shipForm(seat, m.Ship, shipStart), "Goods", Amount(m.Good, m.N), "Size", sizeWord(1-m.Ship)))
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
			s.log(rules.Msg("dutch-east-indies.log.throw", "Ship", shipForm(seat, m.Ship, shipStart), "Goods", Amount(m.Good, 1)))
		} else {
			s.float(sh.At, m.Good, 1, -1, 0)
			s.log(rules.Msg("dutch-east-indies.log.dump", "Ship", shipForm(seat, m.Ship, shipStart), "Goods", Amount(m.Good, 1)))
		}
	case KShift:
		a, b := s.ship(seat, m.Ship), s.ship(seat, 1-m.Ship)
		a.Goods[m.Good]--
		b.Goods[m.Good]++
		b.Got |= 1 << m.Good
		s.log(rules.Msg("dutch-east-indies.log.shift", "Ship", shipForm(seat, m.Ship, shipStart), "Goods", Amount(m.Good, 1), "Size", sizeWord(1-m.Ship)))
	case KSteal:
		p := s.Pending
		s.Pending = nil
		v := s.ship(p.Victim, p.VShip)
		v.Goods[m.Good]--
		s.ship(p.Seat, p.Ship).Goods[m.Good]++
		s.log(rules.Msg("dutch-east-indies.log.steal", "Seat", rules.SeatRef(p.Seat), "Goods", Amount(m.Good, 1), "Ship", shipForm(p.Victim, p.VShip, shipToThe)))
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
	s.moveLog(k, rules.Msg("dutch-east-indies.log.step-sail", "Dir", dirWord(d)))
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
	s.Journal.AddPrivate(s.Moves, rules.Msg("dutch-east-indies.log.look", "Ship", shipForm(seat, k, shipStart), "Island", rules.Ref(islandID(island))),
		rules.Msg("dutch-east-indies.log.look-private", "Size", sizeWord(k), "Island", rules.Ref(islandID(island)), "Card", rules.Ref(CardID(c))), seat)
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
	s.log(rules.Msg("dutch-east-indies.log.accept", "Ship", shipForm(p.Seat, p.Ship, shipStart), "Card", rules.Ref(CardID(p.Card)), "Island", rules.Ref(islandID(p.Island))))
	if len(s.Piles[p.Island]) == 0 {
		s.log(rules.Msg("dutch-east-indies.log.depleted", "Island", rules.Ref(islandID(p.Island))))
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
	s.log(rules.Msg("dutch-east-indies.log.pick", "Ship", shipForm(seat, k, shipStart), "Goods", Amount(g, n)))
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
	result := "dutch-east-indies.log.attack-nothing"
	switch {
	case gold > 0 && spice:
		result = "dutch-east-indies.log.attack-gold-spice"
	case gold > 0:
		result = "dutch-east-indies.log.attack-gold"
	case spice:
		result = "dutch-east-indies.log.attack-spice"
	}
	s.log(rules.Msg("dutch-east-indies.log.attack", "Ship", shipForm(seat, k, shipStart), "Target", shipName(ts, tk),
		"Cannons", a.Stats[Cannons], "Roll", ra, "Total", ta, "TCannons", d.Stats[Cannons], "TRoll", rd, "TTotal", td,
		"Winner", rules.SeatRef(ws), "Margin", margin, "Result", rules.Msg(result, "Gold", Amount(Gold, gold))))
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
		s.log(rules.Msg("dutch-east-indies.log.steal", "Seat", rules.SeatRef(ws), "Goods", Amount(kinds[0], 1), "Ship", shipForm(ls, lk, shipToThe)))
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
	result := "dutch-east-indies.log.pirates-win"
	if ts > tp {
		result = "dutch-east-indies.log.pirates-beaten"
	}
	s.log(rules.Msg("dutch-east-indies.log.pirate-fight", "Pirate", pirateName(f.Pirate), "Ship", shipName(f.Seat, f.Ship),
		"Cannons", sh.Stats[Cannons], "Roll", rs, "Total", ts, "PCannons", pirateCannons[f.Pirate], "PRoll", rp, "PTotal", tp,
		"Result", rules.Msg(result)))
	if ts > tp {
		return
	}
	steps := 1
	if f.Pirate == BigPirate {
		steps = 2
	}
	s.Pending = &Pending{Kind: PendDowngrade, Seat: f.Seat, Ship: f.Ship, Steps: steps, Pirate: f.Pirate}
	s.checkDowngrade()
}

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
			s.log(rules.Msg("dutch-east-indies.log.no-lower", "Ship", shipForm(p.Seat, p.Ship, shipStart)))
		}
		p.Kind, p.Steps = PendDump, 0
	}
	if p.Kind == PendDump && sh.Goods[Gold]+sh.Goods.Spices() == 0 {
		s.log(rules.Msg("dutch-east-indies.log.no-dump", "Ship", shipForm(p.Seat, p.Ship, shipStart)))
		s.Pending = nil
	}
}

func (s *State) downgrade(seat rules.Seat, k int, st Stat) {
	sh := s.ship(seat, k)
	sh.Stats[st]--
	s.log(rules.Msg("dutch-east-indies.log.lower", "Ship", shipForm(seat, k, shipStart), "Stat", statThe(st), "To", sh.Stats[st]))
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
	for i := range s.Seats {
		st := &s.Seats[i]
		st.Loaded, st.Unloaded, st.Bought, st.Sold = 0, 0, false, false
		st.Ships[Big].Got, st.Ships[Small].Got = 0, 0
	}
	empty := true
	for _, p := range s.Piles {
		if len(p) > 0 {
			empty = false
		}
	}
	if empty {
		s.deal()
		s.log(rules.Msg("dutch-east-indies.log.reshuffle", "Cards", NumCards))
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
	big := s.movePirate(BigPirate)
	s.log(rules.Msg("dutch-east-indies.log.turn", "N", s.TurnNo, "Seat", rules.SeatRef(s.Turn), "Big", big, "Small", s.movePirate(SmallPirate)))
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
	if !free {
		return rules.Msg("dutch-east-indies.log.pirate-boxed", "Pirate", pirateName(p))
	}
	rolls := ""
	for {
		face := s.RNG.Intn(8)
		if rolls == "" {
			rolls = compassWord(face)
		} else {
			rolls = rules.Msg("dutch-east-indies.log.then", "A", rolls, "B", compassWord(face))
		}
		d := Direction((face + s.Rotation) & 7)
		switch {
		case s.pirateFree(at.Step(d)):
			s.Pirates[p] = at.Step(d)
			return rules.Msg("dutch-east-indies.log.pirate-sails", "Pirate", pirateTitle(p), "Rolls", rolls, "Dir", dirWord(d))
		case s.pirateFree(at.Step(d + 4)):
			s.Pirates[p] = at.Step(d + 4)
			return rules.Msg("dutch-east-indies.log.pirate-opposite", "Pirate", pirateTitle(p), "Rolls", rolls, "Dir", dirWord(d+4))
		}
	}
}
