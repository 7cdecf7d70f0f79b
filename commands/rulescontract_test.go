package commands

import "spicebot/rules"

// The toy states of these tests complete the rules.State contract (Undoable and Determinize,
// which the commands tests do not use): they keep no undo record and hide nothing worth
// re-drawing, so a determinized state is a copy.

func (s *toyState) Undoable() bool { return false }

func (s *toyState) Determinize(rules.Seat, uint64) rules.State {
	c := *s
	return &c
}

func (s *countState) Undoable() bool { return false }

func (s *countState) Determinize(rules.Seat, uint64) rules.State {
	c := *s
	return &c
}
