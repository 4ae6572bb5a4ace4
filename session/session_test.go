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

func itoa(n int64) string { return strings.TrimSpace(strings.Repeat(" ", 0) + fmtInt(n)) }

func fmtInt(n int64) string {
	b, _ := json.Marshal(n)
	return string(b)
}

func treeOf(t testing.TB, s *session.Session) []session.TreeTurn {
	t.Helper()
	turns, err := s.Tree(context.Background())
	if err != nil {
		t.Fatalf("tree of session %s: %v", s.ID(), err)
	}
	return turns
}
