package main

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"spicebot/data"
	"spicebot/games"
)

// TestRatingsRebuild: `spicebot ratings rebuild --db FILE` rates every finished game of the
// database from scratch and says what it did; an unknown subcommand is refused with exit code 1.
func TestRatingsRebuild(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "db")
	store, err := data.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	reg := games.Registry()
	g, _ := reg.Get("spice-merchant")
	finishedGame(t, store, g, 3, 1, "c-1")
	finishedGame(t, store, g, 3, 2, "c-2")
	store.Close()

	code, stdout, stderr := runMain(t, "ratings", "rebuild", "--db", path)
	if code != 0 || !strings.Contains(stdout, "2 finished games read, 2 rated, 0 left out") {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	store, err = data.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	games, err := store.RatedGames(ctx, "g", "spice-merchant", time.Time{})
	if err != nil || len(games) != 2 {
		t.Errorf("rated games after the rebuild: %d, %v", len(games), err)
	}
	if code, _, _ := runMain(t, "ratings", "rebuild-all"); code != 1 {
		t.Errorf("ratings rebuild-all: exit %d, want 1", code)
	}
}
