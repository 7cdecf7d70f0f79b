package bot_test

import (
	"context"
	"crypto/ed25519"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"spicebot/bot"
	"spicebot/bot/discordtest"
	"spicebot/commands"
)

// passedReplaceVote opens, through the loopback Discord, a table vote to replace the player of
// seat 2 of the harness's game (a 3-player Borneo game) and has a second player vote yes. It
// returns the decided vote message and its "Take this seat" button.
func (h *harness) passedReplaceVote() (discordtest.Message, discordtest.Component) {
	h.t.Helper()
	leaver := h.userAt(2)
	asks := h.final(h.srv.Command(h.userAt(0), h.channel, "game", discordtest.Sub("vote",
		discordtest.Str("topic", "replace"), discordtest.User("player", leaver))))
	yes, ok := asks.Button("Yes")
	if !ok {
		h.t.Fatalf("vote message %q has no Yes button: %v", asks.Content, asks.CustomIDs())
	}
	decided := h.final(h.srv.Button(h.userAt(1), h.channel, asks.ID, yes.CustomID))
	take, ok := decided.Button("Take this seat")
	if !ok {
		h.t.Fatalf("the passed vote %q has no Take button: %v", decided.Content, decided.CustomIDs())
	}
	return decided, take
}

// press sends a button click with customID on message, without checking that the message still
// shows it (a press that raced the message's update, or a forged custom_id).
func (h *harness) press(user, messageID, customID string) *discordtest.Interaction {
	return h.srv.Raw(discordtest.InteractionComponent, user, h.channel, messageID,
		map[string]any{"custom_id": customID, "component_type": 2})
}

// TestTakeSeatOnce: after a vote to replace a player passed, n volunteers press its "Take this
// seat" button at once. Exactly one takes the seat: one 'replace' event, one DM of the seat's
// hand; every other volunteer is told privately who took it, and later presses change nothing.
func TestTakeSeatOnce(t *testing.T) {
	for _, n := range []int{2, 10} {
		t.Run(fmt.Sprintf("%d volunteers", n), func(t *testing.T) {
			h := newHarness(t, 3)
			game := h.openLobby("borneo", 3)
			ctx := context.Background()
			leaver := h.userAt(2)
			decided, take := h.passedReplaceVote()
			var volunteers []string
			for i := range n {
				id := strconv.Itoa(810000000000000001 + i)
				h.srv.AddUser(id, fmt.Sprintf("Volunteer%d", i))
				volunteers = append(volunteers, id)
			}
			ixs := make([]*discordtest.Interaction, n)
			var wg sync.WaitGroup
			for i, v := range volunteers {
				wg.Add(1)
				go func() {
					defer wg.Done()
					ixs[i] = h.press(v, decided.ID, take.CustomID)
				}()
			}
			wg.Wait()
			var won, told int
			for _, ix := range ixs {
				m := h.final(ix)
				switch {
				case strings.Contains(m.Content, "took over") && !m.Ephemeral:
					won++
				case strings.Contains(m.Content, "This seat was taken by <@") && m.Ephemeral:
					told++
				default:
					t.Errorf("a press answered %q (ephemeral %v)", m.Content, m.Ephemeral)
				}
			}
			if won != 1 || told != n-1 {
				t.Fatalf("%d presses took the seat and %d were told it was taken, want 1 and %d", won, told, n-1)
			}
			_, seats, _ := h.state()
			winner := seats[2].UserID
			if !strings.HasPrefix(winner, "81") || winner == leaver {
				t.Fatalf("seat 3 is held by %s after the presses", winner)
			}
			// A later press, by someone else, is told who took it and changes nothing.
			late := h.final(h.press(h.users[3], decided.ID, take.CustomID))
			if !late.Ephemeral || !strings.Contains(late.Content, "This seat was taken by <@"+winner+">") {
				t.Fatalf("a later press answered %q", late.Content)
			}
			h.waitOutbox()
			var replaces int
			evs, _ := h.store.Events(ctx, game)
			for _, e := range evs {
				if e.Kind == "replace" {
					replaces++
				}
			}
			if replaces != 1 {
				t.Fatalf("%d replace events, want 1: %+v", replaces, evs)
			}
			dms := 0
			for _, v := range append(volunteers, h.users[3]) {
				for _, m := range h.srv.DMs(v) {
					dms++
					if v != winner || !strings.Contains(m.Content, "You took over the seat") {
						t.Errorf("DM to %s: %q", v, m.Content)
					}
				}
			}
			if dms != 1 {
				t.Fatalf("%d DMs to the volunteers, want one (the winner's hand)", dms)
			}
			if _, seats2, _ := h.state(); seats2[2].UserID != winner {
				t.Fatalf("the seat moved on to %s", seats2[2].UserID)
			}
		})
	}
}

// TestTakeSeatForged: "Take this seat" custom_ids that no passed vote made — no vote, another
// seat than the vote's, a vote still open, a vote to replace that failed, another game — are
// refused privately and change nothing: no seat, no creator, no event, no DM.
func TestTakeSeatForged(t *testing.T) {
	h := newHarness(t, 3)
	game := h.openLobby("borneo", 3)
	ctx := context.Background()
	outsider := h.users[3]
	snapshot := func() string {
		row, seats, _ := h.state()
		evs, _ := h.store.Events(ctx, game)
		return fmt.Sprintf("%s %v %d", row.CreatorID, seats, len(evs))
	}
	take := func(vote, seat int) string {
		return commands.CustomID{Action: commands.ActTake, Game: game, Version: vote, Page: seat}.String()
	}
	forge := func(messageID string, cases map[string]string) {
		t.Helper()
		before := snapshot()
		for name, id := range cases {
			m := h.final(h.press(outsider, messageID, id))
			if !m.Ephemeral || strings.Contains(m.Content, "took over") {
				t.Errorf("%s: answered %q (ephemeral %v)", name, m.Content, m.Ephemeral)
			}
			if got := snapshot(); got != before {
				t.Fatalf("%s changed the game: %s, was %s", name, got, before)
			}
		}
	}
	// A vote to replace seat 3, still open.
	asks := h.final(h.srv.Command(h.userAt(0), h.channel, "game", discordtest.Sub("vote",
		discordtest.Str("topic", "replace"), discordtest.User("player", h.userAt(2)))))
	no, _ := asks.Button("No")
	vote, err := commands.ParseCustomID(no.CustomID)
	if err != nil {
		t.Fatal(err)
	}
	forge(asks.ID, map[string]string{
		"no such vote":          take(9999, 2),
		"a vote still open":     take(vote.Version, 2),
		"another seat":          take(vote.Version, 0),
		"another game":          commands.CustomID{Action: commands.ActTake, Game: game + 1, Version: vote.Version, Page: 2}.String(),
		"the old form, no vote": fmt.Sprintf("sb1:take/%d/2", game),
	})
	// The table votes it down: the failed vote puts no seat up either.
	h.final(h.srv.Button(h.userAt(1), h.channel, asks.ID, no.CustomID))
	failed := h.final(h.srv.Button(h.userAt(2), h.channel, asks.ID, no.CustomID))
	if !strings.Contains(failed.Content, "failed") {
		t.Fatalf("the vote did not fail: %q", failed.Content)
	}
	forge(asks.ID, map[string]string{
		"a failed vote":               take(vote.Version, 2),
		"a failed vote, another seat": take(vote.Version, 1),
	})
	if dms := h.srv.DMs(outsider); len(dms) != 0 {
		t.Fatalf("the outsider got DMs: %+v", dms)
	}
}

// TestHTTPReplayActsOnce: in HTTP interactions mode a player's signed `/game join`, captured and
// posted again byte for byte 2 s later (the bot's clock moved on, the signature is still inside
// its 5-minute window) after the player left, is acknowledged — HTTP 200, a private sentence —
// and changes nothing: the player stays out of the lobby.
func TestHTTPReplayActsOnce(t *testing.T) {
	clock := newManualClock()
	pub, key, err := ed25519.GenerateKey(cryptoRand)
	if err != nil {
		t.Fatal(err)
	}
	h := newHarnessWith(t, 2, func(c *bot.Config) {
		c.HTTPAddr, c.PublicKey, c.Clock = "127.0.0.1:0", pub, clock
	})
	url := "http://" + h.bot.HTTPAddr() + "/interactions"
	h.srv.SetKey(key)
	h.srv.UseEndpoint(func(*discordtest.Interaction) []string { return []string{url} })
	lobby := h.final(h.srv.Command(h.users[0], h.channel, "game", discordtest.Group("new", discordtest.Sub("borneo", discordtest.Str("thread", "off")))))
	if !strings.Contains(lobby.Content, "lobby") {
		t.Fatalf("lobby: %q", lobby.Content)
	}
	join := []byte(`{"id":"1187653098129612950","application_id":"` + discordtest.AppID + `","type":2,"token":"tok-join","version":1,` +
		`"guild_id":"` + discordtest.GuildID + `","channel_id":"` + h.channel + `","app_permissions":"` + strconv.FormatInt(discordtest.AppPermissions, 10) + `",` +
		`"member":{"user":{"id":"` + h.users[1] + `","username":"Bob"},"permissions":"` + strconv.FormatInt(discordtest.DefaultPermissions, 10) + `"},` +
		`"data":{"id":"1","name":"game","type":1,"options":[{"name":"join","type":1,"options":[]}]}}`)
	sig, ts := sign(key, join, clock.Now())
	seated := func() int {
		_, seats, err := h.store.Current(context.Background(), h.channel)
		if err != nil {
			t.Fatal(err)
		}
		return len(seats)
	}
	if code, body := signedPost(t, url, join, sig, ts); code != http.StatusOK || seated() != 2 {
		t.Fatalf("the signed join answered %d %q; %d seated", code, body, seated())
	}
	left := h.final(h.srv.Command(h.users[1], h.channel, "game", discordtest.Sub("leave")))
	if seated() != 1 {
		t.Fatalf("leave answered %q; %d seated", left.Content, seated())
	}
	clock.Advance(2 * time.Second)
	code, body := signedPost(t, url, join, sig, ts)
	var resp struct {
		Type int `json:"type"`
		Data struct {
			Content string `json:"content"`
			Flags   int    `json:"flags"`
		} `json:"data"`
	}
	if err := json.Unmarshal(body, &resp); err != nil || code != http.StatusOK || resp.Type != 4 || resp.Data.Flags&64 == 0 ||
		!strings.Contains(resp.Data.Content, "already handled") {
		t.Fatalf("the replay answered %d %q", code, body)
	}
	if n := seated(); n != 1 {
		t.Fatalf("the replayed join seated the player again: %d seated", n)
	}
}

// TestGatewayReplayActsOnce: a `/game join` event delivered a second time over the gateway (same
// interaction id, as around a RESUME), after the player left, is not acted on: the player stays
// out of the lobby and the bot logs the repeat.
func TestGatewayReplayActsOnce(t *testing.T) {
	h := newHarness(t, 2)
	lobby := h.final(h.srv.Command(h.users[0], h.channel, "game", discordtest.Group("new", discordtest.Sub("borneo", discordtest.Str("thread", "off")))))
	if !strings.Contains(lobby.Content, "lobby") {
		t.Fatalf("lobby: %q", lobby.Content)
	}
	join := h.srv.Command(h.users[1], h.channel, "game", discordtest.Sub("join"))
	h.final(join)
	h.final(h.srv.Command(h.users[1], h.channel, "game", discordtest.Sub("leave")))
	seated := func() int {
		_, seats, err := h.store.Current(context.Background(), h.channel)
		if err != nil {
			t.Fatal(err)
		}
		return len(seats)
	}
	if seated() != 1 {
		t.Fatalf("%d seated after the leave", seated())
	}
	if !h.srv.ReplayInteraction(join.ID) {
		t.Fatal("the join event was not replayed")
	}
	ctx := ctxT(t)
	for !strings.Contains(h.logs.String(), "interaction repeated; acknowledged, not acted on again") {
		select {
		case <-ctx.Done():
			t.Fatalf("the replayed event was never seen as a repeat; %d seated", seated())
		case <-time.After(20 * time.Millisecond):
		}
	}
	if n := seated(); n != 1 {
		t.Fatalf("the replayed join seated the player again: %d seated", n)
	}
}
