package data

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// DMChannel returns the id of the user's DM channel with the bot as remembered (SetDMChannel),
// or "" when none is.
func (s *Store) DMChannel(ctx context.Context, userID string) (string, error) {
	var id string
	err := s.read(ctx, func(tx *sql.Tx) error {
		err := tx.QueryRowContext(ctx, `SELECT channel_id FROM dm_channels WHERE user_id = ?`, userID).Scan(&id)
		if errors.Is(err, sql.ErrNoRows) {
			return nil
		}
		return err
	})
	if err != nil {
		return "", fmt.Errorf("dm channel of %s: %w", userID, err)
	}
	return id, nil
}

// SetDMChannel remembers the user's DM channel with the bot (channelID "" forgets it, when
// Discord no longer knows it). Errors: an empty user id.
func (s *Store) SetDMChannel(ctx context.Context, userID, channelID string) error {
	if userID == "" {
		return errors.New("set dm channel: empty user id")
	}
	err := s.write(ctx, func(tx *sql.Tx) error {
		if channelID == "" {
			_, err := tx.ExecContext(ctx, `DELETE FROM dm_channels WHERE user_id = ?`, userID)
			return err
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO dm_channels (user_id, channel_id, created_at) VALUES (?, ?, ?)
			ON CONFLICT (user_id) DO UPDATE SET channel_id = excluded.channel_id, created_at = excluded.created_at`,
			userID, channelID, millis(s.now()))
		return err
	})
	if err != nil {
		return fmt.Errorf("set dm channel of %s: %w", userID, err)
	}
	return nil
}

// ShareREST records that process owner sends to Discord's REST API at now, forgets the processes
// not seen for ttl, and returns how many processes share the bot's global rate limit now (at
// least 1: owner). Each process calls it every few seconds and takes 1/n of the limit. Errors: an
// empty owner, a ttl that is not positive, a failed write.
func (s *Store) ShareREST(ctx context.Context, owner string, now time.Time, ttl time.Duration) (int, error) {
	if owner == "" || ttl <= 0 {
		return 0, fmt.Errorf("share rest: owner %q, ttl %v", owner, ttl)
	}
	var n int
	err := s.write(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `INSERT INTO rest_shares (owner, seen_at) VALUES (?, ?)
			ON CONFLICT (owner) DO UPDATE SET seen_at = excluded.seen_at`, owner, millis(now)); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM rest_shares WHERE seen_at < ?`, millis(now.Add(-ttl))); err != nil {
			return err
		}
		return tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM rest_shares`).Scan(&n)
	})
	if err != nil {
		return 0, fmt.Errorf("share rest for %s: %w", owner, err)
	}
	return max(n, 1), nil
}

// LeaveREST forgets process owner's share of the REST limit (at shutdown), so the others take
// theirs back at their next ShareREST.
func (s *Store) LeaveREST(ctx context.Context, owner string) error {
	err := s.write(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `DELETE FROM rest_shares WHERE owner = ?`, owner)
		return err
	})
	if err != nil {
		return fmt.Errorf("leave rest for %s: %w", owner, err)
	}
	return nil
}

// NoteNews records that seat's private information in game gameID changed on the move of seat by
// and no DM said so: the player's next reply in the game shows it (TakeNews). A later change
// replaces the record.
func (s *Store) NoteNews(ctx context.Context, gameID int64, seat, by int) error {
	err := s.write(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO seat_news (game_id, seat, by_seat) VALUES (?, ?, ?)
			ON CONFLICT (game_id, seat) DO UPDATE SET by_seat = excluded.by_seat`, gameID, seat, by)
		return err
	})
	if err != nil {
		return fmt.Errorf("note news of game %d seat %d: %w", gameID, seat, err)
	}
	return nil
}

// TakeNews returns and forgets the news waiting for seat in game gameID (NoteNews): the seat
// whose move changed its private information, and true; or false when there is none.
func (s *Store) TakeNews(ctx context.Context, gameID int64, seat int) (by int, ok bool, err error) {
	err = s.write(ctx, func(tx *sql.Tx) error {
		err := tx.QueryRowContext(ctx, `SELECT by_seat FROM seat_news WHERE game_id = ? AND seat = ?`, gameID, seat).Scan(&by)
		if errors.Is(err, sql.ErrNoRows) {
			ok = false
			return nil
		}
		if err != nil {
			return err
		}
		ok = true
		_, err = tx.ExecContext(ctx, `DELETE FROM seat_news WHERE game_id = ? AND seat = ?`, gameID, seat)
		return err
	})
	if err != nil {
		return 0, false, fmt.Errorf("take news of game %d seat %d: %w", gameID, seat, err)
	}
	return by, ok, nil
}
