package spicemerchant

import (
	"spicebot/rules"
)

// Term returns the plain words printed on a component for the references (rules.Ref) in rules
// text: a spice card "C01".."C84" is its spice ("ginger", "black pepper"), as rules text (the
// catalogue message of the spice, see Spice.Name). It returns "" for an unknown id. (The engine's
// own texts name spices directly and never need a reference.)
func (game) Term(id string) string {
	if len(id) != 3 || id[0] != 'C' || id[1] < '0' || id[1] > '9' || id[2] < '0' || id[2] > '9' {
		return ""
	}
	n := int(id[1]-'0')*10 + int(id[2]-'0')
	if n < 1 || n > NumCards {
		return ""
	}
	return cardKind[n-1].Name()
}

// TurnNumber is the number of the current turn as players count them, from 1 (rulebook "Play":
// "On your turn, you can do only one action"): each action — open goods, fake demand or a pass —
// is one turn, and the simultaneous registration of secret goods that starts a round is one
// turn of the whole table (the single secret cards registered are not turns).
func (s *State) TurnNumber() int { return s.Turns + 1 }

// The prompts of the decision paths, said to the player, and the options of the first level.
var (
	promptAction = rules.Msg("spice-merchant.prompt.action")
	promptOpen   = rules.Msg("spice-merchant.prompt.open")
	promptDemand = rules.Msg("spice-merchant.prompt.demand")
	promptMove   = rules.Msg("spice-merchant.prompt.move")
)

// Describe offers a legal move to seat as a decision (rules.Choice):
//
//   - secret goods: "Which spice do you register as a secret good?" → "ginger (you hold 3)"; with
//     two to register (rounds 3–4) both may be picked in one multi-pick of two spices;
//   - "Register open goods" → spice;
//   - "Fake demand" → spice → how many cards → which market ("market B: 1 ginger now, 4 after,
//     worth 6 a good");
//   - "Pass".
//
// Irreversible marks the moves after which the table has seen something new: open goods and
// fake demand (cards leave the hand face up, and the player draws), the secret good that
// completes the table's registration (everyone draws), and the pass that ends the round (goods
// are revealed and the cards reshuffled).
func (s *State) Describe(seat rules.Seat, mv rules.Move) rules.Choice {
	m, ok := mv.(Move)
	if !ok {
		p, err := parseMove(mv.String())
		if err != nil {
			return rules.Choice{Label: mv.String(), Path: []rules.Step{{Prompt: promptMove, Option: mv.String()}}}
		}
		m = p
	}
	label := s.Label(seat, m)
	if !m.valid() || seat < 0 || int(seat) >= s.NumPlayers {
		return rules.Choice{Label: label, Path: []rules.Step{{Prompt: promptMove, Option: label}}}
	}
	p := &s.Seats[seat]
	held := 0
	if m.Kind != MovePass {
		held = handCounts(p.Hand)[m.Spice]
	}
	spice := rules.Msg("spice-merchant.option.held", "Spice", m.Spice.Name(), "Held", held)
	switch m.Kind {
	case MoveSecret:
		prompt := rules.Msg("spice-merchant.prompt.secret")
		kinds := 0
		for _, n := range handCounts(p.Hand) {
			if n > 0 {
				kinds++
			}
		}
		c := rules.Choice{Label: label, Irreversible: s.waiting() == 1}
		if p.Need >= 2 {
			prompt = rules.Msg("spice-merchant.prompt.secrets", "Need", p.Need)
			if kinds >= 2 {
				c.Multi = &rules.Multi{Min: 1, Max: min(p.Need, kinds)}
			}
		}
		c.Path = []rules.Step{{Prompt: prompt, Option: spice}}
		return c
	case MoveOpen:
		opt := rules.Msg("spice-merchant.option.open-nowhere", "Spice", m.Spice.Name())
		if ms, n := s.bestMarkets(m.Spice); n > 0 {
			opt = rules.Msg("spice-merchant.option.open", "Spice", m.Spice.Name(),
				"Value", m.Spice.Value(len(s.Markets[ms[0]].Cards)), "Market", marketLetter(ms[0]))
		}
		return rules.Choice{Label: label, Irreversible: true, Path: []rules.Step{
			{Prompt: promptAction, Option: rules.Msg("spice-merchant.option.register-open")},
			{Prompt: promptOpen, Option: opt}}}
	case MoveDemand:
		mk := &s.Markets[m.Market]
		now := len(mk.Cards)
		after := now + m.Count
		letter, value := marketLetter(m.Market), m.Spice.Value(after)
		where := rules.Msg("spice-merchant.option.market", "Market", letter, "Now", now, "After", after, "Value", value)
		if now == 0 {
			where = rules.Msg("spice-merchant.option.market-empty", "Market", letter, "After", after, "Value", value)
		}
		return rules.Choice{Label: label, Irreversible: true, Path: []rules.Step{
			{Prompt: promptAction, Option: rules.Msg("spice-merchant.option.demand")},
			{Prompt: promptDemand, Option: spice},
			{Prompt: rules.Msg("spice-merchant.prompt.count", "Spice", m.Spice.Name()), Option: itoa(m.Count)},
			{Prompt: rules.Msg("spice-merchant.prompt.market"), Option: where}}}
	}
	return rules.Choice{Label: label, Irreversible: s.Passes+1 >= s.NumPlayers,
		Path: []rules.Step{{Prompt: promptAction, Option: rules.Msg("spice-merchant.option.pass")}}}
}
