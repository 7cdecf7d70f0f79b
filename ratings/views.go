package ratings

import (
	"context"
	"fmt"
	"sort"
	"time"

	"spicebot/data"
)

// TrendGames is how many of a player's last rated games their rating's trend spans.
const TrendGames = 5

// GameProfile is a player's record in one game of one server.
type GameProfile struct {
	// Game is the rules game id.
	Game string
	// Rating is the current rating (Display gives the number players read).
	Rating Skill
	// Trend is the change of the displayed rating over the last TrendSpan games (TrendSpan ≤
	// TrendGames).
	Trend, TrendSpan int
	// Games and Wins count the games with a result.
	Games, Wins int
	// Places counts the results by place: Places[0] firsts, Places[1] seconds, …
	Places []int
	// AvgMove is the average time to move in paced games, over TimedMoves moves (0: none).
	AvgMove    time.Duration
	TimedMoves int
	// Timeouts are deadlines let pass; Replaced the times the player was replaced out of a seat.
	Timeouts, Replaced int
	// Moves are the player's own moves; AIMoves those the AI made for them while they were away.
	Moves, AIMoves int
}

// Profile is a player's record in a server: one GameProfile per game played, the most played
// first.
type Profile struct {
	Player string
	Games  []GameProfile
	// Favourite is the game played most ("" when none).
	Favourite string
	// Hidden is true when the player keeps their statistics to themselves.
	Hidden bool
}

// Profile returns a player's record in a server (player: a user id or an AI identity).
func (r *Ratings) Profile(ctx context.Context, guildID, player string) (Profile, error) {
	p := Profile{Player: player}
	hidden, err := r.store.StatsHidden(ctx, player)
	if err != nil {
		return p, err
	}
	p.Hidden = hidden[player]
	rts, err := r.store.PlayerRatings(ctx, guildID, player)
	if err != nil {
		return p, err
	}
	seats, err := r.store.PlayerSeats(ctx, guildID, player)
	if err != nil {
		return p, err
	}
	byGame := map[string]*GameProfile{}
	get := func(game string) *GameProfile {
		gp, ok := byGame[game]
		if !ok {
			gp = &GameProfile{Game: game, Rating: r.model.New()}
			byGame[game] = gp
		}
		return gp
	}
	for _, rt := range rts {
		gp := get(rt.Game)
		gp.Rating = rt.Skill
	}
	results := map[string][]data.RatedSeat{}
	var moveTime = map[string]time.Duration{}
	for _, st := range seats {
		gp := get(st.Game)
		gp.Moves += st.Moves
		gp.AIMoves += st.AIMoves
		gp.Timeouts += st.Timeouts
		gp.TimedMoves += st.TimedMoves
		moveTime[st.Game] += st.MoveTime
		if st.Replaced {
			gp.Replaced++
		}
		if st.Place == 0 {
			continue
		}
		gp.Games++
		if st.Won {
			gp.Wins++
		}
		for len(gp.Places) < st.Place {
			gp.Places = append(gp.Places, 0)
		}
		gp.Places[st.Place-1]++
		results[st.Game] = append(results[st.Game], st)
	}
	for game, gp := range byGame {
		if gp.TimedMoves > 0 {
			gp.AvgMove = moveTime[game] / time.Duration(gp.TimedMoves)
		}
		if rs := results[game]; len(rs) > 0 {
			k := min(TrendGames, len(rs))
			gp.Trend = Display(rs[len(rs)-1].After) - Display(rs[len(rs)-k].Before)
			gp.TrendSpan = k
		}
		if gp.Games > 0 || gp.Replaced > 0 {
			p.Games = append(p.Games, *gp)
		}
	}
	sort.Slice(p.Games, func(i, j int) bool {
		a, b := p.Games[i], p.Games[j]
		if a.Games != b.Games {
			return a.Games > b.Games
		}
		return a.Game < b.Game
	})
	if len(p.Games) > 0 && p.Games[0].Games > 0 {
		p.Favourite = p.Games[0].Game
	}
	return p, nil
}

// Entry is one line of a leaderboard.
type Entry struct {
	Player string
	Rating Skill
	// Games and Wins count the games of the period.
	Games, Wins int
}

// Record is a server's record in one game over a period.
type Record struct {
	// Games is the number of games with a result.
	Games int
	// Longest is the game that lasted longest from its first move to its last (GameID 0: none),
	// Length its length.
	Longest data.RatedGame
	Length  time.Duration
	// Biggest is the game won by the widest margin (GameID 0: none), Winner its winner (the
	// first, by seat; "" when the winner keeps their statistics to themselves).
	Biggest data.RatedGame
	Winner  string
}

// Board is a server's leaderboard of one game over a period.
type Board struct {
	// Entries are the players with at least the minimum number of games who show their
	// statistics, best rating (Ordinal) first.
	Entries []Entry
	Record  Record
}

// Leaderboard returns the leaderboard of a server in one game: over every game (since zero) the
// stored ratings, or over the games finished since then the ratings those games alone give
// (everyone starting afresh). Players with fewer than minGames games in the period, and people
// who keep their statistics to themselves, are left out (their games still count for the others).
// At most limit entries (0: every one).
func (r *Ratings) Leaderboard(ctx context.Context, guildID, game string, since time.Time, minGames, limit int) (Board, error) {
	games, err := r.store.RatedGames(ctx, guildID, game, since)
	if err != nil {
		return Board{}, err
	}
	var b Board
	b.Record.Games = len(games)
	var entries []Entry
	if since.IsZero() {
		rts, err := r.store.Ratings(ctx, guildID, game)
		if err != nil {
			return Board{}, err
		}
		for _, rt := range rts {
			entries = append(entries, Entry{Player: rt.Player, Rating: rt.Skill, Games: rt.Games, Wins: rt.Wins})
		}
	} else {
		pool := map[string]data.Rating{}
		for _, g := range games {
			if _, _, err := r.apply(g, pool); err != nil {
				return Board{}, fmt.Errorf("leaderboard: game %d: %w", g.GameID, err)
			}
		}
		for _, rt := range pool {
			entries = append(entries, Entry{Player: rt.Player, Rating: rt.Skill, Games: rt.Games, Wins: rt.Wins})
		}
	}
	var people []string
	for _, e := range entries {
		if !IsAI(e.Player) {
			people = append(people, e.Player)
		}
	}
	for _, g := range games {
		for _, st := range g.Seats {
			if st.Won && !IsAI(st.Player) {
				people = append(people, st.Player)
			}
		}
	}
	hidden, err := r.store.StatsHidden(ctx, people...)
	if err != nil {
		return Board{}, err
	}
	for _, e := range entries {
		if e.Games >= minGames && !hidden[e.Player] {
			b.Entries = append(b.Entries, e)
		}
	}
	sort.Slice(b.Entries, func(i, j int) bool {
		a, c := b.Entries[i], b.Entries[j]
		if oa, oc := Ordinal(a.Rating), Ordinal(c.Rating); oa != oc {
			return oa > oc
		}
		return a.Player < c.Player
	})
	if limit > 0 && len(b.Entries) > limit {
		b.Entries = b.Entries[:limit]
	}
	for _, g := range games {
		if l := span(g); b.Record.Longest.GameID == 0 || l > b.Record.Length {
			b.Record.Longest, b.Record.Length = g, l
		}
		if g.Margin > 0 && (b.Record.Biggest.GameID == 0 || g.Margin > b.Record.Biggest.Margin) {
			b.Record.Biggest = g
		}
	}
	if g := b.Record.Biggest; g.GameID != 0 {
		for _, st := range g.Seats {
			if st.Won {
				if !hidden[st.Player] {
					b.Record.Winner = st.Player
				}
				break
			}
		}
	}
	return b, nil
}

// Hidden reports whether a player keeps their statistics to themselves.
func (r *Ratings) Hidden(ctx context.Context, player string) (bool, error) {
	h, err := r.store.StatsHidden(ctx, player)
	return h[player], err
}

// SetHidden records whether a player keeps their statistics to themselves (/settings stats).
func (r *Ratings) SetHidden(ctx context.Context, player string, hidden bool) error {
	return r.store.SetStatsHidden(ctx, player, hidden)
}
