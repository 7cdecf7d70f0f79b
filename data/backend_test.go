package data

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"spicebot/data/datatest"
)

// The store's whole test suite runs once per backend: TestMain runs every test (and benchmark)
// against SQLite, then again against PostgreSQL when a server is configured (datatest.Env); every
// test opens its store with openTest, which opens the backend of the current run. Tests of one
// backend's own machinery call sqliteOnly or postgresOnly.

// testBackend is the backend of the current run: "sqlite", then "postgres".
var testBackend = "sqlite"

func TestMain(m *testing.M) {
	if os.Getenv(benchChildEnv) != "" {
		os.Exit(m.Run()) // the benchmark's second process: one run, on the database it is given
	}
	code := m.Run()
	if code != 0 {
		os.Exit(code)
	}
	if !datatest.Configured() {
		fmt.Printf("data: the PostgreSQL run of the store's tests is skipped: no server configured (set %s; .ci/run does)\n", datatest.Env)
		os.Exit(code)
	}
	fmt.Println("data: running the store's tests again on PostgreSQL")
	testBackend = "postgres"
	// Each test gets a copy of one migrated database (faster than migrating each).
	ctx := context.Background()
	dsn, drop, err := datatest.Create(ctx, "")
	if err == nil {
		var s *Store
		if s, err = Open(ctx, dsn); err == nil {
			err = s.Close()
			pgTemplate = dsn
		}
	}
	if err != nil {
		fmt.Println("data: PostgreSQL template database:", err)
		os.Exit(1)
	}
	code = m.Run()
	if err := drop(); err != nil {
		fmt.Println("data:", err)
	}
	os.Exit(code)
}

// pgTemplate is the migrated database every PostgreSQL test database is copied from.
var pgTemplate string

// openTest opens a fresh store of the current backend (a new SQLite file in a temporary
// directory, or a new PostgreSQL database) and closes it at the end of the test. It returns the
// store and the dsn that Open takes to open the same database again.
func openTest(t testing.TB) (*Store, string) {
	t.Helper()
	dsn := filepath.Join(t.TempDir(), "spicebot.db")
	if testBackend == "postgres" {
		dsn = datatest.PostgresFrom(t, pgTemplate)
	}
	s, err := Open(context.Background(), dsn)
	if err != nil {
		t.Fatalf("Open (%s): %v", testBackend, err)
	}
	t.Cleanup(func() { s.Close() })
	return s, dsn
}

// sqliteOnly skips a test of SQLite's own machinery (files, pragmas) in the PostgreSQL run.
func sqliteOnly(t testing.TB) {
	t.Helper()
	if testBackend != "sqlite" {
		t.Skip("SQLite only")
	}
}

// postgresOnly runs a test of PostgreSQL's own machinery only in the PostgreSQL run (it skips in
// the SQLite run, and the PostgreSQL run happens only with a server).
func postgresOnly(t testing.TB) {
	t.Helper()
	if testBackend != "postgres" {
		t.Skip("PostgreSQL only: runs in the PostgreSQL run of the suite")
	}
}
