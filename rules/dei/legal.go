package dei

import "spicebot/rules"

// Legal lists every move seat may make now, in a stable order.
func (s *State) Legal(seat rules.Seat) []rules.Move {
	if s.Winner >= 0 || seat < 0 || int(seat) >= len(s.Seats) {
		return nil
	}
	var out []rules.Move
	add := func(m Move) { out = append(out, m) }
	if p := s.Pending; p != nil {
		if p.Seat == seat {
			s.pendingMoves(p, add)
		}
		return out
	}
	if os, ok, k := s.overloaded(); ok {
		if os == seat {
			s.overflowMoves(seat, k, add)
		}
		return out
	}
	if seat != s.Turn {
		return nil
	}
	if s.Moving >= 0 {
		k := s.Moving
		if !s.waitsToSail(seat, k) {
			s.movementMoves(k, add)
		}
		s.pickMoves(k, add)
		if s.mayStop() {
			add(Move{Kind: KStop})
			if s.mayEnd() {
				add(Move{Kind: KEnd})
			}
		}
		return out
	}
	for k := 0; k < 2; k++ {
		if !s.ship(seat, k).Moved && !s.waitsToSail(seat, k) {
			s.movementMoves(k, add)
		}
	}
	for k := 0; k < 2; k++ {
		for _, i := range s.lookable(seat, k) {
			add(Move{Kind: KLook, Ship: k, Island: i})
		}
	}
	for k := 0; k < 2; k++ {
		s.marketMoves(seat, k, add)
	}
	for k := 0; k < 2; k++ {
		s.homeMoves(seat, k, add)
	}
	for k := 0; k < 2; k++ {
		s.giveMoves(seat, k, add)
	}
	for k := 0; k < 2; k++ {
		s.attackMoves(seat, k, add)
	}
	for k := 0; k < 2; k++ {
		s.pickMoves(k, add)
	}
	if s.mayEnd() {
		add(Move{Kind: KEnd})
	}
	return out
}

// overloaded returns the first ship (in seat order) carrying more than its cargo limit.
func (s *State) overloaded() (rules.Seat, bool, int) {
	for i := range s.Seats {
		for k := range s.Seats[i].Ships {
			if s.Seats[i].Ships[k].space() < 0 {
				return rules.Seat(i), true, k
			}
		}
	}
	return 0, false, 0
}

func (s *State) pendingMoves(p *Pending, add func(Move)) {
	sh := s.ship(p.Seat, p.Ship)
	switch p.Kind {
	case PendTrade:
		if s.pairGoods(p.Seat, p.Ship)[Crate] >= cards[p.Card].Crates {
			add(Move{Kind: KAccept})
		}
		add(Move{Kind: KRefuse})
	case PendDowngrade:
		for st := Stat(0); st < numStats; st++ {
			if sh.Stats[st] > tracks[st].Min {
				add(Move{Kind: KDown, Ship: p.Ship, Stat: st})
			}
		}
	case PendDump:
		for g := Gold; g < NumGoods; g++ {
			if sh.Goods[g] > 0 {
				add(Move{Kind: KDump, Ship: p.Ship, Good: g})
			}
		}
	case PendSteal:
		v := s.ship(p.Victim, p.VShip)
		for g := Cardamom; g <= Pepper; g++ {
			if v.Goods[g] > 0 {
				add(Move{Kind: KSteal, Good: g})
			}
		}
	}
}

func (s *State) overflowMoves(seat rules.Seat, k int, add func(Move)) {
	sh := s.ship(seat, k)
	for g := Good(0); g < NumGoods; g++ {
		if sh.Goods[g] > 0 {
			add(Move{Kind: KDump, Ship: k, Good: g})
		}
	}
	if o := s.partner(seat, k); o != nil && o.space() > 0 {
		for g := Good(0); g < NumGoods; g++ {
			if sh.Goods[g] > 0 {
				add(Move{Kind: KShift, Ship: k, Good: g})
			}
		}
	}
}

// sailable reports whether seat's ship may sail onto q: a sea square on the board, no ship there,
// not another player's home port (rulebook "Special rules for movement", NOTES §2.7.2).
func (s *State) sailable(seat rules.Seat, q Square) bool {
	l := s.layout()
	if l.isLand(q) || s.occupied(q) {
		return false
	}
	if l.Kind(q) == HomePort && l.HomeAt(q) != int(seat) {
		return false
	}
	return true
}

// frontDirs are the 5 squares a ship may sail to for 1 MP: left, front-left, front, front-right
// and right of its facing (NOTES §2.7.4).
func frontDirs(f Direction) [5]Direction {
	return [5]Direction{(f + 6) & 7, (f + 7) & 7, f, (f + 1) & 7, (f + 2) & 7}
}

// movementMoves lists the sail and turn moves of ship k of the player to move. A ship that must
// leave its island (mustLeave) and can still get out (canLeave) is offered only the steps after
// which it has left or can still get out: it cannot spend its movement points turning in place or
// shuttling between the island's harbours (rulebook "Special rules for movement", NOTES §2.7.6).
func (s *State) movementMoves(k int, add func(Move)) {
	sh := s.ship(s.Turn, k)
	if s.Moving == k && s.MPLeft <= 0 {
		return
	}
	duty := s.mustLeave(s.Turn, k) && s.canLeave(s.Turn, k)
	mp := s.movePoints(s.Turn, k)
	for _, d := range frontDirs(sh.Facing) {
		q := sh.At.Step(d)
		if s.sailable(s.Turn, q) && (!duty || s.dock(q) != sh.StayAt || s.leaveFrom(s.Turn, k, q, d, mp-1)) {
			add(Move{Kind: KSail, Ship: k, Dir: d})
		}
	}
	for d := Direction(0); d < 8; d++ {
		if d != sh.Facing && (!duty || s.leaveFrom(s.Turn, k, sh.At, d, mp-1)) {
			add(Move{Kind: KTurn, Ship: k, Dir: d})
		}
	}
}

// waitsToSail reports whether ship k of seat may not sail or turn now because its other ship must
// leave its island and can (NOTES §2.7.6): that ship sails first, so that a player cannot close its
// way out with the other ship and so keep it in harbour (package doc, "The stay limit"). When
// both must leave, either may go first.
func (s *State) waitsToSail(seat rules.Seat, k int) bool {
	o := 1 - k
	return !s.ship(seat, o).Moved && s.Moving != o && s.mustLeave(seat, o) && s.canLeave(seat, o) && !s.mustLeave(seat, k)
}

// movePoints is what ship k of seat may still spend on movement this turn: the movement points
// left while it sails, none once its movement is over, else its sail stat.
func (s *State) movePoints(seat rules.Seat, k int) int {
	sh := s.ship(seat, k)
	switch {
	case seat == s.Turn && s.Moving == k:
		return s.MPLeft
	case sh.Moved:
		return 0
	}
	return sh.Stats[Sail]
}

// canLeave reports whether ship k of seat, which must leave its island, can still sail off that
// island's harbours this turn with the movement points it has (movePoints), around the ships and
// pirates where they are now (NOTES §2.7.6; package doc, "The stay limit").
func (s *State) canLeave(seat rules.Seat, k int) bool {
	sh := s.ship(seat, k)
	return s.leaveFrom(seat, k, sh.At, sh.Facing, s.movePoints(seat, k))
}

// leaveFrom reports whether ship k of seat, standing on at facing f with mp movement points, can
// reach a square off its StayAt island's harbours: a breadth-first search over squares and
// facings (sailing to one of the 5 front squares or turning costs 1 MP each).
func (s *State) leaveFrom(seat rules.Seat, k int, at Square, f Direction, mp int) bool {
	sh := s.ship(seat, k)
	type pos struct {
		at Square
		f  Direction
	}
	best := map[pos]int{}
	queue := []pos{{at, f}}
	best[queue[0]] = mp
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		left := best[p] - 1
		if left < 0 {
			continue
		}
		next := func(n pos) {
			if b, ok := best[n]; !ok || b < left {
				best[n] = left
				queue = append(queue, n)
			}
		}
		for _, d := range frontDirs(p.f) {
			q := p.at.Step(d)
			if q != sh.At && !s.sailable(seat, q) || q == sh.At && s.layout().isLand(q) {
				continue
			}
			if s.dock(q) != sh.StayAt {
				return true
			}
			next(pos{q, d})
		}
		for d := Direction(0); d < 8; d++ {
			if d != p.f {
				next(pos{p.at, d})
			}
		}
	}
	return false
}

// mayStop reports whether the moving ship may end its movement here: not while it must leave its
// island (NOTES §2.7.6), is still there and can still get out.
func (s *State) mayStop() bool {
	return s.Moving < 0 || !s.mustLeave(s.Turn, s.Moving) || !s.canLeave(s.Turn, s.Moving)
}

// mayEnd reports whether the turn may end: no ship of the player to move that must leave its
// island is still there while it can get out (NOTES §2.7.6). Turning in place is not leaving: a
// ship that spent its movement without leaving has no movement points, and movementMoves offers
// it no step after which it could no longer leave.
func (s *State) mayEnd() bool {
	for k := 0; k < 2; k++ {
		if s.mustLeave(s.Turn, k) && s.canLeave(s.Turn, k) {
			return false
		}
	}
	return true
}

// lookable lists the islands ship k of seat may look at now (rulebook "Trading", NOTES §2.7.7):
// an island with cards whose anchor the ship is on, or whose anchor its other ship is on when
// the two are orthogonally adjacent; once per ship per island per turn.
func (s *State) lookable(seat rules.Seat, k int) []int {
	l := s.layout()
	sh := s.ship(seat, k)
	var out []int
	try := func(q Square) {
		if l.Kind(q) != Anchor {
			return
		}
		i := l.IslandAt(q)
		if len(s.Piles[i]) == 0 || containsInt(sh.Looked, i) || containsInt(out, i) {
			return
		}
		out = append(out, i)
	}
	try(sh.At)
	if s.partner(seat, k) != nil {
		try(s.ship(seat, 1-k).At)
	}
	return out
}

// pairGoods is what ship k and, when orthogonally adjacent, the other ship of seat carry.
func (s *State) pairGoods(seat rules.Seat, k int) Goods {
	g := s.ship(seat, k).Goods
	if o := s.partner(seat, k); o != nil {
		for i := range g {
			g[i] += o.Goods[i]
		}
	}
	return g
}

// atMarket reports whether ship k of seat may use Market Island: it is in a market harbour, or
// orthogonally adjacent to its other ship there (NOTES §2.7.10). docked says it is in the harbour
// itself, which upgrades need.
func (s *State) atMarket(seat rules.Seat, k int) (ok, docked bool) {
	l := s.layout()
	if l.Kind(s.ship(seat, k).At) == MarketPort {
		return true, true
	}
	if s.partner(seat, k) != nil && l.Kind(s.ship(seat, 1-k).At) == MarketPort {
		return true, false
	}
	return false, false
}

func (s *State) marketMoves(seat rules.Seat, k int, add func(Move)) {
	ok, docked := s.atMarket(seat, k)
	if !ok {
		return
	}
	sh := s.ship(seat, k)
	if sh.Goods[Gold] >= 1 && sh.space() >= 1 && !s.Seats[seat].Sold {
		add(Move{Kind: KBuy, Ship: k})
	}
	if sh.Goods[Crate] >= 2 && !s.Seats[seat].Bought {
		add(Move{Kind: KSell, Ship: k})
	}
	if sh.Goods[Gold] >= 2 {
		for from := Cardamom; from <= Pepper; from++ {
			if sh.Goods[from] == 0 {
				continue
			}
			for to := Cardamom; to <= Nutmeg; to++ {
				if to != from {
					add(Move{Kind: KSwap, Ship: k, Good: from, To: to})
				}
			}
		}
	}
	if docked {
		gold := s.pairGoods(seat, k)[Gold]
		for st := Stat(0); st < numStats; st++ {
			if c := UpgradeCost(st, sh.Stats[st]); c > 0 && c <= gold {
				add(Move{Kind: KUpgrade, Ship: k, Stat: st})
			}
		}
	}
}

// inHomePort reports whether ship k of seat is in its own home port.
func (s *State) inHomePort(seat rules.Seat, k int) bool {
	l := s.layout()
	q := s.ship(seat, k).At
	return l.Kind(q) == HomePort && l.HomeAt(q) == int(seat)
}

func (s *State) homeMoves(seat rules.Seat, k int, add func(Move)) {
	if !s.inHomePort(seat, k) {
		return
	}
	sh := s.ship(seat, k)
	st := &s.Seats[seat]
	kinds, back := 0, false // back: a kind aboard was loaded this turn
	for g := Good(0); g < NumGoods; g++ {
		if sh.Goods[g] > 0 {
			kinds++
			back = back || has(st.Loaded, g)
		}
	}
	if kinds > 0 && !back {
		add(Move{Kind: KUnload, Ship: k, Good: -1})
	}
	for g := Good(0); g < NumGoods && kinds > 1; g++ {
		if sh.Goods[g] > 0 && !has(st.Loaded, g) {
			add(Move{Kind: KUnload, Ship: k, Good: g})
		}
	}
	home := st.Home
	for g := Good(0); g < NumGoods; g++ {
		if has(st.Unloaded, g) {
			continue
		}
		for n := 1; n <= home[g] && n <= sh.space(); n++ {
			add(Move{Kind: KLoad, Ship: k, Good: g, N: n})
		}
	}
}

func (s *State) giveMoves(seat rules.Seat, k int, add func(Move)) {
	o := s.partner(seat, k)
	if o == nil {
		return
	}
	sh := s.ship(seat, k)
	for g := Good(0); g < NumGoods; g++ {
		if has(sh.Got, g) {
			continue
		}
		for n := 1; n <= sh.Goods[g] && n <= o.space(); n++ {
			add(Move{Kind: KGive, Ship: k, Good: g, N: n})
		}
	}
}

func (s *State) attackMoves(seat rules.Seat, k int, add func(Move)) {
	sh := s.ship(seat, k)
	if sh.Attacked || s.Harbour(sh.At) {
		return
	}
	for i := range s.Seats {
		if rules.Seat(i) == seat {
			continue
		}
		for tk := range s.Seats[i].Ships {
			t := &s.Seats[i].Ships[tk]
			if Dist(t.At, sh.At) == 1 && !s.Harbour(t.At) {
				add(Move{Kind: KAttack, Ship: k, Target: rules.Seat(i), TShip: tk})
			}
		}
	}
}

// pickable is how many units of g ship k of the player to move may pick up where it is.
func (s *State) pickable(k int, g Good) int {
	sh := s.ship(s.Turn, k)
	n := 0
	for _, lot := range s.Floating {
		if lot.At == sh.At && lot.Good == g && !s.blocked(lot, s.Turn) {
			n += lot.N
		}
	}
	return n
}

// blocked reports whether seat may not pick lot up yet (NOTES §2.7.14).
func (s *State) blocked(lot Lot, seat rules.Seat) bool {
	return lot.Blocked == seat && s.TurnNo <= lot.Until
}

func (s *State) pickMoves(k int, add func(Move)) {
	sh := s.ship(s.Turn, k)
	for g := Good(0); g < NumGoods; g++ {
		for n := 1; n <= s.pickable(k, g) && n <= sh.space(); n++ {
			add(Move{Kind: KPick, Ship: k, Good: g, N: n})
		}
	}
}

func containsInt(xs []int, x int) bool {
	for _, v := range xs {
		if v == x {
			return true
		}
	}
	return false
}
