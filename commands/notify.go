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

// NewsStore keeps the private news no DM told, for the player's next reply in the game;
// *data.Store implements it. Without it (a store that lacks it) the news is shown only on
// request (/hand, My hand).
type NewsStore interface {
	NoteNews(ctx context.Context, gameID int64, seat, by int) error
	TakeNews(ctx context.Context, gameID int64, seat int) (by int, ok bool, err error)
}

// noteNews records that seat's hand changed on by's move with no DM to say so. A failure is
// logged: the hand is still one tap away.
func (s *Service) noteNews(ctx context.Context, gameID int64, seat, by rules.Seat) {
	ns, ok := s.store.(NewsStore)
	if !ok {
		return
	}
	if err := ns.NoteNews(ctx, gameID, int(seat), int(by)); err != nil {
		s.log.WarnContext(ctx, "note news", "game", gameID, "seat", int(seat), "err", err)
	}
}

// takeNews returns and forgets the news waiting for seat: the seat whose move changed its hand,
// and true, or false when there is none (or the store failed: logged).
func (s *Service) takeNews(ctx context.Context, gameID int64, seat rules.Seat) (rules.Seat, bool) {
	ns, ok := s.store.(NewsStore)
	if !ok {
		return rules.Observer, false
	}
	by, ok, err := ns.TakeNews(ctx, gameID, int(seat))
	if err != nil {
		s.log.WarnContext(ctx, "take news", "game", gameID, "seat", int(seat), "err", err)
		return rules.Observer, false
	}
	return rules.Seat(by), ok
}

// withNews adds to a reply to seat the news no DM told (its hand changed on another player's
// move): a sentence, the hand's text and its picture, unless the reply already shows the hand.
// The news heads the reply, or ends it when last (the answer to a move starts with the move).
func (s *Service) withNews(ctx context.Context, l *loaded, seat rules.Seat, r Reply, last bool) Reply {
	by, ok := s.takeNews(ctx, l.row.ID, seat)
	if !ok || r.Image != nil {
		return r
	}
	p := l.st.Private(seat)
	if p == "" {
		return r
	}
	news := rules.Msg("commands.dm.hand_changed", "Seat", l.expand(rules.SeatRef(by), nil)) + "\n" + l.expand(p, nil)
	if last {
		r.Content += "\n\n" + news
	} else {
		r.Content = news + "\n\n" + r.Content
	}
	r.Image = &Image{View: l.st.View(seat), Names: l.names(), Hand: true}
	return r
}
