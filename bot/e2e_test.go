package bot_test

import (
	"bytes"
	"context"
	"fmt"
	"image/png"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"spicebot/bot/discordtest"
	"spicebot/commands"
	"spicebot/data"
	"spicebot/rules"
)

// TestBorneoGameEndToEnd plays a complete 3-player Borneo game through the loopback Discord with
// only slash commands, autocomplete, buttons and selects. One player has closed DMs; the bot is
// restarted mid-game and the board posted before the restart keeps working.
func TestBorneoGameEndToEnd(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end game in -short mode")
	}
	h := newHarness(t, 3)
	closed := h.users[2]
	h.srv.CloseDMs(closed)
	h.openLobby("borneo", 3)

	// Every open-DM player gets their hand by DM, naming the game and the channel, with a PNG.
	for _, u := range h.users[:2] {
		dm, err := h.srv.WaitFor(ctxT(t), func(m discordtest.Message) bool { return m.Kind == discordtest.KindDM && m.UserID == u })
		if err != nil {
			t.Fatalf("no DM for %s: %v", u, err)
		}
		if !strings.Contains(dm.Content, "Borneo") || !strings.Contains(dm.Content, "<#"+h.channel+">") {
			t.Errorf("DM does not name the game and channel: %q", dm.Content)
		}
		if len(dm.Files) != 1 {
			t.Fatalf("DM has %d files", len(dm.Files))
		}
		if _, err := png.Decode(bytes.NewReader(dm.Files[0].Data)); err != nil {
			t.Fatalf("DM hand image: %v", err)
		}
	}
	// The closed-DM player is told once, in the channel, to use /hand.
	if _, err := h.srv.WaitFor(ctxT(t), func(m discordtest.Message) bool {
		return m.Kind == discordtest.KindChannel && strings.Contains(m.Content, "/hand") && slices.Contains(m.Mentions, closed)
	}); err != nil {
		t.Fatalf("no closed-DM notice: %v", err)
	}

	restarted := false
	rng := rand.New(rand.NewPCG(7, 11))
	final, everHidden, stats := h.playGame(rng, 2000, func(v int) {
		if v >= 25 && !restarted {
			restarted = true
			h.stop()
			h.start()
		}
	})
	if !restarted {
		t.Fatal("the game ended before the restart")
	}
	h.report(stats, func(d decision) string {
		switch strings.Fields(d.moves[0])[0] {
		case "ship":
			return "shipment"
		case "pay":
			return "mission payment"
		case "discard":
			return "discard"
		}
		return ""
	}, func(moves []string) string {
		// A player's turn: a shipment, after a merchant's move or not, and the discard down to the
		// hand limit when the draw went over it; or a turn with a fight or a mission.
		kinds := map[string]bool{}
		for _, m := range moves {
			kinds[strings.Fields(m)[0]] = true
		}
		switch {
		case kinds["fight"] || kinds["mission"] || kinds["pay"]:
			return "turn with a fight or mission"
		case kinds["ship"] && kinds["discard"]:
			return "turn: shipment, then discard over the hand limit"
		case kinds["ship"]:
			return "turn: shipment (no fight, no mission, no discard)"
		}
		return ""
	})

	// Final scores on the last board match the rules engine's outcome.
	row, seats, st := h.stateByID()
	out, over := st.Outcome()
	if !over {
		t.Fatal("game not over")
	}
	for _, s := range seats {
		want := fmt.Sprintf("%s — **%d**", s.Name, out.Scores[s.Seat])
		if !strings.Contains(final.Content, want) {
			t.Errorf("final board lacks %q:\n%s", want, final.Content)
		}
	}
	if _, ok := final.Button("Your move"); ok {
		t.Errorf("final board still offers moves")
	}
	moves, err := h.store.Moves(context.Background(), row.ID)
	if err != nil || len(moves) != st.Version() {
		t.Fatalf("stored %d moves for version %d (%v)", len(moves), st.Version(), err)
	}

	// Exactly one closed-DM notice, and no DM was ever delivered to that player.
	notices := 0
	for _, m := range h.srv.Messages(h.channel) {
		if strings.Contains(m.Content, "DMs are closed") {
			notices++
		}
	}
	if notices != 1 {
		t.Errorf("%d closed-DM notices, want 1", notices)
	}
	if n := len(h.srv.DMs(closed)); n != 0 {
		t.Errorf("%d DMs delivered to a closed-DM user", n)
	}
	// A live game: the board's mention is the notification, the hand dealt the only DM.
	if n := len(h.srv.DMs(h.users[0])); n < 1 || n > 3 {
		t.Errorf("%d DMs to a player over a live game: want the hand dealt, and at most 3", n)
	}

	// Nothing public names a card that was ever hidden when it was posted; logs name no card at all.
	for _, m := range h.srv.Messages(h.channel) {
		if m.Ephemeral {
			continue
		}
		for _, id := range m.CustomIDs() {
			if strings.Contains(id, " ") || len(id) > 100 {
				t.Errorf("odd custom_id %q", id)
			}
		}
	}
	logs := h.logs.String()
	for id := range everHidden {
		if containsToken(logs, id) {
			t.Fatalf("a log line names card %s", id)
		}
	}
	checkContract(t, h)
}

// checkContract asserts the bot made no request the loopback Discord did not know, and (when
// Discord's OpenAPI spec is present) that every request body matched the spec.
func checkContract(t *testing.T, h *harness) {
	t.Helper()
	for _, r := range h.srv.Unhandled() {
		t.Errorf("unhandled request %s %s", r.Method, r.Path)
	}
	for _, r := range h.srv.Errors() {
		if r.Status == 403 && strings.Contains(r.Path, "/messages") {
			continue // the closed-DM refusals
		}
		t.Errorf("request %s %s answered %d", r.Method, r.Path, r.Status)
	}
	for _, v := range h.srv.Violations() {
		t.Errorf("OpenAPI violation: %s", v)
	}
	for _, id := range h.srv.Identifies() {
		if id.Intents != 0 {
			t.Errorf("identified with intents %d, want none", id.Intents)
		}
	}
}

// TestBadInputChangesNothing sends every kind of bad input and checks each gets an ephemeral
// sentence and leaves the stored game exactly as it was.
func TestBadInputChangesNothing(t *testing.T) {
	h := newHarness(t, 3)
	watcher := h.users[3]

	// No game in the channel yet.
	for _, ix := range []*discordtest.Interaction{
		h.srv.Command(h.users[0], h.channel, "play", discordtest.Str("move", "pass")),
		h.srv.Command(h.users[0], h.channel, "hand"),
		h.srv.Command(h.users[0], h.channel, "board"),
	} {
		m := h.final(ix)
		if !m.Ephemeral || !strings.Contains(m.Content, "no game in this channel") {
			t.Errorf("%s without a game answered %q", ix.Name, m.Content)
		}
	}

	h.openLobby("borneo", 3)
	board := h.boardAt(0)
	row, _, st := h.state()
	before := string(row.State)
	unchanged := func(what string) {
		t.Helper()
		r, _, _ := h.state()
		if string(r.State) != before || r.Version != row.Version {
			t.Fatalf("%s changed the game", what)
		}
		moves, _ := h.store.Moves(context.Background(), r.ID)
		if len(moves) != r.Version {
			t.Fatalf("%s: %d moves stored for version %d", what, len(moves), r.Version)
		}
	}
	expect := func(what string, m discordtest.Message, phrase string) {
		t.Helper()
		if !m.Ephemeral {
			t.Errorf("%s: answer is public: %q", what, m.Content)
		}
		if !strings.Contains(strings.ToLower(m.Content), strings.ToLower(phrase)) {
			t.Errorf("%s: answer %q lacks %q", what, m.Content, phrase)
		}
		unchanged(what)
	}

	// A non-player.
	expect("non-player Your move", h.clickYourMove(watcher, board), "not playing")
	expect("non-player /play", h.final(h.srv.Command(watcher, h.channel, "play", discordtest.Str("move", "place Y"))), "not playing")
	expect("non-player /hand", h.final(h.srv.Command(watcher, h.channel, "hand")), "not playing")

	// The wrong seat: someone who is not active plays the active seat's move.
	active := st.Active()[0]
	_, seats, _ := h.state()
	var activeUser, otherUser string
	for _, s := range seats {
		if rules.Seat(s.Seat) == active {
			activeUser = s.UserID
		} else if otherUser == "" {
			otherUser = s.UserID
		}
	}
	legal := st.Legal(active)[0].String()
	expect("wrong seat", h.final(h.srv.Command(otherUser, h.channel, "play", discordtest.Str("move", legal))), "turn")

	// A malformed move and an illegal one.
	expect("malformed /play", h.final(h.srv.Command(activeUser, h.channel, "play", discordtest.Str("move", "fly to the moon"))), "can't read")
	expect("empty /play", h.final(h.srv.Command(activeUser, h.channel, "play", discordtest.Str("move", "  "))), "which move")

	// A stale menu: make a menu, play a move through /play, then use the old menu.
	menu := h.clickYourMove(activeUser, board)
	res := h.final(h.srv.Command(activeUser, h.channel, "play", discordtest.Str("move", legal)))
	if !strings.HasPrefix(res.Content, "You played") {
		t.Fatalf("/play %s answered %q", legal, res.Content)
	}
	h.boardAt(1)
	row, _, st = h.state()
	before = string(row.State)
	stale := h.final(h.firstPick(activeUser, menu))
	if !strings.Contains(stale.Content, "moved on") {
		t.Errorf("stale menu answered %q", stale.Content)
	}
	unchanged("stale menu")
	// The old board lost its buttons when the new one was posted; where it still has them (its
	// edit failed), its button also says so and offers the current moves.
	if prev, ok := h.srv.Message(board.ID); ok {
		if _, has := prev.Button("Your move"); has {
			old := h.clickYourMove(h.userAt(st.Active()[0]), prev)
			expect("old board button", old, "moved on")
			if len(old.Selects())+len(old.Buttons()) == 0 {
				t.Errorf("old board button offers no current moves: %q", old.Content)
			}
		}
	}

	// A forged custom_id and a second game in the same channel.
	expect("second game", h.final(h.srv.Command(h.users[1], h.channel, "game", discordtest.Group("new", discordtest.Sub("borneo", discordtest.Str("thread", "off"))))), "already has a game")
	expect("cancel by a non-creator", h.final(h.srv.Command(h.users[1], h.channel, "game", discordtest.Sub("cancel"))), "only the game's creator")
	expect("join a started game", h.final(h.srv.Command(watcher, h.channel, "game", discordtest.Sub("join"))), "already started")
	checkContract(t, h)
}

func (h *harness) userAt(seat rules.Seat) string {
	_, seats, _ := h.state()
	for _, s := range seats {
		if rules.Seat(s.Seat) == seat {
			return s.UserID
		}
	}
	return ""
}

// TestFiftyConcurrentClicks has the active player pick the same move from the same menu 50 times
// at once: every click is answered, and the move is applied exactly once.
func TestFiftyConcurrentClicks(t *testing.T) {
	h := newHarness(t, 3)
	h.openLobby("borneo", 3)
	board := h.boardAt(0)
	_, _, st := h.state()
	user := h.userAt(st.Active()[0])
	// Fifty menus, as fifty open clients would have, then fifty simultaneous picks of one move.
	menus := make([]discordtest.Message, 50)
	for i := range menus {
		menus[i] = h.clickYourMove(user, board)
	}
	var wg sync.WaitGroup
	answers := make([]string, len(menus))
	for i, menu := range menus {
		wg.Add(1)
		ix := h.firstPick(user, menu)
		go func() {
			defer wg.Done()
			m, err := ix.Final(ctxT(t))
			if err != nil {
				t.Errorf("click %d: %v", i, err)
				return
			}
			answers[i] = m.Content
		}()
	}
	wg.Wait()
	played := 0
	for _, a := range answers {
		switch {
		case strings.HasPrefix(a, "You played"):
			played++
		case strings.Contains(a, "moved on"), strings.Contains(a, "landed first"):
		default:
			t.Errorf("unexpected answer %q", a)
		}
	}
	if played != 1 {
		t.Fatalf("%d clicks played the move, want exactly 1", played)
	}
	row, _, _ := h.state()
	moves, _ := h.store.Moves(context.Background(), row.ID)
	if row.Version != 1 || len(moves) != 1 {
		t.Fatalf("version %d with %d moves after 50 clicks, want 1 and 1", row.Version, len(moves))
	}
	h.boardAt(1)
}

// TestOutboxDeliveredAfterRestart commits a move while the bot is down, as if the process died
// right after the move's transaction: the board post queued in that transaction is delivered when
// the bot starts again.
func TestOutboxDeliveredAfterRestart(t *testing.T) {
	h := newHarness(t, 3)
	h.openLobby("borneo", 3)
	h.boardAt(0)
	_, _, st := h.state()
	seat := st.Active()[0]
	user := h.userAt(seat)
	move := st.Legal(seat)[0].String()
	h.stop()

	store, err := data.Open(ctxT(t), h.dbPath)
	if err != nil {
		t.Fatal(err)
	}
	svc := commands.New(store, h.reg, nil)
	reply, err := svc.Handle(ctxT(t), commands.Request{Kind: commands.KindCommand, Command: "play",
		GuildID: discordtest.GuildID, ChannelID: h.channel, UserID: user, UserName: "x",
		Options: map[string]any{"move": move}})
	if err != nil || !strings.HasPrefix(reply.Content, "You played") {
		t.Fatalf("play while the bot is down: %v %q", err, reply.Content)
	}
	pending, _ := store.PendingOutbox(ctxT(t), 0)
	if len(pending) == 0 {
		t.Fatal("the move queued nothing")
	}
	store.Close()
	if n := len(h.srv.Messages(h.channel)); n == 0 {
		t.Fatal("no messages before restart")
	}

	h.start()
	board := h.boardAt(1)
	if len(board.Buttons()) == 0 {
		t.Error("the board delivered after restart has no buttons")
	}
	deadline := time.Now().Add(10 * time.Second)
	for {
		left, err := h.store.PendingOutbox(ctxT(t), 0)
		if err != nil {
			t.Fatal(err)
		}
		if len(left) == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d outbox items still pending after restart", len(left))
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestSpiceMerchantGameEndToEnd plays a complete 4-player Spice Merchant game through the loopback
// Discord: the simultaneous secret registration, open goods and fake demand all go through the
// generic move UI, with no Spice Merchant code in bot/ or commands/.
func TestSpiceMerchantGameEndToEnd(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end game in -short mode")
	}
	h := newHarness(t, 4)
	h.openLobby("spice-merchant", 4)
	// During a registration every player is mentioned, whoever has registered already.
	board := h.boardAt(0)
	if len(board.Mentions) != 4 {
		t.Errorf("registration board mentions %d players, want all 4: %q", len(board.Mentions), board.Content)
	}
	rng := rand.New(rand.NewPCG(5, 8))
	final, _, stats := h.playGame(rng, 3000, nil)
	h.report(stats, func(d decision) string {
		switch strings.Fields(d.moves[0])[0] {
		case "secret":
			return "secret registration"
		case "demand":
			return "demand"
		case "open":
			return "open registration"
		}
		return ""
	}, nil)
	_, seats, st := h.stateByID()
	out, _ := st.Outcome()
	for _, s := range seats {
		want := fmt.Sprintf("%s — **%d**", s.Name, out.Scores[s.Seat])
		if !strings.Contains(final.Content, want) {
			t.Errorf("final board lacks %q:\n%s", want, final.Content)
		}
	}
	for _, u := range h.users[:4] { // a live game: the hand dealt, and at most 3 DMs
		if n := len(h.srv.DMs(u)); n < 1 || n > 3 {
			t.Errorf("player %s got %d DMs over four rounds of a live game", u, n)
		}
	}
	checkContract(t, h)
}

// TestSimultaneousRegistration has all four Spice Merchant players open their menus on the same
// board and register their secret goods at the same moment: every one is served, in turn, and
// each registration is applied exactly once.
func TestSimultaneousRegistration(t *testing.T) {
	h := newHarness(t, 4)
	h.openLobby("spice-merchant", 4)
	board := h.boardAt(0)
	menus := make([]discordtest.Message, 4)
	for i, u := range h.users[:4] {
		menus[i] = h.clickYourMove(u, board)
		if len(menus[i].Selects())+len(menus[i].Buttons()) == 0 {
			t.Fatalf("player %d has no registration menu: %q", i, menus[i].Content)
		}
	}
	var wg sync.WaitGroup
	answers := make([]string, 4)
	for i, u := range h.users[:4] {
		wg.Add(1)
		ix := h.firstPick(u, menus[i])
		go func() {
			defer wg.Done()
			m, err := ix.Final(ctxT(t))
			if err != nil {
				t.Errorf("player %d: %v", i, err)
				return
			}
			answers[i] = m.Content
		}()
	}
	wg.Wait()
	for i, a := range answers {
		if !strings.HasPrefix(a, "You played") {
			t.Errorf("player %d was not served: %q", i, a)
		}
	}
	row, _, st := h.state()
	moves, _ := h.store.Moves(context.Background(), row.ID)
	if len(moves) != 4 || st.Version() != 4 {
		t.Fatalf("%d moves stored, version %d; want 4 registrations", len(moves), st.Version())
	}
	seen := map[int]bool{}
	for _, m := range moves {
		if seen[m.Seat] {
			t.Errorf("seat %d registered twice", m.Seat)
		}
		seen[m.Seat] = true
	}
	// The round is under way: the first player is asked to play.
	if len(st.Active()) != 1 {
		t.Errorf("after registration Active() = %v, want the first player", st.Active())
	}
}
