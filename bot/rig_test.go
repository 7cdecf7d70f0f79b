package bot_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"path/filepath"
	"regexp"
	"strconv"
	"sync"
	"testing"
	"time"

	"spicebot/bot"
	"spicebot/bot/discordtest"
	"spicebot/data"
	"spicebot/games"
	"spicebot/rules"
)

// rig is the real bot (discordgo session, SQLite store, renderer) on the loopback Discord, with
// a configurable bot.Config, whose games are set up straight in the store: the reliability tests
// and the load benchmark depend only on /play, /board and the outbox, not on the lobby.
type rig struct {
	t     testing.TB
	srv   *discordtest.Server
	store *data.Store
	bot   *bot.Bot
	reg   *rules.Registry
	logs  *logBuffer
	path  string
	cfg   bot.Config
}

// logBuffer collects the bot's log lines.
type logBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *logBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *logBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// newRig starts a loopback Discord and the bot with RetryDelay 20 ms and what tune changes.
func newRig(t testing.TB, tune func(*bot.Config)) *rig {
	t.Helper()
	r := &rig{t: t, srv: discordtest.New(t), reg: games.Registry(), logs: &logBuffer{},
		path: filepath.Join(t.TempDir(), "spicebot.db")}
	r.cfg = bot.Config{Token: discordtest.Token, APIURL: r.srv.URL(), RetryDelay: 20 * time.Millisecond}
	if tune != nil {
		tune(&r.cfg)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	store, err := data.Open(ctx, r.path)
	if err != nil {
		t.Fatalf("open store: %v", err)
	}
	rend, err := games.Renderer()
	if err != nil {
		t.Fatalf("renderer: %v", err)
	}
	log := slog.New(slog.NewJSONHandler(r.logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	b, err := bot.New(r.cfg, store, r.reg, rend, log)
	if err != nil {
		t.Fatalf("new bot: %v", err)
	}
	if err := b.Open(ctx); err != nil {
		t.Fatalf("open bot: %v", err)
	}
	r.store, r.bot = store, b
	t.Cleanup(func() {
		if err := b.Close(); err != nil {
			t.Errorf("close bot: %v", err)
		}
		store.Close()
	})
	return r
}

// table is a game set up in a channel.
type table struct {
	channel string
	game    int64
	users   []string // by seat
}

// startGame seats players users in a new Borneo game in channel (seeded), straight in the store,
// and asks for its first board with /board.
func (r *rig) startGame(channel string, players int, seed uint64) table {
	r.t.Helper()
	ctx := context.Background()
	r.srv.AddChannel(channel, "table-"+channel)
	g, _ := r.reg.Get("borneo")
	users := make([]string, players)
	for i := range users {
		users[i] = strconv.FormatUint(700000000000000000+seed*10+uint64(i), 10)
		r.srv.AddUser(users[i], fmt.Sprintf("P%d-%d", seed, i))
	}
	row, err := r.store.CreateLobby(ctx, data.Game{GuildID: discordtest.GuildID, ChannelID: channel, Game: "borneo", Players: players},
		data.Seat{UserID: users[0], Name: "P0"})
	if err != nil {
		r.t.Fatalf("lobby: %v", err)
	}
	for i, u := range users[1:] {
		if err := r.store.Join(ctx, row.ID, data.Seat{UserID: u, Name: fmt.Sprint("P", i+1)}); err != nil {
			r.t.Fatalf("join: %v", err)
		}
	}
	st, err := g.New(players, nil, seed)
	if err != nil {
		r.t.Fatal(err)
	}
	state, err := json.Marshal(st)
	if err != nil {
		r.t.Fatal(err)
	}
	if err := r.store.Start(ctx, row.ID, users, seed, state, st.Version()); err != nil {
		r.t.Fatalf("start: %v", err)
	}
	if _, err := r.srv.Command(users[0], channel, "board").Response(within(r.t, 20*time.Second)); err != nil {
		r.t.Fatalf("/board: %v", err)
	}
	return table{channel: channel, game: row.ID, users: users}
}

// state loads a game as stored.
func (r *rig) state(gameID int64) rules.State {
	r.t.Helper()
	row, _, err := r.store.GameByID(context.Background(), gameID)
	if err != nil {
		r.t.Fatalf("game %d: %v", gameID, err)
	}
	g, _ := r.reg.Get(row.Game)
	st, err := g.Load(row.State)
	if err != nil {
		r.t.Fatalf("load: %v", err)
	}
	return st
}

// randomMove picks a random active seat with legal moves and one of its moves; ok is false when
// the game is over.
func (r *rig) randomMove(tb table, rng *rand.Rand) (user, move string, version int, ok bool) {
	st := r.state(tb.game)
	if _, over := st.Outcome(); over {
		return "", "", st.Version(), false
	}
	var movers []rules.Seat
	for _, s := range st.Active() {
		if len(st.Legal(s)) > 0 {
			movers = append(movers, s)
		}
	}
	if len(movers) == 0 {
		return "", "", st.Version(), false
	}
	seat := movers[rng.IntN(len(movers))]
	legal := st.Legal(seat)
	return tb.users[seat], legal[rng.IntN(len(legal))].String(), st.Version(), true
}

// play sends /play move:<move> as user.
func (r *rig) play(tb table, user, move string) *discordtest.Interaction {
	return r.srv.Command(user, tb.channel, "play", discordtest.Str("move", move))
}

// isBoard reports whether m is a board message: posted in a channel with the board picture.
func isBoard(m discordtest.Message) bool {
	if m.Kind != discordtest.KindChannel {
		return false
	}
	for _, f := range m.Files {
		if boardFile.MatchString(f.Name) {
			return true
		}
	}
	return false
}

// boardFile matches the file name of a board image: its game and turn ("borneo-turn-14.png").
var boardFile = regexp.MustCompile(`^[a-z-]+-turn-\d+\.png$`)

// boardVersion is the version a board message shows, read from its "Your move" button
// (sb1:ym/{game}/{version}), or -1 (a final board has no buttons).
func boardVersion(m discordtest.Message) int {
	for _, id := range m.CustomIDs() {
		if sub := ymRE.FindStringSubmatch(id); sub != nil {
			var v int
			fmt.Sscan(sub[1], &v)
			return v
		}
	}
	return -1
}

var ymRE = regexp.MustCompile(`:ym/\d+/(\d+)`)

// waitIdle waits until the outbox has nothing pending that is due (items scheduled for later by
// the bot's clock, such as a slow answerer's call, are left out: see dueItems).
func (r *rig) waitIdle(ctx context.Context, advance func()) {
	r.t.Helper()
	for {
		pending, err := r.store.PendingOutbox(ctx, 0)
		if err != nil {
			r.t.Fatal(err)
		}
		pending = dueItems(pending, r.cfg.Clock)
		if len(pending) == 0 {
			return
		}
		if ctx.Err() != nil {
			r.t.Fatalf("outbox still has %d items: first %+v", len(pending), pending[0])
		}
		if advance != nil {
			advance()
		} else {
			time.Sleep(5 * time.Millisecond)
		}
	}
}

// within is a context that ends after d or with the test.
func within(t testing.TB, d time.Duration) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	t.Cleanup(cancel)
	return ctx
}

// manualClock is a bot.Clock that moves only when the test advances it: a long outage plays in
// milliseconds.
type manualClock struct {
	mu     sync.Mutex
	now    time.Time
	timers []manualTimer
}

type manualTimer struct {
	at time.Time
	ch chan time.Time
}

func newManualClock() *manualClock { return &manualClock{now: time.Now()} }

func (c *manualClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *manualClock) After(d time.Duration) <-chan time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	ch := make(chan time.Time, 1)
	if d <= 0 {
		ch <- c.now
		return ch
	}
	c.timers = append(c.timers, manualTimer{at: c.now.Add(d), ch: ch})
	return ch
}

// Advance moves the clock on by d and fires the timers that are due.
func (c *manualClock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
	kept := c.timers[:0]
	for _, t := range c.timers {
		if t.at.After(c.now) {
			kept = append(kept, t)
			continue
		}
		t.ch <- c.now
	}
	c.timers = kept
}
