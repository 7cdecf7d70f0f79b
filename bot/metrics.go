package bot

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strconv"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/prometheus/client_golang/prometheus"

	"spicebot/commands"
	"spicebot/data"
)

// How the handling of an interaction ended: the "outcome" label of spicebot_interactions_total.
const (
	outcomeOK           = "ok"            // answered
	outcomeBad          = "bad_payload"   // unreadable: answered "nothing was changed"
	outcomeIgnored      = "ignored"       // not for the router (no user, a type never asked for)
	outcomeNotAcked     = "not_acked"     // the acknowledgement failed (expired): nothing applied
	outcomeReplyFailed  = "reply_failed"  // handled, but the answer could not be delivered
	outcomePanic        = "panic"         // the handler panicked (answered "something went wrong")
	outcomeBadSignature = "bad_signature" // HTTP mode: refused with 401
	outcomeRepeat       = "repeat"        // an interaction already handled: acknowledged, not acted on
	outcomeNotRecorded  = "not_recorded"  // the store could not record it as handled: not acted on
)

// Metrics are the bot's Prometheus metrics, registered on the registry given in Config.Registry
// (never on the global default registry):
//
//   - spicebot_interactions_total{kind,outcome}: interactions by kind (command, component,
//     autocomplete, ping, unknown) and how their handling ended (ok, bad_payload, ignored,
//     not_acked, reply_failed, panic, bad_signature);
//   - spicebot_interaction_initial_response_seconds{kind}: from receiving an interaction to its
//     initial response sent (Discord allows 3 s);
//   - spicebot_render_seconds{image}: drawing and encoding a board or hand PNG;
//   - spicebot_outbox_pending and spicebot_outbox_oldest_seconds: the outbox at the last scan
//     (items not yet sent; age of the oldest);
//   - spicebot_outbox_sent_total{kind}, spicebot_outbox_retries_total{kind},
//     spicebot_outbox_given_up_total{kind}, and spicebot_outbox_delivery_seconds{kind} (from
//     queueing to sent);
//   - spicebot_discord_errors_total{status,code}: Discord REST answers with an error status, by
//     HTTP status and Discord's JSON error code ("0" when none; status "network" for a request
//     that got no answer);
//   - spicebot_active_games{game}: games being played, by game id, read from the database at
//     each scrape.
type Metrics struct {
	interactions  *prometheus.CounterVec
	initial       *prometheus.HistogramVec
	render        *prometheus.HistogramVec
	outboxPending prometheus.Gauge
	outboxOldest  prometheus.Gauge
	outboxSent    *prometheus.CounterVec
	outboxRetries *prometheus.CounterVec
	outboxGivenUp *prometheus.CounterVec
	outboxAge     *prometheus.HistogramVec
	discordErrors *prometheus.CounterVec
}

// newMetrics makes the bot's metrics and registers them on reg. Errors: a metric of the same
// name already registered there (two bots must not share a registry).
func newMetrics(reg prometheus.Registerer) (*Metrics, error) {
	m := &Metrics{
		interactions: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "spicebot_interactions_total", Help: "Interactions received, by kind and how their handling ended.", // lang:ok: metric help, for operators
		}, []string{"kind", "outcome"}),
		initial: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "spicebot_interaction_initial_response_seconds",
			Help:    "Time from receiving an interaction to sending its initial response (Discord allows 3 s).", // lang:ok: metric help, for operators
			Buckets: []float64{0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 3, 5},
		}, []string{"kind"}),
		render: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: "spicebot_render_seconds", Help: "Time to draw and encode a board or hand picture.", // lang:ok: metric help, for operators
			Buckets: []float64{0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5},
		}, []string{"image"}),
		outboxPending: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "spicebot_outbox_pending", Help: "Outbox items (board posts, DMs, notices) not yet sent, at the last scan.", // lang:ok: metric help, for operators
		}),
		outboxOldest: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "spicebot_outbox_oldest_seconds", Help: "Age of the oldest outbox item not yet sent, at the last scan (0 when none).", // lang:ok: metric help, for operators
		}),
		outboxSent: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "spicebot_outbox_sent_total", Help: "Outbox items delivered, by kind.", // lang:ok: metric help, for operators
		}, []string{"kind"}),
		outboxRetries: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "spicebot_outbox_retries_total", Help: "Outbox deliveries that failed and were put back for a retry, by kind.", // lang:ok: metric help, for operators
		}, []string{"kind"}),
		outboxGivenUp: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "spicebot_outbox_given_up_total", Help: "Outbox items given up (refused for good, or too old), by kind.", // lang:ok: metric help, for operators
		}, []string{"kind"}),
		outboxAge: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: "spicebot_outbox_delivery_seconds", Help: "Time from queueing an outbox item to its delivery, by kind.", // lang:ok: metric help, for operators
			Buckets: []float64{0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 3600},
		}, []string{"kind"}),
		discordErrors: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "spicebot_discord_errors_total", Help: "Discord REST answers with an error status, by HTTP status and Discord error code.", // lang:ok: metric help, for operators
		}, []string{"status", "code"}),
	}
	for _, c := range []prometheus.Collector{m.interactions, m.initial, m.render, m.outboxPending, m.outboxOldest,
		m.outboxSent, m.outboxRetries, m.outboxGivenUp, m.outboxAge, m.discordErrors} {
		if err := reg.Register(c); err != nil {
			return nil, err
		}
	}
	return m, nil
}

// kindOf is an interaction's kind label.
func kindOf(i *discordgo.Interaction) string {
	switch i.Type {
	case discordgo.InteractionApplicationCommand:
		return "command"
	case discordgo.InteractionApplicationCommandAutocomplete:
		return "autocomplete"
	case discordgo.InteractionMessageComponent:
		return "component"
	case discordgo.InteractionPing:
		return "ping"
	}
	return "other"
}

// interactionDone counts a handled interaction by kind and outcome.
func (m *Metrics) interactionDone(x *exchange) {
	m.interactions.WithLabelValues(kindOf(x.i), x.outcome).Inc()
}

// initialResponse records the time to an interaction's initial response.
func (m *Metrics) initialResponse(x *exchange) {
	m.initial.WithLabelValues(kindOf(x.i)).Observe(time.Since(x.received).Seconds())
}

// rendered records a render that started at start.
func (m *Metrics) rendered(img commands.Image, start time.Time) {
	name := "board"
	if img.Hand {
		name = "hand"
	}
	m.render.WithLabelValues(name).Observe(time.Since(start).Seconds())
}

// outboxScanned records the outbox as read by a scan at now.
func (m *Metrics) outboxScanned(items []data.OutboxItem, now time.Time) {
	m.outboxPending.Set(float64(len(items)))
	oldest := 0.0
	for _, it := range items {
		oldest = max(oldest, now.Sub(dueAt(it)).Seconds())
	}
	m.outboxOldest.Set(oldest)
}

// scheduled reports whether it was queued for a later time (data.OutboxItem.NextAt) and has not
// been tried yet. Its NextAt is by the bot's clock (Config.Clock).
func scheduled(it data.OutboxItem) bool {
	return it.Attempts == 0 && it.NextAt.After(it.CreatedAt)
}

// dueAt is when an outbox item became due: when it was queued, or the time it was scheduled for
// (a status line's next turn) while it has not been tried. Ages are counted from it.
func dueAt(it data.OutboxItem) time.Time {
	if scheduled(it) {
		return it.NextAt
	}
	return it.CreatedAt
}

// outboxSettled records the outcome of a delivered batch: sent, retried or given up.
func (m *Metrics) outboxSettled(batch []data.OutboxItem, outcome string, now time.Time) {
	for _, it := range batch {
		switch outcome {
		case "sent":
			m.outboxSent.WithLabelValues(it.Kind).Inc()
			m.outboxAge.WithLabelValues(it.Kind).Observe(now.Sub(dueAt(it)).Seconds())
		case "retry":
			m.outboxRetries.WithLabelValues(it.Kind).Inc()
		case "given_up":
			m.outboxGivenUp.WithLabelValues(it.Kind).Inc()
		}
	}
}

// metricsTransport counts Discord's error answers (spicebot_discord_errors_total) on the way
// back to discordgo, leaving the answer as it was.
type metricsTransport struct {
	next http.RoundTripper
	m    *Metrics
}

// RoundTrip implements http.RoundTripper.
func (t metricsTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	resp, err := t.next.RoundTrip(req)
	if err != nil {
		t.m.discordErrors.WithLabelValues("network", "0").Inc()
		return resp, err
	}
	if resp.StatusCode < 400 {
		return resp, nil
	}
	body, rerr := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	rest := resp.Body
	resp.Body = struct {
		io.Reader
		io.Closer
	}{io.MultiReader(bytes.NewReader(body), rest), rest}
	code := "0"
	var e struct {
		Code int `json:"code"`
	}
	if rerr == nil && json.Unmarshal(body, &e) == nil && e.Code != 0 {
		code = strconv.Itoa(e.Code)
	}
	t.m.discordErrors.WithLabelValues(strconv.Itoa(resp.StatusCode), code).Inc()
	return resp, nil
}

// activeGames is the collector of spicebot_active_games: it counts the games being played, by
// game id, from the database at each scrape (every registered game appears, 0 when none).
type activeGames struct {
	b    *Bot
	desc *prometheus.Desc
}

func newActiveGames(b *Bot) *activeGames {
	return &activeGames{b: b, desc: prometheus.NewDesc("spicebot_active_games",
		"Games being played (started, not finished), by game id.", []string{"game"}, nil)} // lang:ok: metric help, for operators
}

// Describe implements prometheus.Collector.
func (a *activeGames) Describe(ch chan<- *prometheus.Desc) { ch <- a.desc }

// Collect implements prometheus.Collector. When the database cannot be read the metric is
// reported invalid (the scrape shows the error) rather than as zero games.
func (a *activeGames) Collect(ch chan<- prometheus.Metric) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	games, err := a.b.store.Unfinished(ctx)
	if err != nil {
		ch <- prometheus.NewInvalidMetric(a.desc, err)
		return
	}
	counts := map[string]int{}
	for _, g := range a.b.svc.Registry().All() {
		counts[g.ID()] = 0
	}
	for _, g := range games {
		if g.Status == data.StatusPlaying {
			counts[g.Game]++
		}
	}
	for id, n := range counts {
		ch <- prometheus.MustNewConstMetric(a.desc, prometheus.GaugeValue, float64(n), id)
	}
}
