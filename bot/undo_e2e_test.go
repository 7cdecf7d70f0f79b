package bot_test

import (
	"context"
	"strings"
	"testing"

	"spicebot/bot/discordtest"
	"spicebot/commands"
	"spicebot/data"
	"spicebot/rules"
)

// placeFirst plays the first option of the acting player's decision menu from the board at v
// and returns that player and the updated private reply.
func (h *harness) placeFirst(v int) (string, discordtest.Message) {
	h.t.Helper()
	_, _, st := h.state()
	user := h.userAt(st.Active()[0])
	menu := h.clickYourMove(user, h.boardAt(v))
	reply := h.final(h.firstPick(user, menu))
	if !reply.Ephemeral || !strings.Contains(reply.Content, "You played") {
		h.t.Fatalf("move answered %q", reply.Content)
	}
	return user, reply
}

// TestUndoEndToEnd takes a move back with the Undo button on the private reply to it, through the
// loopback Discord: an older Undo button (someone acted since) gets a clear sentence and changes
// nothing; the channel is told and gets the board back; /game history and /mygames answer; a
// moderator replaces a player, who gets the seat's hand by DM.
func TestUndoEndToEnd(t *testing.T) {
	h := newHarness(t, 3)
	ctx := context.Background()
	h.openLobby("borneo", 3)

	// Placing merchants can be taken back.
	first, reply1 := h.placeFirst(0)
	undo1, ok := reply1.Button("Undo")
	if !ok {
		t.Fatalf("no Undo button on the reply to a merchant's placement: %v", reply1.CustomIDs())
	}
	second, reply2 := h.placeFirst(1)
	undo2, ok := reply2.Button("Undo")
	if !ok || first == second {
		t.Fatalf("second placement: Undo %v, players %s %s", ok, first, second)
	}

	// The first player's button is stale now.
	stale := h.final(h.srv.Button(first, h.channel, reply1.ID, undo1.CustomID))
	if !strings.Contains(stale.Content, "Too late to take that back") {
		t.Fatalf("stale undo answered %q", stale.Content)
	}
	if row, _, _ := h.state(); row.Version != 2 {
		t.Fatalf("a stale undo changed the game: version %d", row.Version)
	}

	// The second player takes theirs back.
	back := h.final(h.srv.Button(second, h.channel, reply2.ID, undo2.CustomID))
	if !back.Ephemeral || !strings.Contains(back.Content, "You took back") {
		t.Fatalf("undo answered %q", back.Content)
	}
	row, _, st := h.state()
	if row.Version != 1 || !strings.Contains(strings.Join(activeUsers(h, st), ","), second) {
		t.Fatalf("after the undo: version %d", row.Version)
	}
	if _, err := h.srv.WaitFor(ctxT(t), func(m discordtest.Message) bool {
		return m.Kind == discordtest.KindChannel && m.ChannelID == h.channel && strings.Contains(m.Content, "took back their move")
	}); err != nil {
		t.Fatalf("no notice of the undo in the channel: %v", err)
	}
	h.boardAt(1)
	h.placeFirst(1) // the game goes on from there

	// /game history shows the undo; /mygames lists the game.
	hist := h.final(h.srv.Command(h.users[3], h.channel, "game", discordtest.Sub("history")))
	if hist.Ephemeral || !strings.Contains(hist.Content, "took back their move") {
		t.Fatalf("/game history = %q", hist.Content)
	}
	mine := h.final(h.srv.Command(first, h.channel, "mygames"))
	if !mine.Ephemeral || !strings.Contains(mine.Content, "**Borneo** in <#"+h.channel+">") || !strings.Contains(mine.Content, "https://discord.com/channels/") {
		t.Fatalf("/mygames = %q", mine.Content)
	}

	// The creator hands a seat to the watcher, who gets its hand by DM.
	watcher := h.users[3]
	leaver := h.userAt(2)
	done := h.final(h.srv.Command(h.users[0], h.channel, "game", discordtest.Sub("replace",
		discordtest.User("old", leaver), discordtest.User("new", watcher))))
	if !strings.Contains(done.Content, "now plays third (") {
		t.Fatalf("/game replace = %q", done.Content)
	}
	dm, err := h.srv.WaitFor(ctxT(t), func(m discordtest.Message) bool {
		return m.Kind == discordtest.KindDM && m.UserID == watcher
	})
	if err != nil || !strings.Contains(dm.Content, "You took over the seat that plays third (cyan)") || len(dm.Files) != 1 {
		t.Fatalf("newcomer's DM = %q (%d files), %v", dm.Content, len(dm.Files), err)
	}
	_, seats, _ := h.state()
	if seats[2].UserID != watcher || seats[2].Name != "Dee" {
		t.Fatalf("seats after the replacement: %+v", seats)
	}
	if evs, _ := h.store.Events(ctx, row.ID); len(evs) != 2 {
		t.Fatalf("events = %+v", evs)
	}
}

func activeUsers(h *harness, st rules.State) []string {
	var out []string
	for _, s := range st.Active() {
		out = append(out, h.userAt(s))
	}
	return out
}

// TestExportEndToEnd: /game export through the loopback Discord answers with the JSON file
// attached (acknowledged first, then a multipart edit), and the file replays to the final state.
func TestExportEndToEnd(t *testing.T) {
	h := newHarness(t, 3)
	ctx := context.Background()
	channel := "900000000000000077"
	h.srv.AddChannel(channel, "finished-table")
	g, _ := h.reg.Get("spice-merchant")
	st, err := g.New(3, nil, 5)
	if err != nil {
		t.Fatal(err)
	}
	initial, _ := rules.Marshal(st)
	rng := rules.NewRNG(5)
	recs, err := rules.Playout(st, &rng, 20000, nil)
	if err != nil {
		t.Fatal(err)
	}
	row, err := h.store.CreateLobby(ctx, data.Game{GuildID: discordtest.GuildID, ChannelID: channel, Game: g.ID(), Seed: 5},
		data.Seat{UserID: h.users[0], Name: "Ann"})
	if err != nil {
		t.Fatal(err)
	}
	for _, u := range h.users[1:3] {
		if err := h.store.Join(ctx, row.ID, data.Seat{UserID: u, Name: u}); err != nil {
			t.Fatal(err)
		}
	}
	if err := h.store.Start(ctx, row.ID, h.users[:3], 5, initial, 0); err != nil {
		t.Fatal(err)
	}
	ms := make([]data.Move, len(recs))
	for i, r := range recs {
		ms[i] = data.Move{Seat: int(r.Seat), Move: r.Move, UserID: h.users[r.Seat]}
	}
	final, _ := rules.Marshal(st)
	if _, err := h.store.CommitMoves(ctx, row.ID, 0, ms, final, len(ms), data.StatusFinished, nil); err != nil {
		t.Fatal(err)
	}

	m := h.final(h.srv.Command(h.users[1], channel, "game", discordtest.Sub("export")))
	if !m.Ephemeral || len(m.Files) != 1 || !strings.HasSuffix(m.Files[0].Name, ".json") {
		t.Fatalf("/game export = %q with %d files", m.Content, len(m.Files))
	}
	e, err := commands.ReadExport(m.Files[0].Data)
	if err != nil {
		t.Fatal(err)
	}
	replayed, err := e.Replay(h.reg)
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := rules.Marshal(replayed); string(got) != string(final) {
		t.Fatal("the exported game does not replay to its final state")
	}
}
