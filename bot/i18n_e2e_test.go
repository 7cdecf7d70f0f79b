package bot_test

import (
	"bytes"
	"context"
	"fmt"
	"image/png"
	"math/rand/v2"
	"os"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"spicebot/bot"
	"spicebot/bot/discordtest"
	"spicebot/commands"
	"spicebot/data"
	"spicebot/render"
	"spicebot/rules"
)

// Issue 13 end to end: French and English at one table.
//
// The bot's own sentences come from the bot catalogue; the game's, the commands' and the boards'
// from theirs. These tests check what players receive, whoever made the text.

// frenchRE matches words only a French text has (the players' names here are Ann, Bob and Cy).
var frenchRE = regexp.MustCompile(`(?i)\b(vous|votre|vos|cargaison|comptoir|joueur|partie|tour)\b|[éèêàçù]`)

// englishRE matches words only an English text has.
var englishRE = regexp.MustCompile(`\b(you|your|You|Your|the|The|turn|Turn|game|Game)\b`)

// texts is everything a player reads in m: its content and its components' words.
func texts(m discordtest.Message) string {
	parts := []string{m.Content}
	for _, c := range append(m.Buttons(), m.Selects()...) {
		parts = append(parts, c.Label, c.Placeholder)
		for _, o := range c.Options {
			parts = append(parts, o.Label, o.Description)
		}
	}
	return strings.Join(parts, "\n")
}

// markupWatch records every message the loopback Discord receives that shows message markup
// (rules.MsgOpen): text a player would read as "⟦borneo.log.ship|…⟧".
type markupWatch struct {
	mu    sync.Mutex
	seen  int
	leaks []string
}

func watchMarkup(srv *discordtest.Server) *markupWatch {
	w := &markupWatch{}
	srv.Watch(func(m discordtest.Message, _ bool) {
		w.mu.Lock()
		defer w.mu.Unlock()
		w.seen++
		if t := texts(m); strings.Contains(t, rules.MsgOpen) || strings.Contains(t, rules.MsgClose) {
			w.leaks = append(w.leaks, fmt.Sprintf("%s message %s: %.300q", m.Kind, m.ID, t))
		}
	})
	return w
}

func (w *markupWatch) check(t *testing.T) {
	t.Helper()
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.seen == 0 {
		t.Fatal("the watch saw no message")
	}
	for i, l := range w.leaks {
		if i == 10 {
			t.Errorf("… and %d more", len(w.leaks)-10)
			break
		}
		t.Errorf("markup reached Discord: %s", l)
	}
}

// startByIDs opens a Borneo lobby for h.users[:players] and fills it, finding the buttons by
// their custom_ids (their labels are in the channel's language), and returns the game's row.
func startByIDs(t *testing.T, h *harness, players int) data.Game {
	t.Helper()
	lobby := h.final(h.srv.Command(h.users[0], h.channel, "game", discordtest.Group("new",
		discordtest.Sub("borneo", discordtest.Int("players", int64(players)), discordtest.Str("thread", "off")))))
	h.lobbyID, _ = strconv.ParseUint(lobby.ID, 10, 64)
	var join string
	for _, id := range lobby.CustomIDs() {
		if strings.HasPrefix(id, "sb1:"+string(commands.ActJoin)+"/") {
			join = id
		}
	}
	if join == "" {
		t.Fatalf("the lobby has no Join button: %q %v", lobby.Content, lobby.CustomIDs())
	}
	for _, u := range h.users[1:players] {
		h.final(h.srv.Button(u, h.channel, lobby.ID, join))
	}
	row, _, st := h.state()
	if st == nil {
		t.Fatalf("the full table did not start: %+v", row)
	}
	h.lastGame = row.ID
	return row
}

// playOne plays a random legal move of an active seat with /play and returns who played and
// the reply.
func playOne(t *testing.T, h *harness, rng *rand.Rand) (string, discordtest.Message) {
	t.Helper()
	_, seats, st := h.stateByID()
	for _, s := range st.Active() {
		legal := st.Legal(s)
		if len(legal) == 0 {
			continue
		}
		user := seats[int(s)].UserID
		for _, se := range seats {
			if se.Seat == int(s) {
				user = se.UserID
			}
		}
		mv := legal[rng.IntN(len(legal))]
		return user, h.final(h.srv.Command(user, h.channel, "play", discordtest.Str("move", mv.String())))
	}
	t.Fatalf("no active seat has a move at version %d", st.Version())
	return "", discordtest.Message{}
}

// TestFrenchPlayerE2E: in a server whose locale is en-US, a player whose Discord client is in
// French gets their private replies and DMs in French, while the channel's posts stay in
// English; nothing anyone receives shows message markup.
func TestFrenchPlayerE2E(t *testing.T) {
	h := newHarness(t, 3)
	marks := watchMarkup(h.srv)
	fr := h.users[1]
	h.srv.SetLocale(fr, "fr")
	var drawnMu sync.Mutex
	drawn := map[string]bool{}
	h.rend.TraceText(func(d render.DrawnText) {
		drawnMu.Lock()
		drawn[d.Text] = true
		drawnMu.Unlock()
	})
	defer h.rend.TraceText(nil)

	// The bot's own answer to an unreadable option, in the French player's language.
	bad := h.final(h.srv.Raw(discordtest.InteractionCommand, fr, h.channel, "", map[string]any{
		"id": "1", "name": "game", "type": 1, "options": []any{map[string]any{"name": "players", "type": 4, "value": "three"}},
	}))
	if !bad.Ephemeral || !strings.Contains(bad.Content, "L’option « players » devrait être un nombre entier ; rien n’a changé.") {
		t.Errorf("the French player's unreadable option was answered %q", bad.Content)
	}

	h.openLobby("borneo", 3) // the public lobby stays in English: openLobby reads its English words
	rng := rand.New(rand.NewPCG(13, 13))
	var frReplies []discordtest.Message
	for i := 0; i < 12 && len(frReplies) < 2; i++ {
		_, _, st := h.stateByID()
		h.boardAt(st.Version())
		user, reply := playOne(t, h, rng)
		if !reply.Ephemeral {
			t.Fatalf("a move's reply is public: %q", reply.Content)
		}
		if user == fr {
			frReplies = append(frReplies, reply)
		} else if frenchRE.MatchString(reply.Content) {
			t.Errorf("an English player's reply reads French: %q", reply.Content)
		}
	}
	// /hand: the French player's private hand, text and picture.
	hand := h.final(h.srv.Command(fr, h.channel, "hand"))
	frReplies = append(frReplies, hand)
	for _, r := range frReplies {
		t.Logf("the French player reads (go test -v shows the transcript):\n%s", texts(r))
		if !r.Ephemeral || !frenchRE.MatchString(texts(r)) || englishRE.MatchString(r.Content) {
			t.Errorf("the French player's private reply is not in French: %q", texts(r))
		}
	}
	// DMs to the French player (their turn, their hand) are in French; those to the others in
	// English.
	ctx := within(t, 20*time.Second)
	if _, err := h.srv.WaitFor(ctx, func(m discordtest.Message) bool { return m.Kind == discordtest.KindDM }); err != nil {
		t.Fatalf("no DM: %v", err)
	}
	time.Sleep(300 * time.Millisecond) // let the outbox deliver what the last moves queued
	for _, u := range h.users[:3] {
		for _, dm := range h.srv.DMs(u) {
			if u == fr {
				t.Logf("DM to the French player:\n%s", dm.Content)
			}
			switch french := frenchRE.MatchString(dm.Content); {
			case u == fr && (!french || englishRE.MatchString(dm.Content)):
				t.Errorf("a DM to the French player is not in French: %q", dm.Content)
			case u != fr && french:
				t.Errorf("a DM to an English player reads French: %q", dm.Content)
			}
		}
	}
	// Every post in the channel is in English.
	for _, m := range h.srv.Messages(h.channel) {
		if frenchRE.MatchString(texts(m)) {
			t.Errorf("a channel post reads French: %.300q", texts(m))
		}
	}
	drawnMu.Lock()
	for _, want := range []string{"VOTRE MAIN", "YOUR HAND"} {
		if !drawn[want] {
			t.Errorf("no hand picture drew %q (the French player's hand is French, the others' English)", want)
		}
	}
	for s := range drawn {
		if strings.HasPrefix(s, "Dernier coup") {
			t.Errorf("a French board was drawn in an English server: %q", s)
		}
	}
	drawnMu.Unlock()
	marks.check(t)
}

// TestFrenchServerBoardE2E: in a server whose preferred locale is French, with French players,
// the boards posted in the channel are drawn in French: the text drawn is the French catalogue's,
// with none of the English words of a Borneo board. One board is written to
// $TMPDIR/spicebot-board-fr.png to be looked at.
func TestFrenchServerBoardE2E(t *testing.T) {
	h := newHarness(t, 3)
	marks := watchMarkup(h.srv)
	h.srv.SetGuildLocale("fr")
	for _, u := range h.users {
		h.srv.SetLocale(u, "fr")
	}
	var drawnMu sync.Mutex
	var drawn []string
	h.rend.TraceText(func(d render.DrawnText) {
		drawnMu.Lock()
		drawn = append(drawn, d.Text)
		drawnMu.Unlock()
	})
	defer h.rend.TraceText(nil)
	startByIDs(t, h, 3)
	rng := rand.New(rand.NewPCG(7, 13))
	for i := 0; i < 3; i++ {
		_, _, st := h.stateByID()
		h.boardAt(st.Version())
		playOne(t, h, rng)
	}
	_, _, st := h.stateByID()
	board := h.boardAt(st.Version())
	time.Sleep(300 * time.Millisecond) // the DMs' hands of the last move
	path := os.TempDir() + "/spicebot-board-fr.png"
	if err := os.WriteFile(path, board.Files[0].Data, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := png.Decode(bytes.NewReader(board.Files[0].Data)); err != nil {
		t.Fatal(err)
	}
	t.Logf("the French board is in %s", path)
	if !frenchRE.MatchString(board.Content) {
		t.Errorf("the board post of a French server is not in French: %q", board.Content)
	}
	drawnMu.Lock()
	defer drawnMu.Unlock()
	if all := strings.Join(drawn, "\n"); !strings.Contains(all, "Dernier coup : ") {
		t.Errorf("the board does not say « Dernier coup » (drawn: %.600q)", all)
	}
	// Words every Borneo board or hand draws in English, and the kit's.
	english := regexp.MustCompile(`\b(HARBOURS|PLAYERS|MISSIONS LEFT|warehouse|YOUR HAND|Last move|No cards in hand)\b`)
	told := map[string]bool{}
	for _, s := range drawn {
		if w := english.FindString(s); w != "" && !told[w] {
			told[w] = true
			t.Errorf("English drawn in a French server's image: %q", s)
		}
	}
	marks.check(t)
}

// TestNoMarkupE2E plays a whole Borneo game through the menus (English players) and checks that
// no message the loopback Discord received — posts, edits, DMs, replies, components — shows
// message markup.
func TestNoMarkupE2E(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end game")
	}
	h := newHarness(t, 3)
	marks := watchMarkup(h.srv)
	h.openLobby("borneo", 3)
	h.playGame(rand.New(rand.NewPCG(13, 1)), 400, nil)
	marks.check(t)
}

// TestFrenchThreadStatusE2E plays a Spice Merchant game in its own thread, the parent channel's
// language set to French (/settings language, here straight in the store), with the status line
// following every turn: every status line (in progress, finished) is in French, with no message
// markup and no English word, and nothing any player receives shows markup.
func TestFrenchThreadStatusE2E(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end game")
	}
	h := newHarnessWith(t, 3, func(c *bot.Config) { c.StatusEvery = -1 })
	h.threads, h.parent = true, h.channel
	marks := watchMarkup(h.srv)
	var mu sync.Mutex
	status := map[string]bool{}
	h.srv.Watch(func(m discordtest.Message, _ bool) {
		if m.ChannelID == h.parent && !m.Ephemeral {
			mu.Lock()
			status[texts(m)] = true
			mu.Unlock()
		}
	})
	h.openLobby("spice-merchant", 3)
	h.waitOutbox() // the status line at the start, in English
	if err := h.store.SetChannelLanguage(context.Background(), h.parent, "fr"); err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	clear(status) // the lobby, in English until now
	mu.Unlock()
	h.playCalm(400, 3)
	mu.Lock()
	defer mu.Unlock()
	var progress, finished bool
	for s := range status {
		if w := englishRE.FindString(s); w != "" {
			t.Errorf("English %q in a French status line: %q", w, s)
		}
		progress = progress || strings.Contains(s, "en cours") && strings.Contains(s, "mis à jour")
		finished = finished || strings.Contains(s, "Revanche")
	}
	if !progress || !finished {
		t.Errorf("the status lines never said « en cours … mis à jour » (%v) or offered « Revanche » (%v): %v", progress, finished, status)
	}
	marks.check(t)
}
