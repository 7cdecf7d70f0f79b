package discordtest

// HTTP interactions mode: Discord POSTs each interaction to the application's Interactions
// Endpoint URL instead of sending INTERACTION_CREATE over the gateway. The request is signed with
// the application's Ed25519 key (X-Signature-Ed25519 over X-Signature-Timestamp + body); the HTTP
// reply is the initial response, within 3 s.

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strconv"
	"syscall"
	"time"
)

// Delivery is one POST of an interaction to an endpoint (UseEndpoint).
type Delivery struct {
	InteractionID string
	URL           string
	// Status is the HTTP status answered; 0 when no answer came (Err says why).
	Status int
	Err    string
	// Body is the answer's body.
	Body []byte
	Time time.Time
}

// UseEndpoint switches the server to HTTP interactions mode: from now on every interaction is
// POSTed, signed with the application's key (PublicKey), to an endpoint URL instead of being sent
// over the gateway, and the answer (200 with an interaction response) is taken as the initial
// callback. route returns the URLs to try for an interaction, in order: the next is tried only
// when a connection cannot be made at all (connection refused), as a load balancer fails over;
// an endpoint that accepts the request and then fails or answers too late fails the interaction
// (Response and Final return an error), as on Discord. route is called without the server's lock
// and may block (a test can hold interactions back). nil goes back to the gateway.
func (s *Server) UseEndpoint(route func(ix *Interaction) []string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.keyLocked()
	s.endpoint = route
}

// SetKey makes key the application's key pair (by default the server makes one): interactions
// are signed with it.
func (s *Server) SetKey(key ed25519.PrivateKey) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.signKey = key
}

// PublicKey is the application's public key as the developer portal shows it (64 hex digits):
// what DISCORD_PUBLIC_KEY is set to for HTTP interactions mode.
func (s *Server) PublicKey() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return hex.EncodeToString(s.keyLocked().Public().(ed25519.PublicKey))
}

// Sign returns the X-Signature-Ed25519 and X-Signature-Timestamp headers Discord sends with body
// at time t, signed with the application's key.
func (s *Server) Sign(body []byte, t time.Time) (signature, timestamp string) {
	s.mu.Lock()
	key := s.keyLocked()
	s.mu.Unlock()
	timestamp = strconv.FormatInt(t.Unix(), 10)
	return hex.EncodeToString(ed25519.Sign(key, append([]byte(timestamp), body...))), timestamp
}

// Deliveries returns every POST of an interaction to an endpoint so far, in order.
func (s *Server) Deliveries() []Delivery {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.deliveries)
}

// Ping POSTs a signed PING (interaction type 1) to url, as Discord does when the endpoint URL is
// saved in the developer portal, and returns the HTTP status and the answer's "type" (1 for a
// PONG).
func (s *Server) Ping(ctx context.Context, url string) (status, typ int, err error) {
	s.mu.Lock()
	body, err := json.Marshal(map[string]any{
		"id": s.newIDLocked(), "application_id": AppID, "type": 1, "token": newToken(), "version": 1,
		"user": map[string]any{"id": "0", "username": "discord", "discriminator": "0000"},
	})
	s.mu.Unlock()
	if err != nil {
		return 0, 0, err
	}
	resp, err := s.post(ctx, url, body, time.Now())
	if err != nil {
		return 0, 0, err
	}
	defer resp.Body.Close()
	var out struct {
		Type int `json:"type"`
	}
	raw, _ := io.ReadAll(resp.Body)
	_ = json.Unmarshal(raw, &out)
	return resp.StatusCode, out.Type, nil
}

func (s *Server) keyLocked() ed25519.PrivateKey {
	if s.signKey == nil {
		_, priv, err := ed25519.GenerateKey(rand.Reader)
		if err != nil {
			panic(fmt.Sprintf("discordtest: ed25519 key: %v", err))
		}
		s.signKey = priv
	}
	return s.signKey
}

// post sends a signed interaction body to url.
func (s *Server) post(ctx context.Context, url string, body []byte, at time.Time) (*http.Response, error) {
	sig, ts := s.Sign(body, at)
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", "Discord-Interactions/1.0 (+https://discord.com)")
	req.Header.Set("X-Signature-Ed25519", sig)
	req.Header.Set("X-Signature-Timestamp", ts)
	return endpointClient.Do(req)
}

// endpointClient posts interactions, each on a new connection (so a stopped endpoint is a
// refused connection, never a stale one).
var endpointClient = &http.Client{Transport: &http.Transport{DisableKeepAlives: true}}

// postInteractionLocked delivers an interaction to the endpoint in the background.
func (s *Server) postInteractionLocked(ix *Interaction, payload []byte) {
	ix.sentAt = time.Now()
	ix.httpDone = make(chan struct{})
	go s.deliver(ix, s.endpoint, payload, s.ackDeadline)
}

// deliver POSTs the interaction to the first endpoint that takes the connection and records its
// answer as the initial callback.
func (s *Server) deliver(ix *Interaction, route func(*Interaction) []string, payload []byte, deadline time.Duration) {
	defer close(ix.httpDone)
	if deadline <= 0 {
		deadline = time.Minute
	}
	urls := route(ix)
	s.mu.Lock()
	ix.sentAt = time.Now() // Discord's clock starts when it sends the request
	s.mu.Unlock()
	ctx, cancel := context.WithTimeout(context.Background(), deadline)
	defer cancel()
	fail := func(d Delivery, why string) {
		s.mu.Lock()
		defer s.mu.Unlock()
		s.deliveries = append(s.deliveries, d)
		if ix.failure == "" {
			ix.failure = why
		}
		s.notifyLocked()
	}
	for _, url := range urls {
		d := Delivery{InteractionID: ix.ID, URL: url, Time: time.Now()}
		resp, err := s.post(ctx, url, payload, time.Now())
		if errors.Is(err, syscall.ECONNREFUSED) {
			d.Err = err.Error()
			s.mu.Lock()
			s.deliveries = append(s.deliveries, d)
			s.mu.Unlock()
			continue // nobody listens there: the next endpoint
		}
		if err != nil {
			d.Err = err.Error()
			fail(d, fmt.Sprintf("the endpoint %s did not answer in time: %v", url, err))
			return
		}
		body, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		d.Status, d.Body = resp.StatusCode, body
		if err != nil {
			d.Err = err.Error()
			fail(d, fmt.Sprintf("the endpoint %s's answer was cut: %v", url, err))
			return
		}
		if resp.StatusCode != http.StatusOK {
			fail(d, fmt.Sprintf("the endpoint %s answered HTTP %d: %.200s", url, resp.StatusCode, body))
			return
		}
		var raw map[string]json.RawMessage
		if err := json.Unmarshal(body, &raw); err != nil {
			fail(d, fmt.Sprintf("the endpoint %s answered something that is not a JSON object: %.200s", url, body))
			return
		}
		const route = "POST /interactions/{interaction_id}/{interaction_token}/callback"
		var violations []string
		if s.spec != nil {
			violations = s.spec.validate(route, body)
		}
		s.mu.Lock()
		s.violations = append(s.violations, violations...)
		s.deliveries = append(s.deliveries, d)
		if _, _, apiErr := s.callbackLocked(ix, messageBody{raw: raw}, nil, false); apiErr != nil && ix.failure == "" {
			ix.failure = fmt.Sprintf("the endpoint's answer was refused: %s", apiErr.Error())
		}
		s.notifyLocked()
		s.mu.Unlock()
		return
	}
	fail(Delivery{InteractionID: ix.ID, Time: time.Now(), Err: "no endpoint"},
		fmt.Sprintf("no endpoint of %q accepted the connection", urls))
}

// failedLocked is the error of an interaction that failed in HTTP mode, nil otherwise.
func (i *Interaction) failedLocked() error {
	if i.failure == "" {
		return nil
	}
	return fmt.Errorf("discordtest: interaction %s failed: %s", i.describe(), i.failure)
}

// awaitEndpointAnswer holds a webhook request of an interaction whose endpoint answer is still
// being handled (at most 10 s): Discord takes the initial response before anything done with
// the interaction's token.
func (s *Server) awaitEndpointAnswer(r *http.Request) {
	token := r.PathValue("webhook_token")
	if token == "" {
		token = r.PathValue("interaction_token")
	}
	if token == "" {
		return
	}
	s.mu.Lock()
	var done chan struct{}
	if ix := s.byToken[token]; ix != nil {
		done = ix.httpDone
	}
	s.mu.Unlock()
	if done == nil {
		return
	}
	select {
	case <-done:
	case <-time.After(10 * time.Second):
	}
}

// getApplication handles GET /oauth2/applications/@me: the bot's application (HTTP-mode bots
// learn their application id from it).
func (s *Server) getApplication(*call) (int, any, *apiError) {
	return 200, map[string]any{
		"id": AppID, "name": BotUsername, "icon": nil, "description": "", "summary": "", "type": nil,
		"bot_public": true, "bot_require_code_grant": false, "verify_key": hex.EncodeToString(s.keyLocked().Public().(ed25519.PublicKey)),
		"flags": 0, "bot": botUserJSON(), "team": nil, "hook": true, "is_monetized": false,
		"owner": map[string]any{"id": "1187653098129612800", "username": "owner", "discriminator": "0", "global_name": nil, "avatar": nil, "public_flags": 0, "flags": 0},
	}, nil
}
