package rules

import "fmt"

// The one rule of undo (issue 26, item 1).
//
// An action is what a seat commits at one time: one move, or a batch picked together
// (Choice.Multi) followed by its closing move (Multi.Then). The action may be taken back exactly
// when every one of its moves left the state Undoable (nothing drawn, rolled or revealed — each
// game's package doc lists its rulings) and the game did not end: the policy of BGA and Rally the
// Troops, with "nobody else acted since" checked by the caller (the state's version). The three
// places that speak of undo all ask this rule:
//
//   - the warning a menu shows before a pick ("⚠️ can't be taken back") is WouldUndo, the rule
//     played on a copy of what the picker knows;
//   - the ⏪ Undo button offered with the reply to the move is ApplyAction's verdict;
//   - pressing Undo rebuilds the game without the action and plays it again with ApplyAction: it
//     is taken back only when the verdict is the same.

// undoSeed is the determinization seed of WouldUndo: any fixed number (the verdict must not
// depend on it, see WouldUndo).
const undoSeed = 0x7e57ab1e

// PlayAction plays an action on st itself: moves for seat one after another, then the closing
// move then when it is not "" and is legal after them (see ApplyBatch). It returns the moves
// applied and whether the action may be taken back (the rule above: every move left st Undoable
// and the game is not over). On an error st may hold some of the moves: callers play on a copy
// (ApplyAction) or drop st. before, when not nil, is called with st and each move (the closing
// move included) just before it is applied.
func PlayAction(g Game, st State, seat Seat, moves []Move, then string, before func(State, Move)) ([]Record, bool, error) {
	recs := make([]Record, 0, len(moves)+1)
	undoable := true
	for _, m := range moves {
		if before != nil {
			before(st, m)
		}
		if err := st.Apply(seat, m); err != nil {
			return nil, false, err
		}
		undoable = undoable && st.Undoable()
		recs = append(recs, Record{Seat: seat, Move: m.String()})
	}
	if then != "" {
		tm, err := g.ParseMove(then)
		if err != nil {
			return nil, false, fmt.Errorf("batch's closing move %q: %w", then, err)
		}
		if _, ok := FindLegal(st, seat, tm); ok {
			if before != nil {
				before(st, tm)
			}
			if err := st.Apply(seat, tm); err != nil {
				return nil, false, err
			}
			undoable = undoable && st.Undoable()
			recs = append(recs, Record{Seat: seat, Move: tm.String()})
		}
	}
	if _, over := st.Outcome(); over {
		undoable = false
	}
	return recs, undoable, nil
}

// ApplyAction plays an action (see PlayAction) on a copy of st and returns the copy, the moves
// applied and whether the action may be taken back. If any move is illegal it returns that
// move's error and st is unchanged.
func ApplyAction(g Game, st State, seat Seat, moves []Move, then string) (State, []Record, bool, error) {
	cp, err := Copy(g, st)
	if err != nil {
		return nil, nil, false, err
	}
	recs, undoable, err := PlayAction(g, cp, seat, moves, then, nil)
	if err != nil {
		return nil, nil, false, err
	}
	return cp, recs, undoable, nil
}

// WouldUndo reports, before seat picks it, whether the action (moves, then the closing move
// then) could be taken back after it: the verdict of PlayAction on st.Determinize(seat, …), a
// copy whose hidden information and RNG are re-drawn, so that the answer tells seat nothing it
// does not know. Every game's rulings make the verdict depend only on what the mover knows (a
// deck's size, who still registers), so it equals the verdict after the move (the random-game
// tests of package commands check it for every game). The error is the refusal of an action that
// is not legal (then the verdict is false).
func WouldUndo(g Game, st State, seat Seat, moves []Move, then string) (bool, error) {
	d := st.Determinize(seat, undoSeed)
	_, undoable, err := PlayAction(g, d, seat, moves, then, nil)
	return err == nil && undoable, err
}

// Copy returns a deep copy of st through its JSON form.
func Copy(g Game, st State) (State, error) {
	data, err := Marshal(st)
	if err != nil {
		return nil, err
	}
	cp, err := g.Load(data)
	if err != nil {
		return nil, fmt.Errorf("copy %s state: %w", g.ID(), err)
	}
	return cp, nil
}
