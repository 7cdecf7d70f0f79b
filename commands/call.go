package commands

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"spicebot/data"
	"spicebot/rules"
)

// A slow answerer's call (issue 25, "whoever must act is still told"). Within a turn the board
// is edited in place, and an edit pings nobody. A seat that must answer within another player's
// turn — a Borneo defender, a Batavia bidder, a picker — is told by DM in a by-post game
// (notify.go). In a live game the table is watching the board, so nothing is sent at once: a
// KindCall item is scheduled for CallAfter later, and only if the seat is still the one the game
// waits for then does a short line in the game's channel ping it. The bot deletes that line as
// soon as the seat has answered (bot/call.go). A quick table therefore spends nothing on it, and
// a slow answerer costs two REST calls (the post and its deletion).

// KindCall is a slow answerer's ping: payload callPayload, target the game's channel.
const KindCall = "call"

// CallAfter is how long a live game waits for a within-turn answer before it pings the answerer.
const CallAfter = 2 * time.Minute

// callPayload names the seat called, the turn it was to answer in and the game's version when it
// had to.
type callPayload struct {
	Seat    rules.Seat `json:"seat"`
	Turn    int        `json:"turn"`
	Version int        `json:"version"`
}

// callItem is the scheduled call of seat, who must answer within turn turn from version on, due
// at due.
func callItem(row data.Game, seat rules.Seat, turn, version int, due time.Time) data.OutboxItem {
	b, _ := json.Marshal(callPayload{Seat: seat, Turn: turn, Version: version})
	return data.OutboxItem{GameID: row.ID, Kind: KindCall, Target: row.ChannelID, Payload: string(b), NextAt: due}
}

// Call is the line that pings a slow answerer: post Content in ChannelID, pinging UserID.
type Call struct {
	ChannelID string
	UserID    string
	Content   string
}

// CallPost builds the ping of a KindCall item. It returns false when none is wanted: the game is
// over, cancelled or played by post (the answerer was sent a DM), the seat has answered (it is no
// longer active in that turn, or has nothing to play), an AI plays it (an AI seat, or its owner is
// away), or its player gets a DM for every decision (/settings notify:all).
func (s *Service) CallPost(ctx context.Context, item data.OutboxItem) (Call, bool, error) {
	var p callPayload
	if err := json.Unmarshal([]byte(item.Payload), &p); err != nil {
		return Call{}, false, fmt.Errorf("call payload of item %d: %w", item.ID, err)
	}
	waiting, l, err := s.waiting(ctx, item.GameID, p)
	if err != nil || !waiting {
		return Call{}, false, err
	}
	user := l.userOf(p.Seat)
	gp, err := s.gamePace(ctx, item.GameID)
	if err != nil {
		return Call{}, false, err
	}
	if gp.Pace != "live" {
		return Call{}, false, nil
	}
	set, err := s.store.Settings(ctx, user)
	if err != nil {
		return Call{}, false, err
	}
	if set.Level() == data.NotifyAll {
		return Call{}, false, nil // their DM tells them
	}
	text := rules.Msg("commands.calm.call", "User", "<@"+user+">", "Status", l.expand(l.st.Status(), nil))
	return Call{ChannelID: l.row.ChannelID, UserID: user,
		Content: localizeText(s.channelLang(ctx, l.row.ChannelID), text, maxContent)}, true, nil
}

// Answered reports whether the seat a KindCall item called has answered since (or no longer has
// to): its ping can go.
func (s *Service) Answered(ctx context.Context, item data.OutboxItem) (bool, error) {
	var p callPayload
	if err := json.Unmarshal([]byte(item.Payload), &p); err != nil {
		return false, fmt.Errorf("call payload of item %d: %w", item.ID, err)
	}
	waiting, _, err := s.waiting(ctx, item.GameID, p)
	return !waiting, err
}

// movesSincer is a store that lists a game's moves after a version; *data.Store implements it.
type movesSincer interface {
	MovesSince(ctx context.Context, gameID int64, version int) ([]data.Move, error)
}

// waiting reports whether the game still waits for the seat p called: within the same turn, with
// a human playing it, and the seat has made no move since it had to (a seat that keeps playing is
// not slow). It returns the loaded game too.
func (s *Service) waiting(ctx context.Context, gameID int64, p callPayload) (bool, *loaded, error) {
	l, err := s.load(ctx, "", gameID)
	if err != nil {
		return false, nil, err
	}
	if l.st == nil || l.row.Status != data.StatusPlaying || l.st.TurnNumber() != p.Turn ||
		!slices.Contains(l.st.Active(), p.Seat) || len(l.st.Legal(p.Seat)) == 0 || IsAI(l.userOf(p.Seat)) {
		return false, l, nil
	}
	away, err := s.standInSeats(ctx, gameID)
	if err != nil || away[p.Seat] {
		return false, l, err
	}
	ms, ok := s.store.(movesSincer)
	if !ok {
		return l.st.Version() == p.Version, l, nil // without the moves: nothing happened since
	}
	moves, err := ms.MovesSince(ctx, gameID, p.Version)
	if err != nil {
		return false, l, fmt.Errorf("moves since version %d: %w", p.Version, err)
	}
	moved := slices.ContainsFunc(moves, func(m data.Move) bool { return m.Seat == int(p.Seat) })
	return !moved, l, nil
}
