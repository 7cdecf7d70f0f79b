package bot

import (
	"context"
	"errors"
	"net/http"
	"slices"
	"time"

	"github.com/bwmarrin/discordgo"

	"spicebot/commands"
	"spicebot/data"
)

// maxAttempts is how often an outbox item is tried before it is given up (and logged).
const maxAttempts = 5

// worker delivers the outbox items of the given kinds whenever nudged, and every RetryDelay while
// items wait. Boards and notices have one worker and DMs another, so a slow DM never holds up the
// next board.
func (b *Bot) worker(nudge <-chan struct{}, kinds ...string) {
	defer b.wg.Done()
	timer := time.NewTimer(b.cfg.RetryDelay)
	defer timer.Stop()
	for {
		select {
		case <-b.ctx.Done():
			return
		case <-nudge:
		case <-timer.C:
		}
		b.deliverPending(b.ctx, kinds)
		timer.Reset(b.cfg.RetryDelay)
	}
}

// deliverPending sends every pending outbox item, oldest first. A game's board items are
// coalesced into one post showing the current board.
func (b *Bot) deliverPending(ctx context.Context, kinds []string) {
	for ctx.Err() == nil {
		all, err := b.store.PendingOutbox(ctx, 0)
		if err != nil {
			if ctx.Err() == nil {
				b.log.Error("read outbox", "err", err)
			}
			return
		}
		var items []data.OutboxItem
		for _, it := range all {
			if slices.Contains(kinds, it.Kind) {
				items = append(items, it)
			}
		}
		if len(items) == 0 {
			return
		}
		progress := false
		boards := map[int64][]data.OutboxItem{}
		for _, it := range items {
			if it.Kind == commands.KindBoard {
				boards[it.GameID] = append(boards[it.GameID], it)
			}
		}
		done := map[int64]bool{}
		for _, it := range items {
			if ctx.Err() != nil {
				return
			}
			var batch []data.OutboxItem
			var err error
			switch it.Kind {
			case commands.KindBoard:
				if done[it.GameID] {
					continue
				}
				done[it.GameID] = true
				batch = boards[it.GameID]
				err = b.postBoard(ctx, it.GameID, it.Target, batch)
			case commands.KindDM:
				batch = []data.OutboxItem{it}
				err = b.sendDM(ctx, it)
			case commands.KindNotice:
				batch = []data.OutboxItem{it}
				err = b.sendNotice(ctx, it)
			default:
				batch = []data.OutboxItem{it}
				b.log.Error("unknown outbox item kind; dropped", "kind", it.Kind, "item", it.ID)
			}
			if ok := b.settle(ctx, batch, err); ok {
				progress = true
			}
		}
		if !progress {
			return // everything failed this round: wait for the retry timer
		}
	}
}

// settle marks a batch sent, or failed (given up after maxAttempts). It reports whether the batch
// left the queue.
func (b *Bot) settle(ctx context.Context, batch []data.OutboxItem, err error) bool {
	left := true
	for _, it := range batch {
		if err == nil || it.Attempts+1 >= maxAttempts {
			if err != nil {
				b.log.Error("outbox item given up", "item", it.ID, "kind", it.Kind, "game", it.GameID, "err", err)
			}
			if e := b.store.MarkSent(ctx, it.ID); e != nil {
				b.log.Error("mark outbox item sent", "item", it.ID, "err", e)
			}
			continue
		}
		left = false
		b.log.Warn("outbox delivery failed; will retry", "item", it.ID, "kind", it.Kind, "game", it.GameID, "err", err)
		if e := b.store.MarkFailed(ctx, it.ID); e != nil {
			b.log.Error("mark outbox item failed", "item", it.ID, "err", e)
		}
	}
	return left
}

// postBoard posts (or edits in place) the board of one game.
func (b *Bot) postBoard(ctx context.Context, gameID int64, channelID string, items []data.OutboxItem) error {
	post, err := b.svc.BoardPost(ctx, gameID, items)
	if err != nil {
		return err
	}
	row, _, err := b.store.GameByID(ctx, gameID)
	if err != nil {
		return err
	}
	if row.Status == data.StatusCancelled {
		return nil
	}
	// A picture that cannot be drawn must not stall the game: post the text alone.
	files := func() []*discordgo.File { return nil }
	if pic, err := b.renderPNG(post.Image); err != nil {
		b.log.Error("board render failed; posting text only", "game", gameID, "err", err)
		post.Content += "\n(I couldn't draw the board picture this time.)"
	} else {
		files = func() []*discordgo.File { return []*discordgo.File{pic.file()} }
	}
	opt := discordgo.WithContext(ctx)
	mentions := &discordgo.MessageAllowedMentions{Users: post.Mentions}
	if len(post.Mentions) == 0 {
		mentions = noPings
	}
	if !post.New && row.BoardMessageID != "" {
		_, err := b.session.ChannelMessageEditComplex(&discordgo.MessageEdit{
			ID: row.BoardMessageID, Channel: channelID, Content: &post.Content, Components: &post.Components,
			Files: files(), Attachments: &[]*discordgo.MessageAttachment{}, AllowedMentions: mentions,
		}, opt)
		if err == nil {
			return nil
		}
		if !isRESTCode(err, discordgo.ErrCodeUnknownMessage) {
			return err
		}
		// The board message was deleted: post anew.
	}
	msg, err := b.session.ChannelMessageSendComplex(channelID, &discordgo.MessageSend{
		Content: post.Content, Components: post.Components, Files: files(), AllowedMentions: mentions,
	}, opt)
	if err != nil {
		return err
	}
	// Older boards keep their buttons: pressed later, they answer that the board has moved on and
	// offer the current moves, which suits games played by post.
	return b.store.SetBoardMessage(ctx, gameID, msg.ID, post.From)
}

// sendDM sends a player's hand by DM. A user whose DMs are closed (error 50007) is remembered and
// told once in the channel to use /hand; the game never waits for a DM.
func (b *Bot) sendDM(ctx context.Context, it data.OutboxItem) error {
	closed, err := b.store.DMClosed(ctx, it.Target)
	if err != nil {
		return err
	}
	if closed {
		return nil
	}
	dm, ok, err := b.svc.DirectMessage(ctx, it)
	if err != nil || !ok {
		return err
	}
	opt := discordgo.WithContext(ctx)
	ch, err := b.session.UserChannelCreate(dm.UserID, opt)
	if err == nil {
		msg := &discordgo.MessageSend{Content: dm.Content, AllowedMentions: noPings}
		if pic, rerr := b.renderPNG(dm.Image); rerr != nil {
			b.log.Error("hand render failed; sending text only", "game", it.GameID, "err", rerr)
		} else {
			msg.Files = []*discordgo.File{pic.file()}
		}
		_, err = b.session.ChannelMessageSendComplex(ch.ID, msg, opt)
	}
	if isRESTCode(err, discordgo.ErrCodeCannotSendMessagesToThisUser) {
		b.log.Info("DMs closed; falling back to /hand", "user", dm.UserID, "game", it.GameID)
		if err := b.store.SetDMClosed(ctx, dm.UserID, true); err != nil {
			return err
		}
		row, _, err := b.store.GameByID(ctx, it.GameID)
		if err != nil {
			return err
		}
		_, err = b.session.ChannelMessageSendComplex(row.ChannelID, &discordgo.MessageSend{
			Content:         commands.ClosedDMNotice(dm.UserID),
			AllowedMentions: &discordgo.MessageAllowedMentions{Users: []string{dm.UserID}},
		}, opt)
		return err
	}
	return err
}

// sendNotice posts a plain public sentence.
func (b *Bot) sendNotice(ctx context.Context, it data.OutboxItem) error {
	text, err := commands.NoticeText(it)
	if err != nil {
		return err
	}
	_, err = b.session.ChannelMessageSendComplex(it.Target, &discordgo.MessageSend{Content: text, AllowedMentions: noPings},
		discordgo.WithContext(ctx))
	return err
}

// isRESTCode reports whether err is a Discord REST error with the given JSON error code.
func isRESTCode(err error, code int) bool {
	var re *discordgo.RESTError
	if errors.As(err, &re) && re.Message != nil {
		return re.Message.Code == code
	}
	if errors.As(err, &re) && re.Response != nil && code == discordgo.ErrCodeUnknownMessage {
		return re.Response.StatusCode == http.StatusNotFound
	}
	return false
}
