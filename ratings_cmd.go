package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"time"

	"spicebot/data"
	"spicebot/ratings"
	"spicebot/rules"
)

// ratingsCmd is `spicebot ratings rebuild [--db …]`: it computes every rating again from the
// stored games (each finished game replayed with the current rules) and replaces the stored
// ratings with them — run it after a rules fix that changes results. The bot may keep running:
// a game that finishes meanwhile is rated after the rebuild.
func ratingsCmd(ctx context.Context, args []string, stdout, stderr io.Writer, reg *rules.Registry) error {
	if len(args) == 0 || args[0] != "rebuild" {
		fmt.Fprintln(stderr, "usage: spicebot ratings rebuild [--db FILE|URL]")
		return errors.New("unknown ratings command (want: rebuild)")
	}
	fs := flag.NewFlagSet("ratings rebuild", flag.ContinueOnError)
	fs.SetOutput(stderr)
	dbPath := fs.String("db", env("SPICEBOT_DB", "spicebot.db"), "SQLite database file, or a postgres:// URL (env SPICEBOT_DB)")
	if err := fs.Parse(args[1:]); err != nil {
		return err
	}
	store, err := data.Open(ctx, *dbPath)
	if err != nil {
		return err
	}
	defer store.Close()
	log := slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
	start := time.Now()
	stats, err := ratings.New(store, reg, log).Rebuild(ctx)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "%d finished games read, %d rated, %d left out (their moves do not replay); %d ratings stored in %s\n",
		stats.Games, stats.Rated, stats.Failed, stats.Ratings, time.Since(start).Round(time.Millisecond))
	return nil
}
