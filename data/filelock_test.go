//go:build unix

package data

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"
)

// TestLockFile: the first lock of a database file holds; a second is refused at once with
// ErrLocked and a sentence naming PostgreSQL; after Unlock the file can be locked again.
func TestLockFile(t *testing.T) {
	db := filepath.Join(t.TempDir(), "spicebot.db")
	first, err := LockFile(db)
	if err != nil {
		t.Fatal(err)
	}
	_, err = LockFile(db)
	if !errors.Is(err, ErrLocked) || !strings.Contains(err.Error(), "PostgreSQL") {
		t.Fatalf("second lock: %v", err)
	}
	if err := first.Unlock(); err != nil {
		t.Fatal(err)
	}
	again, err := LockFile(db)
	if err != nil {
		t.Fatalf("lock after unlock: %v", err)
	}
	again.Unlock()
}
