package session_test

import (
	"context"
	"testing"

	"github.com/nodelisp/nodelisp/session"
	"github.com/nodelisp/nodelisp/store"
)

// packagesForm shows the image's packages as a program sees them: which
// package is current, what a symbol of each package is bound to and how
// it prints, and the packages' exports, uses and shadows.
const packagesForm = `(list (package-name *package*)
	(funcall (find-symbol "AREA" :shapes) 3)
	(symbol-value (find-symbol "*UNIT*" :shapes))
	(prin1-to-string (find-symbol "HELPER" :shapes))
	(multiple-value-list (find-symbol "AREA" :shapes))
	(mapcar #'package-name (package-use-list :shapes))
	(mapcar #'symbol-name (package-shadowing-symbols :shapes))
	(package-nicknames :shapes)
	(documentation (find-package :shapes) t)
	(eq (find-symbol "AREA" :client) (find-symbol "AREA" :shapes))
	(funcall (find-symbol "REMOVE" :shapes) 1)
	(boundp (intern "*UNIT*" :cl-user)))`

func packagesSnapshot(t *testing.T, s *session.Session) string {
	t.Helper()
	res, err := s.Interpreter().Eval(context.Background(), packagesForm)
	if err != nil {
		t.Fatalf("packages: %v", err)
	}
	return res.Printed
}

// A head move, a resume and a fork bring an image's packages back
// exactly: their symbols, exports, uses, shadows and *package*.
func TestHeadMovesRestorePackages(t *testing.T) {
	eachBackend(t, func(t *testing.T, st store.Store) {
		ctx := context.Background()
		h := &imageHost{t: t, st: st}
		s := must[*session.Session](t)(session.Open(ctx, st, h.opts()))
		h.turn(s, `(defpackage :shapes (:use :cl) (:nicknames :shp) (:shadow #:remove)
			(:export #:area #:*unit*) (:documentation "figures"))
			(in-package :shapes)
			(defvar *unit* (list 'cm 'helper))
			(defun helper (k) (* k k))
			(defun area (k) (list (helper k) *unit*))
			(defun remove (x) (list :mine x))`)
		h.turn(s, `(defpackage :client (:use :cl :shapes)) (in-package :client) (defvar *n* 1)`)
		want := packagesSnapshot(t, s)
		const wantText = `("CLIENT" (9 (shapes::cm shapes::helper)) (shapes::cm shapes::helper) "SHAPES::HELPER" (shapes:area :external) ("COMMON-LISP") ("REMOVE") ("SHP") "figures" t (:mine 1) nil)`
		if want != wantText {
			t.Fatalf("before any move: %s\nwant %s", want, wantText)
		}
		h.turn(s, `(in-package :cl-user) (defpackage :later (:use :cl))`)

		must[session.Move](t)(s.Undo(ctx, session.UndoOptions{}))
		if got := packagesSnapshot(t, s); got != want {
			t.Errorf("undo: %s\nwant %s", got, want)
		}
		again := must[*session.Session](t)(session.Resume(ctx, st, s.ID(), h.opts()))
		if got := packagesSnapshot(t, again); got != want {
			t.Errorf("resume: %s\nwant %s", got, want)
		}
		fork := must[*session.Session](t)(s.Fork(ctx, "fork"))
		if got := packagesSnapshot(t, fork); got != want {
			t.Errorf("fork: %s\nwant %s", got, want)
		}
		if res, err := fork.Interpreter().Eval(ctx, `(find-package :later)`); err != nil || res.Printed != "nil" {
			t.Errorf("the undone package after the fork: %v %v", res.Printed, err)
		}
	})
}
