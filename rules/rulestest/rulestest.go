// Package rulestest is the harness every game's tests run: seeded games of random legal moves to the
// end, a JSON round-trip of the state after every move, determinism of setup and replay equality,
// move-text round-trips, illegal moves that change nothing, a leak check that nothing shown to a
// viewer names a card that viewer may not see, and the checks of State.Undoable (CheckUndoable)
// and State.Determinize (CheckDeterminize, with its information-safety property).
package rulestest

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"spicebot/rules"
)

// Setup is one configuration to play: a player count and the options.
type Setup struct {
	Players int
	Options rules.Options
}

// Config says how many games to play and how. Setups, Seeds and MaxSteps are required.
type Config struct {
	// Setups are cycled through: seed i uses Setups[i%len(Setups)].
	Setups []Setup
	// Seeds is the number of games to play, with seeds 1..Seeds.
	Seeds int
	// MaxSteps caps one game's moves; reaching it fails the test as a runaway game.
	MaxSteps int
	// LeakEvery runs the whole leak check after every LeakEvery-th move (1 = every move; 0 means
	// 1); new log lines are checked after every move whatever it is.
	LeakEvery int
	// Policy, when not nil, chooses each move instead of uniformly random play: for a game whose
	// random play would not end (a race), a policy that makes progress. Nil keeps random play.
	Policy Policy
	// RoundTripEvery runs CheckRoundTrip after every RoundTripEvery-th move (0 means 1) and at
	// the end: for long games, whose state (with its log) grows with every move.
	RoundTripEvery int
	// UndoEvery runs CheckUndoable on every UndoEvery-th move (0 means 1).
	UndoEvery int
	// DeterminizeEvery runs CheckDeterminize after setup and after every DeterminizeEvery-th move
	// (0 means 20); the first time after a move, a determinized copy is also played to the end.
	DeterminizeEvery int
	// PositionIgnore names top-level state keys, besides PositionIgnore's, that the cycle check
	// does not count as position (counters that only grow).
	PositionIgnore []string
}

// defaultDeterminizeEvery is DeterminizeEvery's default.
const defaultDeterminizeEvery = 20

// Policy chooses the next move of a game being played: an active seat and one of its legal
// moves, using rng for any random choice. It returns a nil move when no active seat has one.
type Policy func(st rules.State, rng *rules.RNG) (rules.Seat, rules.Move)

// wordsEvery is how often, in moves, PlayOne runs CheckWords on the status, the labels and the
// private texts (in both languages, the slowest check); every log line is read once whatever it
// is, at the next check or at the end.
const wordsEvery = 7 * checkEvery

// checkEvery is how often, in moves, PlayOne runs the slower checks (CheckIllegalUnchanged and
// replaying moves already played); they also run after setup and at the end.
const checkEvery = 7

// staleMoves is how many of the latest moves PlayOne tries again when they are no longer legal.
const staleMoves = 3

// Run plays cfg.Seeds random games of g and fails t on the first broken property. A config that
// would play no game (no setups, no seeds or no step cap) fails too.
func Run(t testing.TB, g rules.Game, cfg Config) {
	t.Helper()
	if len(cfg.Setups) == 0 || cfg.Seeds <= 0 || cfg.MaxSteps <= 0 {
		t.Fatalf("rulestest: config %+v plays no game: it needs Setups, Seeds > 0 and MaxSteps > 0", cfg)
	}
	if err := CheckNewRefuses(g); err != nil {
		t.Fatalf("%s: %v", g.ID(), err)
	}
	for i := 0; i < cfg.Seeds; i++ {
		setup := cfg.Setups[i%len(cfg.Setups)]
		seed := uint64(i + 1)
		if err := PlayOneWith(g, setup, seed, cfg); err != nil {
			t.Fatalf("%s players=%d options=%v seed=%d: %v", g.ID(), setup.Players, setup.Options, seed, err)
		}
	}
}

// CheckNewRefuses checks the rules contract for a table size g does not take: New with 0
// players, a negative count, one fewer than the smallest and one more than the largest table
// returns an error and no state — it never panics (Run checks it first).
func CheckNewRefuses(g rules.Game) (err error) {
	min, max := g.Players()
	for _, n := range []int{0, -1, min - 1, max + 1} {
		if n >= min && n <= max {
			continue
		}
		func() {
			defer func() {
				if r := recover(); r != nil {
					err = fmt.Errorf("New(%d players) panicked instead of returning an error: %v", n, r)
				}
			}()
			st, e := g.New(n, nil, 1)
			if e == nil || st != nil {
				err = fmt.Errorf("New(%d players) = %v, %v; want no state and an error", n, st, e)
			}
		}()
		if err != nil {
			return err
		}
	}
	return nil
}

// PlayOne plays one random game (moves chosen by rules.Playout from an RNG derived from seed) and
// returns the first broken property, with the move it broke after:
//   - New is deterministic: a second New with the same seed marshals to the same bytes;
//   - Version is 0 after setup and counts the moves applied;
//   - CheckRoundTrip after setup and after every move;
//   - the leak check after setup, after every leakEvery-th move (0 means 1) and at the end, except
//     that new log lines are checked after every move: each line once, against what was hidden
//     when it was written;
//   - CheckWords (every text reads in every language) every wordsEvery moves and at the end,
//     each log line once;
//   - CheckIllegalUnchanged after setup and every few moves, and the latest moves played, tried
//     again once they are no longer legal (and after the end), are rejected and change nothing;
//   - the game ends within maxSteps moves (rules.ErrRunaway) and never leaves every active seat
//     without a move (rules.ErrDeadEnd); once over, no seat is active or has a move and the outcome
//     has one score per seat and valid winners;
//   - rules.Replay of the moves played gives the same state;
//   - no seat brings back, by its own moves within one turn, a position it was already in during
//     that turn (a sequence that changes nothing and could be repeated forever; positions compare
//     the state's JSON without PositionIgnore's and cfg.PositionIgnore's keys);
//   - a new state is not Undoable; CheckUndoable on every move; CheckDeterminize after setup,
//     every DeterminizeEvery moves (20 for PlayOne) and at the end, and once per game a determinized copy
//     (for a viewer that depends on seed) played to the end.
func PlayOne(g rules.Game, setup Setup, seed uint64, maxSteps, leakEvery int) error {
	return PlayOneWith(g, setup, seed, Config{MaxSteps: maxSteps, LeakEvery: leakEvery})
}

// PlayOneWith is PlayOne with cfg's step cap, leak check frequency, move policy (nil: random
// legal moves, as PlayOne) and round-trip frequency; cfg's Setups and Seeds are not used.
func PlayOneWith(g rules.Game, setup Setup, seed uint64, cfg Config) error {
	maxSteps, leakEvery, policy := cfg.MaxSteps, cfg.LeakEvery, cfg.Policy
	roundTrip := max(cfg.RoundTripEvery, 1)
	undoEvery := max(cfg.UndoEvery, 1)
	detEvery := cfg.DeterminizeEvery
	if detEvery <= 0 {
		detEvery = defaultDeterminizeEvery
	}
	if leakEvery <= 0 {
		leakEvery = 1
	}
	st, err := g.New(setup.Players, setup.Options, seed)
	if err != nil {
		return fmt.Errorf("new: %w", err)
	}
	logSeen := make(map[rules.Seat]int)
	wordsRead := map[string]bool{} // log lines CheckWords found readable (see checkWords)
	if err := checkSetup(g, setup, seed, st, logSeen); err != nil {
		return fmt.Errorf("after setup: %w", err)
	}
	rng := rules.NewRNG(seed ^ 0x5eed)
	var played []rules.Record
	var undo *undoCheck // prepared before the move when CheckUndoable's properties are checked on it
	cycles := newCycleWatch(cfg.PositionIgnore)
	var cycleErr error
	prepare := func(seat rules.Seat, m rules.Move) {
		undo = nil
		if (len(played)+1)%undoEvery == 0 {
			undo = prepareUndo(st, seat, m)
		}
		if cycleErr == nil {
			cycleErr = cycles.before(st, seat, len(played))
		}
	}
	recs, err := playoutHooked(st, &rng, maxSteps, policy, prepare, func(r rules.Record) error {
		played = append(played, r)
		step := len(played)
		if v := st.Version(); v != step {
			return fmt.Errorf("after move %d %q: Version() = %d, want %d", step, r.Move, v, step)
		}
		if cycleErr != nil {
			return fmt.Errorf("before move %d: %w", step, cycleErr)
		}
		if err := cycles.after(st, r.Move, step); err != nil {
			return fmt.Errorf("after move %d: %w", step, err)
		}
		if undo != nil {
			if err := undo.check(st); err != nil {
				return fmt.Errorf("after move %d %q by seat %d: %w", step, r.Move, r.Seat, err)
			}
		}
		if step%detEvery == 0 {
			if err := CheckDeterminize(g, st); err != nil {
				return fmt.Errorf("after move %d %q by seat %d: %w", step, r.Move, r.Seat, err)
			}
			if step == detEvery {
				v := rules.Seat(int(seed%uint64(st.Players()+1))) - 1
				if err := checkPlayOn(g, st, v, seed, cfg); err != nil {
					return fmt.Errorf("after move %d: %w", step, err)
				}
			}
		}
		if step%roundTrip == 0 {
			if err := CheckRoundTrip(g, st); err != nil {
				return fmt.Errorf("after move %d %q: %w", step, r.Move, err)
			}
		}
		if err := checkLeaksFrom(st, logSeen, step%leakEvery == 0); err != nil {
			return fmt.Errorf("after move %d %q by seat %d: %w", step, r.Move, r.Seat, err)
		}
		if step%checkEvery == 0 {
			if err := CheckIllegalUnchanged(g, st); err != nil {
				return fmt.Errorf("after move %d: %w", step, err)
			}
			if err := checkStale(g, st, played); err != nil {
				return fmt.Errorf("after move %d: %w", step, err)
			}
			if step%wordsEvery == 0 {
				if err := checkWords(g, st, wordsRead); err != nil {
					return fmt.Errorf("after move %d: %w", step, err)
				}
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("playout after %d moves: %w", len(recs), err)
	}
	if err := CheckRoundTrip(g, st); err != nil {
		return fmt.Errorf("at the end: %w", err)
	}
	if err := checkEnd(g, setup, st, recs, logSeen); err != nil {
		return fmt.Errorf("at the end, after %d moves: %w", len(recs), err)
	}
	if err := checkWords(g, st, wordsRead); err != nil {
		return fmt.Errorf("at the end, after %d moves: %w", len(recs), err)
	}
	replayed, err := rules.Replay(g, setup.Players, setup.Options, seed, recs)
	if err != nil {
		return err
	}
	a, err := json.Marshal(st)
	if err != nil {
		return fmt.Errorf("marshal: %w", err)
	}
	b, err := json.Marshal(replayed)
	if err != nil {
		return fmt.Errorf("marshal replayed state: %w", err)
	}
	if !bytes.Equal(a, b) {
		return fmt.Errorf("replay of %d moves differs from the played state:\n%s\n%s", len(recs), a, b)
	}
	return nil
}

// playout is rules.Playout with the moves chosen by policy; a nil policy is rules.Playout itself.
func playout(st rules.State, rng *rules.RNG, maxSteps int, policy Policy, each func(rules.Record) error) ([]rules.Record, error) {
	if policy == nil {
		return rules.Playout(st, rng, maxSteps, each)
	}
	return playoutHooked(st, rng, maxSteps, policy, nil, each)
}

// randomPolicy chooses a move as rules.RandomStep does (the same RNG draws, so the same games):
// a random active seat that has a legal move, then one of its moves.
func randomPolicy(st rules.State, rng *rules.RNG) (rules.Seat, rules.Move) {
	var seatBuf [8]rules.Seat
	var moveBuf [8][]rules.Move
	seats, moves := seatBuf[:0], moveBuf[:0]
	for _, s := range st.Active() {
		if ms := st.Legal(s); len(ms) > 0 {
			seats = append(seats, s)
			moves = append(moves, ms)
		}
	}
	if len(seats) == 0 {
		return 0, nil
	}
	i := rng.Intn(len(seats))
	return seats[i], moves[i][rng.Intn(len(moves[i]))]
}

// playoutHooked is playout (a nil policy plays as rules.Playout) that calls before, when not
// nil, with each move chosen before it is applied.
func playoutHooked(st rules.State, rng *rules.RNG, maxSteps int, policy Policy, before func(rules.Seat, rules.Move), each func(rules.Record) error) ([]rules.Record, error) {
	if policy == nil {
		policy = randomPolicy
	}
	var recs []rules.Record
	for steps := 0; ; steps++ {
		if _, over := st.Outcome(); over {
			return recs, nil
		}
		if steps >= maxSteps {
			return recs, rules.ErrRunaway
		}
		seat, m := policy(st, rng)
		if m == nil {
			return recs, rules.ErrDeadEnd
		}
		if before != nil {
			before(seat, m)
		}
		if err := st.Apply(seat, m); err != nil {
			return recs, fmt.Errorf("apply the policy's move %q of seat %d: %w", m, seat, err)
		}
		r := rules.Record{Seat: seat, Move: m.String()}
		recs = append(recs, r)
		if err := each(r); err != nil {
			return recs, err
		}
	}
}

// checkSetup checks a state fresh from New before any move.
func checkSetup(g rules.Game, setup Setup, seed uint64, st rules.State, logSeen map[rules.Seat]int) error {
	again, err := g.New(setup.Players, setup.Options, seed)
	if err != nil {
		return fmt.Errorf("second new: %w", err)
	}
	a, err := json.Marshal(st)
	if err != nil {
		return fmt.Errorf("marshal: %w", err)
	}
	b, err := json.Marshal(again)
	if err != nil {
		return fmt.Errorf("marshal second setup: %w", err)
	}
	if !bytes.Equal(a, b) {
		return fmt.Errorf("New is not deterministic: two setups with seed %d differ:\n%s\n%s", seed, a, b)
	}
	if v := st.Version(); v != 0 {
		return fmt.Errorf("Version() = %d after setup, want 0", v)
	}
	if st.Undoable() {
		return errors.New("Undoable() is true for a new state")
	}
	if err := CheckDeterminize(g, st); err != nil {
		return err
	}
	if err := CheckRoundTrip(g, st); err != nil {
		return err
	}
	if err := checkLeaksFrom(st, logSeen, true); err != nil {
		return err
	}
	return CheckIllegalUnchanged(g, st)
}

// checkEnd checks a finished game: the outcome's shape, that nobody may act, the leak check of
// what is new, CheckDeterminize, and that moves already played are now rejected.
func checkEnd(g rules.Game, setup Setup, st rules.State, recs []rules.Record, logSeen map[rules.Seat]int) error {
	out, over := st.Outcome()
	if !over {
		return errors.New("Outcome() says the game is running")
	}
	if len(out.Scores) != setup.Players || len(out.Winners) == 0 {
		return fmt.Errorf("outcome %+v has the wrong shape: want %d scores and a winner", out, setup.Players)
	}
	for _, w := range out.Winners {
		if w < 0 || int(w) >= setup.Players {
			return fmt.Errorf("outcome %+v names winner %d, not a seat", out, w)
		}
	}
	if len(st.Active()) != 0 {
		return fmt.Errorf("game over but Active() = %v", st.Active())
	}
	for s := rules.Seat(0); int(s) < st.Players(); s++ {
		if ms := st.Legal(s); len(ms) != 0 {
			return fmt.Errorf("game over but seat %d has moves %s", s, moveTexts(ms))
		}
	}
	if err := checkLeaksFrom(st, logSeen, true); err != nil {
		return err
	}
	if err := CheckDeterminize(g, st); err != nil {
		return err
	}
	return checkStale(g, st, recs)
}

// CheckRoundTrip marshals st, loads it back with g.Load and checks that the copy marshals to the
// same bytes, has the same active seats, status and Undoable, and offers the same legal moves to every
// active seat (which catches state kept outside the JSON).
func CheckRoundTrip(g rules.Game, st rules.State) error {
	a, err := json.Marshal(st)
	if err != nil {
		return fmt.Errorf("marshal: %w", err)
	}
	cp, err := g.Load(a)
	if err != nil {
		return fmt.Errorf("load: %w", err)
	}
	b, err := json.Marshal(cp)
	if err != nil {
		return fmt.Errorf("marshal copy: %w", err)
	}
	if !bytes.Equal(a, b) {
		return fmt.Errorf("JSON round trip changed the state:\n%s\n%s", a, b)
	}
	if x, y := fmt.Sprint(st.Active()), fmt.Sprint(cp.Active()); x != y {
		return fmt.Errorf("loaded copy has other active seats: %s vs %s", x, y)
	}
	if x, y := st.Status(), cp.Status(); x != y {
		return fmt.Errorf("loaded copy has another status: %q vs %q", x, y)
	}
	if x, y := st.Undoable(), cp.Undoable(); x != y {
		return fmt.Errorf("loaded copy says Undoable() = %v, the state %v", y, x)
	}
	for _, s := range st.Active() {
		if x, y := moveTexts(st.Legal(s)), moveTexts(cp.Legal(s)); x != y {
			return fmt.Errorf("loaded copy offers seat %d other moves: %s vs %s", s, x, y)
		}
	}
	return nil
}

func moveTexts(ms []rules.Move) string {
	parts := make([]string, len(ms))
	for i, m := range ms {
		parts[i] = m.String()
	}
	return strings.Join(parts, "|")
}

// CheckMoves checks every active seat's legal moves: unique texts of at most 80 bytes that
// ParseMove reads back to the same text, and choices as checkChoice wants them. The observer must
// have no legal move.
func CheckMoves(g rules.Game, st rules.State) error {
	if ms := st.Legal(rules.Observer); len(ms) != 0 {
		return fmt.Errorf("the observer has moves %s", moveTexts(ms))
	}
	for _, s := range st.Active() {
		seen := map[string]bool{}
		prompts := map[string]string{}
		for _, m := range st.Legal(s) {
			text := m.String()
			if text == "" || len(text) > 80 || strings.TrimSpace(text) != text {
				return fmt.Errorf("seat %d: bad move text %q", s, text)
			}
			if seen[text] {
				return fmt.Errorf("seat %d: move %q listed twice", s, text)
			}
			seen[text] = true
			p, err := g.ParseMove(text)
			if err != nil {
				return fmt.Errorf("seat %d: ParseMove(%q): %w", s, text, err)
			}
			if p.String() != text {
				return fmt.Errorf("seat %d: ParseMove(%q) reads back as %q", s, text, p.String())
			}
			if err := checkChoice(g, st.Describe(s, m), prompts); err != nil {
				return fmt.Errorf("seat %d, move %q: %w", s, text, err)
			}
		}
	}
	return nil
}

// checkChoice checks one move's Choice: a label of 1 to 100 characters and path options of 1 to
// 80 characters once their component references are expanded (every reference naming a
// component the game has words for), at least one step, the same prompt for every move whose
// path agrees above a level (prompts maps a level's path prefix to its prompt), and a sensible
// Multi.
func checkChoice(g rules.Game, c rules.Choice, prompts map[string]string) error {
	bad := ""
	term := func(id string) string {
		t := g.Term(id)
		if t == "" {
			bad = id
		}
		return t
	}
	words, err := catalogue(g)
	if err != nil {
		return err
	}
	en := words.For("en").Translate
	if l := []rune(rules.Expand(c.Label, nil, term, en)); len(l) == 0 || len(l) > 100 {
		return fmt.Errorf("label %q is empty or too long (over 100 characters)", c.Label)
	}
	if len(c.Path) == 0 {
		return errors.New("empty decision path")
	}
	prefix := ""
	for i, st := range c.Path {
		if o := []rune(rules.Expand(st.Option, nil, term, en)); len(o) == 0 || len(o) > 80 {
			return fmt.Errorf("path option %d %q is empty or too long (over 80 characters)", i, st.Option)
		}
		if st.Prompt == "" {
			return fmt.Errorf("path step %d has no prompt", i)
		}
		if p, ok := prompts[prefix]; ok && p != st.Prompt {
			return fmt.Errorf("path step %d asks %q where another move asks %q", i, st.Prompt, p)
		}
		prompts[prefix] = st.Prompt
		prefix += st.Option + "\x00"
	}
	if bad != "" {
		return fmt.Errorf("component reference %q has no words (Game.Term)", bad)
	}
	if m := c.Multi; m != nil && (m.Min < 1 || m.Max < m.Min) {
		return fmt.Errorf("multi-pick bounds %d..%d", m.Min, m.Max)
	}
	return nil
}

// choiceText is every text of a Choice, for the leak check.
func choiceText(c rules.Choice) string {
	parts := []string{c.Label}
	for _, st := range c.Path {
		parts = append(parts, st.Prompt, st.Option)
	}
	return strings.Join(parts, " | ")
}

// CheckIllegalUnchanged runs CheckMoves and checks that reading the state (every viewer's view,
// log, private text, hidden cards, legal moves and labels) does not change its JSON. Then it tries
// moves that must be rejected — for each seat, a move another seat may make and it may not, and
// for the observer, a move of each active seat — and checks that each returns an
// *IllegalMoveError with a reason that names no card hidden from that seat (other than cards the
// move itself names) and leaves the state's JSON unchanged.
func CheckIllegalUnchanged(g rules.Game, st rules.State) error {
	before, err := json.Marshal(st)
	if err != nil {
		return fmt.Errorf("marshal: %w", err)
	}
	if err := CheckMoves(g, st); err != nil {
		return err
	}
	if err := readAll(st); err != nil {
		return err
	}
	if after, _ := json.Marshal(st); !bytes.Equal(before, after) {
		return errors.New("reading the state (Legal, Describe, View, Log, Private, Hidden, Status, Outcome) changed it")
	}
	for s := rules.Seat(0); int(s) < st.Players(); s++ {
		own := map[string]bool{}
		for _, m := range st.Legal(s) {
			own[m.String()] = true
		}
		for o := rules.Seat(0); int(o) < st.Players(); o++ {
			for _, m := range st.Legal(o) {
				if !own[m.String()] {
					if err := rejects(st, before, s, m); err != nil {
						return err
					}
					break
				}
			}
		}
	}
	for _, s := range st.Active() {
		if ms := st.Legal(s); len(ms) > 0 {
			if err := rejects(st, before, rules.Observer, ms[0]); err != nil {
				return err
			}
		}
	}
	return nil
}

// readAll calls every read-only method of st for every viewer.
func readAll(st rules.State) error {
	st.Players()
	st.Version()
	st.Active()
	st.Status()
	st.Outcome()
	for v := rules.Observer; int(v) < st.Players(); v++ {
		if _, err := json.Marshal(st.View(v)); err != nil {
			return fmt.Errorf("marshal view of %d: %w", v, err)
		}
		st.Log(v)
		st.Private(v)
		st.Hidden(v)
		for _, m := range st.Legal(v) {
			st.Describe(v, m)
		}
	}
	return nil
}

// checkStale tries again the latest moves played, for the seat that played them, when they are
// no longer in that seat's legal moves: each must be rejected like any illegal move.
func checkStale(g rules.Game, st rules.State, played []rules.Record) error {
	before, err := json.Marshal(st)
	if err != nil {
		return fmt.Errorf("marshal: %w", err)
	}
	for i := len(played) - 1; i >= 0 && i >= len(played)-staleMoves; i-- {
		r := played[i]
		if strings.Contains("|"+moveTexts(st.Legal(r.Seat))+"|", "|"+r.Move+"|") {
			continue
		}
		m, err := g.ParseMove(r.Move)
		if err != nil {
			return fmt.Errorf("ParseMove(%q) of move %d played: %w", r.Move, i+1, err)
		}
		if err := rejects(st, before, r.Seat, m); err != nil {
			return fmt.Errorf("move %d played again: %w", i+1, err)
		}
	}
	return nil
}

// rejects applies m for seat, which must fail with a clean reason and leave st marshalling to
// before.
func rejects(st rules.State, before []byte, seat rules.Seat, m rules.Move) error {
	err := st.Apply(seat, m)
	if err == nil {
		return fmt.Errorf("seat %d could play %q, which Legal does not list", seat, m)
	}
	reason := rules.Reason(err)
	if reason == "" {
		return fmt.Errorf("rejecting %q for seat %d: error %v has no player-readable reason", m, seat, err)
	}
	if after, _ := json.Marshal(st); !bytes.Equal(before, after) {
		return fmt.Errorf("rejected move %q for seat %d changed the state", m, seat)
	}
	var hidden []string
	for _, id := range st.Hidden(seat) {
		if !ContainsToken(m.String(), id) {
			hidden = append(hidden, id)
		}
	}
	h, err := newHiddenSet(hidden)
	if err != nil {
		return fmt.Errorf("viewer %d: %w", seat, err)
	}
	if id := h.find(reason); id != "" {
		return fmt.Errorf("leak: rejecting %q for seat %d, the reason %q names hidden card %s", m, seat, reason, id)
	}
	return nil
}

// CheckLeaks checks, for the observer and every seat, that nothing shown to that viewer — the view,
// the whole log, the private summary, the status, the labels and texts of the viewer's legal moves
// and, once the game is over, the outcome — names a card in Hidden(viewer). It checks the whole log
// against what is hidden now, so an old line naming a card that was public then and is hidden again
// now (shuffled back into a deck) is reported; PlayOne checks each log line once, when it is new.
func CheckLeaks(st rules.State) error {
	return checkLeaksFrom(st, nil, true)
}

// checkLeaksFrom is CheckLeaks that, given seen, checks only log entries past seen[viewer] and
// records how far it got. Unless full, it checks only those log entries.
func checkLeaksFrom(st rules.State, seen map[rules.Seat]int, full bool) error {
	for v := rules.Observer; int(v) < st.Players(); v++ {
		log := st.Log(v)
		from := 0
		if seen != nil {
			// Advance even when nothing is hidden from v now: those lines are clean, and checking
			// them later against cards hidden by then would report cards that were public.
			from = seen[v]
			if from > len(log) {
				from = 0
			}
			seen[v] = len(log)
		}
		hidden, err := newHiddenSet(st.Hidden(v))
		if err != nil {
			return fmt.Errorf("viewer %d: %w", v, err)
		}
		if hidden.empty() {
			continue
		}
		check := func(where, text string) error {
			if id := hidden.find(text); id != "" {
				return fmt.Errorf("leak: viewer %d is shown hidden card %s in %s: %.300s", v, id, where, text)
			}
			return nil
		}
		for _, e := range log[from:] {
			if err := check("log", e.Text); err != nil {
				return err
			}
		}
		if !full {
			continue
		}
		view, err := json.Marshal(st.View(v))
		if err != nil {
			return fmt.Errorf("marshal view of %d: %w", v, err)
		}
		if err := check("view", string(view)); err != nil {
			return err
		}
		if err := check("private", st.Private(v)); err != nil {
			return err
		}
		if err := check("status", st.Status()); err != nil {
			return err
		}
		for _, m := range st.Legal(v) {
			if err := check("move", m.String()); err != nil {
				return err
			}
			if err := check("label", choiceText(st.Describe(v, m))); err != nil {
				return err
			}
		}
		if out, over := st.Outcome(); over {
			if err := check("outcome", fmt.Sprintf("%+v", out)); err != nil {
				return err
			}
		}
	}
	return nil
}

// hiddenSet finds hidden card ids in texts as whole tokens (see ContainsToken), in time linear in
// the text's length for ids made of letters and digits only.
type hiddenSet struct {
	words  map[string]bool // ids of letters and digits: a token of text is one of them or not
	others []string        // other ids, searched for one by one
}

func newHiddenSet(ids []string) (hiddenSet, error) {
	h := hiddenSet{words: make(map[string]bool, len(ids))}
	for _, id := range ids {
		switch {
		case id == "":
			return h, errors.New("Hidden lists an empty card id")
		case isWord(id):
			h.words[id] = true
		default:
			h.others = append(h.others, id)
		}
	}
	return h, nil
}

func (h hiddenSet) empty() bool { return len(h.words) == 0 && len(h.others) == 0 }

// find returns a hidden id that text contains as a whole token, or "".
func (h hiddenSet) find(text string) string {
	if len(h.words) > 0 {
		for i := 0; i < len(text); {
			if !isAlnum(text[i]) {
				i++
				continue
			}
			j := i + 1
			for j < len(text) && isAlnum(text[j]) {
				j++
			}
			if h.words[text[i:j]] {
				return text[i:j]
			}
			i = j
		}
	}
	for _, id := range h.others {
		if ContainsToken(text, id) {
			return id
		}
	}
	return ""
}

// ContainsToken reports whether id occurs in text as a whole token: not preceded or followed by a
// letter or digit (so "S1" is not found in "S12"). An empty id is never found.
func ContainsToken(text, id string) bool {
	if id == "" {
		return false
	}
	for i := 0; ; {
		j := strings.Index(text[i:], id)
		if j < 0 {
			return false
		}
		start, end := i+j, i+j+len(id)
		if (start == 0 || !isAlnum(text[start-1])) && (end == len(text) || !isAlnum(text[end])) {
			return true
		}
		i = start + 1
	}
}

func isWord(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isAlnum(s[i]) {
			return false
		}
	}
	return true
}

func isAlnum(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}
