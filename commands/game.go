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
		return ephemeral(fmt.Sprintf("Only the game's creator, <@%s>, or someone with Manage Channels can cancel it.", l.row.CreatorID)), nil
	}
	r := ephemeral(fmt.Sprintf("Cancel this channel's **%s** game for everyone? This can't be undone.", l.game.Name()))
	r.Components = []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		discordgo.Button{Label: "Cancel the game", Style: discordgo.DangerButton, CustomID: CustomID{Action: ActCancel, Game: l.row.ID, Arg: "yes"}.String()},
		discordgo.Button{Label: "Keep playing", Style: discordgo.SecondaryButton, CustomID: CustomID{Action: ActCancel, Game: l.row.ID, Arg: "no"}.String()},
	}}}
	return r, nil
}

// gameCancel carries out the confirmation.
func (s *Service) gameCancel(ctx context.Context, req Request, id CustomID) (Reply, error) {
	if id.Arg != "yes" {
		return Reply{Type: ReplyUpdate, Content: "Nothing was cancelled.", Components: []discordgo.MessageComponent{}}, nil
	}
	l, stop, err := s.loadHere(ctx, req, id.Game)
	if stop != nil || err != nil {
		return deref(stop), err
	}
	defer s.lock(l.row.ID)()
	if req.UserID != l.row.CreatorID && !req.CanManage {
		return ephemeral("Only the game's creator or someone with Manage Channels can cancel it."), nil
	}
	if l.row.Status != data.StatusLobby && l.row.Status != data.StatusPlaying {
		return Reply{Type: ReplyUpdate, Content: "That game is already over.", Components: []discordgo.MessageComponent{}}, nil
	}
	if err := s.store.Cancel(ctx, l.row.ID); err != nil {
		return Reply{}, fmt.Errorf("cancel: %w", err)
	}
	s.afterChange(ctx, l.row.ID) // the clocks stop
	s.log.InfoContext(ctx, "game cancelled", "game", l.row.ID, "channel", l.row.ChannelID)
	if _, err := s.store.Enqueue(ctx, data.OutboxItem{GameID: l.row.ID, Kind: KindNotice, Target: l.row.ChannelID,
		Payload: noticePayload(fmt.Sprintf("The **%s** game in this channel was cancelled by <@%s>.", l.game.Name(), req.UserID))}); err != nil {
		return Reply{}, fmt.Errorf("queue cancel notice: %w", err)
	}
	return Reply{Type: ReplyUpdate, Content: "The game is cancelled. `/game new` starts another.",
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
		fmt.Fprintf(&b, "**%s** — finished", l.game.Name())
	} else {
		fmt.Fprintf(&b, "**%s** — turn %d", l.game.Name(), l.st.TurnNumber())
	}
	if on := enabledOptions(l.game, l.row.Options); on != "" {
		fmt.Fprintf(&b, " · variants: %s", on)
	}
	names := l.names()
	b.WriteString("\nSeats: ")
	for i, n := range names {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%d. %s", i+1, escape(n))
	}
	if over {
		b.WriteString("\n" + l.resultsText(out))
		b.WriteString("\n`/game new` starts the next game here.")
		return ephemeral(truncate(b.String(), 2000)), nil
	}
	b.WriteString("\n" + l.expand(l.st.Status(), nil))
	b.WriteString(s.paceStatus(ctx, l))
	if seat, ok := l.seatOf(req.UserID); ok {
		if n := len(l.st.Legal(seat)); n > 0 {
			b.WriteString("\nIt's your move: press **Your move** on the board or use `/play`.")
		} else {
			b.WriteString("\nYou have nothing to do right now.")
		}
	}
	return ephemeral(truncate(b.String(), 2000)), nil
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
		return "none"
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
