package bot_test

import (
	"bytes"
	"image/png"
	"strings"
	"testing"

	"spicebot/bot/discordtest"
	"spicebot/lang"
)

// TestCommandsTour exercises every slash command other than moves: registration, the lobby
// (join, leave, start rules), /game status, /hand, /board, /log, /rules with its autocomplete, and
// /game cancel with its confirmation, in a thread.
func TestCommandsTour(t *testing.T) {
	h := newHarness(t, 3)
	// Commands are registered with one bulk overwrite, globally without DISCORD_GUILD_ID.
	names := map[string]bool{}
	for _, c := range h.srv.Commands() {
		names[c["name"].(string)] = true
	}
	for _, want := range []string{"game", "play", "hand", "board", "log", "rules"} {
		if !names[want] {
			t.Errorf("command /%s not registered (have %v)", want, names)
		}
	}
	if g := h.srv.CommandsGuild(); g != "" {
		t.Errorf("commands registered in guild %q without DISCORD_GUILD_ID", g)
	}

	// /rules outside a game lists the games; the autocomplete offers every game's topics.
	rulesAll := h.final(h.srv.Command(h.users[0], h.channel, "rules"))
	if !strings.Contains(rulesAll.Content, "Borneo") || !strings.Contains(rulesAll.Content, "Spice Merchant") || !rulesAll.Ephemeral {
		t.Errorf("/rules without a game: %q", rulesAll.Content)
	}
	ac := h.response(h.srv.Autocomplete(h.users[0], h.channel, "rules", discordtest.Focused("topic", "")))
	if len(ac.Choices) == 0 || len(ac.Choices) > 25 {
		t.Fatalf("/rules topic autocomplete: %d choices", len(ac.Choices))
	}
	topic := h.final(h.srv.Command(h.users[0], h.channel, "rules", discordtest.Str("topic", ac.Choices[0].Value.(string))))
	if !strings.Contains(topic.Content, "**") || len(topic.Content) < 40 {
		t.Errorf("/rules topic answered %q", topic.Content)
	}

	// The lobby: options are checked, leaving works, the creator alone starts.
	bad := h.final(h.srv.Command(h.users[0], h.channel, "game", discordtest.Group("new", discordtest.Sub("borneo",
		discordtest.Int("players", 4), discordtest.Bool("four-merchants", true), discordtest.Str("thread", "off")))))
	if !bad.Ephemeral || !strings.Contains(bad.Content, "needs 3 players") {
		t.Errorf("four-merchants with 4 players: %q", bad.Content)
	}
	lobby := h.final(h.srv.Command(h.users[0], h.channel, "game", discordtest.Group("new", discordtest.Sub("borneo",
		discordtest.Bool("four-merchants", true), discordtest.Bool("blackbeard", true), discordtest.Str("thread", "off")))))
	if !strings.Contains(lobby.Content, "Variants:") {
		t.Errorf("lobby does not show the variants: %q", lobby.Content)
	}
	h.final(h.srv.Command(h.users[1], h.channel, "game", discordtest.Sub("join")))
	early := h.final(h.srv.Command(h.users[0], h.channel, "game", discordtest.Sub("start")))
	if !early.Ephemeral || !strings.Contains(early.Content, "at least 3") {
		t.Errorf("start with 2 players: %q", early.Content)
	}
	again := h.final(h.srv.Command(h.users[1], h.channel, "game", discordtest.Sub("join")))
	if !strings.Contains(again.Content, "already in") {
		t.Errorf("joining twice: %q", again.Content)
	}
	left := h.final(h.srv.Command(h.users[1], h.channel, "game", discordtest.Sub("leave")))
	if strings.Contains(left.Content, "Bob") {
		t.Errorf("Bob still listed after leaving: %q", left.Content)
	}
	h.final(h.srv.Command(h.users[1], h.channel, "game", discordtest.Sub("join")))
	h.final(h.srv.Command(h.users[2], h.channel, "game", discordtest.Sub("join")))
	notCreator := h.final(h.srv.Command(h.users[1], h.channel, "game", discordtest.Sub("start")))
	if !strings.Contains(notCreator.Content, "Only the lobby's creator") {
		t.Errorf("start by a non-creator: %q", notCreator.Content)
	}
	started := h.final(h.srv.Command(h.users[0], h.channel, "game", discordtest.Sub("start")))
	if !strings.Contains(started.Content, "has started") {
		t.Fatalf("start: %q", started.Content)
	}
	row, _, st := h.state()
	h.lastGame = row.ID
	if !row.Options["four-merchants"] || !row.Options["blackbeard"] {
		t.Errorf("options not stored: %v", row.Options)
	}
	h.boardAt(0)

	// /game status, /hand, /log, /board, /rules in the game.
	status := h.final(h.srv.Command(h.users[0], h.channel, "game", discordtest.Sub("status")))
	if !status.Ephemeral || !strings.Contains(status.Content, "Borneo") || !strings.Contains(status.Content, "Secrets of Blackbeard") {
		t.Errorf("/game status: %q", status.Content)
	}
	hand := h.final(h.srv.Command(h.users[1], h.channel, "hand"))
	if !hand.Ephemeral || len(hand.Files) != 1 {
		t.Fatalf("/hand: ephemeral %v, %d files", hand.Ephemeral, len(hand.Files))
	}
	if _, err := png.Decode(bytes.NewReader(hand.Files[0].Data)); err != nil {
		t.Fatalf("/hand image: %v", err)
	}
	seat := -1
	_, seats, _ := h.state()
	for _, s := range seats {
		if s.UserID == h.users[1] {
			seat = s.Seat
		}
	}
	g, _ := h.reg.Get("borneo")
	for _, line := range strings.Split(lang.MustNew(g).For("en").Expand(st.Private(rulesSeat(seat)), nil, g.Term), "\n") {
		if line != "" && !strings.Contains(hand.Content, strings.ReplaceAll(line, "*", "")) && !strings.Contains(hand.Content, line) {
			t.Errorf("/hand lacks the private line %q:\n%s", line, hand.Content)
		}
	}
	logMsg := h.final(h.srv.Command(h.users[0], h.channel, "log", discordtest.Int("count", 5)))
	if !logMsg.Ephemeral || !strings.Contains(logMsg.Content, "log lines") {
		t.Errorf("/log: %q", logMsg.Content)
	}
	msgs := h.srv.Messages(h.channel)
	lastID := msgs[len(msgs)-1].ID
	repost := h.final(h.srv.Command(h.users[3], h.channel, "board"))
	if !repost.Ephemeral {
		t.Errorf("/board acknowledgement is public")
	}
	if _, err := h.srv.WaitFor(ctxT(t), func(m discordtest.Message) bool {
		return m.ID > lastID && len(m.ID) >= len(lastID) && m.Kind == discordtest.KindChannel && len(m.Files) == 1 && strings.Contains(m.Content, "· turn 1")
	}); err != nil {
		t.Errorf("/board posted nothing: %v", err)
	}
	inGame := h.final(h.srv.Command(h.users[0], h.channel, "rules"))
	if !strings.Contains(inGame.Content, "Borneo") || strings.Contains(inGame.Content, "Games I host") {
		t.Errorf("/rules in a Borneo channel: %q", inGame.Content)
	}

	// /game cancel: a stranger can't; the creator confirms; the channel is free again.
	refused := h.final(h.srv.Command(h.users[3], h.channel, "game", discordtest.Sub("cancel")))
	if !strings.Contains(refused.Content, "Only the game's creator") {
		t.Errorf("cancel by a stranger: %q", refused.Content)
	}
	h.srv.WithPermissions(h.users[3], discordtest.DefaultPermissions|16) // Manage Channels
	ask := h.final(h.srv.Command(h.users[3], h.channel, "game", discordtest.Sub("cancel")))
	keep, ok := ask.Button("Keep playing")
	if !ok {
		t.Fatalf("cancel asks no confirmation: %q", ask.Content)
	}
	kept := h.final(h.srv.Button(h.users[3], h.channel, ask.ID, keep.CustomID))
	if !strings.Contains(kept.Content, "Nothing was cancelled") {
		t.Errorf("keep playing: %q", kept.Content)
	}
	ask = h.final(h.srv.Command(h.users[0], h.channel, "game", discordtest.Sub("cancel")))
	yes, _ := ask.Button("Cancel the game")
	done := h.final(h.srv.Button(h.users[0], h.channel, ask.ID, yes.CustomID))
	if !strings.Contains(done.Content, "cancelled") {
		t.Errorf("cancel: %q", done.Content)
	}
	if _, err := h.srv.WaitFor(ctxT(t), func(m discordtest.Message) bool {
		return m.Kind == discordtest.KindChannel && strings.Contains(m.Content, "was cancelled")
	}); err != nil {
		t.Errorf("no public cancel notice: %v", err)
	}
	fresh := h.final(h.srv.Command(h.users[0], h.channel, "game", discordtest.Group("new", discordtest.Sub("spice-merchant", discordtest.Str("thread", "off")))))
	if !strings.Contains(fresh.Content, "Spice Merchant") || fresh.Ephemeral {
		t.Errorf("new lobby after cancel: %q", fresh.Content)
	}

	// A thread is a channel too: it holds its own game beside the channel's.
	thread := "900000000000000077"
	h.srv.AddThread(thread, h.channel, "borneo-night")
	tl := h.final(h.srv.Command(h.users[0], thread, "game", discordtest.Group("new", discordtest.Sub("borneo"))))
	if tl.Ephemeral || !strings.Contains(tl.Content, "lobby") {
		t.Errorf("lobby in a thread: %q", tl.Content)
	}
	checkContract(t, h)
}
