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
	restBurst(t, 100) // it logs the latencies
}

// BenchmarkRESTLimiterBurst is TestRESTLimiterBurst as a benchmark: each iteration starts 100
// tables and plays one move at once in each; it reports the board latency p50 and p99 in
// milliseconds (run it with -benchtime=1x: an iteration takes tens of seconds).
func BenchmarkRESTLimiterBurst(b *testing.B) {
	var p50s, p99s []time.Duration
	for range b.N {
		p50, p99, _ := restBurst(b, 100)
		p50s, p99s = append(p50s, p50), append(p99s, p99)
	}
	slices.Sort(p50s)
	slices.Sort(p99s)
	b.ReportMetric(float64(p50s[len(p50s)/2].Milliseconds()), "p50-ms")
	b.ReportMetric(float64(p99s[len(p99s)/2].Milliseconds()), "p99-ms")
}

// restBurst plays one move at once in each of tables channels (see TestRESTLimiterBurst),
// failing t on a global 429 or a board not delivered, and returns the board latency p50, p99
// and max.
func restBurst(t testing.TB, tables int) (p50, p99, longest time.Duration) {
	t.Helper()
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
		for _, q := range r.srv.Requests() {
			if q.Fault == "429 global" {
				t.Logf("429: %s %s at %v", q.Method, q.Path, q.Time.Format("15:04:05.000"))
				var in []string
				for _, o := range r.srv.Requests() {
					if o.Fault == "" && globallyCounted(o.Path) && !o.Time.After(q.Time) && o.Time.After(q.Time.Add(-time.Second)) {
						in = append(in, o.Time.Format("05.000")+" "+o.Method+" "+o.Path[len(o.Path)-12:])
					}
				}
				t.Logf("%d in the second before: %v", len(in), in)
				break
			}
		}
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
			if strings.Contains(q.Path, "/channels/"+tb.channel+"/messages") && (q.Method == "POST" || q.Method == "PATCH") && q.Status < 300 {
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
	if len(lat) == 0 {
		t.Fatal("no board delivered")
	}
	p50, p99, longest = lat[len(lat)/2].Round(time.Millisecond), lat[len(lat)*99/100].Round(time.Millisecond), lat[len(lat)-1].Round(time.Millisecond)
	t.Logf("%d tables, %d REST calls counted against the global limit, %d global 429s: board latency p50 %v, p99 %v, max %v",
		tables, counted, r.srv.GlobalRefused(), p50, p99, longest)
	return p50, p99, longest
}

// globallyCounted mirrors the bot's rule: every REST path but interaction callbacks and webhooks.
func globallyCounted(path string) bool {
	return !strings.Contains(path, "/interactions/") && !strings.Contains(path, "/webhooks/") && !strings.HasSuffix(path, "/gateway")
}

// TestRESTLimiterRawBurst sends 300 plain messages at once in 100 channels through the bot's
// session (no rendering to slow the burst down): the limiter queues them under the loopback's
// global limit, so none draws a global 429 and every one is delivered. (Without the limiter,
// RESTRate -1, the same burst drew 664 global 429s.)
func TestRESTLimiterRawBurst(t *testing.T) {
	if testing.Short() {
		t.Skip("a burst of 300 calls")
	}
	r := newRig(t, nil)
	const channels, each = 100, 3
	for i := range channels {
		r.srv.AddChannel(fmt.Sprint(920000000000000000+i), "burst")
	}
	start := time.Now()
	var wg sync.WaitGroup
	for i := range channels * each {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ch := fmt.Sprint(920000000000000000 + i%channels)
			if _, err := r.bot.Session().ChannelMessageSend(ch, fmt.Sprint("message ", i)); err != nil {
				t.Errorf("send %d: %v", i, err)
			}
		}()
	}
	wg.Wait()
	took := time.Since(start)
	if n := r.srv.GlobalRefused(); n > 0 {
		t.Errorf("%d calls drew a global 429", n)
	}
	for i := range channels {
		if n := len(r.srv.Messages(fmt.Sprint(920000000000000000 + i))); n != each {
			t.Errorf("channel %d got %d messages, want %d", i, n, each)
		}
	}
	t.Logf("%d calls in %v (%.1f per second), %d global 429s", channels*each, took.Round(time.Millisecond),
		float64(channels*each)/took.Seconds(), r.srv.GlobalRefused())
}
