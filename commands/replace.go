package commands

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"spicebot/data"
	"spicebot/rules"
)

// Replacement (issue 11, item 4): a seat of a game being played passes to another person —
// `/game replace old:@user new:@user` by the game's creator or a member with Manage Channels, or
// the "Take this seat" button after a table vote (the pace layer calls replaceSeat). The newcomer
// gets the seat's private information by DM at once, the channel is told, the game's log records
// it (a 'replace' event), and nothing else of the game changes: its state, moves and turn stay
// as they are. An AI standing in for the absent player stops: the newcomer plays.

// refusedError is an error whose text may be said to the player as it is: a refused request that
// changed nothing.
type refusedError struct{ text string }

func (r *refusedError) Error() string { return r.text }

// refuseWith returns a refusedError saying the sentence format makes with args.
func refuseWith(format string, args ...any) error {
	return &refusedError{text: fmt.Sprintf(format, args...)}
}

// refusalText returns the player sentence of a refusedError in err's chain, or false when err is
// another error (storage failed).
func refusalText(err error) (string, bool) {
	var r *refusedError
	if errors.As(err, &r) {
		return r.text, true
	}
	return "", false
}

// gameReplace answers /game replace old:<user> new:<user>.
func (s *Service) gameReplace(ctx context.Context, req Request) (Reply, error) {
	row, _, err := s.store.Current(ctx, req.ChannelID)
	if errors.Is(err, data.ErrNoGame) {
		return ephemeral(errNoGameText), nil
	}
	if err != nil {
		return Reply{}, err
	}
	defer s.lock(row.ID)()
	l, stop, err := s.loadPlaying(ctx, req, row.ID)
	if stop != nil || err != nil {
		return deref(stop), err
	}
	if req.UserID != l.row.CreatorID && !req.CanManage {
		return ephemeral(fmt.Sprintf("Only the game's creator, <@%s>, or someone with Manage Channels can replace a player.", l.row.CreatorID)), nil
	}
	if l.row.Status != data.StatusPlaying {
		return ephemeral("This game is over, so its seats can't change hands. `/game new` starts another."), nil
	}
	oldID, _ := req.Options["old"].(string)
	newID, _ := req.Options["new"].(string)
	if oldID == "" || newID == "" {
		return ephemeral("Tell me who leaves (`old`) and who takes over (`new`)."), nil
	}
	seat, ok := l.seatOf(oldID)
	if !ok {
		return ephemeral(fmt.Sprintf("<@%s> is not playing in this game, so there is no seat to hand over.", oldID)), nil
	}
	user := req.Users[newID]
	if user.Bot {
		return ephemeral(fmt.Sprintf("<@%s> is a bot; only a person can take over a seat.", newID)), nil
	}
	name := user.Name
	if name == "" {
		name = "Player " + fmt.Sprint(int(seat)+1)
	}
	if err := s.replace(ctx, l, seat, newID, name, req.UserID); err != nil {
		if text, ok := refusalText(err); ok {
			return ephemeral(text), nil
		}
		return Reply{}, err
	}
	r := ephemeral(fmt.Sprintf("Done: <@%s> now plays seat %d instead of <@%s>, with its hand, score and turn; they get the seat's private information by DM.",
		newID, int(seat)+1, oldID))
	r.Nudge = true
	return r, nil
}

// replaceSeat gives seat of game gameID to newUserID (shown as newName): the "Take this seat"
// button after a table vote. The caller holds s.lock(gameID). A refusal (the game is not being
// played, the seat is empty, the newcomer already plays in it) is an error for which refusalText
// gives the sentence to show; any other error is a storage failure. It records the 'replace'
// event, queues the newcomer's DM and a notice in the channel, and tells the pace layer.
func (s *Service) replaceSeat(ctx context.Context, gameID int64, seat rules.Seat, newUserID, newName string) error {
	l, err := s.load(ctx, "", gameID)
	if errors.Is(err, data.ErrNoGame) {
		return refuseWith("That game no longer exists.")
	}
	if err != nil {
		return err
	}
	return s.replace(ctx, l, seat, newUserID, newName, "")
}

// replace hands seat of l to newUserID; by is who decided it ("" after a table vote).
func (s *Service) replace(ctx context.Context, l *loaded, seat rules.Seat, newUserID, newName, by string) error {
	if l.st == nil || l.row.Status != data.StatusPlaying {
		return refuseWith("That game is not being played, so its seats can't change hands.")
	}
	if _, over := l.st.Outcome(); over {
		return refuseWith("That game is over, so its seats can't change hands.")
	}
	oldID := l.userOf(seat)
	if oldID == "" || seat < 0 || int(seat) >= l.st.Players() {
		return refuseWith("There is no seat %d in that game.", int(seat)+1)
	}
	if newUserID == "" || strings.HasPrefix(newUserID, "ai:") {
		return refuseWith("Only a person can take over a seat.")
	}
	if newUserID == oldID {
		return refuseWith("<@%s> already holds that seat.", newUserID)
	}
	if other, ok := l.seatOf(newUserID); ok {
		return refuseWith("<@%s> already plays seat %d in this game; one person can't hold two seats.", newUserID, int(other)+1)
	}
	text := fmt.Sprintf("<@%s> took over seat %d from <@%s>.", newUserID, int(seat)+1, oldID)
	notice := fmt.Sprintf("🔄 <@%s> takes over seat %d from <@%s>", newUserID, int(seat)+1, oldID)
	if by != "" && by != newUserID {
		text = fmt.Sprintf("<@%s> gave seat %d of <@%s> to <@%s>.", by, int(seat)+1, oldID, newUserID)
		notice += fmt.Sprintf(" (decided by <@%s>)", by)
	}
	notice += fmt.Sprintf(": same hand, score and turn. <@%s>, your hand is on its way by DM (or use `/hand`).", newUserID)
	turn := slices.Contains(l.st.Active(), seat) && len(l.st.Legal(seat)) > 0
	outbox := []data.OutboxItem{replacedDM(l.row, newUserID, seat, l.st.Version(), turn)}
	if by != "" {
		// After a vote, the vote's message announces the newcomer; a moderator's change is
		// announced here.
		outbox = append(outbox, data.OutboxItem{GameID: l.row.ID, Kind: KindNotice, Target: l.row.ChannelID, Payload: noticePayload(notice)})
	}
	actor := by
	if actor == "" {
		actor = newUserID
	}
	_, err := s.store.ReplaceSeat(ctx, l.row.ID, int(seat), oldID, newUserID, newName,
		data.Event{Kind: "replace", UserID: actor, Text: text}, outbox)
	switch {
	case errors.Is(err, data.ErrSeatTaken):
		return refuseWith("<@%s> already plays in this game; one person can't hold two seats.", newUserID)
	case errors.Is(err, data.ErrNotSeated), errors.Is(err, data.ErrNotPlaying):
		return refuseWith("That seat changed hands meanwhile, or the game ended; nothing was changed.")
	case err != nil:
		return fmt.Errorf("replace: %w", err)
	}
	s.log.InfoContext(ctx, "seat replaced", "game", l.row.ID, "seat", int(seat))
	// The newcomer plays the seat from now on: an AI standing in for the absent player stops.
	if _, err := s.store.ClearStandIn(ctx, l.row.ID, int(seat)); err != nil {
		s.log.ErrorContext(ctx, "end the AI's stand-in after a replacement", "game", l.row.ID, "seat", int(seat), "err", err)
	}
	s.changed(ctx, l.row.ID)
	return nil
}

// replacedDM is the DM item that gives a newcomer their seat's private information (and says
// whether it is their move).
func replacedDM(row data.Game, userID string, seat rules.Seat, version int, turn bool) data.OutboxItem {
	b, _ := json.Marshal(dmPayload{Seat: seat, Version: version, Turn: turn, Hand: true, By: rules.Observer, Replaced: true})
	return data.OutboxItem{GameID: row.ID, Kind: KindDM, Target: userID, Payload: string(b)}
}
