package builtins

import (
	"context"
	"io"
	"testing"

	"github.com/nodelisp/nodelisp/eval"
)

// Generic dispatch in a loop against the same work done by an ordinary
// function: the gap is what the dispatch cache leaves of CLOS's cost.

const closBenchDefs = `
(defclass shape () ())
(defclass circle (shape) ((r :initarg :r :reader r)))
(defclass square (shape) ((s :initarg :s :reader s)))
(defgeneric area (x))
(defmethod area ((c circle)) (* 3 (r c) (r c)))
(defmethod area ((q square)) (* (s q) (s q)))
(defun plain-area (x) (if (typep x 'circle) (* 3 (slot-value x 'r) (slot-value x 'r)) (* (slot-value x 's) (slot-value x 's))))
(defvar *shapes* (list (make-instance 'circle :r 2) (make-instance 'square :s 3)))
`

func benchLoop(b *testing.B, loop string) {
	in := eval.New(eval.Limits{})
	Install(in)
	if _, err := in.EvalString(context.Background(), closBenchDefs, io.Discard); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := in.EvalString(context.Background(), loop, io.Discard); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkGenericCall is 10,000 calls of a generic function alternating
// between two classes (each call also two reader generic calls).
func BenchmarkGenericCall(b *testing.B) {
	benchLoop(b, `(let ((n 0)) (dotimes (i 5000) (dolist (x *shapes*) (incf n (area x)))) n)`)
}

// BenchmarkPlainCall is the same loop through an ordinary function.
func BenchmarkPlainCall(b *testing.B) {
	benchLoop(b, `(let ((n 0)) (dotimes (i 5000) (dolist (x *shapes*) (incf n (plain-area x)))) n)`)
}

// BenchmarkStructAccess is 10,000 constructions and slot reads of a
// structure.
func BenchmarkStructAccess(b *testing.B) {
	benchLoop(b, `(progn (defstruct bpt x y) (let ((n 0)) (dotimes (i 10000) (let ((p (make-bpt :x i :y 1))) (incf n (+ (bpt-x p) (bpt-y p))))) n))`)
}
