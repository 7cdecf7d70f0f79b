package borneo

import "spicebot/rules"

// Describe offers a legal move to seat. (Interim: one level, the label; the plain-words decision
// paths replace this.)
func (s *State) Describe(seat rules.Seat, mv rules.Move) rules.Choice {
	l := s.Label(seat, mv)
	return rules.Choice{Label: l, Path: []rules.Step{{Prompt: "Your move", Option: l}}}
}

// TurnNumber counts turns as players do. (Interim: the version plus one.)
func (s *State) TurnNumber() int { return s.Moves + 1 }

// Term returns the plain words of a component id. (Interim: the id itself.)
func (game) Term(id string) string { return id }
