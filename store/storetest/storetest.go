// Package storetest is the conformance suite every store backend runs:
// one set of test functions, so that the backends agree on every read,
// every error and every byte. A backend's own tests call Exercise with a
// function that makes it a fresh, empty store.
package storetest

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/nodelisp/nodelisp/store"
)

// Option adjusts Exercise for one backend.
type Option func(*harness)

// WithReopen gives the suite a way to close a store and open the same
// data again, for the tests that nothing is lost across a reopen.
func WithReopen(reopen func(t *testing.T, s store.Store) store.Store) Option {
	return func(h *harness) { h.reopen = reopen }
}

// WithConcurrency sets how many goroutines append to one session at once,
// and how many single appends each makes (default 16 and 500).
func WithConcurrency(goroutines, appends int) Option {
	return func(h *harness) { h.goroutines, h.appends = goroutines, appends }
}

type harness struct {
	newStore   func(t *testing.T) store.Store
	reopen     func(t *testing.T, s store.Store) store.Store
	goroutines int
	appends    int
}

// Exercise runs the whole suite. newStore must return an empty, migrated
// store and arrange its own cleanup.
func Exercise(t *testing.T, newStore func(t *testing.T) store.Store, opts ...Option) {
	h := &harness{newStore: newStore, goroutines: 16, appends: 500}
	for _, o := range opts {
		o(h)
	}
	tests := []struct {
		name string
		run  func(t *testing.T, h *harness)
	}{
		{"Sessions", testSessions},
		{"AppendRoundTrip", testAppendRoundTrip},
		{"AppendRejects", testAppendRejects},
		{"Bodies", testBodies},
		{"Lineage", testLineage},
		{"Match", testMatch},
		{"MatchBeyondWindow", testMatchBeyondWindow},
		{"IndexedFilters", testIndexedFilters},
		{"KindsLimitsCounts", testKindsLimitsCounts},
		{"BlockCounts", testBlockCounts},
		{"Search", testSearch},
		{"Tally", testTally},
		{"SearchAny", testSearchAny},
		{"SearchCounted", testSearchCounted},
		{"Relevance", testRelevance},
		{"ConcurrentAppends", testConcurrentAppends},
		{"Reopen", testReopen},
		{"Migrate", testMigrate},
		{"ExportImportRoundTrip", testExportImportRoundTrip},
		{"ImportSpecExample", testImportSpecExample},
		{"ImportErrors", testImportErrors},
		{"ImportImpossible", testImportImpossible},
		{"ImportForkOfStored", testImportForkOfStored},
		{"QueryLimits", testQueryLimits},
		{"ImportBulk", testImportBulk},
		{"SessionSource", testSessionSource},
		{"AppendGivenTimes", testAppendGivenTimes},
		{"EchoFlags", testEchoFlags},
		{"LeaseTakeRenewRelease", testLeaseTakeRenewRelease},
		{"LeaseTakeover", testLeaseTakeover},
		{"LeaseRejects", testLeaseRejects},
		{"ConcurrentLeaseTakes", testConcurrentLeaseTakes},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) { tc.run(t, h) })
	}
}

// payload marshals v the way hosts are told to: no HTML escaping.
func payload(t *testing.T, v any) json.RawMessage {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func text(t *testing.T, s string) json.RawMessage {
	t.Helper()
	return payload(t, map[string]string{"text": s})
}

func mustSession(t *testing.T, s store.Store, id, title string) store.Session {
	t.Helper()
	sess, err := s.CreateSession(context.Background(), id, title)
	if err != nil {
		t.Fatal(err)
	}
	return sess
}

func mustAppend(t *testing.T, s store.Store, session string, evs ...store.NewEvent) []store.Event {
	t.Helper()
	out, err := s.Append(context.Background(), session, evs)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func mustScan(t *testing.T, s store.Store, q store.Query) store.ScanResult {
	t.Helper()
	r, err := s.Scan(context.Background(), q)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func seqs(evs []store.Event) []int64 {
	out := []int64{}
	for _, e := range evs {
		out = append(out, e.Seq)
	}
	return out
}
