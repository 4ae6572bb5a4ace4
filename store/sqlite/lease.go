package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/nodelisp/nodelisp/store"
)

// TakeLease decides and writes in one immediate transaction, so takers of
// a lease, in this process or another, go one at a time and each sees
// the lease its predecessor left. Expiry is judged on this machine's
// clock, which every process sharing the file reads too.
func (s *Store) TakeLease(ctx context.Context, r store.LeaseRequest) (store.LeaseTaken, error) {
	if err := store.CheckLeaseRequest(r); err != nil {
		return store.LeaseTaken{}, err
	}
	var out store.LeaseTaken
	err := s.write(ctx, func(tx *sql.Tx) error {
		var one int
		err := tx.QueryRowContext(ctx, `SELECT 1 FROM sessions WHERE id = ?`, r.Session).Scan(&one)
		if errors.Is(err, sql.ErrNoRows) {
			return store.ErrNotFound
		}
		if err != nil {
			return err
		}
		cur := store.Lease{Session: r.Session}
		var taken, expires int64
		err = tx.QueryRowContext(ctx, `SELECT token, host, pid, kind, taken_at, expires_at FROM session_leases WHERE session = ?`, r.Session).
			Scan(&cur.Token, &cur.Holder.Host, &cur.Holder.PID, &cur.Holder.Kind, &taken, &expires)
		have := err == nil
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		cur.Taken, cur.Expires = time.UnixMicro(taken).UTC(), time.UnixMicro(expires).UTC()
		now := store.Now()
		take, replaced, err := store.LeaseDecision(r, cur, have, now)
		if !take {
			return err
		}
		at := now
		if have && cur.Token == r.Token {
			at = cur.Taken
		}
		out = store.LeaseTaken{Replaced: replaced, Lease: store.Lease{Session: r.Session, Holder: r.Holder, Token: r.Token,
			Taken: at, Expires: now.Add(r.TTL).Truncate(time.Microsecond)}}
		_, err = tx.ExecContext(ctx, `INSERT OR REPLACE INTO session_leases (session, token, host, pid, kind, taken_at, expires_at)
			VALUES (?, ?, ?, ?, ?, ?, ?)`,
			r.Session, r.Token, r.Holder.Host, r.Holder.PID, r.Holder.Kind, at.UnixMicro(), out.Lease.Expires.UnixMicro())
		return err
	})
	if err != nil {
		return store.LeaseTaken{}, fmt.Errorf("take lease of session %s: %w", r.Session, err)
	}
	return out, nil
}

// ReleaseLease deletes the session's lease row if token holds it.
func (s *Store) ReleaseLease(ctx context.Context, session, token string) error {
	err := s.write(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `DELETE FROM session_leases WHERE session = ? AND token = ?`, session, token)
		return err
	})
	if err != nil {
		return fmt.Errorf("release lease of session %s: %w", session, err)
	}
	return nil
}
