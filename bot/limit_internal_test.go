package bot

import (
	"context"
	"net/http"
	"testing"
	"time"

	"golang.org/x/time/rate"
)

// TestRESTBucket checks the limiter's bucket: at most the limit in any second (burst plus one
// second of refill), and each of n processes taking 1/n of it.
func TestRESTBucket(t *testing.T) {
	for _, total := range []float64{50, 25, 10, 3, 2} { // below 2 per second, a burst of one is already more than half
		r, burst := bucket(total)
		if float64(r)+float64(burst) > total || r <= 0 || burst < 1 {
			t.Errorf("bucket(%v) = %v/s, burst %d: more than the limit in a second", total, r, burst)
		}
	}
	l := newRESTLimiter(50)
	if l.lim.Limit() != 45 || l.lim.Burst() != 5 {
		t.Fatalf("alone: %v/s, burst %d", l.lim.Limit(), l.lim.Burst())
	}
	l.share(2)
	if r, b := bucket(25); l.lim.Limit() != r || l.lim.Burst() != b {
		t.Fatalf("two processes: %v/s, burst %d; want %v, %d", l.lim.Limit(), l.lim.Burst(), r, b)
	}
	l.share(1)
	if l.lim.Limit() != 45 {
		t.Fatalf("alone again: %v/s", l.lim.Limit())
	}
	if off := newRESTLimiter(-1); off.lim.Limit() != rate.Inf {
		t.Fatalf("no limit: %v/s", off.lim.Limit())
	}
}

// TestGloballyLimited checks which REST paths wait for the limiter: every one but interaction
// callbacks and webhooks.
func TestGloballyLimited(t *testing.T) {
	for path, want := range map[string]bool{
		"/api/v9/channels/1/messages":                     true,
		"/api/v9/users/@me/channels":                      true,
		"/api/v9/channels/1/messages/2":                   true,
		"/api/v9/interactions/1/tok/callback":             false,
		"/api/v9/webhooks/1/tok/messages/@original":       false,
		"/api/v9/webhooks/1/tok":                          false,
		"/prefix/api/v9/applications/1/guilds/2/commands": true,
	} {
		if got := globallyLimited(path); got != want {
			t.Errorf("globallyLimited(%q) = %v, want %v", path, got, want)
		}
	}
}

// answer is a RoundTripper that answers every request with status and header.
type answer struct {
	status int
	header http.Header
}

func (a answer) RoundTrip(req *http.Request) (*http.Response, error) {
	return &http.Response{StatusCode: a.status, Header: a.header, Body: http.NoBody, Request: req}, nil
}

// TestGlobal429Pauses checks that a global 429 holds every later call for its Retry-After, and
// that a route's own 429 holds none.
func TestGlobal429Pauses(t *testing.T) {
	req := func() *http.Request {
		r, _ := http.NewRequest("POST", "https://discord.com/api/v9/channels/1/messages", nil)
		return r
	}
	l := newRESTLimiter(50)
	route := limitTransport{lim: l, next: answer{429, http.Header{"Retry-After": {"3"}, "X-Ratelimit-Scope": {"user"}}}}
	if _, err := route.RoundTrip(req()); err != nil {
		t.Fatal(err)
	}
	if !l.paused().IsZero() {
		t.Fatal("a route's 429 held every call")
	}
	global := limitTransport{lim: l, next: answer{429, http.Header{"Retry-After": {"3"}, "X-Ratelimit-Global": {"true"}}}}
	before := time.Now()
	if _, err := global.RoundTrip(req()); err != nil {
		t.Fatal(err)
	}
	if until := l.paused(); until.Before(before.Add(3 * time.Second)) {
		t.Fatalf("a global 429 holds calls until %v, want 3 s after %v", until, before)
	}
	// A call with a token at hand still waits out the pause (3 s) past its own 50 ms.
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	if err := l.wait(ctx); err == nil {
		t.Fatal("a call left during the pause")
	}
}
