package spicemerchant

import (
	"math/bits"

	"spicebot/rules"
)

// The phases of a round, as stored in State.Phase.
const (
	// PhaseRegister: every player registers secret goods at once (rulebook "Play").
	PhaseRegister = "register"
	// PhaseTurns: players take turns from the first player (open goods, fake demand, pass).
	PhaseTurns = "turns"
	// PhaseOver: the fourth round has been scored.
	PhaseOver = "over"
)

// State is a Spice Merchant game: plain data whose JSON is the storage format. Cards are indices
// 0..83 into the spice table (id "C01" is index 0). Every pile keeps its cards in a defined order:
// hands, secret goods and sold goods sorted by index, markets in the order the cards were put
// down, the deck with its top at the end.
type State struct {
	// NumPlayers is the number of seats (3 or 4).
	NumPlayers int `json:"players"`
	// Applied counts the moves applied since setup (State.Version).
	Applied int `json:"version"`
	// RNG draws the first player, every shuffle and which card of the named spice a move takes
	// from the hand (State.takeCard).
	RNG rules.RNG `json:"rng"`
	// Round is the round being played, 1..4 (4 once the game is over).
	Round int `json:"round"`
	// Phase is PhaseRegister, PhaseTurns or PhaseOver.
	Phase string `json:"phase"`
	// First is this round's first player; Turn the seat to play in PhaseTurns.
	First rules.Seat `json:"first"`
	Turn  rules.Seat `json:"turn"`
	// Turns counts the turns taken as players count them (State.TurnNumber): actions and
	// completed registrations.
	Turns int `json:"turns,omitempty"`
	// Best is the best single sale of the game so far, for the recap (Outcome.Recap); nil
	// before the first sale.
	Best *BestSale `json:"best,omitempty"`
	// Passes counts the passes in a row since the last action (NOTES §3.4.2).
	Passes int `json:"passes,omitempty"`
	// Deck is the draw pile, top card last.
	Deck []int `json:"deck"`
	// Discard holds goods left unsold at the end of the last round; they are shuffled into the
	// deck when the next round starts, so it is only non-empty once the game is over.
	Discard []int `json:"discard,omitempty"`
	// Markets are the six world markets A–F.
	Markets [NumMarkets]Market `json:"markets"`
	// Seats has one entry per seat, in seat (turn) order.
	Seats []Player `json:"seats"`
	// History is the game log (State.Log redacts it per viewer).
	History rules.Log `json:"log"`
	// Final is the result once the game is over.
	Final *rules.Outcome `json:"outcome,omitempty"`
	// Reshuffled are the cards the table saw go into the deck when this round began (the markets'
	// cards and the unsold goods of the last round): each is in the deck or in the hand or goods
	// of a seat that drew since (Player.Drawn). State.Determinize keeps to that.
	Reshuffled []int `json:"reshuffled,omitempty"`
	// Undo says that the last move may be taken back (State.Undoable; package doc, "Undo").
	Undo bool `json:"undoable,omitempty"`
}

// Market is one world market: the demand cards on it, all of one spice, at most 4.
type Market struct {
	// Spice is the spice on the market; meaningless while Cards is empty.
	Spice Spice `json:"spice"`
	Cards []int `json:"cards"`
}

// Player is one seat's cards and score.
type Player struct {
	// Hand is the seat's hand, sorted (hidden from the others).
	Hand []int `json:"hand"`
	// Secret are the face-down secret goods of this round (hidden from the others until the
	// round ends); Open the face-up open good of this round (at most one).
	Secret []int `json:"secret"`
	Open   []int `json:"open"`
	// Need is how many secret goods the seat still has to register in PhaseRegister.
	Need int `json:"need"`
	// Sold are the goods sold so far, kept face up (rulebook "The beginning of new round").
	Sold []int `json:"sold"`
	// Score is the points scored so far; RoundScores the points of each finished round.
	Score       int   `json:"score"`
	RoundScores []int `json:"round_scores"`
	// Last is the result of the last finished round, nil before the first round ends.
	Last *RoundResult `json:"last,omitempty"`
	// Drawn counts the cards the seat drew since this round began.
	Drawn int `json:"drawn,omitempty"`
}

// RoundResult is what a seat sold and discarded when a round ended.
type RoundResult struct {
	Round int `json:"round"`
	// Sales are the goods sold, in market order; Discarded the spices of the goods left unsold.
	Sales     []Sale  `json:"sales"`
	Discarded []Spice `json:"discarded"`
	// Points is the sum of the sales' points.
	Points int `json:"points"`
}

// Sale is one good sold: the card, the market (0..5 for A..F), the market's demand (card count)
// and the points scored.
type Sale struct {
	Card   int `json:"card"`
	Market int `json:"market"`
	Demand int `json:"demand"`
	Points int `json:"points"`
}

// BestSale is the sale that scored the most points in the game (the first on equal points).
type BestSale struct {
	Seat   rules.Seat `json:"seat"`
	Round  int        `json:"round"`
	Spice  Spice      `json:"spice"`
	Market int        `json:"market"`
	Demand int        `json:"demand"`
	Points int        `json:"points"`
}

// Players is the number of seats.
func (s *State) Players() int { return s.NumPlayers }

// Version counts the moves applied since setup.
func (s *State) Version() int { return s.Applied }

// Active lists every seat during secret registration (whether or not it has registered, so it
// reveals nothing), the seat to play during turns, and nobody once the game is over.
func (s *State) Active() []rules.Seat {
	switch s.Phase {
	case PhaseRegister:
		out := make([]rules.Seat, s.NumPlayers)
		for i := range out {
			out[i] = rules.Seat(i)
		}
		return out
	case PhaseTurns:
		return []rules.Seat{s.Turn}
	}
	return nil
}

// waiting counts the seats that still have secret goods to register.
func (s *State) waiting() int {
	n := 0
	for i := range s.Seats {
		if s.Seats[i].Need > 0 {
			n++
		}
	}
	return n
}

// Status says publicly what the game waits for: how many players still have to register secret
// goods (never which), whose turn it is and what they may do (open goods or fake demand, fake
// demand only once the open good is placed, pass with an empty hand), or the result.
func (s *State) Status() string {
	switch s.Phase {
	case PhaseRegister:
		return rules.Msg("spice-merchant.status.waiting", "Count", s.waiting())
	case PhaseTurns:
		// With cards in hand a fake demand is always possible (see canAct), so a player
		// passes exactly when the hand is empty.
		if len(s.Seats[s.Turn].Hand) == 0 {
			return rules.Msg("spice-merchant.status.must-pass", "Seat", seatRef(s.Turn))
		}
		if len(s.Seats[s.Turn].Open) > 0 {
			return rules.Msg("spice-merchant.status.demand", "Seat", seatRef(s.Turn))
		}
		return rules.Msg("spice-merchant.status.turn", "Seat", seatRef(s.Turn))
	}
	if s.Final == nil {
		return rules.Msg("spice-merchant.status.over")
	}
	return rules.Msg("spice-merchant.game-over", "Result", s.winnerSentence())
}

// handCounts counts a hand's cards by spice.
func handCounts(hand []int) (c [NumSpices]int) {
	for _, id := range hand {
		c[cardKind[id]]++
	}
	return c
}

// marketUse counts the markets each spice occupies.
func (s *State) marketUse() (u [NumSpices]int) {
	for i := range s.Markets {
		if len(s.Markets[i].Cards) > 0 {
			u[s.Markets[i].Spice]++
		}
	}
	return u
}

// demandRoom returns how many cards of spice k may be added to market m: up to 4 minus the cards
// there if it holds k, 4 if it is empty and k occupies fewer than two markets, else 0 (rulebook
// "Fake demand"; NOTES §3.4.3).
func (s *State) demandRoom(k Spice, m int, use *[NumSpices]int) int {
	mk := &s.Markets[m]
	if len(mk.Cards) == 0 {
		if use[k] >= 2 {
			return 0
		}
		return MaxDemand
	}
	if mk.Spice != k {
		return 0
	}
	return MaxDemand - len(mk.Cards)
}

// Legal lists seat's moves in a stable order. During registration: "secret" for each spice in
// hand, while the seat has secret goods to register. On the seat's turn: "open" for each spice in
// hand (once per round), then every legal fake demand by spice, market and count; "pass" alone
// when there is nothing else (NOTES §3.4.2). Empty otherwise.
func (s *State) Legal(seat rules.Seat) []rules.Move {
	if seat < 0 || int(seat) >= s.NumPlayers {
		return nil
	}
	p := &s.Seats[seat]
	switch s.Phase {
	case PhaseRegister:
		if p.Need == 0 {
			return nil
		}
		held := handMask(p.Hand)
		out := make([]rules.Move, 0, bits.OnesCount8(held))
		for ; held != 0; held &= held - 1 {
			out = append(out, moveTable.secret[bits.TrailingZeros8(held)])
		}
		return out
	case PhaseTurns:
		if seat != s.Turn {
			return nil
		}
		return s.turnMoves(p)
	}
	return nil
}

// handMask returns the set of spices in hand, bit k for spice k.
func handMask(hand []int) uint8 {
	var m uint8
	for _, c := range hand {
		m |= 1 << cardKind8[c]
	}
	return m
}

// turnMoves lists the moves of player p on its turn: open goods by spice, then fake demands by
// spice, market and count, or pass alone. A spice may go to a market holding it with space left,
// and to any empty market while it occupies fewer than two (NOTES §3.4.3).
func (s *State) turnMoves(p *Player) []rules.Move {
	var counts [NumSpices]int8
	for _, c := range p.Hand {
		counts[cardKind8[c]]++
	}
	// space[m] is how many more cards market m takes; own[k] the markets holding spice k with
	// space left; empty the empty markets; use[k] the markets spice k occupies.
	var space [NumMarkets]int8
	var own [NumSpices]uint8
	var use [NumSpices]int8
	var empty uint8
	for m := range s.Markets {
		c := len(s.Markets[m].Cards)
		space[m] = int8(MaxDemand - c)
		if c == 0 {
			empty |= 1 << m
			continue
		}
		k := s.Markets[m].Spice
		use[k]++
		if c < MaxDemand {
			own[k] |= 1 << m
		}
	}
	var allowed [NumSpices]uint8
	n := 0
	for k := range counts {
		c := counts[k]
		if c == 0 {
			continue
		}
		if len(p.Open) == 0 {
			n++
		}
		a := own[k]
		if use[k] < 2 {
			a |= empty
		}
		allowed[k] = a
		for ; a != 0; a &= a - 1 {
			n += int(min(space[bits.TrailingZeros8(a)], c))
		}
	}
	if n == 0 {
		return []rules.Move{moveTable.pass}
	}
	out := make([]rules.Move, n)
	i := 0
	if len(p.Open) == 0 {
		for k := range counts {
			if counts[k] > 0 {
				out[i] = moveTable.open[k]
				i++
			}
		}
	}
	for k := range counts {
		for a := allowed[k]; a != 0; a &= a - 1 {
			m := bits.TrailingZeros8(a)
			row := &moveTable.demand[k][m]
			for c := int8(0); c < space[m] && c < counts[k]; c++ {
				out[i] = row[c]
				i++
			}
		}
	}
	return out
}

// canAct reports whether the seat to play has a legal action other than pass.
func (s *State) canAct(seat rules.Seat) bool {
	p := &s.Seats[seat]
	if len(p.Hand) == 0 {
		return false
	}
	if len(p.Open) == 0 {
		return true
	}
	counts := handCounts(p.Hand)
	use := s.marketUse()
	for k := Spice(0); k < NumSpices; k++ {
		if counts[k] == 0 {
			continue
		}
		for m := 0; m < NumMarkets; m++ {
			if s.demandRoom(k, m, &use) > 0 {
				return true
			}
		}
	}
	return false
}

// check returns nil if seat may play m now, else an *rules.IllegalMoveError saying why. It
// accepts exactly the moves Legal lists.
func (s *State) check(seat rules.Seat, m Move) error {
	if s.Phase == PhaseOver {
		return illegal(m, rules.Msg("spice-merchant.illegal.over"))
	}
	if seat < 0 || int(seat) >= s.NumPlayers {
		return illegal(m, rules.Msg("spice-merchant.illegal.not-seated"))
	}
	if !m.valid() {
		return illegal(m, rules.Msg("spice-merchant.illegal.not-a-move"))
	}
	p := &s.Seats[seat]
	has := 0
	if m.Kind != MovePass {
		has = handCounts(p.Hand)[m.Spice]
	}
	name := m.Spice.Name()
	if s.Phase == PhaseRegister {
		if m.Kind != MoveSecret {
			return illegal(m, rules.Msg("spice-merchant.illegal.registering", "Round", s.Round))
		}
		if p.Need == 0 {
			return illegal(m, rules.Msg("spice-merchant.illegal.registered"))
		}
		if has == 0 {
			return illegal(m, rules.Msg("spice-merchant.illegal.not-held", "Spice", name))
		}
		return nil
	}
	if seat != s.Turn {
		return illegal(m, rules.Msg("spice-merchant.illegal.not-your-turn", "Seat", seatRef(s.Turn)))
	}
	switch m.Kind {
	case MoveSecret:
		return illegal(m, rules.Msg("spice-merchant.illegal.secret-late"))
	case MoveOpen:
		if len(p.Open) > 0 {
			return illegal(m, rules.Msg("spice-merchant.illegal.open-twice"))
		}
		if has == 0 {
			return illegal(m, rules.Msg("spice-merchant.illegal.not-held", "Spice", name))
		}
	case MoveDemand:
		mk := &s.Markets[m.Market]
		letter := marketLetter(m.Market)
		if len(mk.Cards) > 0 && mk.Spice != m.Spice {
			return illegal(m, rules.Msg("spice-merchant.illegal.market-taken", "Market", letter, "Held", mk.Spice.Name(),
				"Spice", name))
		}
		if len(mk.Cards) == 0 {
			if use := s.marketUse(); use[m.Spice] >= 2 {
				return illegal(m, rules.Msg("spice-merchant.illegal.two-markets", "Spice", m.Spice.Title()))
			}
		}
		if room := MaxDemand - len(mk.Cards); room == 0 {
			return illegal(m, rules.Msg("spice-merchant.illegal.market-full", "Market", letter, "Spice", name))
		} else if m.Count > room {
			return illegal(m, rules.Msg("spice-merchant.illegal.market-room", "Market", letter, "Count", len(mk.Cards),
				"Spice", name, "Room", room))
		}
		if has == 0 {
			return illegal(m, rules.Msg("spice-merchant.illegal.not-held", "Spice", name))
		}
		if m.Count > has {
			return illegal(m, rules.Msg("spice-merchant.illegal.only", "Count", has, "Spice", name))
		}
	case MovePass:
		if s.canAct(seat) {
			return illegal(m, rules.Msg("spice-merchant.illegal.pass"))
		}
	}
	return nil
}

// Apply makes seat play m and runs what follows automatically: refilling hands, the end of a
// round (selling every player's goods), the next round's reshuffle and the end of the game. A move
// that is not legal returns an *rules.IllegalMoveError and changes nothing.
func (s *State) Apply(seat rules.Seat, mv rules.Move) error {
	var m Move
	switch t := mv.(type) {
	case Move:
		m = t
	case *Move:
		if t == nil {
			return illegal(nil, rules.Msg("spice-merchant.illegal.no-move"))
		}
		m = *t
	case nil:
		return illegal(nil, rules.Msg("spice-merchant.illegal.no-move"))
	default:
		p, err := parseMove(mv.String())
		if err != nil {
			return err
		}
		m = p
	}
	if err := s.check(seat, m); err != nil {
		return err
	}
	round := s.Round
	defer func() {
		// A secret good of a seat that is not the last to register, and a pass that does not
		// end the round, show nothing to anybody; the rest reveal a card or draw (package doc).
		s.Undo = m.Kind == MoveSecret && s.Phase == PhaseRegister ||
			m.Kind == MovePass && s.Phase == PhaseTurns && s.Round == round
	}()
	s.Applied++
	if m.Kind != MoveSecret {
		s.Turns++
	}
	switch m.Kind {
	case MoveSecret:
		s.applySecret(seat, m.Spice)
	case MoveOpen:
		s.applyOpen(seat, m.Spice)
	case MoveDemand:
		s.applyDemand(seat, m)
	default:
		s.applyPass(seat)
	}
	return nil
}

// takeCard removes a card of spice k from seat's hand and returns it. Cards of a spice are
// identical, so the move names only the spice; the card is drawn at random from the game's RNG
// among the seat's cards of k. A rule on the ids (the lowest, say) would let everyone who later
// sees the card learn something about the rest of the hand — that it holds no lower card of k,
// or, from a high id, that a lower one went into the secret goods. The hand must hold a card of k.
func (s *State) takeCard(seat rules.Seat, k Spice) int {
	p := &s.Seats[seat]
	// The hand is sorted and the cards of k are the indices first..end-1, so the cards of k in
	// hand are the run p.Hand[i:j].
	first, end := spices[k].first, spices[k].first+spices[k].cards
	i := 0
	for i < len(p.Hand) && p.Hand[i] < first {
		i++
	}
	j := i
	for j < len(p.Hand) && p.Hand[j] < end {
		j++
	}
	if j-i > 1 {
		i += s.RNG.Intn(j - i)
	}
	c := p.Hand[i]
	p.Hand = append(p.Hand[:i], p.Hand[i+1:]...)
	return c
}

// insertSorted adds card c to the sorted pile.
func insertSorted(pile []int, c int) []int {
	pile = append(pile, c)
	i := len(pile) - 1
	for i > 0 && pile[i-1] > c {
		pile[i] = pile[i-1]
		i--
	}
	pile[i] = c
	return pile
}

// addLine appends a log line at the current version: public text for everyone, and private text
// instead for seat to when to is a seat (private may be "" to add a public line only).
func (s *State) addLine(public, private string, to rules.Seat) {
	ln := rules.LogLine{Version: s.Applied, Public: public}
	if private != "" {
		ln.Private = private
		ln.To = seatOnly[to : to+1 : to+1]
	}
	s.History.Lines = append(s.History.Lines, ln)
}

// applySecret registers a card of spice k from seat's hand as a secret good; when the last
// good of the last seat is registered, everyone refills and the turns begin. The public log gets
// nothing: nobody learns who has registered (rulebook "Play"; NOTES §3.4.1, §3.4.11).
func (s *State) applySecret(seat rules.Seat, k Spice) {
	p := &s.Seats[seat]
	p.Secret = insertSorted(p.Secret, s.takeCard(seat, k))
	p.Need--
	s.addLine("", secretLines[k], seat)
	if s.waiting() == 0 {
		s.startTurns()
	}
}

// startTurns ends the registration: every seat draws back up to 7 cards, from the first player
// clockwise, and the first player's turn begins.
func (s *State) startTurns() {
	s.Turns++
	s.addLine(rules.Msg("spice-merchant.log.registered", "Seat", seatRef(s.First)), "", 0)
	for i := 0; i < s.NumPlayers; i++ {
		seat := rules.Seat((int(s.First) + i) % s.NumPlayers)
		if drawn, n := s.refill(seat); n > 0 {
			s.addLine("", rules.Msg("spice-merchant.log.you-draw", "Spices", kindNames(drawn[:n])), seat)
		}
	}
	if len(s.Deck) == 0 {
		s.addLine(rules.Msg("spice-merchant.log.deck-empty"), "", 0)
	}
	s.Phase = PhaseTurns
	s.Turn = s.First
	s.Passes = 0
}

// secretLines are the private log lines of the secret registrations, one per spice.
var secretLines = func() (l [NumSpices]string) {
	for k := range l {
		l[k] = rules.Msg("spice-merchant.log.you-secret", "Spice", spiceNames[k])
	}
	return l
}()

// seatOnly lists seats 0..3 so that a private log line's recipient list is a shared,
// read-only, capacity-capped slice of it rather than a new allocation. Nothing writes to it.
var seatOnly = [...]rules.Seat{0, 1, 2, 3}

// seatRefs are rules.SeatRef of seats 0..3, so that log lines need no formatting.
var seatRefs = [...]string{"{0}", "{1}", "{2}", "{3}"}

// seatRef returns rules.SeatRef(seat).
func seatRef(seat rules.Seat) string {
	if seat >= 0 && int(seat) < len(seatRefs) {
		return seatRefs[seat]
	}
	return rules.SeatRef(seat)
}

// refill draws seat back up to 7 cards while the deck lasts (NOTES §3.4.7: no reshuffle during a
// round) and returns the spices drawn and how many.
func (s *State) refill(seat rules.Seat) (drawn [HandSize]Spice, n int) {
	p := &s.Seats[seat]
	for len(p.Hand) < HandSize && len(s.Deck) > 0 {
		c := s.Deck[len(s.Deck)-1]
		s.Deck = s.Deck[:len(s.Deck)-1]
		p.Hand = insertSorted(p.Hand, c)
		p.Drawn++
		drawn[n] = cardKind[c]
		n++
	}
	return drawn, n
}

// actionLine refills seat's hand after an open-goods or fake-demand move m and logs the move:
// the public text says how many cards were drawn, the seat's private text which spices.
func (s *State) actionLine(seat rules.Seat, m Move) {
	drawn, n := s.refill(seat)
	name := spiceNames[m.Spice]
	var pub, priv string
	if m.Kind == MoveOpen {
		if n > 0 {
			pub = rules.Msg("spice-merchant.log.open", "Seat", seatRef(seat), "Spice", name, "Count", n)
			priv = rules.Msg("spice-merchant.log.you-open", "Spice", name, "Drawn", kindNames(drawn[:n]))
		} else {
			pub = rules.Msg("spice-merchant.log.open-no-draw", "Seat", seatRef(seat), "Spice", name)
			priv = rules.Msg("spice-merchant.log.you-open-no-draw", "Spice", name)
		}
	} else {
		now := len(s.Markets[m.Market].Cards)
		market, value := marketLetter(m.Market), m.Spice.Value(now)
		if n > 0 {
			pub = rules.Msg("spice-merchant.log.demand", "Seat", seatRef(seat), "Cards", m.Count, "Spice", name,
				"Market", market, "Now", now, "Value", value, "Count", n)
			priv = rules.Msg("spice-merchant.log.you-demand", "Cards", m.Count, "Spice", name,
				"Market", market, "Now", now, "Value", value, "Drawn", kindNames(drawn[:n]))
		} else {
			pub = rules.Msg("spice-merchant.log.demand-no-draw", "Seat", seatRef(seat), "Cards", m.Count, "Spice", name,
				"Market", market, "Now", now, "Value", value)
			priv = rules.Msg("spice-merchant.log.you-demand-no-draw", "Cards", m.Count, "Spice", name,
				"Market", market, "Now", now, "Value", value)
		}
	}
	s.addLine(pub, priv, seat)
}

// applyOpen puts a card of spice k from seat's hand face up as seat's open good, refills the hand
// (rulebook "Play": you always have 7 cards when your turn finishes) and passes the turn.
func (s *State) applyOpen(seat rules.Seat, k Spice) {
	p := &s.Seats[seat]
	p.Open = append(p.Open, s.takeCard(seat, k))
	s.actionLine(seat, Move{Kind: MoveOpen, Spice: k})
	s.Passes = 0
	s.nextTurn()
}

// applyDemand puts m.Count cards of m.Spice on market m.Market, refills, and ends the round at
// once if all six markets are occupied or two hold four cards (rulebook "The end of round";
// NOTES §3.4.4).
func (s *State) applyDemand(seat rules.Seat, m Move) {
	mk := &s.Markets[m.Market]
	mk.Spice = m.Spice
	for n := 0; n < m.Count; n++ {
		mk.Cards = append(mk.Cards, s.takeCard(seat, m.Spice))
	}
	s.actionLine(seat, m)
	s.Passes = 0
	occupied, full := 0, 0
	for i := range s.Markets {
		switch len(s.Markets[i].Cards) {
		case 0:
		case MaxDemand:
			occupied++
			full++
		default:
			occupied++
		}
	}
	switch {
	case full >= 2:
		s.endRound(rules.Msg("spice-merchant.log.round-end.full", "Round", s.Round))
	case occupied == NumMarkets:
		s.endRound(rules.Msg("spice-merchant.log.round-end.occupied", "Round", s.Round))
	default:
		s.nextTurn()
	}
}

// applyPass passes; when every player has passed in a row the round ends (NOTES §3.4.2).
func (s *State) applyPass(seat rules.Seat) {
	s.addLine(rules.Msg("spice-merchant.log.pass", "Seat", seatRef(seat)), "", 0)
	s.Passes++
	if s.Passes >= s.NumPlayers {
		s.endRound(rules.Msg("spice-merchant.log.round-end.passed", "Round", s.Round))
		return
	}
	s.nextTurn()
}

// nextTurn gives the turn to the next seat clockwise (NOTES §3.4.10).
func (s *State) nextTurn() {
	s.Turn = rules.Seat((int(s.Turn) + 1) % s.NumPlayers)
}
