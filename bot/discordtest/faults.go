package discordtest

import (
	"encoding/json"
	"net/http"
	"slices"
	"time"
)

// Fault is how the loopback Discord misbehaves for one REST request, as the real one sometimes
// does (see SetFaults). The zero Fault is no fault.
type Fault struct {
	// Status, when not 0, answers the request with this status without handling it: a 5xx is an
	// outage, 429 a rate limit (with RetryAfter), a 4xx with Code a refusal such as 50013 Missing
	// Permissions.
	Status int
	// Code and Message are Discord's JSON error code and message of the answer (defaults: 0 and
	// the status text).
	Code    int
	Message string
	// RetryAfter is the wait a 429 asks for: the Retry-After header (whole seconds, rounded up) and
	// "retry_after" in the body (seconds, fractional), as Discord sends them.
	RetryAfter time.Duration
	// Global marks a 429 as the global rate limit.
	Global bool
	// Lose handles the request as usual (a message is created or edited), then drops the
	// connection without answering: Discord did it, but the bot never hears back.
	Lose bool
}

// ServerError is a 5xx answer: Discord is having an outage.
func ServerError(status int) Fault {
	return Fault{Status: status, Message: http.StatusText(status)}
}

// RateLimited is a 429 answer asking to retry after d.
func RateLimited(d time.Duration) Fault {
	return Fault{Status: http.StatusTooManyRequests, Message: "You are being rate limited.", RetryAfter: d}
}

// Refused is a 4xx answer with a Discord error code, e.g. Refused(403, 50013, "Missing Permissions").
func Refused(status, code int, message string) Fault {
	return Fault{Status: status, Code: code, Message: message}
}

// LostAnswer handles the request and loses the answer.
func LostAnswer() Fault { return Fault{Lose: true} }

// SetFaults makes the server ask fn about every REST request from now on (after its body is read,
// before it is handled; Route, Method, Path, Body and Files are set) and misbehave as the Fault
// it returns says. fn is called without the server's lock, from the request's goroutine; it must
// be safe for concurrent use. nil stops the faults. Requests that got a fault are recorded with
// Request.Fault set.
func (s *Server) SetFaults(fn func(Request) Fault) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.faults = fn
}

// faultFor asks the fault function, if any, about req.
func (s *Server) faultFor(req Request) Fault {
	s.mu.Lock()
	fn := s.faults
	s.mu.Unlock()
	if fn == nil {
		return Fault{}
	}
	return fn(req)
}

// apiError is the answer of a fault with a status.
func (f Fault) apiError() *apiError {
	msg := f.Message
	if msg == "" {
		msg = http.StatusText(f.Status)
	}
	e := &apiError{status: f.Status, code: f.Code, message: msg}
	if f.Status == http.StatusTooManyRequests {
		e.extra = map[string]any{"retry_after": f.RetryAfter.Seconds(), "global": f.Global}
	}
	return e
}

// loseAnswer drops the connection of a request without an answer (the client sees an EOF).
func loseAnswer(w http.ResponseWriter) {
	hj, ok := w.(http.Hijacker)
	if !ok {
		w.WriteHeader(http.StatusBadGateway)
		return
	}
	conn, _, err := hj.Hijack()
	if err != nil {
		return
	}
	_ = conn.Close()
}

// nonce returns a create body's nonce (a string, or an integer as its decimal text) and whether
// enforce_nonce is true.
func (b messageBody) nonce() (string, bool) {
	var enforce bool
	_ = json.Unmarshal(b.raw["enforce_nonce"], &enforce)
	raw := b.raw["nonce"]
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s, enforce
	}
	var n json.Number
	if json.Unmarshal(raw, &n) == nil {
		return n.String(), enforce
	}
	return "", enforce
}

// nonceWindow is how long Discord remembers a nonce for enforce_nonce ("the past few minutes").
const nonceWindow = 5 * time.Minute

// byNonceLocked finds the message created in the channel with the nonce within nonceWindow.
func (s *Server) byNonceLocked(channelID, nonce string) *message {
	for i := len(s.order) - 1; i >= 0; i-- {
		m := s.order[i]
		if time.Since(m.created) > nonceWindow {
			return nil
		}
		if m.channelID == channelID && m.nonce == nonce && !m.deleted {
			return m
		}
	}
	return nil
}

// NonceHits is how many message creates were answered with an earlier message of the same nonce
// (enforce_nonce) instead of creating another.
func (s *Server) NonceHits() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.nonceHits
}

// Watch calls fn with every message as it stands after each create or edit (channel messages,
// DMs, interaction responses and followups), in order, as it happens. fn runs under the
// server's lock: it must be quick, must not call the Server, and must not modify the message
// (Files share the stored data). Several watchers may be added; they stay for the server's life.
// It is the cheap way to follow many channels at once (WaitFor rescans every message).
func (s *Server) Watch(fn func(m Message, edit bool)) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.watchers = append(s.watchers, fn)
}

// watchLocked tells the watchers about m.
func (s *Server) watchLocked(m *message, edit bool) {
	if len(s.watchers) == 0 {
		return
	}
	out := Message{
		ID: m.id, ChannelID: m.channelID, Content: m.content, Flags: m.flags,
		Ephemeral: m.flags&FlagEphemeral != 0, Loading: m.flags&FlagLoading != 0,
		Components: m.components, Kind: m.kind, InteractionID: m.interactionID, UserID: m.userID,
		Edits: m.edits,
	}
	for _, a := range m.attachments {
		out.Files = append(out.Files, a.file)
	}
	for _, fn := range slices.Clone(s.watchers) {
		fn(out, edit)
	}
}
