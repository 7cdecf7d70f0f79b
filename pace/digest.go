package pace

import (
	"encoding/json"
	"fmt"
	"time"

	"spicebot/data"
	"spicebot/rules"
)

// Digest returns the entries of a log (already redacted for its reader: rules.State.Log(seat))
// that came after version since — what happened since the reader's last move — keeping the newest
// max of them (all when max <= 0), and how many older ones were left out.
func Digest(entries []rules.LogEntry, since, max int) ([]rules.LogEntry, int) {
	var out []rules.LogEntry
	for _, e := range entries {
		if e.Version > since {
			out = append(out, e)
		}
	}
	if max > 0 && len(out) > max {
		return out[len(out)-max:], len(out) - max
	}
	return out, 0
}

// The outbox kinds this package queues; package commands words them and package bot sends them.
const (
	// KindReminder reminds a player that a game waits for them: payload Reminder, target the
	// player's user id. Sent by DM, or in the game's channel when DMs are closed or off.
	KindReminder = "reminder"
	// KindPace is a public message about the game's clocks (a deadline passed, a vote expired):
	// payload Notice, target the game's channel.
	KindPace = "pace"
)

// Reminder is the payload of a KindReminder item.
type Reminder struct {
	// Seat is the reminded seat; Version the game's version when the reminder was due.
	Seat    rules.Seat `json:"seat"`
	Version int        `json:"version"`
	// Since is the game version after the seat's last move: the digest shows what came after.
	Since int `json:"since"`
	// Deadline is when the seat's time runs out (unix seconds; 0 for none). Late: it has passed.
	Deadline int64 `json:"deadline,omitempty"`
	Late     bool  `json:"late,omitempty"`
	// Waiting is when the seat's decision began (unix seconds).
	Waiting int64 `json:"waiting,omitempty"`
	// NudgeBy is the user id of the player who nudged, for a nudge ("" for a reminder).
	NudgeBy string `json:"nudge_by,omitempty"`
	// Count numbers the reminders of this decision (1 for the first).
	Count int `json:"count,omitempty"`
}

// The events of a KindPace notice.
const (
	NoticeTimeout     = "timeout"      // a seat's deadline passed; Policy says what follows
	NoticeVoteExpired = "vote-expired" // a vote expired undecided
)

// Notice is the payload of a KindPace item.
type Notice struct {
	Event string     `json:"event"`
	Seat  rules.Seat `json:"seat"`
	// Version is the game's version when it happened.
	Version int `json:"version"`
	// Policy is the game's timeout policy (NoticeTimeout).
	Policy string `json:"policy,omitempty"`
	// Vote is the vote concerned (NoticeVoteExpired), or 0.
	Vote int64 `json:"vote,omitempty"`
	// Deadline is the deadline that passed (unix seconds).
	Deadline int64 `json:"deadline,omitempty"`
}

// ReminderItem is the outbox item of a reminder.
func ReminderItem(gameID int64, userID string, r Reminder) data.OutboxItem {
	b, _ := json.Marshal(r)
	return data.OutboxItem{GameID: gameID, Kind: KindReminder, Target: userID, Payload: string(b)}
}

// NoticeItem is the outbox item of a public notice in channel.
func NoticeItem(gameID int64, channel string, n Notice) data.OutboxItem {
	b, _ := json.Marshal(n)
	return data.OutboxItem{GameID: gameID, Kind: KindPace, Target: channel, Payload: string(b)}
}

// ReminderOf decodes a KindReminder item.
func ReminderOf(it data.OutboxItem) (Reminder, error) {
	var r Reminder
	if err := json.Unmarshal([]byte(it.Payload), &r); err != nil {
		return Reminder{}, fmt.Errorf("reminder payload of item %d: %w", it.ID, err)
	}
	return r, nil
}

// NoticeOf decodes a KindPace item.
func NoticeOf(it data.OutboxItem) (Notice, error) {
	var n Notice
	if err := json.Unmarshal([]byte(it.Payload), &n); err != nil {
		return Notice{}, fmt.Errorf("pace notice payload of item %d: %w", it.ID, err)
	}
	return n, nil
}

// Stamp is a Discord timestamp of t in both forms players read: "<t:1700000000:R> (<t:…:f>)"
// — "in 2 days (24 December 2026 18:00)" in each reader's own time zone.
func Stamp(t time.Time) string {
	return fmt.Sprintf("<t:%d:R> (<t:%d:f>)", t.Unix(), t.Unix())
}
