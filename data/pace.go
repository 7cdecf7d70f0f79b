package data

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"
)

// The long-game layer's rows (package pace owns their meaning; migrations/0004_pace.sql documents
// every column). Every method here is one transaction.

// Errors of the pace rows.
var (
	// ErrVoteOpen means the game already has an open vote of that kind about that seat.
	ErrVoteOpen = errors.New("such a vote is already open")
	// ErrVoteClosed means the vote was already decided or expired.
	ErrVoteClosed = errors.New("the vote is closed")
	// ErrNoVote means there is no vote with that id.
	ErrNoVote = errors.New("no such vote")
)

// GamePace is a game's pace and policies (a row of game_pace).
type GamePace struct {
	GameID int64
	// Pace is "live", "fast", "daily", "weekly" or "custom".
	Pace string
	// Clock is each seat's time bank at the start (0: no clock); Increment is added after each of
	// the seat's moves, up to Cap (0: no cap). Remind is the reminder interval (0: none).
	Clock, Increment, Cap, Remind time.Duration
	// Timeout is the timeout policy ("wait", "vote", "ai"); Away is "pause" or "act".
	Timeout, Away string
	// Paused is true while the table paused every clock (until the next move).
	Paused bool
}

// SeatClock is one seat's clock and scheduler row (a row of seat_clocks). Zero times mean NULL.
type SeatClock struct {
	GameID    int64
	Seat      int
	UserID    string
	Bank      time.Duration
	Since     time.Time
	TurnAt    time.Time
	Version   int
	LastMove  int
	Reminded  time.Time
	Reminders int
	TimedOut  bool
	Paused    bool
	Nudged    time.Time
	NudgeBy   string
	Due       time.Time
}

// UserPace is a player's time zone, quiet hours and absence (a row of user_pace).
type UserPace struct {
	UserID string
	// TZ is an IANA time zone name ("" = UTC).
	TZ string
	// QuietFrom and QuietTo are minutes after local midnight; -1 when the player has none.
	QuietFrom, QuietTo int
	// AwayFrom and AwayUntil bound the player's absence; zero when not away.
	AwayFrom, AwayUntil time.Time
}

// Vote is a question put to a game's table (a row of votes with its ballots).
type Vote struct {
	ID       int64
	GameID   int64
	Kind     string
	Seat     int
	Choices  []string
	OpenedBy string
	OpenedAt time.Time
	Version  int
	// Result is "" while open, then the winning choice, "failed" or "expired".
	Result   string
	ClosedAt time.Time
	// Due is the vote's expiry while it is open.
	Due time.Time
	// Ballots maps a seat to its choice.
	Ballots map[int]string
	// TakenBy is the user who took the seat a passed replace vote put up ("" while nobody has;
	// see TakeVotedSeat).
	TakenBy string
	// Cooldown is read by OpenVote only (not stored): it refuses the vote while a vote of the
	// same kind in the game failed or expired less than Cooldown ago (a *VoteCooldownError).
	Cooldown time.Duration
}

// nullMillis is t in unix ms, or NULL for the zero time.
func nullMillis(t time.Time) sql.NullInt64 {
	if t.IsZero() {
		return sql.NullInt64{}
	}
	return sql.NullInt64{Int64: t.UnixMilli(), Valid: true}
}

// timeOf is the time of a nullable unix ms column (zero for NULL).
func timeOf(v sql.NullInt64) time.Time {
	if !v.Valid {
		return time.Time{}
	}
	return fromMillis(v.Int64)
}

// SetGamePace stores a game's pace (insert or replace). Errors: an unknown game or a value the
// schema refuses.
func (s *Store) SetGamePace(ctx context.Context, p GamePace) error {
	err := s.write(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO game_pace (game_id, pace, clock_ms, increment_ms, cap_ms, remind_ms, timeout, away, paused)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
			ON CONFLICT (game_id) DO UPDATE SET pace = excluded.pace, clock_ms = excluded.clock_ms,
			increment_ms = excluded.increment_ms, cap_ms = excluded.cap_ms, remind_ms = excluded.remind_ms,
			timeout = excluded.timeout, away = excluded.away, paused = excluded.paused`,
			p.GameID, p.Pace, p.Clock.Milliseconds(), p.Increment.Milliseconds(), p.Cap.Milliseconds(),
			p.Remind.Milliseconds(), p.Timeout, p.Away, p.Paused)
		return err
	})
	if err != nil {
		return fmt.Errorf("set pace of game %d: %w", p.GameID, err)
	}
	return nil
}

// GamePace returns a game's pace, and false when it has none stored (a live game).
func (s *Store) GamePace(ctx context.Context, gameID int64) (GamePace, bool, error) {
	p := GamePace{GameID: gameID}
	found := false
	err := s.read(ctx, func(tx *sql.Tx) error {
		var c, i, cp, r int64
		err := tx.QueryRowContext(ctx, `SELECT pace, clock_ms, increment_ms, cap_ms, remind_ms, timeout, away, paused
			FROM game_pace WHERE game_id = ?`, gameID).Scan(&p.Pace, &c, &i, &cp, &r, &p.Timeout, &p.Away, &p.Paused)
		if errors.Is(err, sql.ErrNoRows) {
			return nil
		}
		if err != nil {
			return err
		}
		found = true
		p.Clock, p.Increment, p.Cap, p.Remind = time.Duration(c)*time.Millisecond, time.Duration(i)*time.Millisecond,
			time.Duration(cp)*time.Millisecond, time.Duration(r)*time.Millisecond
		return nil
	})
	if err != nil {
		return GamePace{}, false, fmt.Errorf("pace of game %d: %w", gameID, err)
	}
	return p, found, nil
}

const clockColumns = `game_id, seat, user_id, bank_ms, since_at, turn_at, version, last_move, reminded_at, reminders,
	timed_out, paused, nudged_at, nudge_by, due_at`

func scanClock(sc scanner) (SeatClock, error) {
	var (
		c                                    SeatClock
		bank                                 int64
		since, turn, reminded, nudged, dueAt sql.NullInt64
	)
	if err := sc.Scan(&c.GameID, &c.Seat, &c.UserID, &bank, &since, &turn, &c.Version, &c.LastMove, &reminded,
		&c.Reminders, &c.TimedOut, &c.Paused, &nudged, &c.NudgeBy, &dueAt); err != nil {
		return SeatClock{}, err
	}
	c.Bank = time.Duration(bank) * time.Millisecond
	c.Since, c.TurnAt, c.Reminded, c.Nudged, c.Due = timeOf(since), timeOf(turn), timeOf(reminded), timeOf(nudged), timeOf(dueAt)
	return c, nil
}

func queryClocks(ctx context.Context, q querier, where string, args ...any) ([]SeatClock, error) {
	rows, err := q.QueryContext(ctx, `SELECT `+clockColumns+` FROM seat_clocks `+where, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []SeatClock
	for rows.Next() {
		c, err := scanClock(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, rows.Err()
}

// Clocks returns the seat clocks of a game by seat (none before its first recompute).
func (s *Store) Clocks(ctx context.Context, gameID int64) ([]SeatClock, error) {
	var out []SeatClock
	err := s.read(ctx, func(tx *sql.Tx) error {
		var err error
		out, err = queryClocks(ctx, tx, `WHERE game_id = ? ORDER BY seat`, gameID)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("clocks of game %d: %w", gameID, err)
	}
	return out, nil
}

// ClocksOfUser returns every seat clock of a user, by game and seat.
func (s *Store) ClocksOfUser(ctx context.Context, userID string) ([]SeatClock, error) {
	var out []SeatClock
	err := s.read(ctx, func(tx *sql.Tx) error {
		var err error
		out, err = queryClocks(ctx, tx, `WHERE user_id = ? ORDER BY game_id, seat`, userID)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("clocks of %s: %w", userID, err)
	}
	return out, nil
}

func upsertClock(ctx context.Context, tx *sql.Tx, c SeatClock) error {
	_, err := tx.ExecContext(ctx, `INSERT INTO seat_clocks (`+clockColumns+`, lease_until, lease_owner)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, NULL)
		ON CONFLICT (game_id, seat) DO UPDATE SET user_id = excluded.user_id, bank_ms = excluded.bank_ms,
		since_at = excluded.since_at, turn_at = excluded.turn_at, version = excluded.version,
		last_move = excluded.last_move, reminded_at = excluded.reminded_at, reminders = excluded.reminders,
		timed_out = excluded.timed_out, paused = excluded.paused, nudged_at = excluded.nudged_at,
		nudge_by = excluded.nudge_by, due_at = excluded.due_at, lease_until = NULL, lease_owner = NULL`,
		c.GameID, c.Seat, c.UserID, c.Bank.Milliseconds(), nullMillis(c.Since), nullMillis(c.TurnAt), c.Version,
		c.LastMove, nullMillis(c.Reminded), c.Reminders, c.TimedOut, c.Paused, nullMillis(c.Nudged), c.NudgeBy,
		nullMillis(c.Due))
	return err
}

// SaveClocks writes a game's seat clocks (insert or replace; each row's GameID is set to gameID),
// releasing any scheduler lease on them (a move supersedes a claimed reminder), and queues items
// and records events, in one transaction.
func (s *Store) SaveClocks(ctx context.Context, gameID int64, clocks []SeatClock, items []OutboxItem, events []Event) error {
	if err := checkItems(items); err != nil {
		return fmt.Errorf("save clocks of game %d: %w", gameID, err)
	}
	now := s.now().Truncate(time.Millisecond)
	err := s.write(ctx, func(tx *sql.Tx) error {
		for _, c := range clocks {
			c.GameID = gameID
			if err := upsertClock(ctx, tx, c); err != nil {
				return err
			}
		}
		if _, err := insertItems(ctx, tx, gameID, now, items); err != nil {
			return err
		}
		for _, e := range events {
			e.GameID = gameID
			if _, err := insertEvent(ctx, tx, now, e); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("save clocks of game %d: %w", gameID, err)
	}
	return nil
}

// ClaimClocks leases up to limit seat clocks due at now (due_at <= now) that no live lease holds,
// earliest first, to owner until until, and returns them. A crashed owner's lease runs out and
// another claims the row again.
func (s *Store) ClaimClocks(ctx context.Context, now, until time.Time, owner string, limit int) ([]SeatClock, error) {
	// Most ticks find nothing due: look first without taking the write lock.
	if due, err := s.anyDue(ctx, `SELECT 1 FROM seat_clocks WHERE due_at IS NOT NULL AND due_at <= ?
		AND (lease_until IS NULL OR lease_until < ?) LIMIT 1`, now); err != nil || !due {
		return nil, err
	}
	var out []SeatClock
	err := s.claim(ctx, func(tx *sql.Tx) error {
		var err error
		out, err = queryClocks(ctx, tx, `WHERE (game_id, seat) IN (SELECT game_id, seat FROM seat_clocks
			WHERE due_at IS NOT NULL AND due_at <= ? AND (lease_until IS NULL OR lease_until < ?)
			ORDER BY due_at LIMIT ?`+s.skipLocked()+`)`, millis(now), millis(now), limit)
		if err != nil || len(out) == 0 {
			return err
		}
		for _, c := range out {
			if _, err := tx.ExecContext(ctx, `UPDATE seat_clocks SET lease_until = ?, lease_owner = ? WHERE game_id = ? AND seat = ?`,
				millis(until), owner, c.GameID, c.Seat); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("claim due clocks: %w", err)
	}
	return out, nil
}

// CompleteClock stores what the scheduler made of a claimed clock — its new values, the outbox
// items, events and votes it produced — in one transaction, and releases the lease. It does
// nothing and returns false when owner no longer holds the row's lease or the row was recomputed
// meanwhile (its version changed: a move came in), so a due reminder is sent at most once.
// Errors: ErrVoteOpen if a vote of the same kind about the same seat is open (nothing is written).
func (s *Store) CompleteClock(ctx context.Context, owner string, c SeatClock, items []OutboxItem, events []Event, votes []Vote) (bool, error) {
	done, err := s.CompleteClocks(ctx, owner, []Completion{{Clock: c, Items: items, Events: events, Votes: votes}})
	if err != nil {
		return false, err
	}
	return done[0], nil
}

// Completion is what the scheduler made of one claimed clock (see CompleteClock).
type Completion struct {
	Clock  SeatClock
	Items  []OutboxItem
	Events []Event
	Votes  []Vote
}

// CompleteClocks is CompleteClock for several claimed clocks in one transaction (a tick's batch:
// one commit instead of one per row). done[i] reports whether cs[i] was stored; a row whose lease
// was lost or whose version changed is skipped, the others are stored. Any error (ErrVoteOpen
// included) writes nothing at all.
func (s *Store) CompleteClocks(ctx context.Context, owner string, cs []Completion) ([]bool, error) {
	for _, cp := range cs {
		if err := checkItems(cp.Items); err != nil {
			return nil, fmt.Errorf("complete clock: %w", err)
		}
	}
	now := s.now().Truncate(time.Millisecond)
	done := make([]bool, len(cs))
	err := s.write(ctx, func(tx *sql.Tx) error {
		clear(done) // fn may run again (a PostgreSQL retry)
		for i, cp := range cs {
			c := cp.Clock
			res, err := tx.ExecContext(ctx, `UPDATE seat_clocks SET bank_ms = ?, since_at = ?, turn_at = ?, last_move = ?,
				reminded_at = ?, reminders = ?, timed_out = ?, paused = ?, nudged_at = ?, nudge_by = ?, due_at = ?,
				lease_until = NULL, lease_owner = NULL
				WHERE game_id = ? AND seat = ? AND lease_owner = ? AND version = ?`,
				c.Bank.Milliseconds(), nullMillis(c.Since), nullMillis(c.TurnAt), c.LastMove, nullMillis(c.Reminded),
				c.Reminders, c.TimedOut, c.Paused, nullMillis(c.Nudged), c.NudgeBy, nullMillis(c.Due),
				c.GameID, c.Seat, owner, c.Version)
			if err != nil {
				return err
			}
			if n, err := res.RowsAffected(); err != nil {
				return err
			} else if n == 0 {
				continue
			}
			done[i] = true
			if _, err := insertItems(ctx, tx, c.GameID, now, cp.Items); err != nil {
				return err
			}
			for _, e := range cp.Events {
				e.GameID = c.GameID
				if _, err := insertEvent(ctx, tx, now, e); err != nil {
					return err
				}
			}
			for _, v := range cp.Votes {
				v.GameID = c.GameID
				if _, err := insertVote(ctx, tx, now, v); err != nil {
					return err
				}
			}
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("complete %d clocks: %w", len(cs), err)
	}
	return done, nil
}

// UserPace returns a user's time zone, quiet hours and absence (no quiet hours, not away, when
// never set).
func (s *Store) UserPace(ctx context.Context, userID string) (UserPace, error) {
	u := UserPace{UserID: userID, QuietFrom: -1, QuietTo: -1}
	err := s.read(ctx, func(tx *sql.Tx) error {
		var from, until sql.NullInt64
		err := tx.QueryRowContext(ctx, `SELECT tz, quiet_from, quiet_to, away_from, away_until FROM user_pace WHERE user_id = ?`,
			userID).Scan(&u.TZ, &u.QuietFrom, &u.QuietTo, &from, &until)
		if errors.Is(err, sql.ErrNoRows) {
			return nil
		}
		u.AwayFrom, u.AwayUntil = timeOf(from), timeOf(until)
		return err
	})
	if err != nil {
		return UserPace{}, fmt.Errorf("pace settings of %s: %w", userID, err)
	}
	return u, nil
}

// SetUserPace stores a user's time zone, quiet hours and absence. Errors: an empty user id, quiet
// hours out of range.
func (s *Store) SetUserPace(ctx context.Context, u UserPace) error {
	if u.UserID == "" {
		return errors.New("set pace settings: empty user id")
	}
	err := s.write(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO user_pace (user_id, tz, quiet_from, quiet_to, away_from, away_until, updated_at)
			VALUES (?, ?, ?, ?, ?, ?, ?)
			ON CONFLICT (user_id) DO UPDATE SET tz = excluded.tz, quiet_from = excluded.quiet_from,
			quiet_to = excluded.quiet_to, away_from = excluded.away_from, away_until = excluded.away_until,
			updated_at = excluded.updated_at`,
			u.UserID, u.TZ, u.QuietFrom, u.QuietTo, nullMillis(u.AwayFrom), nullMillis(u.AwayUntil), millis(s.now()))
		return err
	})
	if err != nil {
		return fmt.Errorf("set pace settings of %s: %w", u.UserID, err)
	}
	return nil
}

// insertVote adds an open vote in tx and returns it with its id. ErrVoteOpen if the same vote is
// open.
func insertVote(ctx context.Context, tx *sql.Tx, now time.Time, v Vote) (Vote, error) {
	if v.OpenedAt.IsZero() {
		v.OpenedAt = now
	}
	err := tx.QueryRowContext(ctx, `INSERT INTO votes (game_id, kind, seat, choices, opened_by, opened_at, version, due_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
		v.GameID, v.Kind, v.Seat, strings.Join(v.Choices, ","), v.OpenedBy, millis(v.OpenedAt), v.Version,
		nullMillis(v.Due)).Scan(&v.ID)
	if isUnique(err) {
		return Vote{}, ErrVoteOpen
	}
	if err != nil {
		return Vote{}, err
	}
	for seat, choice := range v.Ballots {
		if _, err := tx.ExecContext(ctx, `INSERT INTO ballots (vote_id, seat, choice, at) VALUES (?, ?, ?, ?)`,
			v.ID, seat, choice, millis(now)); err != nil {
			return Vote{}, err
		}
	}
	return v, nil
}

// OpenVote stores a new open vote with its first ballots (v.Ballots), its event and items, in one
// transaction, and returns it with its id: a vote a player opens (/game vote). Nothing is written
// on ErrVoteOpen (the game has an open vote of that kind, about any seat: one open vote per topic)
// or on a *VoteCooldownError (a vote of that kind failed or expired less than v.Cooldown ago).
func (s *Store) OpenVote(ctx context.Context, v Vote, items []OutboxItem, events []Event) (Vote, error) {
	if err := checkItems(items); err != nil {
		return Vote{}, fmt.Errorf("open vote: %w", err)
	}
	now := s.now().Truncate(time.Millisecond)
	err := s.write(ctx, func(tx *sql.Tx) error {
		if err := topicFree(ctx, tx, now, v); err != nil {
			return err
		}
		var err error
		if v, err = insertVote(ctx, tx, now, v); err != nil {
			return err
		}
		if _, err := insertItems(ctx, tx, v.GameID, now, items); err != nil {
			return err
		}
		for _, e := range events {
			e.GameID = v.GameID
			if _, err := insertEvent(ctx, tx, now, e); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return Vote{}, fmt.Errorf("open %s vote in game %d: %w", v.Kind, v.GameID, err)
	}
	return v, nil
}

const voteColumns = `id, game_id, kind, seat, choices, opened_by, opened_at, version, result, closed_at, due_at, taken_by`

func loadVotes(ctx context.Context, q querier, where string, args ...any) ([]Vote, error) {
	rows, err := q.QueryContext(ctx, `SELECT `+voteColumns+` FROM votes `+where, args...)
	if err != nil {
		return nil, err
	}
	var out []Vote
	for rows.Next() {
		var (
			v             Vote
			choices       string
			opened        int64
			closed, dueAt sql.NullInt64
		)
		if err := rows.Scan(&v.ID, &v.GameID, &v.Kind, &v.Seat, &choices, &v.OpenedBy, &opened, &v.Version, &v.Result,
			&closed, &dueAt, &v.TakenBy); err != nil {
			rows.Close()
			return nil, err
		}
		v.Choices = strings.Split(choices, ",")
		v.OpenedAt, v.ClosedAt, v.Due = fromMillis(opened), timeOf(closed), timeOf(dueAt)
		v.Ballots = map[int]string{}
		out = append(out, v)
	}
	if err := errors.Join(rows.Err(), rows.Close()); err != nil {
		return nil, err
	}
	for i := range out {
		rows, err := q.QueryContext(ctx, `SELECT seat, choice FROM ballots WHERE vote_id = ?`, out[i].ID)
		if err != nil {
			return nil, err
		}
		for rows.Next() {
			var (
				seat   int
				choice string
			)
			if err := rows.Scan(&seat, &choice); err != nil {
				rows.Close()
				return nil, err
			}
			out[i].Ballots[seat] = choice
		}
		if err := errors.Join(rows.Err(), rows.Close()); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// VoteByID returns a vote with its ballots. ErrNoVote if there is none.
func (s *Store) VoteByID(ctx context.Context, id int64) (Vote, error) {
	var out []Vote
	err := s.read(ctx, func(tx *sql.Tx) error {
		var err error
		out, err = loadVotes(ctx, tx, `WHERE id = ?`, id)
		return err
	})
	if err == nil && len(out) == 0 {
		err = ErrNoVote
	}
	if err != nil {
		return Vote{}, fmt.Errorf("vote %d: %w", id, err)
	}
	return out[0], nil
}

// Votes returns a game's votes, oldest first; only the open ones when open is true.
func (s *Store) Votes(ctx context.Context, gameID int64, open bool) ([]Vote, error) {
	where := `WHERE game_id = ? ORDER BY id`
	if open {
		where = `WHERE game_id = ? AND result = '' ORDER BY id`
	}
	var out []Vote
	err := s.read(ctx, func(tx *sql.Tx) error {
		var err error
		out, err = loadVotes(ctx, tx, where, gameID)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("votes of game %d: %w", gameID, err)
	}
	return out, nil
}

// CastBallot records seat's choice in an open vote (replacing its earlier ballot) and returns the
// vote with every ballot. ErrNoVote, ErrVoteClosed; an error for a choice the vote does not offer.
func (s *Store) CastBallot(ctx context.Context, voteID int64, seat int, choice string) (Vote, error) {
	var v Vote
	err := s.write(ctx, func(tx *sql.Tx) error {
		vs, err := loadVotes(ctx, tx, `WHERE id = ?`, voteID)
		if err != nil {
			return err
		}
		if len(vs) == 0 {
			return ErrNoVote
		}
		v = vs[0]
		if v.Result != "" {
			return ErrVoteClosed
		}
		ok := false
		for _, c := range v.Choices {
			ok = ok || c == choice
		}
		if !ok {
			return fmt.Errorf("the vote offers no choice %q", choice)
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO ballots (vote_id, seat, choice, at) VALUES (?, ?, ?, ?)
			ON CONFLICT (vote_id, seat) DO UPDATE SET choice = excluded.choice, at = excluded.at`,
			voteID, seat, choice, millis(s.now())); err != nil {
			return err
		}
		v.Ballots[seat] = choice
		return nil
	})
	if err != nil {
		return Vote{}, fmt.Errorf("ballot in vote %d: %w", voteID, err)
	}
	return v, nil
}

// CloseVote decides an open vote with result (a choice, "failed" or "expired"), queueing items
// and recording events in the same transaction. When owner is not "" the caller must hold the
// vote's lease (the scheduler's expiry). It returns false, writing nothing, when the vote was
// already closed or the lease is lost.
func (s *Store) CloseVote(ctx context.Context, id int64, result, owner string, items []OutboxItem, events []Event) (bool, error) {
	if err := checkItems(items); err != nil {
		return false, fmt.Errorf("close vote %d: %w", id, err)
	}
	now := s.now().Truncate(time.Millisecond)
	done := false
	err := s.write(ctx, func(tx *sql.Tx) error {
		done = false // fn may run again (a PostgreSQL retry)
		q := `UPDATE votes SET result = ?, closed_at = ?, due_at = NULL, lease_until = NULL, lease_owner = NULL
			WHERE id = ? AND result = ''`
		args := []any{result, millis(now), id}
		if owner != "" {
			q += ` AND lease_owner = ?`
			args = append(args, owner)
		}
		res, err := tx.ExecContext(ctx, q, args...)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			return err
		}
		done = true
		var gameID int64
		if err := tx.QueryRowContext(ctx, `SELECT game_id FROM votes WHERE id = ?`, id).Scan(&gameID); err != nil {
			return err
		}
		if _, err := insertItems(ctx, tx, gameID, now, items); err != nil {
			return err
		}
		for _, e := range events {
			e.GameID = gameID
			if _, err := insertEvent(ctx, tx, now, e); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return false, fmt.Errorf("close vote %d: %w", id, err)
	}
	return done, nil
}

// ClaimVotes leases up to limit open votes whose expiry is due at now, to owner until until.
func (s *Store) ClaimVotes(ctx context.Context, now, until time.Time, owner string, limit int) ([]Vote, error) {
	if due, err := s.anyDue(ctx, `SELECT 1 FROM votes WHERE due_at IS NOT NULL AND due_at <= ?
		AND (lease_until IS NULL OR lease_until < ?) LIMIT 1`, now); err != nil || !due {
		return nil, err
	}
	var out []Vote
	err := s.claim(ctx, func(tx *sql.Tx) error {
		var err error
		out, err = loadVotes(ctx, tx, `WHERE id IN (SELECT id FROM votes WHERE due_at IS NOT NULL AND due_at <= ?
			AND (lease_until IS NULL OR lease_until < ?) ORDER BY due_at LIMIT ?`+s.skipLocked()+`)`,
			millis(now), millis(now), limit)
		if err != nil {
			return err
		}
		for _, v := range out {
			if _, err := tx.ExecContext(ctx, `UPDATE votes SET lease_until = ?, lease_owner = ? WHERE id = ?`,
				millis(until), owner, v.ID); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("claim due votes: %w", err)
	}
	return out, nil
}

// anyDue runs a "SELECT 1 … LIMIT 1" query of due rows with now as both parameters, in a read
// transaction, and reports whether it found one.
func (s *Store) anyDue(ctx context.Context, query string, now time.Time) (bool, error) {
	found := false
	err := s.read(ctx, func(tx *sql.Tx) error {
		var one int
		err := tx.QueryRowContext(ctx, query, millis(now), millis(now)).Scan(&one)
		if errors.Is(err, sql.ErrNoRows) {
			return nil
		}
		found = err == nil
		return err
	})
	if err != nil {
		return false, fmt.Errorf("look for due rows: %w", err)
	}
	return found, nil
}

// MovesSince returns a game's moves after version (Seq > version), in order.
func (s *Store) MovesSince(ctx context.Context, gameID int64, version int) ([]Move, error) {
	var out []Move
	err := s.read(ctx, func(tx *sql.Tx) error {
		rows, err := tx.QueryContext(ctx, `SELECT seq, seat, move, user_id, at FROM moves WHERE game_id = ? AND seq > ? ORDER BY seq`,
			gameID, version)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var (
				m  Move
				at int64
			)
			if err := rows.Scan(&m.Seq, &m.Seat, &m.Move, &m.UserID, &at); err != nil {
				return err
			}
			m.At = fromMillis(at)
			out = append(out, m)
		}
		return rows.Err()
	})
	if err != nil {
		return nil, fmt.Errorf("moves of game %d since %d: %w", gameID, version, err)
	}
	return out, nil
}
