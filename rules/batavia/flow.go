package batavia

import (
	"strconv"
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
	s.buf = make(lineBuf, 0, 256)
	intro := "Batavia for " + strconv.Itoa(n) + " players. Each player has 10 ship cards, 15 promissory notes and 12 crates. "
	if s.QuickStart {
		intro += "Quick start: every trading post lies face up. "
	} else {
		intro += "The trading posts on hexes 1–10 are face up. "
	}
	s.log(intro + seatRef(s.Start) + " is the first auctioneer.")
	for i := range s.Seats {
		s.logPrivate("", "You are dealt "+shipsText(s.Seats[i].Hand)+".", rules.Seat(i))
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
		s.log("The stack is used up: the " + plural(n, "discarded ship is", "discarded ships are") + " shuffled into a new stack.")
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
	b := s.line()
	b.WriteString("Round ")
	b.WriteString(strconv.Itoa(s.Round))
	b.WriteString(": ")
	b.WriteString(seatRef(a.Auctioneer))
	b.WriteString(" rolls a ")
	b.WriteString(strconv.Itoa(a.Die))
	if t := handTotal(&turned); t > 0 {
		b.WriteString(" and turns up ")
		b.Ships(turned)
	} else {
		b.WriteString(" but there are no ship cards left to turn up")
	}
	if left > 0 {
		b.WriteString("; with the ")
		b.Plural(left, "ship", "ships")
		b.WriteString(" left from the last auction the package is ")
		b.Ships(a.Package)
	}
	b.WriteString(".")
	s.logLine(b)
	if handTotal(&a.Package) == 0 {
		s.log("There is nothing to auction: " + seatRef(s.Start) + " stays start player.")
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
	b := s.line()
	b.WriteString(seatRef(seat))
	b.WriteString(" bids ")
	b.Plural(n, "note", "notes")
	b.WriteString(".")
	s.logLine(b)
	s.resolve()
}

func (s *State) pass(seat rules.Seat) {
	s.Auction.In[seat] = false
	s.log(seatRef(seat) + " passes.")
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
		s.log("Everybody passed: the " + plural(handTotal(&a.Package), "ship stays", "ships stay") +
			" for the next auction and " + seatRef(s.Start) + " is start player.")
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
	b := s.line()
	b.WriteString(seatRef(w))
	b.WriteString(" wins ")
	b.Ships(a.Package)
	b.WriteString(" for ")
	b.Plural(a.High, "note", "notes")
	b.WriteString(", paid out one at a time from the left: ")
	first := true
	for i := 1; i < s.NumPlayers; i++ {
		o := (w + rules.Seat(i)) % rules.Seat(s.NumPlayers)
		if got[o] == 0 {
			continue
		}
		if !first {
			b.WriteString(", ")
		}
		first = false
		b.WriteString(strconv.Itoa(got[o]))
		b.WriteString(" to ")
		b.WriteString(seatRef(o))
	}
	b.WriteString(". ")
	b.WriteString(seatRef(w))
	b.WriteString(" takes the ship and is start player.")
	s.logLine(b)
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
		s.log(seatRef(seat) + " draws, but the stack and the discard pile are empty.")
	} else {
		pub := seatRef(seat) + " draws 2 ships."
		if n == 1 {
			pub = seatRef(seat) + " draws 1 ship."
		}
		b := s.line()
		b.WriteString("You draw ")
		b.Ships(got)
		b.WriteString(".")
		s.logPrivate(pub, b.String(), seat)
		s.buf = b[:0]
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
	b := s.line()
	b.WriteString(seatRef(seat))
	b.WriteString(" lays out a ")
	b.WriteString(c.Adjective())
	b.WriteString(" ship (")
	b.WriteString(strconv.Itoa(p.Laid[c]))
	b.WriteString(" laid out)")
	switch {
	case after == seat && before != seat:
		b.WriteString(" and takes the ")
		b.WriteString(c.Adjective())
		b.WriteString(" seal")
		if before == NoSeat {
			b.WriteString(" from the board")
		} else {
			b.WriteString(" from ")
			b.WriteString(seatRef(before))
		}
	case after == NoSeat && before != NoSeat:
		b.WriteString(": a tie with ")
		b.WriteString(seatRef(before))
		b.WriteString(", so the ")
		b.WriteString(c.Adjective())
		b.WriteString(" seal goes back to the board")
	}
	b.WriteString(".")
	s.logLine(b)
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
	s.log(seatRef(seat) + " has no trading post of a seal company ahead and sails to the " + rules.Ref(TargetID) +
		" (" + strconv.Itoa(TargetGold) + " gold). The round is played to its end, then the game ends.")
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
	b := s.line()
	b.WriteString(seatRef(seat))
	b.WriteString(" sails to hex ")
	b.WriteString(strconv.Itoa(h))
	b.WriteString(" and takes the ")
	b.WriteString(rules.Ref(post.ID()))
	if wasDown {
		b.WriteString(", face down until now")
	}
	k := post.Commodity()
	if p.Crates > 0 {
		p.Crates--
		s.Warehouse[k][c] = seat
		b.WriteString(", putting a crate in the ")
		b.WriteString(k.Name())
		b.WriteString(" warehouse.")
	} else {
		b.WriteString(", but has no crate left for the ")
		b.WriteString(k.Name())
		b.WriteString(" warehouse.")
	}
	if h > s.FaceUp-RevealBlock && s.FaceUp < NumHexes {
		from, to := s.FaceUp+1, min(s.FaceUp+RevealBlock, NumHexes)
		s.FaceUp = to
		s.revealed = true
		b.WriteString(" Hexes ")
		b.WriteString(strconv.Itoa(from))
		b.WriteString("–")
		b.WriteString(strconv.Itoa(to))
		b.WriteString(" are turned face up:")
		first := true
		for x := from; x <= to; x++ {
			if q := s.Track[x-1]; q >= 0 {
				if !first {
					b.WriteString(",")
				}
				first = false
				b.WriteString(" ")
				b.WriteString(rules.Ref(q.ID()))
			}
		}
		b.WriteString(".")
	}
	s.logLine(b)
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
	b := s.line()
	b.WriteString(seatRef(seat))
	b.WriteString(" exchanges ")
	b.Plural(n, "trading post", "trading posts")
	g := exchangeGold[n]
	b.WriteString(" for ")
	b.WriteString(strconv.Itoa(g))
	b.WriteString(" gold: ")
	kept := p.Posts[:0]
	done := 0
	for i, q := range p.Posts {
		if idx[q.Company()] == i {
			switch {
			case done == 0:
			case done == n-1:
				b.WriteString(" and ")
			default:
				b.WriteString(", ")
			}
			done++
			b.WriteString("the ")
			b.WriteString(rules.Ref(q.ID()))
			continue
		}
		kept = append(kept, q)
	}
	p.Posts = kept
	p.Gold += g
	b.WriteString(".")
	s.logLine(b)
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
	b := s.line()
	b.WriteString("Pirates attack at ")
	b.WriteString(strconv.Itoa(total))
	b.WriteString(" ships laid out and sink ")
	first := true
	for c := Company(0); c < NumCompanies; c++ {
		if s.shipsLaid(c) != most {
			continue
		}
		holder := s.Seal(c)
		if !first {
			b.WriteString(" and ")
		}
		first = false
		b.WriteString("all ")
		b.WriteString(strconv.Itoa(most))
		b.WriteString(" ")
		b.WriteString(c.Adjective())
		b.WriteString(" ships")
		if holder != NoSeat {
			b.WriteString(" (the ")
			b.WriteString(c.Adjective())
			b.WriteString(" seal of ")
			b.WriteString(seatRef(holder))
			b.WriteString(" goes back to the board)")
		}
		for i := range s.Seats {
			s.Discard[c] += s.Seats[i].Laid[c]
			s.Seats[i].Laid[c] = 0
		}
	}
	b.WriteString(". ")
	b.Plural(s.Cannon(), "ship remains", "ships remain")
	b.WriteString(" laid out.")
	s.logLine(b)
}

// finish ends the game once the round of the Target counter is over: everyone lays out the hand,
// the seals follow the new majorities, and the game is scored (rulebook "Scoring").
func (s *State) finish() {
	s.log("The round is over and the game ends. Everybody lays out the ships in hand:")
	for i := range s.Seats {
		p := &s.Seats[i]
		if handTotal(&p.Hand) == 0 {
			s.log(seatRef(rules.Seat(i)) + " has no ships in hand.")
			continue
		}
		s.log(seatRef(rules.Seat(i)) + " lays out " + shipsText(p.Hand) + ".")
		s.revealed = true
		for c := range p.Hand {
			p.Laid[c] += p.Hand[c]
			p.Hand[c] = 0
		}
		p.Known = nil
	}
	s.score()
}

// shipsText is a pile of ships in words: "2 British and 1 Swedish ships", "a Danish ship",
// "no ships".
func shipsText(pile [NumCompanies]int) string {
	b := lineBuf(make([]byte, 0, 96))
	b.Ships(pile)
	return b.String()
}

// Ships appends shipsText(pile).
func (l *lineBuf) Ships(pile [NumCompanies]int) {
	total := handTotal(&pile)
	if total == 0 {
		l.WriteString("no ships")
		return
	}
	if total == 1 {
		for c := Company(0); c < NumCompanies; c++ {
			if pile[c] == 1 {
				l.WriteString("a ")
				l.WriteString(c.Adjective())
				l.WriteString(" ship")
				return
			}
		}
	}
	kinds, done := 0, 0
	for _, n := range pile {
		if n > 0 {
			kinds++
		}
	}
	for c := Company(0); c < NumCompanies; c++ {
		if pile[c] == 0 {
			continue
		}
		switch {
		case done == 0:
		case done == kinds-1:
			l.WriteString(" and ")
		default:
			l.WriteString(", ")
		}
		done++
		*l = strconv.AppendInt(*l, int64(pile[c]), 10)
		l.WriteString(" ")
		l.WriteString(c.Adjective())
	}
	l.WriteString(" ships")
}

// Plural appends plural(n, one, many).
func (l *lineBuf) Plural(n int, one, many string) {
	*l = strconv.AppendInt(*l, int64(n), 10)
	l.WriteString(" ")
	if n == 1 {
		l.WriteString(one)
	} else {
		l.WriteString(many)
	}
}

// joinAnd joins words as "a, b and c".
func joinAnd(parts []string) string {
	switch len(parts) {
	case 0:
		return ""
	case 1:
		return parts[0]
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}
