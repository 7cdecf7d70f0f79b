package bot_test

import (
	"context"
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
	// the fast pace reminds after an hour
	dm, err := advanceUntil(t, h, clock, time.Hour+time.Minute, func(m discordtest.Message) bool {
		return m.Kind == discordtest.KindDM && m.UserID == late && strings.Contains(m.Content, "Reminder")
	})
	if err != nil {
		t.Fatalf("no reminder DM: %v", err)
	}
	if !strings.Contains(dm.Content, "Your time runs out <t:") || !strings.Contains(dm.Content, "/"+row.ChannelID+"/") {
		t.Errorf("reminder DM: %q", dm.Content)
	}
	h.srv.CloseDMs(late)
	if _, err := advanceUntil(t, h, clock, time.Hour+time.Minute, func(m discordtest.Message) bool {
		return m.Kind == discordtest.KindChannel && strings.Contains(m.Content, "<@"+late+">, reminder")
	}); err != nil {
		t.Fatalf("no reminder in the channel for closed DMs: %v", err)
	}
	// 4 hours: the deadline
	notice, err := advanceUntil(t, h, clock, 2*time.Hour, func(m discordtest.Message) bool {
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

// advanceUntil advances clock by d and waits for a message matching match. The scheduler sets
// its next timer only after a tick has done its work, so a message may arrive before the
// scheduler waits on the clock again: an advance made then fires nothing. When no message comes
// within two seconds, the clock moves on by one scheduler period (bot.SchedulerEvery) and the
// wait goes on, at most 20 times (10 minutes of game time) and 60 seconds in all.
func advanceUntil(t *testing.T, h *harness, clock *manualClock, d time.Duration, match func(discordtest.Message) bool) (discordtest.Message, error) {
	t.Helper()
	ctx := within(t, 60*time.Second)
	clock.Advance(d)
	for i := 0; ; i++ {
		step, cancel := context.WithTimeout(ctx, 2*time.Second)
		m, err := h.srv.WaitFor(step, match)
		cancel()
		if err == nil || ctx.Err() != nil || i == 20 {
			return m, err
		}
		clock.Advance(bot.SchedulerEvery)
	}
}
