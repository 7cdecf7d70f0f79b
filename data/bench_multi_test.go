package data

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// BenchmarkSustainedMoves measures sustained moves per second with many games played at once, the
// way the bot makes a move: take the game's lock (LockGame), load it (GameByID: game and seats in
// one read transaction), commit the move with its board post and DM (CommitMove), release the
// lock. benchGames games are played concurrently by as many workers, spread over "processes"
// Stores on one database (on PostgreSQL two Stores share nothing but the server, as two replicas;
// on SQLite only one process is meaningful). Reported as moves/s; one op is one move.
//
//	go test -run '^$' -bench SustainedMoves ./data/                  # SQLite (+ PostgreSQL with a server)
func BenchmarkSustainedMoves(b *testing.B) {
	procs := []int{1}
	if testBackend == "postgres" {
		procs = []int{1, 2}
	}
	for _, n := range procs {
		b.Run(fmt.Sprintf("%s/processes=%d", testBackend, n), func(b *testing.B) { benchSustained(b, n) })
	}
}

// benchGames is how many games are played at once in BenchmarkSustainedMoves.
const benchGames = 32

func benchSustained(b *testing.B, processes int) {
	ctx := context.Background()
	s, dsn := openTest(b)
	stores := []*Store{s}
	for len(stores) < processes {
		o, err := Open(ctx, dsn)
		if err != nil {
			b.Fatal(err)
		}
		b.Cleanup(func() { o.Close() })
		stores = append(stores, o)
	}
	games := make([]int64, benchGames)
	for i := range games {
		games[i] = playing(b, s, fmt.Sprint("c", i), 4).ID
	}
	outbox := []OutboxItem{
		{Kind: "board", Target: "c", Payload: `{"image":true}`},
		{Kind: "dm", Target: "u1", Payload: `{"hand":"S1 S2 S3"}`},
	}
	var (
		left  atomic.Int64
		wg    sync.WaitGroup
		errMu sync.Mutex
		first error
	)
	left.Store(int64(b.N))
	b.SetBytes(int64(len(benchState)))
	b.ResetTimer()
	start := time.Now()
	for i, id := range games {
		st := stores[i%len(stores)]
		wg.Add(1)
		go func() {
			defer wg.Done()
			for left.Add(-1) >= 0 {
				if err := benchMove(ctx, st, id, outbox); err != nil {
					errMu.Lock()
					if first == nil {
						first = err
					}
					errMu.Unlock()
					return
				}
			}
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)
	b.StopTimer()
	if first != nil {
		b.Fatal(first)
	}
	b.ReportMetric(float64(b.N)/elapsed.Seconds(), "moves/s")
	var retried int64
	for _, st := range stores {
		retried += st.retried.Load()
	}
	b.ReportMetric(float64(retried)/float64(b.N), "retries/move")
}

// benchMove makes one move of game id under its lock.
func benchMove(ctx context.Context, s *Store, id int64, outbox []OutboxItem) error {
	unlock, err := s.LockGame(ctx, id)
	if err != nil {
		return err
	}
	defer unlock()
	g, _, err := s.GameByID(ctx, id)
	if err != nil {
		return err
	}
	_, err = s.CommitMove(ctx, id, g.Version, Move{Seat: g.Version % 4, Move: fmt.Sprintf("ship S%d H03", g.Version%60), UserID: "u1"},
		benchState, g.Version+1, StatusPlaying, outbox)
	return err
}
