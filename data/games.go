package data

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"spicebot/rules"
)

// Status is where a game is in its life: StatusLobby → StatusPlaying → StatusFinished, or
// StatusCancelled from the lobby or from play.
type Status string

// The statuses of a game.
const (
	// StatusLobby: players are joining; there is no state yet.
	StatusLobby Status = "lobby"
	// StatusPlaying: seats are assigned and moves are being made.
	StatusPlaying Status = "playing"
	// StatusFinished: the game reached its end (rules.State.Outcome).
	StatusFinished Status = "finished"
	// StatusCancelled: the game was abandoned.
	StatusCancelled Status = "cancelled"
)

// Unfinished reports whether a game with this status still holds its channel (lobby or playing).
func (st Status) Unfinished() bool { return st == StatusLobby || st == StatusPlaying }

// Game is one stored game (a row of games).
type Game struct {
	// ID is the store's id of the game.
	ID int64
	// GuildID and ChannelID are the Discord guild and channel the game is played in.
	GuildID, ChannelID string
	// Game is the rules game id ("borneo").
	Game string
	// Players is the wanted number of players in the lobby (0 = any the game allows), and the
	// number of seats once started.
	Players int
	// Options are the chosen variants. Empty options read back as nil.
	Options rules.Options
	// Seed is the setup seed given to rules.Game.New.
	Seed uint64
	// State is json.Marshal of the rules.State; nil in the lobby.
	State []byte
	// Version is the state's version (rules.State.Version), 0 in the lobby.
	Version int
	// Status is the game's status.
	Status Status
	// CreatorID is the Discord user who opened the lobby.
	CreatorID string
	// BoardMessageID and LobbyMessageID are the channel messages showing the board and the
	// lobby, or "" if not posted.
	BoardMessageID, LobbyMessageID string
	// LobbyChannelID is the channel of LobbyMessageID when it is not ChannelID: the text channel
	// a game's thread was started from, where the lobby message stays as the game's status
	// line. "" when the lobby message is in the game's own channel (no thread, or a game
	// started inside a thread or forum post).
	LobbyChannelID string
	// BoardFrom is the version before the first move the board message reports (-1 before any
	// board): edits of that message in place keep reporting every move since.
	BoardFrom int
	// CreatedAt and UpdatedAt are when the game was created and last changed (millisecond
	// precision).
	CreatedAt, UpdatedAt time.Time
}

// Seat is a player of a game.
type Seat struct {
	// Seat is the rules.Seat once the game started (turn order from 0), -1 in the lobby.
	Seat int
	// UserID is the player's Discord user id.
	UserID string
	// Name is the player's display name when they joined.
	Name string
}

// Move is one stored move.
type Move struct {
	// Seq is the game's version after the move (1-based); set by CommitMove.
	Seq int
	// Seat is the seat that made the move.
	Seat int
	// Move is the move's text form (rules.Move.String).
	Move string
	// UserID is the Discord user who sent the move.
	UserID string
	// At is when the move was made (stored to the millisecond); CommitMove sets it to the
	// current time when zero.
	At time.Time
}

// Records converts stored moves to the form rules.Replay takes.
func Records(ms []Move) []rules.Record {
	out := make([]rules.Record, len(ms))
	for i, m := range ms {
		out[i] = rules.Record{Seat: rules.Seat(m.Seat), Move: m.Move}
	}
	return out
}

const gameColumns = `id, guild_id, channel_id, game, players, options, seed, state, version, status,
	creator_id, board_message_id, board_from, lobby_message_id, lobby_channel_id, created_at, updated_at`

// scanner is a *sql.Row or *sql.Rows.
type scanner interface {
	Scan(dest ...any) error
}

// scanGame reads one row of gameColumns.
func scanGame(sc scanner) (Game, error) {
	var (
		g                  Game
		options            string
		seed               int64
		status             string
		created, updated   int64
		boardMsg, lobbyMsg string
	)
	if err := sc.Scan(&g.ID, &g.GuildID, &g.ChannelID, &g.Game, &g.Players, &options, &seed, &g.State,
		&g.Version, &status, &g.CreatorID, &boardMsg, &g.BoardFrom, &lobbyMsg, &g.LobbyChannelID, &created, &updated); err != nil {
		return Game{}, err
	}
	if err := json.Unmarshal([]byte(options), &g.Options); err != nil {
		return Game{}, fmt.Errorf("game %d options: %w", g.ID, err)
	}
	if len(g.Options) == 0 {
		g.Options = nil
	}
	g.Seed = uint64(seed)
	g.Status = Status(status)
	g.BoardMessageID, g.LobbyMessageID = boardMsg, lobbyMsg
	g.CreatedAt, g.UpdatedAt = fromMillis(created), fromMillis(updated)
	return g, nil
}

// marshalOptions is the stored JSON form of opts ("{}" when empty).
func marshalOptions(opts rules.Options) (string, error) {
	if len(opts) == 0 {
		return "{}", nil
	}
	b, err := json.Marshal(opts)
	if err != nil {
		return "", fmt.Errorf("marshal options: %w", err)
	}
	return string(b), nil
}

// querier is what both *sql.Tx and *sql.DB offer.
type querier interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// seatsOf returns the seats of game id ordered by seat, then join order.
func seatsOf(ctx context.Context, q querier, id int64) ([]Seat, error) {
	rows, err := q.QueryContext(ctx, `SELECT seat, user_id, name FROM seats WHERE game_id = ? ORDER BY seat, id`, id)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Seat
	for rows.Next() {
		var st Seat
		if err := rows.Scan(&st.Seat, &st.UserID, &st.Name); err != nil {
			return nil, err
		}
		out = append(out, st)
	}
	return out, rows.Err()
}

// gameStatus returns the status, players wanted and version of game id, or ErrNoGame.
func gameStatus(ctx context.Context, q querier, id int64) (Status, int, int, error) {
	var (
		status           string
		players, version int
	)
	err := q.QueryRowContext(ctx, `SELECT status, players, version FROM games WHERE id = ?`, id).Scan(&status, &players, &version)
	if errors.Is(err, sql.ErrNoRows) {
		return "", 0, 0, ErrNoGame
	}
	return Status(status), players, version, err
}

// CreateLobby opens a lobby in g.ChannelID for the game g.Game with g.GuildID, g.Players,
// g.Options, g.Seed, the message ids of g and g.LobbyChannelID, and seats creator in it (seat -1). The creator is
// creator.UserID (g.CreatorID is ignored); g.State, g.Version and g.Status are ignored. It returns
// the stored game with its ID, status and times. Errors: ErrChannelBusy if the channel already has
// an unfinished game; an error if the channel, game id or creator is empty or Players < 0.
func (s *Store) CreateLobby(ctx context.Context, g Game, creator Seat) (Game, error) {
	return s.CreateLobbyAtMost(ctx, g, creator, 0)
}

// CreateLobbyAtMost is CreateLobby that also refuses, with ErrTooManyLobbies, when the creator
// already created max open lobbies in the game's guild (checked in the transaction that creates
// it, so requests at once cannot pass it together). max 0 (or a game without a guild) sets no
// limit.
func (s *Store) CreateLobbyAtMost(ctx context.Context, g Game, creator Seat, max int) (Game, error) {
	switch {
	case g.ChannelID == "":
		return Game{}, errors.New("create lobby: empty channel id")
	case g.Game == "":
		return Game{}, fmt.Errorf("create lobby in channel %s: empty game id", g.ChannelID)
	case creator.UserID == "":
		return Game{}, fmt.Errorf("create lobby in channel %s: empty creator user id", g.ChannelID)
	case g.Players < 0:
		return Game{}, fmt.Errorf("create lobby in channel %s: negative player count %d", g.ChannelID, g.Players)
	}
	opts, err := marshalOptions(g.Options)
	if err != nil {
		return Game{}, fmt.Errorf("create lobby in channel %s: %w", g.ChannelID, err)
	}
	now := s.now().Truncate(time.Millisecond)
	out := g
	out.CreatorID, out.State, out.Version, out.Status = creator.UserID, nil, 0, StatusLobby
	out.CreatedAt, out.UpdatedAt = now, now
	out.BoardFrom = -1 // no board reported yet
	if len(out.Options) == 0 {
		out.Options = nil
	}
	err = s.write(ctx, func(tx *sql.Tx) error {
		var other int64
		err := tx.QueryRowContext(ctx, `SELECT id FROM games WHERE channel_id = ? AND status IN ('lobby', 'playing')`,
			g.ChannelID).Scan(&other)
		if err == nil {
			return ErrChannelBusy
		}
		if !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		if max > 0 && g.GuildID != "" {
			var open int
			if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM games WHERE guild_id = ? AND creator_id = ? AND status = 'lobby'`,
				g.GuildID, creator.UserID).Scan(&open); err != nil {
				return err
			}
			if open >= max {
				return ErrTooManyLobbies
			}
		}
		err = tx.QueryRowContext(ctx, `INSERT INTO games (guild_id, channel_id, game, players, options, seed,
			state, version, status, creator_id, board_message_id, lobby_message_id, lobby_channel_id, created_at, updated_at)
			VALUES (?, ?, ?, ?, ?, ?, NULL, 0, 'lobby', ?, ?, ?, ?, ?, ?) RETURNING id`,
			g.GuildID, g.ChannelID, g.Game, g.Players, opts, int64(g.Seed), creator.UserID,
			g.BoardMessageID, g.LobbyMessageID, g.LobbyChannelID, millis(now), millis(now)).Scan(&out.ID)
		if isUnique(err) {
			return ErrChannelBusy
		}
		if err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `INSERT INTO seats (game_id, seat, user_id, name) VALUES (?, -1, ?, ?)`,
			out.ID, creator.UserID, creator.Name)
		return err
	})
	if err != nil {
		return Game{}, fmt.Errorf("create lobby in channel %s: %w", g.ChannelID, err)
	}
	return out, nil
}

// Current returns the unfinished (lobby or playing) game of a channel and its seats, ordered by
// seat and then join order (in the lobby every seat is -1, so join order). ErrNoGame if there is
// none.
func (s *Store) Current(ctx context.Context, channelID string) (Game, []Seat, error) {
	g, seats, err := s.gameWhere(ctx, `channel_id = ? AND status IN ('lobby', 'playing')`, channelID)
	if err != nil {
		return Game{}, nil, fmt.Errorf("current game of channel %s: %w", channelID, err)
	}
	return g, seats, nil
}

// GameByID returns the game with id, whatever its status, and its seats ordered as in Current.
// ErrNoGame if there is none.
func (s *Store) GameByID(ctx context.Context, id int64) (Game, []Seat, error) {
	g, seats, err := s.gameWhere(ctx, `id = ?`, id)
	if err != nil {
		return Game{}, nil, fmt.Errorf("game %d: %w", id, err)
	}
	return g, seats, nil
}

// gameWhere reads the one game matching a constant SQL condition, and its seats, in one snapshot.
// ErrNoGame if there is none.
func (s *Store) gameWhere(ctx context.Context, where string, arg any) (Game, []Seat, error) {
	var (
		g     Game
		seats []Seat
	)
	err := s.read(ctx, func(tx *sql.Tx) error {
		var err error
		g, err = scanGame(tx.QueryRowContext(ctx, `SELECT `+gameColumns+` FROM games WHERE `+where, arg))
		if errors.Is(err, sql.ErrNoRows) {
			return ErrNoGame
		}
		if err != nil {
			return err
		}
		seats, err = seatsOf(ctx, tx, g.ID)
		return err
	})
	return g, seats, err
}

// Unfinished returns every game in its lobby or being played, oldest first, so the bot can resume
// them after a restart.
func (s *Store) Unfinished(ctx context.Context) ([]Game, error) {
	var out []Game
	err := s.read(ctx, func(tx *sql.Tx) error {
		rows, err := tx.QueryContext(ctx,
			`SELECT `+gameColumns+` FROM games WHERE status IN ('lobby', 'playing') ORDER BY id`)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			g, err := scanGame(rows)
			if err != nil {
				return err
			}
			out = append(out, g)
		}
		return rows.Err()
	})
	if err != nil {
		return nil, fmt.Errorf("unfinished games: %w", err)
	}
	return out, nil
}

// Join seats a player in a lobby (seat -1, after the players already there). Errors: ErrNoGame,
// ErrAlreadySeated if the user sits in the game (whatever its status), ErrNotLobby if the game has
// started or ended, ErrLobbyFull if the lobby has its wanted number of players (Players > 0), or
// an error for an empty user id.
func (s *Store) Join(ctx context.Context, gameID int64, seat Seat) error {
	if seat.UserID == "" {
		return fmt.Errorf("join game %d: empty user id", gameID)
	}
	err := s.write(ctx, func(tx *sql.Tx) error {
		status, players, _, err := gameStatus(ctx, tx, gameID)
		if err != nil {
			return err
		}
		var seated, count int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*), COALESCE(SUM(CASE WHEN user_id = ? THEN 1 ELSE 0 END), 0) FROM seats WHERE game_id = ?`,
			seat.UserID, gameID).Scan(&count, &seated); err != nil {
			return err
		}
		switch {
		case seated > 0:
			return ErrAlreadySeated
		case status != StatusLobby:
			return ErrNotLobby
		case players > 0 && count >= players:
			return ErrLobbyFull
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO seats (game_id, seat, user_id, name) VALUES (?, -1, ?, ?)`,
			gameID, seat.UserID, seat.Name); err != nil {
			return err
		}
		return s.touch(ctx, tx, gameID)
	})
	if err != nil {
		return fmt.Errorf("join game %d as %s: %w", gameID, seat.UserID, err)
	}
	return nil
}

// Leave removes a player from a lobby. The lobby stays open even when it becomes empty (the bot
// may Cancel it). Errors: ErrNoGame, ErrNotSeated if the user does not sit in the game,
// ErrNotLobby if the game has started or ended.
func (s *Store) Leave(ctx context.Context, gameID int64, userID string) error {
	err := s.write(ctx, func(tx *sql.Tx) error {
		status, _, _, err := gameStatus(ctx, tx, gameID)
		if err != nil {
			return err
		}
		var seated int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM seats WHERE game_id = ? AND user_id = ?`,
			gameID, userID).Scan(&seated); err != nil {
			return err
		}
		switch {
		case seated == 0:
			return ErrNotSeated
		case status != StatusLobby:
			return ErrNotLobby
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM seats WHERE game_id = ? AND user_id = ?`, gameID, userID); err != nil {
			return err
		}
		return s.touch(ctx, tx, gameID)
	})
	if err != nil {
		return fmt.Errorf("leave game %d as %s: %w", gameID, userID, err)
	}
	return nil
}

// Start turns a lobby into a game being played: the player order[i] gets seat i, Players becomes
// len(order), and the setup seed, state (json.Marshal of the new rules.State) and its version are
// saved. Errors: ErrNoGame; ErrNotLobby if the game is not a lobby; ErrBadOrder unless order names
// every seated user exactly once and nobody else; an error for an empty state or a negative
// version. On error nothing changes.
func (s *Store) Start(ctx context.Context, gameID int64, order []string, seed uint64, state []byte, version int) error {
	if len(state) == 0 {
		return fmt.Errorf("start game %d: empty state", gameID)
	}
	if version < 0 {
		return fmt.Errorf("start game %d: negative version %d", gameID, version)
	}
	err := s.write(ctx, func(tx *sql.Tx) error {
		status, _, _, err := gameStatus(ctx, tx, gameID)
		if err != nil {
			return err
		}
		if status != StatusLobby {
			return ErrNotLobby
		}
		seats, err := seatsOf(ctx, tx, gameID)
		if err != nil {
			return err
		}
		if err := checkOrder(order, seats); err != nil {
			return err
		}
		for i, user := range order {
			if _, err := tx.ExecContext(ctx, `UPDATE seats SET seat = ? WHERE game_id = ? AND user_id = ?`,
				i, gameID, user); err != nil {
				return err
			}
		}
		_, err = tx.ExecContext(ctx, `UPDATE games SET status = 'playing', players = ?, seed = ?, state = ?,
			version = ?, updated_at = ? WHERE id = ?`,
			len(order), int64(seed), state, version, millis(s.now()), gameID)
		return err
	})
	if err != nil {
		return fmt.Errorf("start game %d: %w", gameID, err)
	}
	return nil
}

// checkOrder returns an ErrBadOrder error unless order holds each seated user exactly once.
func checkOrder(order []string, seats []Seat) error {
	seated := make(map[string]bool, len(seats))
	for _, st := range seats {
		seated[st.UserID] = true
	}
	seen := make(map[string]bool, len(order))
	for _, user := range order {
		switch {
		case !seated[user]:
			return fmt.Errorf("%w: %q is not seated", ErrBadOrder, user)
		case seen[user]:
			return fmt.Errorf("%w: %q is named twice", ErrBadOrder, user)
		}
		seen[user] = true
	}
	if len(order) != len(seats) {
		return fmt.Errorf("%w: %d named, %d seated", ErrBadOrder, len(order), len(seats))
	}
	return nil
}

// CommitMove records one move of a game being played, in one transaction: it checks that the
// stored version is still prevVersion (the version the caller loaded), saves state (json.Marshal of
// the rules.State after the move), version and status, appends m with Seq = version, and queues
// outbox (their GameID set to gameID). It returns the queued items with their ids and times.
//
// version must be prevVersion+1 (rules.State.Version counts moves); status must be StatusPlaying
// or StatusFinished (the move ended the game). m.At defaults to now; m.Seq is ignored.
//
// Errors, on which nothing is written: ErrNoGame; ErrStale if the stored version is not
// prevVersion (another writer won: reload and retry); ErrNotPlaying if the game is in its lobby,
// finished or cancelled; an error for a bad version, status, empty state or move, a seat that is
// not one of the game's, or an outbox item without kind or target.
func (s *Store) CommitMove(ctx context.Context, gameID int64, prevVersion int, m Move, state []byte, version int, status Status, outbox []OutboxItem) ([]OutboxItem, error) {
	return s.CommitMoves(ctx, gameID, prevVersion, []Move{m}, state, version, status, outbox)
}

// CommitMoves is CommitMove for a batch of moves applied one after another (rules.ApplyBatch: the
// cards picked in one multi-select): in one transaction it checks prevVersion, saves the state
// after the last move, appends the moves as one row each with Seq = prevVersion+1, +2, … (so
// Replay still sees every move), and queues outbox. version must be prevVersion+len(ms), and ms
// must not be empty. The errors are CommitMove's; on any of them nothing is written.
func (s *Store) CommitMoves(ctx context.Context, gameID int64, prevVersion int, ms []Move, state []byte, version int, status Status, outbox []OutboxItem) ([]OutboxItem, error) {
	switch {
	case len(ms) == 0:
		return nil, fmt.Errorf("commit moves to game %d: no move", gameID)
	case version != prevVersion+len(ms):
		return nil, fmt.Errorf("commit move to game %d: version %d does not follow %d after %d moves", gameID, version, prevVersion, len(ms))
	case status != StatusPlaying && status != StatusFinished:
		return nil, fmt.Errorf("commit move to game %d: a move cannot leave the game %s", gameID, status)
	case len(state) == 0:
		return nil, fmt.Errorf("commit move to game %d: empty state", gameID)
	}
	for _, m := range ms {
		switch {
		case m.Move == "":
			return nil, fmt.Errorf("commit move to game %d: empty move", gameID)
		case m.Seat < 0:
			return nil, fmt.Errorf("commit move to game %d: seat %d cannot move", gameID, m.Seat)
		}
	}
	if err := checkItems(outbox); err != nil {
		return nil, fmt.Errorf("commit move to game %d: %w", gameID, err)
	}
	now := s.now().Truncate(time.Millisecond)
	ms = append([]Move(nil), ms...)
	for i := range ms {
		if ms[i].At.IsZero() {
			ms[i].At = now
		}
	}
	var items []OutboxItem
	err := s.write(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE games SET state = ?, version = ?, status = ?, updated_at = ?
			WHERE id = ? AND version = ? AND status = 'playing'`,
			state, version, string(status), millis(now), gameID, prevVersion)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n == 0 {
			st, _, stored, err := gameStatus(ctx, tx, gameID)
			switch {
			case err != nil:
				return err
			case stored != prevVersion:
				return fmt.Errorf("%w: stored version %d, loaded %d", ErrStale, stored, prevVersion)
			default:
				return fmt.Errorf("%w: it is %s", ErrNotPlaying, st)
			}
		}
		for i, m := range ms {
			seq := prevVersion + 1 + i
			var seated int
			if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM seats WHERE game_id = ? AND seat = ?`,
				gameID, m.Seat).Scan(&seated); err != nil {
				return err
			}
			if seated == 0 {
				return fmt.Errorf("seat %d is not in the game", m.Seat)
			}
			if _, err := tx.ExecContext(ctx, `INSERT INTO moves (game_id, seq, seat, move, user_id, at) VALUES (?, ?, ?, ?, ?, ?)`,
				gameID, seq, m.Seat, m.Move, m.UserID, millis(m.At)); err != nil {
				if isUnique(err) {
					return fmt.Errorf("%w: move %d is already stored", ErrStale, seq)
				}
				return err
			}
		}
		items, err = insertItems(ctx, tx, gameID, now, outbox)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("commit move %d to game %d: %w", version, gameID, err)
	}
	return items, nil
}

// Moves returns the moves of a game in order (Seq ascending). ErrNoGame if there is no such game.
func (s *Store) Moves(ctx context.Context, gameID int64) ([]Move, error) {
	var out []Move
	err := s.read(ctx, func(tx *sql.Tx) error {
		if _, _, _, err := gameStatus(ctx, tx, gameID); err != nil {
			return err
		}
		rows, err := tx.QueryContext(ctx, `SELECT seq, seat, move, user_id, at FROM moves WHERE game_id = ? ORDER BY seq`, gameID)
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
		return nil, fmt.Errorf("moves of game %d: %w", gameID, err)
	}
	return out, nil
}

// Cancel abandons a game in its lobby or being played, freeing its channel. Its state, seats and
// moves are kept. Errors: ErrNoGame; ErrOver if it is already finished or cancelled.
func (s *Store) Cancel(ctx context.Context, gameID int64) error {
	err := s.write(ctx, func(tx *sql.Tx) error {
		status, _, _, err := gameStatus(ctx, tx, gameID)
		if err != nil {
			return err
		}
		if !status.Unfinished() {
			return fmt.Errorf("%w: it is %s", ErrOver, status)
		}
		_, err = tx.ExecContext(ctx, `UPDATE games SET status = 'cancelled', updated_at = ? WHERE id = ?`,
			millis(s.now()), gameID)
		return err
	})
	if err != nil {
		return fmt.Errorf("cancel game %d: %w", gameID, err)
	}
	return nil
}

// SetBoardMessage records the channel message showing the game's board ("" for none) and from,
// the version before the first move that message reports. ErrNoGame if there is no such game.
func (s *Store) SetBoardMessage(ctx context.Context, gameID int64, messageID string, from int) error {
	err := s.write(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE games SET board_message_id = ?, board_from = ?, updated_at = ? WHERE id = ?`,
			messageID, from, millis(s.now()), gameID)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n == 0 {
			return ErrNoGame
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("set board message of game %d: %w", gameID, err)
	}
	return nil
}

// SetLobbyMessage records the channel message showing the game's lobby ("" for none). ErrNoGame
// if there is no such game.
func (s *Store) SetLobbyMessage(ctx context.Context, gameID int64, messageID string) error {
	if err := s.setColumn(ctx, gameID, "lobby_message_id", messageID); err != nil {
		return fmt.Errorf("set lobby message of game %d: %w", gameID, err)
	}
	return nil
}

// setColumn sets one text column of a game; column is a constant of this package.
func (s *Store) setColumn(ctx context.Context, gameID int64, column, value string) error {
	return s.write(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE games SET `+column+` = ?, updated_at = ? WHERE id = ?`,
			value, millis(s.now()), gameID)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n == 0 {
			return ErrNoGame
		}
		return nil
	})
}

// touch sets a game's updated_at to now.
func (s *Store) touch(ctx context.Context, tx *sql.Tx, gameID int64) error {
	_, err := tx.ExecContext(ctx, `UPDATE games SET updated_at = ? WHERE id = ?`, millis(s.now()), gameID)
	return err
}
