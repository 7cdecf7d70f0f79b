package dei

import (
	"encoding/json"
	"fmt"

	"spicebot/rules"
)

// Game is The Dutch East Indies for 2 to 4 players.
var Game rules.Game = game{}

type game struct{}

func (game) ID() string              { return "dutch-east-indies" }
func (game) Name() string            { return "The Dutch East Indies" }
func (game) Players() (min, max int) { return 2, 4 }
func (game) Options() []rules.Option { return nil }
func (game) ParseMove(text string) (rules.Move, error) {
	m, err := parseMove(text)
	if err != nil {
		return nil, err
	}
	return m, nil
}

// New sets up a game with the recommended layout for the player count (rulebook "Game setup" and
// appendix). It returns an error for a bad player count or any option.
func (g game) New(players int, opts rules.Options, seed uint64) (rules.State, error) {
	if err := rules.CheckOptions(g, players, opts); err != nil {
		return nil, fmt.Errorf("new dutch east indies game: %w", err)
	}
	s, err := newState(players, seed)
	if err != nil {
		return nil, fmt.Errorf("new dutch east indies game: %w", err)
	}
	return s, nil
}

// Load rebuilds a state from its JSON.
func (game) Load(data []byte) (rules.State, error) {
	s := &State{}
	if err := json.Unmarshal(data, s); err != nil {
		return nil, fmt.Errorf("load dutch east indies state: %w", err)
	}
	if _, ok := layouts[len(s.Seats)]; !ok {
		return nil, fmt.Errorf("load dutch east indies state: %d seats", len(s.Seats))
	}
	if len(s.Piles) != len(layouts[len(s.Seats)].Islands) {
		return nil, fmt.Errorf("load dutch east indies state: %d piles", len(s.Piles))
	}
	return s, nil
}

// Term returns the plain words of a component id: a trading card ("T09" → "2 crates → 2 gold +
// nutmeg"), a wild island ("W1" → "Vilfort Island") or Market Island ("M"). "" for an unknown id.
func (game) Term(id string) string {
	switch {
	case id == marketID:
		return "Market Island"
	case len(id) == 2 && id[0] == 'W' && id[1] >= '1' && id[1] <= '8':
		return islandNames[id[1]-'1'] + " Island"
	case len(id) == 3 && id[0] == 'T':
		n := int(id[1]-'0')*10 + int(id[2]-'0')
		if id[1] >= '0' && id[1] <= '9' && id[2] >= '0' && id[2] <= '9' && n >= 1 && n <= NumCards {
			return CardText(n - 1)
		}
	}
	return ""
}

// Rules is the rules summary shown by /rules.
func (game) Rules() []rules.Topic {
	return []rules.Topic{
		{Key: "goal", Title: "Goal", Text: "A race: the first player with 2 cardamom, 2 cinnamon, 2 clove and 2 nutmeg on the home island wins at once " +
			"(pepper stands in for any of them), or with 6 spices of one kind. Spices count only once unloaded at home."},
		{Key: "turn", Title: "Your turn", Text: "First the pirates move: the D8 (read through the compass) moves the big pirate one square, then the small one. " +
			"Pirates next to a ship outside a harbour attack it. Then you sail and act in any order, but each ship's movement is one piece: " +
			"once you stop a ship or do something else, it has sailed for this turn."},
		{Key: "sailing", Title: "Sailing", Text: "A ship has as many movement points (MP) as its sail. 1 MP moves it to one of the 5 squares ahead or beside it; " +
			"1 MP turns it to face any way. One ship per square; never into another player's port. " +
			"Sailing next to a pirate outside a harbour starts a fight at once; win it and sail on. " +
			"A ship may stay at a wild island or Market Island for two turns; on the third it must leave."},
		{Key: "trading", Title: "Trading", Text: "At an island's anchor you look at the top trading card in secret (once per ship per island per turn). " +
			"Accept: pay its crates from that ship (or your other ship right beside it) and take its gold and spices aboard. " +
			"Refuse: the card goes back unseen. An island without cards is no longer a harbour; when all 30 cards are used they are dealt again."},
		{Key: "market", Title: "Market Island", Text: "From a market harbour: 1 gold for 2 crates, 2 crates for 1 gold, a spice and 2 gold for any spice but pepper, " +
			"and upgrades of sail, cargo and cannons for the gold shown on the board, paid from the ship (or the ship beside it)."},
		{Key: "cargo", Title: "Cargo and home", Text: "Crates, gold and spices each take one cargo slot. In your home port load and unload freely. " +
			"Two of your ships side by side (not diagonally) may trans-ship goods. An overloaded ship dumps the extra into the sea, where any ship may pick it up."},
		{Key: "fights", Title: "Fights", Text: "Attack a ship of another player next to yours (neither in a harbour): cannons + D6 each, the attacker wins ties. " +
			"By a margin of 0–1 the winner takes 2 gold, 2–4 a spice of their choice, 5+ a spice and 2 gold (2 gold instead of a missing spice). " +
			"Pirates fight with 6 (big) or 4 (small) + D6 and win ties; losing lowers one stat (small pirate) or two marks (big pirate) and " +
			"costs a spice or gold thrown overboard, which you may not pick up again until after your next turn."},
	}
}
