package bot

import (
	"context"
	"slices"

	"github.com/bwmarrin/discordgo"

	"spicebot/commands"
	"spicebot/data"
)

// A slow answerer's call (commands/call.go): when a scheduled KindCall item falls due and the
// game still waits for that seat, a short reply to the board pings its player; the bot deletes
// it once they have answered, when it next delivers a board of the game. The calls up are kept
// in memory: after a restart, one that was up stays (it names who was waited for then).

// callUp is a call message in a game's channel.
type callUp struct {
	item      data.OutboxItem
	channelID string
	messageID string
}

// sendCall posts the call of a KindCall item, when commands.CallPost still wants it; the game's
// other calls of the same seat scheduled for later are done by it.
func (b *Bot) sendCall(ctx context.Context, items []data.OutboxItem) (err error) {
	it := items[0]
	call, ok, err := b.svc.CallPost(ctx, it)
	if err != nil || !ok {
		return err
	}
	row, _, err := b.store.GameByID(ctx, it.GameID)
	if err != nil {
		return err
	}
	msg := &discordgo.MessageSend{Content: call.Content, AllowedMentions: pings([]string{call.UserID})}
	if row.BoardMessageID != "" {
		f := false
		msg.Reference = &discordgo.MessageReference{MessageID: row.BoardMessageID, ChannelID: call.ChannelID, FailIfNotExists: &f}
	}
	m, err := b.createMessage(ctx, call.ChannelID, nonce("c", it.ID, it.CreatedAt.UnixMilli()), msg)
	if err != nil {
		return err
	}
	b.mu.Lock()
	b.calls[it.GameID] = append(b.calls[it.GameID], callUp{item: it, channelID: call.ChannelID, messageID: m.ID})
	b.mu.Unlock()
	// The same seat's later calls (it became the answerer again meanwhile) are answered by this one.
	pending, err := b.store.PendingOutbox(ctx, 0)
	if err != nil {
		return nil // sent; a later call may ping again
	}
	var same []int64
	for _, p := range pending {
		if p.Kind == commands.KindCall && p.GameID == it.GameID && p.Payload == it.Payload && p.ID != it.ID && scheduled(p) {
			same = append(same, p.ID)
		}
	}
	if len(same) > 0 {
		if err := b.store.MarkSentAll(ctx, same...); err != nil {
			b.log.Warn("mark a seat's later calls done", "game", it.GameID, "err", err)
		}
	}
	return nil
}

// uncall deletes the game's calls whose seat has answered (commands.Service.Answered). A delete
// that fails is logged: the line stays, and it only names who was waited for.
func (b *Bot) uncall(ctx context.Context, gameID int64) {
	b.mu.Lock()
	up := slices.Clone(b.calls[gameID])
	b.mu.Unlock()
	if len(up) == 0 {
		return
	}
	var done []string
	for _, c := range up {
		answered, err := b.svc.Answered(ctx, c.item)
		if err != nil || !answered {
			continue
		}
		err = b.withThread(ctx, c.channelID, func() error {
			return b.session.ChannelMessageDelete(c.channelID, c.messageID, discordgo.WithContext(ctx))
		})
		if err != nil && !isRESTCode(err, codeUnknownMessage) {
			b.log.Warn("delete an answered call", "game", gameID, "message", c.messageID, "err", errorLine(err))
		}
		done = append(done, c.messageID)
	}
	b.mu.Lock()
	b.calls[gameID] = slices.DeleteFunc(b.calls[gameID], func(c callUp) bool { return slices.Contains(done, c.messageID) })
	if len(b.calls[gameID]) == 0 {
		delete(b.calls, gameID)
	}
	b.mu.Unlock()
}
