package batavia

import (
	"strings"

	"spicebot/rules"
)

// setup lays out the game (rulebook "Preparing the Game"; NOTES §4.4, §4.6.11) and starts the
// first auction.
func (s *State) setup() {
	n := s.NumPlayers
	if s.QuickStart {
		s.Track = quickStartLayout()
		s.FaceUp = NumHexes
	} else {
		// Sort by company, shuffle each stack, then block by block take the top counter of each
		// stack, shuffle those five and place them on the next five hexes.
		var stacks [NumCompanies][NumCommodities]Post
		for c := Company(0); c < NumCompanies; c++ {
			for k := Commodity(0); k < NumCommodities; k++ {
				stacks[c][k] = PostOf(c, k)
			}
			st := &stacks[c]
			s.RNG.Shuffle(NumCommodities, func(i, j int) { st[i], st[j] = st[j], st[i] })
		}
		for b := 0; b < NumCommodities; b++ {
			block := s.Track[b*NumCompanies : (b+1)*NumCompanies]
			for c := Company(0); c < NumCompanies; c++ {
				block[c] = stacks[c][b]
			}
			s.RNG.Shuffle(NumCompanies, func(i, j int) { block[i], block[j] = block[j], block[i] })
		}
		s.FaceUp = FaceUpAtStart
	}
	s.Stack = make([]Company, 0, NumShips)
	for c := Company(0); c < NumCompanies; c++ {
		for i := 0; i < ShipsPerCompany; i++ {
			s.Stack = append(s.Stack, c)
		}
	}
	stack := s.Stack
	s.RNG.Shuffle(len(stack), func(i, j int) { stack[i], stack[j] = stack[j], stack[i] })
	s.Seats = make([]Player, n)
	posts := make([]Post, 0, n*12)
	for i := range s.Seats {
		p := &s.Seats[i]
		p.Notes, p.Crates = StartNotes, Crates
		p.Posts = posts[i*12 : i*12 : (i+1)*12]
	}
	for r := 0; r < StartHand; r++ {
		for i := range s.Seats {
			s.Seats[i].Hand[s.Stack[len(s.Stack)-1]]++
			s.Stack = s.Stack[:len(s.Stack)-1]
		}
	}
	for k := range s.Warehouse {
		for c := range s.Warehouse[k] {
			s.Warehouse[k][c] = NoSeat
		}
	}
	s.TargetBy = NoSeat
	s.Start = rules.Seat(s.RNG.Intn(n))
	s.Auction.In = make([]bool, n)
	s.History.Lines = make([]rules.LogLine, 0, 384)
	if s.QuickStart {
		s.log(rules.Msg("batavia.log.setup.quick", "Players", n, "Seat", seatRef(s.Start)))
	} else {
		s.log(rules.Msg("batavia.log.setup.normal", "Players", n, "Seat", seatRef(s.Start)))
	}
	for i := range s.Seats {
		s.logPrivate("", rules.Msg("batavia.log.dealt", "Ships", shipsText(s.Seats[i].Hand)), rules.Seat(i))
	}
	s.startRound()
}

// drawCard takes the top card of the stack, first shuffling the discard pile into a new stack
// when the stack is empty (rulebook "Ship Card Auction", note). It returns -1 when both are empty.
func (s *State) drawCard() Company {
	if len(s.Stack) == 0 {
		n := handTotal(&s.Discard)
		if n == 0 {
			return -1
		}
		s.Restock = append(s.Restock[:0], s.Discard[:]...)
		for c := Company(0); c < NumCompanies; c++ {
			for i := 0; i < s.Discard[c]; i++ {
				s.Stack = append(s.Stack, c)
			}
			s.Discard[c] = 0
		}
		stack := s.Stack
		s.RNG.Shuffle(len(stack), func(i, j int) { stack[i], stack[j] = stack[j], stack[i] })
		s.log(rules.Msg("batavia.log.restock", "Count", n))
	}
	c := s.Stack[len(s.Stack)-1]
	s.Stack = s.Stack[:len(s.Stack)-1]
	s.revealed = true
	return c
}

// startRound begins a round with the auction (rulebook "Ship Card Auction"): the start player
// rolls the die and turns up that many cards, added to any left from an all-pass auction.
func (s *State) startRound() {
	s.Round++
	s.Turns++
	a := &s.Auction
	a.Auctioneer = s.Start
	a.Die = 1 + s.RNG.Intn(6)
	left := handTotal(&a.Package)
	var turned [NumCompanies]int
	for i := 0; i < a.Die; i++ {
		c := s.drawCard()
		if c < 0 {
			break
		}
		turned[c]++
		a.Package[c]++
		if s.Restock != nil {
			s.Restock[c]--
		}
	}
	a.High, a.HighSeat = 0, NoSeat
	for i := range a.In {
		a.In[i] = true
	}
	seat := seatRef(a.Auctioneer)
	switch none := handTotal(&turned) == 0; {
	case none && left > 0:
		s.log(rules.Msg("batavia.log.round.none_left", "Round", s.Round, "Seat", seat, "Die", a.Die, "Count", left,
			"Package", shipsText(a.Package)))
	case none:
		s.log(rules.Msg("batavia.log.round.none", "Round", s.Round, "Seat", seat, "Die", a.Die))
	case left > 0:
		s.log(rules.Msg("batavia.log.round.left", "Round", s.Round, "Seat", seat, "Die", a.Die, "Ships", shipsText(turned),
			"Count", left, "Package", shipsText(a.Package)))
	default:
		s.log(rules.Msg("batavia.log.round", "Round", s.Round, "Seat", seat, "Die", a.Die, "Ships", shipsText(turned)))
	}
	if handTotal(&a.Package) == 0 {
		s.log(rules.Msg("batavia.log.nothing", "Seat", seatRef(s.Start)))
		s.beginTurns()
		return
	}
	s.Phase = PhaseAuction
	s.Turn = s.next(a.Auctioneer)
}

// bid and pass are the auction's moves; resolve ends the auction when one bidder is left or
// everyone passed, else hands the bidding on clockwise to the next seat still in.
func (s *State) bid(seat rules.Seat, n int) {
	s.Auction.High, s.Auction.HighSeat = n, seat
	s.log(rules.Msg("batavia.log.bid", "Seat", seatRef(seat), "Count", n))
	s.resolve()
}

func (s *State) pass(seat rules.Seat) {
	s.Auction.In[seat] = false
	s.log(rules.Msg("batavia.log.pass", "Seat", seatRef(seat)))
	s.resolve()
}

func (s *State) resolve() {
	a := &s.Auction
	in := 0
	for _, x := range a.In {
		if x {
			in++
		}
	}
	switch {
	case in == 0:
		s.log(rules.Msg("batavia.log.all_passed", "Count", handTotal(&a.Package), "Seat", seatRef(s.Start)))
		s.beginTurns()
		return
	case in == 1 && a.HighSeat != NoSeat && a.In[a.HighSeat]:
		s.win(a.HighSeat)
		return
	}
	t := s.next(s.Turn)
	for !a.In[t] {
		t = s.next(t)
	}
	s.Turn = t
}

// win pays the bid one note at a time to the other players from the winner's left (never to the
// winner), gives the winner the package and makes the winner start player.
func (s *State) win(w rules.Seat) {
	a := &s.Auction
	var got [5]int
	seat := w
	for r := a.High; r > 0; {
		seat = s.next(seat)
		if seat == w {
			continue
		}
		got[seat]++
		r--
	}
	for i := range s.Seats {
		s.Seats[i].Notes += got[i]
	}
	s.Seats[w].Notes -= a.High
	for c := range a.Package {
		s.Seats[w].Hand[c] += a.Package[c]
	}
	s.Seats[w].know(a.Package)
	pays := make([]string, 0, s.NumPlayers-1)
	for i := 1; i < s.NumPlayers; i++ {
		o := (w + rules.Seat(i)) % rules.Seat(s.NumPlayers)
		if got[o] > 0 {
			pays = append(pays, rules.Msg("batavia.log.win.pay", "N", got[o], "Seat", seatRef(o)))
		}
	}
	s.log(rules.Msg("batavia.log.win", "Seat", seatRef(w), "Ships", shipsText(a.Package), "Count", a.High,
		"Payments", strings.Join(pays, ", ")))
	a.Package = [NumCompanies]int{}
	s.Start = w
	s.beginTurns()
}

// beginTurns starts the players' turns of the round from the start player.
func (s *State) beginTurns() {
	s.TurnsLeft = s.NumPlayers
	s.Turn = s.Start
	s.beginTurn()
}

func (s *State) beginTurn() {
	s.Turns++
	s.Phase = PhaseTurn
	s.HandAtStart = s.Seats[s.Turn].Hand
	s.LaidMask = [NumCompanies]uint32{}
	s.LaidNow = 0
}

// draw takes the two top ship cards (NOTES §4.6.2: what there is if the stack and the discard
// pile run out).
func (s *State) draw(seat rules.Seat) {
	var got [NumCompanies]int
	n := 0
	for i := 0; i < 2; i++ {
		c := s.drawCard()
		if c < 0 {
			break
		}
		got[c]++
		n++
	}
	p := &s.Seats[seat]
	for c := range got {
		p.Hand[c] += got[c]
	}
	if n == 0 {
		s.log(rules.Msg("batavia.log.draw.empty", "Seat", seatRef(seat)))
	} else {
		s.logPrivate(rules.Msg("batavia.log.draw", "Seat", seatRef(seat), "Count", n),
			rules.Msg("batavia.log.draw.private", "Ships", shipsText(got)), seat)
	}
	s.endTurn(false)
}

// lay lays out one card; the seal goes to a strict majority and back to the board on a tie.
func (s *State) lay(seat rules.Seat, c Company, n int) {
	before := s.Seal(c)
	p := &s.Seats[seat]
	s.LaidMask[c] |= 1 << (n - 1)
	s.LaidNow++
	p.Hand[c]--
	p.Laid[c]++
	p.laidKnown(c, n-popcount(s.LaidMask[c]))
	after := s.Seal(c)
	switch {
	case after == seat && before == NoSeat:
		s.log(rules.Msg("batavia.log.lay.seal_board", "Seat", seatRef(seat), "Company", companyOne[c], "Count", p.Laid[c]))
	case after == seat && before != seat:
		s.log(rules.Msg("batavia.log.lay.seal_from", "Seat", seatRef(seat), "Company", companyOne[c], "Count", p.Laid[c],
			"From", seatRef(before)))
	case after == NoSeat && before != NoSeat:
		s.log(rules.Msg("batavia.log.lay.tie", "Seat", seatRef(seat), "Company", companyOne[c], "Count", p.Laid[c],
			"From", seatRef(before)))
	default:
		s.log(rules.Msg("batavia.log.lay", "Seat", seatRef(seat), "Company", companyOne[c], "Count", p.Laid[c]))
	}
}

// done ends the lay-out: the merchant sails to the only destination, or the player chooses, or
// with no seal company ahead takes the Target counter (rulebook "End of the game").
func (s *State) done(seat rules.Seat) {
	var buf [NumCompanies]Company
	dest := s.destinations(seat, buf[:0])
	switch len(dest) {
	case 0:
		s.takeTarget(seat)
	case 1:
		s.sail(seat, dest[0])
	default:
		s.Phase = PhaseSail
	}
}

func (s *State) takeTarget(seat rules.Seat) {
	s.Seats[seat].Pos = TargetHex
	s.TargetBy = seat
	s.log(rules.Msg("batavia.log.target", "Seat", seatRef(seat), "Target", rules.Ref(TargetID), "Gold", TargetGold))
	s.endTurn(true)
}

// sail moves seat's merchant to the next counter of company c, takes it, puts a crate in its
// warehouse square, turns up the next five counters when landing on one of the last five face-up
// hexes (NOTES §4.6.6), and offers the exchange after a counter of a new company.
func (s *State) sail(seat rules.Seat, c Company) {
	p := &s.Seats[seat]
	h := s.nextPost(p.Pos, c)
	post := s.Track[h-1]
	s.Track[h-1] = -1
	wasDown := h > s.FaceUp
	s.revealed = s.revealed || wasDown
	p.Pos = h
	p.Posts = append(p.Posts, post)
	down := ""
	if wasDown {
		down = rules.Msg("batavia.log.sail.down")
	}
	k := post.Commodity()
	var line string
	if p.Crates > 0 {
		p.Crates--
		s.Warehouse[k][c] = seat
		line = rules.Msg("batavia.log.sail.crate", "Seat", seatRef(seat), "Hex", h, "Post", rules.Ref(post.ID()), "Down", down,
			"Commodity", k.Words())
	} else {
		line = rules.Msg("batavia.log.sail.no_crate", "Seat", seatRef(seat), "Hex", h, "Post", rules.Ref(post.ID()), "Down", down,
			"Commodity", k.Words())
	}
	if h > s.FaceUp-RevealBlock && s.FaceUp < NumHexes {
		from, to := s.FaceUp+1, min(s.FaceUp+RevealBlock, NumHexes)
		s.FaceUp = to
		s.revealed = true
		refs := make([]string, 0, RevealBlock)
		for x := from; x <= to; x++ {
			if q := s.Track[x-1]; q >= 0 {
				refs = append(refs, rules.Ref(q.ID()))
			}
		}
		// The turned-up block always holds a counter: taking a face-down one turns its block up.
		line += " " + rules.Msg("batavia.log.reveal", "From", from, "To", to, "Posts", strings.Join(refs, ", "))
	}
	s.log(line)
	if newCompany(p.Posts) {
		s.Phase = PhaseExchange
		return
	}
	s.endTurn(true)
}

// exchange hands in one counter of every company held for gold (1, 3, 6, 10, 15).
func (s *State) exchange(seat rules.Seat) {
	p := &s.Seats[seat]
	idx, n := exchangeSet(p.Posts)
	g := exchangeGold[n]
	given := make([]string, 0, n)
	kept := p.Posts[:0]
	for i, q := range p.Posts {
		if idx[q.Company()] == i {
			given = append(given, rules.Msg("batavia.log.exchange.post", "Post", rules.Ref(q.ID())))
			continue
		}
		kept = append(kept, q)
	}
	p.Posts = kept
	p.Gold += g
	s.log(rules.Msg("batavia.log.exchange", "Seat", seatRef(seat), "Count", n, "Gold", g, "Posts", rules.List(given...)))
	s.endTurn(true)
}

// endTurn closes a turn: the pirate attack after a card-playing turn, then the next player, or
// the end of the round: the next auction, or the end of the game once the Target is taken.
func (s *State) endTurn(played bool) {
	if played {
		s.pirates()
	}
	s.TurnsLeft--
	if s.TurnsLeft > 0 {
		s.Turn = s.next(s.Turn)
		s.beginTurn()
		return
	}
	if s.TargetBy != NoSeat {
		s.finish()
		return
	}
	s.startRound()
}

// pirates attack once the cannon reaches the threshold: every card of the largest company (all
// tied largest) goes to the discard pile and their seals back to the board (NOTES §4.6.8).
func (s *State) pirates() {
	total := s.Cannon()
	if total < PirateThreshold(s.NumPlayers) {
		return
	}
	most := 0
	for c := Company(0); c < NumCompanies; c++ {
		most = max(most, s.shipsLaid(c))
	}
	s.Attacks++
	sunk := 0
	for c := Company(0); c < NumCompanies; c++ {
		if s.shipsLaid(c) == most {
			sunk += most
		}
	}
	s.MostSunk = max(s.MostSunk, sunk)
	// The companies sunk are joined two by two ("a and b and c"), as the log always said.
	sunkText := ""
	for c := Company(0); c < NumCompanies; c++ {
		if s.shipsLaid(c) != most {
			continue
		}
		var part string
		if holder := s.Seal(c); holder != NoSeat {
			part = rules.Msg("batavia.log.pirates.sunk_seal", "Count", most, "Company", c.Adj(most), "Seal", companyOne[c],
				"Seat", seatRef(holder))
		} else {
			part = rules.Msg("batavia.log.pirates.sunk", "Count", most, "Company", c.Adj(most))
		}
		if sunkText == "" {
			sunkText = part
		} else {
			sunkText = rules.List(sunkText, part)
		}
		for i := range s.Seats {
			s.Discard[c] += s.Seats[i].Laid[c]
			s.Seats[i].Laid[c] = 0
		}
	}
	s.log(rules.Msg("batavia.log.pirates", "Total", total, "Sunk", sunkText, "Count", s.Cannon()))
}

// finish ends the game once the round of the Target counter is over: everyone lays out the hand,
// the seals follow the new majorities, and the game is scored (rulebook "Scoring").
func (s *State) finish() {
	s.log(rules.Msg("batavia.log.finish"))
	for i := range s.Seats {
		p := &s.Seats[i]
		if handTotal(&p.Hand) == 0 {
			s.log(rules.Msg("batavia.log.finish.none", "Seat", seatRef(rules.Seat(i))))
			continue
		}
		s.log(rules.Msg("batavia.log.finish.lay", "Seat", seatRef(rules.Seat(i)), "Ships", shipsText(p.Hand)))
		s.revealed = true
		for c := range p.Hand {
			p.Laid[c] += p.Hand[c]
			p.Hand[c] = 0
		}
		p.Known = nil
	}
	s.score()
}

// shipsText is a pile of ships as rules text: "2 British and 1 Swedish ships", "a Danish ship",
// "no ships".
func shipsText(pile [NumCompanies]int) string {
	switch handTotal(&pile) {
	case 0:
		return noShips
	case 1:
		for c := Company(0); c < NumCompanies; c++ {
			if pile[c] == 1 {
				return oneShip[c]
			}
		}
	}
	parts := make([]string, 0, NumCompanies)
	for c := Company(0); c < NumCompanies; c++ {
		if pile[c] > 0 {
			parts = append(parts, rules.Msg("batavia.ships.part", "Count", pile[c], "Company", c.Adj(pile[c])))
		}
	}
	return rules.Msg("batavia.ships.many", "List", rules.List(parts...))
}

// noShips and oneShip are the texts of an empty pile and of a pile of one ship, built once.
var (
	noShips = rules.Msg("batavia.ships.none")
	oneShip = func() (t [NumCompanies]string) {
		for c := Company(0); c < NumCompanies; c++ {
			t[c] = rules.Msg("batavia.ships.one", "Company", companyOne[c])
		}
		return t
	}()
)

// orList joins rules texts as "a or b or c" (the message "batavia.or", two by two).
func orList(items []string) string {
	out := ""
	for i, it := range items {
		if i == 0 {
			out = it
			continue
		}
		out = rules.Msg("batavia.or", "A", out, "B", it)
	}
	return out
}
