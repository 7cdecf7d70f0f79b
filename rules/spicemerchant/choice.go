package spicemerchant

import (
	"strconv"

	"spicebot/rules"
)

// Term returns the plain words printed on a component for the references (rules.Ref) in rules
// text: a spice card "C01".."C84" is its spice ("ginger", "black pepper"). It returns "" for an
// unknown id. (The engine's own texts name spices directly and never need a reference.)
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

// The prompts of the decision paths, said to the player.
const (
	promptAction = "What do you do?"
	promptOpen   = "Which spice do you register as your open good?"
	promptDemand = "Which spice do you put on a market?"
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
			return rules.Choice{Label: mv.String(), Path: []rules.Step{{Prompt: "Your move", Option: mv.String()}}}
		}
		m = p
	}
	label := s.Label(seat, m)
	if !m.valid() || seat < 0 || int(seat) >= s.NumPlayers {
		return rules.Choice{Label: label, Path: []rules.Step{{Prompt: "Your move", Option: label}}}
	}
	p := &s.Seats[seat]
	held := 0
	if m.Kind != MovePass {
		held = handCounts(p.Hand)[m.Spice]
	}
	spice := m.Spice.Name() + " (you hold " + strconv.Itoa(held) + ")"
	switch m.Kind {
	case MoveSecret:
		prompt := "Which spice do you register as a secret good?"
		kinds := 0
		for _, n := range handCounts(p.Hand) {
			if n > 0 {
				kinds++
			}
		}
		c := rules.Choice{Label: label, Irreversible: s.waiting() == 1}
		if p.Need >= 2 {
			prompt = "Which " + strconv.Itoa(p.Need) + " spices do you register as secret goods? (The same spice twice: pick it, then again.)"
			if kinds >= 2 {
				c.Multi = &rules.Multi{Min: 1, Max: min(p.Need, kinds)}
			}
		}
		c.Path = []rules.Step{{Prompt: prompt, Option: spice}}
		return c
	case MoveOpen:
		opt := m.Spice.Name()
		if ms, n := s.bestMarkets(m.Spice); n > 0 {
			opt += " (worth " + strconv.Itoa(m.Spice.Value(len(s.Markets[ms[0]].Cards))) + " now, on market " + marketLetter(ms[0]) + ")"
		} else {
			opt += " (on no market yet)"
		}
		return rules.Choice{Label: label, Irreversible: true, Path: []rules.Step{
			{Prompt: promptAction, Option: "Register open goods"}, {Prompt: promptOpen, Option: opt}}}
	case MoveDemand:
		mk := &s.Markets[m.Market]
		now := len(mk.Cards)
		after := now + m.Count
		where := "market " + marketLetter(m.Market) + ": "
		if now == 0 {
			where += "empty now, "
		} else {
			where += strconv.Itoa(now) + " now, "
		}
		where += strconv.Itoa(after) + " after, worth " + strconv.Itoa(m.Spice.Value(after)) + " a good"
		return rules.Choice{Label: label, Irreversible: true, Path: []rules.Step{
			{Prompt: promptAction, Option: "Fake demand"},
			{Prompt: promptDemand, Option: spice},
			{Prompt: "How many " + m.Spice.Name() + " cards?", Option: strconv.Itoa(m.Count)},
			{Prompt: "On which market?", Option: where}}}
	}
	return rules.Choice{Label: label, Irreversible: s.Passes+1 >= s.NumPlayers,
		Path: []rules.Step{{Prompt: promptAction, Option: "Pass"}}}
}
