package interp_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/interp"
	"github.com/nodelisp/nodelisp/lisp"
	"github.com/nodelisp/nodelisp/reader"
)

// fuzzLimits keep each fuzzed cell short, so the fuzzer spends its time on
// new inputs rather than on runaway loops.
var fuzzLimits = eval.Limits{MaxSteps: 100_000, MaxOutput: 4096}

// fuzzTimeout bounds the work a cell can do outside the step count (one
// builtin call on a huge argument).
const fuzzTimeout = time.Second

// FuzzEval checks the promise that a cell never takes its host down:
// whatever the source, Eval returns, an error says what went wrong (and is
// no Go panic in disguise), the output stays within its cap, and the
// interpreter still evaluates the next cell. It is seeded with the golden programs (testdata/cl) and the
// error transcripts' cells (testdata/errors), and circular and deep
// structures (testdata/fuzz).
func FuzzEval(f *testing.F) {
	for _, s := range []string{
		"(+ 1 2)", "(car 5)", "(loop)", "(defun f (n) (f (+ n 1))) (f 0)",
		"(defun g (n) (+ 1 (g n))) (g 0)", "(loop (princ \"x\"))",
		"(let ((x (list 1 2))) (setf (cdr (cdr x)) x) x)",
		"(handler-case (error \"e\") (error (c) (princ-to-string c)))",
		"(format nil \"~{~a~^, ~}\" '(1 2 3))", "(", ")", "#<", "(defmacro m () '(m)) (m)",
	} {
		f.Add(s)
	}
	for _, pattern := range []string{"../testdata/cl/*.lisp", "../testdata/errors/*.lisp", "../testdata/fuzz/*.lisp"} {
		files, err := filepath.Glob(pattern)
		if err != nil {
			f.Fatal(err)
		}
		for _, name := range files {
			data, err := os.ReadFile(name)
			if err != nil {
				f.Fatal(err)
			}
			f.Add(string(data))
			// An error file's chunks are cells of their own; most of them
			// read on their own, unlike the whole file.
			for _, chunk := range fuzzChunkSep.Split(string(data), -1) {
				f.Add(chunk)
			}
		}
	}
	f.Fuzz(func(t *testing.T, src string) {
		it := interp.New(interp.Options{Limits: fuzzLimits})
		ctx, cancel := context.WithTimeout(context.Background(), fuzzTimeout)
		res, err := it.Eval(ctx, src)
		cancel()
		checkFuzzError(t, err)
		if n := len(res.Output); int64(n) > fuzzLimits.MaxOutput {
			t.Errorf("the cell printed %d bytes, over the cap of %d", n, fuzzLimits.MaxOutput)
		}
		if err == nil && res.Value == nil {
			t.Error("a Go nil came back as the cell's value")
		}
		if !it.StandardSyntax() {
			// The cell changed how the image reads ((set-syntax-from-char
			// #\Space #\0)), which it may: later cells are read its way,
			// as in any Lisp. Put a standard readtable back from Go, then
			// check the image still works.
			it.Evaluator().SetGlobal("*readtable*", reader.NewReadtable())
		}
		after, err := it.Eval(context.Background(), "(+ 1 2)")
		if err != nil || after.Printed != "3" {
			t.Fatalf("after the cell, (+ 1 2) gives %q, %v", after.Printed, err)
		}
	})
}

var fuzzChunkSep = regexp.MustCompile(`(?m)^---\n`)

// checkFuzzError checks that an error from Eval is one of the two kinds the
// API promises, with a message.
func checkFuzzError(t *testing.T, err error) {
	t.Helper()
	if err == nil {
		return
	}
	var c *lisp.Condition
	var re *reader.Error
	switch {
	case errors.As(err, &c):
		// A person reads the error's line: it names what went wrong even
		// when the report is empty ((error "")).
		if c.Class == nil || strings.TrimSpace(strings.TrimPrefix(c.Error(), c.Pos.String()+":")) == "" {
			t.Errorf("condition %#v has no class, or its line %q says nothing", c, c.Error())
		}
		// The evaluator reports a Go runtime panic (an index out of
		// range, a nil dereference) as an internal error: a builtin or
		// special form that failed to check its arguments.
		if strings.HasPrefix(c.Message, "internal error") {
			t.Errorf("a Go panic on Lisp input: %s", c.Message)
		}
	case errors.As(err, &re):
		if re.Msg == "" || re.Pos.Line < 1 || re.Pos.Col < 1 {
			t.Errorf("reader error %#v has no message or position", re)
		}
	default:
		t.Errorf("error %v is a %T, neither a condition nor a reader error", err, err)
	}
}
