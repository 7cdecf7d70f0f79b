// Package bot is spicebot's Discord side: the discordgo session (no gateway intents: interactions
// need none), the bulk registration of slash commands, the dispatch of interactions to package
// commands, the replies (deferred when they include a rendered image), and the delivery of the
// outbox: board posts and edits, DMs with the closed-DM fallback, notices.
//
// Every interaction is handled behind a recover and its payload read with type checks: a
// malformed one gets a private "nothing was changed" and never stops the process. Components and
// /play are acknowledged before the router runs, so a move whose acknowledgement Discord refuses
// (the interaction expired) is not applied. The outbox is delivered in parallel lanes (one per
// channel or DM recipient, order kept within each), retried with backoff while it matters, with
// nonce-enforced creates; see outbox.go. Each interaction is acted on once: its id is recorded in
// the store (data.Store.HandleOnce) before the router runs, and a repeat — an HTTP request
// replayed, a gateway event delivered again — is acknowledged without acting (interaction.go).
// The operations endpoint serves /livez, and /readyz (= /healthz) with a real write probe
// (health.go).
//
// Every REST call but interaction replies waits for a token of one process-wide limiter under
// Discord's global limit (limit.go): golang.org/x/time/rate's token bucket, the Go team's
// well-kept one, rather than a home-made one; processes on one database share the limit through
// it. A user's DM channel is opened once and remembered in the store.
package bot

import (
	"context"
	"crypto/ed25519"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/prometheus/client_golang/prometheus"

	"spicebot/ai"
	"spicebot/commands"
	"spicebot/data"
	"spicebot/pace"
	"spicebot/ratings"
	"spicebot/render"
	"spicebot/rules"
)

// Config is the bot's configuration (from environment variables and flags; see main.go).
type Config struct {
	// Token is the bot token (DISCORD_TOKEN), without the "Bot " prefix.
	Token string
	// GuildID, when set, registers the commands in that guild only (instant updates).
	GuildID string
	// APIURL is the base URL of Discord's API (DISCORD_API_URL); default DefaultAPIURL.
	APIURL string
	// RetryDelay is the wait before the first retry of a failed delivery (an outbox item, an edit
	// of a deferred reply); each further retry waits about twice as long, with jitter, up to
	// MaxRetryDelay. Default 500 ms.
	RetryDelay time.Duration
	// MaxRetryDelay caps the wait between retries (default 5 minutes).
	MaxRetryDelay time.Duration
	// MaxAge is how long an outbox item that keeps failing for a transient reason (Discord down,
	// 5xx, timeouts, rate limits) is retried before it is given up (default 24 hours): a board or
	// hand older than that has been replaced by a newer one or no longer matters.
	MaxAge time.Duration
	// OutboxLease is how long this process holds the outbox items it is sending (default 1
	// minute): with several processes on one database each item is sent by the one that claimed
	// it, and the items of a process that died mid-send are sent by another after this long.
	OutboxLease time.Duration
	// Lanes is how many outbox deliveries (channels or DM recipients) run at once (default 32).
	// Renders among them are limited to the number of CPUs.
	Lanes int
	// Clock is the time source of retries and backoff, and of the HTTP endpoint's check that a
	// signature's timestamp is fresh (default the wall clock; tests inject a fake one).
	Clock Clock
	// HTTPAddr, when set, runs the bot in HTTP interactions mode (see http.go): Discord's
	// interactions endpoint listens on this address (":8080"; port 0 picks a free port, see
	// Bot.HTTPAddr) and no gateway connection is made. It needs PublicKey.
	HTTPAddr string
	// PublicKey is the application's Ed25519 public key (DISCORD_PUBLIC_KEY; see
	// ParsePublicKey): Discord signs every request to the interactions endpoint with it.
	PublicKey ed25519.PublicKey
	// ShardCount and ShardID split the gateway between processes (gateway mode only): this
	// process is shard ShardID (0-based) of ShardCount. 0 or 1 is one shard; ShardsAuto takes
	// the count Discord recommends (GET /gateway/bot). See shards.go.
	ShardCount, ShardID int
	// Registry receives the bot's Prometheus metrics (see Metrics) and is what /metrics serves;
	// nil makes a private one. One registry per bot.
	Registry *prometheus.Registry
	// OpsAddr, when set, serves GET /metrics and GET /healthz on this address (see OpsHandler).
	OpsAddr string
	// AI chooses the moves of the seats the AI plays (AI seats and stand-ins; see ai.go); default
	// package ai (SO-ISMCTS at the seat's level).
	AI Decider
	// AIDelayMin and AIDelayMax bound the random wait between an AI seat's decision and its move
	// (default 2 s and 6 s), so that the AI's speed reveals nothing.
	AIDelayMin, AIDelayMax time.Duration
	// AIThinkers is how many AI decisions are searched at once (default half the CPUs, at least
	// one), so that interactions keep their CPU.
	AIThinkers int
	// SchedulerEvery is how often the long-game scheduler looks for due reminders, deadlines and
	// votes when nothing wakes it earlier (default 30 s; see scheduler.go).
	SchedulerEvery time.Duration
	// RESTRate is the whole bot's limit of REST calls per second outside interaction replies
	// (default DefaultRESTRate, Discord's global limit; negative: no limit). Calls past it wait;
	// processes sharing a database share it (see limit.go).
	RESTRate float64
	// StatusEvery is how long a game's status line in the parent channel waits before it shows a
	// new turn (default commands.StatusEvery; negative: every turn at once).
	StatusEvery time.Duration
	// Web, when set, is the games' web page (package web, issue 27), served on WebAddr: its own
	// listener, or that of HTTPAddr or OpsAddr when WebAddr is the same address. The board
	// message and /game status then carry a "View on the web" link button.
	Web     WebPage
	WebAddr string
}

// Bot is a running spicebot: one discordgo session plus the outbox worker.
type Bot struct {
	cfg   Config
	log   *slog.Logger
	store *data.Store
	svc   *commands.Service
	rend  *render.Renderer

	session *discordgo.Session
	appID   string
	ready   chan struct{}

	registry  *prometheus.Registry
	metrics   *Metrics
	connected atomic.Bool  // the gateway is connected (for /healthz)
	opened    atomic.Bool  // Open has finished: interactions are served, commands registered
	httpSrv   *http.Server // the interactions endpoint (HTTP mode)
	httpAddr  string
	opsSrv    *http.Server // /metrics and /healthz
	opsAddr   string
	webSrv    *http.Server // the games' web page (web.go)
	webAddr   string

	clock Clock
	// handle is the router (svc.Handle; internal tests put another in).
	handle func(context.Context, commands.Request) (commands.Reply, error)
	// renders holds a token per CPU: board and hand renders of the outbox at once.
	renders chan struct{}

	ctx      context.Context
	cancel   context.CancelFunc
	nudge    chan struct{} // wakes the outbox dispatcher
	aiNudge  chan struct{} // wakes the AI runner (ai.go)
	aiID     string        // this process's name in leases (AI turns, outbox items)
	aiOwn    aiOwnMoves    // the AI's latest move in each game (ai.go)
	wg       sync.WaitGroup
	inflight sync.WaitGroup // interactions being answered
	mu       sync.Mutex
	closing  bool
	alerted  map[string]time.Time // problems already told to a creator (see alert)
	// boardNonce is, per game, the nonce of a board create whose answer never came (Discord may
	// have made the message): the next try reuses it, so that a run of board items coalesced
	// with newer ones meanwhile cannot post the board twice (see postBoard).
	boardNonce map[int64]string
	// boardShown is what each game's board message shows, as this process last sent it: an edit
	// that would change nothing is not sent (outbox.go).
	boardShown map[int64]shownBoard
	// calls are the slow answerers' calls up in each game's channel (call.go).
	calls    map[int64][]callUp
	pace     *pace.Keeper  // the long-game layer (scheduler.go)
	paceWake chan struct{} // wakes the scheduler
	limiter  *restLimiter  // this process's share of Discord's global REST limit (limit.go)

	// ratings are the community's record (ratings.go).
	ratings *ratings.Ratings
}

// New makes a bot over an open store and the registered games. It does not connect; see Open.
func New(cfg Config, store *data.Store, reg *rules.Registry, rend *render.Renderer, log *slog.Logger) (*Bot, error) {
	if cfg.Token == "" {
		return nil, errors.New("bot: no token")
	}
	if cfg.APIURL == "" {
		cfg.APIURL = DefaultAPIURL
	}
	if cfg.RetryDelay <= 0 {
		cfg.RetryDelay = 500 * time.Millisecond
	}
	if cfg.MaxRetryDelay <= 0 {
		cfg.MaxRetryDelay = 5 * time.Minute
	}
	cfg.MaxRetryDelay = max(cfg.MaxRetryDelay, cfg.RetryDelay)
	if cfg.MaxAge <= 0 {
		cfg.MaxAge = 24 * time.Hour
	}
	if cfg.Lanes <= 0 {
		cfg.Lanes = 32
	}
	if cfg.OutboxLease <= 0 {
		cfg.OutboxLease = time.Minute
	}
	if cfg.Clock == nil {
		cfg.Clock = realClock{}
	}
	if cfg.AI == nil {
		cfg.AI = DeciderFunc(ai.Decide)
	}
	if cfg.AIDelayMin <= 0 && cfg.AIDelayMax <= 0 {
		cfg.AIDelayMin, cfg.AIDelayMax = 2*time.Second, 6*time.Second
	}
	cfg.AIDelayMax = max(cfg.AIDelayMax, cfg.AIDelayMin)
	if cfg.AIThinkers <= 0 {
		cfg.AIThinkers = max(1, runtime.GOMAXPROCS(0)/2)
	}
	if cfg.SchedulerEvery <= 0 {
		cfg.SchedulerEvery = SchedulerEvery
	}
	if cfg.RESTRate == 0 {
		cfg.RESTRate = DefaultRESTRate
	}
	if log == nil {
		log = slog.Default()
	}
	s, err := discordgo.New("Bot " + cfg.Token)
	if err != nil {
		return nil, fmt.Errorf("bot: new session: %w", err)
	}
	tr, err := newRewriteTransport(cfg.APIURL, nil)
	if err != nil {
		return nil, fmt.Errorf("bot: %w", err)
	}
	if cfg.Registry == nil {
		cfg.Registry = prometheus.NewRegistry()
	}
	metrics, err := newMetrics(cfg.Registry)
	if err != nil {
		return nil, fmt.Errorf("bot: register metrics: %w", err)
	}
	limiter := newRESTLimiter(cfg.RESTRate)
	s.Client = &http.Client{Timeout: 20 * time.Second, Transport: limitTransport{lim: limiter, next: metricsTransport{next: tr, m: metrics}}}
	s.Identify.Intents = discordgo.IntentsNone
	s.StateEnabled = false
	s.LogLevel = discordgo.LogWarning
	b := &Bot{
		cfg: cfg, log: log, store: store, svc: commands.New(store, reg, log), rend: rend,
		session: s, ready: make(chan struct{}), nudge: make(chan struct{}, 1), clock: cfg.Clock,
		renders: make(chan struct{}, runtime.GOMAXPROCS(0)), alerted: map[string]time.Time{},
		boardNonce: map[int64]string{}, boardShown: map[int64]shownBoard{}, calls: map[int64][]callUp{},
		ctx: context.Background(), aiNudge: make(chan struct{}, 1), aiID: aiOwner(), limiter: limiter,
	}
	b.handle = b.svc.Handle
	if cfg.StatusEvery == 0 {
		cfg.StatusEvery = commands.StatusEvery
	}
	b.svc.SetStatusEvery(cfg.StatusEvery, cfg.Clock.Now) // the outbox's clock says when it is due
	if cfg.Web != nil {
		b.svc.SetWeb(cfg.Web)
	}
	b.wirePace(store, reg)
	b.wireRatings(store, reg) // ratings.go
	b.registry, b.metrics = cfg.Registry, metrics
	if err := cfg.Registry.Register(newActiveGames(b)); err != nil {
		return nil, fmt.Errorf("bot: register metrics: %w", err)
	}
	s.AddHandler(b.onReady)
	s.AddHandler(b.onInteraction)
	s.AddHandler(b.onConnect)
	s.AddHandler(b.onDisconnect)
	return b, nil
}

// Session returns the discordgo session (for tests and diagnostics).
func (b *Bot) Session() *discordgo.Session { return b.session }

// Service returns the command service the bot answers with (the pace layer and tests reach the
// games through it).
func (b *Bot) Service() *commands.Service { return b.svc }

// Open connects to the gateway and waits for READY (in HTTP interactions mode: starts serving the
// interactions endpoint instead), registers the slash commands with one bulk overwrite (shard 0
// only), starts the metrics and health endpoint when configured, and starts the outbox
// dispatcher, which first delivers whatever was due before a restart.
func (b *Bot) Open(ctx context.Context) error {
	b.ctx, b.cancel = context.WithCancel(context.Background())
	if err := b.openOps(); err != nil {
		return err
	}
	if err := b.openWeb(); err != nil {
		return err
	}
	if b.cfg.HTTPAddr != "" {
		if err := b.openHTTP(ctx); err != nil {
			return err
		}
	} else if err := b.openGateway(ctx); err != nil {
		return err
	}
	if b.cfg.HTTPAddr != "" || b.session.ShardID == 0 {
		defs := commands.Definitions(b.svc.Registry())
		if _, err := b.session.ApplicationCommandBulkOverwrite(b.appID, b.cfg.GuildID, defs, discordgo.WithContext(ctx)); err != nil {
			return fmt.Errorf("bot: register commands: %w", err)
		}
		b.log.Info("commands registered", "count", len(defs), "guild", b.cfg.GuildID)
	}
	b.wg.Add(3)
	go b.sweeper()
	go b.dispatch()
	go b.aiRunner()
	b.wg.Add(3)
	go b.scheduler()
	go b.catchUpRatings()
	go b.shareREST(b.store)
	b.kick()
	b.opened.Store(true)
	return nil
}

// Close stops answering interactions, stops the outbox (an item being delivered is retried at the
// next start) and closes the gateway connection.
func (b *Bot) Close() error {
	b.mu.Lock()
	b.closing = true
	b.mu.Unlock()
	shutdown(b.httpSrv) // no new interactions; those waiting for their initial response get it
	if b.cancel != nil {
		b.cancel()
	}
	b.inflight.Wait()
	b.wg.Wait()
	defer shutdown(b.opsSrv)
	defer shutdown(b.webSrv)
	if err := b.session.Close(); err != nil {
		return fmt.Errorf("bot: close session: %w", err)
	}
	return nil
}

// Run opens the bot, serves until ctx is done, then closes it.
func (b *Bot) Run(ctx context.Context) error {
	if err := b.Open(ctx); err != nil {
		return err
	}
	b.log.Info("spicebot is running")
	<-ctx.Done()
	b.log.Info("shutting down")
	return b.Close()
}

func (b *Bot) onReady(s *discordgo.Session, r *discordgo.Ready) {
	switch {
	case r.Application != nil && r.Application.ID != "":
		b.appID = r.Application.ID
	case r.User != nil:
		b.appID = r.User.ID
	}
	b.log.Info("connected to the gateway", "application", b.appID)
	select {
	case <-b.ready:
	default:
		close(b.ready)
	}
}

// kick wakes the outbox dispatcher, and the AI runner (a move may have given an AI seat a
// decision).
func (b *Bot) kick() {
	b.wakeScheduler() // a nudge may wait to be sent
	select {
	case b.nudge <- struct{}{}:
	default:
	}
	b.aiKick()
}

// begin counts an interaction in flight; false when the bot is closing.
func (b *Bot) begin() bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.closing {
		return false
	}
	b.inflight.Add(1)
	return true
}
