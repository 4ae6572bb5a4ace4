package storetest

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/nodelisp/nodelisp/store"
)

// leaseTTL is long enough never to lapse during a test that does not
// mean it to.
const leaseTTL = time.Hour

func leaseReq(session, token string, pid int) store.LeaseRequest {
	return store.LeaseRequest{Session: session, Token: token, TTL: leaseTTL,
		Holder: store.Holder{Host: "box", PID: pid, Kind: "repl"}}
}

func mustTake(t *testing.T, s store.Store, r store.LeaseRequest) store.LeaseTaken {
	t.Helper()
	got, err := s.TakeLease(context.Background(), r)
	if err != nil {
		t.Fatalf("take lease %+v: %v", r, err)
	}
	return got
}

// heldBy checks that err is a refusal naming the holder of token.
func heldBy(t *testing.T, err error, token string, holder store.Holder) {
	t.Helper()
	var held *store.HeldError
	if !errors.Is(err, store.ErrHeld) || !errors.As(err, &held) {
		t.Fatalf("take of a held lease: got %v, want a HeldError", err)
	}
	if held.Lease.Token != token || held.Lease.Holder != holder {
		t.Errorf("refusal names %+v, want token %s held by %+v", held.Lease, token, holder)
	}
}

// testLeaseTakeRenewRelease: a free lease is taken; another holder is
// refused with the holder named; the holder renews it (keeping when it
// took it); once released, another takes it without replacing anyone.
func testLeaseTakeRenewRelease(t *testing.T, h *harness) {
	ctx := context.Background()
	s := h.newStore(t)
	mustSession(t, s, "l", "")
	a := leaseReq("l", "token-a", 1)
	got := mustTake(t, s, a)
	if got.Replaced != nil || got.Lease.Token != "token-a" || got.Lease.Holder != a.Holder || got.Lease.Session != "l" {
		t.Errorf("first take: %+v", got)
	}
	if !got.Lease.Expires.After(got.Lease.Taken) || got.Lease.Taken.Location() != time.UTC {
		t.Errorf("first take: taken %v, expires %v", got.Lease.Taken, got.Lease.Expires)
	}
	b := leaseReq("l", "token-b", 2)
	_, err := s.TakeLease(ctx, b)
	heldBy(t, err, "token-a", a.Holder)
	if errors.Is(err, store.ErrLeaseLost) {
		t.Errorf("a refused take is not a lost lease: %v", err)
	}
	a.Renew = true
	renewed := mustTake(t, s, a)
	if renewed.Replaced != nil || !renewed.Lease.Taken.Equal(got.Lease.Taken) || renewed.Lease.Expires.Before(got.Lease.Expires) {
		t.Errorf("renewal %+v after %+v", renewed, got)
	}
	if err := s.ReleaseLease(ctx, "l", "token-b"); err != nil {
		t.Fatal(err)
	}
	_, err = s.TakeLease(ctx, b)
	heldBy(t, err, "token-a", a.Holder) // another's release does nothing
	if err := s.ReleaseLease(ctx, "l", "token-a"); err != nil {
		t.Fatal(err)
	}
	if got := mustTake(t, s, b); got.Replaced != nil {
		t.Errorf("take after release replaced %+v", got.Replaced)
	}
}

// testLeaseTakeover: an expired lease, or one whose token the taker names
// as dead, is taken over and reported as replaced; the old holder's
// renewal is then refused, naming the new holder, and so is a renewal of
// a lease that was taken over and released since.
func testLeaseTakeover(t *testing.T, h *harness) {
	ctx := context.Background()
	s := h.newStore(t)
	mustSession(t, s, "l", "")
	a := leaseReq("l", "token-a", 1)
	a.TTL = time.Microsecond
	first := mustTake(t, s, a)
	time.Sleep(5 * time.Millisecond)
	b := leaseReq("l", "token-b", 2)
	got := mustTake(t, s, b)
	if got.Replaced == nil {
		t.Fatal("take of an expired lease replaced nothing")
	}
	if diff := cmp.Diff(first.Lease, *got.Replaced); diff != "" {
		t.Errorf("replaced lease (-want +got):\n%s", diff)
	}
	a.Renew, a.TTL = true, leaseTTL
	_, err := s.TakeLease(ctx, a)
	heldBy(t, err, "token-b", b.Holder)
	if !errors.Is(err, store.ErrLeaseLost) {
		t.Errorf("renewal after a takeover: %v, want ErrLeaseLost", err)
	}

	c := leaseReq("l", "token-c", 3)
	c.Replace = "token-a" // not the holder: refused
	_, err = s.TakeLease(ctx, c)
	heldBy(t, err, "token-b", b.Holder)
	c.Replace = "token-b"
	got = mustTake(t, s, c)
	if got.Replaced == nil || got.Replaced.Token != "token-b" {
		t.Errorf("take over a dead holder: replaced %+v", got.Replaced)
	}
	if err := s.ReleaseLease(ctx, "l", "token-c"); err != nil {
		t.Fatal(err)
	}
	b.Renew = true
	if _, err := s.TakeLease(ctx, b); !errors.Is(err, store.ErrLeaseLost) || errors.Is(err, store.ErrHeld) {
		t.Errorf("renewal of a lease taken over and released: %v, want ErrLeaseLost", err)
	}
}

// testLeaseRejects: an unknown session, an empty token, a ttl that is not
// positive.
func testLeaseRejects(t *testing.T, h *harness) {
	ctx := context.Background()
	s := h.newStore(t)
	mustSession(t, s, "l", "")
	if _, err := s.TakeLease(ctx, leaseReq("nope", "t", 1)); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("lease of an unknown session: %v, want ErrNotFound", err)
	}
	bad := leaseReq("l", "", 1)
	if _, err := s.TakeLease(ctx, bad); !errors.Is(err, store.ErrInvalid) {
		t.Errorf("empty token: %v, want ErrInvalid", err)
	}
	bad = leaseReq("l", "t", 1)
	bad.TTL = 0
	if _, err := s.TakeLease(ctx, bad); !errors.Is(err, store.ErrInvalid) {
		t.Errorf("zero ttl: %v, want ErrInvalid", err)
	}
	if err := s.ReleaseLease(ctx, "l", "never-taken"); err != nil {
		t.Errorf("release of a lease never taken: %v", err)
	}
}

// testConcurrentLeaseTakes: many holders take one free lease at once;
// exactly one gets it and every other is refused naming that one.
func testConcurrentLeaseTakes(t *testing.T, h *harness) {
	ctx := context.Background()
	s := h.newStore(t)
	mustSession(t, s, "l", "")
	var wg sync.WaitGroup
	results := make([]error, h.goroutines)
	for g := range h.goroutines {
		wg.Go(func() {
			_, results[g] = s.TakeLease(ctx, leaseReq("l", "token-"+string(rune('a'+g)), g+1))
		})
	}
	wg.Wait()
	winner := -1
	for g, err := range results {
		switch {
		case err == nil && winner >= 0:
			t.Fatalf("holders %d and %d both took the lease", winner, g)
		case err == nil:
			winner = g
		case !errors.Is(err, store.ErrHeld):
			t.Fatalf("holder %d: %v", g, err)
		}
	}
	if winner < 0 {
		t.Fatal("no holder took the free lease")
	}
	for g, err := range results {
		if g != winner {
			heldBy(t, err, "token-"+string(rune('a'+winner)), store.Holder{Host: "box", PID: winner + 1, Kind: "repl"})
		}
	}
}
