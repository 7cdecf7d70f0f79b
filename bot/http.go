package bot

// HTTP interactions mode: instead of receiving INTERACTION_CREATE over the gateway, the bot serves
// Discord's interactions endpoint (the "Interactions Endpoint URL" of the application). Discord
// POSTs every interaction there, signed with the application's Ed25519 key; the bot answers the
// initial response in the HTTP reply and sends edits and followups over REST with the
// interaction's token, as in gateway mode. Replicas share nothing but the database, so several
// can run behind a load balancer.

import (
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strconv"
	"sync/atomic"
	"time"

	"github.com/bwmarrin/discordgo"
)

// maxInteractionBody is the largest interaction payload the endpoint reads (Discord's are a few
// KiB; resolved data of a big select stays far below this).
const maxInteractionBody = 1 << 20

// signatureMaxSkew is how far the X-Signature-Timestamp of a request may be from the bot's clock.
// Discord signs every request at the moment it sends it; an older timestamp is a replay of a
// captured request, answered 401 like a bad signature.
const signatureMaxSkew = 5 * time.Minute

// ParsePublicKey decodes the application's public key as the developer portal shows it
// (DISCORD_PUBLIC_KEY: 64 hex digits). Errors: not hex, or not 32 bytes.
func ParsePublicKey(s string) (ed25519.PublicKey, error) {
	k, err := hex.DecodeString(s)
	if err != nil {
		return nil, fmt.Errorf("public key: not hex: %w", err)
	}
	if len(k) != ed25519.PublicKeySize {
		return nil, fmt.Errorf("public key: %d bytes, want %d (64 hex digits)", len(k), ed25519.PublicKeySize)
	}
	return ed25519.PublicKey(k), nil
}

// InteractionsHandler is Discord's interactions endpoint: it answers POST requests whose
// X-Signature-Ed25519 header is the Ed25519 signature, by Config.PublicKey, of the
// X-Signature-Timestamp header followed by the body. A missing or bad signature (or a timestamp
// more than 5 minutes away) is answered 401, as Discord requires; a PING (type 1) is answered
// with a PONG (type 1); every other interaction is handled like one from the gateway (the same
// handleInteraction), its initial response written as the HTTP reply. A request that gets no
// initial response within Discord's 3 s is answered 503 and nothing is applied for it.
func (b *Bot) InteractionsHandler() http.Handler {
	return http.HandlerFunc(b.serveInteraction)
}

func (b *Bot) serveInteraction(w http.ResponseWriter, r *http.Request) {
	received := time.Now()
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", http.MethodPost)
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	r.Body = http.MaxBytesReader(w, r.Body, maxInteractionBody)
	if len(b.cfg.PublicKey) != ed25519.PublicKeySize || !discordgo.VerifyInteraction(r, b.cfg.PublicKey) ||
		!freshTimestamp(r.Header.Get("X-Signature-Timestamp"), b.clock.Now()) {
		b.metrics.interactions.WithLabelValues("unknown", outcomeBadSignature).Inc()
		http.Error(w, "invalid request signature", http.StatusUnauthorized)
		return
	}
	body, err := io.ReadAll(r.Body)
	if err != nil {
		http.Error(w, "unreadable body", http.StatusBadRequest)
		return
	}
	var i discordgo.Interaction
	if err := json.Unmarshal(body, &i); err != nil {
		b.log.Warn("interaction endpoint: undecodable payload", "err", truncateLog(err.Error(), 200))
		b.metrics.interactions.WithLabelValues("unknown", outcomeBad).Inc()
		http.Error(w, "bad interaction payload", http.StatusBadRequest)
		return
	}
	if i.Type == discordgo.InteractionPing {
		b.metrics.interactions.WithLabelValues("ping", outcomeOK).Inc()
		writeResponse(w, &discordgo.InteractionResponse{Type: discordgo.InteractionResponsePong})
		return
	}
	if !b.begin() {
		http.Error(w, "shutting down", http.StatusServiceUnavailable)
		return
	}
	h := &httpReply{resp: make(chan *discordgo.InteractionResponse), result: make(chan error, 1), gone: make(chan struct{})}
	defer close(h.gone)
	done := make(chan struct{})
	go func() {
		defer b.inflight.Done()
		defer close(done)
		b.handleInteraction(&i, received, h.send)
	}()
	timer := time.NewTimer(time.Until(received.Add(ackWindow)))
	defer timer.Stop()
	select {
	case resp := <-h.resp:
		h.result <- writeResponse(w, resp)
	case <-done:
		// Handled without an initial response: an interaction the router does not take.
		http.Error(w, "interaction not handled", http.StatusBadRequest)
	case <-timer.C:
		b.log.Warn("interaction endpoint: no initial response within 3 s", shapeAttrs(&i)...)
		http.Error(w, "no response in time", http.StatusServiceUnavailable)
	case <-r.Context().Done():
	}
}

// freshTimestamp reports whether the signature timestamp (Unix seconds) is within
// signatureMaxSkew of now.
func freshTimestamp(ts string, now time.Time) bool {
	sec, err := strconv.ParseInt(ts, 10, 64)
	if err != nil {
		return false
	}
	d := now.Sub(time.Unix(sec, 0))
	return d < signatureMaxSkew && d > -signatureMaxSkew
}

// writeResponse writes an interaction response as the JSON reply, with its length, and flushes
// it; the error is the write's.
func writeResponse(w http.ResponseWriter, resp *discordgo.InteractionResponse) error {
	body, err := json.Marshal(resp)
	if err != nil {
		http.Error(w, "encode response", http.StatusInternalServerError)
		return fmt.Errorf("encode interaction response: %w", err)
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(http.StatusOK)
	if _, err := w.Write(body); err != nil {
		return fmt.Errorf("write interaction response: %w", err)
	}
	if err := http.NewResponseController(w).Flush(); err != nil && !errors.Is(err, http.ErrNotSupported) {
		return fmt.Errorf("flush interaction response: %w", err)
	}
	return nil
}

// errHTTPAnswered is a second initial response in HTTP mode: the HTTP reply was already used.
var errHTTPAnswered = errors.New("the HTTP reply already carried the initial response")

// httpReply hands an interaction's initial response from its handler to the HTTP request that
// carried it.
type httpReply struct {
	resp   chan *discordgo.InteractionResponse // taken by the HTTP handler
	result chan error                          // the write's outcome
	gone   chan struct{}                       // closed when the HTTP handler returned
	used   atomic.Bool
}

// send is the exchange's direct responder: it gives r to the waiting HTTP handler and returns
// once it is written. When the request has already been answered otherwise (3 s passed, Discord
// hung up) it is errExpired: nothing may be done on the user's behalf, as with a 10062.
func (h *httpReply) send(ctx context.Context, r *discordgo.InteractionResponse) error {
	if !h.used.CompareAndSwap(false, true) {
		return errHTTPAnswered
	}
	select {
	case h.resp <- r:
		return <-h.result
	case <-h.gone:
		return fmt.Errorf("%w: the HTTP request had ended", errExpired)
	case <-ctx.Done():
		return ctx.Err()
	}
}

// openHTTP makes the bot ready for HTTP interactions mode: it learns the application id
// (GET /oauth2/applications/@me) and starts serving the interactions endpoint on
// Config.HTTPAddr.
func (b *Bot) openHTTP(ctx context.Context) error {
	if len(b.cfg.PublicKey) != ed25519.PublicKeySize {
		return errors.New("bot: HTTP interactions mode needs the application's public key (DISCORD_PUBLIC_KEY)")
	}
	app, err := b.session.Application("@me")
	if err != nil {
		return fmt.Errorf("bot: get the application: %w", err)
	}
	b.appID = app.ID
	ln, err := net.Listen("tcp", b.cfg.HTTPAddr)
	if err != nil {
		return fmt.Errorf("bot: interactions endpoint: %w", err)
	}
	b.httpSrv, b.httpAddr = b.serveOn(ln, b.withWeb(b.cfg.HTTPAddr, b.InteractionsHandler())), ln.Addr().String()
	b.log.Info("serving the interactions endpoint", "addr", ln.Addr().String(), "application", b.appID)
	return nil
}

// serveOn serves h on ln until closed with shutdown.
func (b *Bot) serveOn(ln net.Listener, h http.Handler) *http.Server {
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 5 * time.Second, ReadTimeout: 10 * time.Second}
	go func() {
		if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			b.log.Error("http server stopped", "addr", ln.Addr().String(), "err", err)
		}
	}()
	return srv
}

// shutdown stops an HTTP server, waiting (at most 5 s) for requests being answered.
func shutdown(srv *http.Server) {
	if srv == nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_ = srv.Shutdown(ctx)
}

// HTTPAddr is the address the interactions endpoint listens on ("" in gateway mode), e.g.
// "127.0.0.1:8080" (with the port chosen when Config.HTTPAddr asked for port 0).
func (b *Bot) HTTPAddr() string { return b.httpAddr }
