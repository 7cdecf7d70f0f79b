package commands

import (
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
