package session

import (
	"context"
	"fmt"
	"sync"

	"github.com/nodelisp/nodelisp/store"
)

// unbornStore is the store of a session opened with Options.Deferred: the
// session exists in the store only from its first event, so a REPL that is
// started only to look (`echo /context | nodelisp`) leaves no session
// behind. Until then it reads as a session with no events.
type unbornStore struct {
	store.Store
	mu   sync.Mutex
	info store.Session
	born bool
	// pending is the lease this host took while the session was unborn,
	// written to the store when the session is (unborn_lease.go).
	pending *store.LeaseRequest
}

func (u *unbornStore) unborn(id string) bool {
	u.mu.Lock()
	defer u.mu.Unlock()
	return !u.born && id == u.info.ID
}

func (u *unbornStore) Append(ctx context.Context, session string, events []store.NewEvent) ([]store.Event, error) {
	u.mu.Lock()
	if !u.born && session == u.info.ID {
		if _, err := u.Store.CreateSession(ctx, u.info.ID, u.info.Title); err != nil {
			u.mu.Unlock()
			return nil, fmt.Errorf("open session: %w", err)
		}
		u.born = true
		if err := u.takePending(ctx); err != nil {
			u.mu.Unlock()
			return nil, err
		}
	}
	u.mu.Unlock()
	return u.Store.Append(ctx, session, events)
}

func (u *unbornStore) Scan(ctx context.Context, q store.Query) (store.ScanResult, error) {
	if u.unborn(q.Session) {
		return store.ScanResult{}, nil
	}
	return u.Store.Scan(ctx, q)
}

func (u *unbornStore) Event(ctx context.Context, session string, seq int64) (store.Event, error) {
	if u.unborn(session) {
		return store.Event{}, fmt.Errorf("event %s/%d: %w", session, seq, store.ErrNotFound)
	}
	return u.Store.Event(ctx, session, seq)
}

func (u *unbornStore) Session(ctx context.Context, id string) (store.Session, error) {
	if u.unborn(id) {
		return u.info, nil
	}
	return u.Store.Session(ctx, id)
}

func (u *unbornStore) Lineage(ctx context.Context, id string) ([]store.Session, error) {
	if u.unborn(id) {
		return []store.Session{u.info}, nil
	}
	return u.Store.Lineage(ctx, id)
}

func (u *unbornStore) Fork(ctx context.Context, parent string, forkSeq int64, id, title string) (store.Session, error) {
	if u.unborn(parent) {
		return store.Session{}, fmt.Errorf("session %s has no turns yet to fork", parent)
	}
	return u.Store.Fork(ctx, parent, forkSeq, id, title)
}
