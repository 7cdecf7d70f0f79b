package data

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"time"
)

// The capability links of the games' web pages (issue 27, migration 0012_web): a game's page is
// at an address holding an unguessable token; whoever has the address may watch the game's
// public view. The store keeps one token per game and finds a game by the token's SHA-256, so
// that how long a look-up takes says nothing about the tokens stored.

// newWebToken returns 16 random bytes in base64url (22 characters) and their hash.
func newWebToken() (token, hash string, err error) {
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", "", fmt.Errorf("random web token: %w", err)
	}
	token = base64.RawURLEncoding.EncodeToString(b[:])
	return token, webTokenHash(token), nil
}

// webTokenHash is the stored hash of a token: SHA-256, hex.
func webTokenHash(token string) string {
	h := sha256.Sum256([]byte(token))
	return hex.EncodeToString(h[:])
}

// WebToken returns the token of a game's web page, making one the first time it is asked for.
// ErrNoGame if there is no such game.
func (s *Store) WebToken(ctx context.Context, gameID int64) (string, error) {
	var token string
	err := s.read(ctx, func(tx *sql.Tx) error {
		return tx.QueryRowContext(ctx, `SELECT token FROM web_links WHERE game_id = ?`, gameID).Scan(&token)
	})
	if err == nil {
		return token, nil
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return "", fmt.Errorf("web token of game %d: %w", gameID, err)
	}
	return s.setWebToken(ctx, gameID, false)
}

// ResetWebToken replaces a game's web page token with a new one and returns it: the old address
// stops working. ErrNoGame if there is no such game.
func (s *Store) ResetWebToken(ctx context.Context, gameID int64) (string, error) {
	return s.setWebToken(ctx, gameID, true)
}

// setWebToken stores a new token for the game, replacing the old one when replace is set (and
// otherwise keeping a token another writer stored first) and returns the game's token.
func (s *Store) setWebToken(ctx context.Context, gameID int64, replace bool) (string, error) {
	token, hash, err := newWebToken()
	if err != nil {
		return "", err
	}
	var out string
	err = s.write(ctx, func(tx *sql.Tx) error {
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM games WHERE id = ?`, gameID).Scan(&n); err != nil {
			return err
		}
		if n == 0 {
			return ErrNoGame
		}
		if !replace {
			err := tx.QueryRowContext(ctx, `SELECT token FROM web_links WHERE game_id = ?`, gameID).Scan(&out)
			if err == nil {
				return nil
			}
			if !errors.Is(err, sql.ErrNoRows) {
				return err
			}
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM web_links WHERE game_id = ?`, gameID); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO web_links (game_id, token, token_hash, created_at) VALUES (?, ?, ?, ?)`,
			gameID, token, hash, millis(s.now())); err != nil {
			return err
		}
		out = token
		return nil
	})
	if err != nil {
		return "", fmt.Errorf("set web token of game %d: %w", gameID, err)
	}
	return out, nil
}

// GameByWebToken returns the game whose web page token is token, and its seats ordered as in
// Current. ErrNoGame if no game has that token (a wrong or replaced token).
func (s *Store) GameByWebToken(ctx context.Context, token string) (Game, []Seat, error) {
	g, seats, err := s.gameWhere(ctx, `id = (SELECT game_id FROM web_links WHERE token_hash = ?)`, webTokenHash(token))
	if err != nil {
		return Game{}, nil, fmt.Errorf("game of a web token: %w", err)
	}
	return g, seats, nil
}

// Stamp is what changes when anything shown about a game changes: its version, the time it was
// last changed (a move, an undo, a board posted, the end) and its web token's hash.
type Stamp struct {
	Version   int
	UpdatedAt time.Time
	TokenHash string
}

// GameStamp returns a game's Stamp, a cheap read for pages that watch a game for changes.
// ErrNoGame if there is no such game.
func (s *Store) GameStamp(ctx context.Context, gameID int64) (Stamp, error) {
	var (
		st Stamp
		at int64
		th sql.NullString
	)
	err := s.read(ctx, func(tx *sql.Tx) error {
		return tx.QueryRowContext(ctx, `SELECT g.version, g.updated_at, w.token_hash FROM games g
			LEFT JOIN web_links w ON w.game_id = g.id WHERE g.id = ?`, gameID).Scan(&st.Version, &at, &th)
	})
	if errors.Is(err, sql.ErrNoRows) {
		err = ErrNoGame
	}
	if err != nil {
		return Stamp{}, fmt.Errorf("stamp of game %d: %w", gameID, err)
	}
	st.UpdatedAt, st.TokenHash = fromMillis(at), th.String
	return st, nil
}

// WebTokenHash is the hash of token that GameStamp reports (its TokenHash), for a page to tell
// whether the token it was opened with is still the game's.
func WebTokenHash(token string) string { return webTokenHash(token) }
