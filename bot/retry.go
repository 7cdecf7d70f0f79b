package bot

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http"
	"time"

	"github.com/bwmarrin/discordgo"
)

// Clock is the time source of the bot's retries: when an outbox item is due again and how long to
// wait for it. Tests give a fake one to play a long outage without waiting for it.
type Clock interface {
	// Now is the current time.
	Now() time.Time
	// After returns a channel that receives the time once d has passed (at once for d <= 0).
	After(d time.Duration) <-chan time.Time
}

// realClock is the wall clock.
type realClock struct{}

func (realClock) Now() time.Time                         { return time.Now() }
func (realClock) After(d time.Duration) <-chan time.Time { return time.After(d) }

// Discord JSON error codes the bot acts on (Discord's "JSON Error Codes").
const (
	codeUnknownChannel     = 10003
	codeUnknownMessage     = 10008
	codeUnknownUser        = 10013
	codeUnknownInteraction = 10062
	codeAlreadyAcked       = 40060
	codeMissingAccess      = 50001
	codeCannotDM           = 50007
	codeMissingPermissions = 50013
	codeThreadArchived     = 50083
	codeThreadLocked       = 160005
)

// failure is how a failed Discord call should be handled.
type failure int

const (
	// transient: a 5xx, a timeout or a lost connection; try again after a backoff. Discord may
	// have done what was asked (a lost answer): creates carry a nonce, so a retry is safe.
	transient failure = iota + 1
	// rateLimited: a 429; try again after Retry-After.
	rateLimited
	// permanent: Discord refused the request for good (unknown channel, missing access or
	// permissions, a bad body); retrying would not help.
	permanent
)

// classify tells how to handle err from a Discord call: the failure kind, Discord's JSON error
// code when there is one, and for a rate limit how long Discord asked to wait.
func classify(err error) (kind failure, code int, retryAfter time.Duration) {
	var rl *discordgo.RateLimitError
	if errors.As(err, &rl) && rl.RateLimit != nil && rl.TooManyRequests != nil {
		return rateLimited, 0, rl.RetryAfter
	}
	var re *discordgo.RESTError
	if !errors.As(err, &re) || re.Response == nil {
		return transient, 0, 0 // a network error, a timeout, discordgo's "exceeded max retries"
	}
	if re.Message != nil {
		code = re.Message.Code
	}
	switch st := re.Response.StatusCode; {
	case st == http.StatusTooManyRequests:
		return rateLimited, code, time.Second
	case st >= 500, st == http.StatusRequestTimeout, st == http.StatusUnauthorized:
		// 401 is the whole bot's problem (a revoked token), not this message's: keep it.
		return transient, code, 0
	case st >= 400:
		return permanent, code, 0
	}
	return transient, code, 0
}

// errorLine is a failure for the log and the outbox's last_error: status and Discord's code and
// message, never the request body.
func errorLine(err error) string {
	var re *discordgo.RESTError
	if errors.As(err, &re) && re.Response != nil {
		if re.Message != nil {
			return fmt.Sprintf("HTTP %d, code %d: %s", re.Response.StatusCode, re.Message.Code, truncateLog(re.Message.Message, 120))
		}
		return fmt.Sprintf("HTTP %d", re.Response.StatusCode)
	}
	var rl *discordgo.RateLimitError
	if errors.As(err, &rl) && rl.RateLimit != nil && rl.TooManyRequests != nil {
		return fmt.Sprintf("rate limited, retry after %v", rl.RetryAfter) // lang:ok: for the log
	}
	return truncateLog(err.Error(), 200)
}

// isRESTCode reports whether err is a Discord REST error with the given JSON error code.
func isRESTCode(err error, code int) bool {
	var re *discordgo.RESTError
	if errors.As(err, &re) && re.Message != nil {
		return re.Message.Code == code
	}
	if errors.As(err, &re) && re.Response != nil && code == codeUnknownMessage {
		return re.Response.StatusCode == http.StatusNotFound
	}
	return false
}

// backoff is the wait before retry number attempt (1 for the first retry): base doubled with
// every attempt, capped at max, with "equal jitter" (half fixed, half random) so that items that
// failed together do not all come back together.
func backoff(base, max time.Duration, attempt int) time.Duration {
	d := base
	for i := 1; i < attempt && d < max; i++ {
		d *= 2
	}
	d = min(d, max)
	half := d / 2
	return half + rand.N(half+1)
}

// retryDelay is how long to wait after a failure of the given kind: Retry-After (plus a little
// jitter) for a rate limit, else the backoff of the attempt.
func (b *Bot) retryDelay(kind failure, retryAfter time.Duration, attempt int) time.Duration {
	if kind == rateLimited {
		return retryAfter + rand.N(retryAfter/10+time.Millisecond)
	}
	return backoff(b.cfg.RetryDelay, b.cfg.MaxRetryDelay, attempt)
}

// retry calls fn until it succeeds, fails permanently, or the next try would come after
// deadline, waiting between tries as retryDelay says (on b's clock). It returns fn's last error,
// or ctx's error when ctx ends first.
func (b *Bot) retry(ctx context.Context, deadline time.Time, what string, fn func(context.Context) error) error {
	for attempt := 1; ; attempt++ {
		err := fn(ctx)
		if err == nil || ctx.Err() != nil {
			return err
		}
		kind, _, after := classify(err)
		if kind == permanent {
			return err
		}
		d := b.retryDelay(kind, after, attempt)
		if b.clock.Now().Add(d).After(deadline) {
			return fmt.Errorf("%s: gave up retrying: %w", what, err)
		}
		b.log.Warn("discord call failed; retrying", "what", what, "attempt", attempt, "wait", d, "err", errorLine(err))
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-b.clock.After(d):
		}
	}
}
