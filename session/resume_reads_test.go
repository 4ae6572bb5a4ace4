package session_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/nodelisp/nodelisp/evict"
	"github.com/nodelisp/nodelisp/session"
	"github.com/nodelisp/nodelisp/store"
)

// readCounter is a store that counts the events its reads hand back, so a
// test can say what a resume reads without timing it.
type readCounter struct {
	store.Store
	events, reads int
}

func (c *readCounter) Scan(ctx context.Context, q store.Query) (store.ScanResult, error) {
	r, err := c.Store.Scan(ctx, q)
	c.reads++
	c.events += len(r.Events)
	return r, err
}

func (c *readCounter) Event(ctx context.Context, session string, seq int64) (store.Event, error) {
	e, err := c.Store.Event(ctx, session, seq)
	c.reads++
	c.events++
	return e, err
}

// resumeReads are the reads and events read by a resume of a scale session
// and its first request, made through a counting store.
type resumeReads struct{ Reads, Events int }

func countResume(t *testing.T, st store.Store, id string) resumeReads {
	t.Helper()
	ctx := context.Background()
	c := &readCounter{Store: st}
	s, err := session.Resume(ctx, c, id, session.Options{Home: t.TempDir(), BudgetEnv: &evict.Env{Tokens: fmt.Sprint(2 * benchWindowTokens(100))}})
	if err != nil {
		t.Fatal(err)
	}
	w, err := s.Window(ctx, session.WindowOptions{Send: true})
	if err != nil {
		t.Fatal(err)
	}
	if n := len(w.Messages); n < 100 || n > 500 {
		t.Fatalf("window of %d messages", n)
	}
	var v int64
	if err := s.Interpreter().Get("*g1*", &v); err != nil || v != 1 {
		t.Fatalf("*g1* = %d, %v", v, err)
	}
	return resumeReads{Reads: c.reads, Events: c.events}
}

// TestResumeReadsWhatTheWindowHolds: a resume and its first request read
// the same events from a session of 2,000 events as from one of 20,000
// with the same window and state (issue 19: resume costs what the state
// and the window cost, not the history). Before, the resume read every
// input and every tool call and result.
func TestResumeReadsWhatTheWindowHolds(t *testing.T) {
	eachBackend(t, func(t *testing.T, st store.Store) {
		small := countResume(t, st, scaleSession(t, st, 500))
		large := countResume(t, st, scaleSession(t, st, 5000))
		t.Logf("resume and first request: %+v at 2k events, %+v at 20k", small, large)
		if diff := cmp.Diff(small, large); diff != "" {
			t.Errorf("reads at 20,000 events differ from those at 2,000 (-small +large):\n%s", diff)
		}
		// The window's hundred turns are four events each; the rest is
		// the state record, head, settings and the like.
		if small.Events > 1000 {
			t.Errorf("a resume read %d events, want no more than about the window's 400", small.Events)
		}
	})
}
