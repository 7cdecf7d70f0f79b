// Package datatest gives tests a database of their own on the PostgreSQL server named by the
// environment variable SPICEBOT_TEST_POSTGRES, or skips them when it is unset.
//
// SPICEBOT_TEST_POSTGRES is the connection string of a role that may create databases, e.g.
// "postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable". `.ci/run` starts a throwaway
// server and sets it (see .ci/postgres.sh); by hand: `source .ci/postgres.sh && start_postgres`.
//
// Usage:
//
//	dsn := datatest.Postgres(t) // skips the test without a server
//	store, err := data.Open(ctx, dsn)
package datatest

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"fmt"
	"net/url"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	_ "github.com/jackc/pgx/v5/stdlib" // the "pgx" database/sql driver
)

// Env is the environment variable naming the test server's admin connection string.
const Env = "SPICEBOT_TEST_POSTGRES"

// Configured reports whether a test PostgreSQL server is configured (Env is set).
func Configured() bool { return os.Getenv(Env) != "" }

// Postgres creates a new, empty database on the test server and returns its connection string
// (a postgres:// URL that data.Open accepts). The database is dropped when the test ends, even if
// connections to it are still open. Without a server (Env unset) the test is skipped with a
// message saying how to run it; a server that is configured but fails is a test failure.
func Postgres(t testing.TB) string {
	t.Helper()
	return PostgresFrom(t, "")
}

// PostgresFrom is Postgres with the new database copied from the database of templateDSN (one
// made by Create, e.g. already migrated, with no open connection), or empty when templateDSN is "".
func PostgresFrom(t testing.TB, templateDSN string) string {
	t.Helper()
	if !Configured() {
		t.Skipf("PostgreSQL test skipped: no server configured (set %s to an admin connection string, "+
			"e.g. postgres://postgres@127.0.0.1:5432/postgres; .ci/run starts one)", Env)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	dsn, drop, err := Create(ctx, templateDSN)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := drop(); err != nil {
			t.Error(err)
		}
	})
	return dsn
}

// Create makes a new database on the test server (a copy of the database of templateDSN, or
// empty when it is "") and returns its connection string and the function that drops it (even
// with connections still open). Errors: no server configured, a bad Env, the server's refusal.
func Create(ctx context.Context, templateDSN string) (dsn string, drop func() error, err error) {
	admin := os.Getenv(Env)
	if admin == "" {
		return "", nil, fmt.Errorf("no test PostgreSQL server: %s is not set", Env)
	}
	u, err := url.Parse(admin)
	if err != nil || (u.Scheme != "postgres" && u.Scheme != "postgresql") {
		return "", nil, fmt.Errorf("%s must be a postgres:// URL", Env)
	}
	var b [6]byte
	_, _ = rand.Read(b[:])
	name := "spicebot_test_" + hex.EncodeToString(b[:])
	create := "CREATE DATABASE " + name
	if templateDSN != "" {
		tu, err := url.Parse(templateDSN)
		if err != nil {
			return "", nil, fmt.Errorf("template: %w", err)
		}
		create += " TEMPLATE " + pgx.Identifier{strings.TrimPrefix(tu.Path, "/")}.Sanitize()
	}
	db, err := sql.Open("pgx", admin)
	if err != nil {
		return "", nil, fmt.Errorf("open the test server: %w", err)
	}
	if _, err := db.ExecContext(ctx, create); err != nil {
		db.Close()
		return "", nil, fmt.Errorf("create test database: %w", err)
	}
	drop = func() error {
		defer db.Close()
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		if _, err := db.ExecContext(ctx, "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)"); err != nil {
			return fmt.Errorf("drop test database %s: %w", name, err)
		}
		return nil
	}
	u.Path = "/" + name
	q := u.Query()
	if q.Get("sslmode") == "" {
		q.Set("sslmode", "disable")
	}
	u.RawQuery = q.Encode()
	return u.String(), drop, nil
}
