package postgres

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"

	"github.com/jackc/pgx/v5/pgconn"

	"github.com/nodelisp/nodelisp/store"
)

// ErrConnectionLost is a statement whose connection to the server was lost
// while it ran, so whether it took effect is not known.
var ErrConnectionLost = errors.New("the connection to PostgreSQL was lost while the statement ran, so it may or may not have taken effect")

// retry runs one store operation, and once more on a fresh connection when
// the first lost its connection before the statement could have taken
// effect: the server ended the session (pg_terminate_backend, a restart:
// SQLSTATE class 57P, which rolls back whatever the connection had begun),
// or pgx knows nothing was sent. A connection lost mid-statement is not
// retried for a write (it may have committed); it is ErrConnectionLost,
// wrapped. A read is always safe to run again. Either way the pool drops
// its idle connections first, as the server most likely ended them too.
func retry[T any](ctx context.Context, s *Store, write bool, op func() (T, error)) (T, error) {
	v, err := op()
	if err == nil || ctx.Err() != nil {
		return v, err
	}
	notStarted, lost := connectionEnded(err)
	if !lost {
		return v, err
	}
	s.pool.Reset()
	if write && !notStarted {
		return v, fmt.Errorf("%w: %w", ErrConnectionLost, err)
	}
	v, err = op()
	if err != nil {
		if _, lost := connectionEnded(err); lost {
			return v, fmt.Errorf("the connection to PostgreSQL was lost, and again on a fresh one: %w", err)
		}
	}
	return v, err
}

// connectionEnded reports whether err is the connection going away, and
// whether it went before the statement could take effect.
func connectionEnded(err error) (notStarted, lost bool) {
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		if len(pe.Code) == 5 && pe.Code[:3] == "57P" {
			return true, true
		}
		return false, false
	}
	if pgconn.SafeToRetry(err) {
		return true, true
	}
	var ne net.Error
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) || errors.As(err, &ne) || errors.Is(err, net.ErrClosed) {
		return false, true
	}
	return false, false
}

// The store.Store methods, each one operation under retry.

func (s *Store) CreateSession(ctx context.Context, id, title string) (store.Session, error) {
	return retry(ctx, s, true, func() (store.Session, error) { return s.createSessionOnce(ctx, id, title) })
}

func (s *Store) Fork(ctx context.Context, parent string, forkSeq int64, id, title string) (store.Session, error) {
	return retry(ctx, s, true, func() (store.Session, error) { return s.forkOnce(ctx, parent, forkSeq, id, title) })
}

func (s *Store) Session(ctx context.Context, id string) (store.Session, error) {
	return retry(ctx, s, false, func() (store.Session, error) { return s.sessionOnce(ctx, id) })
}

func (s *Store) Sessions(ctx context.Context) ([]store.Session, error) {
	return retry(ctx, s, false, func() ([]store.Session, error) { return s.sessionsOnce(ctx) })
}

func (s *Store) Lineage(ctx context.Context, id string) ([]store.Session, error) {
	return retry(ctx, s, false, func() ([]store.Session, error) { return s.lineageOnce(ctx, id) })
}

func (s *Store) Append(ctx context.Context, session string, events []store.NewEvent) ([]store.Event, error) {
	return retry(ctx, s, true, func() ([]store.Event, error) { return s.appendOnce(ctx, session, events) })
}

func (s *Store) Event(ctx context.Context, session string, seq int64) (store.Event, error) {
	return retry(ctx, s, false, func() (store.Event, error) { return s.eventOnce(ctx, session, seq) })
}

func (s *Store) Scan(ctx context.Context, q store.Query) (store.ScanResult, error) {
	return retry(ctx, s, false, func() (store.ScanResult, error) { return s.scanOnce(ctx, q) })
}

func (s *Store) Search(ctx context.Context, q store.SearchQuery) ([]store.Hit, error) {
	return retry(ctx, s, false, func() ([]store.Hit, error) { return s.searchOnce(ctx, q) })
}

func (s *Store) Import(ctx context.Context, logs []store.SessionLog, progress func(int64)) error {
	_, err := retry(ctx, s, true, func() (struct{}, error) { return struct{}{}, s.importOnce(ctx, logs, progress) })
	return err
}
