package session_test

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/nodelisp/nodelisp/event"

	"github.com/nodelisp/nodelisp/builtins"
	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/imagestate"
	"github.com/nodelisp/nodelisp/internal/testdb"
	"github.com/nodelisp/nodelisp/interp"
	"github.com/nodelisp/nodelisp/lisp"
	"github.com/nodelisp/nodelisp/session"
	"github.com/nodelisp/nodelisp/store"
	"github.com/nodelisp/nodelisp/store/jsonl"
)

// imageHost opens sessions whose images count how often (count-init) ran:
// the initializers below call it, so a restore that ran one again shows.
type imageHost struct {
	t     *testing.T
	st    store.Store
	inits int
}

func (h *imageHost) opts() session.Options {
	o := opts("")
	o.Home = h.t.TempDir()
	o.Setup = func(_ *session.Session, it *interp.Interpreter) {
		it.Evaluator().Define(&eval.Builtin{Name: "count-init", Min: 0, Max: 0, Args: "()",
			Fn: func(*eval.Thread, []lisp.Value) lisp.Value { h.inits++; return lisp.Nil }})
	}
	return o
}

func (h *imageHost) turn(s *session.Session, code string) int64 {
	h.t.Helper()
	tn, err := s.RunTurn(context.Background(), code, session.TurnOptions{})
	if err != nil {
		h.t.Fatal(err)
	}
	if tn.Cell.Error {
		h.t.Fatalf("%s: %s", code, tn.Cell.Text)
	}
	return tn.Input
}

// globals is the state text of the globals the tests watch, with the
// checks of sharing and of the restored definitions: printed from the
// image, so later mutation of the image cannot change a snapshot.
const globalsForm = `(list *total* *s* *shared* (eq (first *shared*) (second *shared*)) *table* *p* (point-x *p*) (area 3)
	(type-of *acct*) (owner *acct*) (balance *acct*) *tail* (eq *tail* (second *shared*)) +limit+ (bump 1))`

func imageSnapshot(t *testing.T, s *session.Session) string {
	t.Helper()
	res, err := s.Interpreter().Eval(context.Background(), globalsForm)
	if err != nil {
		t.Fatalf("globals: %v", err)
	}
	text, err := imagestate.Print(res.Value)
	if err != nil {
		t.Fatal(err)
	}
	return text
}

// wantImage checks the image against a snapshot, by equalp and by state
// text (which also compares sharing), and that no initializer ran again.
func (h *imageHost) wantImage(s *session.Session, want string, what string) {
	h.t.Helper()
	res, err := s.Interpreter().Eval(context.Background(), globalsForm)
	if err != nil {
		h.t.Fatalf("%s: globals: %v", what, err)
	}
	wantValue, err := imagestate.ReadIn(want, func(name *lisp.Symbol) (*lisp.Class, bool) {
		return builtins.StructureOrClass(s.Interpreter().Evaluator(), name)
	})
	if err != nil {
		h.t.Fatal(err)
	}
	if !lisp.Equalp(wantValue, res.Value) {
		h.t.Errorf("%s: image is %s, want %s", what, lisp.Prin1ToString(res.Value), lisp.Prin1ToString(wantValue))
	}
	if got := imageSnapshot(h.t, s); got != want {
		h.t.Errorf("%s: state text\n%s\nwant\n%s", what, got, want)
	}
	if h.inits != 2 {
		h.t.Errorf("%s: initializers ran %d times, want twice (once each)", what, h.inits)
	}
}

var setupCells = []string{
	`(defvar *total* 0)`,
	`(defvar *table* (progn (count-init) (make-hash-table :test 'equal)))`,
	`(defvar *s* "hello") (defvar *shared* (let ((x (list 1 2))) (list x x)))`,
	`(defvar *tail* (second *shared*)) (defconstant +limit+ (progn (count-init) 99))`,
	`(let ((step 5)) (defun bump (x) (+ x step)))`,
	`(defstruct point x y) (defun area (k) (* k (point-x *p*) (point-y *p*)))`,
	`(defvar *p* (make-point :x 1 :y 2))`,
	`(defclass account () ((owner :initarg :owner :reader owner) (balance :initarg :balance :initform 0 :accessor balance)))
	 (defvar *acct* (make-instance 'account :owner "ann"))`,
}

// build runs the setup turns, then five turns that each add 5 to *total*
// and fill the table in a loop, returning the turns' seqs and snapshots.
func (h *imageHost) build(s *session.Session) (turns []int64, snaps []string) {
	for _, c := range setupCells {
		h.turn(s, c)
	}
	for i := 0; i < 5; i++ {
		turns = append(turns, h.turn(s, `(incf *total* 5)
			(loop for i below 20 do (setf (gethash (format nil "k~a" i) *table*) (+ i *total*)))
			(setf *s* (concatenate 'string *s* "!"))
			(setf (point-x *p*) *total*)
			(push *total* (first *shared*))
			(setf (car *tail*) *total*)
			(incf (balance *acct*) 5)`))
		snaps = append(snaps, imageSnapshot(h.t, s))
	}
	return turns, snaps
}

func TestHeadMovesRestoreValues(t *testing.T) {
	eachBackend(t, func(t *testing.T, st store.Store) {
		ctx := context.Background()
		h := &imageHost{t: t, st: st}
		s := must[*session.Session](t)(session.Open(ctx, st, h.opts()))
		turns, snaps := h.build(s)
		if !strings.Contains(snaps[4], "(25 ") {
			t.Fatalf("after five turns: %s", snaps[4])
		}
		after := h.turn(s, `(setf *total* 1000 *s* "gone") (clrhash *table*) (setf (point-y *p*) 0) (setf (second *shared*) nil) (defun area (k) k) (setf (balance *acct*) -7)`)
		changed := imageSnapshot(t, s)

		mv := must[session.Move](t)(s.Undo(ctx, session.UndoOptions{}))
		if mv.To != turns[4] {
			t.Fatalf("undo went to %d, want %d", mv.To, turns[4])
		}
		h.wantImage(s, snaps[4], "undo")
		must[session.Move](t)(s.Redo(ctx, session.UndoOptions{}))
		h.wantImage(s, changed, "redo")
		if s.Head() != after {
			t.Fatalf("redo head %d, want %d", s.Head(), after)
		}
		must[session.Move](t)(s.Continue(ctx, turns[2]))
		h.wantImage(s, snaps[2], "/tree N")
		must[session.Move](t)(s.Rewind(ctx, turns[4], session.UndoOptions{}))
		h.wantImage(s, snaps[4], "rewind")

		again := must[*session.Session](t)(session.Resume(ctx, st, s.ID(), h.opts()))
		h.wantImage(again, snaps[4], "resume")

		fork := must[*session.Session](t)(s.Fork(ctx, "fork"))
		h.wantImage(fork, snaps[4], "fork")
		h.turn(fork, `(setf *total* -1)`)
		h.wantImage(s, snaps[4], "the parent after the fork's turn")
		forkAgain := must[*session.Session](t)(session.Resume(ctx, st, fork.ID(), h.opts()))
		if got := imageSnapshot(t, forkAgain); !strings.HasPrefix(got, "(-1 ") {
			t.Errorf("resumed fork: %s", got)
		}
	})
}

// The example: five increments, an unrelated cell, then undo.
func TestUndoKeepsEarlierTurnsValues(t *testing.T) {
	eachBackend(t, func(t *testing.T, st store.Store) {
		ctx := context.Background()
		h := &imageHost{t: t, st: st}
		s := must[*session.Session](t)(session.Open(ctx, st, h.opts()))
		h.turn(s, "(defvar *total* 0)")
		for i := 0; i < 5; i++ {
			h.turn(s, "(incf *total* 5)")
		}
		h.turn(s, "(+ 1 2)")
		must[session.Move](t)(s.Undo(ctx, session.UndoOptions{}))
		var total int64
		if err := s.Interpreter().Get("*total*", &total); err != nil || total != 25 {
			t.Errorf("*total* after undo = %d (%v), want 25", total, err)
		}
	})
}

// A session exported from one backend and imported into the other resumes
// with the same image.
func TestExportImportKeepsImage(t *testing.T) {
	ctx := context.Background()
	backends := testdb.Backends()
	for i, from := range backends {
		to := backends[1-i]
		t.Run(from.Name+"-to-"+to.Name, func(t *testing.T) {
			src := from.Open(t)
			h := &imageHost{t: t, st: src}
			s := must[*session.Session](t)(session.Open(ctx, src, h.opts()))
			_, snaps := h.build(s)
			var buf bytes.Buffer
			if _, err := jsonl.Export(ctx, src, &buf, jsonl.ExportOptions{Sessions: []string{s.ID()}}); err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(buf.String(), `"`+event.KindState+`"`) {
				t.Fatal("the export holds no state records")
			}
			dst := to.Open(t)
			if _, err := jsonl.Import(ctx, dst, &buf, jsonl.ImportOptions{}); err != nil {
				t.Fatal(err)
			}
			again := must[*session.Session](t)(session.Resume(ctx, dst, s.ID(), h.opts()))
			h.wantImage(again, snaps[4], "imported")
		})
	}
}

// Values with no state text are evaluated again from the forms that set
// them, and the head move says so.
func TestUnreadableValueIsEvaluatedAgain(t *testing.T) {
	ctx := context.Background()
	st := testdb.SQLite(t)
	h := &imageHost{t: t, st: st}
	s := must[*session.Session](t)(session.Open(ctx, st, h.opts()))
	h.turn(s, `(defvar *double* (lambda (x) (* 2 x)))`)
	h.turn(s, `(defvar *counter* (let ((n 0)) (lambda () (incf n))))`)
	h.turn(s, `(funcall *counter*)`)
	mv := must[session.Move](t)(s.Undo(ctx, session.UndoOptions{}))
	res, err := s.Interpreter().Eval(ctx, `(list (funcall *double* 21) (funcall *counter*))`)
	if err != nil || res.Printed != "(42 1)" {
		t.Errorf("after undo: %s %v", res.Printed, err)
	}
	joined := strings.Join(mv.Image, "\n")
	if !strings.Contains(joined, "*double* evaluated again") || !strings.Contains(joined, "*counter* evaluated again") {
		t.Errorf("the move did not say what it evaluated again: %q", mv.Image)
	}
}

// A makunbound is recorded, and a variable set only through a function
// has no form to evaluate again: the move says it is not restored.
func TestUnboundAndUnrestorable(t *testing.T) {
	ctx := context.Background()
	st := testdb.SQLite(t)
	h := &imageHost{t: t, st: st}
	s := must[*session.Session](t)(session.Open(ctx, st, h.opts()))
	h.turn(s, `(defvar *gone* 1) (defun set-f () (setf *f* (lambda () 1)))`)
	h.turn(s, `(makunbound '*gone*) (defvar *f* nil)`)
	h.turn(s, `(set-f)`)
	h.turn(s, `(+ 1 1)`)
	mv := must[session.Move](t)(s.Undo(ctx, session.UndoOptions{}))
	if res, _ := s.Interpreter().Eval(ctx, `(boundp '*gone*)`); res.Printed != "nil" {
		t.Errorf("*gone* bound again: %s", res.Printed)
	}
	if !strings.Contains(strings.Join(mv.Image, "\n"), "*f* not restored") {
		t.Errorf("move notes %q", mv.Image)
	}
}

// Past fullEvery records a full one cuts the chain; the state after a head
// move across it and after a resume is still the recorded one.
func TestLongChainsRestore(t *testing.T) {
	ctx := context.Background()
	st := testdb.SQLite(t)
	h := &imageHost{t: t, st: st}
	s := must[*session.Session](t)(session.Open(ctx, st, h.opts()))
	h.turn(s, `(defvar *log* nil) (defvar *table* (progn (count-init) (make-hash-table)))`)
	var turns []int64
	for i := 0; i < 100; i++ {
		turns = append(turns, h.turn(s, `(push (length *log*) *log*) (setf (gethash (length *log*) *table*) *log*)`))
	}
	// The table's values are *log*'s conses: the two globals are one
	// group, across full records too.
	const form = `(list (length *log*) (hash-table-count *table*) (eq (gethash 40 *table*) (nthcdr 60 (gethash 100 *table*))) (eq *log* (gethash (length *log*) *table*)))`
	must[session.Move](t)(s.Continue(ctx, turns[39]))
	if res, _ := s.Interpreter().Eval(ctx, form); res.Printed != "(40 40 nil t)" {
		t.Errorf("at turn 40: %s", res.Printed)
	}
	must[session.Move](t)(s.Continue(ctx, turns[99]))
	again := must[*session.Session](t)(session.Resume(ctx, st, s.ID(), h.opts()))
	if res, _ := again.Interpreter().Eval(ctx, form); res.Printed != "(100 100 t t)" {
		t.Errorf("resumed at turn 100: %s", res.Printed)
	}
	if h.inits != 1 {
		t.Errorf("initializer ran %d times", h.inits)
	}
}

// An instance change-class gave another class, of another layout, is
// saved with it: a resume reads the new class and slots, and undo brings
// back the instance as it was.
func TestChangeClassSurvivesResumeAndUndo(t *testing.T) {
	eachBackend(t, func(t *testing.T, st store.Store) {
		ctx := context.Background()
		h := &imageHost{t: t, st: st}
		s := must[*session.Session](t)(session.Open(ctx, st, h.opts()))
		h.turn(s, `(defclass narrow () ((a :initarg :a)))
			(defclass wide () ((z :initform 'zed) (a :initarg :a) (b :initform 'bee)))
			(defvar *obj* (make-instance 'narrow :a 1))`)
		h.turn(s, `(change-class *obj* 'wide)`)
		const probe = `(list (type-of *obj*) (slot-value *obj* 'a) (slot-exists-p *obj* 'b) (and (slot-exists-p *obj* 'b) (slot-value *obj* 'b)))`
		view := func(s *session.Session, what string) string {
			t.Helper()
			res, err := s.Interpreter().Eval(ctx, probe)
			if err != nil {
				t.Fatalf("%s: %v", what, err)
			}
			return res.Printed
		}
		if got, want := view(s, "after change-class"), "(wide 1 t bee)"; got != want {
			t.Fatalf("after change-class: %s, want %s", got, want)
		}
		again := must[*session.Session](t)(session.Resume(ctx, st, s.ID(), h.opts()))
		if got, want := view(again, "resume"), "(wide 1 t bee)"; got != want {
			t.Errorf("resumed: %s, want %s", got, want)
		}
		must[session.Move](t)(s.Undo(ctx, session.UndoOptions{}))
		if got, want := view(s, "undo"), "(narrow 1 nil nil)"; got != want {
			t.Errorf("after undo: %s, want %s", got, want)
		}
	})
}
