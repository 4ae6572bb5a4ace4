package session

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/nodelisp/nodelisp/store"
)

// A host writes a session's turns only while it holds the session's lease
// (store/lease.go): each call that writes a turn (RunTurn, Input, Eval,
// Answer, a head move) takes it on entry, renews it while a cell runs,
// and releases it when the call returns; a call made inside another
// (RunTurn's Input and Eval) shares the outer call's hold. A second host's turn waits for the lease briefly, then is
// refused with the holder named; once it has the lease it follows the
// first host's head (follow.go), so the session never branches silently.
// A holder that is gone — its lease lapsed, or its process no longer runs
// on this machine — is taken over, and the taker records the cell it left
// unfinished (docs/sessions.md, "Two hosts on one session").

// Defaults of LeaseOptions.
const (
	DefaultLeaseTTL  = 30 * time.Second
	DefaultLeaseWait = 2 * time.Second
)

// LeaseOptions say how a session holds its lease.
type LeaseOptions struct {
	// Holder names this host in another host's refusal. Kind is what the
	// host is ("repl", "serve", "script"); an empty Host or PID is this
	// machine's name and this process's id.
	Holder store.Holder
	// TTL is how long the lease lasts unless renewed (renewals come every
	// third of it while a cell runs); 0 is DefaultLeaseTTL.
	TTL time.Duration
	// Wait is how long a turn or head move waits for another host's lease
	// before it is refused; 0 is DefaultLeaseWait, negative is no wait.
	Wait time.Duration
}

// leaseState is the session's hold on its lease. The mutex is for the
// renewals a running cell's keeper makes beside the session's own calls.
type leaseState struct {
	mu    sync.Mutex
	token string
	// depth counts the calls in progress that hold the lease; the lease
	// is this host's while depth > 0 and it is not lost.
	depth int
	// renewAt is when an append should renew the lease first (a third of
	// its life after the take or renewal began, on this process's
	// monotonic clock, so the store's expiry is always later).
	renewAt time.Time
	// lost is why a renewal was refused (store.ErrLeaseLost): another
	// host has the session, and nothing more of the calls in progress may
	// be written.
	lost error
}

func (s *Session) leaseTTL() time.Duration {
	if s.opts.Lease.TTL > 0 {
		return s.opts.Lease.TTL
	}
	return DefaultLeaseTTL
}

func (s *Session) leaseWait() time.Duration {
	switch w := s.opts.Lease.Wait; {
	case w < 0:
		return 0
	case w == 0:
		return DefaultLeaseWait
	default:
		return w
	}
}

// holder is who this host says it is.
func (s *Session) holder() store.Holder {
	h := s.opts.Lease.Holder
	if h.Host == "" {
		h.Host = thisHost()
	}
	if h.PID == 0 {
		h.PID = thisPID
	}
	return h
}

// enter holds the lease for one call that writes a turn or moves head,
// waiting up to wait for another holder; every enter that succeeds is
// matched by a leave. It returns the lease of a holder it took over
// without that holder having released it (nil otherwise): a holder that
// may have died mid-cell.
func (s *Session) enter(ctx context.Context, wait time.Duration) (*store.Lease, error) {
	l := &s.lease
	l.mu.Lock()
	nested := l.depth > 0
	if nested {
		l.depth++
	}
	l.mu.Unlock()
	if nested {
		if err := s.checkLease(ctx); err != nil {
			s.leave(ctx)
			return nil, err
		}
		return nil, nil
	}
	if l.token == "" {
		l.token = store.NewLeaseToken()
	}
	req := store.LeaseRequest{Session: s.info.ID, Holder: s.holder(), Token: l.token, TTL: s.leaseTTL()}
	deadline := time.Now().Add(wait)
	pause := 20 * time.Millisecond
	for {
		began := time.Now()
		got, err := s.st.TakeLease(ctx, req)
		if err == nil {
			l.mu.Lock()
			l.depth, l.lost, l.renewAt = 1, nil, began.Add(req.TTL/3)
			l.mu.Unlock()
			return got.Replaced, nil
		}
		var other *store.HeldError
		if !errors.As(err, &other) {
			return nil, err // the store's error names the lease and the session
		}
		if holderGone(other.Lease.Holder) && req.Replace != other.Lease.Token {
			req.Replace = other.Lease.Token
			continue
		}
		if !time.Now().Before(deadline) {
			return nil, fmt.Errorf("%w; try again when its turn ends", other)
		}
		select {
		case <-ctx.Done():
			return nil, fmt.Errorf("wait for the lease of session %s: %w", s.info.ID, ctx.Err())
		case <-time.After(min(pause, time.Until(deadline))):
		}
		pause = min(2*pause, 250*time.Millisecond)
	}
}

// leave ends one enter; the last releases the lease, so another host's
// call need not wait for it to lapse. A release the store fails to make
// is not the call's failure: the lease lapses on its own.
func (s *Session) leave(ctx context.Context) {
	l := &s.lease
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.depth == 0 {
		return
	}
	l.depth--
	if l.depth > 0 || l.lost != nil {
		return
	}
	s.st.ReleaseLease(context.WithoutCancel(ctx), s.info.ID, l.token)
}

// holding reports whether this host holds the lease.
func (s *Session) holding() bool {
	s.lease.mu.Lock()
	defer s.lease.mu.Unlock()
	return s.lease.depth > 0 && s.lease.lost == nil
}

// checkLease runs before every append inside a call that holds the lease:
// it renews the lease when a third of its life has passed, and fails once
// the lease is lost, so a host never writes into a session another host
// has taken over. Outside such a call it does nothing.
func (s *Session) checkLease(ctx context.Context) error {
	l := &s.lease
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.depth == 0 {
		return nil
	}
	if l.lost == nil && time.Now().After(l.renewAt) {
		if err := s.renewLocked(ctx); err != nil && l.lost == nil {
			return err // the store failed; the lease may still be ours
		}
	}
	if l.lost != nil {
		return fmt.Errorf("session %s: this host's turn was taken over, so nothing more of it is recorded: %w", s.info.ID, l.lost)
	}
	return nil
}

// renewLocked extends the lease; l.mu is held. A refusal marks the lease
// lost; another failure of the store is only returned, and the next
// renewal tries again.
func (s *Session) renewLocked(ctx context.Context) error {
	l := &s.lease
	ttl := s.leaseTTL()
	began := time.Now()
	_, err := s.st.TakeLease(context.WithoutCancel(ctx), store.LeaseRequest{
		Session: s.info.ID, Holder: s.holder(), Token: l.token, TTL: ttl, Renew: true})
	switch {
	case err == nil:
		l.renewAt = began.Add(ttl / 3)
	case errors.Is(err, store.ErrLeaseLost):
		l.lost = err
	}
	return err
}

// keepLease renews the lease every third of its life while a cell runs in
// the context it returns. If a renewal fails the cell's context is
// cancelled (another host has the session, so the cell's result could not
// be recorded) and the next append says why. stop ends the renewals.
func (s *Session) keepLease(ctx context.Context) (cellCtx context.Context, stop func()) {
	if !s.holding() {
		return ctx, func() {}
	}
	l := &s.lease
	cellCtx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() {
		tick := time.NewTicker(s.leaseTTL() / 3)
		defer tick.Stop()
		for {
			select {
			case <-done:
				return
			case <-tick.C:
			}
			l.mu.Lock()
			if l.lost == nil {
				s.renewLocked(ctx) // a store failure is retried at the next tick
			}
			lost := l.lost != nil
			l.mu.Unlock()
			if lost {
				cancel()
				return
			}
		}
	})
	return cellCtx, func() {
		close(done)
		wg.Wait()
		cancel()
	}
}
