package spicemerchant

import (
	"encoding/json"
	"fmt"
	"strings"

	"spicebot/rules"
)

// Game is Spice Merchant (id "spice-merchant"), for 3 or 4 players, with no options.
var Game rules.Game = game{}

type game struct{}

// ID is "spice-merchant".
func (game) ID() string { return "spice-merchant" }

// Name is "Spice Merchant".
func (game) Name() string { return "Spice Merchant" } // lang:ok: the title, a proper noun

// Players returns 3 and 4 (rulebook: "Players : 3 ~ 4").
func (game) Players() (int, int) { return 3, 4 }

// Options is empty: the rulebook has no variants.
func (game) Options() []rules.Option { return nil }

// New sets up a game (rulebook "Preparation"): a random first player (NOTES §3.4.9), the 84
// spice cards shuffled, 7 dealt to each seat, and round 1's secret registration under way. It
// returns an error for a player count other than 3 or 4 or for any option.
func (game) New(players int, opts rules.Options, seed uint64) (rules.State, error) {
	if err := rules.CheckNew(Game, players, opts); err != nil {
		return nil, fmt.Errorf("new spice merchant game: %w", err)
	}
	s := &State{NumPlayers: players, RNG: rules.NewRNG(seed), Round: 1}
	s.First = rules.Seat(s.RNG.Intn(players))
	s.Turn = s.First
	s.Deck = make([]int, NumCards)
	for i := range s.Deck {
		s.Deck[i] = i
	}
	s.RNG.ShuffleInts(s.Deck)
	s.History.Lines = make([]rules.LogLine, 0, 128)
	s.Seats = make([]Player, players)
	// One backing array for the small piles, each capped (three-index slices) so that a pile
	// that outgrows its share is reallocated rather than running into its neighbour.
	// Sold goods: at most 2 secret and 1 open good a round; round scores: one a round.
	const soldMax = Rounds * (secretMax + 1)
	const perSeat = HandSize + secretMax + 1 + soldMax + Rounds
	piles := make([]int, players*perSeat+NumMarkets*MaxDemand+players*(secretMax+1))
	carve := func(at, n int) []int { return piles[at : at : at+n] }
	for i := range s.Seats {
		at := i * perSeat
		p := &s.Seats[i]
		p.Hand = carve(at, HandSize)
		p.Secret = carve(at+HandSize, secretMax)
		p.Open = carve(at+HandSize+secretMax, 1)
		p.Sold = carve(at+HandSize+secretMax+1, soldMax)
		p.RoundScores = carve(at+HandSize+secretMax+1+soldMax, Rounds)
	}
	at := players * perSeat
	for m := range s.Markets {
		s.Markets[m].Cards = carve(at+m*MaxDemand, MaxDemand)
	}
	s.Discard = carve(at+NumMarkets*MaxDemand, players*(secretMax+1))
	for n := 0; n < HandSize; n++ {
		for i := range s.Seats {
			c := s.Deck[len(s.Deck)-1]
			s.Deck = s.Deck[:len(s.Deck)-1]
			s.Seats[i].Hand = insertSorted(s.Seats[i].Hand, c)
		}
	}
	s.addLine(rules.Msg("spice-merchant.log.setup", "Players", players, "Seat", seatRef(s.First)), "", 0)
	for i := range s.Seats {
		s.addLine("", rules.Msg("spice-merchant.log.dealt", "Cards", cardNames(s.Seats[i].Hand)), rules.Seat(i))
	}
	s.beginRegistration()
	return s, nil
}

// Load rebuilds a state from its JSON. It returns an error if the JSON does not parse or does
// not describe a consistent game (player count, phase, round, every card exactly once).
func (game) Load(data []byte) (rules.State, error) {
	var s State
	if err := json.Unmarshal(data, &s); err != nil {
		return nil, fmt.Errorf("load spice merchant: %w", err)
	}
	if err := s.validate(); err != nil {
		return nil, fmt.Errorf("load spice merchant: %w", err)
	}
	return &s, nil
}

// validate checks the invariants a stored state must satisfy.
func (s *State) validate() error {
	if s.NumPlayers < 3 || s.NumPlayers > 4 || len(s.Seats) != s.NumPlayers {
		return fmt.Errorf("bad player count %d with %d seats", s.NumPlayers, len(s.Seats))
	}
	if s.Round < 1 || s.Round > Rounds {
		return fmt.Errorf("bad round %d", s.Round)
	}
	switch s.Phase {
	case PhaseRegister, PhaseTurns:
	case PhaseOver:
		if s.Final == nil {
			return fmt.Errorf("finished game has no outcome")
		}
	default:
		return fmt.Errorf("unknown phase %q", s.Phase)
	}
	if s.First < 0 || int(s.First) >= s.NumPlayers || s.Turn < 0 || int(s.Turn) >= s.NumPlayers {
		return fmt.Errorf("bad first player %d or turn %d", s.First, s.Turn)
	}
	var seen [NumCards]bool
	mark := func(where string, cards []int) error {
		for _, c := range cards {
			if c < 0 || c >= NumCards {
				return fmt.Errorf("%s: no card %d", where, c)
			}
			if seen[c] {
				return fmt.Errorf("%s: card %s appears twice", where, CardID(c))
			}
			seen[c] = true
		}
		return nil
	}
	if err := mark("deck", s.Deck); err != nil {
		return err
	}
	if err := mark("discard", s.Discard); err != nil {
		return err
	}
	for m, mk := range s.Markets {
		if len(mk.Cards) > MaxDemand || mk.Spice < 0 || mk.Spice >= NumSpices {
			return fmt.Errorf("market %s is invalid", marketLetter(m))
		}
		for _, c := range mk.Cards {
			if c >= 0 && c < NumCards && cardKind[c] != mk.Spice {
				return fmt.Errorf("market %s mixes spices", marketLetter(m))
			}
		}
		if err := mark("market "+marketLetter(m), mk.Cards); err != nil {
			return err
		}
	}
	for i, p := range s.Seats {
		for _, pile := range [][]int{p.Hand, p.Secret, p.Open, p.Sold} {
			if err := mark(fmt.Sprintf("seat %d", i), pile); err != nil {
				return err
			}
		}
		if p.Need < 0 || len(p.Open) > 1 {
			return fmt.Errorf("seat %d is invalid", i)
		}
	}
	for c, ok := range seen {
		if !ok {
			return fmt.Errorf("card %s is missing", CardID(c))
		}
	}
	return nil
}

// ParseMove reads a move's text form ("secret ginger", "open clove", "demand 3 ginger B",
// "pass"); see Move. It returns an *rules.IllegalMoveError for any other text.
func (game) ParseMove(text string) (rules.Move, error) {
	m, err := parseMove(text)
	if err != nil {
		return nil, err
	}
	return m, nil
}

// Rules returns the rules summary, one topic per rulebook section, as rules text.
func (game) Rules() []rules.Topic {
	rows := make([]string, 0, NumSpices)
	for k := Spice(0); k < NumSpices; k++ {
		info := spices[k]
		rows = append(rows, rules.Msg("spice-merchant.rules.spices.row", "Spice", k.Title(), "Cards", info.cards,
			"V1", info.scores[0], "V2", info.scores[1], "V3", info.scores[2], "V4", info.scores[3]))
	}
	topic := func(key string) rules.Topic {
		return rules.Topic{Key: key, Title: rules.Msg("spice-merchant.rules." + key + ".title"),
			Text: rules.Msg("spice-merchant.rules." + key + ".text")}
	}
	return []rules.Topic{
		topic("goal"), topic("setup"), topic("secret"), topic("turn"), topic("markets"),
		topic("round-end"), topic("new-round"), topic("end"),
		{Key: "spices", Title: rules.Msg("spice-merchant.rules.spices.title"), Text: strings.Join(rows, "\n")},
	}
}
