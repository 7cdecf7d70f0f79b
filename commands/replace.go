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

// refusedError is an error whose text may be said to the player as it is (rules text, translated
// with the reply it goes in): a refused request that changed nothing.
type refusedError struct{ text string }

func (r *refusedError) Error() string { return r.text }

// refused returns a refusedError saying text (rules text: rules.Msg).
func refused(text string) error {
	return &refusedError{text: text}
}

// refusalText returns the player sentence of a refusedError in err's chain (rules text), or false
// when err is another error (storage failed).
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
		return ephemeral(rules.Msg("commands.replace.creator_only", "Creator", "<@"+l.row.CreatorID+">")), nil
	}
	if l.row.Status != data.StatusPlaying {
		return ephemeral(rules.Msg("commands.replace.over")), nil
	}
	oldID, _ := req.Options["old"].(string)
	newID, _ := req.Options["new"].(string)
	if oldID == "" || newID == "" {
		return ephemeral(rules.Msg("commands.replace.who")), nil
	}
	seat, ok := l.seatOf(oldID)
	if !ok {
		return ephemeral(rules.Msg("commands.replace.not_seated", "User", "<@"+oldID+">")), nil
	}
	user := req.Users[newID]
	if user.Bot {
		return ephemeral(rules.Msg("commands.replace.bot", "User", "<@"+newID+">")), nil
	}
	name := user.Name
	if name == "" {
		// Kept as rules text: the seat's name is shown in the reader's language.
		name = rules.Msg("commands.replace.player_name", "N", int(seat)+1)
	}
	if err := s.replace(ctx, l, seat, newID, name, req.UserID, 0); err != nil {
		if text, ok := refusalText(err); ok {
			return ephemeral(text), nil
		}
		return Reply{}, err
	}
	r := ephemeral(rules.Msg("commands.replace.done", "New", "<@"+newID+">", "Seat", seatWords(seat), "Old", "<@"+oldID+">"))
	r.Nudge = true
	return r, nil
}

// takeVoted gives seat of game gameID to newUserID (shown as newName): the "Take this seat"
// button of table vote voteID, which the caller checked put that seat up (putsSeatUp). The
// caller holds s.lock(gameID). A refusal (the game is not being played, the seat is empty, the
// newcomer already plays in it, someone took the seat first) is an error for which refusalText
// gives the sentence to show; any other error is a storage failure. It records the 'replace'
// event and the vote's seat as taken, queues the newcomer's DM, and tells the pace layer.
func (s *Service) takeVoted(ctx context.Context, voteID, gameID int64, seat rules.Seat, newUserID, newName string) error {
	l, err := s.load(ctx, "", gameID)
	if errors.Is(err, data.ErrNoGame) {
		return refused(rules.Msg("commands.replace.no_game"))
	}
	if err != nil {
		return err
	}
	return s.replace(ctx, l, seat, newUserID, newName, "", voteID)
}

// replace hands seat of l to newUserID; by is who decided it ("" after a table vote, whose id is
// voteID: the seat is then taken once per vote).
func (s *Service) replace(ctx context.Context, l *loaded, seat rules.Seat, newUserID, newName, by string, voteID int64) error {
	if l.st == nil || l.row.Status != data.StatusPlaying {
		return refused(rules.Msg("commands.replace.not_playing"))
	}
	if _, over := l.st.Outcome(); over {
		return refused(rules.Msg("commands.replace.game_over"))
	}
	oldID := l.userOf(seat)
	if oldID == "" || seat < 0 || int(seat) >= l.st.Players() {
		return refused(rules.Msg("commands.replace.no_seat"))
	}
	if newUserID == "" || strings.HasPrefix(newUserID, "ai:") {
		return refused(rules.Msg("commands.replace.person_only"))
	}
	if newUserID == oldID {
		return refused(rules.Msg("commands.replace.same", "User", "<@"+newUserID+">"))
	}
	if other, ok := l.seatOf(newUserID); ok {
		return refused(rules.Msg("commands.replace.two_seats", "User", "<@"+newUserID+">", "Seat", seatWords(other)))
	}
	newUser, oldUser := "<@"+newUserID+">", "<@"+oldID+">"
	// The event and the notice are rules text: read in any language later.
	text := rules.Msg("commands.replace.event_took", "New", newUser, "Seat", seatWords(seat), "Old", oldUser)
	notice := "🔄 " + rules.Msg("commands.replace.notice", "New", newUser, "Seat", seatWords(seat), "Old", oldUser)
	if by != "" && by != newUserID {
		text = rules.Msg("commands.replace.event_gave", "By", "<@"+by+">", "Seat", seatWords(seat), "Old", oldUser, "New", newUser)
		notice = "🔄 " + rules.Msg("commands.replace.notice_by", "New", newUser, "Seat", seatWords(seat), "Old", oldUser, "By", "<@"+by+">")
	}
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
	ev := data.Event{Kind: "replace", UserID: actor, Text: text}
	var err error
	if by == "" {
		_, err = s.store.TakeVotedSeat(ctx, voteID, l.row.ID, int(seat), oldID, newUserID, newName, ev, outbox)
	} else {
		_, err = s.store.ReplaceSeat(ctx, l.row.ID, int(seat), oldID, newUserID, newName, ev, outbox)
	}
	var given *data.SeatGivenError
	switch {
	case errors.As(err, &given):
		return refused(rules.Msg("commands.trust.take.taken", "User", given.By))
	case errors.Is(err, data.ErrNotPutUp), errors.Is(err, data.ErrNoVote):
		return refused(rules.Msg("commands.trust.take.not-put-up"))
	case errors.Is(err, data.ErrSeatTaken):
		return refused(rules.Msg("commands.replace.taken", "User", newUser))
	case errors.Is(err, data.ErrNotSeated), errors.Is(err, data.ErrNotPlaying):
		return refused(rules.Msg("commands.replace.changed"))
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
