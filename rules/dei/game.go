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
func (game) Name() string            { return "The Dutch East Indies" } // lang:ok: the English title; players read dutch-east-indies.name
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
	if err := rules.CheckNew(g, players, opts); err != nil {
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

// Term returns the plain words of a component id, as rules text: a trading card ("T09" → "2
// crates → 2 gold + nutmeg"), a wild island ("W1" → "Vilfort Island") or Market Island ("M"). ""
// for an unknown id.
func (game) Term(id string) string {
	switch {
	case id == marketID:
		return marketTerm()
	case len(id) == 2 && id[0] == 'W' && id[1] >= '1' && id[1] <= '8':
		return islandTerm(int(id[1] - '1'))
	case len(id) == 3 && id[0] == 'T':
		if c, ok := cardIndex(id); ok {
			return CardText(c)
		}
	}
	return ""
}

// ruleTopics are the keys of the rules summary's topics, in reading order; each has a title and a
// text in the catalogue (dutch-east-indies.topic-title.<key> and dutch-east-indies.topic.<key>).
var ruleTopics = []string{"goal", "turn", "sailing", "trading", "market", "cargo", "fights"}

// Rules is the rules summary shown by /rules.
func (game) Rules() []rules.Topic {
	out := make([]rules.Topic, 0, len(ruleTopics))
	for _, k := range ruleTopics {
		out = append(out, rules.Topic{Key: k, Title: rules.Msg("dutch-east-indies.topic-title." + k), Text: rules.Msg("dutch-east-indies.topic." + k)})
	}
	return out
}
