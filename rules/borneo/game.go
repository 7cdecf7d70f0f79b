package borneo

import (
	"encoding/json"
	"fmt"
	"strings"

	"spicebot/rules"
)

// Game is Borneo for 3 to 5 players, with the "blackbeard" and "four-merchants" variants.
var Game rules.Game = game{}

// Option keys.
const (
	OptBlackbeard    = "blackbeard"
	OptFourMerchants = "four-merchants"
)

type game struct{}

func (game) ID() string              { return "borneo" }
func (game) Name() string            { return "Borneo" }
func (game) Players() (min, max int) { return 3, 5 }

func (game) Options() []rules.Option {
	return []rules.Option{
		{Key: OptBlackbeard, Name: rules.Msg("borneo.option.blackbeard.name"),
			Help: rules.Msg("borneo.option.blackbeard.help")},
		{Key: OptFourMerchants, Name: rules.Msg("borneo.option.four-merchants.name"),
			Help:    rules.Msg("borneo.option.four-merchants.help"),
			Players: []int{3}},
	}
}

// New sets up a game (rulebook "Setup"): harbours and missions removed by player count, the
// shipment and harbour decks shuffled, three hands of three cards, three face-up harbours, a
// random first player and the merchant snake draft to be played as "place" moves. It returns an
// error for a bad player count or option.
func (g game) New(players int, opts rules.Options, seed uint64) (rules.State, error) {
	if err := rules.CheckNew(g, players, opts); err != nil {
		return nil, fmt.Errorf("new borneo game: %w", err)
	}
	return newState(players, opts[OptBlackbeard], opts[OptFourMerchants], seed), nil
}

func newState(players int, blackbeard, four bool, seed uint64) *State {
	s := &State{
		Blackbeard:    blackbeard,
		FourMerchants: four,
		RNG:           rules.NewRNG(seed),
		Seats:         make([]Seat, players),
		Pirate:        -1,
	}
	for c := range s.Companies {
		s.Companies[c] = []rules.Seat{}
	}
	s.Deck = make([]int, numShipments)
	for i := range s.Deck {
		s.Deck[i] = i
	}
	s.RNG.ShuffleInts(s.Deck)
	for h := 0; h < numHarbours; h++ {
		mark := harbours[h].mark
		if (mark == markFive && players < 5) || (mark == markThreeFour && players == 5) {
			continue
		}
		s.HarbourDeck = append(s.HarbourDeck, h)
	}
	s.RNG.ShuffleInts(s.HarbourDeck)
	for m := 0; m < numMissions; m++ {
		if missions[m].fivePlayers && players < 5 {
			continue
		}
		s.Missions = append(s.Missions, m)
	}
	s.Discard = []int{}
	for i := range s.Seats {
		st := &s.Seats[i]
		st.Hand = append([]int(nil), s.Deck[len(s.Deck)-3:]...)
		s.Deck = s.Deck[:len(s.Deck)-3]
		st.Cards, st.HarbourCards, st.Missions = []int{}, []int{}, []int{}
	}
	names := make([]string, 0, harbourSlots)
	for i := range s.Harbours {
		h := s.HarbourDeck[len(s.HarbourDeck)-1]
		s.HarbourDeck = s.HarbourDeck[:len(s.HarbourDeck)-1]
		s.Harbours[i] = Harbour{Card: h, Cards: []int{}}
		names = append(names, harbourShort(h))
	}
	s.First = rules.Seat(s.RNG.Intn(players))
	s.Turn = s.First
	s.Placement = placementOrder(players, s.First, four)
	s.Phase = PhasePlacement
	s.log(0, rules.Msg("borneo.log.setup", "Players", players, "Variants", variantText(blackbeard, four),
		"Harbours", strings.Join(names, ", ")))
	s.log(0, rules.Msg("borneo.log.dealt"))
	for i := range s.Seats {
		s.Journal.AddPrivate(0, "", rules.Msg("borneo.log.dealt-you", "Cards", joinCards(s.Seats[i].Hand)), rules.Seat(i))
	}
	s.log(0, rules.Msg("borneo.log.first", "Seat", rules.SeatRef(s.First)))
	return s
}

// variantText names the variants played, for the setup's log line: "" or " (Secrets of
// Blackbeard)" as rules text.
func variantText(blackbeard, four bool) string {
	switch {
	case blackbeard && four:
		return rules.Msg("borneo.log.variants.both")
	case blackbeard:
		return rules.Msg("borneo.log.variants.blackbeard")
	case four:
		return rules.Msg("borneo.log.variants.four")
	}
	return ""
}

// placementOrder is the setup snake draft (rulings §1.6.1, from the French rulebook): round 1
// clockwise from the first player, round 2 counter-clockwise from the player on the first
// player's right, round 3 clockwise again, and a 4th counter-clockwise round with four merchants.
func placementOrder(players int, first rules.Seat, four bool) []rules.Seat {
	rounds := 3
	if four {
		rounds = 4
	}
	order := make([]rules.Seat, 0, rounds*players)
	for r := 0; r < rounds; r++ {
		for i := 0; i < players; i++ {
			if r%2 == 0 {
				order = append(order, rules.Seat((int(first)+i)%players))
			} else {
				order = append(order, rules.Seat((int(first)-1-i+2*players)%players))
			}
		}
	}
	return order
}

// Load rebuilds a state from its JSON.
func (game) Load(data []byte) (rules.State, error) {
	s := &State{}
	if err := json.Unmarshal(data, s); err != nil {
		return nil, fmt.Errorf("load borneo state: %w", err)
	}
	if n := len(s.Seats); n < 3 || n > 5 {
		return nil, fmt.Errorf("load borneo state: %d seats", n)
	}
	return s, nil
}

// ParseMove reads a move's text form (see Kind for every form).
func (game) ParseMove(text string) (rules.Move, error) {
	m, err := parseMove(text)
	if err != nil {
		return nil, err
	}
	return m, nil
}

// Rules is the rules summary shown by /rules, one topic per section; each title and text is a
// catalogue message ("borneo.rules.<key>.title", "borneo.rules.<key>.text").
func (game) Rules() []rules.Topic {
	return []rules.Topic{
		{Key: "goal", Title: rules.Msg("borneo.rules.goal.title"), Text: rules.Msg("borneo.rules.goal.text")},
		{Key: "setup", Title: rules.Msg("borneo.rules.setup.title"), Text: rules.Msg("borneo.rules.setup.text")},
		{Key: "turn", Title: rules.Msg("borneo.rules.turn.title"), Text: rules.Msg("borneo.rules.turn.text")},
		{Key: "missions", Title: rules.Msg("borneo.rules.missions.title"), Text: rules.Msg("borneo.rules.missions.text")},
		{Key: "companies", Title: rules.Msg("borneo.rules.companies.title"), Text: rules.Msg("borneo.rules.companies.text")},
		{Key: "shipment", Title: rules.Msg("borneo.rules.shipment.title"), Text: rules.Msg("borneo.rules.shipment.text")},
		{Key: "end", Title: rules.Msg("borneo.rules.end.title"), Text: rules.Msg("borneo.rules.end.text")},
		{Key: "blackbeard", Title: rules.Msg("borneo.rules.blackbeard.title"), Text: rules.Msg("borneo.rules.blackbeard.text")},
	}
}
