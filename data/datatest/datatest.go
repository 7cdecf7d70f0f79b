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
	"net/url"
	"os"
	"testing"
	"time"

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
	admin := os.Getenv(Env)
	if admin == "" {
		t.Skipf("PostgreSQL test skipped: no server configured (set %s to an admin connection string, "+
			"e.g. postgres://postgres@127.0.0.1:5432/postgres; .ci/run starts one)", Env)
	}
	u, err := url.Parse(admin)
	if err != nil || (u.Scheme != "postgres" && u.Scheme != "postgresql") {
		t.Fatalf("%s must be a postgres:// URL, not %q", Env, admin)
	}
	var b [6]byte
	_, _ = rand.Read(b[:])
	name := "spicebot_test_" + hex.EncodeToString(b[:])
	db, err := sql.Open("pgx", admin)
	if err != nil {
		t.Fatalf("open the test server: %v", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if _, err := db.ExecContext(ctx, "CREATE DATABASE "+name); err != nil {
		db.Close()
		t.Fatalf("create test database: %v", err)
	}
	t.Cleanup(func() {
		defer db.Close()
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		if _, err := db.ExecContext(ctx, "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)"); err != nil {
			t.Errorf("drop test database %s: %v", name, err)
		}
	})
	u.Path = "/" + name
	q := u.Query()
	if q.Get("sslmode") == "" {
		q.Set("sslmode", "disable")
	}
	u.RawQuery = q.Encode()
	return u.String()
}
