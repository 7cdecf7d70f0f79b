package bot

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"golang.org/x/time/rate"

	"spicebot/data"
)

// Discord's global rate limit: a bot may make DefaultRESTRate REST calls per second in all,
// across every server and every process (interaction callbacks and interaction webhooks are not
// counted). Past it Discord answers 429 with "global": true, and an address that makes 10,000
// invalid requests in 10 minutes is banned for a while.
//
// The bot keeps under it by itself: every REST call but the interaction ones waits for a token of
// one process-wide limiter (limitTransport), golang.org/x/time/rate's token bucket — the
// well-kept implementation in Go's extended library (Wait honours the request's context, and the
// rate can change while it runs), rather than a home-made one. A burst is queued, never refused.
// The bucket is sized so that no window of one second holds more than the limit (see bucket). Should
// Discord answer a global 429 all the same (another program using the token), every call waits
// out its Retry-After.
//
// With several processes on one PostgreSQL database the limit is shared through the database:
// each process records a heartbeat (data.Store.ShareREST, every restShareEvery) and takes 1/n of
// the limit, n being the processes seen within restShareTTL; one that stops leaves its share
// (LeaveREST) and one that dies drops out after restShareTTL. (A shared REST proxy in front of
// Discord, such as nirn-proxy, would do the same; see the README's "Discord's budget".)

// DefaultRESTRate is Discord's global limit in REST calls per second (Config.RESTRate).
const DefaultRESTRate = 50

// restShareEvery is how often a process renews its share of the REST limit; restShareTTL is how
// long a process that stopped renewing keeps its share.
const (
	restShareEvery = 5 * time.Second
	restShareTTL   = 3 * restShareEvery
)

// restLimiter is the process's share of the global REST limit.
type restLimiter struct {
	lim   *rate.Limiter
	total float64 // the whole bot's limit, calls per second

	mu     sync.Mutex
	shares int // processes sharing total (1 alone)
	// pauseUntil: Discord answered a global 429 anyway (another program on the same token, a
	// proxy): no call leaves before then.
	pauseUntil time.Time
}

// newRESTLimiter returns a limiter of total calls per second for the whole bot, this process
// alone; total <= 0 means no limit.
func newRESTLimiter(total float64) *restLimiter {
	l := &restLimiter{total: total, shares: 1}
	if total <= 0 {
		l.lim = rate.NewLimiter(rate.Inf, 1)
		return l
	}
	r, burst := bucket(total)
	l.lim = rate.NewLimiter(r, burst)
	return l
}

// bucket is the rate and burst of a token bucket that lets at most total calls through in any
// window of one second: a burst of a tenth of total (at least one), refilled at the rest (of 50:
// 45 per second and a burst of 5). Discord's limit is itself a budget of total per second, so
// the calls' travel times, which bunch some up, stay within it.
func bucket(total float64) (rate.Limit, int) {
	burst := max(1, int(total/10))
	r := total - float64(burst)
	if r <= 0 {
		r, burst = total/2, 1 // below 2 per second: half of it, one call at a time (a second may hold 1.5)
	}
	return rate.Limit(r), burst
}

// share sets the number of processes sharing the limit (n >= 1): this one takes 1/n of it.
func (l *restLimiter) share(n int) {
	if l.total <= 0 || n < 1 {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if n == l.shares {
		return
	}
	l.shares = n
	r, burst := bucket(l.total / float64(n))
	now := time.Now()
	l.lim.SetBurstAt(now, burst)
	l.lim.SetLimitAt(now, r)
}

// wait blocks until a REST call may go, or ctx ends (its error).
func (l *restLimiter) wait(ctx context.Context) error {
	l.mu.Lock()
	until := l.pauseUntil
	l.mu.Unlock()
	if d := time.Until(until); d > 0 {
		t := time.NewTimer(d)
		defer t.Stop()
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-t.C:
		}
	}
	return l.lim.Wait(ctx)
}

// pause holds every call for d (a global 429's Retry-After).
func (l *restLimiter) pause(d time.Duration) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if until := time.Now().Add(d); until.After(l.pauseUntil) {
		l.pauseUntil = until
	}
}

// paused returns the time before which no call leaves (zero when none is held).
func (l *restLimiter) paused() time.Time {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.pauseUntil
}

// globalRetryAfter returns how long a global 429 answer asks every call to wait (Retry-After,
// seconds), or false when resp is not a global 429.
func globalRetryAfter(resp *http.Response) (time.Duration, bool) {
	if resp.StatusCode != http.StatusTooManyRequests ||
		(resp.Header.Get("X-RateLimit-Global") != "true" && resp.Header.Get("X-RateLimit-Scope") != "global") {
		return 0, false
	}
	secs, err := strconv.ParseFloat(resp.Header.Get("Retry-After"), 64)
	if err != nil || secs <= 0 {
		secs = 1
	}
	return time.Duration(secs * float64(time.Second)), true
}

// limitTransport makes every REST call to Discord but the interaction ones wait for the limiter
// first (see the top of this file).
type limitTransport struct {
	lim  *restLimiter
	next http.RoundTripper
}

// RoundTrip implements http.RoundTripper.
func (t limitTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	if !globallyLimited(req.URL.Path) {
		return t.next.RoundTrip(req)
	}
	if err := t.lim.wait(req.Context()); err != nil {
		if req.Body != nil {
			req.Body.Close()
		}
		return nil, err
	}
	resp, err := t.next.RoundTrip(req)
	if err == nil {
		if d, ok := globalRetryAfter(resp); ok {
			t.lim.pause(d) // every call waits, not only this one's retry
		}
	}
	return resp, err
}

// globallyLimited reports whether a REST path counts against Discord's global limit: every one
// but interaction callbacks and interaction webhooks (/interactions/..., /webhooks/...), which
// Discord does not count, and which must answer within the interaction's 3 seconds.
func globallyLimited(path string) bool {
	_, rest, ok := strings.Cut(path, "/api/v")
	if !ok {
		return true
	}
	if i := strings.IndexByte(rest, '/'); i >= 0 {
		rest = rest[i:]
	}
	return !strings.HasPrefix(rest, "/interactions/") && !strings.HasPrefix(rest, "/webhooks/")
}

// shareREST renews this process's share of the REST limit every restShareEvery until the bot
// stops, then leaves it (see the top of this file). A failed heartbeat keeps the last share.
func (b *Bot) shareREST(store *data.Store) {
	defer b.wg.Done()
	if b.limiter.total <= 0 {
		return
	}
	for {
		n, err := store.ShareREST(b.ctx, b.aiID, time.Now(), restShareTTL)
		if err == nil {
			b.limiter.share(n)
		} else if b.ctx.Err() == nil {
			b.log.Warn("share the REST limit", "err", err)
		}
		select {
		case <-b.ctx.Done():
			ctx, cancel := context.WithTimeout(context.WithoutCancel(b.ctx), 2*time.Second)
			if err := store.LeaveREST(ctx, b.aiID); err != nil {
				b.log.Warn("leave the REST limit", "err", err)
			}
			cancel()
			return
		case <-time.After(restShareEvery):
		}
	}
}
