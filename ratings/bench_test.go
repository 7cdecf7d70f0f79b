package ratings_test

import (
	"context"
	"os"
	"strconv"
	"testing"
	"time"

	"spicebot/ratings"
	"spicebot/rules"
	"spicebot/rules/batavia"
	"spicebot/rules/borneo"
	"spicebot/rules/spicemerchant"
)

// randomGame plays g from seed to its end with uniformly random legal moves (the first active seat
// with a move acts).
func randomGame(tb testing.TB, g rules.Game, players int, seed uint64) []rules.Record {
	tb.Helper()
	st, err := g.New(players, nil, seed)
	if err != nil {
		tb.Fatal(err)
	}
	rng := rules.NewRNG(seed)
	var recs []rules.Record
	for step := 0; step < 20000; step++ {
		if _, over := st.Outcome(); over {
			return recs
		}
		for _, seat := range st.Active() {
			legal := st.Legal(seat)
			if len(legal) == 0 {
				continue
			}
			m := legal[rng.Intn(len(legal))]
			if err := st.Apply(seat, m); err != nil {
				tb.Fatal(err)
			}
			recs = append(recs, rules.Record{Seat: seat, Move: m.String()})
			break
		}
	}
	tb.Fatalf("%s seed %d: no end", g.ID(), seed)
	return nil
}

// BenchmarkRebuild rebuilds every rating from 10,000 stored finished games (Borneo, Spice
// Merchant and Batavia in turn, random legal moves, 3–5 players among 12 people and the two AI
// levels, one server) on SQLite: the replay of every move log with the rules, the results, the
// model, and the one transaction that replaces the ratings. SPICEBOT_BENCH_GAMES sets another
// number of games. Storing the games first takes a while and is not timed.
func BenchmarkRebuild(b *testing.B) {
	n := 10_000
	if v, err := strconv.Atoi(os.Getenv("SPICEBOT_BENCH_GAMES")); err == nil && v > 0 {
		n = v
	}
	store := openStore(b)
	reg := &rules.Registry{}
	for _, g := range []rules.Game{borneo.Game, spicemerchant.Game, batavia.Game} {
		reg.Register(g)
	}
	tb := &table{t: b, store: store, reg: reg, guild: "g", clock: time.Unix(1_700_000_000, 0)}
	people := []string{"ai:strong:1", "ai:easy:1"}
	for i := range 12 {
		people = append(people, strconv.Itoa(1000+i))
	}
	all := reg.All()
	moves := 0
	for i := range n {
		g := all[i%len(all)]
		players := 3 + i%3
		if g.ID() == spicemerchant.Game.ID() {
			players = 3 + i%2
		}
		users := make([]string, players)
		for k := range users {
			users[k] = people[(i*7+k*5)%len(people)]
		}
		recs := randomGame(b, g, players, uint64(i+1))
		moves += len(recs)
		tb.add(g, users, uint64(i+1), recs, nil)
	}
	r := ratings.New(store, reg, nil)
	b.ResetTimer()
	for range b.N {
		stats, err := r.Rebuild(context.Background())
		if err != nil {
			b.Fatal(err)
		}
		if stats.Rated != n {
			b.Fatalf("rebuild = %+v, want %d rated", stats, n)
		}
	}
	b.ReportMetric(float64(n), "games/op")
	b.ReportMetric(float64(moves), "moves/op")
}
