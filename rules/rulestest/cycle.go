package rulestest

import (
	"encoding/json"
	"fmt"
	"hash/maphash"
	"reflect"
	"strings"

	"spicebot/rules"
)

// PositionIgnore are the top-level JSON keys of a state that are bookkeeping, not position: the
// move counter ("version", "moves"), the log and the latest move's text, and the undo flag. Two
// states equal but for them are the same position. Config.PositionIgnore adds a game's own
// (counters that only grow, such as The Dutch East Indies' supply tallies).
var PositionIgnore = []string{"version", "moves", "log", "last_move", "undoable"}

// cycleWatch finds a seat that brings the game back to a position it was already in during the
// same turn (TurnNumber) by its own moves alone: a sequence that changes nothing, which the seat
// could repeat forever without the turn ever ending (issue 22). It keeps, for the current run of
// one seat's moves within one turn, a hash of every position seen.
type cycleWatch struct {
	ignore map[string]bool
	seed   maphash.Seed
	turn   int
	seat   rules.Seat
	seen   map[uint64]int // position hash → the move count after which it was seen
	moves  []string       // the run's moves, from the first
	first  int            // the move count before the run's first move
}

func newCycleWatch(extra []string) *cycleWatch {
	w := &cycleWatch{ignore: map[string]bool{}, seed: maphash.MakeSeed(), turn: -1}
	for _, k := range append(append([]string{}, PositionIgnore...), extra...) {
		w.ignore[k] = true
	}
	return w
}

// before is called before seat's move is applied at move count step: a new turn or another seat
// starts a new run, from the position now.
func (w *cycleWatch) before(st rules.State, seat rules.Seat, step int) error {
	if st.TurnNumber() == w.turn && seat == w.seat && w.seen != nil {
		return nil
	}
	w.turn, w.seat, w.first, w.moves = st.TurnNumber(), seat, step, w.moves[:0]
	w.seen = map[uint64]int{}
	h, err := w.position(st)
	if err != nil {
		return err
	}
	w.seen[h] = step
	return nil
}

// after is called once seat's move m was applied, the move count now step. It returns an error
// when the position was already seen in this run.
func (w *cycleWatch) after(st rules.State, m string, step int) error {
	w.moves = append(w.moves, m)
	h, err := w.position(st)
	if err != nil {
		return err
	}
	if at, ok := w.seen[h]; ok {
		return fmt.Errorf("seat %d's moves %d–%d in turn %d (%s) bring back the position after move %d: they change nothing and could be repeated forever within the turn",
			w.seat, at+1, step, w.turn, strings.Join(w.moves[at-w.first:], ", "), at)
	}
	w.seen[h] = step
	return nil
}

// position hashes st's JSON without the ignored top-level keys. For a state that is a pointer to
// a struct, the ignored fields are cleared on a shallow copy before marshaling (so that a long log
// costs nothing); any other state is marshaled whole and the keys are dropped from the object.
func (w *cycleWatch) position(st rules.State) (uint64, error) {
	v := reflect.ValueOf(st)
	var b []byte
	var err error
	if v.Kind() == reflect.Pointer && v.Elem().Kind() == reflect.Struct {
		cp := reflect.New(v.Elem().Type())
		cp.Elem().Set(v.Elem())
		t := cp.Elem().Type()
		for i := 0; i < t.NumField(); i++ {
			f := t.Field(i)
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			if name == "" {
				name = f.Name
			}
			if f.IsExported() && w.ignore[name] {
				cp.Elem().Field(i).SetZero()
			}
		}
		b, err = json.Marshal(cp.Interface())
	} else {
		var obj map[string]json.RawMessage
		if b, err = json.Marshal(st); err == nil && json.Unmarshal(b, &obj) == nil {
			for k := range w.ignore {
				delete(obj, k)
			}
			b, err = json.Marshal(obj)
		}
	}
	if err != nil {
		return 0, fmt.Errorf("marshal the position: %w", err)
	}
	return maphash.Bytes(w.seed, b), nil
}
