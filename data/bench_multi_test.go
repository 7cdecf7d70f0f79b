package data

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
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
// on SQLite only one process is meaningful). "stores=2" is two Stores in this process;
// "processes=2" runs half of the games in a second OS process (this test binary again, see
// TestSustainedMovesChild). Reported as moves/s; one op is one move.
//
//	go test -run '^$' -bench SustainedMoves ./data/                  # SQLite (+ PostgreSQL with a server)
func BenchmarkSustainedMoves(b *testing.B) {
	b.Run(testBackend+"/processes=1", func(b *testing.B) { benchSustained(b, 1) })
	if testBackend == "postgres" {
		b.Run("postgres/stores=2", func(b *testing.B) { benchSustained(b, 2) })
		b.Run("postgres/processes=2", benchTwoProcesses)
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
	games := benchNewGames(b, s)
	b.SetBytes(int64(len(benchState)))
	b.ResetTimer()
	start := time.Now()
	err := playMoves(ctx, stores, games, b.N)
	elapsed := time.Since(start)
	b.StopTimer()
	if err != nil {
		b.Fatal(err)
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

// benchNewGames starts benchGames games of 4 players.
func benchNewGames(b *testing.B, s *Store) []int64 {
	games := make([]int64, benchGames)
	for i := range games {
		games[i] = playing(b, s, fmt.Sprint("c", i), 4).ID
	}
	return games
}

// benchOutbox is what a move queues: the board post and a DM.
var benchOutbox = []OutboxItem{
	{Kind: "board", Target: "c", Payload: `{"image":true}`},
	{Kind: "dm", Target: "u1", Payload: `{"hand":"S1 S2 S3"}`},
}

// playMoves makes n moves in all, one worker per game, the games' workers spread over stores.
func playMoves(ctx context.Context, stores []*Store, games []int64, n int) error {
	var (
		left  atomic.Int64
		wg    sync.WaitGroup
		errMu sync.Mutex
		first error
	)
	left.Store(int64(n))
	for i, id := range games {
		st := stores[i%len(stores)]
		wg.Add(1)
		go func() {
			defer wg.Done()
			for left.Add(-1) >= 0 {
				if err := benchMove(ctx, st, id, benchOutbox); err != nil {
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
	return first
}

// benchChildEnv passes TestSustainedMovesChild its work: "dsn|moves|id,id,…".
const benchChildEnv = "SPICEBOT_BENCH_CHILD"

// benchTwoProcesses plays the games in two OS processes on one PostgreSQL database: this one and
// a child (this test binary running TestSustainedMovesChild), half of the games and moves each.
// The clock runs from when both are connected and ready until both are done.
func benchTwoProcesses(b *testing.B) {
	ctx := context.Background()
	s, dsn := openTest(b)
	games := benchNewGames(b, s)
	mine, theirs := games[:len(games)/2], games[len(games)/2:]
	ids := make([]string, len(theirs))
	for i, id := range theirs {
		ids[i] = strconv.FormatInt(id, 10)
	}
	childMoves := b.N / 2
	cmd := exec.Command(os.Args[0], "-test.run=^TestSustainedMovesChild$", "-test.count=1")
	cmd.Env = append(os.Environ(), fmt.Sprintf("%s=%s|%d|%s", benchChildEnv, dsn, childMoves, strings.Join(ids, ",")))
	in, err := cmd.StdinPipe()
	if err != nil {
		b.Fatal(err)
	}
	outPipe, err := cmd.StdoutPipe()
	if err != nil {
		b.Fatal(err)
	}
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		b.Fatal(err)
	}
	out := bufio.NewReader(outPipe)
	if line, err := out.ReadString('\n'); err != nil || strings.TrimSpace(line) != "ready" {
		cmd.Process.Kill()
		cmd.Wait()
		b.Fatalf("child not ready: %q %v\n%s", line, err, stderr.String())
	}
	b.SetBytes(int64(len(benchState)))
	b.ResetTimer()
	start := time.Now()
	if _, err := io.WriteString(in, "go\n"); err != nil {
		b.Fatal(err)
	}
	err = playMoves(ctx, []*Store{s}, mine, b.N-childMoves)
	rest, _ := io.ReadAll(out)
	werr := cmd.Wait()
	elapsed := time.Since(start)
	b.StopTimer()
	if err != nil || werr != nil {
		b.Fatalf("parent: %v; child: %v\n%s%s", err, werr, rest, stderr.String())
	}
	b.ReportMetric(float64(b.N)/elapsed.Seconds(), "moves/s")
}

// TestSustainedMovesChild is the second process of BenchmarkSustainedMoves/postgres/processes=2:
// it opens the database, says "ready", waits for "go" on stdin, then plays its moves. It skips
// when not started by the benchmark.
func TestSustainedMovesChild(t *testing.T) {
	spec := os.Getenv(benchChildEnv)
	if spec == "" {
		t.Skip("the second process of BenchmarkSustainedMoves/postgres/processes=2")
	}
	parts := strings.Split(spec, "|")
	if len(parts) != 3 {
		t.Fatalf("bad %s %q", benchChildEnv, spec)
	}
	moves, err := strconv.Atoi(parts[1])
	if err != nil {
		t.Fatal(err)
	}
	var games []int64
	for _, f := range strings.Split(parts[2], ",") {
		id, err := strconv.ParseInt(f, 10, 64)
		if err != nil {
			t.Fatal(err)
		}
		games = append(games, id)
	}
	ctx := context.Background()
	s, err := Open(ctx, parts[0])
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	fmt.Println("ready")
	if line, err := bufio.NewReader(os.Stdin).ReadString('\n'); err != nil || strings.TrimSpace(line) != "go" {
		t.Fatalf("no go: %q %v", line, err)
	}
	if err := playMoves(ctx, []*Store{s}, games, moves); err != nil {
		t.Fatal(err)
	}
}
