package data

import (
	"context"
	"database/sql"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
	"testing/fstest"
	"time"

	"spicebot/rules"
)

// lobby creates a lobby in channel with creator "u0" and joins users u1..u(n-1).
func lobby(t testing.TB, s *Store, channel string, players, n int) Game {
	t.Helper()
	ctx := context.Background()
	g, err := s.CreateLobby(ctx, Game{GuildID: "guild", ChannelID: channel, Game: "borneo", Players: players}, Seat{UserID: "u0", Name: "Ann"})
	if err != nil {
		t.Fatalf("CreateLobby: %v", err)
	}
	for i := 1; i < n; i++ {
		if err := s.Join(ctx, g.ID, Seat{UserID: "u" + string(rune('0'+i)), Name: "P" + string(rune('0'+i))}); err != nil {
			t.Fatalf("Join u%d: %v", i, err)
		}
	}
	return g
}

// playing creates a started game with n players, seat i = "u<i>", version 0.
func playing(t testing.TB, s *Store, channel string, n int) Game {
	t.Helper()
	g := lobby(t, s, channel, n, n)
	order := make([]string, n)
	for i := range order {
		order[i] = "u" + string(rune('0'+i))
	}
	if err := s.Start(context.Background(), g.ID, order, 42, []byte(`{"v":0}`), 0); err != nil {
		t.Fatalf("Start: %v", err)
	}
	return g
}

// count returns SELECT COUNT(*) FROM table [where].
func count(t testing.TB, s *Store, table, where string, args ...any) int {
	t.Helper()
	q := "SELECT COUNT(*) FROM " + table
	if where != "" {
		q += " WHERE " + where
	}
	var n int
	if err := s.r.QueryRow(q, args...).Scan(&n); err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	return n
}

func migrationsFS(t *testing.T, extra fstest.MapFS) fs.FS {
	t.Helper()
	sub, err := fs.Sub(migrationFiles, "migrations")
	if err != nil {
		t.Fatal(err)
	}
	m := fstest.MapFS{}
	entries, err := fs.ReadDir(sub, ".")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		b, err := fs.ReadFile(sub, e.Name())
		if err != nil {
			t.Fatal(err)
		}
		m[e.Name()] = &fstest.MapFile{Data: b}
	}
	for k, v := range extra {
		m[k] = v
	}
	return m
}

type appliedMigration struct {
	Version int
	Name    string
	At      int64
}

func applied(t *testing.T, path string) []appliedMigration {
	t.Helper()
	db, err := sql.Open("sqlite3", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	rows, err := db.Query(`SELECT version, name, applied_at FROM schema_migrations ORDER BY version`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []appliedMigration
	for rows.Next() {
		var m appliedMigration
		if err := rows.Scan(&m.Version, &m.Name, &m.At); err != nil {
			t.Fatal(err)
		}
		out = append(out, m)
	}
	return out
}

func TestOpenAppliesMigrationsOnce(t *testing.T) {
	sqliteOnly(t)
	ctx := context.Background()
	s, path := openTest(t)
	g := lobby(t, s, "c1", 0, 1)
	if err := s.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	first := applied(t, path)
	embedded, err := loadMigrations(migrationsFS(t, nil))
	if err != nil {
		t.Fatal(err)
	}
	if len(first) != len(embedded) || first[0].Version != 1 || first[0].Name != "0001_init.sql" {
		t.Fatalf("applied = %+v, want the %d embedded migrations", first, len(embedded))
	}
	for _, name := range []string{"games", "seats", "moves", "outbox", "dm_closed"} {
		db, _ := sql.Open("sqlite3", "file:"+path)
		var n int
		err := db.QueryRow(`SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = ?`, name).Scan(&n)
		db.Close()
		if err != nil || n != 1 {
			t.Errorf("table %s: count %d, err %v", name, n, err)
		}
	}

	// Re-open: nothing re-applied, data kept.
	s2, err := Open(ctx, path)
	if err != nil {
		t.Fatalf("re-Open: %v", err)
	}
	got, _, err := s2.Current(ctx, "c1")
	if err != nil || got.ID != g.ID {
		t.Fatalf("Current after re-open = %+v, %v; want game %d", got, err, g.ID)
	}
	s2.Close()
	if again := applied(t, path); !reflect.DeepEqual(again, first) {
		t.Fatalf("re-open changed schema_migrations: %+v, was %+v", again, first)
	}

	// A new migration is applied once, on the next open, and only it.
	extra := migrationsFS(t, fstest.MapFS{"9001_extra.sql": {Data: []byte(`CREATE TABLE extra (x INTEGER);`)}})
	for i := 0; i < 2; i++ {
		s3, err := open(ctx, path, extra)
		if err != nil {
			t.Fatalf("open with 9001 (#%d): %v", i+1, err)
		}
		s3.Close()
	}
	after := applied(t, path)
	if len(after) != len(first)+1 || !reflect.DeepEqual(after[:len(first)], first) || after[len(first)].Name != "9001_extra.sql" {
		t.Fatalf("after 9001: %+v", after)
	}

	// The database is now newer than a build with only the embedded migrations.
	if _, err := Open(ctx, path); err == nil || !strings.Contains(err.Error(), "newer") {
		t.Fatalf("Open of a newer database: err = %v, want a 'newer' error", err)
	}
}

func TestFailingMigrationRollsBack(t *testing.T) {
	sqliteOnly(t)
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "db.sqlite")
	bad := migrationsFS(t, fstest.MapFS{"9001_bad.sql": {Data: []byte(`CREATE TABLE half (x INTEGER); SELECT * FROM nowhere;`)}})
	if _, err := open(ctx, path, bad); err == nil || !strings.Contains(err.Error(), "9001_bad.sql") {
		t.Fatalf("open with a bad migration: err = %v, want one naming 9001_bad.sql", err)
	}
	embedded, err := loadMigrations(migrationsFS(t, nil))
	if err != nil {
		t.Fatal(err)
	}
	if got := applied(t, path); len(got) != len(embedded) || got[len(got)-1].Version != embedded[len(embedded)-1].version {
		t.Fatalf("applied = %+v, want only the embedded migrations", got)
	}
	s, err := Open(ctx, path)
	if err != nil {
		t.Fatalf("Open after the failure: %v", err)
	}
	defer s.Close()
	var n int
	if err := s.r.QueryRow(`SELECT COUNT(*) FROM sqlite_master WHERE name = 'half'`).Scan(&n); err != nil || n != 0 {
		t.Fatalf("table of the failed migration: count %d, err %v; want rolled back", n, err)
	}
}

func TestLoadMigrationsRejectsBadNames(t *testing.T) {
	for name, fsys := range map[string]fstest.MapFS{
		"no version": {"init.sql": {Data: []byte("SELECT 1;")}},
		"zero":       {"0000_init.sql": {Data: []byte("SELECT 1;")}},
		"duplicate":  {"0001_a.sql": {Data: []byte("SELECT 1;")}, "001_b.sql": {Data: []byte("SELECT 1;")}},
	} {
		if _, err := loadMigrations(fsys); err == nil {
			t.Errorf("%s: loadMigrations succeeded", name)
		}
	}
	ms, err := loadMigrations(fstest.MapFS{"10_c.sql": {}, "2_b.sql": {}, "0001_a.sql": {}, "README.md": {}})
	if err != nil {
		t.Fatal(err)
	}
	var got []int
	for _, m := range ms {
		got = append(got, m.version)
	}
	if !reflect.DeepEqual(got, []int{1, 2, 10}) {
		t.Fatalf("versions = %v, want numeric order [1 2 10]", got)
	}
}

func TestOpenBadPath(t *testing.T) {
	sqliteOnly(t)
	ctx := context.Background()
	for _, p := range []string{"", ":memory:", "file:x.db"} {
		if _, err := Open(ctx, p); err == nil {
			t.Errorf("Open(%q) succeeded", p)
		}
	}
	notDB := filepath.Join(t.TempDir(), "not.db")
	if err := os.WriteFile(notDB, []byte(strings.Repeat("this is not a database ", 100)), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Open(ctx, notDB); err == nil {
		t.Errorf("Open of a text file succeeded")
	}
	// Odd characters in the path are not URI syntax; a missing directory is created.
	odd := filepath.Join(t.TempDir(), "a dir#1", "what?.db")
	s, err := Open(ctx, odd)
	if err != nil {
		t.Fatalf("Open(%q): %v", odd, err)
	}
	s.Close()
	if _, err := os.Stat(odd); err != nil {
		t.Fatalf("database file not at %q: %v", odd, err)
	}
}

func TestDSNSettings(t *testing.T) {
	sqliteOnly(t)
	s, _ := openTest(t)
	var mode string
	var fk, timeout int
	if err := s.w.QueryRow(`PRAGMA journal_mode`).Scan(&mode); err != nil || mode != "wal" {
		t.Errorf("journal_mode = %q, %v; want wal", mode, err)
	}
	if err := s.w.QueryRow(`PRAGMA foreign_keys`).Scan(&fk); err != nil || fk != 1 {
		t.Errorf("foreign_keys = %d, %v; want 1", fk, err)
	}
	if err := s.w.QueryRow(`PRAGMA busy_timeout`).Scan(&timeout); err != nil || timeout != 5000 {
		t.Errorf("busy_timeout = %d, %v; want 5000", timeout, err)
	}
	if _, err := s.r.Exec(`INSERT INTO dm_closed (user_id, at) VALUES ('x', 1)`); err == nil {
		t.Errorf("the reader pool accepted a write")
	}
}

func TestCancelledContextWritesNothing(t *testing.T) {
	s, _ := openTest(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := s.CreateLobby(ctx, Game{ChannelID: "c", Game: "borneo"}, Seat{UserID: "u0"}); !errors.Is(err, context.Canceled) {
		t.Fatalf("CreateLobby with a cancelled context: %v", err)
	}
	if n := count(t, s, "games", ""); n != 0 {
		t.Fatalf("%d games stored", n)
	}
}

func TestRecords(t *testing.T) {
	got := Records([]Move{{Seq: 1, Seat: 2, Move: "ship S1 H2"}, {Seq: 2, Seat: 0, Move: "pass"}})
	want := []rules.Record{{Seat: 2, Move: "ship S1 H2"}, {Seat: 0, Move: "pass"}}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("Records = %+v, want %+v", got, want)
	}
}

// fixedClock makes s's clock return t0 + n ms on the n-th call.
func fixedClock(s *Store, t0 time.Time) {
	var mu sync.Mutex
	n := 0
	s.now = func() time.Time {
		mu.Lock()
		defer mu.Unlock()
		n++
		return t0.Add(time.Duration(n) * time.Millisecond)
	}
}
