package data

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"time"
)

// Backups and moving (issue 24). A backup is SQLite's VACUUM INTO: a consistent, compact copy of
// the database as of one read snapshot, written by a connection of its own while the bot keeps
// writing (WAL mode: the snapshot blocks no writer). It is an ordinary SQLite file that Open
// reads. CopyAll moves every table of an SQLite store into an empty PostgreSQL store.

// ErrNotEmpty means the destination of CopyAll already holds games.
var ErrNotEmpty = errors.New("the destination database already holds games")

// Backup writes a consistent snapshot of the SQLite store to the file dest (which must not exist;
// its directory is created), through a temporary file renamed into place, so that dest is either
// absent or complete. It fails on PostgreSQL (use pg_dump there).
func (s *Store) Backup(ctx context.Context, dest string) error {
	if s.path == "" {
		return fmt.Errorf("backup: the %s store has no file to copy (use the server's own tools, e.g. pg_dump)", s.d.name)
	}
	if _, err := os.Stat(dest); err == nil {
		return fmt.Errorf("backup to %s: the file exists", dest)
	}
	if err := os.MkdirAll(filepath.Dir(dest), 0o755); err != nil {
		return fmt.Errorf("backup to %s: %w", dest, err)
	}
	tmp := dest + ".partial"
	_ = os.Remove(tmp)
	db, err := sql.Open("sqlite3", "file:"+escapePath(s.path)+"?_busy_timeout=5000")
	if err != nil {
		return fmt.Errorf("backup to %s: %w", dest, err)
	}
	defer db.Close()
	if _, err := db.ExecContext(ctx, `VACUUM INTO ?`, tmp); err != nil {
		_ = os.Remove(tmp)
		return fmt.Errorf("backup to %s: %w", dest, err)
	}
	if err := os.Rename(tmp, dest); err != nil {
		_ = os.Remove(tmp)
		return fmt.Errorf("backup to %s: %w", dest, err)
	}
	return nil
}

// backupPrefix and backupSuffix frame the names of BackupTo's snapshots.
const (
	backupPrefix = "spicebot-"
	backupSuffix = ".db"
)

// BackupTo writes a snapshot (Backup) into dir named by its time ("spicebot-20261128-180000.db",
// UTC), then deletes the oldest snapshots of dir beyond the keep newest (keep < 1 keeps all). It
// returns the new file's path.
func (s *Store) BackupTo(ctx context.Context, dir string, keep int, now time.Time) (string, error) {
	name := filepath.Join(dir, backupPrefix+now.UTC().Format("20060102-150405")+backupSuffix)
	if err := s.Backup(ctx, name); err != nil {
		return "", err
	}
	if keep < 1 {
		return name, nil
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return name, fmt.Errorf("prune backups in %s: %w", dir, err)
	}
	var snaps []string
	for _, e := range entries {
		if n := e.Name(); !e.IsDir() && strings.HasPrefix(n, backupPrefix) && strings.HasSuffix(n, backupSuffix) {
			snaps = append(snaps, n)
		}
	}
	sort.Strings(snaps) // the names sort by time
	for _, n := range snaps[:max(0, len(snaps)-keep)] {
		if err := os.Remove(filepath.Join(dir, n)); err != nil {
			return name, fmt.Errorf("prune backups in %s: %w", dir, err)
		}
	}
	return name, nil
}

// CopyAll copies every row of every table of from, an SQLite store, into to, a PostgreSQL store
// with no games yet (both opened with Open, so at the same migration), in one transaction on to,
// from one read snapshot of from: games in every status with their state, moves, seats, outbox,
// clocks, votes, events, settings, AI rows, everything. Ids are kept, and to's id sequences are
// moved past them. It returns how many rows each table received. Errors: ErrNotEmpty, a from that
// is not SQLite or a to that is not PostgreSQL, and any failure of a row (then to is unchanged).
func CopyAll(ctx context.Context, from, to *Store) (map[string]int, error) {
	if from.d.name != "sqlite" || to.d.name != "postgres" {
		return nil, fmt.Errorf("copy: from SQLite to PostgreSQL only, not %s to %s", from.d.name, to.d.name)
	}
	var games int
	if err := to.w.QueryRowContext(ctx, `SELECT COUNT(*) FROM games`).Scan(&games); err != nil {
		return nil, fmt.Errorf("copy: %w", err)
	}
	if games > 0 {
		return nil, fmt.Errorf("copy: %w (%d games)", ErrNotEmpty, games)
	}
	src, err := from.r.BeginTx(ctx, from.d.read)
	if err != nil {
		return nil, fmt.Errorf("copy: %w", err)
	}
	defer src.Rollback()
	tables, err := tablesInOrder(ctx, src)
	if err != nil {
		return nil, fmt.Errorf("copy: %w", err)
	}
	dst, err := to.w.BeginTx(ctx, nil)
	if err != nil {
		return nil, fmt.Errorf("copy: %w", err)
	}
	defer dst.Rollback()
	counts := map[string]int{}
	for _, t := range tables {
		n, err := copyTable(ctx, src, dst, t)
		if err != nil {
			return nil, fmt.Errorf("copy table %s: %w", t, err)
		}
		counts[t] = n
	}
	if err := dst.Commit(); err != nil {
		return nil, fmt.Errorf("copy: commit: %w", err)
	}
	return counts, nil
}

// tablesInOrder lists the SQLite database's own tables (not schema_migrations), each after the
// tables its foreign keys point to.
func tablesInOrder(ctx context.Context, tx *sql.Tx) ([]string, error) {
	rows, err := tx.QueryContext(ctx, `SELECT name FROM sqlite_master WHERE type = 'table'
		AND name NOT LIKE 'sqlite_%' AND name <> 'schema_migrations' ORDER BY name`)
	if err != nil {
		return nil, err
	}
	var names []string
	for rows.Next() {
		var n string
		if err := rows.Scan(&n); err != nil {
			rows.Close()
			return nil, err
		}
		names = append(names, n)
	}
	if err := errors.Join(rows.Err(), rows.Close()); err != nil {
		return nil, err
	}
	deps := map[string][]string{}
	for _, n := range names {
		rows, err := tx.QueryContext(ctx, `SELECT "table" FROM pragma_foreign_key_list(?)`, n)
		if err != nil {
			return nil, err
		}
		for rows.Next() {
			var d string
			if err := rows.Scan(&d); err != nil {
				rows.Close()
				return nil, err
			}
			if d != n {
				deps[n] = append(deps[n], d)
			}
		}
		if err := errors.Join(rows.Err(), rows.Close()); err != nil {
			return nil, err
		}
	}
	var out []string
	done := map[string]bool{}
	var visit func(n string, depth int) error
	visit = func(n string, depth int) error {
		if done[n] {
			return nil
		}
		if depth > len(names) {
			return fmt.Errorf("foreign keys form a cycle at %s", n)
		}
		for _, d := range deps[n] {
			if slices.Contains(names, d) {
				if err := visit(d, depth+1); err != nil {
					return err
				}
			}
		}
		done[n] = true
		out = append(out, n)
		return nil
	}
	for _, n := range names {
		if err := visit(n, 0); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// copyTable copies every row of table from src (SQLite) to dst (PostgreSQL), column by column as
// named in src; a value goes as bytes to a bytea column and as text to any other column that
// SQLite gave as bytes. It moves the table's id sequence, if any, past the copied ids.
func copyTable(ctx context.Context, src, dst *sql.Tx, table string) (int, error) {
	kinds := map[string]string{}
	krows, err := dst.QueryContext(ctx, `SELECT column_name, data_type FROM information_schema.columns
		WHERE table_schema = current_schema() AND table_name = ?`, table)
	if err != nil {
		return 0, err
	}
	for krows.Next() {
		var c, k string
		if err := krows.Scan(&c, &k); err != nil {
			krows.Close()
			return 0, err
		}
		kinds[c] = k
	}
	if err := errors.Join(krows.Err(), krows.Close()); err != nil {
		return 0, err
	}
	if len(kinds) == 0 {
		return 0, fmt.Errorf("no such table in the destination")
	}
	rows, err := src.QueryContext(ctx, `SELECT * FROM "`+table+`"`)
	if err != nil {
		return 0, err
	}
	defer rows.Close()
	cols, err := rows.Columns()
	if err != nil {
		return 0, err
	}
	quoted := make([]string, len(cols))
	marks := make([]string, len(cols))
	for i, c := range cols {
		if _, ok := kinds[c]; !ok {
			return 0, fmt.Errorf("column %s is not in the destination", c)
		}
		quoted[i], marks[i] = `"`+c+`"`, "?"
	}
	insert := `INSERT INTO "` + table + `" (` + strings.Join(quoted, ", ") + `) VALUES (` + strings.Join(marks, ", ") + `)`
	n := 0
	vals := make([]any, len(cols))
	ptrs := make([]any, len(cols))
	for i := range vals {
		ptrs[i] = &vals[i]
	}
	for rows.Next() {
		if err := rows.Scan(ptrs...); err != nil {
			return n, err
		}
		args := make([]any, len(vals))
		for i, v := range vals {
			switch x := v.(type) {
			case []byte:
				if kinds[cols[i]] == "bytea" {
					args[i] = slices.Clone(x)
				} else {
					args[i] = string(x)
				}
			case string:
				if kinds[cols[i]] == "bytea" {
					args[i] = []byte(x)
				} else {
					args[i] = x
				}
			default:
				args[i] = x
			}
		}
		if _, err := dst.ExecContext(ctx, insert, args...); err != nil {
			return n, fmt.Errorf("row %d: %w", n+1, err)
		}
		n++
	}
	if err := rows.Err(); err != nil {
		return n, err
	}
	if _, ok := kinds["id"]; ok {
		var seq sql.NullString
		if err := dst.QueryRowContext(ctx, `SELECT pg_get_serial_sequence(?, 'id')`, table).Scan(&seq); err != nil {
			return n, err
		}
		if seq.Valid && n > 0 {
			if _, err := dst.ExecContext(ctx, `SELECT setval(CAST(? AS regclass), (SELECT MAX(id) FROM "`+table+`"))`, seq.String); err != nil {
				return n, err
			}
		}
	}
	return n, nil
}

// GameIDs returns the ids of every game of the store, in every status, in id order.
func (s *Store) GameIDs(ctx context.Context) ([]int64, error) {
	out, err := s.ids(ctx, `SELECT id FROM games ORDER BY id`)
	if err != nil {
		return nil, fmt.Errorf("game ids: %w", err)
	}
	return out, nil
}

// ids runs query, which selects one integer column, and returns its values in order.
func (s *Store) ids(ctx context.Context, query string, args ...any) ([]int64, error) {
	var out []int64
	err := s.read(ctx, func(tx *sql.Tx) error {
		out = nil // a PostgreSQL retry runs this again
		rows, err := tx.QueryContext(ctx, query, args...)
		if err != nil {
			return err
		}
		for rows.Next() {
			var id int64
			if err := rows.Scan(&id); err != nil {
				rows.Close()
				return err
			}
			out = append(out, id)
		}
		return errors.Join(rows.Err(), rows.Close())
	})
	return out, err
}
