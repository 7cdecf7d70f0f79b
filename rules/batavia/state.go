package batavia

import (
	"spicebot/rules"
)

// The phases of a game, as stored in State.Phase.
const (
	// PhaseAuction: the ship-card auction; Turn is the seat to bid or pass.
	PhaseAuction = "auction"
	// PhaseTurn: Turn's turn: draw two, or lay out ships (and, once at least one is laid out and
	// the player holds a seal, "done").
	PhaseTurn = "turn"
	// PhaseSail: Turn holds several seals with a counter ahead and chooses where to sail.
	PhaseSail = "sail"
	// PhaseExchange: Turn just took a counter of a new company and may exchange for gold.
	PhaseExchange = "exchange"
	// PhaseOver: the game has been scored.
	PhaseOver = "over"
)

// NoSeat marks "nobody" in seat fields (no high bidder, seal on the board, Target not taken).
const NoSeat rules.Seat = -1

// State is a Batavia game: plain data whose JSON is the storage format. Ship cards of a company
// are identical, so piles of ships are counts per company ([5]int, in Company order); only the
// stack is a sequence (companies, top card last). Trading posts are Post indices.
type State struct {
	// NumPlayers is the number of seats (3–5).
	NumPlayers int `json:"players"`
	// QuickStart is the quick-start option: every counter face up in the fixed layout.
	QuickStart bool `json:"quick_start,omitempty"`
	// Applied counts the moves applied since setup (State.Version).
	Applied int `json:"version"`
	// RNG draws the first auctioneer, the setup, every shuffle and the die.
	RNG rules.RNG `json:"rng"`
	// Phase is one of the Phase constants.
	Phase string `json:"phase"`
	// Round is the round being played, from 1; Turns counts the auctions and player turns begun
	// (State.TurnNumber).
	Round int `json:"round"`
	Turns int `json:"turns"`
	// Start is the start player (who also conducts the next auction); Turn the seat to act.
	Start rules.Seat `json:"start"`
	Turn  rules.Seat `json:"turn"`
	// TurnsLeft counts the player turns of this round not yet finished, the current one included.
	TurnsLeft int `json:"turns_left"`
	// Track is the counter on each hex (index 0 is hex 1), or -1 once taken.
	Track [NumHexes]Post `json:"track"`
	// FaceUp is the last face-up hex: hexes 1..FaceUp are face up (10 at the start, 35 with
	// quick-start).
	FaceUp int `json:"face_up"`
	// TargetBy is the seat that took the Target counter, or NoSeat.
	TargetBy rules.Seat `json:"target_by"`
	// Stack is the ship-card stack, companies, top card last; Discard the discard pile by company.
	Stack   []Company         `json:"stack"`
	Discard [NumCompanies]int `json:"discard"`
	// Auction is the running or last auction.
	Auction Auction `json:"auction"`
	// Seats has one entry per seat, in seat (clockwise) order.
	Seats []Player `json:"seats"`
	// Warehouse holds the crate on each square: [commodity][company] is the seat whose crate is
	// there, or NoSeat.
	Warehouse [NumCommodities][NumCompanies]rules.Seat `json:"warehouse"`
	// HandAtStart is Turn's hand when the turn began (the ordinals of lay moves count in it);
	// LaidMask has bit n-1 set for each ordinal n laid out this turn; LaidNow counts them.
	HandAtStart [NumCompanies]int    `json:"hand_at_start"`
	LaidMask    [NumCompanies]uint32 `json:"laid_mask"`
	LaidNow     int                  `json:"laid_now"`
	// Attacks counts the pirate attacks so far; MostSunk is the most ships one attack sank.
	Attacks  int `json:"attacks"`
	MostSunk int `json:"most_sunk,omitempty"`
	// History is the game log (State.Log redacts it per viewer).
	History rules.Log `json:"log"`
	// Final is the result once the game is over; Scores the breakdown of each seat.
	Final  *rules.Outcome `json:"outcome,omitempty"`
	Scores []Score        `json:"scores,omitempty"`
	// Restock is, by company, what the stack may hold since it was last made from the discard
	// pile (nil before): the discard pile's cards, less those turned up at auction since. The
	// table saw them go in, so the stack holds no other card. State.Determinize keeps to that.
	Restock []int `json:"restock,omitempty"`
	// Undo says that the last move may be taken back (State.Undoable; package doc, "Undo").
	Undo bool `json:"undoable,omitempty"`
	// revealed is set while a move is applied when it draws or turns up something.
	revealed bool
}

// Auction is one ship-card auction (rulebook "Ship Card Auction").
type Auction struct {
	// Auctioneer rolled the die; Die is the roll.
	Auctioneer rules.Seat `json:"auctioneer"`
	Die        int        `json:"die"`
	// Package holds the face-up cards auctioned, by company (with those left from an all-pass).
	Package [NumCompanies]int `json:"package"`
	// High is the highest bid so far and HighSeat who made it (NoSeat before the first bid).
	High     int        `json:"high"`
	HighSeat rules.Seat `json:"high_seat"`
	// In says which seats are still bidding (have not passed).
	In []bool `json:"in"`
}

// Player is one seat's pieces.
type Player struct {
	// Hand holds the ship cards in hand, by company (hidden from the others: only its total is
	// public).
	Hand [NumCompanies]int `json:"hand"`
	// Laid holds the ship cards laid out, by company (public).
	Laid [NumCompanies]int `json:"laid"`
	// Notes is the number of promissory notes held (hidden from the others until the end).
	Notes int `json:"notes"`
	// Posts are the trading-post counters held, in the order taken (public).
	Posts []Post `json:"posts"`
	// Crates is the number of crates not yet in a warehouse (12 at the start).
	Crates int `json:"crates"`
	// Gold is the gold from exchanges.
	Gold int `json:"gold"`
	// Known is, by company, how many of the cards in hand everybody knows are there (nil for
	// none): the cards won at auction, face up, less the cards laid out since, and at least n−k
	// of a company of which the card "lay n" was laid out this turn with k laid out (the seat
	// held n at the start of the turn). State.Determinize keeps them in the hand.
	Known []int `json:"known,omitempty"`
	// Pos is the merchant's position: 0 the start space, 1..35 a hex, TargetHex the Target.
	Pos int `json:"pos"`
}

// Score is one seat's final gold, by source (rulebook "Scoring").
type Score struct {
	Warehouses int `json:"warehouses"`
	Notes      int `json:"notes"`
	Target     int `json:"target"`
	Seals      int `json:"seals"`
	Exchanged  int `json:"exchanged"`
	Total      int `json:"total"`
}

// Players is the number of seats.
func (s *State) Players() int { return s.NumPlayers }

// Version counts the moves applied since setup.
func (s *State) Version() int { return s.Applied }

// TurnNumber counts the auctions and player turns begun, from 1 for the first auction: bids,
// passes and each card laid out are sub-steps of one turn.
func (s *State) TurnNumber() int { return s.Turns }

// Active is the one seat to act — the bidder in an auction, the player whose turn it is — or
// nobody once the game is over.
func (s *State) Active() []rules.Seat {
	if s.Phase == PhaseOver {
		return nil
	}
	return activeSeats[s.Turn][:1:1]
}

// next is the seat to the left (clockwise) of seat.
func (s *State) next(seat rules.Seat) rules.Seat { return (seat + 1) % rules.Seat(s.NumPlayers) }

// shipsLaid is the total of company c laid out by every player (its ship counter on the scale).
func (s *State) shipsLaid(c Company) int {
	n := 0
	for i := range s.Seats {
		n += s.Seats[i].Laid[c]
	}
	return n
}

// Cannon is the true number of ship cards laid out (the cannon shows at most 25).
func (s *State) Cannon() int {
	n := 0
	for i := range s.Seats {
		for _, x := range s.Seats[i].Laid {
			n += x
		}
	}
	return n
}

// maxOther is the most ships of company c laid out by a seat other than seat.
func (s *State) maxOther(seat rules.Seat, c Company) int {
	m := 0
	for i := range s.Seats {
		if rules.Seat(i) != seat && s.Seats[i].Laid[c] > m {
			m = s.Seats[i].Laid[c]
		}
	}
	return m
}

// Seal returns the holder of company c's seal: the seat with strictly the most ships of c laid
// out, or NoSeat (the seal is on the board) when nobody has any or the leaders tie (rulebook
// "Laying out ship cards"; NOTES §4.6.3). Because only the active player's counts grow while
// playing and pirates return seals, the holder is always exactly this.
func (s *State) Seal(c Company) rules.Seat {
	best, who := 0, NoSeat
	for i := range s.Seats {
		switch n := s.Seats[i].Laid[c]; {
		case n > best:
			best, who = n, rules.Seat(i)
		case n == best && n > 0:
			who = NoSeat
		}
	}
	return who
}

// nextPost returns the hex (1..35) of the next counter of company c ahead of position pos, or 0.
func (s *State) nextPost(pos int, c Company) int {
	for h := pos + 1; h <= NumHexes; h++ {
		if p := s.Track[h-1]; p >= 0 && p.Company() == c {
			return h
		}
	}
	return 0
}

// handTotal is the number of cards in a hand.
func handTotal(h *[NumCompanies]int) int {
	return h[0] + h[1] + h[2] + h[3] + h[4]
}

// othersMax returns, for each company, the most ships of it laid out by a seat other than seat.
func (s *State) othersMax(seat rules.Seat) (m [NumCompanies]int) {
	for i := range s.Seats {
		if rules.Seat(i) == seat {
			continue
		}
		for c, n := range s.Seats[i].Laid {
			m[c] = max(m[c], n)
		}
	}
	return m
}

// canPlay says whether seat, at the start of its turn, may lay out cards: it holds a card and
// for some company it holds or can create the majority by laying out its cards of that company —
// once the Target is taken, only a company with a counter ahead (rulebook "Laying out ship
// cards", "End of the game"; NOTES §4.6.2, §4.6.9). Laying a card never changes this, so the
// lay-out cannot reach a dead end. others is othersMax(seat).
func (s *State) canPlay(seat rules.Seat, others *[NumCompanies]int) bool {
	p := &s.Seats[seat]
	if handTotal(&p.Hand)+s.LaidNow == 0 {
		return false
	}
	for c := Company(0); c < NumCompanies; c++ {
		if p.Laid[c]+p.Hand[c] > others[c] && (s.TargetBy == NoSeat || s.nextPost(p.Pos, c) > 0) {
			return true
		}
	}
	return false
}

// canFinish says whether seat, laying out, may stop: at least one card laid out this turn and a
// seal held — once the Target is taken, a seal with a counter ahead. others is othersMax(seat).
func (s *State) canFinish(seat rules.Seat, others *[NumCompanies]int) bool {
	if s.LaidNow == 0 {
		return false
	}
	p := &s.Seats[seat]
	for c := Company(0); c < NumCompanies; c++ {
		if p.Laid[c] > others[c] && (s.TargetBy == NoSeat || s.nextPost(p.Pos, c) > 0) {
			return true
		}
	}
	return false
}

// destinations lists the companies whose seal seat holds and that have a counter ahead of its
// merchant, into buf.
func (s *State) destinations(seat rules.Seat, buf []Company) []Company {
	p := &s.Seats[seat]
	for c := Company(0); c < NumCompanies; c++ {
		if p.Laid[c] > s.maxOther(seat, c) && s.nextPost(p.Pos, c) > 0 {
			buf = append(buf, c)
		}
	}
	return buf
}

// newCompany says whether seat held no counter of the company of post before taking it (the
// last counter in Posts).
func newCompany(posts []Post) bool {
	last := posts[len(posts)-1].Company()
	for _, p := range posts[:len(posts)-1] {
		if p.Company() == last {
			return false
		}
	}
	return true
}

// exchangeSet returns, for each company, the index in posts of the first counter of that company
// (or -1), and how many companies there are.
func exchangeSet(posts []Post) (idx [NumCompanies]int, n int) {
	for i := range idx {
		idx[i] = -1
	}
	for i, p := range posts {
		if c := p.Company(); idx[c] < 0 {
			idx[c] = i
			n++
		}
	}
	return idx, n
}

// auctionMoves[lo] is "pass" followed by every bid from lo to MaxBid, built once; Legal returns a
// prefix of it during an auction (callers never modify a slice Legal returns).
var auctionMoves = func() (t [MaxBid + 2][]rules.Move) {
	for lo := 1; lo <= MaxBid+1; lo++ {
		t[lo] = append(t[lo], moveTable.simple[MovePass])
		for n := lo; n <= MaxBid; n++ {
			t[lo] = append(t[lo], moveTable.bid[n])
		}
	}
	return t
}()

// Legal lists seat's moves in a stable order: in an auction "pass" then "bid N" from the lowest
// allowed; on a turn "draw", then "lay" by company and ordinal, then "done"; "sail" by company;
// "exchange" then "keep". Empty for a seat that is not to act.
func (s *State) Legal(seat rules.Seat) []rules.Move {
	if s.Phase == PhaseOver || seat != s.Turn {
		return nil
	}
	switch s.Phase {
	case PhaseAuction:
		// "pass" and the bids from lo to the notes held: a read-only slice of a table built once.
		lo := min(s.Auction.High+1, MaxBid+1)
		n := 1 + max(0, min(s.Seats[seat].Notes, MaxBid)-lo+1)
		return auctionMoves[lo][:n:n]
	case PhaseTurn:
		out := make([]rules.Move, 0, 2+handTotal(&s.HandAtStart))
		if s.LaidNow == 0 {
			out = append(out, moveTable.simple[MoveDraw])
		}
		others := s.othersMax(seat)
		if s.canPlay(seat, &others) {
			for c := Company(0); c < NumCompanies; c++ {
				for n := 1; n <= s.HandAtStart[c]; n++ {
					if s.LaidMask[c]&(1<<(n-1)) == 0 {
						out = append(out, moveTable.lay[c][n])
					}
				}
			}
		}
		if s.canFinish(seat, &others) {
			out = append(out, moveTable.simple[MoveDone])
		}
		return out
	case PhaseSail:
		var buf [NumCompanies]Company
		dest := s.destinations(seat, buf[:0])
		out := make([]rules.Move, len(dest))
		for i, c := range dest {
			out[i] = moveTable.sail[c]
		}
		return out
	case PhaseExchange:
		return []rules.Move{moveTable.simple[MoveExchange], moveTable.simple[MoveKeep]}
	}
	return nil
}

// check returns nil if seat may play m now, else an *rules.IllegalMoveError whose reason (a
// catalogue message) names only what seat may know. It agrees with Legal (a test checks it over random games).
func (s *State) check(seat rules.Seat, m Move) error {
	if !m.valid() {
		return illegal(m, rules.Msg("batavia.illegal.not_batavia"))
	}
	if seat < 0 || int(seat) >= s.NumPlayers {
		return illegal(m, rules.Msg("batavia.illegal.not_player"))
	}
	if s.Phase == PhaseOver {
		return illegal(m, rules.Msg("batavia.illegal.over"))
	}
	if seat != s.Turn {
		if s.Phase == PhaseAuction {
			return illegal(m, rules.Msg("batavia.illegal.not_your_bid"))
		}
		return illegal(m, rules.Msg("batavia.illegal.not_your_turn"))
	}
	p := &s.Seats[seat]
	switch s.Phase {
	case PhaseAuction:
		switch m.Kind {
		case MovePass:
			return nil
		case MoveBid:
			if m.N <= s.Auction.High {
				return illegal(m, rules.Msg("batavia.illegal.bid_higher", "High", s.Auction.High))
			}
			if m.N > p.Notes {
				return illegal(m, rules.Msg("batavia.illegal.notes_only", "Notes", rules.Msg("batavia.notes", "Count", p.Notes)))
			}
			return nil
		}
		return illegal(m, rules.Msg("batavia.illegal.auction"))
	case PhaseTurn:
		switch m.Kind {
		case MoveDraw:
			if s.LaidNow > 0 {
				return illegal(m, rules.Msg("batavia.illegal.begun"))
			}
			return nil
		case MoveLay:
			if m.N > s.HandAtStart[m.Co] || s.LaidMask[m.Co]&(1<<(m.N-1)) != 0 {
				return illegal(m, rules.Msg("batavia.illegal.no_ship", "Company", companyOne[m.Co], "N", m.N))
			}
			if others := s.othersMax(seat); !s.canPlay(seat, &others) {
				if s.TargetBy != NoSeat {
					return illegal(m, rules.Msg("batavia.illegal.cannot_reach"))
				}
				return illegal(m, rules.Msg("batavia.illegal.cannot_lead"))
			}
			return nil
		case MoveDone:
			if s.LaidNow == 0 {
				return illegal(m, rules.Msg("batavia.illegal.lay_first"))
			}
			if others := s.othersMax(seat); !s.canFinish(seat, &others) {
				if s.TargetBy != NoSeat {
					return illegal(m, rules.Msg("batavia.illegal.more_ahead"))
				}
				return illegal(m, rules.Msg("batavia.illegal.more_lead"))
			}
			return nil
		}
		return illegal(m, rules.Msg("batavia.illegal.turn"))
	case PhaseSail:
		if m.Kind == MoveSail {
			if p.Laid[m.Co] <= s.maxOther(seat, m.Co) {
				return illegal(m, rules.Msg("batavia.illegal.no_seal", "Company", companyOne[m.Co]))
			}
			if s.nextPost(p.Pos, m.Co) == 0 {
				return illegal(m, rules.Msg("batavia.illegal.no_post", "Company", companyOne[m.Co]))
			}
			return nil
		}
		return illegal(m, rules.Msg("batavia.illegal.sail"))
	case PhaseExchange:
		if m.Kind == MoveExchange || m.Kind == MoveKeep {
			return nil
		}
		return illegal(m, rules.Msg("batavia.illegal.exchange"))
	}
	return illegal(m, rules.Msg("batavia.illegal.impossible"))
}

// Apply makes seat play m, then runs the automatic steps: the merchant's move when there is one
// destination, the pirate attack, the next turn, the next auction (die and cards) and the end.
func (s *State) Apply(seat rules.Seat, mv rules.Move) error {
	m, ok := mv.(Move)
	if !ok {
		pm, err := parseMove(mv.String())
		if err != nil {
			return err
		}
		m = pm
	}
	if err := s.check(seat, m); err != nil {
		return err
	}
	rng := s.RNG
	s.revealed = false
	s.Applied++
	defer func() {
		s.Undo = !s.revealed && s.RNG == rng && s.Phase != PhaseOver
		s.revealed = false
	}()
	switch m.Kind {
	case MovePass:
		s.pass(seat)
	case MoveBid:
		s.bid(seat, m.N)
	case MoveDraw:
		s.draw(seat)
	case MoveLay:
		s.lay(seat, m.Co, m.N)
	case MoveDone:
		s.done(seat)
	case MoveSail:
		s.sail(seat, m.Co)
	case MoveExchange:
		s.exchange(seat)
	case MoveKeep:
		s.log(rules.Msg("batavia.log.keep", "Seat", seatRef(seat)))
		s.endTurn(true)
	}
	return nil
}

func (s *State) log(text string) {
	s.History.Lines = append(s.History.Lines, rules.LogLine{Version: s.Applied, Public: text})
}

func (s *State) logPrivate(public, private string, to rules.Seat) {
	s.History.Lines = append(s.History.Lines, rules.LogLine{Version: s.Applied, Public: public, Private: private, To: activeSeats[to][:1:1]})
}

// illegal returns an *rules.IllegalMoveError for m whose reason is rules text (a catalogue
// message).
func illegal(m Move, reason string) error {
	return &rules.IllegalMoveError{Move: m.String(), Reason: reason}
}

// seatRefs are rules.SeatRef of seats 0..4, built once.
var seatRefs = [5]string{rules.SeatRef(0), rules.SeatRef(1), rules.SeatRef(2), rules.SeatRef(3), rules.SeatRef(4)}

// seatRef is rules.SeatRef without an allocation.
func seatRef(s rules.Seat) string {
	if s >= 0 && int(s) < len(seatRefs) {
		return seatRefs[s]
	}
	return rules.SeatRef(s)
}

// activeSeats are the one-seat answers of Active, built once (capacity 1, so that appending to
// one copies it).
var activeSeats = [5][]rules.Seat{{0}, {1}, {2}, {3}, {4}}
