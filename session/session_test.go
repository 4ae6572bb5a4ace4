package session_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/nodelisp/nodelisp/evict"
	"github.com/nodelisp/nodelisp/internal/testdb"
	"github.com/nodelisp/nodelisp/session"
	"github.com/nodelisp/nodelisp/store"
)

// eachBackend runs a test against every store backend.
func eachBackend(t *testing.T, test func(t *testing.T, st store.Store)) {
	for _, b := range testdb.Backends() {
		t.Run(b.Name, func(t *testing.T) { test(t, b.Open(t)) })
	}
}

func opts(tokens string) session.Options {
	return session.Options{Title: "test", BudgetEnv: &evict.Env{Tokens: tokens}}
}

func must[T any](t *testing.T) func(T, error) T {
	return func(v T, err error) T {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
}

func texts(w *session.Window) []string {
	var out []string
	for _, m := range w.Messages {
		out = append(out, m.Role+" "+m.ID+": "+m.Text)
	}
	return out
}

func TestRecordAndWindow(t *testing.T) {
	eachBackend(t, func(t *testing.T, st store.Store) {
		ctx := context.Background()
		s := must[*session.Session](t)(session.Open(ctx, st, session.Options{Title: "t", System: "be brief", BudgetEnv: &evict.Env{}}))
		in := must[int64](t)(s.Input(ctx, "define square"))
		r1 := must[session.CellResult](t)(s.Eval(ctx, ";; define it\n(defun square (x) (* x x))", session.TurnOptions{}))
		r2 := must[session.CellResult](t)(s.Eval(ctx, "(print (square 7))", session.TurnOptions{}))
		if r1.Error || r2.Error {
			t.Fatalf("cells failed: %q %q", r1.Text, r2.Text)
		}
		if diff := cmp.Diff([]string{"square"}, r1.Defined); diff != "" {
			t.Errorf("defined (-want +got):\n%s", diff)
		}
		w := must[*session.Window](t)(s.Window(ctx, session.WindowOptions{}))
		want := []string{
			"system system: be brief",
			"user " + itoa(in) + ": define square",
			"assistant " + itoa(r1.CallSeq) + ": ;; define it\n(defun square (x) (* x x))",
			"tool " + itoa(r1.ResultSeq) + ": square\n[seq " + itoa(r1.ResultSeq) + "]",
			"assistant " + itoa(r2.CallSeq) + ": (print (square 7))",
			"tool " + itoa(r2.ResultSeq) + ": \n49 \n49\n[seq " + itoa(r2.ResultSeq) + "]",
		}
		if diff := cmp.Diff(want, texts(w)); diff != "" {
			t.Errorf("window (-want +got):\n%s", diff)
		}
		call := must[store.Event](t)(st.Event(ctx, s.ID(), r1.CallSeq))
		if got := string(call.Payload); got != `{"code":";; define it\n(defun square (x) (* x x))","note":"define it"}` {
			t.Errorf("tool call payload = %s", got)
		}
		var result map[string]any
		res := must[store.Event](t)(st.Event(ctx, s.ID(), r1.ResultSeq))
		if err := json.Unmarshal(res.Payload, &result); err != nil {
			t.Fatal(err)
		}
		if result["call"] != float64(r1.CallSeq) || result["error"] != false || result["text"] != "square" {
			t.Errorf("tool result payload = %s", res.Payload)
		}
	})
}

func TestErrorIsRecordedAndSessionGoesOn(t *testing.T) {
	eachBackend(t, func(t *testing.T, st store.Store) {
		ctx := context.Background()
		s := must[*session.Session](t)(session.Open(ctx, st, opts("")))
		must[int64](t)(s.Input(ctx, "go"))
		bad := must[session.CellResult](t)(s.Eval(ctx, "(car 5)", session.TurnOptions{}))
		if !bad.Error || !strings.Contains(bad.Text, "error: ") {
			t.Fatalf("want a recorded error, got %+v", bad)
		}
		good := must[session.CellResult](t)(s.Eval(ctx, "(+ 1 2)", session.TurnOptions{}))
		if good.Error || good.Text != "3" {
			t.Fatalf("next cell: %+v", good)
		}
	})
}

func TestUndoRedoTreeAndResume(t *testing.T) {
	eachBackend(t, func(t *testing.T, st store.Store) {
		ctx := context.Background()
		s := must[*session.Session](t)(session.Open(ctx, st, opts("")))
		t1 := must[int64](t)(s.Input(ctx, "one"))
		must[session.CellResult](t)(s.Eval(ctx, "(defvar *a* 1)", session.TurnOptions{}))
		t2 := must[int64](t)(s.Input(ctx, "two"))
		must[session.CellResult](t)(s.Eval(ctx, "(defun two () 2)", session.TurnOptions{}))
		mv := must[session.Move](t)(s.Undo(ctx, session.UndoOptions{}))
		if mv.From != t2 || mv.To != t1 || s.Head() != t1 {
			t.Fatalf("undo: %+v head %d", mv, s.Head())
		}
		// After undo the image no longer knows two.
		r := must[session.CellResult](t)(s.Eval(ctx, "(fboundp 'two)", session.TurnOptions{}))
		if r.Text != "nil" {
			t.Errorf("after undo (fboundp 'two) = %s", r.Text)
		}
		must[session.Move](t)(s.Redo(ctx, session.UndoOptions{}))
		if s.Head() != t2 {
			t.Fatalf("redo: head %d, want %d", s.Head(), t2)
		}
		r = must[session.CellResult](t)(s.Eval(ctx, "(list *a* (two))", session.TurnOptions{}))
		if r.Text != "(1 2)" {
			t.Errorf("after redo: %s", r.Text)
		}
		must[session.Move](t)(s.Undo(ctx, session.UndoOptions{}))
		t3 := must[int64](t)(s.Input(ctx, "three, a new branch"))
		if _, err := s.Redo(ctx, session.UndoOptions{}); err == nil {
			t.Errorf("redo after a new input should have nothing to redo")
		}
		tree := treeOf(t, s)
		var hidden []int64
		for _, tt := range tree {
			if tt.Hidden {
				hidden = append(hidden, tt.Seq)
			}
		}
		if diff := cmp.Diff([]int64{t2}, hidden); diff != "" {
			t.Errorf("hidden turns (-want +got):\n%s", diff)
		}
		before := must[*session.Window](t)(s.Window(ctx, session.WindowOptions{}))
		again := must[*session.Session](t)(session.Resume(ctx, st, s.ID(), opts("")))
		after := must[*session.Window](t)(again.Window(ctx, session.WindowOptions{}))
		if diff := cmp.Diff(before, after); diff != "" {
			t.Errorf("window after resume (-before +after):\n%s", diff)
		}
		if again.Head() != t3 {
			t.Errorf("resumed head %d, want %d", again.Head(), t3)
		}
		fork := must[*session.Session](t)(again.Fork(ctx, ""))
		fw := must[*session.Window](t)(fork.Window(ctx, session.WindowOptions{}))
		if diff := cmp.Diff(texts(after), texts(fw)); diff != "" {
			t.Errorf("fork window differs (-parent +fork):\n%s", diff)
		}
		if fork.Head() != t3 {
			t.Errorf("fork head %d, want %d", fork.Head(), t3)
		}
	})
}

func TestWarnThenEvict(t *testing.T) {
	eachBackend(t, func(t *testing.T, st store.Store) {
		ctx := context.Background()
		// A budget with room for the warning (about 75 tokens) between
		// 85% and 100%, wider than a turn.
		s := must[*session.Session](t)(session.Open(ctx, st, opts("2000")))
		big := strings.Repeat("x", 400) // 100 tokens + overhead
		var turns []int64
		warned, evicted := false, false
		for i := 0; i < 30 && !evicted; i++ {
			turns = append(turns, must[int64](t)(s.Input(ctx, big)))
			must[session.CellResult](t)(s.Eval(ctx, ";; note "+itoa(int64(i))+"\n(+ 1 2)", session.TurnOptions{}))
			w := must[*session.Window](t)(s.Window(ctx, session.WindowOptions{Send: true}))
			if w.Warning {
				if warned {
					t.Fatalf("warned twice without an eviction")
				}
				warned = true
				if last := w.Messages[len(w.Messages)-1]; last.ID != "warn" {
					t.Errorf("warning is not last: %+v", last)
				}
			}
			if w.Evicted {
				if !warned {
					t.Fatalf("evicted at %d%% without a warning first", w.Used()*100/w.Budget)
				}
				evicted = true
				if w.Used()*2 > w.Budget+50 {
					t.Errorf("after eviction usage %d of %d", w.Used(), w.Budget)
				}
				stub := w.Messages[0]
				if stub.ID != "stub" || !strings.HasPrefix(stub.Text, "[history evicted: seq "+itoa(turns[0])+"–") {
					t.Errorf("stub = %q", stub.Text)
				}
				if !strings.Contains(stub.Text, "\n seq "+itoa(turns[0]+1)+" · note 0") {
					t.Errorf("stub lacks the first note: %q", stub.Text)
				}
			}
		}
		if !evicted {
			t.Fatal("never evicted")
		}
		before := must[*session.Window](t)(s.Window(ctx, session.WindowOptions{}))
		again := must[*session.Session](t)(session.Resume(ctx, st, s.ID(), opts("400")))
		after := must[*session.Window](t)(again.Window(ctx, session.WindowOptions{}))
		if diff := cmp.Diff(texts(before), texts(after)); diff != "" {
			t.Errorf("window after restart (-before +after):\n%s", diff)
		}
		// The boundary survives undo.
		must[session.Move](t)(again.Undo(ctx, session.UndoOptions{}))
		undone := must[*session.Window](t)(again.Window(ctx, session.WindowOptions{}))
		if undone.Boundary != before.Boundary {
			t.Errorf("boundary after undo %d, want %d", undone.Boundary, before.Boundary)
		}
	})
}

func itoa(n int64) string { return strings.TrimSpace(strings.Repeat(" ", 0) + fmtInt(n)) }

func fmtInt(n int64) string {
	b, _ := json.Marshal(n)
	return string(b)
}

func TestRedoRetracesSeveralUndos(t *testing.T) {
	ctx := context.Background()
	st := testdb.SQLite(t)
	s := must[*session.Session](t)(session.Open(ctx, st, opts("")))
	var turns []int64
	for _, text := range []string{"one", "two", "three"} {
		turns = append(turns, must[int64](t)(s.Input(ctx, text)))
	}
	for range turns {
		must[session.Move](t)(s.Undo(ctx, session.UndoOptions{}))
	}
	if s.Head() != 0 {
		t.Fatalf("after three undos head = %d", s.Head())
	}
	for _, want := range turns {
		mv := must[session.Move](t)(s.Redo(ctx, session.UndoOptions{}))
		if mv.To != want {
			t.Fatalf("redo went to %d, want %d", mv.To, want)
		}
	}
	if _, err := s.Redo(ctx, session.UndoOptions{}); err == nil {
		t.Errorf("a fourth redo should have nothing to redo")
	}
}

// treeOf is s.Tree, failing the test on an error.
func treeOf(t testing.TB, s *session.Session) []session.TreeTurn {
	t.Helper()
	turns, err := s.Tree(context.Background())
	if err != nil {
		t.Fatalf("tree of session %s: %v", s.ID(), err)
	}
	return turns
}
