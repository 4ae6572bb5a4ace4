package store

import (
	"errors"
	"fmt"
	"time"
)

// A session's lease says which host may write its turns right now, so two
// hosts on one session (two REPLs, a REPL and serve) never both append an
// input continuing from the same head. A host takes it before a turn or a
// head move, renews it while a long cell runs, and releases it when done;
// a lease that is not renewed lapses, so a holder that died cannot lock
// the session out (docs/sessions.md, "Two hosts on one session"). The
// lease is not part of the log: export and import leave it out.

// Holder is who holds a lease: enough for a person to find the process.
type Holder struct {
	// Host is the machine's name.
	Host string
	// PID is the holding process's id on Host.
	PID int
	// Kind is what the holder is: "repl", "serve", "script", or another
	// name a host gives itself.
	Kind string
}

// String names the holder in one phrase: "repl (pid 4242 on host box)".
func (h Holder) String() string {
	kind := h.Kind
	if kind == "" {
		kind = "a host"
	}
	return fmt.Sprintf("%s (pid %d on host %s)", kind, h.PID, h.Host)
}

// Lease is one holder's hold on a session, as the store keeps it.
type Lease struct {
	Session string
	Holder  Holder
	// Token identifies this holding: the holder's own random id, the same
	// for every renewal. Only a take with the same token renews it.
	Token string
	// Taken is when the holder took the lease (renewals keep it); Expires
	// is when it lapses unless renewed. Both are the store's clock.
	Taken, Expires time.Time
}

// LeaseRequest asks TakeLease for a session's lease.
type LeaseRequest struct {
	Session string
	Holder  Holder
	// Token is the holder's id for this holding (NewLeaseToken makes one).
	Token string
	// TTL is how long the lease lasts from now unless renewed.
	TTL time.Duration
	// Renew asks only to extend a lease the holder already has: it fails
	// with ErrLeaseLost when the session's lease is no longer Token's,
	// even when it is free, since another holder may have written turns
	// and released it in between.
	Renew bool
	// Replace is the token of a holder the caller has found dead (its
	// process is gone): that lease is taken over even before it expires.
	Replace string
}

// LeaseTaken is what a successful TakeLease did.
type LeaseTaken struct {
	// Lease is the lease as now stored, held by the request's holder.
	Lease Lease
	// Replaced is the lease of another holder that this take ended without
	// that holder having released it (it expired, or was Replace): nil
	// when the lease was free or already the caller's. A holder that never
	// released may have died mid-cell.
	Replaced *Lease
}

// HeldError is TakeLease's refusal: another holder's lease is live.
type HeldError struct {
	Lease Lease
	// Renew is set when the refused take was a renewal: the caller had the
	// lease and lost it to this holder.
	Renew bool
}

func (e *HeldError) Error() string {
	held := fmt.Sprintf("session %s is held by %s since %s, until %s unless renewed",
		e.Lease.Session, e.Lease.Holder, e.Lease.Taken.Format(time.TimeOnly+" UTC"), e.Lease.Expires.Format(time.TimeOnly+" UTC"))
	if e.Renew {
		return "lost the lease: " + held
	}
	return held
}

// Is makes a HeldError match ErrHeld, and ErrLeaseLost when a renewal was
// refused.
func (e *HeldError) Is(target error) bool {
	return target == ErrHeld || (e.Renew && target == ErrLeaseLost)
}

// Errors of leases, wrapped with the operation; test with errors.Is.
var (
	// ErrHeld is a take refused because another holder's lease is live
	// (a *HeldError names it).
	ErrHeld = errors.New("held by another host")
	// ErrLeaseLost is a renewal refused because the lease is no longer
	// the caller's.
	ErrLeaseLost = errors.New("lease lost")
)

// CheckLeaseRequest rejects a request no store can honour.
func CheckLeaseRequest(r LeaseRequest) error {
	switch {
	case r.Token == "":
		return fmt.Errorf("lease of session %s: empty token: %w", r.Session, ErrInvalid)
	case r.TTL <= 0:
		return fmt.Errorf("lease of session %s: ttl %v is not positive: %w", r.Session, r.TTL, ErrInvalid)
	}
	return nil
}

// LeaseDecision is what a take does to the lease a session has now, the
// one rule every backend applies inside its own transaction: have says
// whether a lease row exists, cur is it, now the store's clock.
func LeaseDecision(r LeaseRequest, cur Lease, have bool, now time.Time) (take bool, replaced *Lease, err error) {
	switch {
	case have && cur.Token == r.Token:
		return true, nil, nil
	case r.Renew && have:
		return false, nil, &HeldError{Lease: cur, Renew: true}
	case r.Renew:
		return false, nil, fmt.Errorf("renew lease of session %s: it was released or taken over and released since: %w", r.Session, ErrLeaseLost)
	case !have:
		return true, nil, nil
	case !now.Before(cur.Expires), r.Replace != "" && cur.Token == r.Replace:
		prev := cur
		return true, &prev, nil
	}
	return false, nil, &HeldError{Lease: cur}
}

// NewLeaseToken returns a random token for one holding.
func NewLeaseToken() string { return randomID(10) }
