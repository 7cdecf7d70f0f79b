package bot_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"spicebot/bot/discordtest"
)

// TestRESTLimiterBurst plays one move at once in each of 100 channels against the loopback
// Discord, which enforces Discord's global limit (50 REST calls per second, else 429 with
// "global": true): the bot's limiter queues the burst, so no call draws a global 429 and every
// board is delivered. It logs the board latency (from the move to its board's post) p50/p99.
func TestRESTLimiterBurst(t *testing.T) {
	if testing.Short() {
		t.Skip("100 tables")
	}
	const tables = 100
	r := newRig(t, nil)
	var tbs []table
	for i := range tables {
		tbs = append(tbs, r.startGame(fmt.Sprint(910000000000000000+i), 3, uint64(i+1)))
	}
	r.waitIdle(within(t, 120*time.Second), nil)
	startReq := len(r.srv.Requests())
	rng := rand.New(rand.NewPCG(6, 25))
	type sent struct {
		at      time.Time
		version int
	}
	moves := make([]sent, tables)
	var wg sync.WaitGroup
	for i, tb := range tbs {
		user, move, v, ok := r.randomMove(tb, rng)
		if !ok {
			t.Fatalf("table %d: no move", i)
		}
		moves[i] = sent{at: time.Now(), version: v}
		ix := r.play(tb, user, move)
		wg.Add(1)
		go func() {
			defer wg.Done()
			if m, err := ix.Final(within(t, 60*time.Second)); err != nil || !strings.HasPrefix(m.Content, "You played") {
				t.Errorf("table %d: /play answered %q, %v", i, m.Content, err)
			}
		}()
	}
	wg.Wait()
	r.waitIdle(within(t, 120*time.Second), nil)
	if n := r.srv.GlobalRefused(); n > 0 {
		t.Errorf("%d REST calls drew a global 429", n)
	}
	// Every board delivered: each channel's board shows the version after its move; its latency
	// is the time of the last REST call that made it so.
	reqs := r.srv.Requests()[startReq:]
	var lat []time.Duration
	counted := 0
	for i, tb := range tbs {
		var board discordtest.Message
		for _, m := range r.srv.Messages(tb.channel) {
			if isBoard(m) {
				board = m
			}
		}
		want := r.state(tb.game).Version()
		if got := boardVersion(board); got != want || want <= moves[i].version {
			t.Errorf("table %d: the board shows version %d, want %d", i, got, want)
			continue
		}
		var last time.Time
		for _, q := range reqs {
			if strings.Contains(q.Path, "/channels/"+tb.channel+"/messages") && q.Method == "POST" && q.Status < 300 {
				last = q.Time
			}
		}
		lat = append(lat, last.Sub(moves[i].at))
	}
	for _, q := range reqs {
		if globallyCounted(q.Path) {
			counted++
		}
	}
	slices.Sort(lat)
	if len(lat) > 0 {
		t.Logf("%d tables, %d REST calls counted against the global limit, no global 429: board latency p50 %v, p99 %v, max %v",
			tables, counted, lat[len(lat)/2].Round(time.Millisecond), lat[len(lat)*99/100].Round(time.Millisecond), lat[len(lat)-1].Round(time.Millisecond))
	}
}

// globallyCounted mirrors the bot's rule: every REST path but interaction callbacks and webhooks.
func globallyCounted(path string) bool {
	return !strings.Contains(path, "/interactions/") && !strings.Contains(path, "/webhooks/") && !strings.HasSuffix(path, "/gateway")
}
