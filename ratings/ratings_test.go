package ratings_test

import (
	"context"
	"fmt"
	"math"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"spicebot/ai"
	"spicebot/data"
	"spicebot/data/datatest"
	"spicebot/ratings"
	"spicebot/rules"
	"spicebot/rules/spicemerchant"
)

// openStore opens a fresh SQLite store (and, with SPICEBOT_TEST_POSTGRES, the same tests run on
// PostgreSQL through openStores).
func openStore(t testing.TB) *data.Store {
	t.Helper()
	s, err := data.Open(context.Background(), filepath.Join(t.TempDir(), "spicebot.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// openStores returns the backends to test on: SQLite, and PostgreSQL when configured.
func openStores(t *testing.T) map[string]*data.Store {
	t.Helper()
	out := map[string]*data.Store{"sqlite": openStore(t)}
	if datatest.Configured() {
		s, err := data.Open(context.Background(), datatest.Postgres(t))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		out["postgres"] = s
	}
	return out
}

func registry() *rules.Registry {
	reg := &rules.Registry{}
	reg.Register(spicemerchant.Game)
	return reg
}

// table stores finished games in a store the way the bot does (lobby, start, moves, end).
type table struct {
	t     testing.TB
	store *data.Store
	reg   *rules.Registry
	guild string
	n     int
	clock time.Time
}

// store saves a game of g played by users (seat i is users[i]) from seed with moves (each made
// by its seat's user unless by overrides it), one minute apart, and returns its id.
func (tb *table) add(g rules.Game, users []string, seed uint64, recs []rules.Record, by map[int]string) int64 {
	tb.t.Helper()
	ctx := context.Background()
	tb.n++
	channel := "chan-" + strconv.Itoa(tb.n)
	row, err := tb.store.CreateLobby(ctx, data.Game{GuildID: tb.guild, ChannelID: channel, Game: g.ID(), Players: len(users), Seed: seed},
		data.Seat{Seat: -1, UserID: users[0], Name: users[0]})
	if err != nil {
		tb.t.Fatal(err)
	}
	var others []data.Seat
	for _, u := range users[1:] {
		others = append(others, data.Seat{Seat: -1, UserID: u, Name: u})
	}
	if err := tb.store.SeatAll(ctx, row.ID, others); err != nil {
		tb.t.Fatal(err)
	}
	st, err := g.New(len(users), nil, seed)
	if err != nil {
		tb.t.Fatal(err)
	}
	b, _ := rules.Marshal(st)
	if err := tb.store.Start(ctx, row.ID, users, seed, b, st.Version()); err != nil {
		tb.t.Fatal(err)
	}
	final, err := rules.Replay(g, len(users), nil, seed, recs) // the state after the moves
	if err != nil {
		tb.t.Fatal(err)
	}
	ms := make([]data.Move, len(recs))
	for i, r := range recs {
		tb.clock = tb.clock.Add(time.Minute)
		user := users[r.Seat]
		if u, ok := by[i]; ok {
			user = u
		}
		ms[i] = data.Move{Seat: int(r.Seat), Move: r.Move, UserID: user, At: tb.clock}
	}
	b, _ = rules.Marshal(final)
	status := data.StatusPlaying
	if _, over := final.Outcome(); over {
		status = data.StatusFinished
	}
	if _, err := tb.store.CommitMoves(ctx, row.ID, st.Version(), ms, b, final.Version(), status, nil); err != nil {
		tb.t.Fatal(err)
	}
	return row.ID
}

// strongIterations is the strong AI's search in the tests (its level searches 4000 within 200 ms).
const strongIterations = 60

// aiGame plays a game of Spice Merchant between AI players of levels (seat i plays levels[i])
// from seed, with a fixed small search so that it is fast and deterministic.
func aiGame(t testing.TB, levels []ai.Level, seed uint64) []rules.Record {
	t.Helper()
	g := spicemerchant.Game
	st, err := g.New(len(levels), nil, seed)
	if err != nil {
		t.Fatal(err)
	}
	var recs []rules.Record
	for step := 0; ; step++ {
		if _, over := st.Outcome(); over {
			return recs
		}
		if step > 5000 {
			t.Fatalf("seed %d: no end", seed)
		}
		moved := false
		for _, seat := range st.Active() {
			if len(st.Legal(seat)) == 0 {
				continue
			}
			p := ai.Player{Level: levels[seat], Budget: -1} // easy: its own 16 iterations
			if p.Level == ai.Strong {
				p.Iterations = strongIterations
			}
			m, err := p.Decide(context.Background(), st, seat, seed*1000+uint64(step))
			if err != nil {
				t.Fatal(err)
			}
			if err := st.Apply(seat, m); err != nil {
				t.Fatal(err)
			}
			recs = append(recs, rules.Record{Seat: seat, Move: m.String()})
			moved = true
			break
		}
		if !moved {
			t.Fatalf("seed %d: nobody can move", seed)
		}
	}
}

// TestAILevelsRankInOrder rates a seeded series of Spice Merchant games (45) between the three AI
// levels (seats rotated) and checks that strong comes out above easy above random with
// confidence: taking each rating as the model does (the player's strength is normal with mean μ
// and deviation σ), the better level is the stronger one with a probability of at least 90%.
func TestAILevelsRankInOrder(t *testing.T) {
	if testing.Short() {
		t.Skip("plays 45 AI games")
	}
	store := openStore(t)
	reg := registry()
	tb := &table{t: t, store: store, reg: reg, guild: "g1", clock: time.Unix(1_700_000_000, 0)}
	levels := []ai.Level{ai.Strong, ai.Easy, ai.Random}
	const games = 45
	for i := range games {
		seated := make([]ai.Level, 3)
		users := make([]string, 3)
		for k, l := range levels {
			seat := (k + i) % 3
			seated[seat] = l
			users[seat] = "ai:" + string(l) + ":" + strconv.Itoa(k+1)
		}
		tb.add(spicemerchant.Game, users, uint64(100+i), aiGame(t, seated, uint64(100+i)), nil)
	}
	r := ratings.New(store, reg, nil)
	stats, err := r.Rebuild(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if stats.Rated != games || stats.Failed != 0 {
		t.Fatalf("rebuild = %+v, want %d rated", stats, games)
	}
	board, err := r.Leaderboard(context.Background(), "g1", spicemerchant.Game.ID(), time.Time{}, 1, 0)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]ratings.Skill{}
	var order []string
	for _, e := range board.Entries {
		got[e.Player] = e.Rating
		order = append(order, e.Player)
		t.Logf("%-10s μ=%.2f σ=%.2f rating %d, %d games, %d wins", e.Player, e.Rating.Mu, e.Rating.Sigma, ratings.Display(e.Rating), e.Games, e.Wins)
	}
	if fmt.Sprint(order) != "[ai:strong ai:easy ai:random]" {
		t.Fatalf("leaderboard order %v, want strong, easy, random", order)
	}
	for _, pair := range [][2]string{{"ai:strong", "ai:easy"}, {"ai:easy", "ai:random"}} {
		a, b := got[pair[0]], got[pair[1]]
		z := (a.Mu - b.Mu) / math.Hypot(a.Sigma, b.Sigma)
		if p := 0.5 * math.Erfc(-z/math.Sqrt2); p < 0.9 {
			t.Errorf("%s is stronger than %s with probability %.3f, want ≥ 0.9", pair[0], pair[1], p)
		} else {
			t.Logf("%s is stronger than %s with probability %.3f", pair[0], pair[1], p)
		}
	}
}

// TestRatingFollowsTheModel stores a fixed sequence of games and checks that each player's stored
// rating is exactly what the model computes game after game, that GameOver (the hook) and Rebuild
// agree, and that a rated game is not counted twice.
func TestRatingFollowsTheModel(t *testing.T) {
	for name, store := range openStores(t) {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			reg := registry()
			tb := &table{t: t, store: store, reg: reg, guild: "g2", clock: time.Unix(1_700_000_000, 0)}
			r := ratings.New(store, reg, nil)
			m := r.Model()
			want := map[string]ratings.Skill{}
			players := []string{"100", "200", "300", "400"}
			tables := [][]string{{"100", "200", "300"}, {"200", "300", "400", "100"}, {"400", "100", "200"}, {"300", "400", "100"}}
			for i, users := range tables {
				seed := uint64(7 + i)
				recs := aiGame(t, []ai.Level{ai.Random, ai.Random, ai.Random, ai.Random}[:len(users)], seed)
				id := tb.add(spicemerchant.Game, users, seed, recs, nil)
				if err := r.GameOver(ctx, id); err != nil {
					t.Fatal(err)
				}
				if err := r.GameOver(ctx, id); err != nil { // again: nothing changes
					t.Fatal(err)
				}
				// The model's own computation from the game's result.
				final, _ := rules.Replay(spicemerchant.Game, len(users), nil, seed, recs)
				out, _ := final.Outcome()
				ranks := places(out)
				skills := make([]ratings.Skill, len(users))
				for k, u := range users {
					s, ok := want[u]
					if !ok {
						s = m.New()
					}
					skills[k] = s
				}
				after, err := m.Rate(skills, ranks)
				if err != nil {
					t.Fatal(err)
				}
				for k, u := range users {
					want[u] = after[k]
				}
			}
			check := func(when string) {
				t.Helper()
				for _, p := range players {
					rts, err := store.PlayerRatings(ctx, "g2", p)
					if err != nil || len(rts) != 1 {
						t.Fatalf("%s: ratings of %s = %v, %v", when, p, rts, err)
					}
					got, w := rts[0].Skill, want[p]
					if math.Abs(got.Mu-w.Mu) > 1e-9 || math.Abs(got.Sigma-w.Sigma) > 1e-9 {
						t.Errorf("%s: %s rated %+v, the model says %+v", when, p, got, w)
					}
				}
			}
			check("after each game")
			// The profile's trend spans every game (fewer than TrendGames): from a newcomer's
			// rating to the current one.
			for _, p := range players {
				prof, err := r.Profile(ctx, "g2", p)
				if err != nil || len(prof.Games) != 1 {
					t.Fatalf("profile of %s = %+v, %v", p, prof, err)
				}
				gp := prof.Games[0]
				if w := ratings.Display(want[p]) - ratings.Display(m.New()); gp.Trend != w || gp.TrendSpan != gp.Games {
					t.Errorf("%s's trend %+d over %d games, want %+d over %d", p, gp.Trend, gp.TrendSpan, w, gp.Games)
				}
			}
			if _, err := r.Rebuild(ctx); err != nil {
				t.Fatal(err)
			}
			check("after a rebuild")

			// Opting out: "200" is left off the leaderboard, the others keep their ratings.
			before, err := r.Leaderboard(ctx, "g2", spicemerchant.Game.ID(), time.Time{}, 1, 0)
			if err != nil || len(before.Entries) != 4 {
				t.Fatalf("leaderboard = %+v, %v", before, err)
			}
			if err := r.SetHidden(ctx, "200", true); err != nil {
				t.Fatal(err)
			}
			after, err := r.Leaderboard(ctx, "g2", spicemerchant.Game.ID(), time.Time{}, 1, 0)
			if err != nil || len(after.Entries) != 3 {
				t.Fatalf("leaderboard after opting out = %+v, %v", after, err)
			}
			for _, e := range after.Entries {
				if e.Player == "200" || e.Rating != want[e.Player] {
					t.Errorf("after 200 opted out: %+v (want %+v)", e, want[e.Player])
				}
			}
			if h, err := r.Hidden(ctx, "200"); err != nil || !h {
				t.Errorf("Hidden(200) = %v, %v", h, err)
			}
			if err := r.SetHidden(ctx, "200", false); err != nil {
				t.Fatal(err)
			}
			if again, _ := r.Leaderboard(ctx, "g2", spicemerchant.Game.ID(), time.Time{}, 1, 0); len(again.Entries) != 4 {
				t.Errorf("leaderboard after opting in again: %+v", again.Entries)
			}
			// Over a period, only its games count, every player starting afresh.
			recent, err := r.Leaderboard(ctx, "g2", spicemerchant.Game.ID(), tb.clock.Add(-time.Nanosecond), 1, 0)
			if err != nil || recent.Record.Games != 1 || len(recent.Entries) != 3 {
				t.Errorf("leaderboard of the last game = %+v, %v", recent, err)
			}
		})
	}
}

// places is the rank of each seat: winners first, then by score, ties sharing a place.
func places(out rules.Outcome) []int {
	n := len(out.Scores)
	won := make([]bool, n)
	for _, w := range out.Winners {
		won[w] = true
	}
	ranks := make([]int, n)
	for i := range n {
		ranks[i] = 1
		for j := range n {
			if j != i && (won[j] && !won[i] || won[j] == won[i] && out.Scores[j] > out.Scores[i]) {
				ranks[i]++
			}
		}
	}
	return ranks
}
