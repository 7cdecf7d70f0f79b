package bot_test

import (
	"strings"
	"testing"
	"time"

	"spicebot/bot"
	"spicebot/bot/discordtest"
	"spicebot/rules"
)

// TestPaceE2E plays the long-game layer through the real bot on the loopback Discord with a
// manual clock: a fast game's board shows the deadline; the waited-on player is reminded by DM,
// then — DMs closed — in the channel; when time runs out the table gets the vote's buttons and
// ends the game by majority.
func TestPaceE2E(t *testing.T) {
	clock := newManualClock()
	h := newHarnessWith(t, 3, func(c *bot.Config) { c.Clock = clock })
	h.openLobby("borneo", 3, discordtest.Str("pace", "fast"), discordtest.Str("timeout", "vote"))
	row, seats, st := h.state()
	board := h.boardAt(st.Version())
	if !strings.Contains(board.Content, "time runs out <t:") {
		t.Fatalf("the board shows no deadline: %q", board.Content)
	}
	var late string
	for _, s := range seats {
		if rules.Seat(s.Seat) == st.Active()[0] {
			late = s.UserID
		}
	}
	ctx := within(t, 30*time.Second)
	clock.Advance(time.Hour + time.Minute) // the fast pace reminds after an hour
	dm, err := h.srv.WaitFor(ctx, func(m discordtest.Message) bool {
		return m.Kind == discordtest.KindDM && m.UserID == late && strings.Contains(m.Content, "Reminder")
	})
	if err != nil {
		t.Fatalf("no reminder DM: %v", err)
	}
	if !strings.Contains(dm.Content, "Your time runs out <t:") || !strings.Contains(dm.Content, "/"+row.ChannelID+"/") {
		t.Errorf("reminder DM: %q", dm.Content)
	}
	h.srv.CloseDMs(late)
	clock.Advance(time.Hour + time.Minute)
	if _, err := h.srv.WaitFor(ctx, func(m discordtest.Message) bool {
		return m.Kind == discordtest.KindChannel && strings.Contains(m.Content, "<@"+late+">, reminder")
	}); err != nil {
		t.Fatalf("no reminder in the channel for closed DMs: %v", err)
	}
	clock.Advance(2 * time.Hour) // 4 hours: the deadline
	notice, err := h.srv.WaitFor(ctx, func(m discordtest.Message) bool {
		return m.Kind == discordtest.KindChannel && strings.Contains(m.Content, "ran out") && len(m.Components) > 0
	})
	if err != nil {
		t.Fatalf("no timeout vote: %v", err)
	}
	end, ok := notice.Button("End the game")
	if !ok {
		t.Fatalf("vote buttons: %v", notice.CustomIDs())
	}
	var last discordtest.Message
	for _, s := range seats {
		if s.UserID != late {
			last = h.final(h.srv.Button(s.UserID, h.channel, notice.ID, end.CustomID))
		}
	}
	if !strings.Contains(last.Content, "The game is over") {
		t.Fatalf("the last vote answered %q", last.Content)
	}
	if row, _, _ := h.stateByID(); row.Status != "cancelled" {
		t.Errorf("the game is %s after the vote to end it", row.Status)
	}
}
