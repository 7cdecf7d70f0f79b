package data

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// Undo and replacement (issue 11): the store's side of taking back moves and of handing a seat
// to another player. Both are one transaction each, with the game event that records them and the
// outbox items that announce them.

var (
	// ErrNotYours means the moves to take back are not the last moves of the log, all made by
	// the user who asks.
	ErrNotYours = errors.New("those moves are not the user's last moves")
	// ErrSeatTaken means the newcomer of a replacement already sits in the game.
	ErrSeatTaken = errors.New("the newcomer already sits in the game")
)

// UndoneMove is a move that was taken back (a row of undone_moves).
type UndoneMove struct {
	Move
	// UndoneAt is when it was taken back.
	UndoneAt time.Time
}

// Undo takes back the last n moves of a game being played, in one transaction: it checks that
// the stored version is still prevVersion, that the moves with seq prevVersion-n+1 … prevVersion
// exist and were all made by userID from one seat, archives them in undone_moves and removes them
// from the move log (the next move takes their seq again), saves state (json.Marshal of the state
// replayed without them) with version prevVersion-n, records event (its GameID and Version are
// set here; At defaults to now) and queues outbox. It returns the queued items.
//
// Errors, on which nothing is written: ErrNoGame; ErrStale if the version moved on (someone
// acted since); ErrNotPlaying if the game is not being played; ErrNotYours if one of the moves
// is missing or was made by another user or seat; an error for n < 1, an empty state, an event
// without kind or text, or an outbox item without kind or target.
func (s *Store) Undo(ctx context.Context, gameID int64, prevVersion, n int, userID string, state []byte, event Event, outbox []OutboxItem) ([]OutboxItem, error) {
	switch {
	case n < 1 || n > prevVersion:
		return nil, fmt.Errorf("undo in game %d: cannot take back %d moves at version %d", gameID, n, prevVersion)
	case len(state) == 0:
		return nil, fmt.Errorf("undo in game %d: empty state", gameID)
	}
	if err := checkItems(outbox); err != nil {
		return nil, fmt.Errorf("undo in game %d: %w", gameID, err)
	}
	version := prevVersion - n
	now := s.now().Truncate(time.Millisecond)
	var items []OutboxItem
	err := s.write(ctx, func(tx *sql.Tx) error {
		status, _, stored, err := gameStatus(ctx, tx, gameID)
		switch {
		case err != nil:
			return err
		case status != StatusPlaying:
			return fmt.Errorf("%w: it is %s", ErrNotPlaying, status)
		case stored != prevVersion:
			return fmt.Errorf("%w: stored version %d, loaded %d", ErrStale, stored, prevVersion)
		}
		rows, err := tx.QueryContext(ctx, `SELECT seq, seat, user_id FROM moves WHERE game_id = ? AND seq > ? ORDER BY seq`,
			gameID, version)
		if err != nil {
			return err
		}
		var seqs, seats []int
		var users []string
		for rows.Next() {
			var (
				seq, seat int
				user      string
			)
			if err := rows.Scan(&seq, &seat, &user); err != nil {
				rows.Close()
				return err
			}
			seqs, seats, users = append(seqs, seq), append(seats, seat), append(users, user)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		if len(seqs) != n || seqs[0] != version+1 || seqs[n-1] != prevVersion {
			return fmt.Errorf("%w: the log holds %d moves after version %d", ErrNotYours, len(seqs), version)
		}
		for i := range seqs {
			if users[i] != userID || seats[i] != seats[0] {
				return fmt.Errorf("%w: move %d was made by another player", ErrNotYours, seqs[i])
			}
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO undone_moves (game_id, seq, seat, move, user_id, at, undone_at)
			SELECT game_id, seq, seat, move, user_id, at, CAST(? AS BIGINT) FROM moves WHERE game_id = ? AND seq > ?`,
			millis(now), gameID, version); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM moves WHERE game_id = ? AND seq > ?`, gameID, version); err != nil {
			return err
		}
		res, err := tx.ExecContext(ctx, `UPDATE games SET state = ?, version = ?, updated_at = ?
			WHERE id = ? AND version = ? AND status = 'playing'`, state, version, millis(now), gameID, prevVersion)
		if err != nil {
			return err
		}
		if k, err := res.RowsAffected(); err != nil {
			return err
		} else if k != 1 {
			return fmt.Errorf("%w: the game changed during the undo", ErrStale)
		}
		event.GameID, event.Version = gameID, version
		if _, err := insertEvent(ctx, tx, now, event); err != nil {
			return err
		}
		items, err = insertItems(ctx, tx, gameID, now, outbox)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("undo %d moves in game %d: %w", n, gameID, err)
	}
	return items, nil
}

// UndoneMoves returns the moves of a game that were taken back, in the order they were archived.
func (s *Store) UndoneMoves(ctx context.Context, gameID int64) ([]UndoneMove, error) {
	var out []UndoneMove
	err := s.read(ctx, func(tx *sql.Tx) error {
		out = nil
		rows, err := tx.QueryContext(ctx, `SELECT seq, seat, move, user_id, at, undone_at FROM undone_moves
			WHERE game_id = ? ORDER BY id`, gameID)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var (
				m         UndoneMove
				at, undne int64
			)
			if err := rows.Scan(&m.Seq, &m.Seat, &m.Move.Move, &m.UserID, &at, &undne); err != nil {
				return err
			}
			m.At, m.UndoneAt = fromMillis(at), fromMillis(undne)
			out = append(out, m)
		}
		return rows.Err()
	})
	if err != nil {
		return nil, fmt.Errorf("undone moves of game %d: %w", gameID, err)
	}
	return out, nil
}

// ReplaceSeat hands seat of a game being played from oldUserID to newUserID (shown as newName),
// in one transaction with event (its GameID and Version are set here) and outbox (the newcomer's
// private information by DM). When oldUserID created the game, newUserID becomes its creator
// (someone who left can no longer cancel it). Nothing of the game's state or move log changes:
// moves keep the user who made them.
//
// Errors, on which nothing is written: ErrNoGame; ErrNotPlaying if the game is not being played;
// ErrNotSeated if oldUserID does not hold seat; ErrSeatTaken if newUserID already sits in the
// game; an error for an empty new user id, an event without kind or text, or a bad outbox item.
func (s *Store) ReplaceSeat(ctx context.Context, gameID int64, seat int, oldUserID, newUserID, newName string, event Event, outbox []OutboxItem) ([]OutboxItem, error) {
	if newUserID == "" {
		return nil, fmt.Errorf("replace seat %d of game %d: empty user id", seat, gameID)
	}
	if err := checkItems(outbox); err != nil {
		return nil, fmt.Errorf("replace seat %d of game %d: %w", seat, gameID, err)
	}
	now := s.now().Truncate(time.Millisecond)
	var items []OutboxItem
	err := s.write(ctx, func(tx *sql.Tx) error {
		var err error
		items, err = replaceSeatTx(ctx, tx, now, gameID, seat, oldUserID, newUserID, newName, event, outbox)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("replace seat %d of game %d: %w", seat, gameID, err)
	}
	return items, nil
}

// replaceSeatTx is ReplaceSeat's work inside tx (its checks and errors).
func replaceSeatTx(ctx context.Context, tx *sql.Tx, now time.Time, gameID int64, seat int, oldUserID, newUserID, newName string, event Event, outbox []OutboxItem) ([]OutboxItem, error) {
	status, _, version, err := gameStatus(ctx, tx, gameID)
	switch {
	case err != nil:
		return nil, err
	case status != StatusPlaying:
		return nil, fmt.Errorf("%w: it is %s", ErrNotPlaying, status)
	}
	var taken int
	if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM seats WHERE game_id = ? AND user_id = ?`,
		gameID, newUserID).Scan(&taken); err != nil {
		return nil, err
	}
	if taken > 0 {
		return nil, ErrSeatTaken
	}
	res, err := tx.ExecContext(ctx, `UPDATE seats SET user_id = ?, name = ? WHERE game_id = ? AND seat = ? AND user_id = ?`,
		newUserID, newName, gameID, seat, oldUserID)
	if err != nil {
		return nil, err
	}
	if k, err := res.RowsAffected(); err != nil {
		return nil, err
	} else if k != 1 {
		return nil, ErrNotSeated
	}
	// Whoever left no longer runs the game: a newcomer in the creator's seat becomes creator.
	if _, err := tx.ExecContext(ctx, `UPDATE games SET creator_id = ?, updated_at = ? WHERE id = ? AND creator_id = ?`,
		newUserID, millis(now), gameID, oldUserID); err != nil {
		return nil, err
	}
	event.GameID, event.Version = gameID, version
	if _, err := insertEvent(ctx, tx, now, event); err != nil {
		return nil, err
	}
	return insertItems(ctx, tx, gameID, now, outbox)
}

// PlayerGame is one game a user sits in, for /mygames.
type PlayerGame struct {
	Game
	// Seats are the game's seats, ordered as in Current.
	Seats []Seat
}

// GamesOf returns the unfinished games (lobby or playing) the user sits in, across every
// channel, oldest first, each with its seats, read in one snapshot.
func (s *Store) GamesOf(ctx context.Context, userID string) ([]PlayerGame, error) {
	var out []PlayerGame
	err := s.read(ctx, func(tx *sql.Tx) error {
		out = nil
		rows, err := tx.QueryContext(ctx, `SELECT `+gameColumns+` FROM games WHERE status IN ('lobby', 'playing')
			AND id IN (SELECT game_id FROM seats WHERE user_id = ?) ORDER BY id`, userID)
		if err != nil {
			return err
		}
		for rows.Next() {
			g, err := scanGame(rows)
			if err != nil {
				rows.Close()
				return err
			}
			out = append(out, PlayerGame{Game: g})
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		for i := range out {
			if out[i].Seats, err = seatsOf(ctx, tx, out[i].ID); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("games of user %s: %w", userID, err)
	}
	return out, nil
}

// LastFinished returns the channel's most recent finished game and its seats (/game export and
// /game history after a new lobby opened). ErrNoGame if none finished there.
func (s *Store) LastFinished(ctx context.Context, channelID string) (Game, []Seat, error) {
	g, seats, err := s.gameWhere(ctx, `id = (SELECT MAX(id) FROM games WHERE channel_id = ? AND status = 'finished')`, channelID)
	if err != nil {
		return Game{}, nil, fmt.Errorf("last finished game of channel %s: %w", channelID, err)
	}
	return g, seats, nil
}
