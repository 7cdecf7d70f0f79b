package bot

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// Health is the bot's readiness as /readyz and /healthz report it.
type Health struct {
	// OK is true when the bot has started (its interactions endpoint listens, its commands are
	// registered), the database accepts a write and interactions can arrive (the gateway is
	// connected, or the bot is in HTTP interactions mode).
	OK bool `json:"ok"`
	// Database is "ok" or the error of the write probe.
	Database string `json:"database"`
	// Discord is "starting" (Open has not finished), "gateway connected", "gateway
	// disconnected" or "http mode".
	Discord string `json:"discord"`
}

// Check reports the bot's readiness: a real write to the database (data.Store.ProbeWrite, at most
// 2 s: a full disk, a read-only file system or an unreachable server fails it) and how
// interactions reach the bot.
func (b *Bot) Check(ctx context.Context) Health {
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	h := Health{Database: "ok", Discord: "http mode", OK: true} // lang:ok: health status, for operators
	if err := b.store.ProbeWrite(ctx); err != nil {
		h.Database, h.OK = truncateLog(err.Error(), 200), false
	}
	switch {
	case !b.opened.Load():
		// Ready only once interactions are served: a load balancer (or a test) that sends one
		// as soon as /readyz answers 200 must find the endpoint listening.
		h.Discord, h.OK = "starting", false // lang:ok: health status, for operators
	case b.cfg.HTTPAddr == "":
		h.Discord = "gateway connected" // lang:ok: health status, for operators
		if !b.connected.Load() {
			h.Discord, h.OK = "gateway disconnected", false // lang:ok: health status, for operators
		}
	}
	return h
}

// OpsHandler serves the operations endpoints: GET /metrics (Prometheus text format, from
// Config.Registry); GET /livez, 200 while the process runs and serves HTTP (a liveness probe:
// restart the process when it fails); GET /readyz, Health as JSON, 200 when OK, else 503 (a
// readiness probe: send no traffic and alert while it fails — a restart does not mend a full
// disk); and GET /healthz, the same as /readyz (kept for existing set-ups).
func (b *Bot) OpsHandler() http.Handler {
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", promhttp.HandlerFor(b.registry, promhttp.HandlerOpts{Registry: b.registry}))
	mux.HandleFunc("GET /livez", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"ok":true}` + "\n"))
	})
	ready := func(w http.ResponseWriter, r *http.Request) {
		h := b.Check(r.Context())
		w.Header().Set("Content-Type", "application/json")
		if !h.OK {
			w.WriteHeader(http.StatusServiceUnavailable)
		}
		_ = json.NewEncoder(w).Encode(h)
	}
	mux.HandleFunc("GET /readyz", ready)
	mux.HandleFunc("GET /healthz", ready)
	return mux
}

// openOps starts serving OpsHandler on Config.OpsAddr, when set.
func (b *Bot) openOps() error {
	if b.cfg.OpsAddr == "" {
		return nil
	}
	ln, err := net.Listen("tcp", b.cfg.OpsAddr)
	if err != nil {
		return fmt.Errorf("bot: metrics address: %w", err)
	}
	b.opsSrv, b.opsAddr = b.serveOn(ln, b.withWeb(b.cfg.OpsAddr, b.OpsHandler())), ln.Addr().String()
	b.log.Info("serving /metrics, /livez, /readyz and /healthz", "addr", b.opsAddr)
	return nil
}

// OpsAddr is the address /metrics and /healthz are served on ("" when Config.OpsAddr is empty).
func (b *Bot) OpsAddr() string { return b.opsAddr }

// onConnect and onDisconnect follow the gateway connection for /healthz.
func (b *Bot) onConnect(*discordgo.Session, *discordgo.Connect)       { b.connected.Store(true) }
func (b *Bot) onDisconnect(*discordgo.Session, *discordgo.Disconnect) { b.connected.Store(false) }
