package bot_test

import (
	"context"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"spicebot/bot/discordtest"
	"spicebot/commands"
	"spicebot/data"
	"spicebot/rules"
)

// budget are the numbers of one game played by playNotified: DMs per player, new board posts,
// and the REST calls outside interaction replies by route.
type budget struct {
	moves, turns int
	dms          map[string]int
	rest         map[string]int
}

// restCalls is the sum of the REST calls counted in b.rest.
func (b budget) restCalls() int {
	n := 0
	for _, c := range b.rest {
		n += c
	}
	return n
}

// counted reports whether a REST request counts in the budget: what the bot sends on its own
// (board posts and edits, DMs, DM channels, threads), not interaction replies, which Discord does
// not count against the global limit, nor the bot's start.
func counted(r discordtest.Request) bool {
	switch r.Route {
	case "POST /channels/{channel_id}/messages", "PATCH /channels/{channel_id}/messages/{message_id}",
		"DELETE /channels/{channel_id}/messages/{message_id}", "POST /users/@me/channels", "GET /channels/{channel_id}":
		return true
	}
	return strings.Contains(r.Route, "/threads")
}

// playNotified plays a whole game of h's last lobby: the players act from the board, except
// h.dmPlayer, who acts only from their DMs — the turn DM's "Your move" button and the decision
// menu it opens there. It checks that every DM carries the Your move and My hand buttons, that
// the DM player gets a DM for the version at which their turn begins; it restarts the bot at
// version restartAt (0: never) and returns the game's numbers.
func playNotified(t *testing.T, h *harness, rng *rand.Rand, maxMoves, restartAt int) budget {
	t.Helper()
	startReq := len(h.srv.Requests())
	var cont *discordtest.Message
	contSeat := rules.Observer
	var prevActive []rules.Seat
	var st rules.State
	for {
		row, seats, cur := h.stateByID()
		st = cur
		v := st.Version()
		if v > maxMoves {
			t.Fatalf("game still running after %d moves", maxMoves)
		}
		board := h.boardAt(v)
		if _, over := st.Outcome(); over {
			break
		}
		if v == restartAt {
			// A restart: the DM channels opened so far are remembered in the store.
			h.waitOutbox()
			h.stop()
			h.start()
		}
		userOf := map[rules.Seat]string{}
		for _, s := range seats {
			userOf[rules.Seat(s.Seat)] = s.UserID
		}
		var movers []rules.Seat
		for _, s := range st.Active() {
			if len(st.Legal(s)) > 0 {
				movers = append(movers, s)
			}
		}
		seat := movers[rng.IntN(len(movers))]
		var menu *discordtest.Message
		if cont != nil && slices.Contains(movers, contSeat) {
			seat, menu = contSeat, cont
		}
		user := userOf[seat]
		from := board
		if user == h.dmPlayer && menu == nil {
			// The DM player acts from the last DM: one made at this version when the turn just
			// became theirs.
			want := commands.CustomID{Action: commands.ActYourMove, Game: row.ID, Version: v}.String()
			fresh := !slices.Contains(prevActive, seat)
			dm, err := h.srv.WaitFor(ctxT(t), func(m discordtest.Message) bool {
				if m.Kind != discordtest.KindDM || m.UserID != user {
					return false
				}
				return !fresh || slices.Contains(m.CustomIDs(), want)
			})
			if err != nil {
				t.Fatalf("version %d: no DM to the player whose turn it is: %v", v, err)
			}
			if !fresh {
				dms := h.srv.DMs(user)
				dm = dms[len(dms)-1]
			}
			from = dm
		}
		prevActive = st.Active()
		_, reply := h.playTurn(user, from, menu, rng)
		if user == h.dmPlayer && reply.ChannelID != "" && reply.ChannelID != h.srv.DMChannel(user) {
			t.Fatalf("the DM player's reply came in channel %s, not their DM", reply.ChannelID)
		}
		cont, contSeat = nil, rules.Observer
		if len(reply.Buttons())+len(reply.Selects()) > 0 {
			cont, contSeat = &reply, seat
		}
	}
	// Let the last DMs go out (the outbox is idle once the final board is posted and no lane runs).
	h.waitOutbox()
	b := budget{moves: st.Version(), turns: st.TurnNumber(), dms: map[string]int{}, rest: map[string]int{}}
	for _, u := range h.users {
		for _, m := range h.srv.DMs(u) {
			b.dms[u]++
			if _, ok := m.Button("Your move"); !ok {
				t.Errorf("a DM to %s has no Your move button: %q", u, m.Content)
			}
			if _, ok := m.Button("My hand"); !ok {
				t.Errorf("a DM to %s has no My hand button: %q", u, m.Content)
			}
		}
	}
	for _, r := range h.srv.Requests()[startReq:] {
		if counted(r) {
			b.rest[r.Route]++
		}
	}
	return b
}

// TestNotifyByPostFromDM plays daily games where one player acts only from their DMs to the end:
// each DM that says it is their turn carries the Your move and My hand buttons, and the decision
// menu opened from it plays their moves (Borneo's defences and picks too). It checks at most one
// DM per player per turn, the DM channels opened once (the bot restarts mid-game), and reports the
// REST calls per move.
func TestNotifyByPostFromDM(t *testing.T) {
	if testing.Short() {
		t.Skip("whole games")
	}
	for _, tc := range []struct {
		game    string
		players int
	}{{"spice-merchant", 3}, {"borneo", 3}} {
		t.Run(tc.game, func(t *testing.T) {
			h := newHarness(t, tc.players)
			h.dmPlayer = h.users[1]
			h.openLobby(tc.game, tc.players, discordtest.Str("pace", "daily"))
			b := playNotified(t, h, rand.New(rand.NewPCG(25, 3)), 600, 12)
			if b.dms[h.dmPlayer] == 0 {
				t.Fatal("the DM player got no DM")
			}
			for u, n := range b.dms {
				if n > b.turns {
					t.Errorf("%s got %d DMs in %d turns: more than one per turn", u, n, b.turns)
				}
			}
			if n := b.rest["POST /users/@me/channels"]; n > tc.players {
				t.Errorf("%d DM channels opened for %d players: a DM channel must be opened once", n, tc.players)
			}
			perMove := float64(b.restCalls()) / float64(b.moves)
			t.Logf("daily %s, %d players: %d moves, %d turns, DMs per player %v, REST calls %d (%.2f per move) %v",
				tc.game, tc.players, b.moves, b.turns, b.dms, b.restCalls(), perMove, b.rest)
			// A by-post turn costs two calls that cannot go: its board's post and its player's DM.
			// Spice Merchant's turns are short (1.3 moves), so two calls a turn alone are 1.5 a
			// move; its budget is that floor plus the public edits of its secret registration (1.8 in
			// these games, whose turns vary with their random seeds).
			if most := map[string]float64{"borneo": 1.6, "spice-merchant": 2.0}[tc.game]; perMove > most {
				t.Errorf("%.2f REST calls per move in a daily game, want at most %.2f", perMove, most)
			}
		})
	}
}

// TestNotifyLive plays live 4-player games from the board: the board's mention is the
// notification, so a player gets at most the DM of the hand dealt at the start (≤ 3 per game).
func TestNotifyLive(t *testing.T) {
	if testing.Short() {
		t.Skip("whole games")
	}
	for _, game := range []string{"spice-merchant", "borneo", "batavia"} {
		t.Run(game, func(t *testing.T) {
			h := newHarness(t, 4)
			h.openLobby(game, 4)
			b := playNotified(t, h, rand.New(rand.NewPCG(25, 4)), 800, 0)
			for u, n := range b.dms {
				if n > 3 {
					t.Errorf("%s got %d DMs in a live game, want at most 3", u, n)
				}
			}
			perMove := float64(b.restCalls()) / float64(b.moves)
			t.Logf("live %s, 4 players: %d moves, %d turns, DMs per player %v, REST calls %d (%.2f per move) %v",
				game, b.moves, b.turns, b.dms, b.restCalls(), perMove, b.rest)
			if perMove > 1.3 {
				t.Errorf("%.2f REST calls per move in a live game, want at most 1.3", perMove)
			}
		})
	}
}

// notifyAll sets every user of h to /settings notify:all: a DM for each turn and each hand
// changed by another player, in live games too.
func (h *harness) notifyAll() {
	h.t.Helper()
	for _, u := range h.users {
		if err := h.store.SetSettings(context.Background(), u, data.UserSettings{Notify: data.NotifyAll}); err != nil {
			h.t.Fatal(err)
		}
	}
}
