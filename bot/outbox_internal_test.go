package bot

import (
	"context"
	"io"
	"log/slog"
	"testing"
	"time"

	"spicebot/bot/discordtest"
	"spicebot/commands"
	"spicebot/data"
)

// TestSettleRecordsDeliveryWhileClosing: a batch delivered while the bot shuts down is recorded
// as sent (CI once saw the record fail with the bot's cancelled context: the item stayed leased
// to the closed process, so the restarted bot waited a minute for the lease before sending that
// game's next board, and would then have sent the delivered one again).
func TestSettleRecordsDeliveryWhileClosing(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	b, store := newTestBot(t, discordtest.New(t), slog.New(slog.NewTextHandler(io.Discard, nil)))
	items, err := store.Enqueue(ctx, data.OutboxItem{Kind: commands.KindBoard, Target: "c1", Payload: "{}"})
	if err != nil {
		t.Fatal(err)
	}
	if !b.claim(items) {
		t.Fatal("claim failed")
	}
	closing, stop := context.WithCancel(ctx)
	stop()
	if !b.settle(closing, items, nil) {
		t.Error("settle of a delivered batch reported that the lane may not go on")
	}
	if pending, err := store.PendingOutbox(ctx, 0); err != nil || len(pending) != 0 {
		t.Errorf("after a delivery settled while closing, pending = %+v (%v), want none", pending, err)
	}
}
