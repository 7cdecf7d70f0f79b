package bot

import (
	"context"
	"fmt"
	"slices"

	"github.com/bwmarrin/discordgo"

	"spicebot/commands"
	"spicebot/data"
)

// A thread per game (issue 25; commands/thread.go). For a /game new in a text or announcement
// channel the bot answers with a deferred public response first, starts a public thread from
// that message (the thread's id is the message's: POST /channels/{id}/messages/{mid}/threads,
// auto-archived after commands.ThreadArchiveMinutes), and has the lobby opened in the thread;
// the response, completed with the lobby, stays in the channel as the game's status line. A
// thread that Discord archived for inactivity (a weekly game) is unarchived by the bot's next
// post or edit there (withThread).

// startGameThread prepares a /game new that gets a thread of its own: it checks the request
// (commands.Service.CheckNew; a refusal is the reply and no thread is made), acknowledges it
// publicly, starts the thread from the response message, and points req at the thread. It
// returns a reply when the request must be answered with it instead of being handled, and
// false when req stays as it was (the thread could not be made: the game is then played in the
// channel, as with thread:off).
func (x *exchange) startGameThread(ctx context.Context, req *commands.Request) (*commands.Reply, error) {
	b := x.b
	if stop := b.svc.CheckNew(ctx, *req); stop != nil {
		return stop, nil
	}
	if err := x.ack(ctx, discordgo.InteractionResponseDeferredChannelMessageWithSource, false); err != nil {
		return nil, err
	}
	opts := []discordgo.RequestOption{discordgo.WithContext(ctx), discordgo.WithRetryOnRatelimit(false)}
	msg, err := b.session.InteractionResponse(x.i, opts...)
	if err != nil {
		b.log.Warn("game thread: find the lobby message; the game stays in the channel", "channel", req.ChannelID, "err", errorLine(err))
		req.NoThread = true
		return nil, nil
	}
	body := map[string]any{"name": b.svc.ThreadName(ctx, *req), "auto_archive_duration": commands.ThreadArchiveMinutes}
	endpoint := discordgo.EndpointChannelMessageThread(req.ChannelID, msg.ID)
	resp, err := b.session.RequestWithBucketID("POST", endpoint, body, discordgo.EndpointChannelMessageThread(req.ChannelID, ""), opts...)
	if err != nil {
		b.log.Warn("game thread: start the thread; the game stays in the channel", "channel", req.ChannelID, "err", errorLine(err))
		req.NoThread = true
		return nil, nil
	}
	var th discordgo.Channel
	if err := discordgo.Unmarshal(resp, &th); err != nil || th.ID == "" {
		return nil, fmt.Errorf("decode the game's thread: %w", err)
	}
	req.LobbyChannelID, req.LobbyMessageID, req.ChannelID = req.ChannelID, msg.ID, th.ID
	b.log.Info("game thread started", "channel", req.LobbyChannelID, "thread", th.ID)
	return nil, nil
}

// recordLobby stores the message of a reply that is a game's lobby (commands.Reply.LobbyOf) as
// its lobby message, when the game does not know one yet: Join and Leave by command edit it,
// and it loses its buttons when the game starts.
func (x *exchange) recordLobby(ctx context.Context, reply commands.Reply) {
	if reply.LobbyOf == 0 || reply.Ephemeral {
		return
	}
	b := x.b
	row, _, err := b.store.GameByID(ctx, reply.LobbyOf)
	if err != nil || row.LobbyMessageID != "" {
		return
	}
	id := x.sentID
	if id == "" {
		var m *discordgo.Message
		if m, err = b.session.InteractionResponse(x.i, discordgo.WithContext(ctx)); err != nil {
			b.log.Warn("find the lobby message", "game", reply.LobbyOf, "err", errorLine(err))
			return
		}
		id = m.ID
	}
	if err := b.store.SetLobbyMessage(ctx, reply.LobbyOf, id); err != nil {
		b.log.Warn("record the lobby message", "game", reply.LobbyOf, "err", err)
	}
}

// reopenThread unarchives the thread of a game played in one, when Discord archived it for
// inactivity (a weekly game): a player reminded by DM comes to a thread where commands run. It
// costs a look at the thread (one REST call) and, when archived, the unarchiving; a locked thread
// is left as the moderator locked it. Failures are logged: the next board reopens it anyway.
func (b *Bot) reopenThread(ctx context.Context, gameID int64) {
	row, _, err := b.store.GameByID(ctx, gameID)
	if err != nil || row.LobbyChannelID == "" || row.LobbyChannelID == row.ChannelID {
		return
	}
	opts := []discordgo.RequestOption{discordgo.WithContext(ctx), discordgo.WithRetryOnRatelimit(false)}
	ch, err := b.session.Channel(row.ChannelID, opts...)
	if err != nil {
		b.log.Warn("look at the game's thread", "game", gameID, "err", errorLine(err))
		return
	}
	if ch.ThreadMetadata == nil || !ch.ThreadMetadata.Archived || ch.ThreadMetadata.Locked {
		return
	}
	open := false
	if _, err := b.session.ChannelEditComplex(row.ChannelID, &discordgo.ChannelEdit{Archived: &open}, opts...); err != nil {
		b.log.Warn("unarchive the game's thread", "game", gameID, "err", errorLine(err))
		return
	}
	b.log.Info("unarchived the game's thread for a reminder", "game", gameID, "channel", row.ChannelID)
}

// withThread runs a post or edit in channelID; when Discord refuses it because the channel is
// an archived thread (50083: a game thread archived after a week without activity), it
// unarchives the thread and runs it once more. A locked thread stays refused (a moderator
// locked it), and the caller's error handling tells the game's creator.
func (b *Bot) withThread(ctx context.Context, channelID string, do func() error) error {
	err := do()
	if !isRESTCode(err, codeThreadArchived) {
		return err
	}
	open := false
	if _, uerr := b.session.ChannelEditComplex(channelID, &discordgo.ChannelEdit{Archived: &open},
		discordgo.WithContext(ctx), discordgo.WithRetryOnRatelimit(false)); uerr != nil {
		b.log.Warn("unarchive the game's thread", "channel", channelID, "err", errorLine(uerr))
		return err
	}
	b.log.Info("unarchived the game's thread", "channel", channelID)
	return do()
}

// scheduledStatus lists the game's status line edits scheduled for later (never tried, due after
// now) that are not in batch.
func (b *Bot) scheduledStatus(ctx context.Context, gameID int64, batch []data.OutboxItem) ([]int64, error) {
	pending, err := b.store.PendingOutbox(ctx, 0)
	if err != nil {
		return nil, fmt.Errorf("read the outbox: %w", err)
	}
	now := b.clock.Now()
	var ids []int64
	for _, p := range pending {
		if p.Kind == commands.KindStatus && p.GameID == gameID && scheduled(p) && p.NextAt.After(now) &&
			!slices.ContainsFunc(batch, func(x data.OutboxItem) bool { return x.ID == p.ID }) {
			ids = append(ids, p.ID)
		}
	}
	return ids, nil
}

// sendStatus edits a game's status line — its lobby message — in place (commands.StatusPost),
// and renames its thread with the players' names when the game starts. The edit shows the game as
// it is now, so the edits of later turns still scheduled for this game (moveOutbox) are done by it
// and are not sent.
func (b *Bot) sendStatus(ctx context.Context, items []data.OutboxItem) (err error) {
	it := items[len(items)-1]
	scheduled, err := b.scheduledStatus(ctx, it.GameID, items)
	if err != nil {
		return err
	}
	post, ok, err := b.svc.StatusPost(ctx, it.GameID, items)
	if err != nil || !ok {
		return err
	}
	defer func() {
		if err == nil && len(scheduled) > 0 {
			if e := b.store.MarkSentAll(ctx, scheduled...); e != nil {
				b.log.Warn("mark the status line's scheduled edits done", "game", it.GameID, "err", e) // they are sent, showing the same
			}
		}
	}()
	opts := []discordgo.RequestOption{discordgo.WithContext(ctx), discordgo.WithRetryOnRatelimit(false)}
	err = b.withThread(ctx, post.ChannelID, func() error {
		_, err := b.session.ChannelMessageEditComplex(&discordgo.MessageEdit{
			ID: post.MessageID, Channel: post.ChannelID, Content: &post.Content, Components: &post.Components,
			AllowedMentions: noPings,
		}, opts...)
		return err
	})
	if isRESTCode(err, codeUnknownMessage) {
		b.log.Info("the game's status line was deleted; not shown again", "game", it.GameID)
		err = nil
	}
	if err != nil {
		return err
	}
	if post.ThreadName != "" {
		row, _, err := b.store.GameByID(ctx, it.GameID)
		if err != nil {
			return err
		}
		if _, err := b.session.ChannelEditComplex(row.ChannelID, &discordgo.ChannelEdit{Name: post.ThreadName}, opts...); err != nil {
			b.log.Warn("rename the game's thread", "game", it.GameID, "err", errorLine(err)) // the name is only a nicety
		}
	}
	return nil
}
