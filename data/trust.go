package data

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// Trust (issue 24): a seat a table vote put up is given once, to the first volunteer, in the
// transaction that hands it over; a player opens at most one vote per topic per game, and not again
// right after one failed; an interaction is acted on once (HandleOnce).

// ErrSeatGiven means the seat a vote put up was already taken by someone (see *SeatGivenError).
var ErrSeatGiven = errors.New("the seat was already taken")

// ErrNotPutUp means the vote named does not put that seat of that game up for a volunteer (it is
// of another game or seat, or still open).
var ErrNotPutUp = errors.New("the vote did not put that seat up")

// ErrTooManyLobbies means the creator already has as many open lobbies in the server as
// CreateLobbyAtMost allows.
var ErrTooManyLobbies = errors.New("the user has too many open lobbies in this server")

// SeatGivenError is TakeVotedSeat's refusal when the vote's seat was already taken: By is the user
// who took it. It matches ErrSeatGiven with errors.Is.
type SeatGivenError struct{ By string }

func (e *SeatGivenError) Error() string { return fmt.Sprintf("the seat was already taken by %s", e.By) }

// Is makes errors.Is(err, ErrSeatGiven) true.
func (e *SeatGivenError) Is(target error) bool { return target == ErrSeatGiven }

// VoteCooldownError is OpenVote's refusal while a vote of the same kind in the game failed or
// expired too recently: Until is when it may be opened again.
type VoteCooldownError struct{ Until time.Time }

func (e *VoteCooldownError) Error() string {
	return fmt.Sprintf("a vote of that kind failed recently; it may be opened again at %s", e.Until.UTC().Format(time.RFC3339))
}

// topicFree checks, in tx, that v may be opened at now: no open vote of its kind in its game
// (ErrVoteOpen), and none of its kind that failed or expired within v.Cooldown (*VoteCooldownError).
func topicFree(ctx context.Context, tx *sql.Tx, now time.Time, v Vote) error {
	var open int
	if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM votes WHERE game_id = ? AND kind = ? AND result = ''`,
		v.GameID, v.Kind).Scan(&open); err != nil {
		return err
	}
	if open > 0 {
		return ErrVoteOpen
	}
	if v.Cooldown <= 0 {
		return nil
	}
	var last sql.NullInt64
	if err := tx.QueryRowContext(ctx, `SELECT MAX(closed_at) FROM votes WHERE game_id = ? AND kind = ?
		AND result IN ('failed', 'expired')`, v.GameID, v.Kind).Scan(&last); err != nil {
		return err
	}
	if until := timeOf(last).Add(v.Cooldown); last.Valid && now.Before(until) {
		return &VoteCooldownError{Until: until}
	}
	return nil
}

// TakeVotedSeat is ReplaceSeat for the seat a closed table vote put up (vote voteID, which the
// caller checked passed for a volunteer): in one transaction it marks the vote's seat taken by
// newUserID — only if nobody took it before — and hands the seat over, so of any number of
// volunteers pressing at once exactly one gets it, and the vote gives its seat once.
//
// Errors, on which nothing is written: ErrNoVote; ErrNotPutUp if the vote is of another game or
// seat or still open; a *SeatGivenError (ErrSeatGiven) naming who took the seat first; and
// ReplaceSeat's errors.
func (s *Store) TakeVotedSeat(ctx context.Context, voteID, gameID int64, seat int, oldUserID, newUserID, newName string, event Event, outbox []OutboxItem) ([]OutboxItem, error) {
	if newUserID == "" {
		return nil, fmt.Errorf("take seat %d of game %d: empty user id", seat, gameID)
	}
	if err := checkItems(outbox); err != nil {
		return nil, fmt.Errorf("take seat %d of game %d: %w", seat, gameID, err)
	}
	now := s.now().Truncate(time.Millisecond)
	var items []OutboxItem
	err := s.write(ctx, func(tx *sql.Tx) error {
		var (
			game       int64
			voteSeat   int
			result, by string
		)
		err := tx.QueryRowContext(ctx, `SELECT game_id, seat, result, taken_by FROM votes WHERE id = ?`, voteID).
			Scan(&game, &voteSeat, &result, &by)
		switch {
		case errors.Is(err, sql.ErrNoRows):
			return ErrNoVote
		case err != nil:
			return err
		case game != gameID || voteSeat != seat || result == "":
			return ErrNotPutUp
		case by != "":
			return &SeatGivenError{By: by}
		}
		res, err := tx.ExecContext(ctx, `UPDATE votes SET taken_by = ? WHERE id = ? AND taken_by = ''`, newUserID, voteID)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n != 1 {
			return ErrSeatGiven
		}
		items, err = replaceSeatTx(ctx, tx, now, gameID, seat, oldUserID, newUserID, newName, event, outbox)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("take seat %d of game %d (vote %d): %w", seat, gameID, voteID, err)
	}
	return items, nil
}

// HandledKeep is how long HandleOnce remembers an interaction: three times Discord's 5-minute
// window for a signed request's timestamp, and longer than a gateway session may be resumed
// with its events replayed in practice.
const HandledKeep = 15 * time.Minute

// HandleOnce records that the interaction id is being handled and reports whether this is the
// first time it is seen (false: a repeat, which must be acknowledged without acting again). In
// the same transaction it forgets the ids older than HandledKeep. An empty id is always first
// (nothing to remember it by).
func (s *Store) HandleOnce(ctx context.Context, id string) (bool, error) {
	if id == "" {
		return true, nil
	}
	now := s.now().Truncate(time.Millisecond)
	first := false
	err := s.write(ctx, func(tx *sql.Tx) error {
		first = false
		if _, err := tx.ExecContext(ctx, `DELETE FROM handled WHERE at < ?`, millis(now.Add(-HandledKeep))); err != nil {
			return err
		}
		res, err := tx.ExecContext(ctx, `INSERT INTO handled (id, at) VALUES (?, ?) ON CONFLICT (id) DO NOTHING`, id, millis(now))
		if err != nil {
			return err
		}
		n, err := res.RowsAffected()
		first = n == 1
		return err
	})
	if err != nil {
		return false, fmt.Errorf("remember interaction %s: %w", id, err)
	}
	return first, nil
}

// ProbeWrite proves that the database accepts a write: one transaction rewriting the single row
// of health_probe with the time. It fails when the disk is full, the file system or the database
// is read-only, or the server cannot be reached (for /readyz).
func (s *Store) ProbeWrite(ctx context.Context) error {
	now := s.now()
	err := s.write(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO health_probe (id, at) VALUES (1, ?)
			ON CONFLICT (id) DO UPDATE SET at = excluded.at`, millis(now))
		return err
	})
	if err != nil {
		return fmt.Errorf("write probe of the %s store: %w", s.d.name, err)
	}
	return nil
}
