package data

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib"
)

// The PostgreSQL backend: the same Store, over pgx's database/sql driver, with its own
// migrations (migrations/postgres/*.sql, one per SQLite migration, same number and name).

//go:embed migrations/postgres/*.sql
var pgMigrationFiles embed.FS

// Pool sizes of a PostgreSQL store. Transactions are short (one store method each); the lock pool
// holds one connection per game whose move is being made in this process (LockGame), so it may
// grow larger, and a move waiting for a lock connection holds nothing else.
const (
	pgTxConns   = 12
	pgLockConns = 24
)

// migrationLock is the advisory lock (two-int key space, apart from the games' one-bigint keys)
// that serialises migrations of several processes starting at once.
const migrationLockClass, migrationLockID = 0x73706963, 1 // "spic"

// isPostgresDSN reports whether dsn names a PostgreSQL database (a postgres:// or postgresql://
// URL) rather than an SQLite file.
func isPostgresDSN(dsn string) bool {
	return strings.HasPrefix(dsn, "postgres://") || strings.HasPrefix(dsn, "postgresql://")
}

// openPostgres opens the PostgreSQL database of dsn and applies the migrations of fsys it lacks,
// under an advisory lock so that processes starting together migrate once.
func openPostgres(ctx context.Context, dsn string, fsys fs.FS) (*Store, error) {
	cfg, err := pgx.ParseConfig(dsn)
	if err != nil {
		return nil, fmt.Errorf("open store: %w", err) // pgx's error does not repeat the password
	}
	where := fmt.Sprintf("postgres %s:%d/%s", cfg.Host, cfg.Port, cfg.Database)
	// SERIALIZABLE transactions take a predicate lock on what they scan; a sequential scan locks
	// the whole table, so that writers of unrelated games would fail each other (PostgreSQL's
	// manual, "Serializable Isolation Level", advises encouraging index scans). Every query of the
	// store has an index to use; a DSN may still set enable_seqscan itself.
	if cfg.RuntimeParams == nil {
		cfg.RuntimeParams = map[string]string{}
	}
	if _, set := cfg.RuntimeParams["enable_seqscan"]; !set {
		cfg.RuntimeParams["enable_seqscan"] = "off"
	}
	conn := pgConnector{inner: stdlib.GetConnector(*cfg)}
	db := sql.OpenDB(conn)
	db.SetMaxOpenConns(pgTxConns)
	db.SetMaxIdleConns(pgTxConns)
	db.SetConnMaxIdleTime(5 * time.Minute)
	locks := sql.OpenDB(conn)
	locks.SetMaxOpenConns(pgLockConns)
	locks.SetMaxIdleConns(4)
	locks.SetConnMaxIdleTime(5 * time.Minute)
	fail := func(err error) (*Store, error) {
		db.Close()
		locks.Close()
		return nil, fmt.Errorf("open store %s: %w", where, err)
	}
	c, err := db.Conn(ctx)
	if err != nil {
		return fail(err)
	}
	err = func() error {
		defer c.Close()
		if _, err := c.ExecContext(ctx, `SELECT pg_advisory_lock(?, ?)`, migrationLockClass, migrationLockID); err != nil {
			return fmt.Errorf("lock migrations: %w", err)
		}
		merr := migrate(ctx, c, postgresDialect, fsys)
		if _, err := c.ExecContext(context.WithoutCancel(ctx), `SELECT pg_advisory_unlock(?, ?)`, migrationLockClass, migrationLockID); err != nil {
			discard(c)
			return errors.Join(merr, fmt.Errorf("unlock migrations: %w", err))
		}
		return merr
	}()
	if err != nil {
		return fail(err)
	}
	s := newStore(postgresDialect, db, db)
	s.locks = locks
	return s, nil
}

// discard makes c be closed instead of going back to its pool when it is closed (its session
// may hold a lock we could not release).
func discard(c *sql.Conn) {
	_ = c.Raw(func(any) error { return driver.ErrBadConn })
}

// pgConnector makes pgx's database/sql connections speak the store's portable SQL: it rewrites
// `?` placeholders to $n (rebind) and sends Go bools as 0/1 (the schema has no boolean columns,
// like SQLite's).
type pgConnector struct{ inner driver.Connector }

func (c pgConnector) Connect(ctx context.Context) (driver.Conn, error) {
	conn, err := c.inner.Connect(ctx)
	if err != nil {
		return nil, err
	}
	return &pgConn{Conn: conn.(*stdlib.Conn)}, nil
}

func (c pgConnector) Driver() driver.Driver { return c.inner.Driver() }

// pgConn is a pgx connection whose queries are rebound. Every other method is pgx's.
type pgConn struct{ *stdlib.Conn }

func (c *pgConn) Prepare(query string) (driver.Stmt, error) {
	return c.Conn.PrepareContext(context.Background(), rebind(query))
}

func (c *pgConn) PrepareContext(ctx context.Context, query string) (driver.Stmt, error) {
	return c.Conn.PrepareContext(ctx, rebind(query))
}

func (c *pgConn) ExecContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Result, error) {
	return c.Conn.ExecContext(ctx, rebind(query), args)
}

func (c *pgConn) QueryContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Rows, error) {
	return c.Conn.QueryContext(ctx, rebind(query), args)
}

// CheckNamedValue passes every argument to pgx as it is (pgx knows sql.Null*, driver.Valuer and
// Go's types), except bools, sent as the 0/1 the INTEGER flag columns hold.
func (c *pgConn) CheckNamedValue(nv *driver.NamedValue) error {
	if b, ok := nv.Value.(bool); ok {
		nv.Value = int64(0)
		if b {
			nv.Value = int64(1)
		}
	}
	return nil
}

// Where describes the database dsn names, for logs and messages, without secrets: the SQLite file
// name, or the PostgreSQL URL without its password and parameters.
func Where(dsn string) string {
	if !isPostgresDSN(dsn) {
		return dsn
	}
	u, err := url.Parse(dsn)
	if err != nil {
		return "postgres (unreadable URL)"
	}
	u.RawQuery, u.Fragment = "", ""
	return u.Redacted()
}
