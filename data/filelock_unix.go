//go:build unix

package data

import (
	"errors"
	"os"

	"golang.org/x/sys/unix"
)

// errWouldBlock is the lock held by another process.
var errWouldBlock = unix.EWOULDBLOCK

// lockExclusive takes an exclusive flock(2) lock on f without waiting.
func lockExclusive(f *os.File) error {
	for {
		err := unix.Flock(int(f.Fd()), unix.LOCK_EX|unix.LOCK_NB)
		if !errors.Is(err, unix.EINTR) {
			return err
		}
	}
}

// unlockFile releases f's flock(2) lock.
func unlockFile(f *os.File) error {
	return unix.Flock(int(f.Fd()), unix.LOCK_UN)
}
