package view

import (
	"context"
	"fmt"
	"github.com/nodelisp/nodelisp/event"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nodelisp/nodelisp/evict"
	"github.com/nodelisp/nodelisp/session"
	"github.com/nodelisp/nodelisp/store"
	"github.com/nodelisp/nodelisp/store/sqlite"
)

// demoBudget is the budget the demo session runs under: small, so a few
// turns fill it and requests warn and evict.
const demoBudget = "1200"

// scriptCell prints a script tag: every page must show it as text.
const scriptCell = `;; print markup that must stay text
(format t "<script>document.title='pwned';window.pwned=1</script>")`

// demo is the session the view's tests look at, and what they know of it.
type demo struct {
	st        store.Store
	path      string // the SQLite file st is
	env       *evict.Env
	id        string // the main session
	fork      string // a fork of it
	undone    int64  // the turn the undo left
	evictedAt int64  // the first request that evicted
	fileEvent int64  // a file change that rewrote a file
	scriptSeq int64  // the tool result that printed the script tag
	// scriptRequest is the request after the script cell, whose window
	// shows its result.
	scriptRequest int64
	budget        int
}

// demoStore builds, through the session package as an agent host would,
// a session with evictions, a warning, an undo, a file change, a cell
// that prints <script>, and a fork.
func demoStore(t testing.TB) demo {
	t.Helper()
	ctx := context.Background()
	dir := t.TempDir()
	path := filepath.Join(dir, "log.db")
	st, err := sqlite.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	d := demo{st: st, path: path, env: &evict.Env{Tokens: demoBudget}, id: "demo", budget: 1200}
	opts := session.Options{Title: "fibonacci, step by step", ID: d.id, BudgetEnv: d.env,
		Home: dir, Workdir: t.TempDir()}
	s, err := session.Open(ctx, st, opts)
	if err != nil {
		t.Fatal(err)
	}
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	send := func() {
		t.Helper()
		w, err := s.Window(ctx, session.WindowOptions{Send: true})
		must(err)
		if w.Evicted && d.evictedAt == 0 {
			e, ok, err := store.Last(ctx, st, d.id, event.KindRequest)
			must(err)
			if ok {
				d.evictedAt = e.Seq
			}
		}
	}
	turn := func(i int, cells ...string) {
		t.Helper()
		_, err := s.Input(ctx, fmt.Sprintf("Step %d: extend the table of Fibonacci numbers and explain what changed.\n%s", i, strings.Repeat("Keep every earlier definition. ", 6)))
		must(err)
		send()
		_, err = s.Answer(ctx, fmt.Sprintf("I will define fib-%d and check it.", i))
		must(err)
		for _, c := range cells {
			res, err := s.Eval(ctx, c, session.TurnOptions{})
			must(err)
			send()
			if strings.Contains(c, "<script>") {
				d.scriptSeq = res.ResultSeq
				e, _, err := store.Last(ctx, st, d.id, event.KindRequest)
				must(err)
				d.scriptRequest = e.Seq
			}
		}
		_, err = s.Answer(ctx, fmt.Sprintf("Step %d is done: %s", i, strings.Repeat("the values agree with the recurrence. ", 4)))
		must(err)
	}
	for i := 1; i <= 3; i++ {
		turn(i, fmt.Sprintf(";; define fib-%d, the recurrence unrolled %d times\n(defun fib-%d (n) (if (< n 2) n (+ (fib-%d (- n 1)) (fib-%d (- n 2)))))", i, i, i, i, i),
			fmt.Sprintf(";; check fib-%d on 0..10\n(loop for k from 0 to 10 collect (fib-%d k))", i, i))
	}
	turn(4, ";; write the table to a file\n(write-file \"table.txt\" (format nil \"~{~a~%~}\" (loop for k from 0 to 9 collect (fib-3 k))))",
		";; extend the table and fix its head\n(write-file \"table.txt\" (format nil \"fib~%~{~a~%~}\" (loop for k from 0 to 12 collect (fib-3 k))))")
	turn(5, scriptCell)
	undone := s.Head()
	_, err = s.Undo(ctx, session.UndoOptions{})
	must(err)
	d.undone = undone
	turn(6, ";; try another way after the undo\n(defun fib-iter (n) (let ((a 0) (b 1)) (dotimes (i n a) (psetq a b b (+ a b)))))")
	for i := 7; i <= 9; i++ {
		turn(i, fmt.Sprintf(";; check fib-iter at %d\n(fib-iter %d)", i*10, i*10))
	}
	f, err := s.Fork(ctx, "a fork to try memoising")
	must(err)
	d.fork = f.ID()
	_, err = f.Input(ctx, "In the fork: memoise fib-iter.")
	must(err)
	changes, err := st.Scan(ctx, store.Query{Session: d.id, Kinds: []string{event.KindFileChange}})
	must(err)
	if n := len(changes.Events); n < 2 {
		t.Fatalf("the demo made %d file changes, want 2", n)
	} else {
		d.fileEvent = changes.Events[n-1].Seq
	}
	if d.evictedAt == 0 || d.scriptSeq == 0 {
		t.Fatalf("the demo did not evict (%d) or print the script (%d)", d.evictedAt, d.scriptSeq)
	}
	return d
}

// options are the view's options for the demo store.
func (d demo) options() Options { return Options{BudgetEnv: d.env} }
