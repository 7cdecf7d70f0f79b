package data

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"sort"
	"strings"
	"sync"
	"testing"
	"testing/fstest"
	"time"

	"spicebot/data/datatest"
)

// Tests of several processes on one database: two Stores opened on the same database stand for
// two processes (on PostgreSQL they share nothing but the server).

// openTwo opens the test database a second time, as another process would.
func openTwo(t *testing.T) (*Store, *Store) {
	t.Helper()
	s1, dsn := openTest(t)
	s2, err := Open(context.Background(), dsn)
	if err != nil {
		t.Fatalf("second Open: %v", err)
	}
	t.Cleanup(func() { s2.Close() })
	return s1, s2
}

func TestRebind(t *testing.T) {
	for in, want := range map[string]string{
		`SELECT 1`:     `SELECT 1`,
		`SELECT ? , ?`: `SELECT $1 , $2`,
		`WHERE a = ? AND b LIKE 'ai:?%' AND c = ?`:               `WHERE a = $1 AND b LIKE 'ai:?%' AND c = $2`,
		`SELECT 'it''s ?', "col?" FROM t WHERE x = ?`:            `SELECT 'it''s ?', "col?" FROM t WHERE x = $1`,
		"SELECT ? -- why?\n, ?":                                  "SELECT $1 -- why?\n, $2",
		`SELECT /* ? */ ?`:                                       `SELECT /* ? */ $1`,
		`INSERT INTO t VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`: `INSERT INTO t VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
		`SELECT 'unterminated ?`:                                 `SELECT 'unterminated ?`,
	} {
		if got := rebind(in); got != want {
			t.Errorf("rebind(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestClaimOutboxLeases: an outbox item is claimed by one owner at a time, all of a batch or none;
// the holder may extend its claim; a claim that ran out (its owner died mid-send) is taken over;
// a retry or a release ends the claim; a sent item is never claimed.
func TestClaimOutboxLeases(t *testing.T) {
	ctx := context.Background()
	s1, s2 := openTwo(t)
	items, err := s1.Enqueue(ctx, OutboxItem{Kind: "board", Target: "c1"}, OutboxItem{Kind: "board", Target: "c1"},
		OutboxItem{Kind: "dm", Target: "u1"})
	if err != nil {
		t.Fatal(err)
	}
	a, b, c := items[0].ID, items[1].ID, items[2].ID
	t0 := time.UnixMilli(5_000_000)
	claim := func(s *Store, owner string, at time.Time, ids ...int64) bool {
		t.Helper()
		ok, err := s.ClaimOutbox(ctx, owner, at, at.Add(time.Minute), ids...)
		if err != nil {
			t.Fatalf("ClaimOutbox(%s, %v): %v", owner, ids, err)
		}
		return ok
	}
	if !claim(s1, "p1", t0, a) {
		t.Fatal("first claim failed")
	}
	if claim(s2, "p2", t0.Add(30*time.Second), a, b) {
		t.Fatal("p2 claimed a batch with an item p1 holds")
	}
	if !claim(s1, "p1", t0.Add(30*time.Second), a, b) {
		t.Fatal("p1 could not extend its claim to the next item")
	}
	pending, err := s2.PendingOutbox(ctx, 0)
	if err != nil || len(pending) != 3 || pending[0].LeaseOwner != "p1" || !pending[0].LeaseUntil.Equal(t0.Add(90*time.Second)) ||
		pending[2].LeaseOwner != "" || !pending[2].LeaseUntil.IsZero() {
		t.Fatalf("pending = %+v, %v", pending, err)
	}
	// p1 dies: after its lease p2 takes both over.
	if !claim(s2, "p2", t0.Add(91*time.Second), a, b) {
		t.Fatal("p2 could not take over claims that ran out")
	}
	if claim(s1, "p1", t0.Add(92*time.Second), a) {
		t.Fatal("p1 took back an item p2 now holds")
	}
	// A retry ends the claim: anyone may try it at its next time.
	if err := s2.MarkRetry(ctx, a, t0.Add(100*time.Second), "503"); err != nil {
		t.Fatal(err)
	}
	if !claim(s1, "p1", t0.Add(93*time.Second), a) {
		t.Fatal("an item put back for retry could not be claimed")
	}
	// A release gives an item back at once; only its holder releases it.
	if err := s1.ReleaseOutbox(ctx, "p1", b); err != nil { // p1 does not hold b: nothing happens
		t.Fatal(err)
	}
	if claim(s1, "p1", t0.Add(94*time.Second), b) {
		t.Fatal("a release by a non-holder freed the item")
	}
	if err := s2.ReleaseOutbox(ctx, "p2", b); err != nil {
		t.Fatal(err)
	}
	if !claim(s1, "p1", t0.Add(95*time.Second), b) {
		t.Fatal("a released item could not be claimed")
	}
	// Sent items are never claimed; unknown ids fail the whole batch.
	if err := s1.MarkSentAll(ctx, a, b); err != nil {
		t.Fatal(err)
	}
	if claim(s2, "p2", t0.Add(time.Hour), a) || claim(s2, "p2", t0.Add(time.Hour), c, 9999) {
		t.Fatal("claimed a sent or unknown item")
	}
	if !claim(s2, "p2", t0.Add(time.Hour), c) {
		t.Fatal("the DM could not be claimed after the failed batch")
	}
}

// TestClaimOutboxOncePerItem: many claimers in two processes race for every item of the outbox;
// each item is claimed by exactly one of them.
func TestClaimOutboxOncePerItem(t *testing.T) {
	ctx := context.Background()
	s1, s2 := openTwo(t)
	const n = 60
	var queue []OutboxItem
	for i := 0; i < n; i++ {
		queue = append(queue, OutboxItem{Kind: "dm", Target: fmt.Sprint("u", i)})
	}
	items, err := s1.Enqueue(ctx, queue...)
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	var (
		wg     sync.WaitGroup
		mu     sync.Mutex
		winner = map[int64][]string{}
		errs   []error
	)
	for w := 0; w < 8; w++ {
		st, owner := s1, fmt.Sprint("p1/", w)
		if w%2 == 1 {
			st, owner = s2, fmt.Sprint("p2/", w)
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			for _, it := range items {
				ok, err := st.ClaimOutbox(ctx, owner, now, now.Add(time.Minute), it.ID)
				mu.Lock()
				if err != nil {
					errs = append(errs, err)
				} else if ok {
					winner[it.ID] = append(winner[it.ID], owner)
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if len(errs) > 0 {
		t.Fatalf("claim errors: %v", errs[0])
	}
	for _, it := range items {
		if len(winner[it.ID]) != 1 {
			t.Fatalf("item %d claimed by %v, want exactly one owner", it.ID, winner[it.ID])
		}
	}
}

// TestClaimAITurnsOnce: scheduled rows (AI turns) claimed concurrently from two processes are
// each claimed once.
func TestClaimAITurnsOnce(t *testing.T) {
	ctx := context.Background()
	s1, s2 := openTwo(t)
	t0 := time.UnixMilli(9_000_000)
	const games = 12
	for i := 0; i < games; i++ {
		g := playing(t, s1, fmt.Sprint("c", i), 3)
		if err := s1.SyncAITurns(ctx, g.ID, []int{0, 1, 2}, func(int) time.Time { return t0 }); err != nil {
			t.Fatal(err)
		}
	}
	var (
		wg     sync.WaitGroup
		mu     sync.Mutex
		got    = map[string]int{}
		errs   []error
		claims int
	)
	for w := 0; w < 6; w++ {
		st := s1
		if w%2 == 1 {
			st = s2
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				turns, err := st.ClaimAITurns(ctx, t0, t0, fmt.Sprint("w", w), time.Minute, 2)
				mu.Lock()
				if err != nil {
					errs = append(errs, err)
				}
				for _, tn := range turns {
					got[fmt.Sprint(tn.GameID, "/", tn.Seat)]++
				}
				claims += len(turns)
				done := claims >= games*3 || err != nil
				mu.Unlock()
				if done {
					return
				}
			}
		}()
	}
	wg.Wait()
	if len(errs) > 0 {
		t.Fatalf("claim errors: %v", errs[0])
	}
	if len(got) != games*3 {
		t.Fatalf("%d turns claimed, want %d", len(got), games*3)
	}
	for k, n := range got {
		if n != 1 {
			t.Fatalf("turn %s claimed %d times", k, n)
		}
	}
}

// TestJoinRaceAcrossProcesses: players joining one lobby at once through two processes never
// overfill it (a check-then-insert that PostgreSQL runs SERIALIZABLE, retrying the loser).
func TestJoinRaceAcrossProcesses(t *testing.T) {
	ctx := context.Background()
	s1, s2 := openTwo(t)
	g := lobby(t, s1, "c1", 4, 1)
	var (
		wg           sync.WaitGroup
		mu           sync.Mutex
		joined, full int
		other        []error
	)
	for i := 0; i < 12; i++ {
		st := s1
		if i%2 == 1 {
			st = s2
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			err := st.Join(ctx, g.ID, Seat{UserID: fmt.Sprint("j", i), Name: "J"})
			mu.Lock()
			defer mu.Unlock()
			switch {
			case err == nil:
				joined++
			case errors.Is(err, ErrLobbyFull):
				full++
			default:
				other = append(other, err)
			}
		}()
	}
	wg.Wait()
	if joined != 3 || full != 9 || len(other) > 0 {
		t.Fatalf("joined %d, full %d, other errors %v; want 3 joined and 9 refused", joined, full, other)
	}
	if _, seats, err := s2.GameByID(ctx, g.ID); err != nil || len(seats) != 4 {
		t.Fatalf("%d seats, %v; want 4", len(seats), err)
	}
}

// TestLockGameSerialisesMoves: load → apply → commit under LockGame from several goroutines in
// two processes never loses a race (no ErrStale), and every move lands once.
func TestLockGameSerialisesMoves(t *testing.T) {
	ctx := context.Background()
	s1, s2 := openTwo(t)
	if testBackend == "sqlite" {
		s2 = s1 // one process: SQLite's lock is in-process
	}
	g := playing(t, s1, "c1", 2)
	const workers, each = 6, 5
	var (
		wg   sync.WaitGroup
		mu   sync.Mutex
		errs []error
	)
	for w := 0; w < workers; w++ {
		st := s1
		if w%2 == 1 {
			st = s2
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < each; i++ {
				err := func() error {
					unlock, err := st.LockGame(ctx, g.ID)
					if err != nil {
						return err
					}
					defer unlock()
					row, _, err := st.GameByID(ctx, g.ID)
					if err != nil {
						return err
					}
					_, err = st.CommitMove(ctx, g.ID, row.Version, Move{Seat: w % 2, Move: fmt.Sprint("m", w, "-", i)},
						[]byte("{}"), row.Version+1, StatusPlaying, nil)
					return err
				}()
				if err != nil {
					mu.Lock()
					errs = append(errs, err)
					mu.Unlock()
				}
			}
		}()
	}
	wg.Wait()
	if len(errs) > 0 {
		t.Fatalf("%d moves failed under the lock, first: %v", len(errs), errs[0])
	}
	if ms, err := s2.Moves(ctx, g.ID); err != nil || len(ms) != workers*each {
		t.Fatalf("%d moves, %v; want %d", len(ms), err, workers*each)
	}
}

// TestLockGameAcrossProcesses: the per-game lock taken in one process makes another wait (until
// its context ends); other games are not held up; the lock is free again after unlock, and when
// the holding process dies (its connections close).
func TestLockGameAcrossProcesses(t *testing.T) {
	postgresOnly(t)
	ctx := context.Background()
	s1, dsn := openTest(t)
	s2, err := Open(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer s2.Close()
	held := func(s *Store, id int64) bool {
		t.Helper()
		short, cancel := context.WithTimeout(ctx, 300*time.Millisecond)
		defer cancel()
		unlock, err := s.LockGame(short, id)
		if err == nil {
			unlock()
			return false
		}
		if !errors.Is(err, context.DeadlineExceeded) {
			t.Fatalf("LockGame: %v", err)
		}
		return true
	}
	unlock, err := s1.LockGame(ctx, 7)
	if err != nil {
		t.Fatal(err)
	}
	if !held(s2, 7) {
		t.Fatal("another process took a game lock that is held")
	}
	if held(s2, 8) {
		t.Fatal("another game's lock was held up")
	}
	// The waiter gets the lock as soon as it is released.
	got := make(chan error, 1)
	go func() {
		u, err := s2.LockGame(ctx, 7)
		if err == nil {
			u()
		}
		got <- err
	}()
	unlock()
	if err := <-got; err != nil {
		t.Fatalf("waiter: %v", err)
	}
	// A process that dies holding a lock loses it.
	s3, err := Open(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s3.LockGame(ctx, 9); err != nil {
		t.Fatal(err)
	}
	if !held(s2, 9) {
		t.Fatal("lock 9 not held")
	}
	// Kill s3's lock session, as when its process is killed.
	var killed bool
	if err := s2.w.QueryRowContext(ctx, `SELECT pg_terminate_backend(pid) FROM pg_locks WHERE locktype = 'advisory'
		AND objid = 9 AND objsubid = 1 AND granted`).Scan(&killed); err != nil || !killed {
		t.Fatalf("kill the session holding lock 9: %v %v", killed, err)
	}
	u, err := s2.LockGame(ctx, 9)
	if err != nil {
		t.Fatalf("lock of a dead process: %v", err)
	}
	u()
	s3.Close()
}

// TestClaimSkipsLockedRows: on PostgreSQL a claim passes over rows another transaction has locked
// (FOR UPDATE SKIP LOCKED) instead of waiting for it.
func TestClaimSkipsLockedRows(t *testing.T) {
	postgresOnly(t)
	ctx := context.Background()
	s1, s2 := openTwo(t)
	items, err := s1.Enqueue(ctx, OutboxItem{Kind: "dm", Target: "u1"})
	if err != nil {
		t.Fatal(err)
	}
	tx, err := s1.w.BeginTx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback()
	var id int64
	if err := tx.QueryRowContext(ctx, `SELECT id FROM outbox WHERE id = ? FOR UPDATE`, items[0].ID).Scan(&id); err != nil {
		t.Fatal(err)
	}
	wait, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	now := time.Now()
	ok, err := s2.ClaimOutbox(wait, "p2", now, now.Add(time.Minute), id)
	if err != nil || ok {
		t.Fatalf("claim of a locked row = %v, %v; want false at once (skipped)", ok, err)
	}
	tx.Rollback()
	if ok, err := s2.ClaimOutbox(ctx, "p2", now, now.Add(time.Minute), id); err != nil || !ok {
		t.Fatalf("claim after the lock = %v, %v", ok, err)
	}
}

// TestPostgresMigrations: processes opening a new database at once migrate it once (advisory
// lock); a failing migration is rolled back; a database newer than the build is refused; every
// SQLite migration has its PostgreSQL twin.
func TestPostgresMigrations(t *testing.T) {
	postgresOnly(t)
	ctx := context.Background()
	// Twins.
	names := func(fsys fs.FS) []string {
		ms, err := loadMigrations(fsys)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, m := range ms {
			out = append(out, m.name)
		}
		sort.Strings(out)
		return out
	}
	lite, _ := fs.Sub(migrationFiles, "migrations")
	pg, _ := fs.Sub(pgMigrationFiles, "migrations/postgres")
	if a, b := names(lite), names(pg); strings.Join(a, ",") != strings.Join(b, ",") {
		t.Fatalf("SQLite migrations %v, PostgreSQL migrations %v: each needs its twin", a, b)
	}
	// Several processes open a new database at once.
	dsn2 := datatest.Postgres(t) // an empty database
	var wg sync.WaitGroup
	errs := make([]error, 4)
	for i := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s, err := Open(ctx, dsn2)
			if err == nil {
				s.Close()
			}
			errs[i] = err
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			t.Fatalf("concurrent Open: %v", err)
		}
	}
	s, err := Open(ctx, dsn2)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if n := count(t, s, "schema_migrations", ""); n != len(names(pg)) {
		t.Fatalf("%d migrations recorded, want %d", n, len(names(pg)))
	}
	// A failing migration rolls back, and names itself.
	bad := fstest.MapFS{}
	for _, n := range names(pg) {
		b, _ := fs.ReadFile(pg, n)
		bad[n] = &fstest.MapFile{Data: b}
	}
	bad["9001_bad.sql"] = &fstest.MapFile{Data: []byte(`CREATE TABLE half (x INTEGER); SELECT * FROM nowhere;`)}
	if _, err := openPostgres(ctx, dsn2, bad); err == nil || !strings.Contains(err.Error(), "9001_bad.sql") {
		t.Fatalf("open with a bad migration: %v", err)
	}
	if n := count(t, s, "information_schema.tables", "table_name = 'half'"); n != 0 {
		t.Fatal("the failed migration's table was kept")
	}
	// Newer than this build.
	delete(bad, "9001_bad.sql")
	bad["9001_extra.sql"] = &fstest.MapFile{Data: []byte(`CREATE TABLE extra (x INTEGER);`)}
	if s4, err := openPostgres(ctx, dsn2, bad); err != nil {
		t.Fatalf("open with an extra migration: %v", err)
	} else {
		s4.Close()
	}
	if _, err := Open(ctx, dsn2); err == nil || !strings.Contains(err.Error(), "newer") {
		t.Fatalf("Open of a newer database: %v", err)
	}
}

func TestWhereHidesSecrets(t *testing.T) {
	for dsn, want := range map[string]string{
		"data/spicebot.db": "data/spicebot.db",
		"postgres://bot:s3cret@db:5432/spicebot?sslmode=disable&password=x": "postgres://bot:xxxxx@db:5432/spicebot",
		"postgresql://db/spicebot": "postgresql://db/spicebot",
	} {
		if got := Where(dsn); got != want {
			t.Errorf("Where(%q) = %q, want %q", dsn, got, want)
		}
	}
}
