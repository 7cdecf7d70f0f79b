package rulestest

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	"spicebot/rules"
)

// The checks of the two contract methods added for undo and AI players (issue 11 item 5, issue
// 12): State.Undoable and State.Determinize.

// detSeeds are the determinization seeds the checks use.
var detSeeds = [...]uint64{0x5eed1, 0x5eed2}

// viewers lists rules.Observer and every seat of st.
func viewers(st rules.State) []rules.Seat {
	out := []rules.Seat{rules.Observer}
	for s := rules.Seat(0); int(s) < st.Players(); s++ {
		out = append(out, s)
	}
	return out
}

// CheckUndoable checks the last move of a game: before is the JSON of the state before seat played
// m, st the state after it. A new state (New) must not be undoable; that is checked by PlayOne.
// (That Undoable survives the JSON round trip is CheckRoundTrip's.) A move that cannot be taken back must have been
// offered as Irreversible by Describe (so that a menu asks before playing it). When st.Undoable()
// says the move may be taken back, these properties, which say in a game-neutral way that the
// move drew, revealed and rolled nothing, must hold:
//   - no card became known: for every viewer, every card in Hidden(viewer) before the move is
//     still in it after the move;
//   - the move's result depends only on what the mover knew and on the move, not on anything
//     hidden from the mover nor on the RNG: for seeds, playing m on before.Determinize(mover,
//     seed) — whose hidden information and RNG are re-drawn — gives the mover the same log,
//     private text and legal moves, and the table the same status and active seats, as playing m
//     on the real state. A draw shows the mover other cards, a die roll or a reshuffle other
//     numbers, a card turned up another card: such a move marked undoable is caught with high
//     probability. (Other viewers may learn something from the move itself — the mover's own
//     choice, which is theirs to take back — so for them only the first property is checked.)
//
// View is not compared: a game may take one of several identical cards at random (Spice
// Merchant's cards of a spice), which changes the ids in the mover's view but nothing a player
// can tell; the log, private text and legal moves say all that a player can tell.
func CheckUndoable(g rules.Game, before []byte, seat rules.Seat, m rules.Move, st rules.State) error {
	prev, err := g.Load(before)
	if err != nil {
		return fmt.Errorf("load the state before the move: %w", err)
	}
	return prepareUndo(prev, seat, m).check(st)
}

// undoCheck is what CheckUndoable needs of the state before a move: PlayOne prepares it from the
// live state before applying the move, which costs no JSON.
type undoCheck struct {
	seat         rules.Seat
	move         rules.Move
	irreversible bool           // Describe's mark
	hidden       [][]string     // Hidden of each viewer (viewers order)
	dets         [2]rules.State // Determinize(seat, detSeeds[i])
}

// prepareUndo reads what the undo check needs from st before seat plays m.
func prepareUndo(st rules.State, seat rules.Seat, m rules.Move) *undoCheck {
	u := &undoCheck{seat: seat, move: m, irreversible: st.Describe(seat, m).Irreversible}
	for _, v := range viewers(st) {
		u.hidden = append(u.hidden, st.Hidden(v))
	}
	for i, seed := range detSeeds {
		u.dets[i] = st.Determinize(seat, seed)
	}
	return u
}

// check checks the move's Undoable in st, the state after it (see CheckUndoable).
func (u *undoCheck) check(st rules.State) error {
	seat, m := u.seat, u.move
	if !st.Undoable() {
		if !u.irreversible {
			return fmt.Errorf("move %q of seat %d cannot be taken back (Undoable is false), but Describe does not mark it Irreversible, so a menu plays it without asking", m, seat)
		}
		return nil
	}
	if why := u.reveals(st); why != "" {
		return fmt.Errorf("move %q of seat %d is marked undoable but %s", m, seat, why)
	}
	return nil
}

// reveals names what the move showed, drew or rolled by the game-neutral properties of
// CheckUndoable, given st, the state after it, or returns "".
func (u *undoCheck) reveals(st rules.State) string {
	seat, m := u.seat, u.move
	for i, v := range viewers(st) {
		after := map[string]bool{}
		for _, id := range st.Hidden(v) {
			after[id] = true
		}
		for _, id := range u.hidden[i] {
			if !after[id] {
				return fmt.Sprintf("card %s, hidden from viewer %d before, is not hidden after it", id, v)
			}
		}
	}
	for i, d := range u.dets {
		seed := detSeeds[i]
		if _, ok := rules.FindLegal(d, seat, m); !ok {
			return fmt.Sprintf("the move is not legal for its own seat %d in Determinize(%d, %#x) of the state before it", seat, seat, seed)
		}
		if err := d.Apply(seat, m); err != nil {
			return fmt.Sprintf("applying it to Determinize(%d, %#x) of the state before it fails: %v", seat, seed, err)
		}
		if diff := sameFor(seat, st, d); diff != "" {
			return fmt.Sprintf("played on Determinize(%d, %#x) of the state before it (hidden information and RNG re-drawn) it gives viewer %d another %s: so it drew, revealed or rolled something",
				seat, seed, seat, diff)
		}
	}
	return ""
}

// Reveals reports what seat playing m on st drew, revealed or rolled — by the game-neutral
// properties of CheckUndoable: a card hidden from someone is no longer hidden from them, or the
// mover would have seen something else had the hidden information or the RNG been other — and
// whether it ended the game; "" when neither. It is the policy the undo rule follows (issue 26):
// a move that reveals nothing and does not end the game should be undoable. st is not changed.
func Reveals(g rules.Game, st rules.State, seat rules.Seat, m rules.Move) (string, error) {
	cp, err := rules.Copy(g, st)
	if err != nil {
		return "", err
	}
	u := prepareUndo(cp, seat, m)
	if err := cp.Apply(seat, m); err != nil {
		return "", err
	}
	if _, over := cp.Outcome(); over {
		return "it ended the game", nil
	}
	return u.reveals(cp), nil
}

// sameFor compares what viewer v is told by two states — log, private text, legal moves, status
// and active seats — and names the first difference, or returns "".
func sameFor(v rules.Seat, a, b rules.State) string {
	if x, y := a.Log(v), b.Log(v); !slices.Equal(x, y) {
		return fmt.Sprintf("log:\n%.2000s\n%.2000s", lastLines(x), lastLines(y))
	}
	if x, y := a.Private(v), b.Private(v); x != y {
		return fmt.Sprintf("private text: %q vs %q", x, y)
	}
	if x, y := moveTexts(a.Legal(v)), moveTexts(b.Legal(v)); x != y {
		return fmt.Sprintf("list of legal moves: %s vs %s", x, y)
	}
	if x, y := a.Status(), b.Status(); x != y {
		return fmt.Sprintf("status: %q vs %q", x, y)
	}
	if x, y := fmt.Sprint(a.Active()), fmt.Sprint(b.Active()); x != y {
		return fmt.Sprintf("active seats: %s vs %s", x, y)
	}
	return ""
}

func lastLines(log []rules.LogEntry) string {
	if len(log) > 4 {
		log = log[len(log)-4:]
	}
	return fmt.Sprint(log)
}

// CheckDeterminize checks st.Determinize for every viewer (rules.Observer and each seat):
//   - the receiver is not changed;
//   - the result shows the viewer the same View, Private text, Log and legal moves, and has the
//     same Active seats, Status, Version and TurnNumber;
//   - it survives the JSON round trip (CheckRoundTrip; for one viewer, chosen by the version) and
//     the same seed gives equal JSON;
//   - information safety: B = st.Determinize(v, s1) is a state v cannot tell apart from st, so
//     st.Determinize(v, s2) and B.Determinize(v, s2) must be equal (JSON): the result depends
//     only on what v knows and on the seed, never on the hidden order.
func CheckDeterminize(g rules.Game, st rules.State) error {
	orig, err := json.Marshal(st)
	if err != nil {
		return fmt.Errorf("marshal: %w", err)
	}
	for _, v := range viewers(st) {
		d := st.Determinize(v, detSeeds[0])
		if now, _ := json.Marshal(st); !bytes.Equal(orig, now) {
			return fmt.Errorf("Determinize(%d) changed the receiver", v)
		}
		if diff := sameView(v, st, d); diff != "" {
			return fmt.Errorf("Determinize(%d, %#x) shows viewer %d another %s", v, detSeeds[0], v, diff)
		}
		if int(v)+1 == st.Version()%(st.Players()+1) {
			// One viewer per state (by the version), to keep the harness cheap.
			if err := CheckRoundTrip(g, d); err != nil {
				return fmt.Errorf("Determinize(%d, %#x): %w", v, detSeeds[0], err)
			}
		}
		x, err := json.Marshal(d)
		if err != nil {
			return fmt.Errorf("marshal Determinize(%d): %w", v, err)
		}
		again, _ := json.Marshal(st.Determinize(v, detSeeds[0]))
		if !bytes.Equal(x, again) {
			return fmt.Errorf("Determinize(%d, %#x) twice gives two states:\n%s\n%s", v, detSeeds[0], x, again)
		}
		a, _ := json.Marshal(st.Determinize(v, detSeeds[1]))
		b, _ := json.Marshal(d.Determinize(v, detSeeds[1]))
		if !bytes.Equal(a, b) {
			return fmt.Errorf("information leak: B = Determinize(%d, %#x) is a state viewer %d cannot tell apart, but Determinize(%d, %#x) of the state and of B differ, so it depends on hidden information:\n%s\n%s",
				v, detSeeds[0], v, v, detSeeds[1], firstDiff(a, b), firstDiff(b, a))
		}
	}
	return nil
}

// sameView compares what viewer v sees of two states and the public facts, naming the first
// difference, or returns "".
func sameView(v rules.Seat, a, b rules.State) string {
	x, err1 := json.Marshal(a.View(v))
	y, err2 := json.Marshal(b.View(v))
	if err := errors.Join(err1, err2); err != nil {
		return "view (marshal: " + err.Error() + ")"
	}
	if !bytes.Equal(x, y) {
		return fmt.Sprintf("view:\n%s\n%s", firstDiff(x, y), firstDiff(y, x))
	}
	if diff := sameFor(v, a, b); diff != "" {
		return diff
	}
	if a.Version() != b.Version() {
		return fmt.Sprintf("version: %d vs %d", a.Version(), b.Version())
	}
	if a.TurnNumber() != b.TurnNumber() {
		return fmt.Sprintf("turn number: %d vs %d", a.TurnNumber(), b.TurnNumber())
	}
	_, o1 := a.Outcome()
	_, o2 := b.Outcome()
	if o1 != o2 {
		return fmt.Sprintf("game over: %v vs %v", o1, o2)
	}
	return ""
}

// firstDiff returns a's text from a little before its first difference with b.
func firstDiff(a, b []byte) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	from := max(i-80, 0)
	to := min(i+220, len(a))
	return "…" + string(a[from:to]) + "…"
}

// checkPlayOn plays a determinized copy of st for viewer v to the end with moves chosen like the
// game's (policy, or random), checking the JSON round trip at the end: a determinized state is
// a valid state of the game.
func checkPlayOn(g rules.Game, st rules.State, v rules.Seat, seed uint64, cfg Config) error {
	d := st.Determinize(v, seed)
	rng := rules.NewRNG(seed ^ 0x91a7)
	n := 0
	if _, err := playout(d, &rng, cfg.MaxSteps, cfg.Policy, func(rules.Record) error { n++; return nil }); err != nil {
		return fmt.Errorf("playing Determinize(%d, %#x) on: after %d moves: %w", v, seed, n, err)
	}
	if _, over := d.Outcome(); !over {
		return fmt.Errorf("playing Determinize(%d, %#x) on: not over", v, seed)
	}
	if err := CheckRoundTrip(g, d); err != nil {
		return fmt.Errorf("Determinize(%d, %#x) played to the end: %w", v, seed, err)
	}
	return nil
}
