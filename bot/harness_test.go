package bot_test

import (
	"bytes"
	"context"
	"fmt"
	"image/png"
	"log/slog"
	"math/rand/v2"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"spicebot/bot"
	"spicebot/bot/discordtest"
	"spicebot/data"
	"spicebot/games"
	"spicebot/rules"
)

// harness runs the real bot (discordgo session, SQLite store, renderer) against the loopback Discord.
type harness struct {
	t       testing.TB
	srv     *discordtest.Server
	dbPath  string
	store   *data.Store
	bot     *bot.Bot
	reg     *rules.Registry
	logs    *syncBuffer
	channel string
	users   []string
	// lastGame is the row id of the game openLobby started.
	lastGame int64
	// lobbyID is the id of the last lobby message: boards of the current game come after it.
	lobbyID uint64
}

// syncBuffer collects the bot's log lines so tests can scan them.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func newHarness(t testing.TB, players int) *harness {
	t.Helper()
	h := &harness{
		t: t, srv: discordtest.New(t), dbPath: filepath.Join(t.TempDir(), "spicebot.db"),
		reg: games.Registry(), logs: &syncBuffer{}, channel: "900000000000000001",
	}
	h.srv.AddChannel(h.channel, "spice-table")
	for i := 0; i < players+1; i++ { // one more user who watches
		id := strconv.Itoa(800000000000000001 + i)
		h.srv.AddUser(id, []string{"Ann", "Bob", "Cy", "Dee", "Eve", "Fay"}[i])
		h.users = append(h.users, id)
	}
	h.start()
	t.Cleanup(h.stop)
	return h
}

// start opens the store and the bot, as `spicebot serve` does.
func (h *harness) start() {
	h.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	store, err := data.Open(ctx, h.dbPath)
	if err != nil {
		h.t.Fatalf("open store: %v", err)
	}
	rend, err := games.Renderer()
	if err != nil {
		h.t.Fatalf("renderer: %v", err)
	}
	log := slog.New(slog.NewJSONHandler(h.logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	b, err := bot.New(bot.Config{Token: discordtest.Token, APIURL: h.srv.URL(), RetryDelay: 100 * time.Millisecond},
		store, h.reg, rend, log)
	if err != nil {
		h.t.Fatalf("new bot: %v", err)
	}
	if err := b.Open(ctx); err != nil {
		h.t.Fatalf("open bot: %v", err)
	}
	h.store, h.bot = store, b
}

// stop closes the bot and the store (a clean shutdown).
func (h *harness) stop() {
	if h.bot != nil {
		if err := h.bot.Close(); err != nil {
			h.t.Errorf("close bot: %v", err)
		}
		h.bot = nil
	}
	if h.store != nil {
		h.store.Close()
		h.store = nil
	}
}

func ctxT(t testing.TB) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	t.Cleanup(cancel)
	return ctx
}

// final sends an interaction's result back, failing the test on a timeout.
func (h *harness) final(ix *discordtest.Interaction) discordtest.Message {
	h.t.Helper()
	m, err := ix.Final(ctxT(h.t))
	if err != nil {
		h.t.Fatalf("interaction %s: %v", ix.Name, err)
	}
	return m
}

func (h *harness) response(ix *discordtest.Interaction) discordtest.Response {
	h.t.Helper()
	r, err := ix.Response(ctxT(h.t))
	if err != nil {
		h.t.Fatalf("interaction %s: %v", ix.Name, err)
	}
	return r
}

// state loads the channel's game as stored.
func (h *harness) state() (data.Game, []data.Seat, rules.State) {
	h.t.Helper()
	row, seats, err := h.store.Current(context.Background(), h.channel)
	if err != nil {
		// A finished game is no longer current: find it by the board message.
		h.t.Fatalf("current game: %v", err)
	}
	return row, seats, h.load(row)
}

func (h *harness) load(row data.Game) rules.State {
	h.t.Helper()
	if len(row.State) == 0 {
		return nil
	}
	g, _ := h.reg.Get(row.Game)
	st, err := g.Load(row.State)
	if err != nil {
		h.t.Fatalf("load state: %v", err)
	}
	return st
}

// openLobby creates a game and seats players (the first user creates it, the others press Join),
// then the creator presses Start. It returns the game's row id.
func (h *harness) openLobby(game string, players int, opts ...discordtest.Option) int64 {
	h.t.Helper()
	args := append([]discordtest.Option{discordtest.Str("game", game), discordtest.Int("players", int64(players))}, opts...)
	lobby := h.final(h.srv.Command(h.users[0], h.channel, "game", discordtest.Sub("new", args...)))
	if lobby.Ephemeral || !strings.Contains(lobby.Content, "lobby") {
		h.t.Fatalf("lobby message = %+v", lobby)
	}
	h.lobbyID, _ = strconv.ParseUint(lobby.ID, 10, 64)
	join, ok := lobby.Button("Join")
	if !ok {
		h.t.Fatalf("lobby has no Join button: %v", lobby.CustomIDs())
	}
	for _, u := range h.users[1:players] {
		m := h.final(h.srv.Button(u, h.channel, lobby.ID, join.CustomID))
		if !strings.Contains(m.Content, "Players (") {
			h.t.Fatalf("join answered %q", m.Content)
		}
	}
	start, _ := lobby.Button("Start")
	started := h.final(h.srv.Button(h.users[0], h.channel, lobby.ID, start.CustomID))
	if !strings.Contains(started.Content, "has started") {
		h.t.Fatalf("start answered %q", started.Content)
	}
	row, _, _ := h.state()
	h.lastGame = row.ID
	h.t.Logf("%s game %d uses seed %d (replay it with rules.Replay and the stored moves)", game, row.ID, row.Seed)
	return row.ID
}

var moveRE = regexp.MustCompile(`· move (\d+)`)

// boardAt waits for the board message showing version v (a new post or an edit) and checks it:
// a valid PNG, buttons for the right version unless the game is over.
func (h *harness) boardAt(v int) discordtest.Message {
	h.t.Helper()
	m, err := h.srv.WaitFor(ctxT(h.t), func(m discordtest.Message) bool {
		if m.Kind != discordtest.KindChannel || m.ChannelID != h.channel {
			return false
		}
		if id, _ := strconv.ParseUint(m.ID, 10, 64); id < h.lobbyID {
			return false // a board of an earlier game
		}
		sub := moveRE.FindStringSubmatch(m.Content)
		return sub != nil && sub[1] == strconv.Itoa(v)
	})
	if err != nil {
		h.t.Fatalf("no board for move %d: %v", v, err)
	}
	if len(m.Files) != 1 {
		h.t.Fatalf("board for move %d has %d files", v, len(m.Files))
	}
	img, err := png.Decode(bytes.NewReader(m.Files[0].Data))
	if err != nil {
		h.t.Fatalf("board for move %d: not a PNG: %v", v, err)
	}
	if w := img.Bounds().Dx(); w < 400 || w > 1200 {
		h.t.Errorf("board width %d px: not readable on a phone", w)
	}
	return m
}

// clickYourMove presses "Your move" on a board for user and returns the ephemeral answer.
func (h *harness) clickYourMove(user string, board discordtest.Message) discordtest.Message {
	h.t.Helper()
	b, ok := board.Button("Your move")
	if !ok {
		h.t.Fatalf("board has no Your move button: %q", board.Content)
	}
	m := h.final(h.srv.Button(user, h.channel, board.ID, b.CustomID))
	if !m.Ephemeral {
		h.t.Fatalf("Your move answer is public: %q", m.Content)
	}
	return m
}

// pick selects option value from the menu message.
func (h *harness) pick(user string, menu discordtest.Message, customID, value string) discordtest.Message {
	h.t.Helper()
	return h.final(h.srv.Select(user, h.channel, menu.ID, customID, value))
}

// secretScan fails if text names a card hidden from the observer at st.
func secretScan(t testing.TB, where, text string, hidden []string) {
	t.Helper()
	for _, id := range hidden {
		if containsToken(text, id) {
			t.Fatalf("%s names hidden card %s: %q", where, id, text)
		}
	}
}

func containsToken(text, id string) bool {
	re := regexp.MustCompile(`(^|[^A-Za-z0-9])` + regexp.QuoteMeta(id) + `($|[^A-Za-z0-9])`)
	return re.MatchString(text)
}

// playGame drives a whole game through the bot: at each board, a mentioned player presses
// "Your move" and picks a random move (or uses /play with autocomplete every few moves), until
// the board says the game is over. It checks every board, the mentions, secrets in everything
// public, and returns the final board.
func (h *harness) playGame(rng *rand.Rand, maxMoves int, before func(v int)) (discordtest.Message, map[string]bool) {
	h.t.Helper()
	everHidden, wasPublic := map[string]bool{}, map[string]bool{}
	for v := 0; ; v++ {
		if v > maxMoves {
			h.t.Fatalf("game still running after %d moves", maxMoves)
		}
		board := h.boardAt(v)
		if before != nil {
			before(v)
		}
		row, seats, st := h.stateByID()
		hidden := st.Hidden(rules.Observer)
		hiddenNow := map[string]bool{}
		for _, id := range hidden {
			everHidden[id] = true
			hiddenNow[id] = true
		}
		// A card that was public at some earlier board (played face up, then reshuffled into the
		// deck) may still be named by an older line of a board edited in place; a card that has
		// been hidden from the channel at every board so far must never be named.
		for id := range everHidden {
			if !hiddenNow[id] {
				wasPublic[id] = true
			}
		}
		var secret []string
		for _, id := range hidden {
			if !wasPublic[id] {
				secret = append(secret, id)
			}
		}
		secretScan(h.t, fmt.Sprintf("board %d", v), board.Content+" "+strings.Join(board.CustomIDs(), " "), secret)
		if _, over := st.Outcome(); over {
			if !strings.Contains(board.Content, "Game over") {
				h.t.Fatalf("final board does not say the game is over: %q", board.Content)
			}
			if row.Status != data.StatusFinished {
				h.t.Fatalf("finished game stored as %q", row.Status)
			}
			return board, everHidden
		}
		active := st.Active()
		userOf := map[rules.Seat]string{}
		for _, s := range seats {
			userOf[rules.Seat(s.Seat)] = s.UserID
		}
		for _, s := range active {
			if !slices.Contains(board.Mentions, userOf[s]) {
				h.t.Fatalf("board %d does not mention active seat %d: %q", v, s, board.Content)
			}
		}
		// Choose who moves: a random active seat that has a legal move.
		var movers []rules.Seat
		for _, s := range active {
			if len(st.Legal(s)) > 0 {
				movers = append(movers, s)
			}
		}
		if len(movers) == 0 {
			h.t.Fatalf("board %d: no active seat has a move", v)
		}
		seat := movers[rng.IntN(len(movers))]
		user := userOf[seat]
		if v%5 == 3 {
			h.playWithAutocomplete(user, rng)
			continue
		}
		menu := h.clickYourMove(user, board)
		secretScan(h.t, "your-move custom_ids", strings.Join(menu.CustomIDs(), " "), hidden)
		var options []string
		var owner []string
		for _, sel := range menu.Selects() {
			for _, o := range sel.Options {
				options = append(options, o.Value)
				owner = append(owner, sel.CustomID)
			}
		}
		if len(options) == 0 {
			h.t.Fatalf("seat %d has moves but the menu has none: %q", seat, menu.Content)
		}
		if len(options) != len(st.Legal(seat)) && len(options) != 100 {
			h.t.Fatalf("menu lists %d moves, the rules %d", len(options), len(st.Legal(seat)))
		}
		k := rng.IntN(len(options))
		res := h.pick(user, menu, owner[k], options[k])
		if !strings.HasPrefix(res.Content, "You played") {
			h.t.Fatalf("picking %q answered %q", options[k], res.Content)
		}
	}
}

// playWithAutocomplete makes one move with /play, choosing from the autocomplete.
func (h *harness) playWithAutocomplete(user string, rng *rand.Rand) {
	h.t.Helper()
	ac := h.response(h.srv.Autocomplete(user, h.channel, "play", discordtest.Focused("move", "")))
	if ac.Type != discordtest.CallbackAutocomplete || len(ac.Choices) == 0 {
		h.t.Fatalf("autocomplete answered %+v", ac)
	}
	c := ac.Choices[rng.IntN(len(ac.Choices))]
	res := h.final(h.srv.Command(user, h.channel, "play", discordtest.Str("move", c.Value.(string))))
	if !res.Ephemeral || !strings.HasPrefix(res.Content, "You played") {
		h.t.Fatalf("/play %v answered %q", c.Value, res.Content)
	}
}

// stateByID loads the channel's latest game, finished or not.
func (h *harness) stateByID() (data.Game, []data.Seat, rules.State) {
	h.t.Helper()
	row, seats, err := h.store.Current(context.Background(), h.channel)
	if err == nil {
		return row, seats, h.load(row)
	}
	if h.lastGame == 0 {
		h.t.Fatalf("no game: %v", err)
	}
	row, seats, err = h.store.GameByID(context.Background(), h.lastGame)
	if err != nil {
		h.t.Fatalf("game %d: %v", h.lastGame, err)
	}
	return row, seats, h.load(row)
}

func rulesSeat(i int) rules.Seat { return rules.Seat(i) }
