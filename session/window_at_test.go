package session_test

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nodelisp/nodelisp/event"

	"github.com/google/go-cmp/cmp"

	"github.com/nodelisp/nodelisp/evict"
	"github.com/nodelisp/nodelisp/session"
	"github.com/nodelisp/nodelisp/store"
	"github.com/nodelisp/nodelisp/store/sqlite"
)

// Every request's window, rebuilt afterwards from the log alone, is the
// window the request sent: the same messages, the stub and the warning
// where they were, the same figures — through warnings, evictions, shed
// rounds and an undo.
func TestRequestWindowIsTheWindowSent(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	st, err := sqlite.Open(ctx, filepath.Join(dir, "log.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	opts := session.Options{ID: "s", BudgetEnv: &evict.Env{Tokens: "700"}, Home: dir}
	s, err := session.Open(ctx, st, opts)
	if err != nil {
		t.Fatal(err)
	}
	sent := map[int64]*session.Window{}
	send := func() {
		t.Helper()
		w, err := s.Window(ctx, session.WindowOptions{Send: true})
		if err != nil {
			t.Fatal(err)
		}
		e, ok, err := store.Last(ctx, st, "s", event.KindRequest)
		if err != nil || !ok {
			t.Fatalf("no request recorded: %v", err)
		}
		sent[e.Seq] = w
	}
	var evicted, warned bool
	for i := 1; i <= 12; i++ {
		if _, err := s.Input(ctx, fmt.Sprintf("turn %d %s", i, strings.Repeat("words ", 20))); err != nil {
			t.Fatal(err)
		}
		send()
		for k := 0; k < 2; k++ {
			if _, err := s.Eval(ctx, fmt.Sprintf(";; cell %d.%d\n(make-string 60 :initial-element #\\x)", i, k), session.TurnOptions{}); err != nil {
				t.Fatal(err)
			}
			send()
		}
		if i == 6 {
			if _, err := s.Undo(ctx, session.UndoOptions{}); err != nil {
				t.Fatal(err)
			}
		}
	}
	for seq, want := range sent {
		got, rec, err := session.RequestWindow(ctx, st, "s", seq, session.Options{BudgetEnv: opts.BudgetEnv})
		if err != nil {
			t.Fatal(err)
		}
		evicted = evicted || want.Evicted
		warned = warned || want.Warning
		if diff := cmp.Diff(want.Messages, got.Messages); diff != "" {
			t.Errorf("request %d: messages (-sent +rebuilt):\n%s", seq, diff)
		}
		if want.Used() != got.Used() || want.Usage != got.Usage || want.Evicted != got.Evicted || want.Warning != got.Warning {
			t.Errorf("request %d: sent usage %d %+v evicted %v warning %v; rebuilt %d %+v %v %v", seq,
				want.Used(), want.Usage, want.Evicted, want.Warning, got.Used(), got.Usage, got.Evicted, got.Warning)
		}
		if rec.Messages != len(want.Messages) || rec.Tokens != want.Used() {
			t.Errorf("request %d: recorded %+v, sent %d messages %d tokens", seq, rec, len(want.Messages), want.Used())
		}
	}
	if !evicted || !warned {
		t.Fatalf("the session never evicted (%v) or warned (%v): the test shows nothing", evicted, warned)
	}
	// Standing's figures are the window's, without building it.
	look, err := session.LookAt(ctx, st, "s", 0, session.Options{BudgetEnv: opts.BudgetEnv})
	if err != nil {
		t.Fatal(err)
	}
	w, err := look.Window(ctx)
	if err != nil {
		t.Fatal(err)
	}
	standing, err := look.Standing(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if want := (session.Standing{Boundary: w.Boundary, Budget: w.Budget, Source: w.Source}); standing != want || want.Boundary == 0 {
		t.Errorf("standing %+v, the window says %+v", standing, want)
	}
	if m := look.Moves(); len(m) != 1 || m[0].Why != "undo" || m[0].From <= m[0].To {
		t.Errorf("head moves %+v, want the one undo", m)
	}
	// A seq that is not a request is an error naming it.
	if _, _, err := session.RequestWindow(ctx, st, "s", 1, opts); err == nil || !strings.Contains(err.Error(), "is a input, not a request") {
		t.Errorf("seq 1: %v", err)
	}
}

// A Look reads only: looking appends nothing.
func TestLookAppendsNothing(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	st, err := sqlite.Open(ctx, filepath.Join(dir, "log.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	s, err := session.Open(ctx, st, session.Options{ID: "s", Home: dir, BudgetEnv: &evict.Env{Tokens: "1000"}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Input(ctx, "hello"); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Eval(ctx, "(defvar *x* (print 1))", session.TurnOptions{}); err != nil {
		t.Fatal(err)
	}
	before, _, _ := store.Last(ctx, st, "s")
	look, err := session.LookAt(ctx, st, "s", 0, session.Options{BudgetEnv: &evict.Env{Tokens: "1000"}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := look.Window(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := look.Standing(ctx); err != nil {
		t.Fatal(err)
	}
	after, _, _ := store.Last(ctx, st, "s")
	if after.Seq != before.Seq {
		t.Errorf("looking appended: last seq %d, then %d", before.Seq, after.Seq)
	}
	if tr := look.Tree(); len(tr) != 1 || !tr[0].Head {
		t.Errorf("tree %+v", tr)
	}
}
