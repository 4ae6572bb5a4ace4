package session

import (
	"context"
	"fmt"

	"github.com/nodelisp/nodelisp/store"
)

// A session opened with Options.Deferred is not in the store until its
// first event, so no other host can write to it: its lease is this
// host's without asking, and is written to the store in the step that
// creates the session.
func (u *unbornStore) TakeLease(ctx context.Context, r store.LeaseRequest) (store.LeaseTaken, error) {
	if err := store.CheckLeaseRequest(r); err != nil {
		return store.LeaseTaken{}, err
	}
	u.mu.Lock()
	unborn := !u.born && r.Session == u.info.ID
	if unborn {
		u.pending = &r
	}
	u.mu.Unlock()
	if unborn {
		now := store.Now()
		return store.LeaseTaken{Lease: store.Lease{Session: r.Session, Holder: r.Holder, Token: r.Token,
			Taken: now, Expires: now.Add(r.TTL)}}, nil
	}
	return u.Store.TakeLease(ctx, r)
}

func (u *unbornStore) ReleaseLease(ctx context.Context, session, token string) error {
	u.mu.Lock()
	unborn := !u.born && session == u.info.ID
	if unborn && u.pending != nil && u.pending.Token == token {
		u.pending = nil
	}
	u.mu.Unlock()
	if unborn {
		return nil
	}
	return u.Store.ReleaseLease(ctx, session, token)
}

// takePending writes the lease taken while unborn; u.mu is held.
func (u *unbornStore) takePending(ctx context.Context) error {
	if u.pending == nil {
		return nil
	}
	r := *u.pending
	u.pending = nil
	r.Renew = false
	if _, err := u.Store.TakeLease(ctx, r); err != nil {
		return fmt.Errorf("open session: %w", err)
	}
	return nil
}
