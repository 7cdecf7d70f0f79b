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
		{Key: OptBlackbeard, Name: "Secrets of Blackbeard",
			Help: "Once per mission one spice may be traded with the pirates, but the pirate ship costs 2 points at the end (rulebook \"Game Variant: the Secrets of Blackbeard\")."},
		{Key: OptFourMerchants, Name: "Four merchants",
			Help:    "Each of the 3 players places 4 merchants instead of 3 (rulebook \"3 Player Variant\").",
			Players: []int{3}},
	}
}

// New sets up a game (rulebook "Setup"): harbours and missions removed by player count, the
// shipment and harbour decks shuffled, three hands of three cards, three face-up harbours, a
// random first player and the merchant snake draft to be played as "place" moves. It returns an
// error for a bad player count or option.
func (g game) New(players int, opts rules.Options, seed uint64) (rules.State, error) {
	if err := rules.CheckOptions(g, players, opts); err != nil {
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
	s.Journal.Add(0, "Borneo for %d players%s. Face-up harbours: %s.", players, variantText(blackbeard, four), strings.Join(names, ", "))
	s.Journal.Add(0, "Each player is dealt 3 cards.")
	for i := range s.Seats {
		s.Journal.AddPrivate(0, "", "You are dealt "+joinCards(s.Seats[i].Hand)+".", rules.Seat(i))
	}
	s.Journal.Add(0, "%s is the first player and places the first merchant.", rules.SeatRef(s.First))
	return s
}

func variantText(blackbeard, four bool) string {
	switch {
	case blackbeard && four:
		return " (Secrets of Blackbeard, four merchants)"
	case blackbeard:
		return " (Secrets of Blackbeard)"
	case four:
		return " (four merchants)"
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

// Rules is the rules summary shown by /rules.
func (game) Rules() []rules.Topic {
	return []rules.Topic{
		{Key: "goal", Title: "Goal", Text: "Collect spices from the harbours as a merchant of the four companies and complete missions. " +
			"Each shipment or harbour card in your warehouse is 1 point; missions give 6 to 25 points."},
		{Key: "setup", Title: "Setup", Text: "Everyone gets 3 cards. Merchants are placed in a snake draft: clockwise from the first player, " +
			"then back counter-clockwise, then clockwise again; a merchant takes the first empty slot, and a company has 5 slots."},
		{Key: "turn", Title: "Your turn", Text: "1) You may complete one mission. 2) You may move one merchant to another company or fight for a higher rank. " +
			"3) You must ship one card to a harbour. 4) You draw 2 cards and discard down to 6."},
		{Key: "missions", Title: "Missions", Text: "Pay from your warehouse only, with the cards you pick in one go: 1 of each spice (6), 4 of one (8), 2 of each (15), " +
			"8 of one (20), 3 of each (25). Wilds count as any spice, ×2 cards count twice, no change is given."},
		{Key: "companies", Title: "Move or fight", Text: "Moving puts one of your merchants in the first empty slot of another company. Attacking challenges a higher merchant of another player in the same company: " +
			"play cards showing that company's flags (keep at least one card), the defender may answer with as many cards; the defender adds 1 per merchant between. " +
			"Ties go to the attacker. A beaten defender stays in the vacated slot or moves to another company; a winning defender may keep one of his cards."},
		{Key: "shipment", Title: "Shipments", Text: "Visible flags are every card's top row plus the last card's bottom flag. " +
			"A company with the monopoly number of flags takes all: its merchants pick in rank order. When the card limit is reached, " +
			"companies are ranked by flags and their 1st merchants pick, then the 2nd merchants, and so on. Companies without flags get nothing. " +
			"The shipper takes the harbour card."},
		{Key: "end", Title: "End", Text: "The game ends when a harbour cannot be replaced or two cards cannot be drawn. " +
			"Then everyone may complete one last mission, starting left of the last player. Most points wins; ties go to most missions."},
		{Key: "blackbeard", Title: "Secrets of Blackbeard", Text: "While paying a mission you may count one card as another spice (trade it with the pirates) and take the pirate ship, " +
			"which costs 2 points at the end. Not if you hold the ship, and not in the last-chance missions."},
	}
}
