package data

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

//go:embed migrations/*.sql
var migrationFiles embed.FS

// Sentinel errors. Methods wrap them with context; test them with errors.Is.
var (
	// ErrNoGame means there is no unfinished game in the channel, or no game with that id.
	ErrNoGame = errors.New("no such game")
	// ErrChannelBusy means the channel already has an unfinished (lobby or playing) game.
	ErrChannelBusy = errors.New("channel already has an unfinished game")
	// ErrStale means the stored version is not the one the caller loaded: another writer won.
	ErrStale = errors.New("game has moved on since it was loaded")
	// ErrAlreadySeated means the user already sits in the game.
	ErrAlreadySeated = errors.New("user already sits in the game")
	// ErrNotSeated means the user does not sit in the game.
	ErrNotSeated = errors.New("user does not sit in the game")
	// ErrNotLobby means the game is no longer (or not) a lobby: it has started, finished or was
	// cancelled.
	ErrNotLobby = errors.New("game is not in its lobby")
	// ErrLobbyFull means the lobby already has the wanted number of players.
	ErrLobbyFull = errors.New("lobby is full")
	// ErrNotPlaying means the game is not being played (still in its lobby, finished or
	// cancelled), so it takes no move.
	ErrNotPlaying = errors.New("game is not being played")
	// ErrOver means the game is already finished or cancelled.
	ErrOver = errors.New("game is already over")
	// ErrBadOrder means the seating order given to Start is not exactly the seated players, each
	// once.
	ErrBadOrder = errors.New("seating order does not match the seated players")
	// ErrNoItem means there is no outbox item with that id.
	ErrNoItem = errors.New("no such outbox item")
)

// Store is the spicebot database, on SQLite or PostgreSQL (see Open). It is safe for concurrent
// use, and on PostgreSQL by several processes at once. Close it when done.
type Store struct {
	d dialect
	w *sql.DB // SQLite: the single writer connection (BEGIN IMMEDIATE); PostgreSQL: the pool
	r *sql.DB // SQLite: reader connections (deferred snapshots, query_only); PostgreSQL: = w
	// locks is PostgreSQL's pool of connections holding the games' advisory locks (LockGame);
	// nil on SQLite.
	locks *sql.DB
	// path is the SQLite database file ("" on PostgreSQL), for Backup's own connection.
	path string
	// games are the in-process per-game locks of LockGame (a buffered channel of one each).
	gamesMu sync.Mutex
	games   map[int64]*gameLock
	// retried counts the write transactions run again after a serialization failure.
	retried atomic.Int64
	now     func() time.Time
}

// newStore is a Store of dialect d over the writer and reader pools.
func newStore(d dialect, w, r *sql.DB) *Store {
	return &Store{d: d, w: w, r: r, games: map[int64]*gameLock{}, now: time.Now}
}

// Backend is "sqlite" or "postgres": the kind of database the store is on.
func (s *Store) Backend() string { return s.d.name }

// Ping checks that the database answers (for /healthz).
func (s *Store) Ping(ctx context.Context) error {
	if err := s.w.PingContext(ctx); err != nil {
		return fmt.Errorf("ping %s store: %w", s.d.name, err)
	}
	return nil
}

// readers is the size of the reader pool.
const readers = 4

// Open opens the store named by dsn and applies the embedded migrations it does not have yet.
//
// A dsn starting with postgres:// or postgresql:// is a PostgreSQL database (pgx connection
// string, e.g. "postgres://spicebot:secret@db:5432/spicebot?sslmode=disable"; the database must
// exist), migrated with migrations/postgres/*.sql under an advisory lock, so several processes may
// open it at once. Anything else is the file name of an SQLite database, created with its
// directory if needed; ":memory:" and "file:" URIs are not supported.
//
// It fails if dsn is empty, the file is not a database, the server cannot be reached, a migration
// fails (that migration is rolled back) or the database has migrations newer than this build
// knows.
func Open(ctx context.Context, dsn string) (*Store, error) {
	if isPostgresDSN(dsn) {
		sub, err := fs.Sub(pgMigrationFiles, "migrations/postgres")
		if err != nil {
			return nil, fmt.Errorf("open store: %w", err)
		}
		return openPostgres(ctx, dsn, sub)
	}
	sub, err := fs.Sub(migrationFiles, "migrations")
	if err != nil {
		return nil, fmt.Errorf("open store: %w", err)
	}
	return open(ctx, dsn, sub)
}

// open is Open with the migrations read from the root of fsys.
func open(ctx context.Context, path string, fsys fs.FS) (*Store, error) {
	if path == "" || path == ":memory:" || strings.HasPrefix(path, "file:") {
		return nil, fmt.Errorf("open store: need a database file name, not %q", path)
	}
	if dir := filepath.Dir(path); dir != "" {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return nil, fmt.Errorf("open store %s: %w", path, err)
		}
	}
	base := "file:" + escapePath(path) + "?_journal_mode=WAL&_busy_timeout=5000&_foreign_keys=on"
	w, err := sql.Open("sqlite3", base+"&_txlock=immediate")
	if err != nil {
		return nil, fmt.Errorf("open store %s: %w", path, err)
	}
	w.SetMaxOpenConns(1)
	w.SetMaxIdleConns(1)
	w.SetConnMaxLifetime(0)
	w.SetConnMaxIdleTime(0)
	if err := migrate(ctx, w, sqliteDialect, fsys); err != nil {
		w.Close()
		return nil, fmt.Errorf("open store %s: %w", path, err)
	}
	r, err := sql.Open("sqlite3", base+"&_txlock=deferred&_query_only=1")
	if err != nil {
		w.Close()
		return nil, fmt.Errorf("open store %s: %w", path, err)
	}
	r.SetMaxOpenConns(readers)
	r.SetMaxIdleConns(readers)
	if err := r.PingContext(ctx); err != nil {
		w.Close()
		r.Close()
		return nil, fmt.Errorf("open store %s: %w", path, err)
	}
	st := newStore(sqliteDialect, w, r)
	st.path = path
	return st, nil
}

// escapePath percent-encodes the characters that would end or corrupt the path part of an SQLite
// URI file name.
func escapePath(path string) string {
	return strings.NewReplacer("%", "%25", "?", "%3f", "#", "%23").Replace(path)
}

// Close closes the database. The Store must not be used afterwards.
func (s *Store) Close() error {
	var errR, errL error
	if s.r != s.w {
		errR = s.r.Close()
	}
	if s.locks != nil {
		errL = s.locks.Close()
	}
	errW := s.w.Close()
	if err := errors.Join(errW, errR, errL); err != nil {
		return fmt.Errorf("close store: %w", err)
	}
	return nil
}

// migration is one schema change from migrations/NNNN_name.sql.
type migration struct {
	version int
	name    string
	sql     string
}

// loadMigrations reads every *.sql file at the root of fsys, ordered by version. File names must
// start with a positive version number followed by '_' ("0002_outbox_index.sql"), versions unique.
func loadMigrations(fsys fs.FS) ([]migration, error) {
	names, err := fs.Glob(fsys, "*.sql")
	if err != nil {
		return nil, fmt.Errorf("list migrations: %w", err)
	}
	var ms []migration
	seen := map[int]string{}
	for _, name := range names {
		num, _, ok := strings.Cut(name, "_")
		v, err := strconv.Atoi(num)
		if !ok || err != nil || v <= 0 {
			return nil, fmt.Errorf("migration %s: name must start with a positive version and '_'", name)
		}
		if other, dup := seen[v]; dup {
			return nil, fmt.Errorf("migrations %s and %s have the same version %d", other, name, v)
		}
		seen[v] = name
		text, err := fs.ReadFile(fsys, name)
		if err != nil {
			return nil, fmt.Errorf("read migration %s: %w", name, err)
		}
		ms = append(ms, migration{version: v, name: name, sql: string(text)})
	}
	sort.Slice(ms, func(i, j int) bool { return ms[i].version < ms[j].version })
	return ms, nil
}

// migrate applies the migrations of fsys that db has not recorded in schema_migrations, in order,
// each in its own transaction together with its record.
func migrate(ctx context.Context, db beginner, d dialect, fsys fs.FS) error {
	ms, err := loadMigrations(fsys)
	if err != nil {
		return err
	}
	if _, err := db.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
		version    INTEGER PRIMARY KEY,
		name       TEXT    NOT NULL,
		applied_at BIGINT  NOT NULL
	)`); err != nil {
		return fmt.Errorf("create schema_migrations: %w", err)
	}
	if len(ms) == 0 {
		return errors.New("no migrations")
	}
	latest := ms[len(ms)-1].version
	var newest sql.NullInt64
	if err := db.QueryRowContext(ctx, `SELECT MAX(version) FROM schema_migrations`).Scan(&newest); err != nil {
		return fmt.Errorf("read schema_migrations: %w", err)
	}
	if newest.Valid && int(newest.Int64) > latest {
		return fmt.Errorf("database has schema version %d, newer than this build knows (%d)", newest.Int64, latest)
	}
	for _, m := range ms {
		err := runTx(ctx, db, nil, 0, nil, func(tx *sql.Tx) error {
			var done int
			if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM schema_migrations WHERE version = ?`, m.version).Scan(&done); err != nil {
				return err
			}
			if done > 0 {
				return nil
			}
			if _, err := tx.ExecContext(ctx, m.sql); err != nil {
				return err
			}
			_, err := tx.ExecContext(ctx, `INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)`,
				m.version, m.name, time.Now().UnixMilli())
			return err
		})
		if err != nil {
			return fmt.Errorf("migration %s: %w", m.name, err)
		}
	}
	return nil
}

// write runs fn in one write transaction: SQLite's BEGIN IMMEDIATE on the single writer, or a
// SERIALIZABLE PostgreSQL transaction. Either way the outcome is as if the store's writes ran one at
// a time. On PostgreSQL, fn is run again when the transaction lost a race (serialization failure):
// fn must set its results afresh on each run and have no effect outside tx.
func (s *Store) write(ctx context.Context, fn func(tx *sql.Tx) error) error {
	return runTx(ctx, s.w, s.d.write, s.d.retries, &s.retried, fn)
}

// claim runs fn in one transaction that claims rows with a lease (see skipLocked): BEGIN
// IMMEDIATE on SQLite, READ COMMITTED on PostgreSQL, where the claim's sub-select locks the rows it
// picks and passes over the rows other claimers hold (FOR UPDATE SKIP LOCKED).
func (s *Store) claim(ctx context.Context, fn func(tx *sql.Tx) error) error {
	return runTx(ctx, s.w, s.d.claim, s.d.retries, &s.retried, fn)
}

// skipLocked is what ends the sub-select that picks the rows of a claim: " FOR UPDATE SKIP
// LOCKED" on PostgreSQL, "" on SQLite (one writer at a time needs none).
func (s *Store) skipLocked() string { return s.d.skipLocked }

// read runs fn in one read transaction: every query in fn sees the same snapshot.
func (s *Store) read(ctx context.Context, fn func(tx *sql.Tx) error) error {
	tx, err := s.r.BeginTx(ctx, s.d.read)
	if err != nil {
		return fmt.Errorf("begin: %w", err)
	}
	defer tx.Rollback()
	return fn(tx)
}

// millis is t in unix milliseconds.
func millis(t time.Time) int64 { return t.UnixMilli() }

// fromMillis is the time of unix milliseconds ms.
func fromMillis(ms int64) time.Time { return time.UnixMilli(ms) }
