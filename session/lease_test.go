package session_test

import (
	"context"
	"errors"
	"fmt"
	"github.com/nodelisp/nodelisp/event"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/evict"
	"github.com/nodelisp/nodelisp/interp"
	"github.com/nodelisp/nodelisp/lisp"
	"github.com/nodelisp/nodelisp/session"
	"github.com/nodelisp/nodelisp/store"
)

// gate holds a cell until the test opens it: the cell (wait-at-gate)
// says it started, then waits for the gate or for its context to end.
type gate struct {
	started chan struct{}
	open    chan struct{}
	once    sync.Once
}

func newGate() *gate { return &gate{started: make(chan struct{}), open: make(chan struct{})} }

func (g *gate) setup(_ *session.Session, it *interp.Interpreter) {
	it.Evaluator().Define(&eval.Builtin{Name: "wait-at-gate", Min: 0, Max: 0, Args: "()",
		Fn: func(th *eval.Thread, _ []lisp.Value) lisp.Value {
			g.once.Do(func() { close(g.started) })
			select {
			case <-g.open:
				return lisp.T
			case <-th.Context().Done():
				return lisp.Nil
			}
		}})
}

// leaseOpts are the options of a host called kind, whose cells may wait
// at g.
func leaseOpts(kind string, g *gate) session.Options {
	o := session.Options{Title: "shared", BudgetEnv: &evict.Env{Tokens: "1000000"}}
	o.Lease.Holder.Kind = kind
	if g != nil {
		o.Setup = g.setup
	}
	return o
}

// turnResult is what a turn run on its own goroutine gave.
type turnResult struct {
	turn session.Turn
	err  error
}

// turnInBackground runs src as a turn of s on its own goroutine.
func turnInBackground(s *session.Session, src string) <-chan turnResult {
	done := make(chan turnResult, 1)
	go func() {
		tn, err := s.RunTurn(context.Background(), src, session.TurnOptions{})
		done <- turnResult{tn, err}
	}()
	return done
}

// toolResults are the tool results of a session's log, by the call they
// answer.
func toolResults(t *testing.T, st store.Store, id string) map[int64][]string {
	t.Helper()
	r := must[store.ScanResult](t)(st.Scan(context.Background(), store.Query{Session: id, Kinds: []string{event.KindToolResult}}))
	out := map[int64][]string{}
	for _, e := range r.Events {
		p, err := event.Decode[event.ToolResult](e.Payload)
		if err != nil {
			t.Fatal(err)
		}
		out[p.Call] = append(out[p.Call], p.Text)
	}
	return out
}

// TestSecondHostRefusedWhileACellRuns: while one host runs a long cell —
// longer than its lease lasts, so only renewals keep it — another host's
// turn is refused with the holder named and writes nothing, and a resume
// leaves the running cell alone. When the cell ends, the other host's
// next turn continues from it and sees what it defined.
func TestSecondHostRefusedWhileACellRuns(t *testing.T) {
	eachBackendTwice(t, func(t *testing.T, stA, stB store.Store) {
		ctx := context.Background()
		g := newGate()
		aOpts := leaseOpts("repl", g)
		aOpts.Lease.TTL = 900 * time.Millisecond
		a := must[*session.Session](t)(session.Open(ctx, stA, aOpts))
		first := must[session.Turn](t)(a.RunTurn(ctx, "(defvar *x* 1)", session.TurnOptions{}))
		running := turnInBackground(a, "(wait-at-gate) (defun from-a () :a)")
		<-g.started

		bOpts := leaseOpts("serve", nil)
		bOpts.Lease.Wait = -1
		b := must[*session.Session](t)(session.Resume(ctx, stB, a.ID(), bOpts))
		before := must[store.ScanResult](t)(stB.Scan(ctx, store.Query{Session: a.ID()})).Events
		// Past the lease's TTL: only the renewals of the running cell hold it.
		time.Sleep(2 * aOpts.Lease.TTL)
		_, err := b.RunTurn(ctx, "(+ 1 2)", session.TurnOptions{})
		if !errors.Is(err, store.ErrHeld) {
			t.Fatalf("a turn while another host's cell runs: %v, want ErrHeld", err)
		}
		host, _ := os.Hostname()
		for _, part := range []string{"repl", "pid " + strconv.Itoa(os.Getpid()), host, a.ID()} {
			if !strings.Contains(err.Error(), part) {
				t.Errorf("refusal %q does not name %q", err, part)
			}
		}
		after := must[store.ScanResult](t)(stB.Scan(ctx, store.Query{Session: a.ID()})).Events
		if len(after) != len(before) {
			t.Errorf("the refused turn wrote %d events", len(after)-len(before))
		}

		close(g.open)
		done := <-running
		if done.err != nil || done.turn.Cell.Error {
			t.Fatalf("the long cell: %v %s", done.err, done.turn.Cell.Text)
		}
		results := toolResults(t, stA, a.ID())
		if got := results[done.turn.Cell.CallSeq]; len(got) != 1 || strings.Contains(got[0], session.InterruptedText) {
			t.Errorf("the long cell's results: %q, want its own only", got)
		}
		tn := must[session.Turn](t)(b.RunTurn(ctx, "(list *x* (from-a))", session.TurnOptions{}))
		if tn.Cell.Text != "(1 :a)" {
			t.Errorf("host b sees %s", tn.Cell.Text)
		}
		parents := map[int64]int64{}
		tree := must[[]session.TreeTurn](t)(b.Tree(ctx))
		for _, turn := range tree {
			parents[turn.Seq] = turn.Parent
		}
		if parents[tn.Input] != done.turn.Input || parents[done.turn.Input] != first.Input {
			t.Errorf("tree %+v: want %d → %d → %d", tree, first.Input, done.turn.Input, tn.Input)
		}
	})
}

// deadPID is the id of a process of this machine that has ended.
func deadPID(t *testing.T) int {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	if err := cmd.Run(); err != nil {
		t.Fatal(err)
	}
	return cmd.Process.Pid
}

// TestGoneHolderIsTakenOver: a holder whose process no longer runs on this
// machine does not lock the session out until its lease lapses: the next
// host takes the lease over at once, records the cell it left running as
// interrupted, says so, and continues from its turn. The holder, were it
// to come back, learns that it lost the session and records nothing more.
func TestGoneHolderIsTakenOver(t *testing.T) {
	eachBackendTwice(t, func(t *testing.T, stA, stB store.Store) {
		ctx := context.Background()
		g := newGate()
		aOpts := leaseOpts("repl", g)
		aOpts.Lease.Holder.PID = deadPID(t)
		aOpts.Lease.TTL = 600 * time.Millisecond // so its keeper soon learns the lease is lost
		a := must[*session.Session](t)(session.Open(ctx, stA, aOpts))
		must[session.Turn](t)(a.RunTurn(ctx, "(defvar *x* 1)", session.TurnOptions{}))
		running := turnInBackground(a, "(wait-at-gate)")
		<-g.started

		bOpts := leaseOpts("serve", nil)
		bOpts.Lease.Wait = -1 // a gone holder is taken over without waiting
		b := must[*session.Session](t)(session.Resume(ctx, stB, a.ID(), bOpts))
		tn, err := b.RunTurn(ctx, "*x*", session.TurnOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if tn.Cell.Text != "1" {
			t.Errorf("host b sees *x* = %s", tn.Cell.Text)
		}
		if f := b.Followed(); !strings.Contains(f, "took session") || !strings.Contains(f, "1 interrupted cell recorded") {
			t.Errorf("Followed: %q", f)
		}
		var done turnResult
		select {
		case done = <-running:
		case <-time.After(time.Minute): // a host that never learns it lost the lease: fail, not hang
			close(g.open)
			done = <-running
		}
		if !errors.Is(done.err, store.ErrLeaseLost) {
			t.Errorf("the taken-over host's turn: %v, want ErrLeaseLost", done.err)
		}
		call := done.turn.Cell.CallSeq
		if call == 0 {
			r := must[store.ScanResult](t)(stA.Scan(ctx, store.Query{Session: a.ID(), Kinds: []string{event.KindToolCall}}))
			call = r.Events[1].Seq
		}
		if got := toolResults(t, stA, a.ID())[call]; len(got) != 1 || got[0] != session.InterruptedText {
			t.Errorf("the gone holder's cell has results %q, want only the interruption", got)
		}
		tree := must[[]session.TreeTurn](t)(b.Tree(ctx))
		if last := tree[len(tree)-1]; last.Seq != tn.Input || last.Parent != done.turn.Input {
			t.Errorf("tree %+v: host b's turn %d should continue from the gone holder's %d", tree, tn.Input, done.turn.Input)
		}
	})
}

// TestLapsedLeaseIsTakenOver: a holder on another machine that stopped
// renewing (its lease lapsed) is taken over, and the cell it left without
// a result is recorded as interrupted.
func TestLapsedLeaseIsTakenOver(t *testing.T) {
	eachBackend(t, func(t *testing.T, st store.Store) {
		ctx := context.Background()
		a := must[*session.Session](t)(session.Open(ctx, st, leaseOpts("serve", nil)))
		must[session.Turn](t)(a.RunTurn(ctx, "(+ 1 2)", session.TurnOptions{}))
		bOpts := leaseOpts("repl", nil)
		bOpts.Lease.Wait = -1
		b := must[*session.Session](t)(session.Resume(ctx, st, a.ID(), bOpts))

		// The other machine's host starts a turn and a cell, then stops.
		must[store.LeaseTaken](t)(st.TakeLease(ctx, store.LeaseRequest{Session: a.ID(), Token: "elsewhere",
			Holder: store.Holder{Host: "another-machine", PID: os.Getpid(), Kind: "serve"}, TTL: time.Microsecond}))
		turn := rawAppend(t, st, a.ID(), event.KindInput, 0, fmt.Sprintf(`{"text":"(loop)","parent":%d}`, b.Head()))
		call := rawAppend(t, st, a.ID(), event.KindToolCall, turn, `{"code":"(loop)","note":null}`)
		time.Sleep(5 * time.Millisecond)

		tn := must[session.Turn](t)(b.RunTurn(ctx, "(* 2 3)", session.TurnOptions{}))
		if tn.Cell.Text != "6" {
			t.Errorf("the turn after the takeover gave %s", tn.Cell.Text)
		}
		if got := toolResults(t, st, a.ID())[call]; len(got) != 1 || got[0] != session.InterruptedText {
			t.Errorf("the lapsed holder's cell has results %q, want the interruption", got)
		}
		if f := b.Followed(); !strings.Contains(f, "took session") || !strings.Contains(f, "serve (pid") {
			t.Errorf("Followed: %q", f)
		}
		if tree := must[[]session.TreeTurn](t)(b.Tree(ctx)); tree[len(tree)-1].Parent != turn {
			t.Errorf("tree %+v: the turn should continue from the lapsed holder's %d", tree, turn)
		}
	})
}
