package pace

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"time"

	"spicebot/data"
	"spicebot/rules"
)

// Store is the storage the long-game layer needs; *data.Store implements it.
type Store interface {
	GameByID(ctx context.Context, id int64) (data.Game, []data.Seat, error)
	GamePace(ctx context.Context, gameID int64) (data.GamePace, bool, error)
	SetGamePace(ctx context.Context, p data.GamePace) error
	Clocks(ctx context.Context, gameID int64) ([]data.SeatClock, error)
	ClocksOfUser(ctx context.Context, userID string) ([]data.SeatClock, error)
	SaveClocks(ctx context.Context, gameID int64, clocks []data.SeatClock, items []data.OutboxItem, events []data.Event) error
	ClaimClocks(ctx context.Context, now, until time.Time, owner string, limit int) ([]data.SeatClock, error)
	CompleteClock(ctx context.Context, owner string, c data.SeatClock, items []data.OutboxItem, events []data.Event, votes []data.Vote) (bool, error)
	CompleteClocks(ctx context.Context, owner string, cs []data.Completion) ([]bool, error)
	ClaimVotes(ctx context.Context, now, until time.Time, owner string, limit int) ([]data.Vote, error)
	CloseVote(ctx context.Context, id int64, result, owner string, items []data.OutboxItem, events []data.Event) (bool, error)
	UserPace(ctx context.Context, userID string) (data.UserPace, error)
	SetUserPace(ctx context.Context, u data.UserPace) error
	MovesSince(ctx context.Context, gameID int64, version int) ([]data.Move, error)
	StandIns(ctx context.Context, gameID int64) ([]data.StandIn, error)
}

// AI lets the AI stand in for an absent player (the `ai` timeout policy, the vote's "let the AI
// play"); *commands.Service implements it (commands/bots.go).
type AI interface {
	// StandIn makes the AI play seat of the game for its owner until they are back; why is a
	// public sentence. Standing in again for a seat the AI plays changes nothing.
	StandIn(ctx context.Context, gameID int64, seat rules.Seat, why string) error
}

// Clock is the time source (the wall clock in the bot; tests inject a fake one).
type Clock interface {
	Now() time.Time
}

// WallClock is the real time.
type WallClock struct{}

// Now is time.Now.
func (WallClock) Now() time.Time { return time.Now() }

// Timeout is what a timeout policy is told when a seat's deadline passes.
type Timeout struct {
	Game     data.Game
	Pace     data.GamePace
	Seat     rules.Seat
	UserID   string
	State    rules.State
	Deadline time.Time
	Now      time.Time
}

// Action is what a timeout policy wants stored with the seat's clock, in one transaction:
// outbox items, game events and votes to open.
type Action struct {
	Items  []data.OutboxItem
	Events []data.Event
	Votes  []data.Vote
	// After, when set, runs once the clock and the rest are stored (the AI takes the seat: it
	// changes the game outside this transaction and recomputes the clocks).
	After func(ctx context.Context) error
}

// Policy is a timeout policy: what happens once when a seat's deadline passes while it has a
// decision to make. It must not change anything itself: what it returns is stored with the seat's
// clock only if the scheduler still holds the row (otherwise the policy runs again later), and
// Action.After runs after that.
type Policy interface {
	Timeout(ctx context.Context, k *Keeper, t Timeout) (Action, error)
}

// Keeper runs the long-game layer over a store: it recomputes clocks after changes, runs the
// scheduler ticks, takes nudges and absences, and applies the timeout policies. It is safe for
// concurrent use.
type Keeper struct {
	store    Store
	reg      *rules.Registry
	clock    Clock
	log      *slog.Logger
	ai       AI
	policies map[string]Policy
	owner    string
	// Lease is how long a claimed row is held; Batch how many rows a tick claims at most.
	Lease time.Duration
	Batch int

	mu    sync.Mutex
	locks map[int64]*sync.Mutex
}

// New returns a Keeper over store for the games of reg, reading the time from clock (nil: the wall
// clock), with the wait and vote policies (and the ai policy once SetAI is called).
func New(store Store, reg *rules.Registry, clock Clock, log *slog.Logger) *Keeper {
	if clock == nil {
		clock = WallClock{}
	}
	if log == nil {
		log = slog.Default()
	}
	var b [6]byte
	_, _ = rand.Read(b[:])
	k := &Keeper{store: store, reg: reg, clock: clock, log: log, owner: "pace-" + hex.EncodeToString(b[:]),
		Lease: 2 * time.Minute, Batch: 200, locks: map[int64]*sync.Mutex{}}
	k.policies = map[string]Policy{TimeoutWait: waitPolicy{}, TimeoutVote: votePolicy{}}
	return k
}

// SetAI wires the AI that stands in for absent players: the `ai` timeout policy and the vote's
// "let the AI play" choice become available.
func (k *Keeper) SetAI(ai AI) {
	k.ai = ai
	if ai != nil {
		k.policies[TimeoutAI] = aiPolicy{}
	}
}

// HasAI reports whether an AI can stand in for absent players.
func (k *Keeper) HasAI() bool { return k.ai != nil }

// SetPolicy installs (or replaces) the timeout policy called name.
func (k *Keeper) SetPolicy(name string, p Policy) { k.policies[name] = p }

// Now is the keeper's current time.
func (k *Keeper) Now() time.Time { return k.clock.Now() }

// SetOwner names this keeper's leases (default a random "pace-…"): a restarted process with the
// same owner takes over its own leases at once.
func (k *Keeper) SetOwner(owner string) { k.owner = owner }

func (k *Keeper) lock(gameID int64) func() {
	k.mu.Lock()
	l, ok := k.locks[gameID]
	if !ok {
		l = &sync.Mutex{}
		k.locks[gameID] = l
	}
	k.mu.Unlock()
	l.Lock()
	return l.Unlock
}

// game is a game loaded for the keeper.
type game struct {
	row   data.Game
	seats []data.Seat
	pace  data.GamePace
	st    rules.State
}

func (g *game) users() []string {
	n := 0
	if g.st != nil {
		n = g.st.Players()
	}
	out := make([]string, n)
	for _, s := range g.seats {
		if s.Seat >= 0 && s.Seat < n {
			out[s.Seat] = s.UserID
		}
	}
	return out
}

func (k *Keeper) load(ctx context.Context, gameID int64) (*game, error) {
	row, seats, err := k.store.GameByID(ctx, gameID)
	if err != nil {
		return nil, err
	}
	g := &game{row: row, seats: seats}
	p, ok, err := k.store.GamePace(ctx, gameID)
	if err != nil {
		return nil, err
	}
	if !ok {
		p = data.GamePace{GameID: gameID, Pace: "live", Timeout: TimeoutWait, Away: AwayPause}
	}
	g.pace = p
	if row.Status != data.StatusLobby && len(row.State) > 0 {
		rg, ok := k.reg.Get(row.Game)
		if !ok {
			return nil, fmt.Errorf("game %d: unknown game id %q", gameID, row.Game)
		}
		if g.st, err = rg.Load(row.State); err != nil {
			return nil, fmt.Errorf("load state of game %d: %w", gameID, err)
		}
	}
	return g, nil
}

// table is what Recompute needs about g now.
func (k *Keeper) table(ctx context.Context, g *game, now time.Time) (Table, error) {
	t := Table{Version: g.row.Version, Over: g.row.Status != data.StatusPlaying, Users: g.users(),
		Paused: g.pace.Paused, Away: map[int]time.Time{}, NoClock: map[int]bool{}}
	if g.st != nil && !t.Over {
		t.Active = g.st.Active()
	}
	if !t.Over {
		// The AI's seats and the seats it stands in for have no clock.
		sis, err := k.store.StandIns(ctx, g.row.ID)
		if err != nil {
			return Table{}, err
		}
		for _, si := range sis {
			t.NoClock[si.Seat] = true
		}
	}
	for i, u := range t.Users {
		if strings.HasPrefix(u, "ai:") {
			t.NoClock[i] = true
			continue
		}
		if g.pace.Away == AwayPause && u != "" {
			up, err := k.store.UserPace(ctx, u)
			if err != nil {
				return Table{}, err
			}
			if until, away := Away(up, now); away {
				t.Away[i] = until
			}
		}
	}
	return t, nil
}

// Update recomputes a game's clocks from its current state (after a move, an undo, a
// replacement, a change of absence or pause) and stores them, releasing any scheduler lease on
// them. A move resumes clocks the table paused. It does nothing for a lobby.
func (k *Keeper) Update(ctx context.Context, gameID int64) error {
	defer k.lock(gameID)()
	return k.update(ctx, gameID, nil, nil)
}

// update is Update with extra outbox items and events stored with the clocks; the caller holds
// the keeper's lock of the game.
func (k *Keeper) update(ctx context.Context, gameID int64, items []data.OutboxItem, events []data.Event) error {
	g, err := k.load(ctx, gameID)
	if err != nil {
		return fmt.Errorf("update clocks of game %d: %w", gameID, err)
	}
	if g.st == nil {
		return nil
	}
	old, err := k.store.Clocks(ctx, gameID)
	if err != nil {
		return err
	}
	since := g.row.Version
	for _, c := range old {
		since = min(since, c.Version)
	}
	if len(old) == 0 {
		since = 0
	}
	var moves []data.Move
	if since < g.row.Version {
		if moves, err = k.store.MovesSince(ctx, gameID, max(since, 0)); err != nil {
			return err
		}
	}
	now := k.clock.Now()
	if g.pace.Paused && len(moves) > 0 && len(old) > 0 {
		g.pace.Paused = false // the next move resumes the clocks
		if err := k.store.SetGamePace(ctx, g.pace); err != nil {
			return err
		}
	}
	t, err := k.table(ctx, g, now)
	if err != nil {
		return err
	}
	clocks := Recompute(FromRow(g.pace), old, moves, t, now)
	return k.store.SaveClocks(ctx, gameID, clocks, items, events)
}

// Stats count what one tick did.
type Stats struct {
	// Clocks is the number of seat rows claimed, Votes the number of expired votes claimed.
	Clocks, Votes int
	// Reminders and Timeouts count reminders queued and timeout policies applied.
	Reminders, Timeouts int
}

// Tick runs the scheduler once: it claims due seat clocks and expired votes (at most Batch of
// each) with a lease and handles them: reminders (quiet hours respected), nudges, deadlines
// (the timeout policy), ends of absences, recomputes of clocks that missed a change; votes that
// expire undecided are closed. A row whose handling fails stays leased until the lease runs out,
// then is tried again. Rows once claimed are handled and stored even when ctx is cancelled
// meanwhile (a shutdown; within tickWork), so that the next start does not find them leased to
// this process. Full reports whether a batch was full (call Tick again at once).
func (k *Keeper) Tick(ctx context.Context) (st Stats, full bool, err error) {
	now := k.clock.Now()
	cs, err := k.store.ClaimClocks(ctx, now, now.Add(k.Lease), k.owner, k.Batch)
	if err != nil {
		return st, false, err
	}
	// What is claimed is finished even if ctx ends meanwhile (see above).
	work, cancel := context.WithTimeout(context.WithoutCancel(ctx), tickWork)
	defer cancel()
	st.Clocks = len(cs)
	var errs []error
	var batch []*pending
	for _, c := range cs {
		p, err := k.handle(work, c)
		if err != nil {
			k.log.ErrorContext(work, "scheduler: seat clock", "game", c.GameID, "seat", c.Seat, "err", err)
			errs = append(errs, err)
		}
		if p != nil {
			batch = append(batch, p)
		}
	}
	r, t, err := k.complete(work, batch)
	st.Reminders, st.Timeouts = r, t
	if err != nil {
		errs = append(errs, err)
	}
	vs, err := k.store.ClaimVotes(ctx, now, now.Add(k.Lease), k.owner, k.Batch)
	if err != nil {
		return st, false, errors.Join(append(errs, err)...)
	}
	st.Votes = len(vs)
	for _, v := range vs {
		if err := k.expire(work, v); err != nil {
			k.log.ErrorContext(work, "scheduler: vote expiry", "vote", v.ID, "err", err)
			errs = append(errs, err)
		}
	}
	return st, len(cs) == k.Batch || len(vs) == k.Batch, errors.Join(errs...)
}

// tickWork bounds the work of one tick once its rows are claimed (a few milliseconds a row; the
// rows' lease is longer).
const tickWork = 30 * time.Second

// pending is a handled clock waiting to be stored with the tick's batch.
type pending struct {
	cp                  data.Completion
	reminders, timeouts int
	after               []func(context.Context) error
}

// complete stores a tick's handled clocks in one transaction (one row at a time if that fails,
// so that one bad row does not hold up the others), then runs their policies' After steps. It
// returns the reminders and timeouts stored.
func (k *Keeper) complete(ctx context.Context, batch []*pending) (reminders, timeouts int, err error) {
	if len(batch) == 0 {
		return 0, 0, nil
	}
	cps := make([]data.Completion, len(batch))
	for i, p := range batch {
		cps[i] = p.cp
	}
	done, err := k.store.CompleteClocks(ctx, k.owner, cps)
	if err != nil {
		done = make([]bool, len(batch))
		var errs []error
		for i, p := range batch {
			ok, err := k.store.CompleteClock(ctx, k.owner, p.cp.Clock, p.cp.Items, p.cp.Events, p.cp.Votes)
			if errors.Is(err, data.ErrVoteOpen) {
				// A vote about this seat is open already: store the rest without a second one.
				ok, err = k.store.CompleteClock(ctx, k.owner, p.cp.Clock, p.cp.Items, p.cp.Events, nil)
			}
			if err != nil {
				errs = append(errs, err)
			}
			done[i] = ok
		}
		err = errors.Join(errs...)
	}
	for i, p := range batch {
		if !done[i] {
			continue
		}
		reminders += p.reminders
		timeouts += p.timeouts
		for _, f := range p.after {
			if e := f(ctx); e != nil {
				err = errors.Join(err, e)
			}
		}
	}
	return reminders, timeouts, err
}

// expire closes a vote nobody decided in time.
func (k *Keeper) expire(ctx context.Context, v data.Vote) error {
	row, _, err := k.store.GameByID(ctx, v.GameID)
	if err != nil {
		return err
	}
	var items []data.OutboxItem
	if row.Status == data.StatusPlaying {
		items = append(items, NoticeItem(row.ID, row.ChannelID, Notice{Event: NoticeVoteExpired, Seat: rules.Seat(v.Seat),
			Version: row.Version, Vote: v.ID}))
	}
	ev := data.Event{Version: row.Version, Kind: "vote-result", Text: rules.Msg("pace.event.vote_expired", "Vote", VoteSentence(v))}
	_, err = k.store.CloseVote(ctx, v.ID, ResultExpired, k.owner, items, []data.Event{ev})
	return err
}

// handle deals with one claimed seat clock: it returns what to store for it (nil when it stored
// something itself: a recompute).
//
// It does not hold the keeper's lock of the game (a policy may call into commands, which may call
// Update): a change stored meanwhile (a move, a nudge, an extension) releases the row's lease, and
// then this handling stores nothing (CompleteClock reports false).
func (k *Keeper) handle(ctx context.Context, c data.SeatClock) (*pending, error) {
	g, err := k.load(ctx, c.GameID)
	if err != nil {
		return nil, err
	}
	now := k.clock.Now()
	if g.st == nil || g.row.Status != data.StatusPlaying {
		c.Due, c.Since, c.NudgeBy = time.Time{}, time.Time{}, ""
		return &pending{cp: data.Completion{Clock: c}}, nil
	}
	if g.row.Version != c.Version && !Held(c, g.st.Active()) {
		return nil, k.Update(ctx, c.GameID) // it missed a change
	}
	u, err := k.store.UserPace(ctx, c.UserID)
	if err != nil {
		return nil, err
	}
	awayUntil, away := Away(u, now)
	if c.Paused {
		if !away {
			return nil, k.Update(ctx, c.GameID) // back: the clock runs again
		}
		c.Due = awayUntil
		return &pending{cp: data.Completion{Clock: c}}, nil
	}
	p := FromRow(g.pace)
	seat := rules.Seat(c.Seat)
	waited := false
	for _, a := range g.st.Active() {
		waited = waited || a == seat
	}
	// Whether the seat still has to act is known to it only (a secret step): nothing public
	// depends on it, only whether a private reminder is sent.
	decides := waited && len(g.st.Legal(seat)) > 0
	quiet := QuietOf(u)
	quietEnd := quiet.Until(now)
	held := quietEnd.After(now)
	reminder := func(nudgeBy string) data.OutboxItem {
		r := Reminder{Seat: seat, Version: g.row.Version, Since: c.LastMove, Waiting: c.TurnAt.Unix(), NudgeBy: nudgeBy, Count: c.Reminders + 1}
		if d, ok := Deadline(p, c); ok {
			r.Deadline, r.Late = d.Unix(), !now.Before(d)
		}
		return ReminderItem(g.row.ID, c.UserID, r)
	}
	var act Action
	var after []func(context.Context) error
	deferred := false
	reminders, timeouts := 0, 0
	if c.NudgeBy != "" {
		if held {
			deferred = true
		} else {
			if decides && !away {
				act.Items = append(act.Items, reminder(c.NudgeBy))
				reminders++
				c.Reminders++
				c.Reminded = now
			}
			c.NudgeBy = ""
		}
	}
	if d, ok := Deadline(p, c); ok && !c.TimedOut && !now.Before(d) {
		c.TimedOut = true
		if decides {
			pol, ok := k.policies[g.pace.Timeout]
			if !ok {
				pol = waitPolicy{}
			}
			a, err := pol.Timeout(ctx, k, Timeout{Game: g.row, Pace: g.pace, Seat: seat, UserID: c.UserID, State: g.st, Deadline: d, Now: now})
			if err != nil {
				return nil, fmt.Errorf("timeout policy %s: %w", g.pace.Timeout, err)
			}
			act.Items = append(act.Items, a.Items...)
			act.Events = append(act.Events, a.Events...)
			act.Votes = append(act.Votes, a.Votes...)
			if a.After != nil {
				after = append(after, a.After)
			}
			timeouts++
		}
	}
	if r, ok := NextReminder(p, c); ok && !now.Before(r) {
		if held {
			deferred = true
		} else {
			if decides && !away {
				act.Items = append(act.Items, reminder(""))
				reminders++
				c.Reminders++
			}
			c.Reminded = now
		}
	}
	c.Due = NextDue(p, c, awayUntil, now)
	if deferred {
		due := quietEnd
		if d, ok := Deadline(p, c); ok && !c.TimedOut && d.Before(due) {
			due = d
		}
		c.Due = due
	}
	return &pending{cp: data.Completion{Clock: c, Items: act.Items, Events: act.Events, Votes: act.Votes},
		reminders: reminders, timeouts: timeouts, after: after}, nil
}

// Nudge errors.
var (
	// ErrNotWaiting means the game does not wait for that seat now.
	ErrNotWaiting = errors.New("the game does not wait for that seat")
)

// NudgeRefusal says why a nudge was refused and when it would be possible.
type NudgeRefusal struct {
	// Reason is "soon" (the seat has not waited long enough) or "again" (nudged less than
	// NudgeEvery ago).
	Reason string
	// At is when a nudge will be possible.
	At time.Time
}

func (e *NudgeRefusal) Error() string { return "nudge refused: " + e.Reason } // lang:ok: for the log

// LateAfter is how long a seat must have waited before others may nudge it: the pace's reminder
// interval, or an hour for a live game.
func LateAfter(p Pace) time.Duration {
	if p.Remind > 0 {
		return p.Remind
	}
	return time.Hour
}

// Nudge asks the scheduler to remind seat of game gameID now on behalf of the user by (respecting
// the seat's quiet hours), and records it. Whether the seat still has a decision in a secret step
// is not revealed: it is nudged whenever the game waits on it publicly (Active). Errors:
// ErrNotWaiting; a *NudgeRefusal when the seat has waited less than LateAfter or was nudged less
// than NudgeEvery ago.
func (k *Keeper) Nudge(ctx context.Context, gameID int64, seat rules.Seat, by string) error {
	defer k.lock(gameID)()
	g, err := k.load(ctx, gameID)
	if err != nil {
		return err
	}
	cs, err := k.store.Clocks(ctx, gameID)
	if err != nil {
		return err
	}
	var c *data.SeatClock
	for i := range cs {
		if cs[i].Seat == int(seat) {
			c = &cs[i]
		}
	}
	if g.row.Status != data.StatusPlaying || c == nil || c.TurnAt.IsZero() || c.Version != g.row.Version {
		return ErrNotWaiting
	}
	now := k.clock.Now()
	if !c.Nudged.IsZero() && now.Sub(c.Nudged) < NudgeEvery {
		return &NudgeRefusal{Reason: "again", At: c.Nudged.Add(NudgeEvery)} // lang:ok: a code
	}
	if late := LateAfter(FromRow(g.pace)); now.Sub(c.TurnAt) < late {
		return &NudgeRefusal{Reason: "soon", At: c.TurnAt.Add(late)} // lang:ok: a code
	}
	c.Nudged, c.NudgeBy, c.Due = now, by, now
	ev := data.Event{Version: g.row.Version, Kind: "nudge", UserID: by, Text: rules.Msg("pace.event.nudge", "User", "<@"+by+">", "Seat", rules.SeatRef(seat))}
	return k.store.SaveClocks(ctx, gameID, []data.SeatClock{*c}, nil, []data.Event{ev})
}

// Extend adds d to the banks of the given seats of a game (every seat the game waits on when
// seats is empty) and lets their deadline count again; events are stored with the clocks.
func (k *Keeper) Extend(ctx context.Context, gameID int64, seats []rules.Seat, d time.Duration, events []data.Event) error {
	defer k.lock(gameID)()
	if err := k.update(ctx, gameID, nil, nil); err != nil {
		return err
	}
	g, err := k.load(ctx, gameID)
	if err != nil {
		return err
	}
	cs, err := k.store.Clocks(ctx, gameID)
	if err != nil {
		return err
	}
	now := k.clock.Now()
	p := FromRow(g.pace)
	for i := range cs {
		c := &cs[i]
		pick := len(seats) == 0 && !c.TurnAt.IsZero()
		for _, s := range seats {
			pick = pick || int(s) == c.Seat
		}
		if !pick {
			continue
		}
		c.Bank += d
		if r := Remaining(*c, now); r < d {
			c.Bank += d - r // an overdue clock gets d from now
		}
		c.TimedOut = false
		c.Due = NextDue(p, *c, time.Time{}, now)
	}
	return k.store.SaveClocks(ctx, gameID, cs, nil, events)
}

// Pause stops every clock of a game until its next move, recording events with it.
func (k *Keeper) Pause(ctx context.Context, gameID int64, events []data.Event) error {
	defer k.lock(gameID)()
	g, err := k.load(ctx, gameID)
	if err != nil {
		return err
	}
	g.pace.Paused = true
	if err := k.store.SetGamePace(ctx, g.pace); err != nil {
		return err
	}
	return k.update(ctx, gameID, nil, events)
}

// SetAway records a player's absence from now until until (zero until: they are back) and
// recomputes the clocks of every game they play in, recording an "away" event in each. It returns
// the ids of those games.
func (k *Keeper) SetAway(ctx context.Context, userID string, until time.Time) ([]int64, error) {
	u, err := k.store.UserPace(ctx, userID)
	if err != nil {
		return nil, err
	}
	now := k.clock.Now()
	u.UserID = userID
	text := rules.Msg("pace.event.back", "User", "<@"+userID+">")
	if until.IsZero() {
		u.AwayFrom, u.AwayUntil = time.Time{}, time.Time{}
	} else {
		u.AwayFrom, u.AwayUntil = now, until
		text = rules.Msg("pace.event.away", "User", "<@"+userID+">", "Until", fmt.Sprintf("<t:%d:f>", until.Unix()))
	}
	if err := k.store.SetUserPace(ctx, u); err != nil {
		return nil, err
	}
	cs, err := k.store.ClocksOfUser(ctx, userID)
	if err != nil {
		return nil, err
	}
	var games []int64
	for _, c := range cs {
		if len(games) > 0 && games[len(games)-1] == c.GameID {
			continue
		}
		row, _, err := k.store.GameByID(ctx, c.GameID)
		if err != nil {
			return nil, err
		}
		if row.Status != data.StatusPlaying {
			continue
		}
		games = append(games, c.GameID)
		unlock := k.lock(c.GameID)
		err = k.update(ctx, c.GameID, nil, []data.Event{{Version: row.Version, Kind: "away", UserID: userID, Text: text}})
		unlock()
		if err != nil {
			return nil, err
		}
	}
	return games, nil
}

// VoteSentence is the public sentence naming a vote, as rules text with seats as rules.SeatRef:
// "Vote to give {1}'s clock 1 day more".
func VoteSentence(v data.Vote) string {
	who := rules.Msg("pace.vote.whose_waited") // the waited-on players'
	if v.Seat >= 0 {
		who = rules.Msg("pace.vote.whose_seat", "Seat", rules.SeatRef(rules.Seat(v.Seat))) // {1}'s
	}
	switch v.Kind {
	case VoteExtend:
		return rules.Msg("pace.vote.extend", "Whose", who, "Time", Words(Extension))
	case VotePause:
		return rules.Msg("pace.vote.pause")
	case VoteReplace:
		if v.Seat < 0 {
			return rules.Msg("pace.vote.replace_waited")
		}
		return rules.Msg("pace.vote.replace", "Whose", who)
	case VoteEnd:
		return rules.Msg("pace.vote.end")
	case VoteRematch:
		return rules.Msg("pace.vote.rematch")
	case VoteTimeout:
		return rules.Msg("pace.vote.timeout", "Whose", who)
	}
	return rules.Msg("pace.vote.other")
}

// canPass reports whether seat may pass now (a legal move whose text is "pass").
func canPass(st rules.State, seat rules.Seat) bool {
	for _, m := range st.Legal(seat) {
		if m.String() == "pass" {
			return true
		}
	}
	return false
}

type waitPolicy struct{}

func (waitPolicy) Timeout(_ context.Context, _ *Keeper, t Timeout) (Action, error) {
	return Action{
		Items: []data.OutboxItem{NoticeItem(t.Game.ID, t.Game.ChannelID, Notice{Event: NoticeTimeout, Seat: t.Seat,
			Version: t.Game.Version, Policy: TimeoutWait, Deadline: t.Deadline.Unix()})},
		Events: []data.Event{{Version: t.Game.Version, Kind: "timeout",
			Text: rules.Msg("pace.event.timeout_wait", "Seat", rules.SeatRef(t.Seat))}},
	}, nil
}

type votePolicy struct{}

func (votePolicy) Timeout(_ context.Context, k *Keeper, t Timeout) (Action, error) {
	v := data.Vote{Kind: VoteTimeout, Seat: int(t.Seat), Choices: TimeoutChoices(canPass(t.State, t.Seat), k.HasAI()),
		Version: t.Game.Version, OpenedAt: t.Now, Due: t.Now.Add(VoteTTL(FromRow(t.Pace))), Ballots: map[int]string{}}
	return Action{
		Items: []data.OutboxItem{NoticeItem(t.Game.ID, t.Game.ChannelID, Notice{Event: NoticeTimeout, Seat: t.Seat,
			Version: t.Game.Version, Policy: TimeoutVote, Deadline: t.Deadline.Unix()})},
		Events: []data.Event{{Version: t.Game.Version, Kind: "timeout",
			Text: rules.Msg("pace.event.timeout_vote", "Seat", rules.SeatRef(t.Seat))}},
		Votes: []data.Vote{v},
	}, nil
}

type aiPolicy struct{}

func (aiPolicy) Timeout(ctx context.Context, k *Keeper, t Timeout) (Action, error) {
	if k.ai == nil {
		return waitPolicy{}.Timeout(ctx, k, t)
	}
	gameID, seat := t.Game.ID, t.Seat
	return Action{
		Events: []data.Event{{Version: t.Game.Version, Kind: "timeout",
			Text: rules.Msg("pace.event.timeout_ai", "Seat", rules.SeatRef(t.Seat))}},
		After: func(ctx context.Context) error {
			if err := k.ai.StandIn(ctx, gameID, seat, rules.Msg("pace.standin.timeout")); err != nil {
				return err
			}
			return k.Update(ctx, gameID) // the seat's clock stops
		},
	}, nil
}

// Deadline returns when seat's current decision in game gameID is due, and false when it has no
// deadline (a live game, a seat not waited on, a paused clock). Package commands shows it in
// /mygames.
func (k *Keeper) Deadline(ctx context.Context, gameID int64, seat rules.Seat) (time.Time, bool, error) {
	gp, ok, err := k.store.GamePace(ctx, gameID)
	if err != nil || !ok {
		return time.Time{}, false, err
	}
	cs, err := k.store.Clocks(ctx, gameID)
	if err != nil {
		return time.Time{}, false, err
	}
	for _, c := range cs {
		if c.Seat == int(seat) {
			d, ok := Deadline(FromRow(gp), c)
			return d, ok, nil
		}
	}
	return time.Time{}, false, nil
}
