package interp_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/nodelisp/nodelisp/interp"
	"github.com/nodelisp/nodelisp/lisp"
)

// Set-up forms for the walks below: circular lists (through the cdr and
// through the car) and structure nested 200,000 deep.
const (
	circ   = "(defparameter *c* (let ((x (list 1 2))) (setf (cdr (cdr x)) x) x)) (defparameter *d* (let ((x (list 1 2))) (setf (cdr (cdr x)) x) x))"
	carCyc = "(defparameter *a* (let ((x (list 1 2))) (setf (car x) x) x)) (defparameter *b* (let ((x (list 1 2))) (setf (car x) x) x))"
	deep   = "(defparameter *n* (let ((x nil)) (dotimes (i 200000 x) (setq x (list x))))) (defparameter *m* (let ((x nil)) (dotimes (i 200000 x) (setq x (list x)))))"
	deepV  = "(defparameter *v* (let ((x nil)) (dotimes (i 200000 x) (setq x (vector x))))) (defparameter *w* (let ((x nil)) (dotimes (i 200000 x) (setq x (vector x)))))"
)

// Builtins that walk user data end a circular or very deep structure with
// a clear condition, never a loop or Go's fatal stack overflow (issue 23).
// Circularity where CL makes it an error is an error; a depth past the
// bound is an evaluation limit, which ignore-errors does not swallow.
func TestWalksEndOnCircularAndDeepData(t *testing.T) {
	tests := []struct {
		setup, src string
		want       string
		limit      bool // an evaluation-limit, not an error
	}{
		{circ, "(equal *c* *d*)", "equal: the list is circular", false},
		{circ, "(equalp *c* *d*)", "equalp: the list is circular", false},
		{circ, "(tree-equal *c* *d*)", "tree-equal: the list is circular", false},
		{circ, "(copy-list *c*)", "copy-list: the list is circular", false},
		{circ, "(copy-tree *c*)", "copy-tree: the list is circular", false},
		{circ, "(reverse *c*)", "reverse: the list is circular", false},
		{circ, "(append *c* '(3))", "append: the list is circular", false},
		{circ, "(last *c*)", "last: the list is circular", false},
		{circ, "(member 3 *c*)", "member: the list is circular", false},
		{circ, "(assoc 3 (let ((x (list '(1 . 2)))) (setf (cdr x) x) x))", "assoc: the list is circular", false},
		{circ, "(getf (let ((x (list :a 1))) (setf (cdr (cdr x)) x) x) :b)", "getf: the list is circular", false},
		{circ, "(subst 9 3 *c*)", "subst: the list is circular", false},
		{circ, "(apply #'+ *c*)", "apply: the list is circular", false},
		{circ, "(destructuring-bind (a &rest b) *c* b)", "destructuring-bind: the list is circular", false},
		{circ, `(format nil "~{~a~}" *c*)`, "format: the list is circular", false},
		{carCyc, "(equal *a* *b*)", "equal: the structure is nested deeper than 100000 levels", true},
		{carCyc, "(copy-tree *a*)", "copy-tree: the structure is nested deeper than 100000 levels", true},
		{carCyc, "(subst 9 3 *a*)", "subst: the structure is nested deeper than 100000 levels", true},
		{carCyc, "(ignore-errors (tree-equal *a* *b*))", "tree-equal: the structure is nested deeper than 100000 levels", true},
		{deep, "(ignore-errors (equal *n* *m*))", "equal: the structure is nested deeper", true},
		{deep, "(copy-tree *n*)", "copy-tree: the structure is nested deeper", true},
		{deepV, "(equalp *v* *w*)", "equalp: the structure is nested deeper", true},
		{"(defmacro m (x) `(progn (m ,x)))", "(m 1)", "macroexpand: top-level progn forms nested deeper than", true},
	}
	for _, tc := range tests {
		it := interp.New(interp.Options{})
		if _, err := it.Eval(context.Background(), tc.setup); err != nil {
			t.Fatalf("%s: %v", tc.setup, err)
		}
		_, err := it.Eval(context.Background(), tc.src)
		var c *lisp.Condition
		if !errors.As(err, &c) || !strings.Contains(c.Message, tc.want) {
			t.Errorf("%s: got %v, want %q", tc.src, err, tc.want)
			continue
		}
		if (c.Class == lisp.ClassLimit) != tc.limit {
			t.Errorf("%s: condition class %v, want evaluation-limit %v", tc.src, c.Class, tc.limit)
		}
	}
}

// What CL defines on circular lists still works: list-length says nil,
// nth goes round the cycle, and a long list (longer than the depth bound)
// is no deep structure.
func TestWalksKeepWhatCLAllows(t *testing.T) {
	for src, want := range map[string]string{
		"(let ((x (list 1 2 3))) (setf (cdr (cdr (cdr x))) x) (list (list-length x) (nth 100000000000 x) (nth 4 x) (car (nthcdr 6 x))))": "(nil 2 2 1)",
		"(length (subst 0 1 (make-list 300000 :initial-element 1)))":                                                                     "300000",
		"(length (copy-tree (make-list 300000 :initial-element '(1))))":                                                                  "300000",
		"(equal (make-list 300000 :initial-element '(1)) (make-list 300000 :initial-element '(1)))":                                      "t",
		"(let ((l (list 1 (list 2 3) 4))) (eq (cddr (subst 9 2 l)) (cddr l)))":                                                           "t",
	} {
		res, err := interp.New(interp.Options{}).Eval(context.Background(), src)
		if err != nil || res.Printed != want {
			t.Errorf("%s: got %s, %v; want %s", src, res.Printed, err, want)
		}
	}
}

// A predicate that shrinks the vector it is searching must not reach past
// the vector's end (issue 23).
func TestSearchSurvivesAShrinkingVector(t *testing.T) {
	for _, op := range []string{"find", "count", "position"} {
		for _, from := range []string{"", " :from-end t"} {
			src := "(let ((v (make-array 6 :fill-pointer 6 :initial-contents '(1 2 3 4 5 6)))) (" + op + " 9 v :test (lambda (a b) (vector-pop v) nil)" + from + "))"
			if _, err := interp.New(interp.Options{}).Eval(context.Background(), src); err != nil {
				t.Errorf("%s: %v", src, err)
			}
		}
	}
}
