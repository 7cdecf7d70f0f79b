package ratings

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math"
	"sort"
	"time"

	"spicebot/data"
	"spicebot/rules"
)

// Store is what the ratings read and write; *data.Store implements it.
type Store interface {
	FinishedGames(ctx context.Context, after int64, fn func(data.RatingSource) error) error
	FinishedGame(ctx context.Context, id int64) (data.RatingSource, error)
	RateGame(ctx context.Context, g data.RatedGame, rate func(prior map[string]data.Rating) (data.RatedGame, []data.Rating, error)) error
	ReplaceRatings(ctx context.Context, games []data.RatedGame, ratings []data.Rating) error
	UnratedFinished(ctx context.Context) ([]int64, error)
	Ratings(ctx context.Context, guildID, game string) ([]data.Rating, error)
	PlayerRatings(ctx context.Context, guildID, player string) ([]data.Rating, error)
	PlayerSeats(ctx context.Context, guildID, player string) ([]data.RatedSeat, error)
	RatedGames(ctx context.Context, guildID, game string, since time.Time) ([]data.RatedGame, error)
	StatsHidden(ctx context.Context, users ...string) (map[string]bool, error)
	SetStatsHidden(ctx context.Context, userID string, hidden bool) error
}

// Ratings keeps the ratings of the games of a store up to date and answers for profiles and
// leaderboards. It is safe for concurrent use (every change is one store transaction).
type Ratings struct {
	store Store
	reg   *rules.Registry
	model Model
	log   *slog.Logger
}

// New returns the ratings of the games of reg kept in store, with the DefaultModel.
func New(store Store, reg *rules.Registry, log *slog.Logger) *Ratings {
	if log == nil {
		log = slog.Default()
	}
	return &Ratings{store: store, reg: reg, model: DefaultModel(), log: log}
}

// Model is the rating model in use.
func (r *Ratings) Model() Model { return r.model }

// GameOver rates a game that just finished (the hook where results are recorded): it reads the
// game, replays it, and updates its players' ratings in one transaction. A game already rated, or
// without a result, changes nothing and is not an error. Errors: storage, or a move log that does
// not replay.
func (r *Ratings) GameOver(ctx context.Context, gameID int64) error {
	src, err := r.store.FinishedGame(ctx, gameID)
	if err != nil {
		return fmt.Errorf("rate: %w", err)
	}
	g, ok, err := Result(r.reg, src)
	if err != nil || !ok {
		return err
	}
	err = r.store.RateGame(ctx, g, func(prior map[string]data.Rating) (data.RatedGame, []data.Rating, error) {
		ratings := map[string]data.Rating{}
		for k, v := range prior {
			ratings[k] = v
		}
		out, changed, err := r.apply(g, ratings)
		if err != nil {
			return data.RatedGame{}, nil, err
		}
		list := make([]data.Rating, 0, len(changed))
		for _, p := range changed {
			list = append(list, ratings[p])
		}
		return out, list, nil
	})
	if errors.Is(err, data.ErrRated) {
		return nil
	}
	return err
}

// CatchUp rates the finished games that are not rated yet (after a restart, or games that
// finished during a rebuild), oldest first, and returns how many it rated. A game that fails is
// logged and skipped.
func (r *Ratings) CatchUp(ctx context.Context) (int, error) {
	ids, err := r.store.UnratedFinished(ctx)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, id := range ids {
		if err := r.GameOver(ctx, id); err != nil {
			if ctx.Err() != nil {
				return n, ctx.Err()
			}
			r.log.ErrorContext(ctx, "rate game", "game", id, "err", err)
			continue
		}
		n++
	}
	return n, nil
}

// RebuildStats says what a Rebuild did.
type RebuildStats struct {
	// Games are the finished games read; Rated those with a result; Failed those whose move log
	// did not replay (logged, left out).
	Games, Rated, Failed int
	// Ratings are the ratings stored.
	Ratings int
}

// Rebuild computes every rating again from scratch: it replays every finished game with the
// current rules, orders them by the time they finished, rates them in that order and replaces
// the stored ratings with the result in one transaction; then it rates any game that finished
// meanwhile (CatchUp). Run it after a rules fix that changes results.
func (r *Ratings) Rebuild(ctx context.Context) (RebuildStats, error) {
	var (
		stats RebuildStats
		games []data.RatedGame
	)
	err := r.store.FinishedGames(ctx, 0, func(src data.RatingSource) error {
		stats.Games++
		g, ok, err := Result(r.reg, src)
		if err != nil {
			stats.Failed++
			r.log.ErrorContext(ctx, "rebuild ratings: game left out", "game", src.Game.ID, "err", err)
			return nil
		}
		if ok {
			games = append(games, g)
		}
		return nil
	})
	if err != nil {
		return stats, fmt.Errorf("rebuild ratings: %w", err)
	}
	sort.SliceStable(games, func(i, j int) bool {
		if !games[i].FinishedAt.Equal(games[j].FinishedAt) {
			return games[i].FinishedAt.Before(games[j].FinishedAt)
		}
		return games[i].GameID < games[j].GameID
	})
	type pool struct{ guild, game string }
	pools := map[pool]map[string]data.Rating{}
	for i, g := range games {
		k := pool{g.GuildID, g.Game}
		if pools[k] == nil {
			pools[k] = map[string]data.Rating{}
		}
		out, _, err := r.apply(g, pools[k])
		if err != nil {
			return stats, fmt.Errorf("rebuild ratings: game %d: %w", g.GameID, err)
		}
		games[i] = out
	}
	var all []data.Rating
	for _, p := range pools {
		for _, rt := range p {
			all = append(all, rt)
		}
	}
	sort.Slice(all, func(i, j int) bool {
		a, b := all[i], all[j]
		if a.GuildID != b.GuildID {
			return a.GuildID < b.GuildID
		}
		if a.Game != b.Game {
			return a.Game < b.Game
		}
		return a.Player < b.Player
	})
	if err := r.store.ReplaceRatings(ctx, games, all); err != nil {
		return stats, fmt.Errorf("rebuild ratings: %w", err)
	}
	stats.Rated, stats.Ratings = len(games), len(all)
	if _, err := r.CatchUp(ctx); err != nil {
		return stats, fmt.Errorf("rebuild ratings: %w", err)
	}
	return stats, nil
}

// apply rates one game over ratings (the current ratings of its server and game by player,
// updated in place) and returns the game with each seat's rating before and after, and the
// players whose rating changed. A player with several seats in one game (two AI seats of one
// level) gets the sum of the seats' changes of mean and the product of their changes of
// deviation; each seat row keeps its own.
func (r *Ratings) apply(g data.RatedGame, ratings map[string]data.Rating) (data.RatedGame, []string, error) {
	out := g
	out.Seats = append([]data.RatedSeat(nil), g.Seats...)
	var (
		idx    []int
		skills []Skill
		ranks  []int
	)
	for i, st := range out.Seats {
		if st.Place == 0 {
			continue
		}
		cur, ok := ratings[st.Player]
		if !ok {
			cur = data.Rating{GuildID: g.GuildID, Game: g.Game, Player: st.Player, Skill: r.model.New()}
		}
		idx = append(idx, i)
		skills = append(skills, cur.Skill)
		ranks = append(ranks, st.Place)
	}
	after, err := r.model.Rate(skills, ranks)
	if err != nil {
		return data.RatedGame{}, nil, err
	}
	var changed []string
	next := map[string]data.Rating{}
	for k, i := range idx {
		st := &out.Seats[i]
		st.Before, st.After = skills[k], after[k]
		cur, ok := next[st.Player]
		if !ok {
			if cur, ok = ratings[st.Player]; !ok {
				cur = data.Rating{GuildID: g.GuildID, Game: g.Game, Player: st.Player, Skill: r.model.New()}
			}
			changed = append(changed, st.Player)
		}
		cur.Mu += after[k].Mu - skills[k].Mu
		if skills[k].Sigma > 0 {
			cur.Sigma *= after[k].Sigma / skills[k].Sigma
		}
		cur.Games++
		if st.Won {
			cur.Wins++
		}
		cur.UpdatedAt = g.FinishedAt
		next[st.Player] = cur
	}
	for p, rt := range next {
		ratings[p] = rt
	}
	return out, changed, nil
}

// Display is the rating players read: 1000 + 40·(μ − 3σ), rounded — 1000 for a newcomer, more as
// the model grows sure the player is strong (the cautious Ordinal, on a familiar scale).
func Display(s Skill) int { return int(math.Round(1000 + 40*Ordinal(s))) }
