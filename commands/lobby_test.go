package commands

import (
	"context"
	"encoding/json"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"spicebot/data"
	"spicebot/rules"
)

// wideGame is the count game for 2–4 players with a variant allowed only with 3 players.
type wideGame struct{ countGame }

func (wideGame) ID() string          { return "wide" }
func (wideGame) Name() string        { return "Wide" }
func (wideGame) Players() (int, int) { return 2, 4 }
func (wideGame) Options() []rules.Option {
	return []rules.Option{{Key: "trio", Name: "Trio", Players: []int{3}}, {Key: "any", Name: "Any"}}
}
func (g wideGame) New(p int, _ rules.Options, seed uint64) (rules.State, error) {
	return g.countGame.New(p, nil, seed)
}

// newService opens a store and a service hosting the count games.
func newService(t *testing.T) (*Service, *data.Store) {
	t.Helper()
	store, err := data.Open(context.Background(), filepath.Join(t.TempDir(), "db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	reg := &rules.Registry{}
	reg.Register(countGame{moves: 3})
	reg.Register(wideGame{countGame{moves: 3}})
	return New(store, reg, nil), store
}

// call answers one request in channel c1, failing the test on an error. The reply is read as a
// player whose client is in English reads it: any markup left is translated (Handle translates
// replies; this makes the helper independent of where that happens).
func call(t *testing.T, svc *Service, req Request) Reply {
	t.Helper()
	if req.ChannelID == "" {
		req.ChannelID = "c1"
	}
	req.GuildID = "g1"
	if req.UserName == "" {
		req.UserName = strings.ToUpper(req.UserID)
	}
	if req.Kind == 0 {
		req.Kind = KindCommand
	}
	if req.Options == nil {
		req.Options = map[string]any{}
	}
	r, err := svc.Handle(context.Background(), req)
	if err != nil {
		t.Fatalf("%+v: %v", req, err)
	}
	localizeReply(svc.Words().For("en"), &r)
	return r
}

func newGame(game string, opts map[string]any) Request {
	return Request{Command: "game", Group: "new", Sub: game, Options: opts}
}

func as(user string, r Request) Request { r.UserID = user; return r }

// TestDefinitionsPerGame checks that /game new offers each registered game as its own subcommand
// with only that game's variants, each saying which player counts allow it.
func TestDefinitionsPerGame(t *testing.T) {
	svc, _ := newService(t)
	var group *discordgo.ApplicationCommandOption
	names := map[string]bool{}
	for _, c := range Definitions(svc.Registry()) {
		names[c.Name] = true
		if c.Name != "game" {
			continue
		}
		for _, o := range c.Options {
			if o.Name == "new" {
				group = o
			}
		}
	}
	if !names["settings"] {
		t.Error("no /settings command")
	}
	if group == nil || group.Type != discordgo.ApplicationCommandOptionSubCommandGroup {
		t.Fatalf("/game new is not a subcommand group: %+v", group)
	}
	subs := map[string]*discordgo.ApplicationCommandOption{}
	for _, o := range group.Options {
		subs[o.Name] = o
	}
	if len(subs) != 2 || subs["count"] == nil || subs["wide"] == nil {
		t.Fatalf("/game new subcommands = %v, want one per game", subs)
	}
	opts := map[string]*discordgo.ApplicationCommandOption{}
	for _, o := range subs["wide"].Options {
		opts[o.Name] = o
	}
	if p := opts["players"]; p == nil || *p.MinValue != 2 || p.MaxValue != 4 {
		t.Errorf("wide players option = %+v", p)
	}
	if o := opts["trio"]; o == nil || !strings.Contains(o.Description, "only with 3 players") {
		t.Errorf("trio option = %+v, want it to say only with 3 players", o)
	}
	if o := opts["any"]; o == nil || !strings.Contains(o.Description, "any table") {
		t.Errorf("any option = %+v", o)
	}
	for _, o := range subs["count"].Options {
		if o.Name != "players" && o.Name != "bots" && o.Name != "level" && o.Name != "thread" && !slices.ContainsFunc(paceOptionDefs(), func(p *discordgo.ApplicationCommandOption) bool { return p.Name == o.Name }) {
			t.Errorf("count offers another game's option %q", o.Name)
		}
	}
}

func TestMissingPermissions(t *testing.T) {
	svc, _ := newService(t)
	all := int64(discordgo.PermissionViewChannel | discordgo.PermissionSendMessages | discordgo.PermissionSendMessagesInThreads |
		discordgo.PermissionAttachFiles | discordgo.PermissionReadMessageHistory | discordgo.PermissionCreatePublicThreads)
	for _, tc := range []struct {
		perms   int64
		channel ChannelKind
		off     bool     // thread:off
		want    []string // named as missing
		ok      bool
	}{
		{perms: all, channel: ChannelText, ok: true},
		{perms: 0, channel: ChannelUnknown, ok: true}, // unknown: not checked
		{perms: all &^ discordgo.PermissionAttachFiles, channel: ChannelText, want: []string{"**Attach Files**"}},
		{perms: all &^ (discordgo.PermissionSendMessages | discordgo.PermissionReadMessageHistory), channel: ChannelText, off: true,
			want: []string{"**Send Messages** and **Read Message History**"}},
		// A game in a thread of its own (issue 25): the bot starts the thread and posts in it, and
		// needs no Send Messages in the parent channel (the lobby is the command's answer).
		{perms: all &^ discordgo.PermissionSendMessages, channel: ChannelText, ok: true},
		{perms: all &^ (discordgo.PermissionCreatePublicThreads | discordgo.PermissionSendMessagesInThreads), channel: ChannelText,
			want: []string{"**Create Public Threads** and **Send Messages in Threads**"}},
		{perms: all &^ discordgo.PermissionCreatePublicThreads, channel: ChannelText, off: true, ok: true},
		{perms: all &^ discordgo.PermissionCreatePublicThreads, channel: ChannelPublicThread, ok: true},
		{perms: all &^ discordgo.PermissionSendMessages, channel: ChannelPublicThread, ok: true},
		{perms: all &^ discordgo.PermissionSendMessagesInThreads, channel: ChannelPrivateThread, want: []string{"**Send Messages in Threads**"}},
		{perms: all, channel: ChannelNoAccess, want: []string{"If it is a private thread, add me to it"}},
		{perms: 0, channel: ChannelNoAccess, want: []string{"If it is a private thread, add me to it"}},
		{perms: all &^ discordgo.PermissionViewChannel, channel: ChannelNoAccess, want: []string{"missing the **View Channel** permission"}},
	} {
		var opts map[string]any
		if tc.off {
			opts = map[string]any{"thread": "off"}
		}
		req := as("u1", newGame("count", opts))
		req.AppPermissions, req.Channel = tc.perms, tc.channel
		req.ChannelID = "perm"
		r := call(t, svc, req)
		opened := strings.Contains(r.Content, "lobby")
		if tc.ok != opened {
			t.Errorf("perms %b in %v: answered %q", tc.perms, tc.channel, r.Content)
		}
		for _, w := range tc.want {
			if !r.Ephemeral || !strings.Contains(r.Content, w) {
				t.Errorf("perms %b in %v: %q does not say %q is missing", tc.perms, tc.channel, r.Content, w)
			}
		}
		if opened {
			call(t, svc, Request{Kind: KindComponent, UserID: "u1", ChannelID: "perm", CustomID: cancelID(t, svc, "perm")})
		}
	}
}

// cancelID cancels the game of channel through /game cancel's confirmation and returns its custom_id.
func cancelID(t *testing.T, svc *Service, channel string) string {
	t.Helper()
	r := call(t, svc, Request{Command: "game", Sub: "cancel", UserID: "u1", ChannelID: channel})
	for _, b := range buttons(r) {
		if strings.HasSuffix(b.CustomID, "/yes") {
			return b.CustomID
		}
	}
	t.Fatalf("no cancel button: %q", r.Content)
	return ""
}

// TestLobbyLifecycle covers variants per player count, auto-start on a full table, hand-over and
// kick.
func TestLobbyLifecycle(t *testing.T) {
	svc, store := newService(t)
	ctx := context.Background()
	bad := call(t, svc, as("u1", newGame("wide", map[string]any{"players": int64(4), "trio": true})))
	if !bad.Ephemeral || !strings.Contains(bad.Content, "needs 3 players") {
		t.Fatalf("trio with 4 players: %q", bad.Content)
	}
	other := call(t, svc, as("u1", newGame("count", map[string]any{"trio": true})))
	if !other.Ephemeral || !strings.Contains(other.Content, "no option") {
		t.Fatalf("another game's variant: %q", other.Content)
	}
	lobby := call(t, svc, as("u1", newGame("wide", map[string]any{"players": int64(3), "trio": true})))
	if lobby.Ephemeral || !strings.Contains(lobby.Content, "starts by itself when 3 players") || !strings.Contains(lobby.Content, "Trio") {
		t.Fatalf("lobby = %q", lobby.Content)
	}
	call(t, svc, Request{Command: "game", Sub: "join", UserID: "u2"})

	// Only the creator kicks or hands over, and only players of the lobby.
	kick := func(by, who string) Reply {
		return call(t, svc, Request{Command: "game", Sub: "kick", UserID: by, Options: map[string]any{"player": who}})
	}
	if r := kick("u2", "u1"); !strings.Contains(r.Content, "Only the lobby's creator") {
		t.Errorf("kick by a player: %q", r.Content)
	}
	if r := kick("u1", "u9"); !strings.Contains(r.Content, "not in this lobby") {
		t.Errorf("kick of an outsider: %q", r.Content)
	}
	if r := kick("u1", "u1"); !strings.Contains(r.Content, "That's you") {
		t.Errorf("kick of oneself: %q", r.Content)
	}
	if r := kick("u1", "u2"); r.Ephemeral || strings.Contains(r.Content, "U2") || !strings.Contains(r.Content, "removed <@u2>") {
		t.Errorf("kick: %q", r.Content)
	}
	call(t, svc, Request{Command: "game", Sub: "join", UserID: "u2"})
	hand := call(t, svc, Request{Command: "game", Sub: "handover", UserID: "u1", Options: map[string]any{"player": "u2"}})
	if !strings.Contains(hand.Content, "handed the lobby over to <@u2>") || !slices.Equal(hand.Mentions, []string{"u2"}) {
		t.Errorf("handover: %q mentions %v", hand.Content, hand.Mentions)
	}
	if r := call(t, svc, Request{Command: "game", Sub: "start", UserID: "u1"}); !strings.Contains(r.Content, "Only the lobby's creator, <@u2>") {
		t.Errorf("start by the old creator: %q", r.Content)
	}
	if r := call(t, svc, Request{Command: "game", Sub: "leave", UserID: "u1"}); r.Ephemeral {
		t.Errorf("the old creator can't leave: %q", r.Content)
	}
	call(t, svc, Request{Command: "game", Sub: "join", UserID: "u1"})
	// The third player fills the table: the game starts by itself.
	row, _, _ := store.Current(ctx, "c1")
	started := call(t, svc, Request{Kind: KindComponent, UserID: "u3", CustomID: CustomID{Action: ActJoin, Game: row.ID}.String()})
	if started.Type != ReplyUpdate || !strings.Contains(started.Content, "has started") || !started.Nudge {
		t.Fatalf("full table: %+v", started)
	}
	row, seats, _ := store.Current(ctx, "c1")
	if row.Status != data.StatusPlaying || len(seats) != 3 || !row.Options["trio"] {
		t.Fatalf("after auto-start: %+v %+v", row, seats)
	}
	// Nobody is DMed a "your move" except the first seat (the count game keeps nothing private).
	items, _ := store.PendingOutbox(ctx, 0)
	var dms []string
	for _, it := range items {
		if it.Kind == KindDM {
			dms = append(dms, it.Target)
		}
	}
	if first := seatUser(seats, 0); !slices.Equal(dms, []string{first}) {
		t.Errorf("start DMs to %v, want only the first seat %s", dms, first)
	}
}

// TestLobbyExpires checks that a lobby nobody started closes after a day, once, with a message,
// and that its buttons then say so.
func TestLobbyExpires(t *testing.T) {
	svc, store := newService(t)
	ctx := context.Background()
	call(t, svc, as("u1", newGame("count", nil)))
	row, _, _ := store.Current(ctx, "c1")
	if n, err := svc.Sweep(ctx); err != nil || n != 0 {
		t.Fatalf("sweep of a young lobby: %d, %v", n, err)
	}
	svc.now = func() time.Time { return row.CreatedAt.Add(LobbyTTL + time.Minute) }
	if n, err := svc.Sweep(ctx); err != nil || n != 1 {
		t.Fatalf("sweep after a day: %d, %v", n, err)
	}
	if n, _ := svc.Sweep(ctx); n != 0 {
		t.Fatalf("second sweep expired %d more", n)
	}
	items, _ := store.PendingOutbox(ctx, 0)
	if len(items) != 1 || items[0].Kind != KindNotice {
		t.Fatalf("queued %+v, want one notice", items)
	}
	text, _ := NoticeText(items[0])
	if text = svc.Words().For("en").Text(text); !strings.Contains(text, "nobody started it within a day") || !strings.Contains(text, "/game new") {
		t.Errorf("notice = %q", text)
	}
	r := call(t, svc, Request{Kind: KindComponent, UserID: "u2", CustomID: CustomID{Action: ActJoin, Game: row.ID}.String()})
	if !strings.Contains(r.Content, "lobby is closed") {
		t.Errorf("join of an expired lobby: %q", r.Content)
	}
	// The channel is free again.
	if r := call(t, svc, as("u1", newGame("count", nil))); r.Ephemeral {
		t.Errorf("new lobby after expiry: %q", r.Content)
	}
}

// playCount plays the started count game of channel c1 to its end with /play, returning the
// outbox items each move queued.
func playCount(t *testing.T, svc *Service, store *data.Store) [][]data.OutboxItem {
	t.Helper()
	ctx := context.Background()
	var out [][]data.OutboxItem
	for {
		row, seats, err := store.Current(ctx, "c1")
		if err != nil {
			return out
		}
		st, _ := countGame{}.Load(row.State)
		user := seatUser(seats, int(st.Active()[0]))
		before, _ := store.PendingOutbox(ctx, 0)
		r := call(t, svc, Request{Command: "play", UserID: user, Options: map[string]any{"move": "n 2"}})
		if !strings.HasPrefix(r.Content, "You played") {
			t.Fatalf("/play answered %q", r.Content)
		}
		after, _ := store.PendingOutbox(ctx, 0)
		out = append(out, after[len(before):])
	}
}

func startTwo(t *testing.T) (*Service, *data.Store) {
	t.Helper()
	svc, store := newService(t)
	call(t, svc, as("u1", newGame("count", nil)))
	call(t, svc, Request{Command: "game", Sub: "join", UserID: "u2"})
	if r := call(t, svc, Request{Command: "game", Sub: "start", UserID: "u1"}); !strings.Contains(r.Content, "has started") {
		t.Fatalf("start: %q", r.Content)
	}
	return svc, store
}

// TestResultsAndRematch plays a game to its end: the final board is the results message (places,
// scores, every player pinged, a Rematch button); /game status and /log still answer; Rematch opens
// a lobby with the same players.
func TestResultsAndRematch(t *testing.T) {
	svc, store := startTwo(t)
	ctx := context.Background()
	cur, seats, _ := store.Current(ctx, "c1")
	moves := playCount(t, svc, store)
	last := moves[len(moves)-1]
	if len(last) != 1 || last[0].Kind != KindBoard {
		t.Fatalf("the last move queued %+v, want only the board (no DM after the end)", last)
	}
	post, err := svc.BoardPost(ctx, cur.ID, last)
	if err != nil {
		t.Fatal(err)
	}
	if !post.New || len(post.Mentions) != 2 {
		t.Errorf("final board: new %v, mentions %v; want a new post pinging both players", post.New, post.Mentions)
	}
	winner := strings.ToUpper(seatUser(seats, 0)) // seat 0 names 2 twice, seat 1 once
	for _, want := range []string{"Game over", "🥇 " + winner + " — **4**", "🥈", "Rematch"} {
		if !strings.Contains(post.Content, want) {
			t.Errorf("results lack %q:\n%s", want, post.Content)
		}
	}
	var rematch string
	for _, row := range post.Components {
		for _, c := range row.(discordgo.ActionsRow).Components {
			if b, ok := c.(discordgo.Button); ok && b.Label == "Rematch" {
				rematch = b.CustomID
			}
		}
	}
	if rematch == "" {
		t.Fatalf("no Rematch button: %+v", post.Components)
	}
	status := call(t, svc, Request{Command: "game", Sub: "status", UserID: "u9"})
	if !strings.Contains(status.Content, "finished") || !strings.Contains(status.Content, "🥇") {
		t.Errorf("/game status after the end: %q", status.Content)
	}
	if lg := call(t, svc, Request{Command: "log", UserID: "u1"}); strings.Contains(lg.Content, "no game") {
		t.Errorf("/log after the end: %q", lg.Content)
	}
	if r := call(t, svc, Request{Kind: KindComponent, UserID: "u9", CustomID: rematch}); !strings.Contains(r.Content, "Only the players") {
		t.Errorf("rematch by an onlooker: %q", r.Content)
	}
	second := seatUser(seats, 1)
	r := call(t, svc, Request{Kind: KindComponent, UserID: second, CustomID: rematch})
	if r.Type != ReplyMessage || r.Ephemeral || !strings.Contains(r.Content, "wants a rematch") || !strings.Contains(r.Content, "Players (2)") {
		t.Fatalf("rematch: %+v", r)
	}
	row, lobbySeats, _ := store.Current(ctx, "c1")
	if row.Status != data.StatusLobby || row.CreatorID != second || row.Players != 2 || len(lobbySeats) != 2 {
		t.Fatalf("rematch lobby %+v with %+v", row, lobbySeats)
	}
	if r := call(t, svc, Request{Kind: KindComponent, UserID: seatUser(seats, 0), CustomID: rematch}); !strings.Contains(r.Content, "already open") {
		t.Errorf("second rematch: %q", r.Content)
	}
	// The lobby is the channel's game now: /game status shows it, not the old results.
	if st := call(t, svc, Request{Command: "game", Sub: "status", UserID: "u1"}); !strings.Contains(st.Content, "lobby") {
		t.Errorf("/game status with a rematch lobby: %q", st.Content)
	}
}

// TestQuietNotifications checks who is DMed after each move: the next player (it became their
// move), never the player who moved; and that DMs link to the board and respect /settings. The
// players ask for every notification (/settings notify:all): in this live game the default sends
// no turn DM (TestNotifyByPace).
func TestQuietNotifications(t *testing.T) {
	svc, store := startTwo(t)
	ctx := context.Background()
	for _, u := range []string{"u1", "u2"} {
		call(t, svc, Request{Command: "settings", UserID: u, Options: map[string]any{"notify": "all"}})
	}
	row, seats, _ := store.Current(ctx, "c1")
	if err := store.SetBoardMessage(ctx, row.ID, "m42", -1); err != nil {
		t.Fatal(err)
	}
	first, second := seatUser(seats, 0), seatUser(seats, 1)
	r := call(t, svc, Request{Command: "play", UserID: first, Options: map[string]any{"move": "n 1"}})
	if !strings.HasPrefix(r.Content, "You played") {
		t.Fatalf("play: %q", r.Content)
	}
	items, _ := store.PendingOutbox(ctx, 0)
	var dms []data.OutboxItem
	for _, it := range items {
		if it.Kind == KindDM {
			dms = append(dms, it)
		}
	}
	// The start DMed the first seat; the move DMed the second only.
	if len(dms) != 2 || dms[0].Target != first || dms[1].Target != second {
		t.Fatalf("DMs to %v, want the first seat at the start then the second", dms)
	}
	dm, ok, err := svc.DirectMessage(ctx, dms[1])
	if err != nil || !ok {
		t.Fatalf("DirectMessage: %v %v", ok, err)
	}
	if !strings.Contains(dm.Content, "It's your move") || !strings.Contains(dm.Content, "https://discord.com/channels/g1/c1/m42") || dm.Image != nil {
		t.Errorf("DM = %+v", dm)
	}
	// The first seat's start DM is stale: their turn has passed.
	if _, ok, _ := svc.DirectMessage(ctx, dms[0]); ok {
		t.Error("a DM for a turn already played is still sent")
	}
	// DMs off: nothing is sent.
	if r := call(t, svc, Request{Command: "settings", UserID: second, Options: map[string]any{"dms": "off"}}); !strings.Contains(r.Content, "won't DM you") {
		t.Errorf("/settings dms:off: %q", r.Content)
	}
	if _, ok, _ := svc.DirectMessage(ctx, dms[1]); ok {
		t.Error("a DM to a player who turned DMs off")
	}
	if r := call(t, svc, Request{Command: "settings", UserID: second}); !strings.Contains(r.Content, "off") {
		t.Errorf("/settings: %q", r.Content)
	}
	call(t, svc, Request{Command: "settings", UserID: second, Options: map[string]any{"dms": "on"}})
	if _, ok, _ := svc.DirectMessage(ctx, dms[1]); !ok {
		t.Error("no DM after turning DMs back on")
	}
}

// TestBoardQuietAndRateLimited checks /board: a new post that pings nobody, at most once per
// BoardEvery in a channel.
func TestBoardQuietAndRateLimited(t *testing.T) {
	svc, store := startTwo(t)
	ctx := context.Background()
	now := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	svc.now = func() time.Time { return now }
	row, _, _ := store.Current(ctx, "c1")
	start, _ := store.PendingOutbox(ctx, 0)
	for _, it := range start {
		store.MarkSent(ctx, it.ID)
	}
	r := call(t, svc, Request{Command: "board", UserID: "u1"})
	if !r.Nudge || !strings.Contains(r.Content, "without pinging") {
		t.Fatalf("/board: %+v", r)
	}
	items, _ := store.PendingOutbox(ctx, 0)
	post, err := svc.BoardPost(ctx, row.ID, items)
	if err != nil {
		t.Fatal(err)
	}
	if !post.New || len(post.Mentions) != 0 {
		t.Errorf("/board post: new %v, mentions %v; want a new post pinging nobody", post.New, post.Mentions)
	}
	now = now.Add(BoardEvery / 2)
	if r := call(t, svc, Request{Command: "board", UserID: "u2"}); r.Nudge || !strings.Contains(r.Content, "a moment ago") {
		t.Errorf("second /board: %+v", r)
	}
	if again, _ := store.PendingOutbox(ctx, 0); len(again) != len(items) {
		t.Errorf("a refused /board queued something")
	}
	if r := call(t, svc, Request{Command: "board", UserID: "u2", ChannelID: "elsewhere"}); !strings.Contains(r.Content, "no game") {
		t.Errorf("/board elsewhere: %q", r.Content)
	}
	now = now.Add(BoardEvery)
	if r := call(t, svc, Request{Command: "board", UserID: "u2"}); !r.Nudge {
		t.Errorf("/board after the limit: %+v", r)
	}
	// A move's board coalesced with a /board item still pings the player to move.
	seat := seatOfUser2(t, store)
	call(t, svc, Request{Command: "play", UserID: seat, Options: map[string]any{"move": "n 1"}})
	items, _ = store.PendingOutbox(ctx, 0)
	var boards []data.OutboxItem
	for _, it := range items {
		if it.Kind == KindBoard {
			boards = append(boards, it)
		}
	}
	post, _ = svc.BoardPost(ctx, row.ID, boards)
	if len(post.Mentions) != 1 {
		t.Errorf("move board coalesced with /board mentions %v", post.Mentions)
	}
	var p boardPayload
	json.Unmarshal([]byte(boards[len(boards)-1].Payload), &p)
	if p.Quiet {
		t.Error("a move's board item is quiet")
	}
}

// seatOfUser2 returns the user to move in c1.
func seatOfUser2(t *testing.T, store *data.Store) string {
	t.Helper()
	row, seats, err := store.Current(context.Background(), "c1")
	if err != nil {
		t.Fatal(err)
	}
	st, _ := countGame{}.Load(row.State)
	return seatUser(seats, int(st.Active()[0]))
}

// recapGame is the count game with a recap and a tie-break in its outcome.
type recapGame struct{ countGame }

type recapState struct{ *countState }

func (recapGame) ID() string { return "recap" }
func (recapGame) Term(id string) string {
	if id == "X1" {
		return "three cloves"
	}
	return ""
}
func (g recapGame) New(p int, o rules.Options, seed uint64) (rules.State, error) {
	st, err := g.countGame.New(p, o, seed)
	return recapState{st.(*countState)}, err
}
func (g recapGame) Load(b []byte) (rules.State, error) {
	st, err := g.countGame.Load(b)
	return recapState{st.(*countState)}, err
}
func (s recapState) Outcome() (rules.Outcome, bool) {
	out, over := s.countState.Outcome()
	out.Recap = []string{"Biggest sale: " + rules.SeatRef(1) + " sold " + rules.Ref("X1") + "."}
	out.TieBreak = "more goods sold"
	out.Details = []string{"2 goods", "1 good"}
	return out, over
}

// TestResultsRecap checks the results message shows the game's recap, tie-break and score
// breakdown in plain words.
func TestResultsRecap(t *testing.T) {
	store, err := data.Open(context.Background(), filepath.Join(t.TempDir(), "db"))
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	reg := &rules.Registry{}
	reg.Register(recapGame{countGame{moves: 3}})
	svc := New(store, reg, nil)
	call(t, svc, as("u1", newGame("recap", nil)))
	call(t, svc, Request{Command: "game", Sub: "join", UserID: "u2"})
	call(t, svc, Request{Command: "game", Sub: "start", UserID: "u1"})
	row, seats, _ := store.Current(context.Background(), "c1")
	for i := 0; i < 3; i++ {
		cur, _, _ := store.Current(context.Background(), "c1")
		st, _ := recapGame{}.Load(cur.State)
		call(t, svc, Request{Command: "play", UserID: seatUser(seats, int(st.Active()[0])), Options: map[string]any{"move": "n 1"}})
	}
	items, _ := store.PendingOutbox(context.Background(), 0)
	var boards []data.OutboxItem
	for _, it := range items {
		if it.Kind == KindBoard {
			boards = append(boards, it)
		}
	}
	post, err := svc.BoardPost(context.Background(), row.ID, boards[len(boards)-1:])
	if err != nil {
		t.Fatal(err)
	}
	second := strings.ToUpper(seatUser(seats, 1))
	for _, want := range []string{"• Biggest sale: **" + second + "** sold three cloves.", "Tie-break: more goods sold.", "— **2** · 2 goods"} {
		if !strings.Contains(post.Content, want) {
			t.Errorf("results lack %q:\n%s", want, post.Content)
		}
	}
	if strings.Contains(post.Content, "[[") || strings.Contains(post.Content, "{1}") {
		t.Errorf("results show a raw reference:\n%s", post.Content)
	}
}

func (recapGame) Messages() fs.FS { return nil }

// TestBoardDetails checks the full board: the board's Details button and /board full answer the
// caller alone (ephemeral, nothing queued) with the full board (its legends) of the observer's
// view, named after the game and its turn and described; a player and an onlooker alike.
func TestBoardDetails(t *testing.T) {
	svc, store := startTwo(t)
	ctx := context.Background()
	row, _, _ := store.Current(ctx, "c1")
	before, _ := store.PendingOutbox(ctx, 0)
	button := CustomID{Action: ActDetails, Game: row.ID}.String()
	for _, req := range []Request{
		{Kind: KindComponent, CustomID: button, UserID: "u1"},
		{Kind: KindComponent, CustomID: button, UserID: "onlooker"},
		{Command: "board", UserID: "u2", Options: map[string]any{"full": true}},
	} {
		r := call(t, svc, req)
		if !r.Ephemeral || r.Image == nil || !r.Image.Full || r.Image.Hand {
			t.Fatalf("%+v: reply %+v, want the full board privately", req, r)
		}
		if r.Image.View == nil || r.Image.File != "count-turn-1.png" || !strings.Contains(r.Image.Alt, "turn 1") {
			t.Errorf("%+v: image %q, alt text %q", req, r.Image.File, r.Image.Alt)
		}
	}
	if after, _ := store.PendingOutbox(ctx, 0); len(after) != len(before) {
		t.Errorf("the full board queued %d outbox items", len(after)-len(before))
	}
}
