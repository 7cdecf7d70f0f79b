package bot_test

import (
	"context"
	"math/rand/v2"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"spicebot/bot/discordtest"
	"spicebot/commands"
	"spicebot/data"
)

// newGame is "/game new <game> [options]" as a player sends it, with thread:off (the game is
// played in the channel; threadsTest covers the thread per game).
func newGame(game string, opts ...discordtest.Option) discordtest.Option {
	return discordtest.Group("new", discordtest.Sub(game, append(opts, discordtest.Str("thread", "off"))...))
}

// TestLobbyEndToEnd drives a lobby through the loopback Discord: each game's own options, kick and
// hand-over by the creator, the automatic start of a full table, the refusal in a private thread
// the bot was not added to, /settings, and a quiet /board.
func TestLobbyEndToEnd(t *testing.T) {
	h := newHarness(t, 4)
	ann, bob, cy, dee := h.users[0], h.users[1], h.users[2], h.users[3]

	// /game new has a subcommand per game, with only that game's options.
	for _, c := range h.srv.Commands() {
		if c["name"] != "game" {
			continue
		}
		for _, o := range c["options"].([]any) {
			o := o.(map[string]any)
			if o["name"] != "new" {
				continue
			}
			games := map[string]bool{}
			for _, sub := range o["options"].([]any) {
				games[sub.(map[string]any)["name"].(string)] = true
			}
			if !games["borneo"] || !games["spice-merchant"] {
				t.Errorf("/game new offers %v", games)
			}
		}
	}

	// In a private thread the bot was not added to, Discord refuses the bot the channel: the
	// creator is told to add it, and no lobby opens.
	private := "900000000000000088"
	h.srv.AddThread(private, h.channel, "secret-table")
	h.srv.SetFaults(func(r discordtest.Request) discordtest.Fault {
		if r.Method == "GET" && strings.HasSuffix(r.Path, "/channels/"+private) {
			return discordtest.Refused(403, 50001, "Missing Access")
		}
		return discordtest.Fault{}
	})
	refused := h.final(h.srv.Command(ann, private, "game", newGame("borneo")))
	if !refused.Ephemeral || !strings.Contains(refused.Content, "If it is a private thread, add me to it") {
		t.Errorf("/game new in a private thread without the bot: %q", refused.Content)
	}
	h.srv.SetFaults(nil)

	lobby := h.final(h.srv.Command(ann, h.channel, "game", newGame("spice-merchant", discordtest.Int("players", 3))))
	if lobby.Ephemeral || !strings.Contains(lobby.Content, "starts by itself when 3 players") {
		t.Fatalf("lobby: %q", lobby.Content)
	}
	join, _ := lobby.Button("Join")
	h.final(h.srv.Button(bob, h.channel, lobby.ID, join.CustomID))
	kicked := h.final(h.srv.Command(ann, h.channel, "game", discordtest.Sub("kick", discordtest.User("player", bob))))
	if kicked.Ephemeral || !strings.Contains(kicked.Content, "removed <@"+bob+">") || strings.Contains(kicked.Content, "Bob") {
		t.Errorf("kick: %q", kicked.Content)
	}
	h.final(h.srv.Button(bob, h.channel, lobby.ID, join.CustomID))
	handed := h.final(h.srv.Command(ann, h.channel, "game", discordtest.Sub("handover", discordtest.User("player", bob))))
	if !strings.Contains(handed.Content, "handed the lobby over to <@"+bob+">") {
		t.Errorf("handover: %q", handed.Content)
	}
	if r := h.final(h.srv.Command(ann, h.channel, "game", discordtest.Sub("kick", discordtest.User("player", bob)))); !r.Ephemeral || !strings.Contains(r.Content, "Only the lobby's creator") {
		t.Errorf("kick by the former creator: %q", r.Content)
	}
	// The third player fills the table: the game starts without anyone pressing Start.
	started := h.final(h.srv.Button(cy, h.channel, lobby.ID, join.CustomID))
	if !strings.Contains(started.Content, "has started") {
		t.Fatalf("full table: %q", started.Content)
	}
	row, _, _ := h.state()
	h.lastGame = row.ID
	first := h.boardAt(0)

	// /settings turns DMs off and on, only for the caller.
	off := h.final(h.srv.Command(dee, h.channel, "settings", discordtest.Str("dms", "off")))
	if !off.Ephemeral || !strings.Contains(off.Content, "won't DM you") {
		t.Errorf("/settings dms:off: %q", off.Content)
	}
	if s := h.final(h.srv.Command(dee, h.channel, "settings")); !strings.Contains(s.Content, "are off") {
		t.Errorf("/settings: %q", s.Content)
	}
	if s, _ := h.store.Settings(context.Background(), ann); s.DMsOff {
		t.Error("another player's DMs turned off")
	}

	// /board posts a new board that pings nobody; a second one right after is refused.
	before := len(h.srv.Requests())
	repost := h.final(h.srv.Command(dee, h.channel, "board"))
	if !repost.Ephemeral || !strings.Contains(repost.Content, "without pinging") {
		t.Fatalf("/board: %q", repost.Content)
	}
	post, err := h.srv.WaitFor(ctxT(t), func(m discordtest.Message) bool {
		return m.Kind == discordtest.KindChannel && strings.Contains(m.Content, "· turn") && m.ID > lobby.ID && m.ID != first.ID
	})
	if err != nil {
		t.Fatalf("/board posted nothing: %v", err)
	}
	if pinged := pingedBy(t, h, post.ID, before); len(pinged) != 0 {
		t.Errorf("/board pinged %v", pinged)
	}
	if again := h.final(h.srv.Command(dee, h.channel, "board")); !strings.Contains(again.Content, "a moment ago") {
		t.Errorf("second /board: %q", again.Content)
	}
	for _, r := range h.srv.Errors() {
		if r.Fault == "" {
			t.Errorf("request %s %s answered %d", r.Method, r.Path, r.Status)
		}
	}
	for _, v := range h.srv.Violations() {
		t.Errorf("OpenAPI violation: %s", v)
	}
}

// pingedBy returns the users the request that created message id (among the requests after the
// first skip) allowed to be pinged.
func pingedBy(t *testing.T, h *harness, id string, skip int) []string {
	t.Helper()
	reqs := h.srv.Requests()
	m, _ := h.srv.Message(id)
	for _, r := range reqs[skip:] {
		if r.Method != "POST" || !strings.HasSuffix(r.Path, "/channels/"+m.ChannelID+"/messages") {
			continue
		}
		body := r.JSON()
		if body["content"] != m.Content {
			continue
		}
		am, _ := body["allowed_mentions"].(map[string]any)
		if am == nil {
			t.Fatalf("message %s was posted without allowed_mentions", id)
		}
		var users []string
		for _, u := range asSlice(am["users"]) {
			users = append(users, u.(string))
		}
		for _, p := range asSlice(am["parse"]) {
			if p == "users" {
				users = append(users, "everyone mentioned")
			}
		}
		return users
	}
	t.Fatalf("no request created message %s", id)
	return nil
}

func asSlice(v any) []any {
	s, _ := v.([]any)
	return s
}

var jumpRE = regexp.MustCompile(`https://discord\.com/channels/(\d+|@me)/(\d+)/(\d+)`)

// TestNotificationsAndResultsEndToEnd plays a whole game of each game through the loopback Discord
// and checks the notifications: no player is DMed because of their own move, at most one DM per
// player per move, every DM links to a board message of the game; old boards lose their buttons;
// the final board is the results message pinging every player with a Rematch button; /game status
// and /log still answer after the end; Rematch opens a lobby with the same players. It reports
// the DMs per player. One player's DMs are closed at first: they are told once, and DMed again
// once they open them.
func TestNotificationsAndResultsEndToEnd(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end game in -short mode")
	}
	for _, tc := range []struct {
		game    string
		players int
	}{{"spice-merchant", 3}, {"borneo", 3}} {
		t.Run(tc.game, func(t *testing.T) {
			notificationsGame(t, tc.game, tc.players)
		})
	}
}

func notificationsGame(t *testing.T, game string, players int) {
	h := newHarness(t, players)
	h.notifyAll() // every DM, in this live game too (the default sends only the hand dealt)
	// One player starts with closed DMs and opens them later: told once, then DMed again.
	shy := h.users[players-1]
	h.srv.CloseDMs(shy)
	h.openLobby(game, players)
	row, seats, _ := h.state()
	name := map[string]string{}
	for _, s := range seats {
		name[s.UserID] = s.Name
	}
	opened := false
	final, _, _ := h.playGame(rand.New(rand.NewPCG(3, 5)), 3000, func(v int) {
		if v == 10 {
			h.srv.OpenDMs(shy)
			opened = true
		}
	})
	if !opened {
		t.Fatal("the game ended before the DMs were opened")
	}
	notices := 0
	for _, m := range h.srv.Messages(h.channel) {
		if strings.Contains(m.Content, "DMs are closed") {
			notices++
		}
	}
	if notices != 1 || len(h.srv.DMs(shy)) == 0 {
		t.Errorf("closed then opened DMs: %d notices (want 1), %d DMs after opening (want some)", notices, len(h.srv.DMs(shy)))
	}
	_, _, st := h.stateByID()
	moves, err := h.store.Moves(context.Background(), row.ID)
	if err != nil {
		t.Fatal(err)
	}

	t.Logf("the results message:\n%s", final.Content)
	if dms := h.srv.DMs(h.users[0]); len(dms) > 1 {
		t.Logf("a DM:\n%s", dms[len(dms)/2].Content)
	}
	// The final board is the results message: every player pinged, the scores, a Rematch button.
	out, _ := st.Outcome()
	for _, s := range seats {
		if !strings.Contains(final.Content, "<@"+s.UserID+">") {
			t.Errorf("the results do not ping %s:\n%s", s.Name, final.Content)
		}
		if !strings.Contains(final.Content, s.Name+" — **") {
			t.Errorf("the results lack %s's score", s.Name)
		}
	}
	if !strings.Contains(final.Content, "🥇") || (out.TieBreak != "" && !strings.Contains(final.Content, "Tie-break")) {
		t.Errorf("results:\n%s", final.Content)
	}
	rematch, ok := final.Button("Rematch")
	if !ok || len(final.Buttons()) != 1 {
		t.Fatalf("final board buttons: %v", final.CustomIDs())
	}

	// Earlier boards keep their buttons (taking them off would cost a REST call a turn); pressed
	// after the end, "Your move" says the game is over, privately, and changes nothing.
	hasMoveButton := func(m discordtest.Message) bool {
		return slices.ContainsFunc(m.CustomIDs(), func(id string) bool { return strings.HasPrefix(id, "sb1:ym/") })
	}
	for _, m := range h.srv.Messages(h.channel) {
		if m.ID == final.ID || m.Kind != discordtest.KindChannel || !hasMoveButton(m) {
			continue
		}
		row, _, _ := h.stateByID()
		got := h.clickYourMove(h.users[0], m)
		if after, _, _ := h.stateByID(); !strings.Contains(got.Content, "over") || string(after.State) != string(row.State) {
			t.Errorf("an old board's Your move after the end answered %q", got.Content)
		}
		break
	}

	// DMs: none caused by the player's own move, every one linking to a board of this game.
	dms, turnDMs, handDMs := map[string]int{}, map[string]int{}, map[string]int{}
	for _, u := range h.users[:players] {
		for _, dm := range h.srv.DMs(u) {
			dms[u]++
			if strings.Contains(strings.ToLower(dm.Content), "it's your move") || strings.Contains(dm.Content, "you go first") {
				turnDMs[u]++
			} else {
				handDMs[u]++
			}
			if by := regexp.MustCompile(`Your hand changed after \*\*(.+?)\*\*'s move`).FindStringSubmatch(dm.Content); by != nil && by[1] == name[u] {
				t.Errorf("%s was DMed about their own move: %q", name[u], dm.Content)
			}
			link := jumpRE.FindStringSubmatch(dm.Content)
			if link == nil || link[2] != h.channel {
				t.Errorf("DM without a link to the board: %q", dm.Content)
				continue
			}
			if m, ok := h.srv.Message(link[3]); !ok || m.Kind != discordtest.KindChannel || !strings.Contains(m.Content, "· turn") {
				t.Errorf("DM links to %s, not a board", link[3])
			}
		}
	}
	// At most one DM per player per move of another player (plus the one at the start).
	byOthers := map[string]int{}
	for _, m := range moves {
		for _, s := range seats {
			if s.Seat != m.Seat {
				byOthers[s.UserID]++
			}
		}
	}
	for _, u := range h.users[:players] {
		if dms[u] > byOthers[u]+1 {
			t.Errorf("%s got %d DMs for %d moves of others", name[u], dms[u], byOthers[u])
		}
		t.Logf("%s, %d players, %d moves (turn %d): %s got %d DMs (%d for their move or decision, %d for a hand changed by another player or dealt)",
			game, players, len(moves), st.TurnNumber(), name[u], dms[u], turnDMs[u], handDMs[u])
	}

	// /game status and /log keep answering about the finished game.
	status := h.final(h.srv.Command(h.users[0], h.channel, "game", discordtest.Sub("status")))
	if !strings.Contains(status.Content, "finished") || !strings.Contains(status.Content, "🥇") {
		t.Errorf("/game status after the end: %q", status.Content)
	}
	if lg := h.final(h.srv.Command(h.users[1], h.channel, "log")); !strings.Contains(lg.Content, "log lines") {
		t.Errorf("/log after the end: %q", lg.Content)
	}

	// Rematch: a lobby with the same players and options, opened by whoever pressed it.
	again := h.final(h.srv.Button(h.users[1], h.channel, final.ID, rematch.CustomID))
	if again.Ephemeral || !strings.Contains(again.Content, "wants a rematch") || !strings.Contains(again.Content, "Players (3)") {
		t.Fatalf("rematch: %q", again.Content)
	}
	lobby, lobbySeats, err := h.store.Current(context.Background(), h.channel)
	if err != nil || lobby.Status != data.StatusLobby || lobby.Game != game || lobby.CreatorID != h.users[1] || len(lobbySeats) != players {
		t.Fatalf("rematch lobby %+v with %d seats (%v)", lobby, len(lobbySeats), err)
	}
	if st := h.final(h.srv.Command(h.users[0], h.channel, "game", discordtest.Sub("status"))); !strings.Contains(st.Content, "lobby") {
		t.Errorf("/game status with a rematch lobby: %q", st.Content)
	}
	if !reflect.DeepEqual(lobby.Options, row.Options) {
		t.Errorf("rematch options %v, want %v", lobby.Options, row.Options)
	}
}

// TestQuietLobby: four players gather, by command and by button, one leaves and comes back, and
// the game starts — in a channel (thread:off) and in a thread of its own. The lobby is one public
// message, edited in place: no join or leave posts anything public; after the start no message
// keeps live Join, Leave or Start buttons.
func TestQuietLobby(t *testing.T) {
	for _, threads := range []bool{false, true} {
		t.Run(map[bool]string{false: "thread-off", true: "thread"}[threads], func(t *testing.T) {
			h := newHarness(t, 4)
			home := h.channel
			opts := []discordtest.Option{discordtest.Int("players", 4)}
			if !threads {
				opts = append(opts, discordtest.Str("thread", "off"))
			}
			lobby := h.final(h.srv.Command(h.users[0], home, "game", discordtest.Group("new", discordtest.Sub("borneo", opts...))))
			if lobby.Ephemeral {
				t.Fatalf("the lobby is private: %q", lobby.Content)
			}
			where := home // where the lobby's buttons and commands are used
			if threads {
				th, ok := h.srv.Thread(lobby.ID)
				if !ok {
					t.Fatalf("no thread for the lobby")
				}
				where = th.ID
			}
			posts := func() int { // public messages the bot made in both channels, interaction replies included
				n := 0
				for _, ch := range []string{home, where} {
					for _, m := range h.srv.Timeline(ch) {
						if !m.Ephemeral && m.ID != lobby.ID {
							n++
						}
					}
					if ch == where && where == home {
						break
					}
				}
				return n
			}
			// The bot learns the lobby message's id just after posting it (a few ms; players take
			// longer): the joins below come after that.
			for ctx := ctxT(t); ; time.Sleep(5 * time.Millisecond) {
				if row, _, err := h.store.Current(ctx, where); err == nil && row.LobbyMessageID != "" {
					break
				}
				if ctx.Err() != nil {
					t.Fatal("the lobby message was never recorded")
				}
			}
			before := posts()
			join, _ := lobby.Button("Join")
			for _, step := range []struct {
				user   string
				button bool
				sub    string
			}{{h.users[1], false, "join"}, {h.users[2], true, "join"}, {h.users[1], false, "leave"}, {h.users[1], true, "join"}} {
				var r discordtest.Message
				if step.button {
					r = h.final(h.srv.Button(step.user, home, lobby.ID, join.CustomID))
				} else {
					r = h.final(h.srv.Command(step.user, where, "game", discordtest.Sub(step.sub)))
					if !r.Ephemeral {
						t.Errorf("/game %s by command answered publicly: %q", step.sub, r.Content)
					}
					// A command's edit of the lobby goes through the outbox; players take longer
					// than that between two presses.
					h.waitOutbox()
				}
			}
			h.waitOutbox()
			if got := posts(); got != before {
				t.Errorf("joining and leaving posted %d public messages; the lobby message must be edited instead", got-before)
			}
			m, _ := h.srv.Message(lobby.ID)
			if !strings.Contains(m.Content, "Ann") || !strings.Contains(m.Content, "Bob") || !strings.Contains(m.Content, "Cy") {
				t.Errorf("the lobby message does not list the three players: %q", m.Content)
			}
			r := h.final(h.srv.Command(h.users[3], where, "game", discordtest.Sub("join"))) // the fourth: the table starts
			if !strings.Contains(r.Content, "started") {
				t.Fatalf("the fourth join answered %q", r.Content)
			}
			h.waitOutbox()
			for _, ch := range []string{home, where} {
				for _, m := range h.srv.Timeline(ch) {
					for _, id := range m.CustomIDs() {
						for _, act := range []commands.Action{commands.ActJoin, commands.ActLeave, commands.ActStart} {
							if strings.HasPrefix(id, "sb1:"+string(act)+"/") {
								t.Errorf("after the start, message %s still has a %s button: %q", m.ID, act, m.Content)
							}
						}
					}
				}
			}
		})
	}
}
