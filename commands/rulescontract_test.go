package commands

import (
	"encoding/json"

	"spicebot/rules"
)

// The toy states of these tests complete the rules.State contract (Undoable and Determinize).
// The toy game's shipments can't be taken back (a card is shown and one drawn), the rest can: the
// menu's warnings come from this (rules.WouldUndo). It hides nothing worth re-drawing, so a
// determinized state is a deep copy.

func (s *toyState) Undoable() bool { return s.Undo }

func (s *toyState) Determinize(rules.Seat, uint64) rules.State {
	b, _ := json.Marshal(s)
	c, _ := toyGame{}.Load(b)
	return c
}

func (s *countState) Undoable() bool { return false }

func (s *countState) Determinize(rules.Seat, uint64) rules.State {
	c := *s
	return &c
}
