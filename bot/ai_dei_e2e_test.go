package bot_test

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"testing"
	"time"

	"spicebot/bot"
	"spicebot/bot/discordtest"
	"spicebot/rules"
)

// deiDelay is the AI's delay in TestAIFollowUpStepsEndToEnd: the bot's default (README, "AI
// players at the table"), on a manual clock, so that the test takes no longer for it.
const (
	deiDelayMin = 2 * time.Second
	deiDelayMax = 6 * time.Second
	// tick is how far the manual clock moves at each look while the AI is due; slack what that
	// may take off a delay read after it.
	tick  = 20 * time.Millisecond
	slack = 3 * tick
)

// TestAIFollowUpStepsEndToEnd (issue 26 item 6): in The Dutch East Indies, whose turns are many
// steps, an AI seat takes the first step of a decision after the full random delay and every
// further step of its own turn after a third of it, as the README promises. The bot runs on a
// manual clock: each delay is read from the AI turn the bot scheduled (its due time less the
// clock's time when the decision began) and the clock is moved on to it. It also checks that the
// AI never takes back its previous step (a load/unload cycle) within its turn, and logs the delay
// distribution and the steps per turn.
func TestAIFollowUpStepsEndToEnd(t *testing.T) {
	if testing.Short() {
		t.Skip("plays AI turns of The Dutch East Indies")
	}
	clock := newManualClock()
	rec := &aiRecorder{t: t, inner: testAI, calls: map[rules.Seat]int{}}
	h := newHarnessWith(t, 1, func(c *bot.Config) {
		c.Clock, c.AI, c.AIDelayMin, c.AIDelayMax = clock, rec, deiDelayMin, deiDelayMax
	})
	rec.h = h
	ann := h.users[0]
	lobby := h.final(h.srv.Command(ann, h.channel, "game", newGame("dutch-east-indies", discordtest.Int("players", 2),
		discordtest.Int("bots", 1), discordtest.Str("level", "easy"))))
	if lobby.Ephemeral {
		t.Fatalf("lobby: %q", lobby.Content)
	}
	row, seats, _ := h.state()
	h.lastGame = row.ID
	ai := aiSeatsOf(seats)
	var aiSeat rules.Seat
	for s := range ai {
		aiSeat = s
	}
	ctx := context.Background()
	var first, follow []time.Duration
	steps := map[int]int{} // AI steps by turn number
	type step struct{ move, before string }
	var prev []step // the AI's moves so far in its current turn, with the position before each
	lastMover := rules.Seat(-1)
	for aiTurns := 0; aiTurns < 20; {
		_, _, st := h.stateByID()
		v := st.Version()
		if _, over := st.Outcome(); over || v > 600 {
			break
		}
		var human, aiMoves bool
		for _, s := range st.Active() {
			if len(st.Legal(s)) > 0 {
				human = human || s != aiSeat
				aiMoves = aiMoves || s == aiSeat
			}
		}
		if human {
			// The person ends every turn at once (or takes the first choice asked of them).
			legal := st.Legal(1 - aiSeat)
			mv := legal[0].String()
			for _, m := range legal {
				if m.String() == "end" {
					mv = "end"
				}
			}
			if r := h.final(h.srv.Command(ann, h.channel, "play", discordtest.Str("move", mv))); !r.Ephemeral {
				t.Fatalf("/play answered publicly: %q", r.Content)
			}
			lastMover = 1 - aiSeat
			continue
		}
		if !aiMoves {
			t.Fatalf("version %d: nobody may move", v)
		}
		// The AI turn the bot scheduled for this decision (not the one just played).
		var due time.Time
		deadline := time.Now().Add(20 * time.Second)
		for due.IsZero() {
			turns, err := h.store.AITurns(ctx, row.ID)
			if err != nil {
				t.Fatal(err)
			}
			for _, at := range turns {
				if rules.Seat(at.Seat) == aiSeat && at.Due.After(clock.Now()) {
					due = at.Due
				}
			}
			if time.Now().After(deadline) {
				t.Fatalf("version %d: no AI turn scheduled", v)
			}
			time.Sleep(5 * time.Millisecond)
		}
		delay := due.Sub(clock.Now())
		turn := st.TurnNumber()
		if lastMover == aiSeat {
			follow = append(follow, delay)
		} else {
			first = append(first, delay)
			if rules.Seat(turnSeat(st)) == aiSeat {
				aiTurns++
				prev = prev[:0]
			}
		}
		clock.Advance(delay)
		// The runner may have set its timer from a time read before the clock jumped: move on in
		// small steps until it plays (a step may shorten the next delay read, hence the slack).
		h.waitVersionAfter(v, func() { clock.Advance(tick) })
		moves := mustMoves(t, h, row.ID)
		m := moves[len(moves)-1]
		_, _, after := h.stateByID()
		if rules.Seat(m.Seat) == aiSeat && turnSeat(st) == int(aiSeat) {
			steps[turn]++
			if n := len(prev); n > 0 && position(after, aiSeat) == prev[n-1].before {
				t.Errorf("turn %d: the AI's %q takes back its previous step %q", turn, m.Move, prev[n-1].move)
			}
			prev = append(prev, step{move: m.Move, before: position(st, aiSeat)})
		}
		lastMover = rules.Seat(m.Seat)
	}
	per := make([]int, 0, len(steps))
	for _, n := range steps {
		per = append(per, n)
	}
	t.Logf("first steps (%d): %s; follow-up steps (%d): %s; steps per AI turn: %s",
		len(first), spread(first), len(follow), spread(follow), spreadInts(per))
	if len(first) == 0 || len(follow) == 0 {
		t.Fatalf("the AI took %d first steps and %d follow-up steps", len(first), len(follow))
	}
	for _, d := range first {
		if d < deiDelayMin-slack || d > deiDelayMax {
			t.Errorf("a first step after %v, outside the delay %v–%v", d, deiDelayMin, deiDelayMax)
		}
	}
	for _, d := range follow {
		if d < deiDelayMin/3-slack || d > deiDelayMax/3 {
			t.Errorf("a follow-up step of the AI's own turn after %v, not a third of the delay (%v–%v)", d, deiDelayMin/3, deiDelayMax/3)
		}
	}
}

// turnSeat is the seat whose turn it is in a game of The Dutch East Indies (its view's "turn").
func turnSeat(st rules.State) int {
	var v struct {
		Turn int `json:"turn"`
	}
	b, _ := rules.Marshal(st)
	_ = json.Unmarshal(b, &v)
	return v.Turn
}

// position is seat's view of st without its version and log, with seat's legal moves: two states
// with the same position differ only by moves that changed nothing.
func position(st rules.State, seat rules.Seat) string {
	b, _ := json.Marshal(st.View(seat))
	var v map[string]json.RawMessage
	_ = json.Unmarshal(b, &v)
	for _, k := range []string{"version", "log", "last_move", "status", "undoable"} {
		delete(v, k)
	}
	out, _ := json.Marshal(v)
	return fmt.Sprint(string(out), st.Legal(seat))
}

// spread says "min … median … p90 … max" of ds.
func spread(ds []time.Duration) string {
	if len(ds) == 0 {
		return "none"
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	return fmt.Sprintf("min %v median %v p90 %v max %v", s[0], s[len(s)/2], s[len(s)*9/10], s[len(s)-1])
}

func spreadInts(xs []int) string {
	if len(xs) == 0 {
		return "none"
	}
	s := slices.Clone(xs)
	sort.Ints(s)
	sum := 0
	for _, x := range s {
		sum += x
	}
	return fmt.Sprintf("mean %.1f median %d max %d over %d turns", float64(sum)/float64(len(s)), s[len(s)/2], s[len(s)-1], len(s))
}
