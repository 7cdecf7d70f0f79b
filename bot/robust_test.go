package bot_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"spicebot/bot"
	"spicebot/bot/discordtest"
	"spicebot/data"
)

// playMoves makes n random moves in the table, each answered before the next.
func (r *rig) playMoves(tb table, rng *rand.Rand, n int) {
	r.t.Helper()
	for i := 0; i < n; i++ {
		user, move, v, ok := r.randomMove(tb, rng)
		if !ok {
			return
		}
		m, err := r.play(tb, user, move).Final(within(r.t, 20*time.Second))
		if err != nil || !strings.Contains(m.Content, "played") {
			r.t.Fatalf("play %q: %v %q", move, err, m.Content)
		}
		if got := r.state(tb.game).Version(); got != v+1 {
			r.t.Fatalf("version %d after move, want %d", got, v+1)
		}
	}
}

// checkBoards checks a channel's board posts: the last shows the game's current version, and no
// version was posted twice (a retried create that Discord had already made would do that).
func (r *rig) checkBoards(tb table) {
	r.t.Helper()
	want := r.state(tb.game).Version()
	seen := map[int]bool{}
	last := -2
	for _, m := range r.srv.Messages(tb.channel) {
		if !isBoard(m) {
			continue
		}
		v := boardVersion(m)
		if seen[v] && v >= 0 {
			r.t.Errorf("channel %s: board of version %d posted twice", tb.channel, v)
		}
		seen[v] = true
		last = v
	}
	if last != want {
		r.t.Errorf("channel %s: last board shows version %d, the game is at %d", tb.channel, last, want)
	}
}

// isMessageWrite reports whether a request creates or edits a channel message or opens a DM.
func isMessageWrite(req discordtest.Request) bool {
	switch req.Route {
	case "POST /channels/{channel_id}/messages", "PATCH /channels/{channel_id}/messages/{message_id}", "POST /users/@me/channels":
		return true
	}
	return false
}

// TestOutboxSurvivesOutage plays moves in three channels during a 60-second outage of Discord's
// message routes (interactions still work) on a fake clock: once Discord is back, every board and
// DM arrives, none twice, none given up.
func TestOutboxSurvivesOutage(t *testing.T) {
	t.Parallel()
	clock := newManualClock()
	r := newRig(t, func(c *bot.Config) { c.Clock = clock; c.RetryDelay = 500 * time.Millisecond })
	rng := rand.New(rand.NewPCG(7, 7))
	var tables []table
	for i := range 3 {
		tables = append(tables, r.startGame(fmt.Sprint(920000000000000001+i), 3, uint64(10+i)))
	}
	ctx := within(t, 30*time.Second)
	for _, tb := range tables {
		for _, u := range tb.users { // DMs in this live game too, so that some wait out the outage
			if err := r.store.SetSettings(ctx, u, data.UserSettings{Notify: data.NotifyAll}); err != nil {
				t.Fatal(err)
			}
		}
	}
	r.waitIdle(ctx, nil)
	end := clock.Now().Add(60 * time.Second)
	var failed atomic.Int64
	r.srv.SetFaults(func(req discordtest.Request) discordtest.Fault {
		if isMessageWrite(req) && clock.Now().Before(end) {
			failed.Add(1)
			return discordtest.ServerError(http.StatusServiceUnavailable)
		}
		return discordtest.Fault{}
	})
	dmsBefore := r.dmRequests()
	for _, tb := range tables {
		r.playMoves(tb, rng, 4)
	}
	// Play the outage out, a second at a time, then let the retries land.
	for clock.Now().Before(end.Add(10 * time.Minute)) {
		clock.Advance(time.Second)
		time.Sleep(2 * time.Millisecond)
		if !clock.Now().Before(end) {
			if pending, _ := r.store.PendingOutbox(ctx, 0); len(pending) == 0 {
				break
			}
		}
	}
	r.waitIdle(ctx, func() { clock.Advance(time.Second); time.Sleep(2 * time.Millisecond) })
	if failed.Load() == 0 {
		t.Fatal("the outage failed no request")
	}
	if gave, _ := r.store.GivenUpOutbox(ctx); len(gave) > 0 {
		t.Fatalf("items given up: %+v", gave)
	}
	for _, tb := range tables {
		r.checkBoards(tb)
	}
	if dms := r.dmRequests() - dmsBefore; dms == 0 {
		t.Error("no DM was sent after the outage")
	}
	r.checkNoDuplicateDMs()
}

// dmRequests counts the DMs created so far.
func (r *rig) dmRequests() int {
	n := 0
	for _, req := range r.srv.Requests() {
		if req.Route == "POST /channels/{channel_id}/messages" && req.Status == 200 && strings.HasPrefix(fmt.Sprint(req.JSON()["nonce"]), "d") {
			n++
		}
	}
	return n
}

// checkNoDuplicateDMs fails if two DMs were created with the same nonce (one delivery made twice).
func (r *rig) checkNoDuplicateDMs() {
	r.t.Helper()
	seen := map[string]bool{}
	for _, u := range r.users() {
		for _, m := range r.srv.DMs(u) {
			if m.Nonce == "" {
				r.t.Errorf("DM to %s without a nonce", u)
			}
			if seen[m.Nonce] {
				r.t.Errorf("user %s got one delivery twice: %q", u, m.Content)
			}
			seen[m.Nonce] = true
		}
	}
}

// users lists every user the server knows of that got a DM.
func (r *rig) users() []string {
	set := map[string]bool{}
	for _, req := range r.srv.Requests() {
		if req.Route == "POST /users/@me/channels" {
			if id, ok := req.JSON()["recipient_id"].(string); ok {
				set[id] = true
			}
		}
	}
	var out []string
	for u := range set {
		out = append(out, u)
	}
	return out
}

// TestOutboxLostAnswers loses Discord's answer to the first try of every message create and edit
// (Discord did it, the bot never heard): the retries are deduplicated by the nonce, so every
// board and DM is there exactly once.
func TestOutboxLostAnswers(t *testing.T) {
	t.Parallel()
	r := newRig(t, func(c *bot.Config) { c.RetryDelay = 10 * time.Millisecond })
	rng := rand.New(rand.NewPCG(8, 8))
	tb := r.startGame("930000000000000001", 3, 21)
	ctx := within(t, 30*time.Second)
	r.waitIdle(ctx, nil)
	var mu sync.Mutex
	tried := map[string]bool{}
	r.srv.SetFaults(func(req discordtest.Request) discordtest.Fault {
		if !isMessageWrite(req) || req.Route == "POST /users/@me/channels" {
			return discordtest.Fault{}
		}
		key := req.Method + " " + req.Path + " " + fmt.Sprint(req.JSON()["nonce"], len(req.Files), len(req.Body))
		mu.Lock()
		defer mu.Unlock()
		if tried[key] {
			return discordtest.Fault{}
		}
		tried[key] = true
		return discordtest.LostAnswer()
	})
	r.playMoves(tb, rng, 8)
	r.waitIdle(ctx, nil)
	lost := 0
	for _, req := range r.srv.Requests() {
		if req.Fault == "lost" {
			lost++
		}
	}
	if lost == 0 || r.srv.NonceHits() == 0 {
		t.Fatalf("%d answers lost, %d nonce hits: the test did not lose a create", lost, r.srv.NonceHits())
	}
	if gave, _ := r.store.GivenUpOutbox(ctx); len(gave) > 0 {
		t.Fatalf("items given up: %+v", gave)
	}
	r.checkBoards(tb)
	r.checkNoDuplicateDMs()
	// Every create carried a nonce that Discord enforces.
	for _, req := range r.srv.Requests() {
		if req.Route == "POST /channels/{channel_id}/messages" {
			if j := req.JSON(); j["nonce"] == nil || j["enforce_nonce"] != true {
				t.Fatalf("message create without an enforced nonce: %s", req.Body)
			}
		}
	}
}

// TestOneFailingChannelDoesNotHoldUpOthers: while one channel's boards fail with 5xx (and wait for
// their backoff on a clock that does not move), another channel's boards are posted at once.
func TestOneFailingChannelDoesNotHoldUpOthers(t *testing.T) {
	t.Parallel()
	clock := newManualClock()
	r := newRig(t, func(c *bot.Config) { c.Clock = clock; c.RetryDelay = 5 * time.Second })
	rng := rand.New(rand.NewPCG(9, 9))
	bad := r.startGame("940000000000000001", 3, 31)
	good := r.startGame("940000000000000002", 3, 32)
	ctx := within(t, 30*time.Second)
	r.waitIdle(ctx, nil)
	r.srv.SetFaults(func(req discordtest.Request) discordtest.Fault {
		if isMessageWrite(req) && strings.Contains(req.Path, bad.channel) {
			return discordtest.ServerError(http.StatusBadGateway)
		}
		return discordtest.Fault{}
	})
	r.playMoves(bad, rng, 2)
	r.playMoves(good, rng, 3)
	// The good channel's board catches up without the clock moving.
	want := r.state(good.game).Version()
	if _, err := r.srv.WaitFor(ctx, func(m discordtest.Message) bool {
		return m.ChannelID == good.channel && isBoard(m) && boardVersion(m) == want
	}); err != nil {
		t.Fatalf("good channel's board: %v", err)
	}
	r.srv.SetFaults(nil)
	r.waitIdle(ctx, func() { clock.Advance(time.Second); time.Sleep(2 * time.Millisecond) })
	r.checkBoards(bad)
	r.checkBoards(good)
}

// TestRateLimitHonoursRetryAfter: a 429 asking for 7 s is retried no sooner (on the bot's clock).
func TestRateLimitHonoursRetryAfter(t *testing.T) {
	t.Parallel()
	clock := newManualClock()
	r := newRig(t, func(c *bot.Config) { c.Clock = clock })
	tb := r.startGame("950000000000000001", 3, 41)
	ctx := within(t, 30*time.Second)
	r.waitIdle(ctx, nil)
	var (
		mu    sync.Mutex
		times []time.Time
	)
	r.srv.SetFaults(func(req discordtest.Request) discordtest.Fault {
		if req.Route != "PATCH /channels/{channel_id}/messages/{message_id}" && req.Route != "POST /channels/{channel_id}/messages" {
			return discordtest.Fault{}
		}
		if !strings.Contains(req.Path, tb.channel) {
			return discordtest.Fault{}
		}
		mu.Lock()
		defer mu.Unlock()
		times = append(times, clock.Now())
		if len(times) == 1 {
			return discordtest.RateLimited(7 * time.Second)
		}
		return discordtest.Fault{}
	})
	r.playMoves(tb, rand.New(rand.NewPCG(4, 1)), 1)
	r.waitIdle(ctx, func() { clock.Advance(500 * time.Millisecond); time.Sleep(2 * time.Millisecond) })
	mu.Lock()
	defer mu.Unlock()
	if len(times) < 2 {
		t.Fatalf("%d board requests, want a retry", len(times))
	}
	if wait := times[1].Sub(times[0]); wait < 7*time.Second {
		t.Fatalf("retried after %v, Retry-After asked for 7s", wait)
	}
	r.checkBoards(tb)
}

// TestPermanentRefusalTellsCreator: a channel where the bot lost Attach Files refuses the board
// for good (50013): the item is given up — not retried for hours — and the creator is told by DM
// what to fix, or, with DMs closed, in the channel where text still goes through.
func TestPermanentRefusalTellsCreator(t *testing.T) {
	t.Parallel()
	for _, dmsClosed := range []bool{false, true} {
		t.Run(fmt.Sprint("dms-closed=", dmsClosed), func(t *testing.T) {
			r := newRig(t, nil)
			tb := r.startGame("960000000000000001", 3, 51)
			ctx := within(t, 30*time.Second)
			r.waitIdle(ctx, nil)
			if dmsClosed {
				r.srv.CloseDMs(tb.users[0])
			}
			r.srv.SetFaults(func(req discordtest.Request) discordtest.Fault {
				if isMessageWrite(req) && strings.Contains(req.Path, tb.channel) && len(req.Files) > 0 {
					return discordtest.Refused(http.StatusForbidden, 50013, "Missing Permissions")
				}
				return discordtest.Fault{}
			})
			r.playMoves(tb, rand.New(rand.NewPCG(5, 1)), 1)
			r.waitIdle(ctx, nil)
			gave, err := r.store.GivenUpOutbox(ctx)
			if err != nil || len(gave) == 0 || !strings.Contains(gave[0].LastError, "50013") {
				t.Fatalf("given up = %+v, %v", gave, err)
			}
			var told string
			if dmsClosed {
				for _, m := range r.srv.Messages(tb.channel) {
					if strings.Contains(m.Content, "missing a permission") {
						told = m.Content
					}
				}
			} else {
				for _, m := range r.srv.DMs(tb.users[0]) {
					if strings.Contains(m.Content, "missing a permission") {
						told = m.Content
					}
				}
			}
			if !strings.Contains(told, "Attach Files") || !strings.Contains(told, "<#"+tb.channel+">") {
				t.Fatalf("creator told %q", told)
			}
		})
	}
}

// TestDeferredEditRetried: the edit that completes a deferred reply fails twice with 5xx; it is
// retried, so the player is not left on "thinking…".
func TestDeferredEditRetried(t *testing.T) {
	t.Parallel()
	r := newRig(t, nil)
	tb := r.startGame("970000000000000001", 3, 61)
	var fails atomic.Int64
	r.srv.SetFaults(func(req discordtest.Request) discordtest.Fault {
		if req.Route == "PATCH /webhooks/{webhook_id}/{webhook_token}/messages/@original" && fails.Add(1) <= 2 {
			return discordtest.ServerError(http.StatusInternalServerError)
		}
		return discordtest.Fault{}
	})
	user, move, v, _ := r.randomMove(tb, rand.New(rand.NewPCG(6, 1)))
	ix := r.play(tb, user, move)
	m, err := ix.Final(within(t, 20*time.Second))
	if err != nil || m.Loading || !strings.Contains(m.Content, "played") {
		t.Fatalf("final = %+v, %v", m, err)
	}
	if fails.Load() < 3 {
		t.Fatalf("%d edits, want 2 failures and a success", fails.Load())
	}
	if got := r.state(tb.game).Version(); got != v+1 {
		t.Fatalf("version %d, want %d", got, v+1)
	}
}

// TestExpiredInteractionAppliesNoMove: a /play that reaches the bot too late to be acknowledged
// (10062) is not applied; pressed again in time, it is.
func TestExpiredInteractionAppliesNoMove(t *testing.T) {
	t.Parallel()
	r := newRig(t, nil)
	tb := r.startGame("980000000000000001", 3, 71)
	ctx := within(t, 20*time.Second)
	r.srv.SetAckDeadline(time.Nanosecond)
	user, move, v, _ := r.randomMove(tb, rand.New(rand.NewPCG(7, 1)))
	r.play(tb, user, move)
	deadline := time.Now().Add(5 * time.Second)
	for !strings.Contains(r.logs.String(), "not acknowledged") {
		if time.Now().After(deadline) {
			t.Fatalf("the bot never gave up acknowledging: %s", r.logs)
		}
		time.Sleep(5 * time.Millisecond)
	}
	if got := r.state(tb.game).Version(); got != v {
		t.Fatalf("an unacknowledged move was applied: version %d, want %d", got, v)
	}
	r.srv.SetAckDeadline(3 * time.Second)
	if m, err := r.play(tb, user, move).Final(ctx); err != nil || !strings.Contains(m.Content, "played") {
		t.Fatalf("second try: %v %q", err, m.Content)
	}
	if got := r.state(tb.game).Version(); got != v+1 {
		t.Fatalf("version %d, want %d", got, v+1)
	}
}

// TestMalformedInteractions sends payloads Discord should never send: each gets a clear private
// answer (or none for an autocomplete), nothing changes, the log has the payload's shape but no
// value, and the bot keeps serving.
func TestMalformedInteractions(t *testing.T) {
	t.Parallel()
	r := newRig(t, nil)
	tb := r.startGame("990000000000000001", 3, 81)
	ctx := within(t, 20*time.Second)
	const secret = "S17-hidden-value"
	v := r.state(tb.game).Version()
	user := tb.users[0]
	cases := []struct {
		name string
		typ  int
		data any
	}{
		{"command without data", discordtest.InteractionCommand, nil},
		{"component without data", discordtest.InteractionComponent, nil},
		{"string option with a number", discordtest.InteractionCommand, map[string]any{"id": "1", "name": "play", "type": 1,
			"options": []any{map[string]any{"name": "move", "type": 3, "value": 17}}}},
		{"string option null", discordtest.InteractionCommand, map[string]any{"id": "1", "name": "play", "type": 1,
			"options": []any{map[string]any{"name": "move", "type": 3, "value": nil}}}},
		{"boolean option with a string", discordtest.InteractionCommand, map[string]any{"id": "1", "name": "game", "type": 1,
			"options": []any{map[string]any{"name": "new", "type": 1, "options": []any{
				map[string]any{"name": "blackbeard", "type": 5, "value": secret}}}}}},
		{"integer option with text", discordtest.InteractionCommand, map[string]any{"id": "1", "name": "log", "type": 1,
			"options": []any{map[string]any{"name": "count", "type": 4, "value": secret}}}},
		{"component without custom_id", discordtest.InteractionComponent, map[string]any{"component_type": 3, "values": []any{secret}}},
		{"data of the wrong shape", discordtest.InteractionCommand, []any{secret}},
	}
	for _, c := range cases {
		ix := r.srv.Raw(c.typ, user, tb.channel, "", c.data)
		resp, err := ix.Response(ctx)
		if err != nil {
			t.Fatalf("%s: no answer: %v", c.name, err)
		}
		if resp.Type != discordtest.CallbackMessage || !resp.Ephemeral || !strings.Contains(resp.Content, "nothing was changed") {
			t.Errorf("%s: answered %+v", c.name, resp)
		}
	}
	if got := r.state(tb.game).Version(); got != v {
		t.Fatalf("a malformed interaction changed the game: version %d, want %d", got, v)
	}
	if strings.Contains(r.logs.String(), secret) {
		t.Fatalf("the log holds a payload value")
	}
	if !strings.Contains(r.logs.String(), "unreadable interaction") {
		t.Fatalf("the log does not describe the payloads")
	}
	r.playMoves(tb, rand.New(rand.NewPCG(8, 1)), 1)
}

var _ = context.Background
