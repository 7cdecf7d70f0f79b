// Package rulestest is the harness every game's tests run: seeded games of random legal moves to the
// end, a JSON round-trip of the state after every move, replay equality, move-text round-trips,
// illegal moves that change nothing, and a leak check that nothing shown to a viewer names a card
// that viewer may not see.
package rulestest

import (
	"bytes"
	"encoding/json"
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

// Config says how many games to play and how.
type Config struct {
	// Setups are cycled through: seed i uses Setups[i%len(Setups)].
	Setups []Setup
	// Seeds is the number of games to play, with seeds 1..Seeds.
	Seeds int
	// MaxSteps caps one game's moves; reaching it fails the test as a runaway game.
	MaxSteps int
	// LeakEvery checks for leaks after every LeakEvery-th move (1 = every move; 0 means 1).
	LeakEvery int
}

// Run plays cfg.Seeds random games of g and fails t on the first broken property.
func Run(t *testing.T, g rules.Game, cfg Config) {
	t.Helper()
	if cfg.LeakEvery <= 0 {
		cfg.LeakEvery = 1
	}
	for i := 0; i < cfg.Seeds; i++ {
		setup := cfg.Setups[i%len(cfg.Setups)]
		seed := uint64(i + 1)
		if err := PlayOne(g, setup, seed, cfg.MaxSteps, cfg.LeakEvery); err != nil {
			t.Fatalf("%s players=%d options=%v seed=%d: %v", g.ID(), setup.Players, setup.Options, seed, err)
		}
	}
}

// PlayOne plays one random game and checks every property after each move (the leak check after
// every leakEvery-th move and at the end). It returns the first failure.
func PlayOne(g rules.Game, setup Setup, seed uint64, maxSteps, leakEvery int) error {
	st, err := g.New(setup.Players, setup.Options, seed)
	if err != nil {
		return fmt.Errorf("new: %w", err)
	}
	if err := CheckLeaks(st); err != nil {
		return fmt.Errorf("after setup: %w", err)
	}
	rng := rules.NewRNG(seed ^ 0x5eed)
	logSeen := make(map[rules.Seat]int)
	step := 0
	recs, err := rules.Playout(st, &rng, maxSteps, func(r rules.Record) error {
		step++
		if err := CheckRoundTrip(g, st); err != nil {
			return fmt.Errorf("after move %d %q: %w", step, r.Move, err)
		}
		if step%leakEvery == 0 {
			if err := checkLeaksFrom(st, logSeen); err != nil {
				return fmt.Errorf("after move %d %q by seat %d: %w", step, r.Move, r.Seat, err)
			}
		}
		if step%7 == 0 {
			if err := CheckIllegalUnchanged(g, st); err != nil {
				return fmt.Errorf("after move %d: %w", step, err)
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("playout after %d moves: %w", len(recs), err)
	}
	if err := CheckLeaks(st); err != nil {
		return fmt.Errorf("at the end: %w", err)
	}
	out, _ := st.Outcome()
	if len(out.Scores) != setup.Players || len(out.Winners) == 0 {
		return fmt.Errorf("outcome %+v has the wrong shape", out)
	}
	if len(st.Active()) != 0 {
		return fmt.Errorf("game over but Active() = %v", st.Active())
	}
	replayed, err := rules.Replay(g, setup.Players, setup.Options, seed, recs)
	if err != nil {
		return err
	}
	a, _ := json.Marshal(st)
	b, _ := json.Marshal(replayed)
	if !bytes.Equal(a, b) {
		return fmt.Errorf("replay of %d moves differs from the played state", len(recs))
	}
	return nil
}

// CheckRoundTrip marshals st, loads it back with g.Load and checks that the copy marshals to the
// same bytes and offers the same legal moves to every active seat.
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
// ParseMove reads back to the same text, and labels of 1 to 100 characters.
func CheckMoves(g rules.Game, st rules.State) error {
	for _, s := range st.Active() {
		seen := map[string]bool{}
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
			if l := st.Label(s, m); l == "" || len([]rune(l)) > 100 {
				return fmt.Errorf("seat %d: label %q of %q is empty or too long", s, l, text)
			}
		}
	}
	return nil
}

// CheckIllegalUnchanged tries moves that must be rejected — another seat's move for a seat that
// cannot make it, and the observer moving — and checks each returns an *IllegalMoveError with a
// reason and leaves the state's JSON unchanged. It also runs CheckMoves.
func CheckIllegalUnchanged(g rules.Game, st rules.State) error {
	if err := CheckMoves(g, st); err != nil {
		return err
	}
	before, _ := json.Marshal(st)
	try := func(seat rules.Seat, m rules.Move) error {
		err := st.Apply(seat, m)
		if err == nil {
			return fmt.Errorf("seat %d could play %q, which Legal does not list", seat, m)
		}
		if rules.Reason(err) == "" {
			return fmt.Errorf("rejecting %q for seat %d: error %v has no player-readable reason", m, seat, err)
		}
		after, _ := json.Marshal(st)
		if !bytes.Equal(before, after) {
			return fmt.Errorf("rejected move %q for seat %d changed the state", m, seat)
		}
		return nil
	}
	for s := rules.Seat(0); int(s) < st.Players(); s++ {
		own := map[string]bool{}
		for _, m := range st.Legal(s) {
			own[m.String()] = true
		}
		for o := rules.Seat(0); int(o) < st.Players(); o++ {
			for _, m := range st.Legal(o) {
				if !own[m.String()] {
					if err := try(s, m); err != nil {
						return err
					}
					break
				}
			}
		}
	}
	for _, s := range st.Active() {
		for _, m := range st.Legal(s) {
			if err := try(rules.Observer, m); err != nil {
				return err
			}
			break
		}
	}
	return nil
}

// CheckLeaks checks, for the observer and every seat, that nothing shown to that viewer — the view,
// the whole log, the private summary, the status and the labels of the viewer's legal moves — names
// a card in Hidden(viewer).
func CheckLeaks(st rules.State) error {
	return checkLeaksFrom(st, nil)
}

// checkLeaksFrom is CheckLeaks that, given seen, checks only log entries past seen[viewer] and
// records how far it got.
func checkLeaksFrom(st rules.State, seen map[rules.Seat]int) error {
	viewers := []rules.Seat{rules.Observer}
	for s := 0; s < st.Players(); s++ {
		viewers = append(viewers, rules.Seat(s))
	}
	for _, v := range viewers {
		hidden := st.Hidden(v)
		if len(hidden) == 0 {
			continue
		}
		var shown []string
		view, err := json.Marshal(st.View(v))
		if err != nil {
			return fmt.Errorf("marshal view of %d: %w", v, err)
		}
		shown = append(shown, "view: "+string(view))
		log := st.Log(v)
		from := 0
		if seen != nil {
			from = seen[v]
			if from > len(log) {
				from = 0
			}
			seen[v] = len(log)
		}
		for _, e := range log[from:] {
			shown = append(shown, "log: "+e.Text)
		}
		shown = append(shown, "private: "+st.Private(v), "status: "+st.Status())
		for _, m := range st.Legal(v) {
			shown = append(shown, "label: "+st.Label(v, m), "move: "+m.String())
		}
		for _, text := range shown {
			for _, id := range hidden {
				if ContainsToken(text, id) {
					return fmt.Errorf("leak: viewer %d is shown hidden card %s in %.300s", v, id, text)
				}
			}
		}
	}
	return nil
}

// ContainsToken reports whether id occurs in text as a whole token: not preceded or followed by a
// letter or digit (so "S1" is not found in "S12").
func ContainsToken(text, id string) bool {
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

func isAlnum(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}
