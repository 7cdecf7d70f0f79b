package data

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"
)

// Leases: with several processes on one database, work that must be done once — an outbox item
// to send, a due reminder, an AI turn — is claimed first. A claim sets the row's lease_owner (the
// claiming process, see bot's process ids) and lease_until (unix ms); rows whose lease runs out
// (the owner died mid-way) may be claimed again. On PostgreSQL the claiming sub-select ends with
// FOR UPDATE SKIP LOCKED (Store.claim, Store.skipLocked), so claimers racing for the same rows pass
// over each other's instead of queueing; on SQLite the single writer makes claims serial.

// errPartialClaim rolls back a claim that could not take every row it asked for.
var errPartialClaim = errors.New("some items are held by another process or were sent")

// ClaimOutbox claims the unsent outbox items ids for owner until until, all of them or none: it
// reports false (and claims nothing) when one of them is sent, unknown, or held by another owner
// whose lease has not run out at now. Items owner already holds are claimed again (the lease is
// extended). A caller sends the items only after a true claim, so that with several processes
// each item is sent by one; MarkSent, MarkRetry (which ends the claim) or MarkGivenUp settle them,
// and ReleaseOutbox gives them back unsent.
func (s *Store) ClaimOutbox(ctx context.Context, owner string, now, until time.Time, ids ...int64) (bool, error) {
	if owner == "" {
		return false, errors.New("claim outbox items: empty owner")
	}
	if len(ids) == 0 {
		return true, nil
	}
	args := []any{owner, millis(until)}
	for _, id := range ids {
		args = append(args, id)
	}
	args = append(args, owner, millis(now))
	q := `UPDATE outbox SET lease_owner = ?, lease_until = ? WHERE id IN (SELECT id FROM outbox
		WHERE id IN (?` + strings.Repeat(", ?", len(ids)-1) + `) AND sent_at IS NULL
		AND (lease_owner = '' OR lease_owner = ? OR lease_until < ?)` + s.skipLocked() + `)`
	err := s.claim(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, q, args...)
		if err != nil {
			return err
		}
		n, err := res.RowsAffected()
		if err != nil {
			return err
		}
		if int(n) != len(distinct(ids)) {
			return errPartialClaim
		}
		return nil
	})
	if errors.Is(err, errPartialClaim) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("claim outbox items %v: %w", ids, err)
	}
	return true, nil
}

// ReleaseOutbox ends owner's claims on the items ids that are still unsent (a process shutting
// down mid-send gives them back at once rather than letting the lease run out). Items owner does
// not hold are left as they are.
func (s *Store) ReleaseOutbox(ctx context.Context, owner string, ids ...int64) error {
	if len(ids) == 0 {
		return nil
	}
	args := []any{owner}
	for _, id := range ids {
		args = append(args, id)
	}
	err := s.write(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `UPDATE outbox SET lease_owner = '', lease_until = 0 WHERE lease_owner = ?
			AND sent_at IS NULL AND id IN (?`+strings.Repeat(", ?", len(ids)-1)+`)`, args...)
		return err
	})
	if err != nil {
		return fmt.Errorf("release outbox items %v: %w", ids, err)
	}
	return nil
}

// distinct returns ids without repeats.
func distinct(ids []int64) map[int64]bool {
	m := make(map[int64]bool, len(ids))
	for _, id := range ids {
		m[id] = true
	}
	return m
}
