package commands

import (
	"context"
	"fmt"

	"github.com/bwmarrin/discordgo"

	"spicebot/data"
	"spicebot/rules"
)

// Notifications by pace (issue 25): what a player is sent by DM, by their level
// (/settings notify, data.UserSettings.Level) and the game's pace.
//
//   - turns (the default): in a live game the board's mention is the notification, so the only DM
//     is the hand dealt at the start; in a by-post game (fast, daily, weekly, custom) one DM when
//     it becomes the player's turn or decision, with their hand and the Your move / My hand
//     buttons (the decision menu works in the DM). Another player's move that changes their hand
//     sends nothing of its own: the next turn DM, the next reply or My hand shows it.
//   - all: a DM when it becomes their turn in any pace, and when another player's move changes
//     their private information.
//   - off: no DM.
//
// A seat taken over from another player (replace.go) is always told, whatever the level.

// dmWanted reports whether a queued DM with payload p goes to a player of notification level
// level in a game whose pace is live or by post; hasPrivate is whether the seat keeps private
// information now. p.Turn is already false when the turn it announced has passed.
func dmWanted(level string, live bool, p dmPayload, hasPrivate bool) bool {
	hand := p.Hand && hasPrivate
	switch {
	case level == data.NotifyOff:
		return false
	case p.Replaced:
		return true
	case level == data.NotifyAll:
		return p.Turn || hand
	case p.By == rules.Observer && hand: // the hand dealt at the start
		return true
	case live:
		return false
	}
	return p.Turn
}

// notifyOption is /settings notify: the player's notification level.
func notifyOption() *discordgo.ApplicationCommandOption {
	return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: "notify",
		Description: rules.Msg("commands.notify.defs.notify"),
		Choices: []*discordgo.ApplicationCommandOptionChoice{
			{Name: rules.Msg("commands.notify.defs.turns"), Value: data.NotifyTurns},
			{Name: rules.Msg("commands.notify.defs.all"), Value: data.NotifyAll},
			{Name: rules.Msg("commands.notify.defs.off"), Value: data.NotifyOff},
		}}
}

// notifyText says what the player is sent at their level (rules text).
func notifyText(set data.UserSettings) string {
	return rules.Msg("commands.notify.level." + set.Level())
}

// notifySetting answers /settings notify:<turns|all|off>: it stores the player's level (off also
// turns DMs off, another level turns them on) and says what they will be sent. Any other value
// is refused and changes nothing.
func (s *Service) notifySetting(ctx context.Context, req Request, set data.UserSettings) (Reply, error) {
	level, _ := req.Options["notify"].(string)
	switch level {
	case data.NotifyTurns, data.NotifyAll, data.NotifyOff:
	default:
		return ephemeral(rules.Msg("commands.notify.pick")), nil
	}
	set.Notify, set.DMsOff = level, level == data.NotifyOff
	if err := s.store.SetSettings(ctx, req.UserID, set); err != nil {
		return Reply{}, fmt.Errorf("settings: %w", err)
	}
	return ephemeral(rules.Msg("commands.notify.done", "Level", notifyText(set))), nil
}
