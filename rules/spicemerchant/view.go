package spicemerchant

import (
	"strings"

	"spicebot/rules"
)

// View is what one viewer may see of a Spice Merchant game: the markets, every seat's open and
// sold goods and counts, the score tables, and the viewer's own hand and secret goods. It is the
// only input of the board and hand renderers.
type View struct {
	// Viewer is the seat the view was made for, or rules.Observer.
	Viewer  rules.Seat `json:"viewer"`
	Players int        `json:"players"`
	// Version is the number of moves applied so far.
	Version int `json:"version"`
	// Phase is "register" (secret goods are being registered), "turns" or "over".
	Phase string `json:"phase"`
	// Round is the round being played, 1 to 4.
	Round int `json:"round"`
	// First is this round's first player.
	First rules.Seat `json:"first"`
	// Turn is the seat to play during "turns", and -1 (rules.Observer) otherwise.
	Turn rules.Seat `json:"turn"`
	// Active are the seats that may act now; Status says what for (with rules.SeatRef).
	Active []rules.Seat `json:"active"`
	Status string       `json:"status"`
	// LastMove is the public log text of the latest move, or "" (also after a secret
	// registration, which is not announced); when that move ended a round, the line that begins
	// the next one (the move's own line would speak of markets emptied since).
	LastMove string `json:"last_move,omitempty"`
	// SecretGoods is how many secret goods each player registers this round: 1 in rounds 1–2,
	// 2 in rounds 3–4. Waiting is how many players have still to finish registering (only during
	// "register"); which players is never shown.
	SecretGoods int `json:"secret_goods"`
	Waiting     int `json:"waiting,omitempty"`
	// DeckCount is the number of cards in the deck; DiscardCount the unsold goods of the last
	// round once the game is over.
	DeckCount    int `json:"deck_count"`
	DiscardCount int `json:"discard_count"`
	// Markets are the six world markets A to F.
	Markets [NumMarkets]MarketView `json:"markets"`
	// Seats has one entry per seat, in seat order.
	Seats []SeatView `json:"seats"`
	// Hand is the viewer's hand, sorted by card id; Secret the viewer's secret goods of this round.
	// Both are nil for the observer.
	Hand   []CardView `json:"hand,omitempty"`
	Secret []CardView `json:"secret,omitempty"`
	// Spices are the six spice kinds with their card counts and score tables.
	Spices []SpiceView `json:"spices"`
	// Outcome is set when the game is over.
	Outcome *rules.Outcome `json:"outcome,omitempty"`
}

// CardView is one spice card face up.
type CardView struct {
	// ID is "C01".."C84"; Spice the spice's key: "ginger", "pepper" (black pepper), "cinnamon",
	// "nutmeg", "clove" or "saffron".
	ID    string `json:"id"`
	Spice string `json:"spice"`
}

// MarketView is one world market and the demand cards on it.
type MarketView struct {
	// Market is the letter "A".."F".
	Market string `json:"market"`
	// Spice is the spice key on the market, "" while it is empty.
	Spice string `json:"spice,omitempty"`
	// Cards are the demand cards, in the order they were put down; Count is len(Cards), 0 to 4.
	Cards []CardView `json:"cards"`
	Count int        `json:"count"`
	// Value is what one good of Spice sells for here now (the spice's score table at Count),
	// 0 while empty.
	Value int `json:"value"`
}

// SeatView is the public information about one seat.
type SeatView struct {
	Seat rules.Seat `json:"seat"`
	// First marks this round's first player.
	First bool `json:"first,omitempty"`
	// HandCount is the number of cards in hand. SecretCount is the number of face-down secret
	// goods. While secret goods are being registered, another seat's HandCount is its count
	// before registering and its SecretCount is 0, so that nobody learns who has registered.
	HandCount   int `json:"hand_count"`
	SecretCount int `json:"secret_count"`
	// Open are the seat's open goods this round (at most one); OpenDone is true once it has
	// registered them (open goods are allowed once per round).
	Open     []CardView `json:"open"`
	OpenDone bool       `json:"open_done,omitempty"`
	// Sold are the goods the seat has sold, kept face up; GoodsSold is len(Sold), the tie-break.
	Sold      []CardView `json:"sold"`
	GoodsSold int        `json:"goods_sold"`
	// Score is the points so far; RoundScores the points of each finished round.
	Score       int   `json:"score"`
	RoundScores []int `json:"round_scores"`
	// LastRound is what the seat sold and discarded when the last round ended, or nil.
	LastRound *RoundView `json:"last_round,omitempty"`
}

// RoundView is one seat's sales at the end of a round.
type RoundView struct {
	Round int `json:"round"`
	// Sales are the goods sold, in market order.
	Sales []SaleView `json:"sales"`
	// Discarded are the spice keys of the goods that found no market (their cards went back
	// into the deck, so they are not named).
	Discarded []string `json:"discarded,omitempty"`
	Points    int      `json:"points"`
}

// SaleView is one good sold: the card, the market letter, the market's card count and the points.
type SaleView struct {
	Card   CardView `json:"card"`
	Market string   `json:"market"`
	Demand int      `json:"demand"`
	Points int      `json:"points"`
}

// SpiceView is one spice kind: its key ("pepper"), name (rules text: the catalogue message
// spice-merchant.spice.<key>, "black pepper"), how many cards exist and Scores[d-1], the value of
// a good sold in a market holding d cards (d = 1..4).
type SpiceView struct {
	Key    string         `json:"key"`
	Name   string         `json:"name"`
	Cards  int            `json:"cards"`
	Scores [MaxDemand]int `json:"scores"`
}

func cardView(c int) CardView { return CardView{ID: cardIDs[c], Spice: cardKind[c].Key()} }

func cardViews(cards []int) []CardView {
	out := make([]CardView, len(cards))
	for i, c := range cards {
		out[i] = cardView(c)
	}
	return out
}

// View returns what viewer may see; see View.
func (s *State) View(viewer rules.Seat) any {
	own := viewer >= 0 && int(viewer) < s.NumPlayers
	v := View{
		Viewer:       viewer,
		Players:      s.NumPlayers,
		Version:      s.Applied,
		Phase:        s.Phase,
		Round:        s.Round,
		First:        s.First,
		Turn:         rules.Observer,
		Active:       s.Active(),
		Status:       s.Status(),
		LastMove:     s.lastMove(),
		SecretGoods:  secretGoods(s.Round),
		DeckCount:    len(s.Deck),
		DiscardCount: len(s.Discard),
		Outcome:      s.Final,
	}
	if !own {
		v.Viewer = rules.Observer
	}
	if s.Phase == PhaseTurns {
		v.Turn = s.Turn
	}
	if s.Phase == PhaseRegister {
		v.Waiting = s.waiting()
	}
	for m := range s.Markets {
		mk := &s.Markets[m]
		mv := MarketView{Market: marketLetter(m), Cards: cardViews(mk.Cards), Count: len(mk.Cards)}
		if len(mk.Cards) > 0 {
			mv.Spice = mk.Spice.Key()
			mv.Value = mk.Spice.Value(len(mk.Cards))
		}
		v.Markets[m] = mv
	}
	for i := range s.Seats {
		p := &s.Seats[i]
		sv := SeatView{
			Seat:        rules.Seat(i),
			First:       rules.Seat(i) == s.First,
			HandCount:   len(p.Hand),
			SecretCount: len(p.Secret),
			Open:        cardViews(p.Open),
			OpenDone:    len(p.Open) > 0,
			Sold:        cardViews(p.Sold),
			GoodsSold:   len(p.Sold),
			Score:       p.Score,
			RoundScores: append([]int{}, p.RoundScores...),
		}
		if s.Phase == PhaseRegister && rules.Seat(i) != viewer {
			sv.HandCount = len(p.Hand) + len(p.Secret)
			sv.SecretCount = 0
		}
		if p.Last != nil {
			rv := &RoundView{Round: p.Last.Round, Points: p.Last.Points, Sales: []SaleView{}}
			for _, sl := range p.Last.Sales {
				rv.Sales = append(rv.Sales, SaleView{Card: cardView(sl.Card), Market: marketLetter(sl.Market),
					Demand: sl.Demand, Points: sl.Points})
			}
			for _, k := range p.Last.Discarded {
				rv.Discarded = append(rv.Discarded, k.Key())
			}
			sv.LastRound = rv
		}
		v.Seats = append(v.Seats, sv)
	}
	if own {
		v.Hand = cardViews(s.Seats[viewer].Hand)
		v.Secret = cardViews(s.Seats[viewer].Secret)
	}
	for k := Spice(0); k < NumSpices; k++ {
		info := spices[k]
		v.Spices = append(v.Spices, SpiceView{Key: info.key, Name: k.Name(), Cards: info.cards, Scores: info.scores})
	}
	return v
}

// lastMove returns the first public log text written by the latest move, or "".
func (s *State) lastMove() string {
	if s.Applied == 0 {
		return ""
	}
	lines := s.History.Lines
	i := len(lines)
	for i > 0 && lines[i-1].Version == s.Applied {
		i--
	}
	if s.Phase == PhaseRegister {
		// The move ended a round and the next one begins (its markets empty): the last line says
		// so ("Round 2 begins: …"); the move's own line would describe markets no longer there.
		for j := len(lines) - 1; j >= i; j-- {
			if lines[j].Public != "" {
				return lines[j].Public
			}
		}
		return ""
	}
	for ; i < len(lines); i++ {
		if lines[i].Public != "" {
			return lines[i].Public
		}
	}
	return ""
}

// Label describes a legal move for a menu, naming only what seat knows:
// "Secret good: ginger (you hold 3)", "Open good: ginger (best market now: B, worth 6)",
// "Fake demand: 3 ginger on market B (B would score 4)", "Pass (no legal action)".
func (s *State) Label(seat rules.Seat, mv rules.Move) string {
	m, ok := mv.(Move)
	if !ok {
		p, err := parseMove(mv.String())
		if err != nil {
			return mv.String()
		}
		m = p
	}
	if !m.valid() {
		return m.String()
	}
	name := m.Spice.Name()
	switch m.Kind {
	case MoveSecret, MoveOpen:
		held := 0
		if seat >= 0 && int(seat) < s.NumPlayers {
			held = handCounts(s.Seats[seat].Hand)[m.Spice]
		}
		if m.Kind == MoveSecret {
			return rules.Msg("spice-merchant.label.secret", "Spice", name, "Held", held)
		}
		ms, n := s.bestMarkets(m.Spice)
		if n == 0 {
			return rules.Msg("spice-merchant.label.open-nowhere", "Spice", name)
		}
		d := len(s.Markets[ms[0]].Cards)
		return rules.Msg("spice-merchant.label.open", "Spice", name, "Market", marketLetter(ms[0]),
			"Value", m.Spice.Value(d))
	case MoveDemand:
		d := len(s.Markets[m.Market].Cards) + m.Count
		return rules.Msg("spice-merchant.label.demand", "Cards", m.Count, "Spice", name,
			"Market", marketLetter(m.Market), "Value", m.Spice.Value(d))
	}
	return rules.Msg("spice-merchant.label.pass")
}

// Private summarises what only seat knows: its hand and its secret goods ("" for the observer).
func (s *State) Private(seat rules.Seat) string {
	if seat < 0 || int(seat) >= s.NumPlayers {
		return ""
	}
	p := &s.Seats[seat]
	if s.Phase == PhaseRegister && p.Need > 0 {
		return rules.Msg("spice-merchant.private.registering", "Round", s.Round, "Hand", groupCards(p.Hand),
			"Secret", groupCards(p.Secret), "Need", p.Need)
	}
	return rules.Msg("spice-merchant.private", "Round", s.Round, "Hand", groupCards(p.Hand),
		"Secret", groupCards(p.Secret))
}

// groupCards lists cards by spice in words: "ginger ×2, clove", or "none". Cards of a spice are
// identical, so no card is named.
func groupCards(cards []int) string {
	if len(cards) == 0 {
		return rules.Msg("spice-merchant.none")
	}
	var parts []string
	for i := 0; i < len(cards); {
		k := cardKind[cards[i]]
		j := i
		for j < len(cards) && cardKind[cards[j]] == k {
			j++
		}
		part := k.Name()
		if j-i > 1 {
			part = rules.Msg("spice-merchant.times", "Spice", part, "N", j-i)
		}
		parts = append(parts, part)
		i = j
	}
	return strings.Join(parts, ", ")
}

// Log returns the log as viewer may read it: public lines, and viewer's own private lines
// (cards drawn and dealt, secret goods registered) in place of their public text.
func (s *State) Log(viewer rules.Seat) []rules.LogEntry { return s.History.For(viewer) }

// Hidden lists the ids of the cards viewer may not see: the deck, and every other seat's hand
// and secret goods (NOTES §3.4.11). Markets, open goods and sold goods are public. The ids come in
// card order ("C01" first), so the list says which cards are hidden but not where each one is:
// not the deck order, not whose hand holds it, not whether it is a secret good.
func (s *State) Hidden(viewer rules.Seat) []string {
	var hidden [NumCards]bool
	for _, c := range s.Deck {
		hidden[c] = true
	}
	for i := range s.Seats {
		if rules.Seat(i) == viewer {
			continue
		}
		for _, c := range s.Seats[i].Hand {
			hidden[c] = true
		}
		for _, c := range s.Seats[i].Secret {
			hidden[c] = true
		}
	}
	out := make([]string, 0, NumCards)
	for c, h := range hidden {
		if h {
			out = append(out, cardIDs[c])
		}
	}
	return out
}

// Outcome returns the result once the fourth round has been scored.
func (s *State) Outcome() (rules.Outcome, bool) {
	if s.Final == nil {
		return rules.Outcome{}, false
	}
	return *s.Final, true
}
