package commands

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"strings"

	"github.com/bwmarrin/discordgo"

	"spicebot/data"
	"spicebot/rules"
)

// gameCancelAsk asks the creator (or a channel manager) to confirm cancelling.
func (s *Service) gameCancelAsk(ctx context.Context, req Request) (Reply, error) {
	l, err := s.load(ctx, req.ChannelID, 0)
	if errors.Is(err, data.ErrNoGame) {
		return ephemeral(errNoGameText), nil
	}
	if err != nil {
		return Reply{}, err
	}
	if req.UserID != l.row.CreatorID && !req.CanManage {
		return ephemeral(rules.Msg("commands.game.cancel_creator_only", "Creator", "<@"+l.row.CreatorID+">")), nil
	}
	r := ephemeral(rules.Msg("commands.game.cancel_ask", "Game", l.title()))
	r.Components = []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		discordgo.Button{Label: rules.Msg("commands.game.cancel_yes"), Style: discordgo.DangerButton, CustomID: CustomID{Action: ActCancel, Game: l.row.ID, Arg: "yes"}.String()},
		discordgo.Button{Label: rules.Msg("commands.game.cancel_no"), Style: discordgo.SecondaryButton, CustomID: CustomID{Action: ActCancel, Game: l.row.ID, Arg: "no"}.String()},
	}}}
	return r, nil
}

// gameCancel carries out the confirmation.
func (s *Service) gameCancel(ctx context.Context, req Request, id CustomID) (Reply, error) {
	if id.Arg != "yes" {
		return Reply{Type: ReplyUpdate, Content: rules.Msg("commands.game.not_cancelled"), Components: []discordgo.MessageComponent{}}, nil
	}
	l, stop, err := s.loadHere(ctx, req, id.Game)
	if stop != nil || err != nil {
		return deref(stop), err
	}
	defer s.lock(l.row.ID)()
	if req.UserID != l.row.CreatorID && !req.CanManage {
		return ephemeral(rules.Msg("commands.game.cancel_not_allowed")), nil
	}
	if l.row.Status != data.StatusLobby && l.row.Status != data.StatusPlaying {
		return Reply{Type: ReplyUpdate, Content: rules.Msg("commands.game.already_over"), Components: []discordgo.MessageComponent{}}, nil
	}
	if err := s.store.Cancel(ctx, l.row.ID); err != nil {
		return Reply{}, fmt.Errorf("cancel: %w", err)
	}
	s.afterChange(ctx, l.row.ID) // the clocks stop
	s.log.InfoContext(ctx, "game cancelled", "game", l.row.ID, "channel", l.row.ChannelID)
	if _, err := s.store.Enqueue(ctx, data.OutboxItem{GameID: l.row.ID, Kind: KindNotice, Target: l.row.ChannelID,
		Payload: noticePayload(rules.Msg("commands.game.cancelled_notice", "Game", l.title(), "User", "<@"+req.UserID+">"))}); err != nil {
		return Reply{}, fmt.Errorf("queue cancel notice: %w", err)
	}
	if item, ok := statusItem(l.row, false); ok && threaded(l.row) {
		if _, err := s.store.Enqueue(ctx, item); err != nil {
			return Reply{}, fmt.Errorf("queue status line: %w", err)
		}
	}
	return Reply{Type: ReplyUpdate, Content: rules.Msg("commands.game.cancelled"),
		Components: []discordgo.MessageComponent{}, Nudge: true}, nil
}

// loadLatest loads the channel's unfinished game or, when there is none, the last game played in
// it if that one finished (a cancelled game is gone). ErrNoGame if neither.
func (s *Service) loadLatest(ctx context.Context, channelID string) (*loaded, error) {
	l, err := s.load(ctx, channelID, 0)
	if !errors.Is(err, data.ErrNoGame) {
		return l, err
	}
	row, _, err := s.store.Latest(ctx, channelID)
	if err != nil {
		return nil, err
	}
	if row.Status != data.StatusFinished {
		return nil, fmt.Errorf("channel %s: %w", channelID, data.ErrNoGame)
	}
	return s.load(ctx, "", row.ID)
}

// gameStatus describes the channel's game, or the last one that finished here.
func (s *Service) gameStatus(ctx context.Context, req Request) (Reply, error) {
	l, err := s.loadLatest(ctx, req.ChannelID)
	if errors.Is(err, data.ErrNoGame) {
		return ephemeral(errNoGameText), nil
	}
	if err != nil {
		return Reply{}, err
	}
	if l.st == nil {
		r := s.lobbyReply(l, ReplyMessage)
		r.Ephemeral, r.Components = true, nil
		return r, nil
	}
	var b strings.Builder
	out, over := l.st.Outcome()
	if over {
		b.WriteString(rules.Msg("commands.game.status_finished", "Game", l.title()))
	} else {
		b.WriteString(rules.Msg("commands.game.status_turn", "Game", l.title(), "Turn", l.st.TurnNumber()))
	}
	if on := enabledOptions(l.game, l.row.Options); on != "" {
		b.WriteString(" · " + rules.Msg("commands.game.status_variants", "Variants", on))
	}
	names := l.names()
	seats := make([]string, len(names))
	for i, n := range names {
		seats[i] = fmt.Sprintf("%d. %s", i+1, escape(n))
	}
	b.WriteString("\n" + rules.Msg("commands.game.status_seats", "Seats", strings.Join(seats, ", ")))
	if over {
		// The reply is ephemeral: in the caller's language.
		b.WriteString("\n" + l.resultsText(out, s.userLang(ctx, req.UserID, req.Locale)))
		b.WriteString("\n" + rules.Msg("commands.game.status_next"))
		r := ephemeral(b.String())
		r.Components = s.withWebButton(ctx, l.row.ID, nil)
		return r, nil
	}
	b.WriteString("\n" + l.expand(l.st.Status(), nil))
	b.WriteString(s.paceStatus(ctx, l))
	if seat, ok := l.seatOf(req.UserID); ok {
		if n := len(l.st.Legal(seat)); n > 0 {
			b.WriteString("\n" + rules.Msg("commands.game.status_your_move"))
		} else {
			b.WriteString("\n" + rules.Msg("commands.game.status_nothing"))
		}
	}
	r := ephemeral(b.String())
	r.Components = s.withWebButton(ctx, l.row.ID, nil)
	return r, nil
}

func deref(r *Reply) Reply {
	if r == nil {
		return Reply{}
	}
	return *r
}

func randomSeed() (uint64, error) {
	var b [8]byte
	if _, err := rand.Read(b[:]); err != nil {
		return 0, fmt.Errorf("random seed: %w", err)
	}
	return binary.LittleEndian.Uint64(b[:]) >> 1, nil
}

func optionList(g rules.Game) string {
	var keys []string
	for _, o := range g.Options() {
		keys = append(keys, o.Key)
	}
	if len(keys) == 0 {
		return rules.Msg("commands.game.no_variants")
	}
	return strings.Join(keys, ", ")
}

func enabledOptions(g rules.Game, opts rules.Options) string {
	var on []string
	for _, o := range g.Options() {
		if opts[o.Key] {
			on = append(on, o.Name)
		}
	}
	return strings.Join(on, ", ")
}
