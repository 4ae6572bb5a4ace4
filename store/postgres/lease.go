package postgres

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/nodelisp/nodelisp/store"
)

// TakeLease decides and writes in one transaction that holds the
// session's row lock, so takers of one session's lease queue on it and
// each sees the lease its predecessor left. Expiry is judged on the
// server's clock, which every host shares.
func (s *Store) TakeLease(ctx context.Context, r store.LeaseRequest) (store.LeaseTaken, error) {
	if err := store.CheckLeaseRequest(r); err != nil {
		return store.LeaseTaken{}, err
	}
	return retry(ctx, s, true, func() (store.LeaseTaken, error) { return s.takeLeaseOnce(ctx, r) })
}

func (s *Store) takeLeaseOnce(ctx context.Context, r store.LeaseRequest) (store.LeaseTaken, error) {
	var out store.LeaseTaken
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		var now time.Time
		err := tx.QueryRow(ctx, `SELECT clock_timestamp() FROM sessions WHERE id = $1 FOR UPDATE`, r.Session).Scan(&now)
		if errors.Is(err, pgx.ErrNoRows) {
			return store.ErrNotFound
		}
		if err != nil {
			return err
		}
		cur := store.Lease{Session: r.Session}
		err = tx.QueryRow(ctx, `SELECT token, host, pid, kind, taken_at, expires_at FROM session_leases WHERE session = $1`, r.Session).
			Scan(&cur.Token, &cur.Holder.Host, &cur.Holder.PID, &cur.Holder.Kind, &cur.Taken, &cur.Expires)
		have := err == nil
		if err != nil && !errors.Is(err, pgx.ErrNoRows) {
			return err
		}
		cur.Taken, cur.Expires = cur.Taken.UTC(), cur.Expires.UTC()
		take, replaced, err := store.LeaseDecision(r, cur, have, now)
		if !take {
			return err
		}
		taken := now.UTC().Truncate(time.Microsecond)
		if have && cur.Token == r.Token {
			taken = cur.Taken
		}
		out = store.LeaseTaken{Replaced: replaced, Lease: store.Lease{Session: r.Session, Holder: r.Holder, Token: r.Token,
			Taken: taken, Expires: now.Add(r.TTL).UTC().Truncate(time.Microsecond)}}
		_, err = tx.Exec(ctx, `INSERT INTO session_leases (session, token, host, pid, kind, taken_at, expires_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7)
			ON CONFLICT (session) DO UPDATE SET token = excluded.token, host = excluded.host, pid = excluded.pid,
				kind = excluded.kind, taken_at = excluded.taken_at, expires_at = excluded.expires_at`,
			r.Session, r.Token, r.Holder.Host, r.Holder.PID, r.Holder.Kind, out.Lease.Taken, out.Lease.Expires)
		return err
	})
	if err != nil {
		return store.LeaseTaken{}, fmt.Errorf("take lease of session %s: %w", r.Session, err)
	}
	return out, nil
}

// ReleaseLease deletes the session's lease row if token holds it. The
// commit does not wait for the disk: a release the server loses in a
// crash only leaves a lease that lapses, and the wait was most of the
// release's cost.
func (s *Store) ReleaseLease(ctx context.Context, session, token string) error {
	_, err := retry(ctx, s, false, func() (struct{}, error) {
		return struct{}{}, pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
			if _, err := tx.Exec(ctx, `SET LOCAL synchronous_commit TO OFF`); err != nil {
				return err
			}
			_, err := tx.Exec(ctx, `DELETE FROM session_leases WHERE session = $1 AND token = $2`, session, token)
			return err
		})
	})
	if err != nil {
		return fmt.Errorf("release lease of session %s: %w", session, err)
	}
	return nil
}
