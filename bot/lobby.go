package bot

import (
	"context"
	"errors"
	"time"

	"github.com/bwmarrin/discordgo"

	"spicebot/commands"
)

// SweepEvery is how often the bot closes lobbies that were never started (commands.Service.Sweep);
// it also sweeps once at start. The expiry itself is stored, so a restart loses nothing.
const SweepEvery = 10 * time.Minute

// sweeper runs commands.Service.Sweep at start and every SweepEvery until the bot closes.
func (b *Bot) sweeper() {
	defer b.wg.Done()
	t := time.NewTicker(SweepEvery)
	defer t.Stop()
	for {
		n, err := b.svc.Sweep(b.ctx)
		if err != nil && b.ctx.Err() == nil {
			b.log.Error("sweep lobbies", "err", err)
		}
		if n > 0 {
			b.kick() // deliver the expiry notices
		}
		select {
		case <-b.ctx.Done():
			return
		case <-t.C:
		}
	}
}

// channelKind looks up the interaction's channel for the permission check of /game new: a thread
// needs "Send Messages in Threads", and a private thread the bot was not added to cannot be read
// (Discord answers 50001 Missing Access or 403).
func (b *Bot) channelKind(ctx context.Context, channelID string) commands.ChannelKind {
	ch, err := b.session.Channel(channelID, discordgo.WithContext(ctx))
	switch {
	case isRESTCode(err, discordgo.ErrCodeMissingAccess) || isRESTStatus(err, 403):
		return commands.ChannelNoAccess
	case err != nil:
		b.log.Warn("look up channel", "channel", channelID, "err", err)
		return commands.ChannelUnknown
	}
	switch ch.Type {
	case discordgo.ChannelTypeGuildPrivateThread:
		return commands.ChannelPrivateThread
	case discordgo.ChannelTypeGuildPublicThread, discordgo.ChannelTypeGuildNewsThread:
		return commands.ChannelPublicThread
	}
	return commands.ChannelText
}

// isRESTStatus reports whether err is a Discord REST error with that HTTP status.
func isRESTStatus(err error, status int) bool {
	var re *discordgo.RESTError
	return errors.As(err, &re) && re.Response != nil && re.Response.StatusCode == status
}
