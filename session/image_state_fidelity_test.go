package session_test

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/nodelisp/nodelisp/event"

	"github.com/nodelisp/nodelisp/internal/testdb"
	"github.com/nodelisp/nodelisp/session"
	"github.com/nodelisp/nodelisp/store/jsonl"
)

// evalPrinted evaluates form in s's image and returns what it printed.
func evalPrinted(t *testing.T, s *session.Session, form string) string {
	t.Helper()
	res, err := s.Interpreter().Eval(context.Background(), form)
	if err != nil {
		t.Fatalf("%s: %v", form, err)
	}
	return res.Printed
}

// Two globals sharing structure still share it after a head move and a
// resume, whether they were set in one turn or in two, and after a turn
// that mutated the shared part.
func TestSharingBetweenGlobalsKept(t *testing.T) {
	ctx := context.Background()
	st := testdb.SQLite(t)
	h := &imageHost{t: t, st: st}
	s := must[*session.Session](t)(session.Open(ctx, st, h.opts()))
	h.turn(s, `(defvar *a* (list 1 2)) (defvar *b* (cdr *a*))`)
	h.turn(s, `(defvar *c* (list "x" "y"))`)
	h.turn(s, `(defvar *d* (cdr *c*)) (defvar *e* (make-hash-table)) (setf (gethash 1 *e*) *c*)`)
	h.turn(s, `(setf (car *b*) 9)`)
	h.turn(s, `(+ 1 2)`)
	const form = `(list *a* (eq (cdr *a*) *b*) (eq (cdr *c*) *d*) (eq (gethash 1 *e*) *c*))`
	const want = `((1 9) t t t)`
	must[session.Move](t)(s.Undo(ctx, session.UndoOptions{}))
	if got := evalPrinted(t, s, form); got != want {
		t.Errorf("after undo: %s, want %s", got, want)
	}
	again := must[*session.Session](t)(session.Resume(ctx, st, s.ID(), h.opts()))
	if got := evalPrinted(t, again, form); got != want {
		t.Errorf("after resume: %s, want %s", got, want)
	}
	// Breaking the sharing is recorded too.
	h.turn(again, `(setf *b* (list 9))`)
	h.turn(again, `(+ 1 2)`)
	must[session.Move](t)(again.Undo(ctx, session.UndoOptions{}))
	if got := evalPrinted(t, again, `(list *a* *b* (eq (cdr *a*) *b*))`); got != `((1 9) (9) nil)` {
		t.Errorf("after the sharing was broken: %s", got)
	}
}

// A defconstant's value form does not run again on a head move or a
// resume; the constant is there with its value.
func TestDefconstantNotEvaluatedAgain(t *testing.T) {
	ctx := context.Background()
	st := testdb.SQLite(t)
	h := &imageHost{t: t, st: st}
	s := must[*session.Session](t)(session.Open(ctx, st, h.opts()))
	h.turn(s, `(defconstant +size+ (progn (count-init) 42)) (defconstant |lower| '(1 2))`)
	h.turn(s, `(+ 1 2)`)
	must[session.Move](t)(s.Undo(ctx, session.UndoOptions{}))
	const form = `(list +size+ (handler-case (eval '(setq +size+ 1)) (error () t)) |lower|)`
	if got := evalPrinted(t, s, form); got != "(42 t (1 2))" {
		t.Errorf("after undo: %s", got)
	}
	again := must[*session.Session](t)(session.Resume(ctx, st, s.ID(), h.opts()))
	if got := evalPrinted(t, again, form); got != "(42 t (1 2))" {
		t.Errorf("after resume: %s", got)
	}
	if h.inits != 1 {
		t.Errorf("the value form ran %d times, want once", h.inits)
	}
}

// A definition inside a let is recorded: its top-level form is evaluated
// again on a head move (a closure has no state text), and the move says
// so. A defvar inside a let is restored from its value, its initializer
// not run again.
func TestDefinitionsInsideLet(t *testing.T) {
	ctx := context.Background()
	st := testdb.SQLite(t)
	h := &imageHost{t: t, st: st}
	s := must[*session.Session](t)(session.Open(ctx, st, h.opts()))
	h.turn(s, `(let ((n 0)) (defun counter () (incf n)) (defun peek-counter () n))`)
	h.turn(s, `(let ((k 2)) (defvar *x* (progn (count-init) (* k 21))))`)
	h.turn(s, `(let ((seen (make-hash-table))) (defun remember (x) (setf (gethash x seen) t)) (defvar *y* (progn (count-init) 7)))`)
	h.turn(s, `(defgeneric describe-it (x)) (flet ((tag (x) (list :tag x))) (defmethod describe-it ((x integer)) (tag x)))`)
	h.turn(s, `(counter) (counter)`)
	h.turn(s, `(+ 1 2)`)
	mv := must[session.Move](t)(s.Undo(ctx, session.UndoOptions{}))
	if got := evalPrinted(t, s, `(describe-it 3)`); got != "(:tag 3)" {
		t.Errorf("the method defined inside a flet: %s", got)
	}
	if !strings.Contains(strings.Join(mv.Image, "\n"), "describe-it defined inside a flet") {
		t.Errorf("the move did not name the method: %q", mv.Image)
	}
	if got := evalPrinted(t, s, `(list (counter) (peek-counter) *x* *y* (remember 3))`); got != "(1 1 42 7 t)" {
		t.Errorf("after undo: %s", got)
	}
	notes := strings.Join(mv.Image, "\n")
	if !strings.Contains(notes, "counter, peek-counter defined inside a let: its whole form was evaluated again") {
		t.Errorf("the move did not say it evaluated counter's form again: %q", mv.Image)
	}
	if h.inits != 2 {
		t.Errorf("initializers ran %d times, want twice (once each)", h.inits)
	}
	again := must[*session.Session](t)(session.Resume(ctx, st, s.ID(), h.opts()))
	if got := evalPrinted(t, again, `(list (counter) *x* *y*)`); got != "(1 42 7)" {
		t.Errorf("after resume: %s", got)
	}
	if h.inits != 2 {
		t.Errorf("initializers ran %d times after resume, want twice", h.inits)
	}
}

// A session from before state records (its log has none) is rebuilt by
// replay; the full record written after that keeps the replayed
// definitions, so a later head move onto a newer turn still has them.
func TestLegacySessionKeepsDefinitions(t *testing.T) {
	ctx := context.Background()
	src := testdb.SQLite(t)
	h := &imageHost{t: t, st: src}
	s := must[*session.Session](t)(session.Open(ctx, src, h.opts()))
	h.turn(s, `(defun sq (x) (* x x)) (defvar *n* 3) (defstruct pt x)`)
	var buf, legacy bytes.Buffer
	if _, err := jsonl.Export(ctx, src, &buf, jsonl.ExportOptions{Sessions: []string{s.ID()}}); err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.SplitAfter(buf.String(), "\n") {
		if !strings.Contains(line, `"kind":"`+event.KindState+`"`) {
			legacy.WriteString(line)
		}
	}
	dst := testdb.SQLite(t)
	if _, err := jsonl.Import(ctx, dst, &legacy, jsonl.ImportOptions{}); err != nil {
		t.Fatal(err)
	}
	again := must[*session.Session](t)(session.Resume(ctx, dst, s.ID(), h.opts()))
	h.turn(again, `(setf *n* 4)`)
	h.turn(again, `(+ 1 2)`)
	must[session.Move](t)(again.Undo(ctx, session.UndoOptions{}))
	if got := evalPrinted(t, again, `(list (sq *n*) (pt-x (make-pt :x 1)))`); got != "(16 1)" {
		t.Errorf("after undo: %s", got)
	}
	third := must[*session.Session](t)(session.Resume(ctx, dst, s.ID(), h.opts()))
	if got := evalPrinted(t, third, `(list (sq *n*) (pt-x (make-pt :x 1)))`); got != "(16 1)" {
		t.Errorf("after resume: %s", got)
	}
}
