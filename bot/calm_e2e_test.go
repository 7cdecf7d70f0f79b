package bot_test

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"spicebot/bot"
	"spicebot/bot/discordtest"
	"spicebot/commands"
	"spicebot/data"
	"spicebot/pace"
	"spicebot/rules"
	"spicebot/rules/dei"
)

// A calm channel (issue 25): a thread per game, one living board per turn, a quiet lobby.

// newThreadHarness is newHarness whose games are opened in the text channel and played in the
// thread the bot starts for each (h.channel becomes the thread at openLobby).
// liveMoveEvery is the time a live table takes per move in these tests (the manual clock moves on
// by it after each move; a move is one step: a pick, a bid, a sail): a 150-move Borneo game then
// lasts an hour and a quarter.
const liveMoveEvery = 30 * time.Second

func newThreadHarness(t testing.TB, players int) *harness {
	h := newHarness(t, players)
	h.threads, h.parent = true, h.channel
	return h
}

// calmStats are the numbers of one game played by playCalm.
type calmStats struct {
	moves, turns int
	// Public posts (POST /channels/{id}/messages) in the game's channel (the thread, or the
	// channel with thread:off) and in the parent channel; edits of the parent's status line.
	gamePosts, parentPosts, parentEdits int
	// dms are the DMs sent to each player during the game.
	dms map[string]int
	// rest is every REST call of the bot during the game but the interaction replies (board
	// posts and edits, DMs, DM channels, threads, status lines).
	rest int
	// boards are the board messages that showed each turn (rules.State.TurnNumber).
	boards map[int]map[string]bool
}

// playCalm plays the started game of h to its end (or maxMoves) with /play, one random legal
// move at a time (the Dutch East Indies with its policy player, which ends games), waiting for the
// board of each version, and counts where every message went.
func (h *harness) playCalm(maxMoves int, seed uint64) calmStats {
	h.t.Helper()
	ctx := ctxT(h.t)
	h.waitOutbox()
	first := len(h.srv.Requests())
	dmsBefore := map[string]int{}
	for _, u := range h.users {
		dmsBefore[u] = len(h.srv.DMs(u))
	}
	rng := rules.NewRNG(seed)
	stats := calmStats{dms: map[string]int{}, boards: map[int]map[string]bool{}}
	for {
		row, seats, st := h.stateByID()
		v := st.Version()
		board := h.boardAt(v)
		if _, over := st.Outcome(); over || v >= maxMoves {
			stats.moves, stats.turns = v, st.TurnNumber()
			break
		}
		turn := st.TurnNumber()
		if stats.boards[turn] == nil {
			stats.boards[turn] = map[string]bool{}
		}
		stats.boards[turn][board.ID] = true
		h.playRandom(row, seats, st, &rng)
		if c, ok := h.clock.(*manualClock); ok {
			c.Advance(h.moveEvery) // the table takes its time: scheduled status line edits fall due
		}
	}
	h.waitOutbox()
	for _, u := range h.users {
		stats.dms[u] = len(h.srv.DMs(u)) - dmsBefore[u]
	}
	for _, r := range h.srv.Requests()[first:] {
		if strings.HasPrefix(r.Route, "POST /interactions/") || strings.Contains(r.Route, "/webhooks/") {
			continue // the answers to the players' interactions
		}
		stats.rest++
		if r.Route == "POST /channels/{channel_id}/messages" { // deleted again or not, a post is a post
			switch {
			case strings.Contains(r.Path, "/channels/"+h.channel+"/"):
				stats.gamePosts++
			case h.threads && strings.Contains(r.Path, "/channels/"+h.parent+"/"):
				stats.parentPosts++
			}
		}
		if h.threads && r.Method == "PATCH" && r.Route == "PATCH /channels/{channel_id}/messages/{message_id}" &&
			strings.Contains(r.Path, "/channels/"+h.parent+"/") {
			stats.parentEdits++
		}
	}
	_ = ctx
	return stats
}

// playRandom plays one random legal move of st (the Dutch East Indies' by its policy player,
// which ends games) with /play, as the player of a random seat that has a move, and returns that
// seat; with only, a seat of only that has a move.
func (h *harness) playRandom(row data.Game, seats []data.Seat, st rules.State, rng *rules.RNG, only ...rules.Seat) rules.Seat {
	h.t.Helper()
	var seat rules.Seat
	var mv rules.Move
	if row.Game == "dutch-east-indies" {
		seat, mv = dei.Policy(st, rng)
	} else {
		var movers []rules.Seat
		for _, s := range st.Active() {
			if len(st.Legal(s)) > 0 && (len(only) == 0 || slices.Contains(only, s)) {
				movers = append(movers, s)
			}
		}
		seat = movers[rng.Intn(len(movers))]
		legal := st.Legal(seat)
		mv = legal[rng.Intn(len(legal))]
	}
	user := ""
	for _, s := range seats {
		if rules.Seat(s.Seat) == seat {
			user = s.UserID
		}
	}
	r := h.final(h.srv.Command(user, h.channel, "play", discordtest.Str("move", mv.String())))
	if !r.Ephemeral || !strings.HasPrefix(r.Content, "You played") {
		h.t.Fatalf("version %d: /play %q answered %q", st.Version(), mv, r.Content)
	}
	return seat
}

// TestSlowAnswererCall plays live Batavia and Borneo games on a manual clock. A seat that must
// answer within another player's turn (a bidder, a defender, a picker) and does so within
// commands.CallAfter gets nothing but the board's edit; one that takes longer is pinged by a short
// line naming only them, which the bot deletes once they have answered.
func TestSlowAnswererCall(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end games in -short mode")
	}
	for _, game := range []string{"batavia", "borneo"} {
		t.Run(game, func(t *testing.T) {
			clock := newManualClock()
			h := newHarnessWith(t, 3, func(c *bot.Config) { c.Clock = clock })
			h.openLobby(game, 3)
			rng := rules.NewRNG(11)
			isCall := func(body string) bool { return strings.Contains(body, "waiting for you") }
			callsFor := func(user string) int { // call lines ever posted that ping user
				n := 0
				for _, r := range h.srv.Requests() {
					if r.Route == "POST /channels/{channel_id}/messages" && isCall(string(r.Body)) && strings.Contains(string(r.Body), "<@"+user+">") {
						n++
					}
				}
				return n
			}
			// answer plays the answerers' moves (only theirs) until none of them must answer in
			// that turn any more.
			answer := func(answerers []rules.Seat, turn int) {
				for {
					row, seats, st := h.stateByID()
					var left []rules.Seat
					for _, s := range answerers {
						if slices.Contains(st.Active(), s) && len(st.Legal(s)) > 0 && st.TurnNumber() == turn {
							left = append(left, s)
						}
					}
					if len(left) == 0 {
						return
					}
					h.boardAt(st.Version())
					h.playRandom(row, seats, st, &rng, left...)
				}
			}
			slow, quick := 0, 0
			for slow < 3 {
				row, seats, st := h.stateByID()
				h.boardAt(st.Version())
				if _, over := st.Outcome(); over || st.Version() > 1500 {
					break
				}
				before := st.Active()
				actor := h.playRandom(row, seats, st, &rng)
				_, _, after := h.stateByID()
				h.boardAt(after.Version())
				var answerers []rules.Seat
				for _, s := range after.Active() {
					if s != actor && !slices.Contains(before, s) && after.TurnNumber() == st.TurnNumber() && len(after.Legal(s)) > 0 {
						answerers = append(answerers, s)
					}
				}
				if len(answerers) == 0 {
					continue
				}
				if quick < 2 { // a quick answer: no call
					quick++
					was := map[rules.Seat]int{}
					for _, s := range answerers {
						was[s] = callsFor(h.userAt(s))
					}
					clock.Advance(commands.CallAfter / 2)
					answer(answerers, after.TurnNumber())
					clock.Advance(commands.CallAfter) // the call scheduled for them falls due: nothing is posted
					h.waitOutbox()
					for _, s := range answerers {
						if n := callsFor(h.userAt(s)); n != was[s] {
							t.Errorf("version %d: seat %d answered within %v and was called anyway", after.Version(), s, commands.CallAfter/2)
						}
					}
					continue
				}
				clock.Advance(commands.CallAfter + time.Second)
				var up []discordtest.Message
				for _, s := range answerers {
					user := h.userAt(s)
					m, err := h.srv.WaitFor(ctxT(t), func(m discordtest.Message) bool {
						return m.ChannelID == h.channel && isCall(m.Content) && slices.Contains(m.Mentions, user)
					})
					if err != nil {
						t.Fatalf("version %d: no call for the slow answerer (seat %d): %v", after.Version(), s, err)
					}
					if len(m.Mentions) != 1 {
						t.Errorf("the call pings %v, want only %s: %q", m.Mentions, user, m.Content)
					}
					up = append(up, m)
					slow++
				}
				answer(answerers, after.TurnNumber())
				h.waitOutbox()
				for _, m := range up {
					for ctx := ctxT(t); ; time.Sleep(10 * time.Millisecond) {
						if _, still := h.srv.Message(m.ID); !still {
							break
						}
						if ctx.Err() != nil {
							t.Fatalf("the call %q is still up after its seat answered", m.Content)
						}
					}
				}
			}
			if slow == 0 {
				t.Fatalf("no slow answerer in the game")
			}
			t.Logf("%s: %d slow answers called, each call deleted once answered; %d quick answers not called", game, slow, quick)
		})
	}
}

// waitOutbox waits until the bot has delivered everything queued that is due (h.due).
func (h *harness) waitOutbox() {
	h.t.Helper()
	ctx := ctxT(h.t)
	for {
		pending, err := h.store.PendingOutbox(ctx, 0)
		if err != nil {
			h.t.Fatal(err)
		}
		pending = h.due(pending)
		if len(pending) == 0 {
			return
		}
		if ctx.Err() != nil {
			h.t.Fatalf("outbox still has %d items", len(pending))
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// TestCalmChannel plays a 4-player game of each game through the loopback Discord, in a thread
// of its own and with thread:off, and checks one living board per turn: a turn is shown by one
// board message (a new post only when a new turn begins; everything within the turn — further
// steps, answers, picks, a whole Batavia auction — edits it), at most 1.1 new public posts per
// turn, nothing posted in the parent channel (only its status line is edited). It logs where
// every message went, new posts per turn, DMs per player and REST calls per move (issue 25).
func TestCalmChannel(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end games in -short mode")
	}
	for _, tc := range []struct {
		game     string
		maxMoves int
	}{
		{"borneo", 2000},
		{"spice-merchant", 2000},
		{"batavia", 3000},
		{"dutch-east-indies", 600},
	} {
		for _, threads := range []bool{true, false} {
			name := tc.game + "/thread-off"
			if threads {
				name = tc.game + "/thread"
			}
			t.Run(name, func(t *testing.T) {
				h := newHarnessWith(t, 4, func(c *bot.Config) { c.Clock = newManualClock() })
				h.moveEvery = liveMoveEvery
				if threads {
					h.threads, h.parent = true, h.channel
				}
				h.openLobby(tc.game, 4)
				s := h.playCalm(tc.maxMoves, 7)
				var dms []string
				for i, u := range h.users[:4] {
					dms = append(dms, fmt.Sprintf("%s %d", []string{"Ann", "Bob", "Cy", "Dee"}[i], s.dms[u]))
				}
				perTurn := float64(s.gamePosts+s.parentPosts) / float64(s.turns)
				perMove := float64(s.rest) / float64(s.moves)
				t.Logf("%s: %d moves, %d turns; new public posts: %d in the game's channel, %d in the parent channel (%d edits of its status line): %.2f per turn; DMs per player: %s; REST calls outside interaction replies: %d, %.2f per move",
					name, s.moves, s.turns, s.gamePosts, s.parentPosts, s.parentEdits, perTurn, strings.Join(dms, ", "), s.rest, float64(s.rest)/float64(s.moves))
				if perTurn > 1.1 {
					t.Errorf("%.2f new public posts per turn, want at most 1.1", perTurn)
				}
				if perMove > 1.3 {
					t.Errorf("%.2f REST calls per move in a live game, want at most 1.3", perMove)
				}
				// The status line shows a new turn at most once per commands.StatusEvery, plus the
				// start and the end.
				if most := 2 + s.moves*int(liveMoveEvery/time.Second)/int(commands.StatusEvery/time.Second) + 1; threads && s.parentEdits > most {
					t.Errorf("%d edits of the status line in %d moves a minute apart, want at most %d", s.parentEdits, s.moves, most)
				}
				if s.parentPosts != 0 {
					t.Errorf("%d posts in the parent channel, want none (the status line is edited)", s.parentPosts)
				}
				for turn, ids := range s.boards {
					if len(ids) != 1 {
						t.Errorf("turn %d was shown by %d board messages, want one living board", turn, len(ids))
					}
				}
				if threads {
					row, _, _ := h.stateByID()
					if row.ChannelID != h.channel || row.LobbyChannelID != h.parent || row.LobbyMessageID != h.lobbyMsg {
						t.Errorf("game stored in %q with its lobby %q in %q, want thread %q, lobby %q in %q",
							row.ChannelID, row.LobbyMessageID, row.LobbyChannelID, h.channel, h.lobbyMsg, h.parent)
					}
					th, _ := h.srv.Thread(h.channel)
					if th.AutoArchive != commands.ThreadArchiveMinutes || !strings.Contains(th.Name, "Ann") || !strings.Contains(th.Name, "Dee") {
						t.Errorf("thread %+v: want a week's auto-archive and the players' names", th)
					}
					status, _ := h.srv.Message(h.lobbyMsg)
					if _, over := h.load(row).Outcome(); over {
						if !strings.Contains(status.Content, "finished") || !slices.ContainsFunc(status.Buttons(), func(b discordtest.Component) bool { return b.Label == "Rematch" }) {
							t.Errorf("status line of a finished game: %q %v", status.Content, status.CustomIDs())
						}
					} else if !strings.Contains(status.Content, "in progress") || !strings.Contains(status.Content, "<#"+h.channel+">") || len(status.Buttons()) != 0 {
						t.Errorf("status line of a game in progress: %q %v", status.Content, status.CustomIDs())
					}
				}
				checkContract(t, h)
			})
		}
	}
}

// TestThreadArchivedMidGame plays a weekly Borneo game in its own thread, which Discord archives
// for inactivity mid-game (twice): the reminder of the waited-on player reopens it (a player's
// command must not meet an archived thread), and so does the next board; the game goes on to its
// end.
func TestThreadArchivedMidGame(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end game in -short mode")
	}
	clock := newManualClock()
	h := newHarnessWith(t, 3, func(c *bot.Config) { c.Clock = clock })
	h.threads, h.parent = true, h.channel
	h.openLobby("borneo", 3, discordtest.Str("pace", "weekly"))
	rng := rules.NewRNG(5)
	for range 4 {
		row, seats, st := h.stateByID()
		h.boardAt(st.Version())
		h.playRandom(row, seats, st, &rng)
	}
	_, seats, st := h.stateByID()
	h.boardAt(st.Version())
	h.waitOutbox()

	// A week without a move: Discord archives the thread. The reminder reopens it.
	h.srv.ArchiveThread(h.channel, false)
	waited := ""
	for _, s := range seats {
		if slices.Contains(st.Active(), rules.Seat(s.Seat)) {
			waited = s.UserID
		}
	}
	if _, err := advanceUntil(t, h, clock, 2*pace.Day+time.Hour, func(m discordtest.Message) bool {
		return m.Kind == discordtest.KindDM && m.UserID == waited && strings.Contains(m.Content, "Reminder")
	}); err != nil {
		t.Fatalf("no reminder: %v", err)
	}
	for ctx := ctxT(t); ; time.Sleep(5 * time.Millisecond) {
		if th, _ := h.srv.Thread(h.channel); !th.Archived {
			break
		}
		if ctx.Err() != nil {
			t.Fatal("the reminder did not reopen the archived thread")
		}
	}

	// Archived again: the next move's board reopens it.
	h.srv.ArchiveThread(h.channel, false)
	row, seats, st := h.stateByID()
	h.playRandom(row, seats, st, &rng)
	h.boardAt(st.Version() + 1)
	if th, _ := h.srv.Thread(h.channel); th.Archived || th.Unarchived < 2 {
		t.Fatalf("after the next board the thread is %+v, want it open, unarchived twice", th)
	}
	s := h.playCalm(2000, 9)
	if final, _, st := h.stateByID(); st == nil || final.Status != data.StatusFinished {
		t.Fatalf("the game did not end: %+v (%d moves)", final.Status, s.moves)
	}
}

// TestStatusLineRematchAndCancel: a game in its own thread ends; Rematch pressed on the parent
// channel's status line opens the new lobby there, for the same players, played in the same
// thread, and the new game starts; cancelled, the new game's status line says so.
func TestStatusLineRematchAndCancel(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end game in -short mode")
	}
	h := newThreadHarness(t, 3)
	h.openLobby("spice-merchant", 3)
	thread, parent, first := h.channel, h.parent, h.lastGame
	h.playCalm(2000, 21)
	h.waitOutbox()
	status, _ := h.srv.Message(h.lobbyMsg)
	rematch, ok := status.Button("Rematch")
	if !ok {
		t.Fatalf("the finished game's status line has no Rematch: %q %v", status.Content, status.CustomIDs())
	}
	again := h.final(h.srv.Button(h.users[1], parent, status.ID, rematch.CustomID))
	if again.Ephemeral || !strings.Contains(again.Content, "wants a rematch") || again.ChannelID != parent {
		t.Fatalf("Rematch on the status line answered %+v", again)
	}
	row, seats, err := h.store.Current(context.Background(), thread)
	if err != nil || row.ID == first || row.Status != data.StatusLobby || row.LobbyChannelID != parent || len(seats) != 3 {
		t.Fatalf("the rematch's lobby: %+v, %d seats (%v); want a new lobby of the same 3 in thread %s, its line in %s", row, len(seats), err, thread, parent)
	}
	start, ok := again.Button("Start")
	if !ok {
		t.Fatalf("the rematch lobby has no Start: %v", again.CustomIDs())
	}
	h.final(h.srv.Button(h.users[1], parent, again.ID, start.CustomID))
	if row, _, st := h.state(); st == nil || row.ChannelID != thread {
		t.Fatalf("the rematch did not start in the thread: %+v", row)
	}
	// The rematch is cancelled by its creator: its status line says so.
	ask := h.final(h.srv.Command(h.users[1], thread, "game", discordtest.Sub("cancel")))
	yes, ok := ask.Button("Cancel the game")
	if !ok {
		t.Fatalf("cancel asks %q", ask.Content)
	}
	h.final(h.srv.Button(h.users[1], thread, ask.ID, yes.CustomID))
	h.waitOutbox()
	if m, _ := h.srv.Message(again.ID); !strings.Contains(m.Content, "cancelled") || len(m.Buttons()) != 0 {
		t.Errorf("the cancelled game's status line: %q %v", m.Content, m.CustomIDs())
	}
}

// TestThreadRefusedPlaysInChannel: Discord refuses to start the game's thread (Missing
// Permissions): the lobby says so and the game is played in the channel, as with thread:off; no
// half-made game is left.
func TestThreadRefusedPlaysInChannel(t *testing.T) {
	h := newHarness(t, 3)
	h.srv.SetFaults(func(r discordtest.Request) discordtest.Fault {
		if r.Method == "POST" && strings.HasSuffix(r.Path, "/threads") {
			return discordtest.Fault{Status: 403, Code: 50013, Message: "Missing Permissions"}
		}
		return discordtest.Fault{}
	})
	lobby := h.final(h.srv.Command(h.users[0], h.channel, "game", discordtest.Group("new", discordtest.Sub("borneo", discordtest.Int("players", 3)))))
	if lobby.Ephemeral || !strings.Contains(lobby.Content, "could not start a thread") || !strings.Contains(lobby.Content, "Create Public Threads") {
		t.Fatalf("the lobby after a refused thread: %q", lobby.Content)
	}
	if ths := h.srv.Threads(h.channel); len(ths) != 0 {
		t.Fatalf("threads %+v", ths)
	}
	row, _, err := h.store.Current(context.Background(), h.channel)
	if err != nil || row.ChannelID != h.channel || row.LobbyChannelID != "" {
		t.Fatalf("the game %+v (%v): want it in the channel", row, err)
	}
	join, _ := lobby.Button("Join")
	for _, u := range h.users[1:3] {
		h.final(h.srv.Button(u, h.channel, lobby.ID, join.CustomID))
	}
	h.lobbyID, _ = strconv.ParseUint(lobby.ID, 10, 64)
	row, _, st := h.state()
	h.lastGame = row.ID
	if st == nil {
		t.Fatalf("the game did not start: %+v", row)
	}
	h.boardAt(st.Version()) // the board is posted in the channel
}
