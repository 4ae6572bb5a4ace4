package session_test

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/nodelisp/nodelisp/event"

	"github.com/google/go-cmp/cmp"

	"github.com/nodelisp/nodelisp/evict"
	"github.com/nodelisp/nodelisp/internal/testdb"
	"github.com/nodelisp/nodelisp/session"
	"github.com/nodelisp/nodelisp/store"
	"github.com/nodelisp/nodelisp/store/postgres"
	"github.com/nodelisp/nodelisp/store/sqlite"
)

// concurrentTurns is how many turns each host records.
const concurrentTurns = 30

// hostRun is what one host recorded: each turn's input seq and its window
// lines (as texts prints them), and the seqs it was given.
type hostRun struct {
	id    string
	turns []int64
	lines map[int64][]string
	seqs  []int64
}

// runConcurrentHost is one host's agent loop, run on its own goroutine: it
// returns errors instead of failing the test.
func runConcurrentHost(ctx context.Context, st store.Store, id string, home string) (*hostRun, error) {
	s, err := session.Open(ctx, st, session.Options{ID: id, Title: id, Home: home, BudgetEnv: &evict.Env{Tokens: "1200"}})
	if err != nil {
		return nil, err
	}
	run := &hostRun{id: id, lines: map[int64][]string{}}
	for i := 0; i < concurrentTurns; i++ {
		text := fmt.Sprintf("%s turn %d", id, i)
		in, err := s.Input(ctx, text)
		if err != nil {
			return nil, err
		}
		run.turns = append(run.turns, in)
		run.seqs = append(run.seqs, in)
		run.lines[in] = []string{"user " + seqID(in) + ": " + text}
		for _, code := range []string{
			fmt.Sprintf(";; %s defines g%d\n(defun g%d (x) (+ x %d))", id, i, i, i),
			fmt.Sprintf("(g%d 100)", i),
		} {
			r, err := s.Eval(ctx, code, session.TurnOptions{})
			if err != nil {
				return nil, err
			}
			if r.Error {
				return nil, fmt.Errorf("%s: cell %q: %s", id, code, r.Text)
			}
			run.seqs = append(run.seqs, r.CallSeq, r.ResultSeq)
			run.lines[in] = append(run.lines[in], "assistant "+seqID(r.CallSeq)+": "+code, "tool "+seqID(r.ResultSeq)+": "+r.Window)
		}
		if _, err := s.Window(ctx, session.WindowOptions{Send: true}); err != nil {
			return nil, err
		}
	}
	return run, nil
}

// TestTwoHostsOneStore: two hosts, each with its own handle on the same
// store, record sessions at the same time; both logs come out whole, every
// seq once, and either handle rebuilds either window.
func TestTwoHostsOneStore(t *testing.T) {
	eachBackendTwice(t, func(t *testing.T, stA, stB store.Store) {
		ctx := context.Background()
		if stA.ID() != stB.ID() {
			t.Fatalf("two handles on one store see ids %s and %s", stA.ID(), stB.ID())
		}
		home := t.TempDir()
		runs := make([]*hostRun, 2)
		errs := make([]error, 2)
		var wg sync.WaitGroup
		for i, st := range []store.Store{stA, stB} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				runs[i], errs[i] = runConcurrentHost(ctx, st, fmt.Sprintf("host-%c", 'a'+i), home)
			}()
		}
		wg.Wait()
		for _, err := range errs {
			if err != nil {
				t.Fatal(err)
			}
		}
		for _, run := range runs {
			for _, st := range []store.Store{stA, stB} {
				checkHostRun(t, st, run, home)
			}
		}
	})
}

// eachBackendTwice runs a test against every backend with two handles on
// one store, as two host processes would have.
func eachBackendTwice(t *testing.T, test func(t *testing.T, a, b store.Store)) {
	backends := []struct {
		name string
		open func(t *testing.T) (a, b store.Store)
	}{
		{"sqlite", func(t *testing.T) (store.Store, store.Store) {
			path := filepath.Join(t.TempDir(), "log.sqlite")
			return openTwice(t, func(ctx context.Context) (store.Store, error) { return sqlite.Open(ctx, path) })
		}},
		{"postgres", func(t *testing.T) (store.Store, store.Store) {
			url := testdb.PostgresURL(t)
			return openTwice(t, func(ctx context.Context) (store.Store, error) { return postgres.Open(ctx, url) })
		}},
	}
	for _, b := range backends {
		t.Run(b.name, func(t *testing.T) {
			a, b := b.open(t)
			test(t, a, b)
		})
	}
}

func openTwice(t *testing.T, open func(ctx context.Context) (store.Store, error)) (store.Store, store.Store) {
	t.Helper()
	var out [2]store.Store
	for i := range out {
		st, err := open(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { st.Close() })
		out[i] = st
	}
	return out[0], out[1]
}

// checkHostRun reads run's session back through st: its seqs are 1…N, each
// once, and hold exactly what the host was given; the tree is the host's
// line of turns; the window is the turns after the boundary, as recorded.
func checkHostRun(t *testing.T, st store.Store, run *hostRun, home string) {
	t.Helper()
	ctx := context.Background()
	r, err := st.Scan(ctx, store.Query{Session: run.id})
	if err != nil {
		t.Fatal(err)
	}
	logged := map[int64]bool{}
	for i, e := range r.Events {
		if e.Seq != int64(i+1) || e.Session != run.id {
			t.Fatalf("%s: event %d is seq %d of session %q, want seq %d of %s", run.id, i, e.Seq, e.Session, i+1, run.id)
		}
		logged[e.Seq] = true
	}
	for _, seq := range run.seqs {
		if !logged[seq] {
			t.Errorf("%s: seq %d the host was given is not in the log", run.id, seq)
		}
	}
	s, err := session.Resume(ctx, st, run.id, session.Options{Home: home, BudgetEnv: &evict.Env{Tokens: "1200"}})
	if err != nil {
		t.Fatal(err)
	}
	var want []session.TreeTurn
	for i, in := range run.turns {
		var parent int64
		if i > 0 {
			parent = run.turns[i-1]
		}
		want = append(want, session.TreeTurn{Seq: in, Parent: parent, FirstLine: fmt.Sprintf("%s turn %d", run.id, i),
			Depth: i, Head: i == len(run.turns)-1, OnPath: true})
	}
	if diff := cmp.Diff(want, treeOf(t, s)); diff != "" {
		t.Errorf("%s: tree (-want +got):\n%s", run.id, diff)
	}
	w, err := s.Window(ctx, session.WindowOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if w.Boundary == 0 {
		t.Errorf("%s: nothing was evicted; the budget is meant to make the hosts evict as they go", run.id)
	}
	var lines []string
	for _, in := range run.turns {
		if in > w.Boundary {
			lines = append(lines, run.lines[in]...)
		}
	}
	got := texts(w)
	if len(got) > 0 && w.Messages[0].ID == "stub" {
		parseWholeStub(t, w.Messages[0].Text)
		got = got[1:]
	}
	if diff := cmp.Diff(lines, got); diff != "" {
		t.Errorf("%s: window (-want +got):\n%s", run.id, diff)
	}
	// The image holds every host's own definitions and none of the other's.
	res, err := s.Interpreter().Eval(ctx, fmt.Sprintf("(g%d 1)", concurrentTurns-1))
	if err != nil || res.Printed != fmt.Sprint(concurrentTurns) {
		t.Errorf("%s: the rebuilt image: %v %v", run.id, res.Printed, err)
	}
}

// sharedTurns is how many turns each of two hosts runs on one session at
// the same time as the other.
const sharedTurns = 12

// TestTwoHostsTurnsAtOnceNeverBranch: two hosts on one session, each with
// its own handle on the store, run turns at the same time. Every turn
// continues from the head the other host's last turn left: the inputs
// form one line, each the parent of the next, and the image holds every
// turn's push in the log's order, on both hosts.
func TestTwoHostsTurnsAtOnceNeverBranch(t *testing.T) {
	eachBackendTwice(t, func(t *testing.T, stA, stB store.Store) {
		ctx := context.Background()
		home := t.TempDir()
		hostOpts := func(kind string) session.Options {
			o := session.Options{Title: "shared", Home: home, BudgetEnv: &evict.Env{Tokens: "1000000"}}
			o.Lease.Holder.Kind = kind
			o.Lease.Wait = time.Minute // this test is about branching, not about refusals
			return o
		}
		a := must[*session.Session](t)(session.Open(ctx, stA, hostOpts("host-a")))
		if _, err := a.RunTurn(ctx, "(defvar *turns* nil)", session.TurnOptions{}); err != nil {
			t.Fatal(err)
		}
		b := must[*session.Session](t)(session.Resume(ctx, stB, a.ID(), hostOpts("host-b")))
		hosts := []*session.Session{a, b}
		errs := make([]error, len(hosts))
		var wg sync.WaitGroup
		for i, s := range hosts {
			wg.Go(func() {
				for n := range sharedTurns {
					tn, err := s.RunTurn(ctx, fmt.Sprintf("(push '%c%d *turns*)", 'a'+i, n), session.TurnOptions{})
					if err == nil && tn.Cell.Error {
						err = fmt.Errorf("turn %d: %s", n, tn.Cell.Text)
					}
					if err != nil {
						errs[i] = fmt.Errorf("host %c: %w", 'a'+i, err)
						return
					}
				}
			})
		}
		wg.Wait()
		for _, err := range errs {
			if err != nil {
				t.Fatal(err)
			}
		}
		inputs := must[store.ScanResult](t)(stA.Scan(ctx, store.Query{Session: a.ID(), Kinds: []string{event.KindInput}})).Events
		if len(inputs) != 1+2*sharedTurns {
			t.Fatalf("%d inputs, want %d", len(inputs), 1+2*sharedTurns)
		}
		var pushed []string
		var parent int64
		for _, e := range inputs {
			p, err := event.Decode[event.Input](e.Payload)
			if err != nil {
				t.Fatal(err)
			}
			if p.Parent != parent {
				t.Errorf("input %d (%s) continues from %d, want %d: the session branched", e.Seq, p.Text, p.Parent, parent)
			}
			parent = e.Seq
			if name, ok := strings.CutPrefix(p.Text, "(push '"); ok {
				pushed = append(pushed, strings.Fields(name)[0])
			}
		}
		want := "(" + strings.Join(pushed, " ") + ")"
		for i, s := range hosts {
			// One more turn each, so each host follows the other's last.
			tn, err := s.RunTurn(ctx, "(reverse *turns*)", session.TurnOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if tn.Cell.Text != want {
				t.Errorf("host %c's image holds %s, want %s", 'a'+i, tn.Cell.Text, want)
			}
		}
	})
}
