package interp_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/interp"
	"github.com/nodelisp/nodelisp/lisp"
)

const testMemoryCap = 64 << 20

// memoryLimited is an interpreter with a 64 MiB memory cap.
func memoryLimited() *interp.Interpreter {
	return interp.New(interp.Options{Limits: eval.Limits{MaxMemory: testMemoryCap}})
}

// wantMemoryLimit evaluates src and checks that it ends in an
// evaluation-limit condition naming the cap and, when what is not "",
// what was being allocated.
func wantMemoryLimit(t *testing.T, it *interp.Interpreter, src, what string) {
	t.Helper()
	_, err := it.Eval(context.Background(), src)
	var c *lisp.Condition
	if !errors.As(err, &c) {
		t.Fatalf("%s: got %v, want a memory limit condition", src, err)
	}
	if c.Class != lisp.ClassLimit || !strings.Contains(c.Message, "memory limit exceeded (") || !strings.Contains(c.Message, what) {
		t.Fatalf("%s: got %v (%v), want an evaluation-limit naming the cap and %q", src, c, c.Class, what)
	}
}

func wantValue(t *testing.T, it *interp.Interpreter, src, want string) {
	t.Helper()
	res, err := it.Eval(context.Background(), src)
	if err != nil {
		t.Fatalf("%s: %v", src, err)
	}
	if res.Printed != want {
		t.Fatalf("%s: got %s, want %s", src, res.Printed, want)
	}
}

func TestMemoryCapStopsAnArrayStorm(t *testing.T) {
	it := memoryLimited()
	wantMemoryLimit(t, it, "(let ((l nil)) (dotimes (i 16) (push (make-array 1000000 :initial-element i) l)))", "(64 MiB): make-array of 1000000 elements")
	wantValue(t, it, "(+ 1 2)", "3")
}

func TestMemoryCapIsNotAnError(t *testing.T) {
	it := memoryLimited()
	for _, src := range []string{
		"(ignore-errors (let ((l nil)) (dotimes (i 16) (push (make-array 1000000) l))))",
		"(handler-case (let ((l nil)) (dotimes (i 16) (push (make-string 8000000) l))) (error () :swallowed))",
	} {
		wantMemoryLimit(t, it, src, "needs")
	}
}

func TestMemoryCapStopsAConsStorm(t *testing.T) {
	it := memoryLimited()
	wantMemoryLimit(t, it, "(let ((l nil)) (loop (push (list 1 2 3) l)))", "the image holds")
	wantValue(t, it, "(+ 1 2)", "3")
}

func TestMemoryCapRefusesOneHugeRequest(t *testing.T) {
	it := memoryLimited()
	wantMemoryLimit(t, it, "(make-list 10000000)", "make-list of 10000000 elements")
	wantMemoryLimit(t, it, "(make-string 67000000)", "make-string of 67000000 characters")
}

// What earlier cells keep counts against the cap, and stops counting once
// they let it go. The sizes leave room for what else the test process
// holds: 76 MiB kept and 61 MiB asked for pass 128 MiB whatever the rest,
// and 61 MiB alone fits under it beside tens of MiB of other images.
func TestMemoryCapCountsWhatEarlierCellsKeep(t *testing.T) {
	it := interp.New(interp.Options{Limits: eval.Limits{MaxMemory: 2 * testMemoryCap}})
	wantValue(t, it, "(length (make-array 4000000))", "4000000")
	wantValue(t, it, "(progn (defparameter *keep* (make-array 5000000)) (length *keep*))", "5000000")
	wantMemoryLimit(t, it, "(length (make-array 4000000))", "memory limit exceeded (128 MiB)")
	wantValue(t, it, "(progn (setq *keep* nil) (length (make-array 4000000)))", "4000000")
}

// Garbage is not use: a loop that makes and drops large arrays runs on.
func TestMemoryCapIgnoresGarbage(t *testing.T) {
	it := memoryLimited()
	wantValue(t, it, "(let ((n 0)) (dotimes (i 40 n) (incf n (length (make-array 1000000)))))", "40000000")
}
