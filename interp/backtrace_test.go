package interp_test

import (
	"context"
	"errors"
	"fmt"
	"github.com/nodelisp/nodelisp/event"
	"io/fs"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/interp"
	"github.com/nodelisp/nodelisp/lisp"
	"github.com/nodelisp/nodelisp/reader"
)

// evalIn evaluates code as the cell logged with seq.
func evalIn(t *testing.T, it *interp.Interpreter, seq int64, code string) (*lisp.Source, error) {
	t.Helper()
	src := &lisp.Source{Seq: seq}
	cell, err := reader.ReadSource(code, src)
	if err != nil {
		t.Fatal(err)
	}
	_, err = it.EvalCell(context.Background(), cell)
	return src, err
}

// A three-deep call chain defined in one cell and called from another
// fails in the innermost function; the backtrace names each function with
// where it was called, and calls in the earlier cell name that cell.
func TestBacktraceAcrossCells(t *testing.T) {
	it := interp.New(interp.Options{})
	if _, err := evalIn(t, it, 4, "(defun c (x) (car x))\n(defun b (x) (list (c x)))\n(defun a (x) (list (b x)))"); err != nil {
		t.Fatal(err)
	}
	current, err := evalIn(t, it, 9, "\n  (a 5)")
	if err == nil {
		t.Fatal("no error")
	}
	r := interp.Report(err, current)
	want := interp.ErrorReport{Condition: event.Condition{
		Type: "type-error", Message: "car: the value 5 is not a list (at 1:14 in [seq 4], in the earlier cell that defined the code)",
		Position: "2:3",
		Backtrace: []interp.FrameReport{
			{Function: "c", Call: "2:20", CallSeq: 4, Repeat: 1},
			{Function: "b", Call: "3:20", CallSeq: 4, Repeat: 1},
			{Function: "a", Call: "2:3", Repeat: 1},
		},
	}}
	if d := cmp.Diff(want, r, cmpopts.IgnoreUnexported(interp.ErrorReport{})); d != "" {
		t.Errorf("report (-want +got):\n%s", d)
	}
	wantLines := []string{"  c, called at 2:20 in [seq 4]", "  b, called at 3:20 in [seq 4]", "  a, called at 2:3"}
	if d := cmp.Diff(wantLines, r.Lines()); d != "" {
		t.Errorf("lines (-want +got):\n%s", d)
	}
}

// A 10,000-deep recursion folds into one frame: the backtrace stays short.
func TestBacktraceFoldsRecursion(t *testing.T) {
	it := interp.New(interp.Options{})
	current, err := evalIn(t, it, 1, "(defun f (n) (if (= n 0) (car n) (+ 1 (f (- n 1)))))\n(f 9999)")
	if err == nil {
		t.Fatal("no error")
	}
	want := []string{"  f ×9,999, called at 1:39", "  f, called at 2:1"}
	if d := cmp.Diff(want, interp.BacktraceLines(err, current)); d != "" {
		t.Errorf("lines (-want +got):\n%s", d)
	}
}

// Past lisp.MaxFrames distinct frames the rest is counted, not listed.
func TestBacktraceBounded(t *testing.T) {
	it := interp.New(interp.Options{})
	var code strings.Builder
	code.WriteString("(defun g0 () (car 1))\n")
	for i := 1; i <= 20; i++ {
		fmt.Fprintf(&code, "(defun g%d () (list (g%d)))\n", i, i-1)
	}
	code.WriteString("(g20)")
	current, err := evalIn(t, it, 1, code.String())
	lines := interp.BacktraceLines(err, current)
	if len(lines) != lisp.MaxFrames+1 || lines[len(lines)-1] != "  … 9 more" {
		t.Errorf("got %d lines, last %q", len(lines), lines[len(lines)-1])
	}
}

// An error a frame handled leaves no backtrace behind in the next error,
// and a cell that fails outside any function has none.
func TestBacktraceNoneAtTopLevel(t *testing.T) {
	it := interp.New(interp.Options{})
	current, err := evalIn(t, it, 1, "(ignore-errors (car 1))\n(car 2)")
	if lines := interp.BacktraceLines(err, current); lines != nil {
		t.Errorf("top-level error has frames %q", lines)
	}
}

// Frames survive an unwind-protect whose cleanup calls functions.
func TestBacktraceThroughUnwindProtect(t *testing.T) {
	it := interp.New(interp.Options{})
	current, err := evalIn(t, it, 1, "(defun k () (car 1))\n(defun clean () (list 1))\n(defun h () (unwind-protect (list (k)) (clean)))\n(h)")
	want := []string{"  k, called at 3:35", "  h, called at 4:1"}
	if d := cmp.Diff(want, interp.BacktraceLines(err, current)); d != "" {
		t.Errorf("lines (-want +got):\n%s", d)
	}
}

// A host builtin's Go error is reachable with errors.As through the error
// Eval returns, and the Lisp error still reads as the builtin's failure.
func TestHostErrorUnwraps(t *testing.T) {
	it := interp.New(interp.Options{})
	it.Define("open-thing", "()", "", func(context.Context, []lisp.Value) (lisp.Value, error) {
		return nil, fmt.Errorf("open thing: %w", &fs.PathError{Op: "open", Path: "/nope", Err: fs.ErrNotExist})
	})
	_, err := it.Eval(context.Background(), "(defun use () (list (open-thing)))\n(use)")
	var pe *fs.PathError
	if !errors.As(err, &pe) || pe.Path != "/nope" {
		t.Fatalf("errors.As found no *fs.PathError in %v", err)
	}
	if !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("errors.Is(err, fs.ErrNotExist) is false")
	}
	if r := interp.Report(err, nil); r.Type != "simple-error" || !strings.Contains(r.Message, "open-thing: open thing") {
		t.Errorf("report %+v", r)
	}
}

// Each kind of failure is reported with its condition type.
func TestReportTypes(t *testing.T) {
	cases := []struct{ code, want string }{
		{`(car 1)`, "type-error"},
		{`(list no-such-var)`, "unbound-variable"},
		{`(no-such-fn)`, "undefined-function"},
		{`(/ 1 0)`, "division-by-zero"},
		{`(error "x")`, "simple-error"},
		{`(error 'file-error)`, "file-error"},
		{`(define-condition my-trouble (error) ()) (error 'my-trouble)`, "my-trouble"},
		{`(loop)`, "evaluation-limit"},
		{`(defun r () (list (r))) (r)`, "evaluation-limit"},
		{`(format nil "~q")`, "format-error"},
		{`((lambda (x) x))`, "program-error"},
		{`(car`, "reader-error"},
	}
	for _, c := range cases {
		it := interp.New(interp.Options{Limits: eval.Limits{MaxSteps: 100_000}})
		_, err := it.Eval(context.Background(), c.code)
		if err == nil {
			t.Errorf("%s: no error", c.code)
			continue
		}
		if got := interp.Report(err, nil).Type; got != c.want {
			t.Errorf("%s: type %q, want %q (%v)", c.code, got, c.want, err)
		}
	}
}
