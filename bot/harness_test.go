package bot_test

import (
	"bytes"
	"context"
	"fmt"
	"image/png"
	"log/slog"
	"math/rand/v2"
	"os"
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
	"spicebot/commands"
	"spicebot/data"
	"spicebot/games"
	"spicebot/render"
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
	// idLeaks lists every internal id seen in something a player reads (see readable).
	idLeaks []string
	// configure, when set, adjusts the bot's configuration before each start (AI seats' tests).
	configure func(*bot.Config)
	// rend is the bot's renderer (made at the first start and kept: tests trace what it draws).
	rend *render.Renderer
	// dmPlayer, when set, is a user who plays only from their DMs: clickYourMove and playTurn
	// send their interactions in that user's DM channel (notify_e2e_test.go).
	dmPlayer string
	// threads: openLobby opens the lobby in parent and the game is played in the thread the bot
	// starts from the lobby message (h.channel is then that thread); otherwise thread:off.
	threads bool
	parent  string
	// lobbyMsg is the id of the last lobby message.
	lobbyMsg string
	// moveEvery is how far playCalm moves a manual clock on after each move.
	moveEvery time.Duration
	// clock is the bot's clock (Config.Clock; the real one unless configure set another).
	clock bot.Clock
}

// due leaves out of items those scheduled for later by the bot's clock (a status line's next
// turn, not yet due): what the outbox must still send now.
func (h *harness) due(items []data.OutboxItem) []data.OutboxItem { return dueItems(items, h.clock) }

// dueItems leaves out of items those scheduled for later (queued with a NextAt after their
// CreatedAt, never tried) and not due yet by clock (the real one when nil).
func dueItems(items []data.OutboxItem, clock bot.Clock) []data.OutboxItem {
	now := time.Now()
	if clock != nil {
		now = clock.Now()
	}
	var out []data.OutboxItem
	for _, it := range items {
		if it.Attempts == 0 && it.NextAt.After(it.CreatedAt) && it.NextAt.After(now) {
			continue
		}
		out = append(out, it)
	}
	return out
}

// channelOf is where user's interactions happen: their DM channel for h.dmPlayer, else the
// game's channel.
func (h *harness) channelOf(user string) string {
	if user != "" && user == h.dmPlayer {
		return h.srv.DMChannel(user)
	}
	return h.channel
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
	return newHarnessWith(t, players, nil)
}

// newHarnessWith is newHarness with the bot's configuration adjusted by configure.
func newHarnessWith(t testing.TB, players int, configure func(*bot.Config)) *harness {
	t.Helper()
	h := &harness{configure: configure,
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
	t.Cleanup(func() {
		if t.Failed() && os.Getenv("SPICEBOT_TEST_LOGS") != "" {
			_ = os.WriteFile(filepath.Join(os.Getenv("SPICEBOT_TEST_LOGS"), strings.ReplaceAll(t.Name(), "/", "_")+".log"), []byte(h.logs.String()), 0o644)
		}
	})
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
	if h.rend == nil {
		if h.rend, err = games.Renderer(); err != nil {
			h.t.Fatalf("renderer: %v", err)
		}
	}
	rend := h.rend
	log := slog.New(slog.NewJSONHandler(h.logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	cfg := bot.Config{Token: discordtest.Token, APIURL: h.srv.URL(), RetryDelay: 100 * time.Millisecond}
	if h.configure != nil {
		h.configure(&cfg)
	}
	h.clock = cfg.Clock
	b, err := bot.New(cfg, store, h.reg, rend, log)
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
	args := append([]discordtest.Option{discordtest.Int("players", int64(players))}, opts...)
	if !h.threads {
		args = append(args, discordtest.Str("thread", "off")) // the game is played in h.channel
	}
	home := h.channel
	if h.threads {
		home = h.parent // the lobby is opened in the text channel; the game gets a thread
	}
	lobby := h.final(h.srv.Command(h.users[0], home, "game", discordtest.Group("new", discordtest.Sub(game, args...))))
	if lobby.Ephemeral || !strings.Contains(lobby.Content, "lobby") {
		h.t.Fatalf("lobby message = %+v", lobby)
	}
	h.lobbyID, _ = strconv.ParseUint(lobby.ID, 10, 64)
	h.lobbyMsg = lobby.ID
	join, ok := lobby.Button("Join")
	if !ok {
		h.t.Fatalf("lobby has no Join button: %v", lobby.CustomIDs())
	}
	var started discordtest.Message
	for _, u := range h.users[1:players] {
		started = h.final(h.srv.Button(u, home, lobby.ID, join.CustomID))
		if !strings.Contains(started.Content, "Players (") && !strings.Contains(started.Content, "has started") {
			h.t.Fatalf("join answered %q", started.Content)
		}
	}
	if !strings.Contains(started.Content, "has started") { // a full table starts by itself
		start, _ := lobby.Button("Start")
		started = h.final(h.srv.Button(h.users[0], home, lobby.ID, start.CustomID))
	}
	if !strings.Contains(started.Content, "has started") {
		h.t.Fatalf("start answered %q", started.Content)
	}
	if h.threads {
		// The thread was started from the lobby message: it has the message's id.
		th, ok := h.srv.Thread(lobby.ID)
		if !ok || th.ParentID != home {
			h.t.Fatalf("no thread started from the lobby message %s: %+v", lobby.ID, th)
		}
		h.channel = th.ID
	}
	row, _, _ := h.state()
	h.lastGame = row.ID
	h.t.Logf("%s game %d uses seed %d (replay it with rules.Replay and the stored moves)", game, row.ID, row.Seed)
	return row.ID
}

// boardAt waits for the board message showing version v (a new post or an edit: its "Your move"
// button is made for v, or it is the final board of a game over at v) and checks it: a valid
// PNG readable on a phone.
func (h *harness) boardAt(v int) discordtest.Message {
	h.t.Helper()
	want := commands.CustomID{Action: commands.ActYourMove, Game: h.lastGame, Version: v}.String()
	m, err := h.srv.WaitFor(ctxT(h.t), func(m discordtest.Message) bool {
		if m.Kind != discordtest.KindChannel || m.ChannelID != h.channel {
			return false
		}
		if id, _ := strconv.ParseUint(m.ID, 10, 64); id < h.lobbyID {
			return false // a board of an earlier game
		}
		if slices.Contains(m.CustomIDs(), want) {
			return true
		}
		if !strings.Contains(m.Content, "Game over") {
			return false
		}
		row, _, err := h.store.GameByID(context.Background(), h.lastGame)
		return err == nil && row.Version == v && row.Status == data.StatusFinished
	})
	if err != nil {
		h.t.Fatalf("no board for version %d: %v", v, err)
	}
	if len(m.Files) != 1 {
		h.t.Fatalf("board for version %d has %d files", v, len(m.Files))
	}
	img, err := png.Decode(bytes.NewReader(m.Files[0].Data))
	if err != nil {
		h.t.Fatalf("board for version %d: not a PNG: %v", v, err)
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
	m := h.final(h.srv.Button(user, h.channelOf(user), board.ID, b.CustomID))
	if !m.Ephemeral {
		h.t.Fatalf("Your move answer is public: %q", m.Content)
	}
	h.readable("Your move answer", m)
	return m
}

// pick selects option value from the menu message.
func (h *harness) pick(user string, menu discordtest.Message, customID, value string) discordtest.Message {
	h.t.Helper()
	return h.final(h.srv.Select(user, h.channel, menu.ID, customID, value))
}

// firstPick sends the first choice a decision menu offers: its first select's first option, or
// else its first enabled button other than Back.
func (h *harness) firstPick(user string, menu discordtest.Message) *discordtest.Interaction {
	h.t.Helper()
	if sels := menu.Selects(); len(sels) > 0 {
		return h.srv.Select(user, h.channel, menu.ID, sels[0].CustomID, sels[0].Options[0].Value)
	}
	for _, b := range menu.Buttons() {
		if !b.Disabled && b.Label != "Back" {
			return h.srv.Button(user, h.channel, menu.ID, b.CustomID)
		}
	}
	h.t.Fatalf("the menu offers nothing: %q", menu.Content)
	return nil
}

// idRE is an internal component id of the games played here (a shipment card, harbour, mission
// or Spice Merchant card): nothing a player reads may show one.
var idRE = regexp.MustCompile(`\b[SHMC]\d\d\b`)

// readable fails the test when something a player reads in m — its text, a button's label, a
// select's placeholder, options and their descriptions — shows an internal id. Each message is
// also kept for the scan at the end of the game.
func (h *harness) readable(where string, m discordtest.Message) {
	h.t.Helper()
	texts := []string{m.Content}
	for _, c := range append(m.Buttons(), m.Selects()...) {
		texts = append(texts, c.Label, c.Placeholder)
		for _, o := range c.Options {
			texts = append(texts, o.Label, o.Description)
		}
	}
	for _, e := range m.Embeds {
		texts = append(texts, fmt.Sprint(e))
	}
	for _, x := range texts {
		if id := idRE.FindString(x); id != "" {
			h.idLeaks = append(h.idLeaks, fmt.Sprintf("%s shows %s: %.200q", where, id, x))
		}
	}
}

// decision is one decision a player made through the decision menu: the seat, the turn it was
// made in (rules.State.TurnNumber before it), the taps it took (a button press, opening a select
// and each choice in it, closing a multi-select: one each; "Your move" included when pressed) and
// the moves it stored (several for a multi-select batch).
type decision struct {
	seat  rules.Seat
	turn  int
	taps  int
	moves []string
}

// playTurn makes one decision for user, only through the decision menu's components: it presses
// "Your move" on board unless menu (the reply to the user's previous decision) already offers the
// next one, then at each step picks at random among what the step offers — a button (never
// Back or a previous page, so every tap goes towards a move), an option of a select, or a random set of options of a multi-select within its bounds —
// until a move is played. It returns the reply that said so, which may offer the next decision.
func (h *harness) playTurn(user string, board discordtest.Message, menu *discordtest.Message, rng *rand.Rand) (int, discordtest.Message) {
	h.t.Helper()
	taps := 0
	var m discordtest.Message
	if menu != nil && len(menu.Buttons())+len(menu.Selects()) > 0 {
		m = *menu
	} else {
		m = h.clickYourMove(user, board)
		taps++
	}
	for step := 0; step < 20; step++ {
		type pick struct {
			c      discordtest.Component
			values []string
		}
		var picks []pick
		for _, b := range m.Buttons() {
			if !b.Disabled && b.Label != "Back" && !strings.Contains(b.Label, "Previous") &&
				!strings.HasPrefix(b.CustomID, "sb1:"+string(commands.ActUndo)+"/") { // taking a move back is not a move
				picks = append(picks, pick{c: b})
			}
		}
		for _, s := range m.Selects() {
			if s.MaxValues > 1 {
				n := s.MinValues + rng.IntN(min(s.MaxValues, len(s.Options))-s.MinValues+1)
				var vs []string
				kinds := map[string]bool{} // one count per kind of card ("2 × British ship")
				for _, k := range rng.Perm(len(s.Options))[:n] {
					kind := s.Options[k].Label
					if _, after, counted := strings.Cut(kind, " × "); counted {
						kind = after
					}
					if !kinds[kind] {
						kinds[kind] = true
						vs = append(vs, s.Options[k].Value)
					}
				}
				picks = append(picks, pick{c: s, values: vs})
				continue
			}
			for _, o := range s.Options {
				picks = append(picks, pick{c: s, values: []string{o.Value}})
			}
		}
		if len(picks) == 0 {
			h.t.Fatalf("step %d offers nothing to pick: %q", step, m.Content)
		}
		p := picks[rng.IntN(len(picks))]
		var ix *discordtest.Interaction
		if p.c.Type == 2 {
			taps++
			ix = h.srv.Button(user, h.channelOf(user), m.ID, p.c.CustomID)
		} else {
			taps += 1 + len(p.values) // open, then each choice
			if p.c.MaxValues > 1 {
				taps++ // close the multi-select to send it
			}
			ix = h.srv.Select(user, h.channelOf(user), m.ID, p.c.CustomID, p.values...)
		}
		next := h.final(ix)
		if !next.Ephemeral {
			h.t.Fatalf("a menu step answered publicly: %q", next.Content)
		}
		if next.ID != m.ID {
			h.t.Errorf("a menu step posted a new message instead of updating the menu in place")
		}
		h.readable("menu step", next)
		if strings.Contains(next.Content, "Something went wrong") || strings.Contains(next.Content, "moved on") {
			h.t.Fatalf("menu step answered %q", next.Content)
		}
		if strings.HasPrefix(next.Content, "You played") {
			return taps, next
		}
		m = next
	}
	h.t.Fatalf("no move after 20 steps of the menu: %q", m.Content)
	return 0, discordtest.Message{}
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

// gameStats are the numbers of one game played by playGame.
type gameStats struct {
	decisions []decision
	moves     int
	// handReplies counts replies to a move that showed the mover's changed hand.
	handReplies int
}

// playGame drives a whole game through the bot: at each board, an active player makes a decision
// through the decision menu (playTurn; the reply to a decision serves the same player's next one),
// until the game is over. It checks every board, the mentions, secrets in everything public and
// internal ids in everything a player reads, and returns the final board, every card id ever
// hidden from the channel, and the decisions made.
func (h *harness) playGame(rng *rand.Rand, maxMoves int, before func(v int)) (discordtest.Message, map[string]bool, gameStats) {
	h.t.Helper()
	everHidden, wasPublic := map[string]bool{}, map[string]bool{}
	var stats gameStats
	var cont *discordtest.Message
	contSeat := rules.Observer
	for {
		row, seats, st := h.stateByID()
		v := st.Version()
		if v > maxMoves {
			h.t.Fatalf("game still running after %d moves", maxMoves)
		}
		board := h.boardAt(v)
		h.readable(fmt.Sprintf("board %d", v), board)
		if before != nil {
			before(v)
		}
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
			stats.moves = v
			return board, everHidden, stats
		}
		active := st.Active()
		userOf := map[rules.Seat]string{}
		for _, s := range seats {
			userOf[rules.Seat(s.Seat)] = s.UserID
		}
		for _, s := range active {
			if !slices.Contains(board.Mentions, userOf[s]) && !(cont != nil && s == contSeat) {
				h.t.Fatalf("board %d does not mention active seat %d: %q", v, s, board.Content)
			}
		}
		// Who moves: the player whose last reply offers their next decision, else a random
		// active seat that has a legal move.
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
		var menu *discordtest.Message
		if cont != nil && slices.Contains(movers, contSeat) {
			seat, menu = contSeat, cont
		}
		user := userOf[seat]
		if v%9 == 4 {
			h.checkAutocomplete(user, st.Legal(seat))
		}
		turn := st.TurnNumber()
		taps, reply := h.playTurn(user, board, menu, rng)
		secretScan(h.t, "menu custom_ids", strings.Join(reply.CustomIDs(), " "), hidden)
		moves, err := h.store.Moves(context.Background(), row.ID)
		if err != nil {
			h.t.Fatal(err)
		}
		d := decision{seat: seat, turn: turn, taps: taps}
		for _, m := range moves[v:] {
			d.moves = append(d.moves, m.Move)
		}
		if len(d.moves) == 0 {
			h.t.Fatalf("%q stored no move", reply.Content)
		}
		stats.decisions = append(stats.decisions, d)
		// The mover's own changed hand comes with the reply (text and picture), not by DM.
		if _, _, after := h.stateByID(); after.Private(seat) != st.Private(seat) && after.Private(seat) != "" {
			if len(reply.Files) != 1 {
				h.t.Fatalf("the reply to a move that changed the mover's hand has %d files: %q", len(reply.Files), reply.Content)
			}
			if _, err := png.Decode(bytes.NewReader(reply.Files[0].Data)); err != nil {
				h.t.Fatalf("the hand picture in the reply: %v", err)
			}
			stats.handReplies++
		}
		cont, contSeat = nil, rules.Observer
		if len(reply.Buttons())+len(reply.Selects()) > 0 {
			cont, contSeat = &reply, seat
		}
	}
}

// checkAutocomplete asks /play's autocomplete with nothing typed: at most 25 choices, in plain
// words, that together cover every legal move (a move itself, or a group that opens the menu).
func (h *harness) checkAutocomplete(user string, legal []rules.Move) {
	h.t.Helper()
	ac := h.response(h.srv.Autocomplete(user, h.channel, "play", discordtest.Focused("move", "")))
	if ac.Type != discordtest.CallbackAutocomplete || len(ac.Choices) == 0 || len(ac.Choices) > 25 {
		h.t.Fatalf("autocomplete answered %+v", ac)
	}
	for _, c := range ac.Choices {
		if id := idRE.FindString(c.Name); id != "" {
			h.idLeaks = append(h.idLeaks, fmt.Sprintf("autocomplete choice %q shows %s", c.Name, id))
		}
	}
	if len(legal) <= 25 && len(ac.Choices) > len(legal) {
		h.t.Errorf("autocomplete offers %d choices for %d moves", len(ac.Choices), len(legal))
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

// median is the middle value of xs (the lower middle for an even count), 0 for none.
func median(xs []int) int {
	if len(xs) == 0 {
		return 0
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	return s[(len(s)-1)/2]
}

// report logs the numbers of a game played by playGame — taps per decision and per turn (median,
// and per kind of decision or of a player's turn as kind and turnKind name them, "" for others;
// turnKind may be nil), moves per multi-select batch, DMs per
// player, public messages and board edits per move — scans every message of the game (channel,
// DMs, the final state of each ephemeral reply) for internal ids, and fails the test for each id a
// player could read.
func (h *harness) report(stats gameStats, kind func(decision) string, turnKind func(moves []string) string) {
	h.t.Helper()
	var all []int
	perTurn := map[[2]int]int{}
	turnMoves := map[[2]int][]string{}
	byKind := map[string][]int{}
	batches, batchMoves := 0, 0
	for _, d := range stats.decisions {
		all = append(all, d.taps)
		key := [2]int{int(d.seat), d.turn}
		perTurn[key] += d.taps
		turnMoves[key] = append(turnMoves[key], d.moves...)
		if k := kind(d); k != "" {
			byKind[k] = append(byKind[k], d.taps)
		}
		if len(d.moves) > 1 {
			batches++
			batchMoves += len(d.moves)
		}
	}
	var turns []int
	for key, n := range perTurn {
		turns = append(turns, n)
		if turnKind != nil {
			if k := turnKind(turnMoves[key]); k != "" {
				byKind[k] = append(byKind[k], n)
			}
		}
	}
	h.t.Logf("taps: %d decisions for %d moves, median %d per decision (max %d); %d (seat, turn) pairs, median %d taps per player per turn",
		len(all), stats.moves, median(all), slices.Max(all), len(turns), median(turns))
	kinds := make([]string, 0, len(byKind))
	for k := range byKind {
		kinds = append(kinds, k)
	}
	slices.Sort(kinds)
	for _, k := range kinds {
		h.t.Logf("taps: %s: %d decisions, median %d, max %d", k, len(byKind[k]), median(byKind[k]), slices.Max(byKind[k]))
	}
	h.t.Logf("replies showing the mover's new hand (text and picture): %d of %d decisions", stats.handReplies, len(all))
	if batches > 0 {
		h.t.Logf("multi-select batches: %d, %.1f moves each on average", batches, float64(batchMoves)/float64(batches))
	}
	var dms []string
	for i, u := range h.users {
		dms = append(dms, fmt.Sprintf("%s %d", []string{"Ann", "Bob", "Cy", "Dee", "Eve", "Fay"}[i], len(h.srv.DMs(u))))
	}
	h.t.Logf("DMs per player over the game: %s", strings.Join(dms, ", "))
	posts, edits := 0, 0
	for _, m := range h.srv.Messages(h.channel) {
		if id, _ := strconv.ParseUint(m.ID, 10, 64); id > h.lobbyID && m.Kind == discordtest.KindChannel {
			posts++
			edits += m.Edits
		}
	}
	if stats.moves > 0 {
		h.t.Logf("public messages: %d posts and %d edits for %d moves: %.2f posts per move, %.2f per decision",
			posts, edits, stats.moves, float64(posts)/float64(stats.moves), float64(posts)/float64(len(all)))
	}
	for _, m := range h.srv.Timeline(h.channel) {
		h.readable("channel message", m)
	}
	for _, u := range h.users {
		for _, m := range h.srv.DMs(u) {
			h.readable("DM", m)
		}
	}
	seen := map[string]bool{}
	for _, l := range h.idLeaks {
		if !seen[l] && len(seen) < 15 {
			h.t.Errorf("internal id: %s", l)
		}
		seen[l] = true
	}
	if len(h.idLeaks) > 0 {
		h.t.Errorf("%d texts players read show internal ids", len(h.idLeaks))
	}
}
