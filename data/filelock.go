package data

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"strconv"
)

// One process per SQLite file (issue 24): `spicebot serve` on SQLite holds an exclusive lock on a
// lock file next to the database (FILE.lock, an flock(2) lock taken with golang.org/x/sys/unix on
// Unix systems). The operating system drops the lock when the process dies, however it dies, so a
// crashed bot never blocks its restart, and a second process on the file is refused at once.

// ErrLocked means another process holds the database file's lock: it serves the bot on it.
var ErrLocked = errors.New("another spicebot process is using this database file")

// LockPath is the lock file of the SQLite database at path.
func LockPath(path string) string { return path + ".lock" }

// FileLock is the held lock of an SQLite database file (see LockFile).
type FileLock struct {
	f *os.File
}

// LockFile takes the exclusive lock of the SQLite database at path (creating LockPath(path), and
// writing this process's id in it for people), without waiting: it returns an error wrapping
// ErrLocked, with a sentence saying what to do, when another process holds it, and other errors
// when the lock file cannot be made. Release it with Unlock (or let the process end).
func LockFile(path string) (*FileLock, error) {
	name := LockPath(path)
	f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, fmt.Errorf("lock %s: %w", name, err)
	}
	if err := lockExclusive(f); err != nil {
		f.Close()
		if errors.Is(err, errWouldBlock) {
			holder := ""
			if b, rerr := os.ReadFile(name); rerr == nil && len(b) > 0 {
				holder = " (process " + string(trimSpace(b)) + ")"
			}
			return nil, fmt.Errorf("%w%s: %s is locked. SQLite serves one bot process; stop the other one first, "+
				"or, to run several processes, move to PostgreSQL (spicebot import --from %s --to postgres://…)", ErrLocked, holder, name, path)
		}
		return nil, fmt.Errorf("lock %s: %w", name, err)
	}
	if err := f.Truncate(0); err == nil {
		_, _ = f.WriteAt([]byte(strconv.Itoa(os.Getpid())+"\n"), 0)
	}
	return &FileLock{f: f}, nil
}

// Unlock releases the lock (the lock file stays; it is harmless).
func (l *FileLock) Unlock() error {
	if l == nil || l.f == nil {
		return nil
	}
	err := unlockFile(l.f)
	if cerr := l.f.Close(); err == nil {
		err = cerr
	}
	l.f = nil
	return err
}

func trimSpace(b []byte) []byte {
	for len(b) > 0 && (b[len(b)-1] == '\n' || b[len(b)-1] == ' ' || b[len(b)-1] == '\r') {
		b = b[:len(b)-1]
	}
	return b
}

// TakeBackLeases clears every lease in the database — of outbox items, seat clocks, votes and AI
// turns — so that the work they held is done at once rather than when the lease runs out. Only a
// process that holds the SQLite file's lock (LockFile) may call it: then no other process uses the
// database, and every lease is a dead process's (this process's own, before a crash). It returns
// how many rows it freed.
func (s *Store) TakeBackLeases(ctx context.Context) (int64, error) {
	var n int64
	err := s.write(ctx, func(tx *sql.Tx) error {
		n = 0
		for _, q := range []string{
			`UPDATE outbox SET lease_owner = '', lease_until = 0 WHERE lease_owner <> '' OR lease_until <> 0`,
			`UPDATE seat_clocks SET lease_owner = NULL, lease_until = NULL WHERE lease_until IS NOT NULL`,
			`UPDATE votes SET lease_owner = NULL, lease_until = NULL WHERE lease_until IS NOT NULL`,
			`UPDATE ai_turns SET lease_owner = '', lease_until = NULL WHERE lease_until IS NOT NULL`,
		} {
			res, err := tx.ExecContext(ctx, q)
			if err != nil {
				return err
			}
			k, err := res.RowsAffected()
			if err != nil {
				return err
			}
			n += k
		}
		return nil
	})
	if err != nil {
		return 0, fmt.Errorf("take back leases: %w", err)
	}
	return n, nil
}
