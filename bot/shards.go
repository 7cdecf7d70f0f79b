package bot

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/bwmarrin/discordgo"
)

// ShardsAuto as Config.ShardCount takes the shard count Discord recommends for the bot
// (GET /gateway/bot).
const ShardsAuto = -1

// Sharding splits the gateway: Discord sends each guild's events (interactions included) to shard
// (guild_id >> 22) % count, and DMs to shard 0. Each process opens one shard. The background jobs
// (outbox, lobby sweeper, AI turns) run in every process: they need a database every process
// shares (PostgreSQL), whose leases and locks keep each item done once. SQLite allows a single
// process, so with SQLite there is one shard (main refuses --shards above 1 with it).

// openGateway sets the session's shard (asking Discord for the count with ShardsAuto), connects
// to the gateway and waits for READY.
func (b *Bot) openGateway(ctx context.Context) error {
	count, id := b.cfg.ShardCount, b.cfg.ShardID
	if count == ShardsAuto {
		gb, err := b.session.GatewayBot(discordgo.WithContext(ctx))
		if err != nil {
			return fmt.Errorf("bot: recommended shard count: %w", err)
		}
		count = max(gb.Shards, 1)
		b.log.Info("shard count recommended by Discord", "shards", count)
	}
	count = max(count, 1)
	if id < 0 || id >= count {
		return fmt.Errorf("bot: shard id %d: want 0 to %d for %d shards", id, count-1, count)
	}
	b.session.ShardCount, b.session.ShardID = count, id
	if err := b.session.Open(); err != nil {
		return fmt.Errorf("bot: open gateway: %w", err)
	}
	select {
	case <-b.ready:
	case <-ctx.Done():
		return fmt.Errorf("bot: waiting for READY: %w", ctx.Err())
	case <-time.After(30 * time.Second):
		return errors.New("bot: no READY from the gateway within 30 s")
	}
	if count > 1 {
		b.log.Info("gateway shard open", "shard", id, "shards", count)
	}
	return nil
}
