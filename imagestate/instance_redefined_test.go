package imagestate

import (
	"context"
	"testing"

	"github.com/nodelisp/nodelisp/builtins"
	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
)

// An instance whose class was redefined with more slots since it was
// last used is written by the names of the slots it holds, keeping those
// its class still has: never an index past its slots, nor a value under
// another slot's name.
func TestInstanceOfRedefinedClass(t *testing.T) {
	image := eval.New(eval.Limits{})
	builtins.Install(image)
	src := `(defclass ir-a () ((x :initarg :x) (gone :initarg :gone)))
(defvar *ir* (make-instance 'ir-a :x 1 :gone 2))
(defclass ir-a () ((w :initform 0) (v :initform 0) (x :initarg :x)))
*ir*`
	res, err := image.EvalString(context.Background(), src, nil)
	if err != nil {
		t.Fatal(err)
	}
	x, ok := res.Value.(*lisp.Instance)
	if !ok {
		t.Fatalf("got %s, want an instance", lisp.Prin1ToString(res.Value))
	}
	text, err := Print(x)
	if err != nil {
		t.Fatal(err)
	}
	if want := "#I(IR-A X 1)"; text != want {
		t.Errorf("printed %q, want %q", text, want)
	}
}
