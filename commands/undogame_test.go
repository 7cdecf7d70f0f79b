package commands

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"slices"
	"strings"

	"spicebot/rules"
)

// stepGame is a small game for the undo and replacement tests, with every kind of move the undo
// rules tell apart. The seat to move may "step" (move its pawn: undoable, its turn goes on),
// "draw" (take the deck's top card into its secret hand: not undoable), "roll" (a die: not
// undoable), "pay C.." (pay cards from its hand, several picked together: undoable) or "end"
// (the next seat's turn: undoable). The game ends at version 40.
type stepGame struct{}

func (stepGame) ID() string              { return "step" }
func (stepGame) Name() string            { return "Step" }
func (stepGame) Players() (int, int)     { return 2, 3 }
func (stepGame) Options() []rules.Option { return nil }
func (stepGame) Rules() []rules.Topic {
	return []rules.Topic{{Key: "all", Title: "All", Text: "Step."}}
}
func (stepGame) Term(id string) string {
	var c int
	if _, err := fmt.Sscanf(id, "C%d", &c); err == nil {
		return toyWord(c % len(toyWords))
	}
	return ""
}
func (stepGame) New(p int, _ rules.Options, seed uint64) (rules.State, error) {
	s := &stepState{Pos: make([]int, p), Hands: make([][]int, p), RNG: rules.NewRNG(seed)}
	for c := 0; c < 20; c++ {
		s.Deck = append(s.Deck, c)
	}
	for seat := range s.Hands {
		s.Hands[seat] = append(s.Hands[seat], s.Deck[:2]...)
		s.Deck = s.Deck[2:]
	}
	return s, nil
}
func (stepGame) Load(b []byte) (rules.State, error) {
	var s stepState
	err := json.Unmarshal(b, &s)
	return &s, err
}
func (stepGame) ParseMove(text string) (rules.Move, error) {
	f := strings.Fields(text)
	switch {
	case len(f) == 1 && slices.Contains([]string{"step", "draw", "roll", "end"}, f[0]):
		return toyMove(text), nil
	case len(f) == 2 && f[0] == "pay":
		return toyMove(text), nil
	}
	return nil, &rules.IllegalMoveError{Move: text, Reason: "Not a step move."}
}

type stepState struct {
	Pos   []int     `json:"pos"`
	Hands [][]int   `json:"hands"`
	Deck  []int     `json:"deck"`
	Paid  []int     `json:"paid"`
	Die   int       `json:"die"`
	Turn  int       `json:"turn"`
	Turns int       `json:"turns"`
	V     int       `json:"v"`
	Undo  bool      `json:"undo"`
	RNG   rules.RNG `json:"rng"`
	L     rules.Log `json:"log"`
}

func (s *stepState) Players() int { return len(s.Pos) }
func (s *stepState) Version() int { return s.V }
func (s *stepState) over() bool   { return s.V >= 40 }
func (s *stepState) Active() []rules.Seat {
	if s.over() {
		return nil
	}
	return []rules.Seat{rules.Seat(s.Turn)}
}
func (s *stepState) Status() string  { return rules.SeatRef(rules.Seat(s.Turn)) + " steps." }
func (s *stepState) TurnNumber() int { return s.Turns + 1 }
func (s *stepState) Legal(seat rules.Seat) []rules.Move {
	if s.over() || int(seat) != s.Turn {
		return nil
	}
	out := []rules.Move{toyMove("step"), toyMove("roll"), toyMove("end")}
	if len(s.Deck) > 0 {
		out = append(out, toyMove("draw"))
	}
	for _, c := range s.Hands[seat] {
		out = append(out, toyMove("pay "+cardID(c)))
	}
	return out
}
func (s *stepState) Describe(seat rules.Seat, mv rules.Move) rules.Choice {
	f := strings.Fields(mv.String())
	act := "What do you do?"
	switch f[0] {
	case "step":
		return rules.Choice{Label: "Take a step", Path: []rules.Step{{Prompt: act, Option: "Take a step"}}}
	case "draw":
		return rules.Choice{Label: "Draw a card", Irreversible: true, Path: []rules.Step{{Prompt: act, Option: "Draw a card"}}}
	case "roll":
		return rules.Choice{Label: "Roll the die", Irreversible: true, Path: []rules.Step{{Prompt: act, Option: "Roll the die"}}}
	case "end":
		return rules.Choice{Label: "End your turn", Path: []rules.Step{{Prompt: act, Option: "End your turn"}}}
	case "pay":
		return rules.Choice{Label: "Pay " + rules.Ref(f[1]), Multi: &rules.Multi{Min: 1, Max: 3},
			Path: []rules.Step{{Prompt: act, Option: rules.Ref(f[1])}}}
	}
	return rules.Choice{Label: mv.String(), Path: []rules.Step{{Prompt: act, Option: mv.String()}}}
}
func (s *stepState) Apply(seat rules.Seat, mv rules.Move) error {
	if _, ok := rules.FindLegal(s, seat, mv); !ok {
		return rules.Illegal(mv, "You can't do that now.")
	}
	f := strings.Fields(mv.String())
	s.V++
	who := rules.SeatRef(seat)
	switch f[0] {
	case "step":
		s.Pos[seat]++
		s.Undo = true
		s.L.Add(s.V, "%s steps to %d.", who, s.Pos[seat])
	case "draw":
		c := s.Deck[0]
		s.Deck = s.Deck[1:]
		s.Hands[seat] = append(s.Hands[seat], c)
		s.Undo = false
		s.L.AddPrivate(s.V, who+" draws a card.", who+" draws "+rules.Ref(cardID(c))+".", seat)
	case "roll":
		s.Die = s.RNG.Intn(6) + 1
		s.Undo = false
		s.L.Add(s.V, "%s rolls %d.", who, s.Die)
	case "pay":
		var c int
		fmt.Sscanf(f[1], "C%d", &c)
		s.Hands[seat] = slices.DeleteFunc(s.Hands[seat], func(x int) bool { return x == c })
		s.Paid = append(s.Paid, c)
		s.Undo = true
		s.L.Add(s.V, "%s pays %s.", who, rules.Ref(cardID(c)))
	case "end":
		s.Turn, s.Turns = (s.Turn+1)%len(s.Pos), s.Turns+1
		s.Undo = true
		s.L.Add(s.V, "%s ends the turn.", who)
	}
	return nil
}
func (s *stepState) View(viewer rules.Seat) any {
	v := map[string]any{"pos": s.Pos, "deck": len(s.Deck), "paid": s.Paid}
	if viewer >= 0 {
		var ids []string
		for _, c := range s.Hands[viewer] {
			ids = append(ids, cardID(c))
		}
		v["hand"] = ids
	}
	return v
}
func (s *stepState) Private(seat rules.Seat) string {
	if seat < 0 {
		return ""
	}
	var refs []string
	for _, c := range s.Hands[seat] {
		refs = append(refs, rules.Ref(cardID(c)))
	}
	return "Your hand: " + strings.Join(refs, ", ")
}
func (s *stepState) Log(v rules.Seat) []rules.LogEntry { return s.L.For(v) }
func (s *stepState) Hidden(viewer rules.Seat) []string {
	var out []string
	for seat, h := range s.Hands {
		if rules.Seat(seat) != viewer {
			for _, c := range h {
				out = append(out, cardID(c))
			}
		}
	}
	for _, c := range s.Deck {
		out = append(out, cardID(c))
	}
	return out
}
func (s *stepState) Outcome() (rules.Outcome, bool) {
	if !s.over() {
		return rules.Outcome{}, false
	}
	return rules.Outcome{Scores: slices.Clone(s.Pos), Winners: []rules.Seat{0}}, true
}
func (s *stepState) Undoable() bool { return s.Undo }
func (s *stepState) Determinize(rules.Seat, uint64) rules.State {
	b, _ := json.Marshal(s)
	cp, _ := stepGame{}.Load(b)
	return cp
}

func (stepGame) Messages() fs.FS { return nil }
