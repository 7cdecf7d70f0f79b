package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"spicebot/data"
	"spicebot/rules"
)

// The operator's commands over the database (issue 24): backup, restore and import, and serve's
// scheduled backups. The work is data's (Store.Backup, Store.BackupTo, data.CopyAll); here are
// the flags, the checks and the sentences.

// backupCmd is `spicebot backup FILE`: a consistent snapshot of the SQLite database (--db) into
// FILE, safe while the bot runs.
func backupCmd(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("backup", flag.ContinueOnError)
	fs.SetOutput(stderr)
	db := fs.String("db", env("SPICEBOT_DB", "spicebot.db"), "the SQLite database to back up (env SPICEBOT_DB)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return errors.New("usage: spicebot backup [--db spicebot.db] FILE")
	}
	if isPostgres(*db) {
		return errors.New("backup copies an SQLite file; back up PostgreSQL with pg_dump")
	}
	if _, err := os.Stat(*db); err != nil {
		return fmt.Errorf("no database to back up: %w", err)
	}
	store, err := data.Open(ctx, *db)
	if err != nil {
		return err
	}
	defer store.Close()
	if err := store.Backup(ctx, fs.Arg(0)); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "backed up %s to %s\n", *db, fs.Arg(0))
	return nil
}

// restoreCmd is `spicebot restore FILE`: the SQLite database (--db) becomes a copy of the backup
// FILE. It refuses while a bot serves the database (its lock is held) and when FILE is not a
// spicebot database whose every game replays; the database it replaces is kept beside it as
// DB.before-restore-TIME.
func restoreCmd(ctx context.Context, args []string, stdout, stderr io.Writer, reg *rules.Registry) error {
	fs := flag.NewFlagSet("restore", flag.ContinueOnError)
	fs.SetOutput(stderr)
	db := fs.String("db", env("SPICEBOT_DB", "spicebot.db"), "the SQLite database to replace (env SPICEBOT_DB)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return errors.New("usage: spicebot restore [--db spicebot.db] FILE")
	}
	if isPostgres(*db) {
		return errors.New("restore writes an SQLite file; restore PostgreSQL with pg_restore")
	}
	src := fs.Arg(0)
	lock, err := data.LockFile(*db)
	if err != nil {
		return fmt.Errorf("stop the bot before restoring: %w", err)
	}
	defer lock.Unlock()
	// Check the backup on a copy (Open may bring its schema up to date).
	tmp := *db + ".restoring"
	for _, f := range []string{tmp, tmp + "-wal", tmp + "-shm"} {
		_ = os.Remove(f)
	}
	if err := copyFile(src, tmp); err != nil {
		return err
	}
	store, err := data.Open(ctx, tmp)
	if err != nil {
		os.Remove(tmp)
		return fmt.Errorf("%s is not a spicebot database: %w", src, err)
	}
	n, err := checkReplays(ctx, store, reg)
	if cerr := store.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(tmp)
		return fmt.Errorf("%s: %w", src, err)
	}
	if _, err := os.Stat(*db); err == nil {
		old := *db + ".before-restore-" + time.Now().UTC().Format("20060102-150405")
		if err := os.Rename(*db, old); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "kept the replaced database as %s\n", old)
	}
	for _, f := range []string{*db + "-wal", *db + "-shm"} {
		_ = os.Remove(f)
	}
	_ = os.Remove(tmp + "-shm")
	if err := os.Rename(tmp, *db); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "restored %s from %s: %d games replay to their stored state\n", *db, src, n)
	return nil
}

// copyFile copies the file src to dst (which it creates), synced to disk.
func copyFile(src, dst string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return fmt.Errorf("copy %s: %w", src, err)
	}
	if err := out.Sync(); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

// importCmd is `spicebot import --from spicebot.db --to postgres://…`: every table of the SQLite
// database is copied into the empty PostgreSQL database (data.CopyAll), then each game is checked
// by replaying its moves to its stored state. The SQLite file is locked meanwhile, so no bot
// plays on it during the move.
func importCmd(ctx context.Context, args []string, stdout, stderr io.Writer, reg *rules.Registry) error {
	fs := flag.NewFlagSet("import", flag.ContinueOnError)
	fs.SetOutput(stderr)
	from := fs.String("from", "", "the SQLite database file to move")
	to := fs.String("to", "", "the PostgreSQL database to move it to (postgres://…; it must hold no games)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *from == "" || !isPostgres(*to) || isPostgres(*from) {
		return errors.New("usage: spicebot import --from spicebot.db --to postgres://user:password@host/db")
	}
	if _, err := os.Stat(*from); err != nil {
		return fmt.Errorf("no database to import: %w", err)
	}
	lock, err := data.LockFile(*from)
	if err != nil {
		return fmt.Errorf("stop the bot before moving its database: %w", err)
	}
	defer lock.Unlock()
	src, err := data.Open(ctx, *from)
	if err != nil {
		return err
	}
	defer src.Close()
	dst, err := data.Open(ctx, *to)
	if err != nil {
		return err
	}
	defer dst.Close()
	counts, err := data.CopyAll(ctx, src, dst)
	if err != nil {
		return err
	}
	n, err := checkReplays(ctx, dst, reg)
	if err != nil {
		return fmt.Errorf("imported, but the check failed: %w", err)
	}
	var tables []string
	for t, c := range counts {
		tables = append(tables, fmt.Sprintf("%s %d", t, c))
	}
	sort.Strings(tables)
	fmt.Fprintf(stdout, "imported %s into %s (rows: %s); %d games replay to their stored state.\n"+
		"Point the bot at it: SPICEBOT_DB=%s (several processes may share it).\n",
		*from, data.Where(*to), strings.Join(tables, ", "), n, data.Where(*to))
	return nil
}

// checkReplays replays every started game of store (rules.Replay of its moves from its seed) and
// compares the result with its stored state. It returns how many games it checked, or the first
// game that differs.
func checkReplays(ctx context.Context, store *data.Store, reg *rules.Registry) (int, error) {
	ids, err := store.GameIDs(ctx)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, id := range ids {
		row, _, err := store.GameByID(ctx, id)
		if err != nil {
			return n, err
		}
		if row.State == nil {
			continue // a lobby
		}
		g, ok := reg.Get(row.Game)
		if !ok {
			return n, fmt.Errorf("game %d: unknown game %q", id, row.Game)
		}
		moves, err := store.Moves(ctx, id)
		if err != nil {
			return n, err
		}
		st, err := rules.Replay(g, row.Players, row.Options, row.Seed, data.Records(moves))
		if err != nil {
			return n, fmt.Errorf("game %d: %w", id, err)
		}
		stored, err := g.Load(row.State)
		if err != nil {
			return n, fmt.Errorf("game %d: stored state: %w", id, err)
		}
		a, errA := json.Marshal(st)
		b, errB := json.Marshal(stored)
		if err := errors.Join(errA, errB); err != nil {
			return n, fmt.Errorf("game %d: %w", id, err)
		}
		if !bytes.Equal(a, b) {
			return n, fmt.Errorf("game %d (%s): its %d moves replay to another state than the stored one", id, row.Game, len(moves))
		}
		n++
	}
	return n, nil
}

// backupLoop writes a snapshot of store into dir every period, keeping the keep newest, until ctx
// ends (serve --backup-every). A failed backup is logged and tried again at the next period.
func backupLoop(ctx context.Context, store *data.Store, dir string, every time.Duration, keep int, log *slog.Logger) {
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case now := <-t.C:
			name, err := store.BackupTo(ctx, dir, keep, now)
			if err != nil {
				log.Error("backup failed", "dir", dir, "err", err)
				continue
			}
			log.Info("backup written", "file", filepath.Base(name), "dir", dir)
		}
	}
}
