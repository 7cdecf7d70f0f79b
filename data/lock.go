package data

import (
	"context"
	"fmt"
	"time"
)

// gameLock is the in-process lock of one game: a channel holding one token while free.
type gameLock struct {
	ch      chan struct{}
	waiters int // holders and waiters, under Store.gamesMu; the lock is forgotten at 0
}

// unlockTimeout bounds the release of a game's advisory lock.
const unlockTimeout = 5 * time.Second

// LockGame takes the per-game lock of gameID and returns the function that releases it (call it
// exactly once). It serialises load → apply → commit of one game's moves: in this process with an
// in-process lock, and, on PostgreSQL, across every process sharing the database with a
// session-level advisory lock (pg_advisory_lock(gameID)) held on a connection of its own until
// unlock. A process that dies loses its advisory locks with its connections.
//
// It waits until the lock is free or ctx is done; then it returns ctx's error (wrapped) and holds
// nothing. Other errors (the database cannot be reached) also leave nothing held. The lock is an
// orderliness measure, not the store's guarantee: CommitMove's version check still rejects a
// writer that raced without it.
func (s *Store) LockGame(ctx context.Context, gameID int64) (func(), error) {
	l := s.localLock(gameID)
	select {
	case <-l.ch:
	case <-ctx.Done():
		s.forget(gameID, l)
		return nil, fmt.Errorf("lock game %d: %w", gameID, ctx.Err())
	}
	local := func() {
		l.ch <- struct{}{}
		s.forget(gameID, l)
	}
	if s.locks == nil {
		return local, nil
	}
	conn, err := s.locks.Conn(ctx)
	if err != nil {
		local()
		return nil, fmt.Errorf("lock game %d: %w", gameID, err)
	}
	if _, err := conn.ExecContext(ctx, `SELECT pg_advisory_lock(?)`, gameID); err != nil {
		discard(conn) // the lock may have been granted as the wait was cancelled
		conn.Close()
		local()
		return nil, fmt.Errorf("lock game %d: %w", gameID, err)
	}
	return func() {
		ctx, cancel := context.WithTimeout(context.Background(), unlockTimeout)
		defer cancel()
		var released bool
		if err := conn.QueryRowContext(ctx, `SELECT pg_advisory_unlock(?)`, gameID).Scan(&released); err != nil || !released {
			discard(conn) // closing the session releases the lock
		}
		conn.Close()
		local()
	}, nil
}

// localLock returns the in-process lock of gameID, counting the caller among its users.
func (s *Store) localLock(gameID int64) *gameLock {
	s.gamesMu.Lock()
	defer s.gamesMu.Unlock()
	l := s.games[gameID]
	if l == nil {
		l = &gameLock{ch: make(chan struct{}, 1)}
		l.ch <- struct{}{}
		s.games[gameID] = l
	}
	l.waiters++
	return l
}

// forget drops the caller from l's users, and l itself when nobody uses it any more.
func (s *Store) forget(gameID int64, l *gameLock) {
	s.gamesMu.Lock()
	defer s.gamesMu.Unlock()
	l.waiters--
	if l.waiters == 0 && s.games[gameID] == l {
		delete(s.games, gameID)
	}
}
