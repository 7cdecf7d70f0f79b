package data

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// Latest returns the newest game of a channel whatever its status (the game being played, or the
// last one that finished or was cancelled), with its seats ordered as in Current. ErrNoGame if the
// channel never had a game.
func (s *Store) Latest(ctx context.Context, channelID string) (Game, []Seat, error) {
	g, seats, err := s.gameWhere(ctx, `id = (SELECT MAX(id) FROM games WHERE channel_id = ?)`, channelID)
	if err != nil {
		return Game{}, nil, fmt.Errorf("latest game of channel %s: %w", channelID, err)
	}
	return g, seats, nil
}

// SeatAll seats more players in a lobby, after those already there, in one transaction (a rematch
// seats the last game's players at once). Users already seated are skipped. Errors: ErrNoGame,
// ErrNotLobby if the game is not a lobby, ErrLobbyFull if they do not all fit (Players > 0; nothing
// is written), an error for an empty user id.
func (s *Store) SeatAll(ctx context.Context, gameID int64, seats []Seat) error {
	for _, st := range seats {
		if st.UserID == "" {
			return fmt.Errorf("seat players in game %d: empty user id", gameID)
		}
	}
	err := s.write(ctx, func(tx *sql.Tx) error {
		status, players, _, err := gameStatus(ctx, tx, gameID)
		if err != nil {
			return err
		}
		if status != StatusLobby {
			return ErrNotLobby
		}
		have, err := seatsOf(ctx, tx, gameID)
		if err != nil {
			return err
		}
		seated := map[string]bool{}
		for _, st := range have {
			seated[st.UserID] = true
		}
		n := len(have)
		for _, st := range seats {
			if seated[st.UserID] {
				continue
			}
			if players > 0 && n >= players {
				return ErrLobbyFull
			}
			if _, err := tx.ExecContext(ctx, `INSERT INTO seats (game_id, seat, user_id, name) VALUES (?, -1, ?, ?)`,
				gameID, st.UserID, st.Name); err != nil {
				return err
			}
			seated[st.UserID] = true
			n++
		}
		return s.touch(ctx, tx, gameID)
	})
	if err != nil {
		return fmt.Errorf("seat players in game %d: %w", gameID, err)
	}
	return nil
}

// SetCreator hands a lobby over to another player seated in it: userID becomes its creator (who
// starts, kicks and cancels). Errors: ErrNoGame; ErrNotLobby if the game is not a lobby;
// ErrNotSeated if userID does not sit in it.
func (s *Store) SetCreator(ctx context.Context, gameID int64, userID string) error {
	err := s.write(ctx, func(tx *sql.Tx) error {
		status, _, _, err := gameStatus(ctx, tx, gameID)
		if err != nil {
			return err
		}
		if status != StatusLobby {
			return ErrNotLobby
		}
		var seated int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM seats WHERE game_id = ? AND user_id = ?`,
			gameID, userID).Scan(&seated); err != nil {
			return err
		}
		if seated == 0 {
			return ErrNotSeated
		}
		_, err = tx.ExecContext(ctx, `UPDATE games SET creator_id = ?, updated_at = ? WHERE id = ?`,
			userID, millis(s.now()), gameID)
		return err
	})
	if err != nil {
		return fmt.Errorf("hand game %d over to %s: %w", gameID, userID, err)
	}
	return nil
}

// ExpireLobbies cancels every lobby created before before (one that never started), and queues
// the messages notice returns for each one (their GameID set to it), all in one transaction, so a
// lobby expires exactly once with its message even across restarts. It returns the expired games
// (with their status still StatusLobby as read). notice may be nil.
func (s *Store) ExpireLobbies(ctx context.Context, before time.Time, notice func(Game) []OutboxItem) ([]Game, error) {
	var out []Game
	now := s.now().Truncate(time.Millisecond)
	err := s.write(ctx, func(tx *sql.Tx) error {
		out = out[:0]
		rows, err := tx.QueryContext(ctx, `SELECT `+gameColumns+` FROM games WHERE status = 'lobby' AND created_at < ? ORDER BY id`,
			millis(before))
		if err != nil {
			return err
		}
		for rows.Next() {
			g, err := scanGame(rows)
			if err != nil {
				rows.Close()
				return err
			}
			out = append(out, g)
		}
		if err := errors.Join(rows.Err(), rows.Close()); err != nil {
			return err
		}
		for _, g := range out {
			if _, err := tx.ExecContext(ctx, `UPDATE games SET status = 'cancelled', updated_at = ? WHERE id = ?`,
				millis(now), g.ID); err != nil {
				return err
			}
			if notice == nil {
				continue
			}
			items := notice(g)
			if err := checkItems(items); err != nil {
				return err
			}
			if _, err := insertItems(ctx, tx, g.ID, now, items); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("expire lobbies created before %v: %w", before, err)
	}
	return out, nil
}

// The notification levels of /settings notify (UserSettings.Notify).
const (
	// NotifyTurns, the default: in a by-post game one DM when it becomes the player's turn (with
	// their hand), none in a live game, where the board's mention is the notification.
	NotifyTurns = "turns"
	// NotifyAll: also the turn DM of a live game, and a DM whenever another player's move changes
	// the player's private information.
	NotifyAll = "all"
	// NotifyOff: no DM at all; private information only on request (/hand, "My hand").
	NotifyOff = "off"
)

// UserSettings are a player's choices that hold across games (/settings).
type UserSettings struct {
	// DMsOff is true when the player asked for no direct messages (/settings dms:off, or
	// notify:off).
	DMsOff bool
	// Notify is the player's notification level (NotifyTurns, NotifyAll, NotifyOff), or "" for the
	// default; read it with Level.
	Notify string
}

// Level is the player's notification level in effect: NotifyOff when DMs are off, else Notify,
// NotifyTurns by default.
func (u UserSettings) Level() string {
	switch {
	case u.DMsOff || u.Notify == NotifyOff:
		return NotifyOff
	case u.Notify == NotifyAll:
		return NotifyAll
	}
	return NotifyTurns
}

// Settings returns a user's settings; a user who never changed them gets the zero UserSettings.
func (s *Store) Settings(ctx context.Context, userID string) (UserSettings, error) {
	var out UserSettings
	err := s.read(ctx, func(tx *sql.Tx) error {
		err := tx.QueryRowContext(ctx, `SELECT dms_off, notify FROM user_settings WHERE user_id = ?`, userID).Scan(&out.DMsOff, &out.Notify)
		if errors.Is(err, sql.ErrNoRows) {
			return nil
		}
		return err
	})
	if err != nil {
		return UserSettings{}, fmt.Errorf("settings of %s: %w", userID, err)
	}
	return out, nil
}

// SetSettings stores a user's settings. Errors: an empty user id, a Notify that is not "" or a
// notification level.
func (s *Store) SetSettings(ctx context.Context, userID string, set UserSettings) error {
	if userID == "" {
		return errors.New("set settings: empty user id")
	}
	switch set.Notify {
	case "", NotifyTurns, NotifyAll, NotifyOff:
	default:
		return fmt.Errorf("set settings of %s: unknown notification level %q", userID, set.Notify)
	}
	err := s.write(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO user_settings (user_id, dms_off, notify, updated_at) VALUES (?, ?, ?, ?)
			ON CONFLICT (user_id) DO UPDATE SET dms_off = excluded.dms_off, notify = excluded.notify, updated_at = excluded.updated_at`,
			userID, set.DMsOff, set.Notify, millis(s.now()))
		return err
	})
	if err != nil {
		return fmt.Errorf("set settings of %s: %w", userID, err)
	}
	return nil
}
