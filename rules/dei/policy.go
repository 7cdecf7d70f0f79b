package dei

import "spicebot/rules"

// Policy is a simple player that makes progress, for tests, simulations and benchmarks: it
// picks a move for the first active seat, one time in ten uniformly at random among the legal
// moves and otherwise by plain greed (unload spices at home, load crates, trade at the nearest
// island with cards, sail home with spices). It returns a nil move when nobody may move. Its
// signature is rulestest.Policy's.
func Policy(st rules.State, rng *rules.RNG) (rules.Seat, rules.Move) {
	s, ok := st.(*State)
	if !ok {
		return 0, nil
	}
	act := s.Active()
	if len(act) == 0 {
		return 0, nil
	}
	seat := act[0]
	moves := s.Legal(seat)
	if len(moves) == 0 {
		return seat, nil
	}
	if rng.Intn(10) == 0 {
		return seat, moves[rng.Intn(len(moves))]
	}
	if m, ok := s.greedy(seat, moves); ok {
		return seat, m
	}
	return seat, moves[rng.Intn(len(moves))]
}

// find returns the first legal move that fits.
func find(moves []rules.Move, fit func(Move) bool) (rules.Move, bool) {
	for _, mv := range moves {
		if m := mv.(Move); fit(m) {
			return m, true
		}
	}
	return nil, false
}

func (s *State) greedy(seat rules.Seat, moves []rules.Move) (rules.Move, bool) {
	kind := func(k string) func(Move) bool { return func(m Move) bool { return m.Kind == k } }
	if p := s.Pending; p != nil {
		switch p.Kind {
		case PendTrade:
			if m, ok := find(moves, kind(KAccept)); ok {
				return m, true
			}
			return find(moves, kind(KRefuse))
		case PendDump:
			home, sh := s.Seats[seat].Home, s.ship(seat, p.Ship)
			if m, ok := find(moves, func(m Move) bool { return IsSpice(m.Good) && home[m.Good] >= 2 && m.Good != Pepper }); ok {
				return m, true
			}
			if m, ok := find(moves, func(m Move) bool { return m.Good == Gold && sh.Goods[Gold] >= 3 }); ok {
				return m, true
			}
			if m, ok := find(moves, func(m Move) bool { return IsSpice(m.Good) }); ok {
				return m, true
			}
		case PendSteal:
			home := s.Seats[seat].Home
			return find(moves, func(m Move) bool { return home[m.Good] < 2 || m.Good == Pepper })
		}
		return nil, false
	}
	if _, ok, _ := s.overloaded(); ok {
		if m, ok := find(moves, kind(KShift)); ok {
			return m, true
		}
		return find(moves, func(m Move) bool { return m.Kind == KDump && m.Good == Crate })
	}
	if m, ok := find(moves, func(m Move) bool {
		sh := s.ship(seat, m.Ship)
		forSwap := IsSpice(m.Good) && s.surplus(seat, m.Good) && sh.Goods[Gold]+s.Seats[seat].Home[Gold] >= 2
		if m.Kind == KUnload && m.Good < 0 {
			for g := Good(0); g < NumGoods; g++ {
				if sh.Goods[g] == sh.Goods.Total() && sh.Goods[g] > 0 {
					return IsSpice(g) && !(s.surplus(seat, g) && sh.Goods[Gold]+s.Seats[seat].Home[Gold] >= 2)
				}
			}
			return false
		}
		return m.Kind == KUnload && (IsSpice(m.Good) && !forSwap || m.Good == Gold && sh.Goods[Gold] > 6)
	}); ok {
		return m, true
	}
	if s.Moving < 0 {
		if m, ok := find(moves, func(m Move) bool {
			return m.Kind == KSwap && s.surplus(seat, m.Good) && s.missing(seat, m.To)
		}); ok {
			return m, true
		}
		if m, ok := s.loadForSwap(seat, moves); ok {
			return m, true
		}
		// Load as many crates as leave room for three rewards, or gold to buy crates with.
		best, bestN := rules.Move(nil), 0
		for _, mv := range moves {
			m := mv.(Move)
			sh := s.ship(seat, m.Ship)
			if m.Kind == KLoad && m.Good == Crate && m.N > bestN && sh.space()-m.N >= 0 && sh.Goods.Spices() == 0 {
				best, bestN = m, m.N
			}
			if m.Kind == KLoad && m.Good == Gold && bestN == 0 && sh.Goods[Gold] < 4 && m.N <= 4 && sh.space()-m.N >= 3 && s.Seats[seat].Home[Crate] < 2 {
				best = m
			}
		}
		if best != nil {
			return best, true
		}
		// Look at a card only when it can be new or taken: a known top card the ship cannot pay
		// for would be looked at and refused again with nothing changed.
		if m, ok := find(moves, func(m Move) bool { return m.Kind == KLook && s.worthLook(seat, m.Ship, m.Island) }); ok {
			return m, true
		}
		if m, ok := find(moves, func(m Move) bool {
			sh := s.ship(seat, m.Ship)
			return m.Kind == KUpgrade && sh.Stats[m.Stat] < tracks[m.Stat].Start[m.Ship] && m.Stat == Sail &&
				s.pairGoods(seat, m.Ship)[Gold]-UpgradeCost(m.Stat, sh.Stats[m.Stat]) >= 6
		}); ok {
			return m, true
		}
		if m, ok := find(moves, func(m Move) bool {
			return m.Kind == KBuy && s.ship(seat, m.Ship).Goods[Crate] < 5 && s.ship(seat, m.Ship).space() >= 2
		}); ok {
			return m, true
		}
	}
	if m, ok := find(moves, kind(KPick)); ok {
		return m, true
	}
	for k := 0; k < 2; k++ {
		if s.Moving >= 0 && s.Moving != k || s.Moving < 0 && s.ship(seat, k).Moved {
			continue
		}
		if m, ok := s.steer(seat, k, moves); ok {
			return m, true
		}
	}
	if m, ok := find(moves, kind(KStop)); ok {
		return m, true
	}
	return find(moves, kind(KEnd))
}

// steer picks the sail or turn move of ship k that brings it nearer its goal: home when it
// carries spices or no crates, otherwise the nearest island with cards worth a look.
func (s *State) steer(seat rules.Seat, k int, moves []rules.Move) (rules.Move, bool) {
	l := s.layout()
	sh := s.ship(seat, k)
	var goals []Square
	crates := s.pairGoods(seat, k)[Crate]
	home := s.Seats[seat].Home
	var islands []Square
	for i, is := range l.Islands {
		if len(s.Piles[i]) == 0 || i == sh.StayAt && sh.Stay >= 1 || containsInt(sh.Looked, i) {
			continue
		}
		if containsPeek(s.Seats[seat].Known, i) {
			if cards[s.topCard(seat, i)].Crates > crates {
				continue
			}
		} else if crates < 2 {
			continue
		}
		islands = append(islands, is.Anchors...)
	}
	swap := false
	for g := Cardamom; g <= Pepper; g++ {
		if sh.Goods[g] > 0 && s.surplus(seat, g) && sh.Goods[Gold] >= 2 {
			swap = true
		}
	}
	switch {
	case swap:
		goals = l.Market.Port
	case sh.Goods.Spices() >= 2 || sh.Goods.Spices() > 0 && crates == 0:
		goals = l.Homes[seat].Port
	case len(islands) > 0 && crates >= 2:
		goals = islands
	case home[Crate] >= 2:
		goals = l.Homes[seat].Port
	case sh.Goods[Gold] > 0:
		goals = l.Market.Port
	default:
		goals = l.Homes[seat].Port
	}
	if sh.space() > 0 {
		poor := crates < 3 && sh.Goods[Gold] == 0 && home[Crate] < 3 && home[Gold] == 0
		for _, lot := range s.Floating {
			if !s.blocked(lot, seat) && (Dist(lot.At, sh.At) <= 3 || poor && (lot.Good == Gold || lot.Good == Crate)) {
				goals = []Square{lot.At}
			}
		}
	}
	var free []Square
	for _, q := range goals {
		if q == sh.At || !s.occupied(q) {
			free = append(free, q)
		}
	}
	if len(free) == 0 {
		return nil, false
	}
	sea := seaDistances(len(s.Seats), int(seat))
	dist := func(q Square) int { return sea.toAny(q, free) }
	here := dist(sh.At)
	if here == 0 {
		return nil, false
	}
	var bestSail rules.Move
	best := here
	for _, mv := range moves {
		m := mv.(Move)
		if m.Kind == KSail && m.Ship == k && !s.sailFights(seat, k, m.Dir) {
			q := sh.At.Step(m.Dir)
			if d := dist(q); d >= 0 && d < best {
				best, bestSail = d, m
			}
		}
	}
	if bestSail != nil {
		return bestSail, true
	}
	// Face the neighbour nearest the goal.
	bestDir, bestD := Direction(-1), here
	for d := Direction(0); d < 8; d++ {
		q := sh.At.Step(d)
		if l.In(q) {
			if v := dist(q); v >= 0 && v < bestD {
				bestDir, bestD = d, v
			}
		}
	}
	if bestDir < 0 {
		return nil, false
	}
	return find(moves, func(m Move) bool { return m.Kind == KTurn && m.Ship == k && m.Dir == bestDir })
}

// worthLook reports whether ship k of seat looking at island i's top card can change anything:
// the card is unknown to seat, or seat knows it and the ship (with its adjacent other ship) has
// the crates it asks.
func (s *State) worthLook(seat rules.Seat, k, i int) bool {
	return !containsPeek(s.Seats[seat].Known, i) || cards[s.topCard(seat, i)].Crates <= s.pairGoods(seat, k)[Crate]
}

// topCard is the top card of island i as seat knows it.
func (s *State) topCard(seat rules.Seat, i int) int {
	for _, p := range s.Seats[seat].Known {
		if p.Island == i {
			return p.Card
		}
	}
	return 0
}

// distances are king-move distances over squares seat's ships may sail (ignoring ships) from the
// goals, −1 where unreachable; indexed y*Width+x.
func (s *State) distances(seat rules.Seat, goals []Square) []int {
	l := s.layout()
	dist := make([]int, l.Width*l.Height)
	for i := range dist {
		dist[i] = -1
	}
	queue := make([]Square, 0, len(dist))
	for _, q := range goals {
		dist[q.Y*l.Width+q.X] = 0
		queue = append(queue, q)
	}
	for len(queue) > 0 {
		q := queue[0]
		queue = queue[1:]
		for d := Direction(0); d < 8; d++ {
			n := q.Step(d)
			if !l.In(n) || l.isLand(n) || dist[n.Y*l.Width+n.X] >= 0 {
				continue
			}
			if l.Kind(n) == HomePort && l.HomeAt(n) != int(seat) {
				continue
			}
			dist[n.Y*l.Width+n.X] = dist[q.Y*l.Width+q.X] + 1
			queue = append(queue, n)
		}
	}
	return dist
}

// surplus reports whether seat has more of spice g (at home and aboard) than the goal needs, while
// the goal still misses some kind.
func (s *State) surplus(seat rules.Seat, g Good) bool {
	if g == Pepper {
		return false
	}
	n := s.Seats[seat].Home[g]
	for k := 0; k < 2; k++ {
		n += s.ship(seat, k).Goods[g]
	}
	if n <= 2 {
		return false
	}
	for m := Cardamom; m <= Nutmeg; m++ {
		if s.missing(seat, m) {
			return true
		}
	}
	return false
}

// missing reports whether seat has fewer than 2 of spice g at home and aboard.
func (s *State) missing(seat rules.Seat, g Good) bool {
	if g == Pepper {
		return false
	}
	n := s.Seats[seat].Home[g]
	for k := 0; k < 2; k++ {
		n += s.ship(seat, k).Goods[g]
	}
	return n < 2
}

// loadForSwap loads a surplus spice and 2 gold at home for a swap at Market Island.
func (s *State) loadForSwap(seat rules.Seat, moves []rules.Move) (rules.Move, bool) {
	home := s.Seats[seat].Home
	for _, mv := range moves {
		m := mv.(Move)
		if m.Kind != KLoad || m.N != 1 && !(m.Good == Gold && m.N == 2) {
			continue
		}
		sh := s.ship(seat, m.Ship)
		if m.Good == Gold && m.N == 2 && sh.Goods[Gold] < 2 && home[Gold] >= 2 {
			for g := Cardamom; g <= Nutmeg; g++ {
				if sh.Goods[g] > 0 && s.surplus(seat, g) {
					return m, true
				}
			}
		}
		if IsSpice(m.Good) && m.N == 1 && home[m.Good] > 2 && s.surplus(seat, m.Good) && sh.Goods[m.Good] == 0 && home[Gold]+sh.Goods[Gold] >= 2 && sh.Goods.Spices() == 0 {
			return m, true
		}
	}
	return nil, false
}
