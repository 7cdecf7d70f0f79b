package data

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"
)

// The tables of ratings, profiles and leaderboards (issue 28; migrations/0013_ratings.sql, column
// by column). The store only keeps them: what a game's result is and how ratings move is package
// ratings' business, which computes them from the finished games read here.

// ErrRated means the game is already rated: RateGame wrote nothing.
var ErrRated = errors.New("game is already rated")

// RatingSource is a finished game as the ratings read it: the game (without its state), its
// seats, its whole move log, its replacement and timeout events, and whether it had a pace.
type RatingSource struct {
	// Game is the game's row; Game.State is nil (the ratings replay the moves).
	Game Game
	// Seats are the game's seats as they are now (the holders at the end).
	Seats []Seat
	// Moves is the move log in order.
	Moves []Move
	// Events are the game's "replace" and "timeout" events in order.
	Events []Event
	// Paced is true when the game had a pace other than live (game_pace).
	Paced bool
}

// Skill is a rating: the mean and deviation of a player's strength on the Weng-Lin scale (25 and
// 25/3 for a newcomer).
type Skill struct {
	Mu, Sigma float64
}

// RatedSeat is what one player did in a rated game (a row of rating_seats).
type RatedSeat struct {
	// GameID, Game and FinishedAt are the rated game's (set when read back).
	GameID     int64
	Game       string
	FinishedAt time.Time
	// Seat is the rules seat; Player the user id, or the AI's identity ("ai:strong").
	Seat   int
	Player string
	// Place is 1 for the winners, then by score (equal results share a place); 0 for a player
	// replaced out of the seat, who has no result.
	Place int
	Won   bool
	Score int
	// Moves are the player's own moves; AIMoves those the AI made for them.
	Moves, AIMoves int
	// MoveTime is the sum of the player's times to move in a paced game, over TimedMoves moves.
	MoveTime   time.Duration
	TimedMoves int
	// Timeouts are the deadlines the player let pass; Replaced is true for a player replaced
	// out of the seat.
	Timeouts int
	Replaced bool
	// Before and After are the player's rating before and after the game (zero without a result).
	Before, After Skill
}

// RatedGame is one rated game (a row of rating_games) and its seats.
type RatedGame struct {
	GameID        int64
	GuildID, Game string
	// Players is the number of seats; Moves the moves of the log.
	Players, Moves int
	// StartedAt and FinishedAt are the times of the first and the last move.
	StartedAt, FinishedAt time.Time
	// Margin is the best winner's score minus the best score of a seat that did not win.
	Margin int
	// Paced is true when the game had a pace (times to move count only then).
	Paced bool
	// Seats are the seats' players, with a result or replaced out.
	Seats []RatedSeat
	// ChannelID is the game's channel (read back only).
	ChannelID string
}

// Rating is a player's current rating in one server and game (a row of ratings).
type Rating struct {
	GuildID, Game, Player string
	Skill
	Games, Wins int
	UpdatedAt   time.Time
}

// finishedChunk is how many finished games FinishedGames reads in one snapshot.
const finishedChunk = 256

// FinishedGames calls fn with every finished game whose id is above after, in id order, read in
// snapshots of a few hundred games. It stops at fn's first error and returns it.
func (s *Store) FinishedGames(ctx context.Context, after int64, fn func(RatingSource) error) error {
	ids, err := s.ids(ctx, `SELECT id FROM games WHERE status = 'finished' AND id > ? ORDER BY id`, after)
	if err != nil {
		return fmt.Errorf("finished games: %w", err)
	}
	for len(ids) > 0 {
		n := min(finishedChunk, len(ids))
		var srcs []RatingSource
		err := s.read(ctx, func(tx *sql.Tx) error {
			var err error
			srcs, err = ratingSources(ctx, tx, ids[0], ids[n-1])
			return err
		})
		if err != nil {
			return fmt.Errorf("finished games %d to %d: %w", ids[0], ids[n-1], err)
		}
		for _, src := range srcs {
			if err := fn(src); err != nil {
				return err
			}
		}
		ids = ids[n:]
	}
	return nil
}

// FinishedGame returns the finished game id as the ratings read it. ErrNoGame if there is no
// such game, ErrNotPlaying wrapped if it is not finished.
func (s *Store) FinishedGame(ctx context.Context, id int64) (RatingSource, error) {
	var srcs []RatingSource
	err := s.read(ctx, func(tx *sql.Tx) error {
		status, _, _, err := gameStatus(ctx, tx, id)
		if err != nil {
			return err
		}
		if status != StatusFinished {
			return fmt.Errorf("%w: it is %s", ErrNotPlaying, status)
		}
		srcs, err = ratingSources(ctx, tx, id, id)
		return err
	})
	if err == nil && len(srcs) != 1 {
		err = ErrNoGame
	}
	if err != nil {
		return RatingSource{}, fmt.Errorf("finished game %d: %w", id, err)
	}
	return srcs[0], nil
}

// ratingSources reads the finished games with ids from..to and their seats, moves, events and
// paces, in a few queries over the range.
func ratingSources(ctx context.Context, tx *sql.Tx, from, to int64) ([]RatingSource, error) {
	cols := strings.Replace(gameColumns, ", state,", ", NULL,", 1)
	rows, err := tx.QueryContext(ctx, `SELECT `+cols+` FROM games WHERE id BETWEEN ? AND ? AND status = 'finished' ORDER BY id`, from, to)
	if err != nil {
		return nil, err
	}
	var out []RatingSource
	at := map[int64]int{}
	for rows.Next() {
		g, err := scanGame(rows)
		if err != nil {
			rows.Close()
			return nil, err
		}
		at[g.ID] = len(out)
		out = append(out, RatingSource{Game: g})
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	if len(out) == 0 {
		return nil, nil
	}
	// Seats.
	srows, err := tx.QueryContext(ctx, `SELECT game_id, seat, user_id, name FROM seats WHERE game_id BETWEEN ? AND ? ORDER BY game_id, seat, id`, from, to)
	if err != nil {
		return nil, err
	}
	for srows.Next() {
		var (
			id int64
			st Seat
		)
		if err := srows.Scan(&id, &st.Seat, &st.UserID, &st.Name); err != nil {
			srows.Close()
			return nil, err
		}
		if i, ok := at[id]; ok {
			out[i].Seats = append(out[i].Seats, st)
		}
	}
	srows.Close()
	if err := srows.Err(); err != nil {
		return nil, err
	}
	// Moves.
	mrows, err := tx.QueryContext(ctx, `SELECT game_id, seq, seat, move, user_id, at FROM moves WHERE game_id BETWEEN ? AND ? ORDER BY game_id, seq`, from, to)
	if err != nil {
		return nil, err
	}
	for mrows.Next() {
		var (
			id, when int64
			m        Move
		)
		if err := mrows.Scan(&id, &m.Seq, &m.Seat, &m.Move, &m.UserID, &when); err != nil {
			mrows.Close()
			return nil, err
		}
		if i, ok := at[id]; ok {
			m.At = fromMillis(when)
			out[i].Moves = append(out[i].Moves, m)
		}
	}
	mrows.Close()
	if err := mrows.Err(); err != nil {
		return nil, err
	}
	// Replacement and timeout events.
	erows, err := tx.QueryContext(ctx, `SELECT id, game_id, version, at, kind, user_id, text FROM game_events
		WHERE game_id BETWEEN ? AND ? AND kind IN ('replace', 'timeout') ORDER BY game_id, id`, from, to)
	if err != nil {
		return nil, err
	}
	for erows.Next() {
		var (
			e    Event
			when int64
		)
		if err := erows.Scan(&e.ID, &e.GameID, &e.Version, &when, &e.Kind, &e.UserID, &e.Text); err != nil {
			erows.Close()
			return nil, err
		}
		if i, ok := at[e.GameID]; ok {
			e.At = fromMillis(when)
			out[i].Events = append(out[i].Events, e)
		}
	}
	erows.Close()
	if err := erows.Err(); err != nil {
		return nil, err
	}
	// Paces.
	prows, err := tx.QueryContext(ctx, `SELECT game_id FROM game_pace WHERE game_id BETWEEN ? AND ? AND pace <> 'live'`, from, to)
	if err != nil {
		return nil, err
	}
	defer prows.Close()
	for prows.Next() {
		var id int64
		if err := prows.Scan(&id); err != nil {
			return nil, err
		}
		if i, ok := at[id]; ok {
			out[i].Paced = true
		}
	}
	return out, prows.Err()
}

// RateGame stores the rated game g: in one write transaction it reads the current ratings of
// g's players in g's server and game (by player; a newcomer has none), calls rate with them,
// which returns the game with every seat's Before and After set and the players' new ratings,
// and stores both. Errors: ErrRated (nothing written) when the game is already rated; rate's
// error; a storage error. On PostgreSQL rate may run more than once (see write).
func (s *Store) RateGame(ctx context.Context, g RatedGame, rate func(prior map[string]Rating) (RatedGame, []Rating, error)) error {
	err := s.write(ctx, func(tx *sql.Tx) error {
		var done int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM rating_games WHERE game_id = ?`, g.GameID).Scan(&done); err != nil {
			return err
		}
		if done > 0 {
			return ErrRated
		}
		prior := map[string]Rating{}
		for _, st := range g.Seats {
			if _, ok := prior[st.Player]; ok || st.Place == 0 {
				continue
			}
			r := Rating{GuildID: g.GuildID, Game: g.Game, Player: st.Player}
			var updated int64
			err := tx.QueryRowContext(ctx, `SELECT mu, sigma, games, wins, updated_at FROM ratings
				WHERE guild_id = ? AND game = ? AND player = ?`, g.GuildID, g.Game, st.Player).
				Scan(&r.Mu, &r.Sigma, &r.Games, &r.Wins, &updated)
			if errors.Is(err, sql.ErrNoRows) {
				continue
			}
			if err != nil {
				return err
			}
			r.UpdatedAt = fromMillis(updated)
			prior[st.Player] = r
		}
		rated, ratings, err := rate(prior)
		if err != nil {
			return err
		}
		if err := insertRated(ctx, tx, rated); err != nil {
			return err
		}
		return upsertRatings(ctx, tx, ratings)
	})
	if err != nil {
		return fmt.Errorf("rate game %d: %w", g.GameID, err)
	}
	return nil
}

// ReplaceRatings replaces every rated game, seat and rating with games and ratings, in one write
// transaction (a rebuild from scratch).
func (s *Store) ReplaceRatings(ctx context.Context, games []RatedGame, ratings []Rating) error {
	err := s.write(ctx, func(tx *sql.Tx) error {
		for _, table := range []string{"rating_seats", "rating_games", "ratings"} {
			if _, err := tx.ExecContext(ctx, `DELETE FROM `+table); err != nil {
				return err
			}
		}
		for _, g := range games {
			if err := insertRated(ctx, tx, g); err != nil {
				return err
			}
		}
		return upsertRatings(ctx, tx, ratings)
	})
	if err != nil {
		return fmt.Errorf("replace ratings: %w", err)
	}
	return nil
}

// insertRated inserts one rated game and its seats.
func insertRated(ctx context.Context, tx *sql.Tx, g RatedGame) error {
	if _, err := tx.ExecContext(ctx, `INSERT INTO rating_games (game_id, guild_id, game, players, moves, started_at,
		finished_at, margin, paced) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		g.GameID, g.GuildID, g.Game, g.Players, g.Moves, millis(g.StartedAt), millis(g.FinishedAt), g.Margin, g.Paced); err != nil {
		return fmt.Errorf("game %d: %w", g.GameID, err)
	}
	for _, st := range g.Seats {
		if _, err := tx.ExecContext(ctx, `INSERT INTO rating_seats (game_id, seat, player, guild_id, game, finished_at,
			place, won, score, moves, ai_moves, move_ms, timed_moves, timeouts, replaced,
			mu_before, sigma_before, mu_after, sigma_after)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			g.GameID, st.Seat, st.Player, g.GuildID, g.Game, millis(g.FinishedAt), st.Place, st.Won, st.Score,
			st.Moves, st.AIMoves, st.MoveTime.Milliseconds(), st.TimedMoves, st.Timeouts, st.Replaced,
			st.Before.Mu, st.Before.Sigma, st.After.Mu, st.After.Sigma); err != nil {
			return fmt.Errorf("game %d seat %d: %w", g.GameID, st.Seat, err)
		}
	}
	return nil
}

// upsertRatings writes ratings over the rows of the same server, game and player.
func upsertRatings(ctx context.Context, tx *sql.Tx, ratings []Rating) error {
	for _, r := range ratings {
		if _, err := tx.ExecContext(ctx, `INSERT INTO ratings (guild_id, game, player, mu, sigma, games, wins, updated_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?)
			ON CONFLICT (guild_id, game, player) DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma,
			games = excluded.games, wins = excluded.wins, updated_at = excluded.updated_at`,
			r.GuildID, r.Game, r.Player, r.Mu, r.Sigma, r.Games, r.Wins, millis(r.UpdatedAt)); err != nil {
			return fmt.Errorf("rating of %s: %w", r.Player, err)
		}
	}
	return nil
}

// Ratings returns the current ratings of a server's players in one game (every player, in no
// particular order).
func (s *Store) Ratings(ctx context.Context, guildID, game string) ([]Rating, error) {
	out, err := s.ratingsWhere(ctx, `guild_id = ? AND game = ?`, guildID, game)
	if err != nil {
		return nil, fmt.Errorf("ratings of %s in guild %s: %w", game, guildID, err)
	}
	return out, nil
}

// PlayerRatings returns a player's current ratings in a server, one per game they played.
func (s *Store) PlayerRatings(ctx context.Context, guildID, player string) ([]Rating, error) {
	out, err := s.ratingsWhere(ctx, `guild_id = ? AND player = ?`, guildID, player)
	if err != nil {
		return nil, fmt.Errorf("ratings of %s in guild %s: %w", player, guildID, err)
	}
	return out, nil
}

// ratingsWhere reads the rows of ratings that match where (an SQL condition on its two
// arguments), ordered by game then player.
func (s *Store) ratingsWhere(ctx context.Context, where string, args ...any) ([]Rating, error) {
	var out []Rating
	err := s.read(ctx, func(tx *sql.Tx) error {
		rows, err := tx.QueryContext(ctx, `SELECT guild_id, game, player, mu, sigma, games, wins, updated_at
			FROM ratings WHERE `+where+` ORDER BY game, player`, args...)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var r Rating
			var updated int64
			if err := rows.Scan(&r.GuildID, &r.Game, &r.Player, &r.Mu, &r.Sigma, &r.Games, &r.Wins, &updated); err != nil {
				return err
			}
			r.UpdatedAt = fromMillis(updated)
			out = append(out, r)
		}
		return rows.Err()
	})
	return out, err
}

const ratedSeatColumns = `game_id, game, finished_at, seat, player, place, won, score, moves, ai_moves, move_ms,
	timed_moves, timeouts, replaced, mu_before, sigma_before, mu_after, sigma_after`

// scanRatedSeat reads one row of ratedSeatColumns.
func scanRatedSeat(sc scanner) (RatedSeat, error) {
	var (
		st               RatedSeat
		finished, moveMS int64
	)
	if err := sc.Scan(&st.GameID, &st.Game, &finished, &st.Seat, &st.Player, &st.Place, &st.Won, &st.Score, &st.Moves,
		&st.AIMoves, &moveMS, &st.TimedMoves, &st.Timeouts, &st.Replaced,
		&st.Before.Mu, &st.Before.Sigma, &st.After.Mu, &st.After.Sigma); err != nil {
		return RatedSeat{}, err
	}
	st.FinishedAt, st.MoveTime = fromMillis(finished), time.Duration(moveMS)*time.Millisecond
	return st, nil
}

// PlayerSeats returns what a player did in the rated games of a server, oldest first.
func (s *Store) PlayerSeats(ctx context.Context, guildID, player string) ([]RatedSeat, error) {
	var out []RatedSeat
	err := s.read(ctx, func(tx *sql.Tx) error {
		rows, err := tx.QueryContext(ctx, `SELECT `+ratedSeatColumns+` FROM rating_seats
			WHERE guild_id = ? AND player = ? ORDER BY finished_at, game_id, seat`, guildID, player)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			st, err := scanRatedSeat(rows)
			if err != nil {
				return err
			}
			out = append(out, st)
		}
		return rows.Err()
	})
	if err != nil {
		return nil, fmt.Errorf("rated seats of %s in guild %s: %w", player, guildID, err)
	}
	return out, nil
}

// RatedGames returns a server's rated games of one game finished at or after since (every one
// when since is zero), in the order they finished, each with its seats and channel.
func (s *Store) RatedGames(ctx context.Context, guildID, game string, since time.Time) ([]RatedGame, error) {
	var out []RatedGame
	from := int64(0)
	if !since.IsZero() {
		from = millis(since)
	}
	err := s.read(ctx, func(tx *sql.Tx) error {
		rows, err := tx.QueryContext(ctx, `SELECT r.game_id, r.players, r.moves, r.started_at, r.finished_at, r.margin,
			r.paced, g.channel_id FROM rating_games r JOIN games g ON g.id = r.game_id
			WHERE r.guild_id = ? AND r.game = ? AND r.finished_at >= ? ORDER BY r.finished_at, r.game_id`, guildID, game, from)
		if err != nil {
			return err
		}
		at := map[int64]int{}
		for rows.Next() {
			g := RatedGame{GuildID: guildID, Game: game}
			var started, finished int64
			if err := rows.Scan(&g.GameID, &g.Players, &g.Moves, &started, &finished, &g.Margin, &g.Paced, &g.ChannelID); err != nil {
				rows.Close()
				return err
			}
			g.StartedAt, g.FinishedAt = fromMillis(started), fromMillis(finished)
			at[g.GameID] = len(out)
			out = append(out, g)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		srows, err := tx.QueryContext(ctx, `SELECT `+ratedSeatColumns+` FROM rating_seats
			WHERE guild_id = ? AND game = ? AND finished_at >= ? ORDER BY game_id, seat, place DESC`, guildID, game, from)
		if err != nil {
			return err
		}
		defer srows.Close()
		for srows.Next() {
			st, err := scanRatedSeat(srows)
			if err != nil {
				return err
			}
			if i, ok := at[st.GameID]; ok {
				out[i].Seats = append(out[i].Seats, st)
			}
		}
		return srows.Err()
	})
	if err != nil {
		return nil, fmt.Errorf("rated %s games of guild %s: %w", game, guildID, err)
	}
	return out, nil
}

// UnratedFinished returns the finished games that are not rated yet, in id order (a game whose
// rating was interrupted, or finished while the ratings were rebuilt).
func (s *Store) UnratedFinished(ctx context.Context) ([]int64, error) {
	out, err := s.ids(ctx, `SELECT id FROM games WHERE status = 'finished'
		AND id NOT IN (SELECT game_id FROM rating_games) ORDER BY id`)
	if err != nil {
		return nil, fmt.Errorf("unrated finished games: %w", err)
	}
	return out, nil
}

// StatsHidden returns which of users keep their statistics to themselves (/settings stats:off).
func (s *Store) StatsHidden(ctx context.Context, users ...string) (map[string]bool, error) {
	out := map[string]bool{}
	if len(users) == 0 {
		return out, nil
	}
	err := s.read(ctx, func(tx *sql.Tx) error {
		args := make([]any, len(users))
		for i, u := range users {
			args[i] = u
		}
		rows, err := tx.QueryContext(ctx, `SELECT user_id FROM stats_hidden WHERE user_id IN (?`+
			strings.Repeat(", ?", len(users)-1)+`)`, args...)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var u string
			if err := rows.Scan(&u); err != nil {
				return err
			}
			out[u] = true
		}
		return rows.Err()
	})
	if err != nil {
		return nil, fmt.Errorf("hidden statistics: %w", err)
	}
	return out, nil
}

// SetStatsHidden records whether a user keeps their statistics to themselves. Error: an empty
// user id.
func (s *Store) SetStatsHidden(ctx context.Context, userID string, hidden bool) error {
	if userID == "" {
		return errors.New("set hidden statistics: empty user id")
	}
	err := s.write(ctx, func(tx *sql.Tx) error {
		if !hidden {
			_, err := tx.ExecContext(ctx, `DELETE FROM stats_hidden WHERE user_id = ?`, userID)
			return err
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO stats_hidden (user_id, at) VALUES (?, ?) ON CONFLICT (user_id) DO NOTHING`,
			userID, millis(s.now()))
		return err
	})
	if err != nil {
		return fmt.Errorf("set hidden statistics of %s: %w", userID, err)
	}
	return nil
}
