package bot

// AI players (issue 12): the bot plays the seats the AI plays — AI seats ("ai:<level>:<k>", from
// `/game new … bots:<n>`) and seats it stands in for while their owners are away — like any
// player, through the same commit path as a human move (commands.Service.PlayAs).
//
// Durability: a decision the AI must make is a row of ai_turns, due after a short random delay
// (Config.AIDelayMin–AIDelayMax) so that the AI's speed reveals nothing. The runner finds the
// decisions from the stored games (after every move the bot learns of, at start, and every
// aiScanEvery), claims due rows with a lease (several processes never play one decision twice; a
// process that dies while thinking loses its lease and another plays), thinks off the interaction
// path (Config.AIThinkers searches at once, each on a niced OS thread on Linux so that the kernel
// prefers interactions), and plays at the due time: the search's own
// duration is hidden inside the delay. A move that lands after the game moved on is not played;
// the AI thinks again on the new state.
//
// Information: the AI is given only the state determinized for its seat
// (rules.State.Determinize: everything hidden from the seat re-drawn at random), so it can't
// read another player's hand or the deck's order even by mistake.

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"runtime/debug"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"

	"spicebot/commands"
	"spicebot/data"
	"spicebot/rules"
)

// Decider chooses the AI's move for seat from st at level (commands.LevelEasy or LevelStrong),
// drawing any randomness from seed. st is already determinized for seat: it shows nothing seat
// may not know. It must return one of st.Legal(seat).
type Decider interface {
	Decide(ctx context.Context, st rules.State, seat rules.Seat, level string, seed uint64) (rules.Move, error)
}

// DeciderFunc is a function that is a Decider.
type DeciderFunc func(ctx context.Context, st rules.State, seat rules.Seat, level string, seed uint64) (rules.Move, error)

// Decide calls f.
func (f DeciderFunc) Decide(ctx context.Context, st rules.State, seat rules.Seat, level string, seed uint64) (rules.Move, error) {
	return f(ctx, st, seat, level, seed)
}

// RandomDecider plays a uniformly random legal move: the stand-in when no AI is configured.
var RandomDecider = DeciderFunc(func(_ context.Context, st rules.State, seat rules.Seat, _ string, seed uint64) (rules.Move, error) {
	legal := st.Legal(seat)
	if len(legal) == 0 {
		return nil, errors.New("no legal move")
	}
	return legal[rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)).IntN(len(legal))], nil
})

const (
	// aiScanEvery is how often the runner looks at every game with AI seats even without news
	// (moves made by another process, stand-ins set by the pace layer).
	aiScanEvery = 15 * time.Second
	// aiLead is how long before its due time an AI turn is claimed, so that the search is done by
	// then.
	aiLead = 500 * time.Millisecond
	// aiLease is how long a claimed AI turn is held; a process that dies loses it after this.
	aiLease = 2 * time.Minute
	// aiThinkMax bounds one decision's search.
	aiThinkMax = 30 * time.Second
	// aiRetry is the wait before an AI turn whose search or commit failed is tried again.
	aiRetry = 10 * time.Second
)

// aiOwner names this process in the leases of ai_turns.
func aiOwner() string {
	host, _ := os.Hostname()
	return fmt.Sprintf("%s/%d/%x", host, os.Getpid(), rand.Uint32())
}

// aiDelay is a random wait in [AIDelayMin, AIDelayMax].
func (b *Bot) aiDelay() time.Duration {
	lo, hi := b.cfg.AIDelayMin, b.cfg.AIDelayMax
	if hi <= lo {
		return lo
	}
	return lo + rand.N(hi-lo+1)
}

// aiKick wakes the AI runner (a move was made: an AI seat may have a decision).
func (b *Bot) aiKick() {
	select {
	case b.aiNudge <- struct{}{}:
	default:
	}
}

// aiDone is what a finished AI search tells the runner: the game, and the seat and version the
// AI reached when it played (version 0 when it did not play).
type aiDone struct {
	game    int64
	seat    int
	version int
}

// aiOwnMoves remembers, per game, the AI's latest move (its seat and the version it reached),
// written by the goroutine that played it as soon as the move is stored, before anything can
// wake the runner: aiSync then knows that a decision the AI's own move gave its seat (the next
// step of a turn of several) is due after a third of the delay. (Passing it through the runner's
// done channel lost the race with the wake-up of the move's own commit: issue 26 item 6.) The
// zero value is ready to use.
type aiOwnMoves struct {
	mu sync.Mutex
	m  map[int64]aiDone
}

// set records the AI's move d.
func (o *aiOwnMoves) set(d aiDone) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.m == nil {
		o.m = map[int64]aiDone{}
	}
	o.m[d.game] = d
}

// ownAt reports whether the AI's latest move in game was seat's and reached version: the game
// has not moved since.
func (o *aiOwnMoves) ownAt(game int64, seat, version int) bool {
	o.mu.Lock()
	defer o.mu.Unlock()
	d, ok := o.m[game]
	if ok && d.version < version {
		delete(o.m, game) // the game moved on: forget it
	}
	return ok && d.version == version && d.seat == seat
}

// aiRunner finds the AI's decisions, claims those due and plays them, until the bot closes.
func (b *Bot) aiRunner() {
	defer b.wg.Done()
	seen := map[int64]data.AIGame{} // the game as last synced
	free := b.cfg.AIThinkers
	done := make(chan aiDone, b.cfg.AIThinkers)
	var lastScan time.Time
	for b.ctx.Err() == nil {
		now := b.clock.Now()
		if now.Sub(lastScan) >= aiScanEvery {
			clear(seen)
			lastScan = now
		}
		b.aiSync(seen)
		wait := aiScanEvery
		if free > 0 {
			// Only claim (a write) when a turn is due: most wake-ups are other games' moves.
			next, ok, err := b.store.NextAITurn(b.ctx)
			switch {
			case err != nil:
				if b.ctx.Err() == nil {
					b.log.Error("AI: next turn", "err", err)
				}
				wait = b.cfg.RetryDelay
			case ok && !next.After(now.Add(aiLead)):
				if n := b.aiClaim(free, done); n > 0 {
					free -= n
					continue
				}
				wait = b.cfg.RetryDelay // held by another process meanwhile
			case ok:
				wait = min(wait, next.Sub(now)-aiLead)
			}
		}
		select {
		case <-b.ctx.Done():
			return
		case <-b.aiNudge:
		case d := <-done:
			free++
			delete(seen, d.game)
		case <-b.clock.After(wait):
		}
	}
}

// aiSync makes the stored AI turns of every game with AI seats that changed since it was last
// seen match the seats that must decide now. A new decision is due after a random delay; a
// third of it when the AI's own move just gave its seat the next decision (a turn of several
// steps), which is public anyway.
func (b *Bot) aiSync(seen map[int64]data.AIGame) {
	games, err := b.store.AIGames(b.ctx)
	if err != nil {
		if b.ctx.Err() == nil {
			b.log.Error("AI: games", "err", err)
		}
		return
	}
	for _, g := range games {
		if seen[g.ID] == g {
			continue
		}
		seats, err := b.svc.AIDecisions(b.ctx, g.ID)
		if err != nil {
			b.log.Error("AI: decisions", "game", g.ID, "err", err)
			continue
		}
		ints := make([]int, len(seats))
		for i, s := range seats {
			ints[i] = int(s)
		}
		now := b.clock.Now()
		due := func(seat int) time.Time {
			if b.aiOwn.ownAt(g.ID, seat, g.Version) {
				return now.Add(b.aiDelay() / 3)
			}
			return now.Add(b.aiDelay())
		}
		if err := b.store.SyncAITurns(b.ctx, g.ID, ints, due); err != nil {
			b.log.Error("AI: schedule", "game", g.ID, "err", err)
			continue
		}
		seen[g.ID] = g
	}
}

// aiClaim claims up to n AI turns due soon and starts a search for each; it returns how many.
func (b *Bot) aiClaim(n int, done chan<- aiDone) int {
	now := b.clock.Now()
	turns, err := b.store.ClaimAITurns(b.ctx, now, now.Add(aiLead), b.aiID, aiLease, n)
	if err != nil {
		if b.ctx.Err() == nil {
			b.log.Error("AI: claim turns", "err", err)
		}
		return 0
	}
	for _, t := range turns {
		b.wg.Add(1)
		go b.aiPlay(t, done)
	}
	return len(turns)
}

// aiPlay makes one AI decision: it loads the seat's decision, has the AI search the state
// determinized for the seat, waits for the due time and plays the move through PlayAs.
func (b *Bot) aiPlay(t data.AITurn, done chan<- aiDone) {
	defer b.wg.Done()
	result := aiDone{game: t.GameID, seat: t.Seat}
	defer func() {
		select {
		case done <- result:
		case <-b.ctx.Done():
		}
	}()
	ctx := b.ctx
	seat := rules.Seat(t.Seat)
	retryAt := func(due time.Time) {
		if err := b.store.RetryAITurn(context.WithoutCancel(ctx), t.GameID, t.Seat, b.aiID, due); err != nil {
			b.log.Error("AI: release turn", "game", t.GameID, "seat", t.Seat, "err", err)
		}
	}
	retry := func(after time.Duration) { retryAt(b.clock.Now().Add(after)) }
	// On shutdown the turn is given back as it was, so that the next start plays it at once.
	release := func() { retryAt(t.Due) }
	finish := func() {
		if err := b.store.FinishAITurn(context.WithoutCancel(ctx), t.GameID, t.Seat, b.aiID); err != nil {
			b.log.Error("AI: finish turn", "game", t.GameID, "seat", t.Seat, "err", err)
		}
	}
	defer func() {
		if r := recover(); r != nil {
			b.log.Error("AI: panic", "game", t.GameID, "seat", t.Seat, "panic", panicText(r), "stack", string(debug.Stack()))
			retry(aiRetry)
		}
	}()
	d, ok, err := b.svc.AIDecision(ctx, t.GameID, seat)
	switch {
	case err != nil:
		if ctx.Err() != nil {
			release()
			return
		}
		b.log.Error("AI: load decision", "game", t.GameID, "seat", t.Seat, "err", err)
		retry(aiRetry)
		return
	case !ok:
		finish() // the decision passed (another process played, the game ended, the owner is back)
		return
	}
	seed := rand.Uint64()
	start := time.Now()
	mv, err := b.decide(ctx, d, seed)
	think := time.Since(start)
	if err != nil {
		if ctx.Err() != nil {
			release()
			return
		}
		b.log.Error("AI: search failed; playing a random legal move", "game", t.GameID, "seat", t.Seat, "err", err)
		if mv, err = RandomDecider.Decide(ctx, d.State, seat, d.Level, seed); err != nil {
			retry(aiRetry)
			return
		}
	}
	// Play at the due time, whatever the search took: its speed must reveal nothing.
	if wait := t.Due.Sub(b.clock.Now()); wait > 0 {
		select {
		case <-b.clock.After(wait):
		case <-ctx.Done():
			release()
			return
		}
	}
	played, err := b.svc.PlayAs(ctx, d, mv)
	if errors.Is(err, commands.ErrAIMoveRefused) {
		b.log.Error("AI: illegal move; playing a random legal move", "game", t.GameID, "seat", t.Seat, "move", mv.String())
		if mv, err = RandomDecider.Decide(ctx, d.State, seat, d.Level, seed); err == nil {
			played, err = b.svc.PlayAs(ctx, d, mv)
		}
	}
	if err == nil && played {
		b.aiOwn.set(aiDone{game: t.GameID, seat: t.Seat, version: d.Version + 1})
	}
	switch {
	case errors.Is(err, commands.ErrNotAISeat):
		finish() // the owner took the seat back meanwhile
	case err != nil:
		if ctx.Err() != nil {
			release()
			return
		}
		b.log.Error("AI: play", "game", t.GameID, "seat", t.Seat, "err", err)
		retry(aiRetry)
	case played:
		b.log.Debug("AI moved", "game", t.GameID, "seat", t.Seat, "level", d.Level, "think", think)
		result.version = d.Version + 1
		finish()
		b.kick()
	default:
		retry(0) // the game moved on while the AI thought: think again on the new state
	}
}

// decide has the AI choose a move for d's seat from d's state determinized for that seat, and
// never from the state itself. A panic of the AI is an error (the caller then plays a random
// legal move).
func (b *Bot) decide(ctx context.Context, d commands.AIDecision, seed uint64) (mv rules.Move, err error) {
	defer func() {
		if r := recover(); r != nil {
			b.log.Error("AI: search panicked", "game", d.Game, "seat", int(d.Seat), "panic", panicText(r), "stack", string(debug.Stack()))
			mv, err = nil, fmt.Errorf("AI search panicked: %s", panicText(r))
		}
	}()
	ctx, cancel := context.WithTimeout(ctx, aiThinkMax)
	defer cancel()
	st := d.State.Determinize(d.Seat, seed)
	d.State = nil
	var panicked any
	lowPriority(func() {
		defer func() { panicked = recover() }()
		mv, err = b.cfg.AI.Decide(ctx, st, d.Seat, d.Level, seed)
	})
	if panicked != nil {
		panic(panicked) // recovered above, as the search's error
	}
	return mv, err
}

// sendStandIn posts the notice that the AI now plays a seat for its absent owner, pinging the
// owner, with the "I'm back" button, in the channel's language.
func (b *Bot) sendStandIn(ctx context.Context, items []data.OutboxItem) error {
	it := items[0]
	n, err := commands.StandInNoticeOf(it)
	if err != nil {
		return &unknownKindError{kind: it.Kind + " with a bad payload"} // lang:ok: for the log
	}
	loc := b.channelLang(ctx, it.Target) // the notice is public: in the channel's language
	_, err = b.createMessage(ctx, it.Target, nonce("s", it.ID, it.CreatedAt.UnixMilli()), &discordgo.MessageSend{
		Content: truncate(loc.Text(n.Content), maxContent), Components: localizeButtons(loc, n.Components),
		AllowedMentions: pings(n.Mentions),
	})
	return err
}

// Nudge wakes the outbox and the AI runner after a change made outside an interaction (the pace
// layer's timeout policy standing the AI in, tests): what it queued is delivered now, and a
// decision it gave the AI is scheduled now rather than at the next periodic look.
func (b *Bot) Nudge() { b.kick() }
