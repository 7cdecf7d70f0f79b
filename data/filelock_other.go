//go:build !unix

package data

import (
	"errors"
	"os"
)

// errWouldBlock is never returned here: without flock(2) the lock is not enforced (the README's
// rule of one process per SQLite file still holds).
var errWouldBlock = errors.New("lock held")

func lockExclusive(*os.File) error { return nil }

func unlockFile(*os.File) error { return nil }
