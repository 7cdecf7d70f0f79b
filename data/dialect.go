package data

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/mattn/go-sqlite3"
)

// dialect is what differs between the SQLite and the PostgreSQL backend. Everything else — the
// store's methods and their SQL — is written once, portably (see the package doc): `?`
// placeholders, RETURNING instead of LastInsertId, INTEGER 0/1 instead of booleans.
type dialect struct {
	// name is "sqlite" or "postgres".
	name string
	// write, claim and read are the options of the store's write transactions, of lease claims
	// (Store.claim) and of read transactions.
	write, claim, read *sql.TxOptions
	// retries is how many times a write transaction that failed with a serialization failure
	// or a deadlock is run again (0: never; SQLite's single writer has neither).
	retries int
	// skipLocked ends the sub-select of a claim: " FOR UPDATE SKIP LOCKED" on PostgreSQL, so
	// concurrent claimers pass over each other's rows instead of waiting for them.
	skipLocked string
}

// sqliteDialect is SQLite's: the writer pool's transactions are BEGIN IMMEDIATE (set in the DSN),
// one at a time, so they are serial by construction; readers see one snapshot per transaction.
var sqliteDialect = dialect{
	name:  "sqlite",
	write: nil,
	claim: nil,
	read:  &sql.TxOptions{ReadOnly: true},
}

// postgresDialect is PostgreSQL's: write transactions are SERIALIZABLE (the same guarantee as
// SQLite's single writer: the outcome is as if they ran one at a time), retried on serialization
// failures; claims run at READ COMMITTED with FOR UPDATE SKIP LOCKED, which is what SKIP LOCKED is
// made for; reads are REPEATABLE READ, one snapshot per transaction like SQLite's readers.
var postgresDialect = dialect{
	name:       "postgres",
	write:      &sql.TxOptions{Isolation: sql.LevelSerializable},
	claim:      &sql.TxOptions{Isolation: sql.LevelReadCommitted},
	read:       &sql.TxOptions{Isolation: sql.LevelRepeatableRead, ReadOnly: true},
	retries:    30,
	skipLocked: " FOR UPDATE SKIP LOCKED",
}

// runTx runs fn in one transaction of db with opts, committing when fn returns nil and rolling
// back otherwise. A transaction that fails with a serialization failure or a deadlock (PostgreSQL)
// is rolled back and run again, up to retries times, after a short random wait: fn may run more
// than once and must set its results afresh each time.
// Each retry is counted in retried when it is not nil.
func runTx(ctx context.Context, db beginner, opts *sql.TxOptions, retries int, retried *atomic.Int64, fn func(tx *sql.Tx) error) error {
	for attempt := 0; ; attempt++ {
		err := runTxOnce(ctx, db, opts, fn)
		if err == nil || attempt >= retries || !isRetryable(err) || ctx.Err() != nil {
			return err
		}
		if retried != nil {
			retried.Add(1)
		}
		// Exponential backoff with full jitter: 0.5 ms, 1 ms, … capped at 50 ms.
		limit := min(50*time.Millisecond, (500*time.Microsecond)<<min(attempt, 7))
		select {
		case <-time.After(rand.N(limit) + 100*time.Microsecond):
		case <-ctx.Done():
			return err
		}
	}
}

// runTxOnce is one attempt of runTx.
func runTxOnce(ctx context.Context, db beginner, opts *sql.TxOptions, fn func(tx *sql.Tx) error) error {
	tx, err := db.BeginTx(ctx, opts)
	if err != nil {
		return fmt.Errorf("begin: %w", err)
	}
	if err := fn(tx); err != nil {
		_ = tx.Rollback()
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("commit: %w", err)
	}
	return nil
}

// beginner is what *sql.DB and *sql.Conn offer.
type beginner interface {
	BeginTx(ctx context.Context, opts *sql.TxOptions) (*sql.Tx, error)
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// PostgreSQL error codes the store tells apart.
const (
	pgUniqueViolation      = "23505"
	pgSerializationFailure = "40001"
	pgDeadlockDetected     = "40P01"
)

// isUnique reports whether err is a UNIQUE (or primary key) constraint violation, on either
// backend.
func isUnique(err error) bool {
	var se sqlite3.Error
	if errors.As(err, &se) {
		return se.ExtendedCode == sqlite3.ErrConstraintUnique || se.ExtendedCode == sqlite3.ErrConstraintPrimaryKey
	}
	var pe *pgconn.PgError
	return errors.As(err, &pe) && pe.Code == pgUniqueViolation
}

// isRetryable reports whether err ended a PostgreSQL transaction that may simply be run again: a
// serialization failure (SERIALIZABLE found that it raced with another) or a deadlock.
func isRetryable(err error) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && (pe.Code == pgSerializationFailure || pe.Code == pgDeadlockDetected)
}

// rebind rewrites the `?` placeholders of query to PostgreSQL's $1, $2, … — outside string
// literals ('…'), quoted identifiers ("…") and comments (-- … and /* … */), where a `?` is
// text. It returns query itself when there is nothing to rewrite.
func rebind(query string) string {
	if !strings.Contains(query, "?") {
		return query
	}
	var b strings.Builder
	b.Grow(len(query) + 16)
	n := 0
	for i := 0; i < len(query); i++ {
		c := query[i]
		switch {
		case c == '\'' || c == '"':
			j := i + 1
			for j < len(query) {
				if query[j] == c {
					if j+1 < len(query) && query[j+1] == c { // a doubled quote inside
						j += 2
						continue
					}
					break
				}
				j++
			}
			end := min(j+1, len(query))
			b.WriteString(query[i:end])
			i = end - 1
		case c == '-' && i+1 < len(query) && query[i+1] == '-':
			j := strings.IndexByte(query[i:], '\n')
			if j < 0 {
				j = len(query) - i
			}
			b.WriteString(query[i : i+j])
			i += j - 1
		case c == '/' && i+1 < len(query) && query[i+1] == '*':
			j := strings.Index(query[i+2:], "*/")
			end := len(query)
			if j >= 0 {
				end = i + 2 + j + 2
			}
			b.WriteString(query[i:end])
			i = end - 1
		case c == '?':
			n++
			b.WriteByte('$')
			b.WriteString(strconv.Itoa(n))
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}
