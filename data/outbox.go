package data

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math"
	"time"
)

// OutboxItem is a Discord message the bot must send, kept until it is marked sent so that it is
// sent again after a crash.
type OutboxItem struct {
	// ID is the store's id of the item, set when queued.
	ID int64
	// GameID is the game the message belongs to, or 0 for none.
	GameID int64
	// Kind says what to send ("board", "dm", ...); the bot defines the kinds.
	Kind string
	// Target is the channel or user id to send to, as Kind says.
	Target string
	// Payload is opaque JSON owned by the bot.
	Payload string
	// CreatedAt is when the item was queued (millisecond precision).
	CreatedAt time.Time
	// Attempts counts the failed sends so far (MarkFailed, MarkRetry).
	Attempts int
	// NextAt is the earliest time the item may be tried (again): when it was queued (or, when
	// the caller set it later than that, the time it was scheduled for), then what MarkRetry set
	// (millisecond precision).
	NextAt time.Time
	// LastError is the last failure MarkRetry recorded ("" when none).
	LastError string
	// LeaseOwner is the process that claimed the item to send it (ClaimOutbox), "" when none;
	// LeaseUntil is when that claim runs out (zero when none). Read by PendingOutbox.
	LeaseOwner string
	LeaseUntil time.Time
}

// checkItems returns an error for an item without kind or target.
func checkItems(items []OutboxItem) error {
	for i, it := range items {
		if it.Kind == "" || it.Target == "" {
			return fmt.Errorf("outbox item %d needs a kind and a target", i+1)
		}
	}
	return nil
}

// insertItems queues items at time now, with GameID gameID when gameID is not 0, and returns them
// with their ids. An item whose NextAt is after now is scheduled: it is not due before NextAt.
func insertItems(ctx context.Context, tx *sql.Tx, gameID int64, now time.Time, items []OutboxItem) ([]OutboxItem, error) {
	out := make([]OutboxItem, 0, len(items))
	for _, it := range items {
		if gameID != 0 {
			it.GameID = gameID
		}
		next := now // due at once, unless scheduled later
		if it.NextAt.After(now) {
			next = it.NextAt
		}
		var game sql.NullInt64
		if it.GameID != 0 {
			game = sql.NullInt64{Int64: it.GameID, Valid: true}
		}
		if err := tx.QueryRowContext(ctx, `INSERT INTO outbox (game_id, kind, target, payload, created_at, next_at)
			VALUES (?, ?, ?, ?, ?, ?) RETURNING id`,
			game, it.Kind, it.Target, it.Payload, millis(now), millis(next)).Scan(&it.ID); err != nil {
			return nil, fmt.Errorf("queue %s to %s: %w", it.Kind, it.Target, err)
		}
		it.CreatedAt, it.Attempts, it.NextAt, it.LastError = now, 0, next, ""
		out = append(out, it)
	}
	return out, nil
}

// Enqueue queues messages outside a move (for example when a game starts), all in one
// transaction. Each item's GameID (0 for none) must name an existing game. It returns the items
// with their ids and times. Errors: an item without kind or target, or an unknown GameID (nothing
// is queued).
func (s *Store) Enqueue(ctx context.Context, items ...OutboxItem) ([]OutboxItem, error) {
	if err := checkItems(items); err != nil {
		return nil, fmt.Errorf("enqueue: %w", err)
	}
	now := s.now().Truncate(time.Millisecond)
	var out []OutboxItem
	err := s.write(ctx, func(tx *sql.Tx) error {
		var err error
		out, err = insertItems(ctx, tx, 0, now, items)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("enqueue: %w", err)
	}
	return out, nil
}

// PendingOutbox returns up to limit unsent items (all of them if limit <= 0), oldest first, whether
// due (NextAt) or not. Items that failed stay pending, with their Attempts, NextAt and LastError;
// giving up on one is the bot's call (MarkGivenUp).
func (s *Store) PendingOutbox(ctx context.Context, limit int) ([]OutboxItem, error) {
	if limit <= 0 {
		limit = math.MaxInt32 // no limit (PostgreSQL refuses SQLite's LIMIT -1)
	}
	out, err := s.queryItems(ctx, `WHERE sent_at IS NULL ORDER BY id LIMIT ?`, limit)
	if err != nil {
		return nil, fmt.Errorf("pending outbox: %w", err)
	}
	return out, nil
}

// queryItems returns the outbox items selected by the rest of the query (WHERE, ORDER, LIMIT).
func (s *Store) queryItems(ctx context.Context, rest string, args ...any) ([]OutboxItem, error) {
	var out []OutboxItem
	err := s.read(ctx, func(tx *sql.Tx) error {
		rows, err := tx.QueryContext(ctx, `SELECT id, COALESCE(game_id, 0), kind, target, payload, created_at, attempts,
			next_at, last_error, lease_owner, lease_until FROM outbox `+rest, args...)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var (
				it                   OutboxItem
				created, next, lease int64
			)
			if err := rows.Scan(&it.ID, &it.GameID, &it.Kind, &it.Target, &it.Payload, &created, &it.Attempts,
				&next, &it.LastError, &it.LeaseOwner, &lease); err != nil {
				return err
			}
			it.CreatedAt, it.NextAt = fromMillis(created), fromMillis(next)
			if lease != 0 {
				it.LeaseUntil = fromMillis(lease)
			}
			out = append(out, it)
		}
		return rows.Err()
	})
	return out, err
}

// MarkSent records that item id was sent (or given up on): it leaves PendingOutbox. Marking an
// item sent twice keeps its first time. ErrNoItem if there is no such item.
func (s *Store) MarkSent(ctx context.Context, id int64) error {
	if err := s.updateItem(ctx, id, `UPDATE outbox SET sent_at = COALESCE(sent_at, ?) WHERE id = ?`, millis(s.now()), id); err != nil {
		return fmt.Errorf("mark outbox item %d sent: %w", id, err)
	}
	return nil
}

// MarkFailed records one failed attempt to send item id (Attempts+1); it stays pending. An item
// already sent is left as it is. ErrNoItem if there is no such item.
func (s *Store) MarkFailed(ctx context.Context, id int64) error {
	if err := s.updateItem(ctx, id, `UPDATE outbox SET attempts = attempts + 1 WHERE id = ? AND sent_at IS NULL`, id); err != nil {
		return fmt.Errorf("mark outbox item %d failed: %w", id, err)
	}
	return nil
}

// MarkSentAll is MarkSent for several items in one transaction (a coalesced board post). Items
// already sent keep their first time. ErrNoItem if one of the ids is unknown (then none is marked).
func (s *Store) MarkSentAll(ctx context.Context, ids ...int64) error {
	now := millis(s.now())
	err := s.write(ctx, func(tx *sql.Tx) error {
		for _, id := range ids {
			res, err := tx.ExecContext(ctx, `UPDATE outbox SET sent_at = COALESCE(sent_at, ?) WHERE id = ?`, now, id)
			if err != nil {
				return err
			}
			if n, err := res.RowsAffected(); err != nil || n == 0 {
				return errors.Join(err, fmt.Errorf("item %d: %w", id, ErrNoItem))
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("mark outbox items %v sent: %w", ids, err)
	}
	return nil
}

// MarkRetry records one failed attempt to send item id: Attempts+1, the failure reason (one line,
// without message content) and the earliest time of the next attempt, and ends any claim on it
// (whoever comes first at that time sends it). An item already sent is left as it is. ErrNoItem
// if there is no such item.
func (s *Store) MarkRetry(ctx context.Context, id int64, next time.Time, reason string) error {
	if err := s.updateItem(ctx, id, `UPDATE outbox SET attempts = attempts + 1, next_at = ?, last_error = ?,
		lease_owner = '', lease_until = 0 WHERE id = ? AND sent_at IS NULL`, millis(next), reason, id); err != nil {
		return fmt.Errorf("mark outbox item %d for retry: %w", id, err)
	}
	return nil
}

// MarkGivenUp takes item id out of the queue without sending it (a permanent error, or too old to
// matter) and records why: it leaves PendingOutbox and counts in GivenUpOutbox. An item already
// sent is left as it is. ErrNoItem if there is no such item.
func (s *Store) MarkGivenUp(ctx context.Context, id int64, reason string) error {
	if err := s.updateItem(ctx, id, `UPDATE outbox SET sent_at = ?, given_up = 1, last_error = ?
		WHERE id = ? AND sent_at IS NULL`, millis(s.now()), reason, id); err != nil {
		return fmt.Errorf("give up outbox item %d: %w", id, err)
	}
	return nil
}

// GivenUpOutbox returns the items given up (MarkGivenUp), oldest first, with the reason in
// LastError: for diagnostics and tests.
func (s *Store) GivenUpOutbox(ctx context.Context) ([]OutboxItem, error) {
	out, err := s.queryItems(ctx, `WHERE given_up = 1 ORDER BY id`)
	if err != nil {
		return nil, fmt.Errorf("given-up outbox: %w", err)
	}
	return out, nil
}

// updateItem runs query (which updates item id) and returns ErrNoItem if there is no item id.
func (s *Store) updateItem(ctx context.Context, id int64, query string, args ...any) error {
	return s.write(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, query, args...); err != nil {
			return err
		}
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM outbox WHERE id = ?`, id).Scan(&n); err != nil {
			return err
		}
		if n == 0 {
			return ErrNoItem
		}
		return nil
	})
}

// SetDMClosed records whether a user's direct messages are closed (Discord error 50007 when the
// bot tried to DM them). Re-marking a closed user keeps the first time.
func (s *Store) SetDMClosed(ctx context.Context, userID string, closed bool) error {
	if userID == "" {
		return errors.New("set dm closed: empty user id")
	}
	err := s.write(ctx, func(tx *sql.Tx) error {
		var err error
		if closed {
			_, err = tx.ExecContext(ctx, `INSERT INTO dm_closed (user_id, at) VALUES (?, ?) ON CONFLICT (user_id) DO NOTHING`,
				userID, millis(s.now()))
		} else {
			_, err = tx.ExecContext(ctx, `DELETE FROM dm_closed WHERE user_id = ?`, userID)
		}
		return err
	})
	if err != nil {
		return fmt.Errorf("set dm closed for %s: %w", userID, err)
	}
	return nil
}

// DMClosed reports whether a user's direct messages are recorded as closed.
func (s *Store) DMClosed(ctx context.Context, userID string) (bool, error) {
	var n int
	err := s.read(ctx, func(tx *sql.Tx) error {
		return tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM dm_closed WHERE user_id = ?`, userID).Scan(&n)
	})
	if err != nil {
		return false, fmt.Errorf("dm closed for %s: %w", userID, err)
	}
	return n > 0, nil
}
