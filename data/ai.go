package data

import (
	"context"
	"database/sql"
	"fmt"
	"time"
)

// AIGame is a game being played in which the AI plays at least one seat: a seat whose user id
// starts with "ai:", or a seat it stands in for (SetStandIn).
type AIGame struct {
	ID      int64
	Version int
	// StandIns is how many seats the AI stands in for.
	StandIns int
}

// AIGames returns the games being played (status playing) in which the AI plays a seat, with
// their versions and stand-in counts, oldest first. The bot compares them with those it saw last
// to find the games whose AI seats may have a decision to make.
func (s *Store) AIGames(ctx context.Context) ([]AIGame, error) {
	var out []AIGame
	err := s.read(ctx, func(tx *sql.Tx) error {
		out = nil
		rows, err := tx.QueryContext(ctx, `SELECT id, version, (SELECT COUNT(*) FROM ai_standins WHERE ai_standins.game_id = g.id)
			FROM games g WHERE status = 'playing' AND (
			EXISTS (SELECT 1 FROM seats WHERE seats.game_id = g.id AND seats.seat >= 0 AND seats.user_id LIKE 'ai:%')
			OR EXISTS (SELECT 1 FROM ai_standins WHERE ai_standins.game_id = g.id)) ORDER BY id`)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var g AIGame
			if err := rows.Scan(&g.ID, &g.Version, &g.StandIns); err != nil {
				return err
			}
			out = append(out, g)
		}
		return rows.Err()
	})
	if err != nil {
		return nil, fmt.Errorf("games with AI seats: %w", err)
	}
	return out, nil
}

// AITurn is a decision the AI must make for a seat of a game, due at Due (a row of ai_turns).
type AITurn struct {
	GameID int64
	Seat   int
	Due    time.Time
}

// SyncAITurns makes the AI's pending decisions of game gameID exactly the seats in seats: a seat
// without a row gets one due at due(seat) (a row already there keeps its due time and lease), and
// rows of other seats are deleted (their decision passed). One transaction.
func (s *Store) SyncAITurns(ctx context.Context, gameID int64, seats []int, due func(seat int) time.Time) error {
	err := s.write(ctx, func(tx *sql.Tx) error {
		rows, err := tx.QueryContext(ctx, `SELECT seat FROM ai_turns WHERE game_id = ?`, gameID)
		if err != nil {
			return err
		}
		have := map[int]bool{}
		for rows.Next() {
			var seat int
			if err := rows.Scan(&seat); err != nil {
				rows.Close()
				return err
			}
			have[seat] = true
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		want := map[int]bool{}
		for _, seat := range seats {
			want[seat] = true
			if have[seat] {
				continue
			}
			if _, err := tx.ExecContext(ctx, `INSERT INTO ai_turns (game_id, seat, due_at) VALUES (?, ?, ?)
				ON CONFLICT (game_id, seat) DO NOTHING`, gameID, seat, millis(due(seat))); err != nil {
				return err
			}
		}
		for seat := range have {
			if !want[seat] {
				if _, err := tx.ExecContext(ctx, `DELETE FROM ai_turns WHERE game_id = ? AND seat = ?`, gameID, seat); err != nil {
					return err
				}
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("sync AI turns of game %d: %w", gameID, err)
	}
	return nil
}

// ClaimAITurns leases up to limit AI turns due by dueBy (due_at ≤ dueBy; a bot claims a little
// ahead so that the AI thinks before the turn is due and plays at the due time) that nobody holds
// at now (no lease, or a lease that ran out before now) to owner until now+lease, and returns
// them, earliest first. A turn is claimed by one owner at a time.
func (s *Store) ClaimAITurns(ctx context.Context, now, dueBy time.Time, owner string, lease time.Duration, limit int) ([]AITurn, error) {
	var out []AITurn
	err := s.claim(ctx, func(tx *sql.Tx) error {
		out = nil // fn may run again (PostgreSQL retries)
		rows, err := tx.QueryContext(ctx, `UPDATE ai_turns SET lease_until = ?, lease_owner = ?
			WHERE (game_id, seat) IN (SELECT game_id, seat FROM ai_turns
				WHERE due_at <= ? AND (lease_until IS NULL OR lease_until < ?) ORDER BY due_at LIMIT ?`+s.skipLocked()+`)
			RETURNING game_id, seat, due_at`,
			millis(now.Add(lease)), owner, millis(dueBy), millis(now), limit)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var (
				t   AITurn
				due int64
			)
			if err := rows.Scan(&t.GameID, &t.Seat, &due); err != nil {
				return err
			}
			t.Due = fromMillis(due)
			out = append(out, t)
		}
		return rows.Err()
	})
	if err != nil {
		return nil, fmt.Errorf("claim AI turns: %w", err)
	}
	return out, nil
}

// FinishAITurn deletes the AI turn of a seat that owner holds (it played, or the decision passed).
// Nothing happens when owner no longer holds it.
func (s *Store) FinishAITurn(ctx context.Context, gameID int64, seat int, owner string) error {
	err := s.write(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `DELETE FROM ai_turns WHERE game_id = ? AND seat = ? AND lease_owner = ?`, gameID, seat, owner)
		return err
	})
	if err != nil {
		return fmt.Errorf("finish AI turn of game %d seat %d: %w", gameID, seat, err)
	}
	return nil
}

// RetryAITurn gives up owner's lease of an AI turn and makes it due again at due (the move was
// refused because the game moved on while the AI thought, or thinking failed).
func (s *Store) RetryAITurn(ctx context.Context, gameID int64, seat int, owner string, due time.Time) error {
	err := s.write(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `UPDATE ai_turns SET lease_until = NULL, lease_owner = '', due_at = ?
			WHERE game_id = ? AND seat = ? AND lease_owner = ?`, millis(due), gameID, seat, owner)
		return err
	})
	if err != nil {
		return fmt.Errorf("retry AI turn of game %d seat %d: %w", gameID, seat, err)
	}
	return nil
}

// NextAITurn returns when the next AI turn may be claimed (its due time, or the end of the lease
// that holds it), and false when there is none.
func (s *Store) NextAITurn(ctx context.Context) (time.Time, bool, error) {
	var next sql.NullInt64
	err := s.read(ctx, func(tx *sql.Tx) error {
		return tx.QueryRowContext(ctx, `SELECT MIN(CASE WHEN lease_until IS NOT NULL AND lease_until > due_at
			THEN lease_until ELSE due_at END) FROM ai_turns`).Scan(&next)
	})
	if err != nil {
		return time.Time{}, false, fmt.Errorf("next AI turn: %w", err)
	}
	if !next.Valid {
		return time.Time{}, false, nil
	}
	return fromMillis(next.Int64), true, nil
}

// AITurns returns every pending AI turn of a game, by seat (for tests and /game status).
func (s *Store) AITurns(ctx context.Context, gameID int64) ([]AITurn, error) {
	var out []AITurn
	err := s.read(ctx, func(tx *sql.Tx) error {
		rows, err := tx.QueryContext(ctx, `SELECT game_id, seat, due_at FROM ai_turns WHERE game_id = ? ORDER BY seat`, gameID)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var (
				t   AITurn
				due int64
			)
			if err := rows.Scan(&t.GameID, &t.Seat, &due); err != nil {
				return err
			}
			t.Due = fromMillis(due)
			out = append(out, t)
		}
		return rows.Err()
	})
	if err != nil {
		return nil, fmt.Errorf("AI turns of game %d: %w", gameID, err)
	}
	return out, nil
}

// StandIn is a human player's seat the AI plays while they are away.
type StandIn struct {
	Seat  int
	Since time.Time
	// Why is the plain sentence saying why the AI took over.
	Why string
}

// SetStandIn records that the AI plays seat of game gameID from now on, for the reason why. It
// reports false (and changes nothing) when the AI already stands in for that seat. Errors:
// ErrNotPlaying when the game is not being played (or ErrNoGame).
func (s *Store) SetStandIn(ctx context.Context, gameID int64, seat int, why string) (bool, error) {
	added := false
	err := s.write(ctx, func(tx *sql.Tx) error {
		added = false
		status, _, _, err := gameStatus(ctx, tx, gameID)
		if err != nil {
			return err
		}
		if status != StatusPlaying {
			return ErrNotPlaying
		}
		res, err := tx.ExecContext(ctx, `INSERT INTO ai_standins (game_id, seat, since, why) VALUES (?, ?, ?, ?)
			ON CONFLICT (game_id, seat) DO NOTHING`, gameID, seat, millis(s.now()), why)
		if err != nil {
			return err
		}
		n, err := res.RowsAffected()
		added = n > 0
		return err
	})
	if err != nil {
		return false, fmt.Errorf("AI stands in for seat %d of game %d: %w", seat, gameID, err)
	}
	return added, nil
}

// ClearStandIn ends the AI's standing in for seat of game gameID (its owner is back) and drops
// its pending turn. It reports false when the AI did not stand in for that seat.
func (s *Store) ClearStandIn(ctx context.Context, gameID int64, seat int) (bool, error) {
	cleared := false
	err := s.write(ctx, func(tx *sql.Tx) error {
		cleared = false
		res, err := tx.ExecContext(ctx, `DELETE FROM ai_standins WHERE game_id = ? AND seat = ?`, gameID, seat)
		if err != nil {
			return err
		}
		n, err := res.RowsAffected()
		if err != nil || n == 0 {
			return err
		}
		cleared = true
		_, err = tx.ExecContext(ctx, `DELETE FROM ai_turns WHERE game_id = ? AND seat = ?`, gameID, seat)
		return err
	})
	if err != nil {
		return false, fmt.Errorf("end the AI's standing in for seat %d of game %d: %w", seat, gameID, err)
	}
	return cleared, nil
}

// StandIns returns the seats of game gameID the AI plays for absent players, by seat.
func (s *Store) StandIns(ctx context.Context, gameID int64) ([]StandIn, error) {
	var out []StandIn
	err := s.read(ctx, func(tx *sql.Tx) error {
		rows, err := tx.QueryContext(ctx, `SELECT seat, since, why FROM ai_standins WHERE game_id = ? ORDER BY seat`, gameID)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var (
				si    StandIn
				since int64
			)
			if err := rows.Scan(&si.Seat, &since, &si.Why); err != nil {
				return err
			}
			si.Since = fromMillis(since)
			out = append(out, si)
		}
		return rows.Err()
	})
	if err != nil {
		return nil, fmt.Errorf("AI stand-ins of game %d: %w", gameID, err)
	}
	return out, nil
}
