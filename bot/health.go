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

// Health is the bot's state as /healthz reports it.
type Health struct {
	// OK is true when the database answers and interactions can arrive (the gateway is connected,
	// or the bot is in HTTP interactions mode).
	OK bool `json:"ok"`
	// Database is "ok" or the error of a trivial query.
	Database string `json:"database"`
	// Discord is "gateway connected", "gateway disconnected" or "http mode".
	Discord string `json:"discord"`
}

// Check reports the bot's health: a query against the database (at most 2 s) and how
// interactions reach the bot.
func (b *Bot) Check(ctx context.Context) Health {
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	h := Health{Database: "ok", Discord: "http mode", OK: true} // lang:ok: health status, for operators
	if err := b.pingStore(ctx); err != nil {
		h.Database, h.OK = truncateLog(err.Error(), 200), false
	}
	if b.cfg.HTTPAddr == "" {
		h.Discord = "gateway connected" // lang:ok: health status, for operators
		if !b.connected.Load() {
			h.Discord, h.OK = "gateway disconnected", false // lang:ok: health status, for operators
		}
	}
	return h
}

// pingStore runs a trivial query: the store's Ping when it has one, else a read of the outbox's
// first item.
func (b *Bot) pingStore(ctx context.Context) error {
	if p, ok := any(b.store).(interface{ Ping(context.Context) error }); ok {
		return p.Ping(ctx)
	}
	_, err := b.store.PendingOutbox(ctx, 1)
	return err
}

// OpsHandler serves the operations endpoints: GET /metrics (Prometheus text format, from
// Config.Registry) and GET /healthz (Health as JSON; 200 when OK, else 503).
func (b *Bot) OpsHandler() http.Handler {
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", promhttp.HandlerFor(b.registry, promhttp.HandlerOpts{Registry: b.registry}))
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, r *http.Request) {
		h := b.Check(r.Context())
		w.Header().Set("Content-Type", "application/json")
		if !h.OK {
			w.WriteHeader(http.StatusServiceUnavailable)
		}
		_ = json.NewEncoder(w).Encode(h)
	})
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
	b.log.Info("serving /metrics and /healthz", "addr", b.opsAddr)
	return nil
}

// OpsAddr is the address /metrics and /healthz are served on ("" when Config.OpsAddr is empty).
func (b *Bot) OpsAddr() string { return b.opsAddr }

// onConnect and onDisconnect follow the gateway connection for /healthz.
func (b *Bot) onConnect(*discordgo.Session, *discordgo.Connect)       { b.connected.Store(true) }
func (b *Bot) onDisconnect(*discordgo.Session, *discordgo.Disconnect) { b.connected.Store(false) }
