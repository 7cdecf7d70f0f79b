package discordtest_test

import (
	"errors"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"spicebot/bot/discordtest"
)

// TestFaults: injected 5xx, 429 with Retry-After, refusals and lost answers reach discordgo as
// Discord's would, and enforce_nonce answers a repeated create with the first message.
func TestFaults(t *testing.T) {
	srv := discordtest.New(t)
	dg := newSession(t, srv)
	const ch = "700"
	srv.AddChannel(ch, "faults")
	var (
		mu   sync.Mutex
		next discordtest.Fault
	)
	srv.SetFaults(func(req discordtest.Request) discordtest.Fault {
		mu.Lock()
		defer mu.Unlock()
		f := next
		next = discordtest.Fault{}
		return f
	})
	send := func(fault discordtest.Fault, body map[string]any) (*discordgo.Message, error) {
		mu.Lock()
		next = fault
		mu.Unlock()
		var m discordgo.Message
		raw, err := dg.RequestWithBucketID("POST", discordgo.EndpointChannelMessages(ch), body, "x",
			discordgo.WithRetryOnRatelimit(false), discordgo.WithRestRetries(0))
		if err != nil {
			return nil, err
		}
		return &m, discordgo.Unmarshal(raw, &m)
	}

	var re *discordgo.RESTError
	if _, err := send(discordtest.ServerError(http.StatusServiceUnavailable), map[string]any{"content": "a"}); !errors.As(err, &re) || re.Response.StatusCode != 503 {
		t.Fatalf("5xx: %v", err)
	}
	var rl *discordgo.RateLimitError
	if _, err := send(discordtest.RateLimited(1500*time.Millisecond), map[string]any{"content": "a"}); !errors.As(err, &rl) || rl.RetryAfter != 1500*time.Millisecond {
		t.Fatalf("429: %v", err)
	}
	refused := discordtest.Refused(http.StatusForbidden, 50013, "Missing Permissions")
	if _, err := send(refused, map[string]any{"content": "a"}); !errors.As(err, &re) || re.Message == nil || re.Message.Code != 50013 {
		t.Fatalf("refusal: %v", err)
	}
	if n := len(srv.Messages(ch)); n != 0 {
		t.Fatalf("%d messages created by refused requests", n)
	}

	// A lost answer: the message exists, the client saw an error; the retry with the same
	// enforced nonce gets the same message back.
	body := map[string]any{"content": "board", "nonce": "b1.x", "enforce_nonce": true}
	if _, err := send(discordtest.LostAnswer(), body); err == nil {
		t.Fatal("a lost answer reached the client")
	}
	m, err := send(discordtest.Fault{}, body)
	if err != nil || m.Content != "board" {
		t.Fatalf("retry: %v %+v", err, m)
	}
	if got := srv.Messages(ch); len(got) != 1 || got[0].ID != m.ID || got[0].Nonce != "b1.x" || srv.NonceHits() != 1 {
		t.Fatalf("messages %+v, nonce hits %d", got, srv.NonceHits())
	}
	// Without enforce_nonce the same nonce makes another message.
	if _, err := send(discordtest.Fault{}, map[string]any{"content": "again", "nonce": "b1.x"}); err != nil {
		t.Fatal(err)
	}
	if n := len(srv.Messages(ch)); n != 2 {
		t.Fatalf("%d messages, want 2", n)
	}
	var faults []string
	for _, r := range srv.Requests() {
		if r.Fault != "" {
			faults = append(faults, r.Fault)
		}
	}
	if strings.Join(faults, " ") != "503 429 403 lost" {
		t.Fatalf("recorded faults %q", faults)
	}
}
