package bot

// The long-game layer's scheduler (issue 11): package pace keeps each seat's clock as a row whose
// due_at says when something may happen (a reminder, a deadline, the end of quiet hours or of an
// absence, a nudge); the bot runs pace.Keeper.Tick in a loop that claims due rows with a lease and
// completes each in one transaction with the outbox items it produced. Nothing in memory is the
// truth: after a restart the first tick finds what fell due meanwhile and sends it once.

import (
	"context"
	"time"

	"github.com/bwmarrin/discordgo"

	"spicebot/data"
	"spicebot/pace"
	"spicebot/rules"
)

// SchedulerEvery is the default of Config.SchedulerEvery: how often the scheduler looks for due
// clocks and votes when nothing wakes it earlier (an interaction that queued something wakes it
// at once, for nudges).
const SchedulerEvery = 30 * time.Second

// wirePace makes the long-game layer over store and wires it into the command service: clocks
// after every change, deadlines in /mygames, the AI standing in for late players.
func (b *Bot) wirePace(store *data.Store, reg *rules.Registry) {
	k := pace.New(store, reg, b.clock, b.log)
	k.SetAI(b.svc)
	b.pace = k
	b.paceWake = make(chan struct{}, 1)
	b.svc.SetPacer(k)
	b.svc.SetDeadlines(k)
}

// Pace returns the long-game layer (tests drive its ticks).
func (b *Bot) Pace() *pace.Keeper { return b.pace }

// wakeScheduler makes the scheduler tick now.
func (b *Bot) wakeScheduler() {
	select {
	case b.paceWake <- struct{}{}:
	default:
	}
}

// scheduler ticks the long-game layer until the bot closes: at start (what fell due while the
// bot was down), every SchedulerEvery, when woken, and again at once while batches are full.
func (b *Bot) scheduler() {
	defer b.wg.Done()
	for {
		st, full, err := b.pace.Tick(b.ctx)
		if err != nil && b.ctx.Err() == nil {
			b.log.Error("scheduler tick", "err", err)
		}
		if st.Clocks+st.Votes > 0 {
			b.log.Debug("scheduler tick", "clocks", st.Clocks, "votes", st.Votes, "reminders", st.Reminders, "timeouts", st.Timeouts)
			b.kick()   // deliver the reminders and notices
			b.aiKick() // a stand-in may have started
		}
		if full && b.ctx.Err() == nil {
			continue
		}
		select {
		case <-b.ctx.Done():
			return
		case <-b.paceWake:
		case <-b.clock.After(b.cfg.SchedulerEvery):
		}
	}
}

// sendReminder sends a reminder (or a nudge) by DM; when the player's DMs are closed (error
// 50007) or off (/settings dms:off) it is posted in the game's channel instead, mentioning them,
// with the public log as its digest.
func (b *Bot) sendReminder(ctx context.Context, items []data.OutboxItem) error {
	it := items[len(items)-1]
	rm, ok, err := b.svc.Reminder(ctx, it)
	if err != nil || !ok {
		return err
	}
	if !rm.DMsOff {
		err := b.directMessage(ctx, rm.UserID, nonce("r", it.ID, it.CreatedAt.UnixMilli()),
			&discordgo.MessageSend{Content: rm.DM, AllowedMentions: noPings})
		if err == nil {
			b.reopenThread(ctx, it.GameID) // the reminded player's command must not meet an archived thread
		}
		if !isRESTCode(err, codeCannotDM) {
			return err
		}
		if err := b.store.SetDMClosed(ctx, rm.UserID, true); err != nil {
			return err
		}
	}
	_, err = b.createMessage(ctx, rm.ChannelID, nonce("R", it.ID, it.CreatedAt.UnixMilli()),
		&discordgo.MessageSend{Content: rm.Channel, AllowedMentions: pings([]string{rm.UserID})})
	return err
}

// sendPaceNotice posts a public message about a game's clocks: a deadline that passed (with the
// vote's buttons under the vote policy), a vote that expired.
func (b *Bot) sendPaceNotice(ctx context.Context, items []data.OutboxItem) error {
	it := items[0]
	pn, ok, err := b.svc.PaceNotice(ctx, it)
	if err != nil || !ok {
		return err
	}
	_, err = b.createMessage(ctx, it.Target, nonce("p", it.ID, it.CreatedAt.UnixMilli()),
		&discordgo.MessageSend{Content: pn.Content, Components: pn.Components, AllowedMentions: pings(pn.Mentions)})
	return err
}
