package data

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// Event is one thing that happened to a game outside its moves (a table vote and its result, a
// timeout, an absence, a nudge, an undo, a replacement): a row of game_events.
type Event struct {
	// ID is the store's id, set when added (events of a game are ordered by it).
	ID int64
	// GameID is the game.
	GameID int64
	// Version is the game's version when it happened.
	Version int
	// At is when it happened (millisecond precision); AddEvent sets it to now when zero.
	At time.Time
	// Kind says what it was: "vote", "vote-result", "timeout", "away", "nudge", "undo", "replace" …
	Kind string
	// UserID is who caused it ("" for the bot).
	UserID string
	// Text is one public sentence, seats as rules.SeatRef ("{1}") and users as "<@id>".
	Text string
}

// insertEvent adds e in tx at now (when e.At is zero) and returns it with its id.
func insertEvent(ctx context.Context, tx *sql.Tx, now time.Time, e Event) (Event, error) {
	if e.GameID == 0 || e.Kind == "" || e.Text == "" {
		return Event{}, errors.New("event needs a game, a kind and a text")
	}
	if e.At.IsZero() {
		e.At = now
	}
	e.At = e.At.Truncate(time.Millisecond)
	if err := tx.QueryRowContext(ctx, `INSERT INTO game_events (game_id, version, at, kind, user_id, text)
		VALUES (?, ?, ?, ?, ?, ?) RETURNING id`,
		e.GameID, e.Version, millis(e.At), e.Kind, e.UserID, e.Text).Scan(&e.ID); err != nil {
		return Event{}, fmt.Errorf("add %s event: %w", e.Kind, err)
	}
	return e, nil
}

// AddEvent records one game event in its own transaction and returns it with its id and time.
// Errors: no game, kind or text; an unknown game.
func (s *Store) AddEvent(ctx context.Context, e Event) (Event, error) {
	now := s.now()
	err := s.write(ctx, func(tx *sql.Tx) error {
		var err error
		e, err = insertEvent(ctx, tx, now, e)
		return err
	})
	if err != nil {
		return Event{}, fmt.Errorf("game %d: %w", e.GameID, err)
	}
	return e, nil
}

// Events returns a game's events, oldest first (none for an unknown game).
func (s *Store) Events(ctx context.Context, gameID int64) ([]Event, error) {
	var out []Event
	err := s.read(ctx, func(tx *sql.Tx) error {
		rows, err := tx.QueryContext(ctx, `SELECT id, game_id, version, at, kind, user_id, text FROM game_events
			WHERE game_id = ? ORDER BY id`, gameID)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var (
				e  Event
				at int64
			)
			if err := rows.Scan(&e.ID, &e.GameID, &e.Version, &at, &e.Kind, &e.UserID, &e.Text); err != nil {
				return err
			}
			e.At = fromMillis(at)
			out = append(out, e)
		}
		return rows.Err()
	})
	if err != nil {
		return nil, fmt.Errorf("events of game %d: %w", gameID, err)
	}
	return out, nil
}
