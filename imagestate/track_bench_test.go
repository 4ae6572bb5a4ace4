package imagestate

import (
	"context"
	"fmt"
	"testing"

	"github.com/nodelisp/nodelisp/interp"
	"github.com/nodelisp/nodelisp/lisp"
)

// BenchmarkStateCheck200Globals is the part of a turn state records add:
// comparing 200 globals (numbers, strings, lists, 20 hash tables of 20
// entries) with their last record after a cell that changed one number;
// "shared" adds 40 globals each holding the tail of one of the lists, so
// 40 pairs are checked as groups.
func BenchmarkStateCheck200Globals(b *testing.B) {
	b.Run("alone", func(b *testing.B) { benchStateCheck(b, false) })
	b.Run("shared", func(b *testing.B) { benchStateCheck(b, true) })
}

func benchStateCheck(b *testing.B, shared bool) {
	ctx := context.Background()
	it := interp.New(interp.Options{})
	image := it.Evaluator()
	st := NewTracker(image)
	for i := 0; i < 200; i++ {
		code := fmt.Sprintf(`(defvar *g%d* (list %d :a "b" (list 1 2 3)))`, i, i)
		switch i % 10 {
		case 0:
			code = fmt.Sprintf(`(defvar *g%d* (make-hash-table :test 'equal)) (dotimes (k 20) (setf (gethash (format nil "key~a" k) *g%d*) (list k "v")))`, i, i)
		case 1, 2, 3:
			code = fmt.Sprintf(`(defvar *g%d* %d)`, i, i)
		case 4, 5:
			code = fmt.Sprintf(`(defvar *g%d* "string number %d")`, i, i)
		}
		if shared && i%10 >= 6 {
			code += fmt.Sprintf(` (defvar *tail%d* (cdr *g%d*))`, i, i)
		}
		if _, err := it.Eval(ctx, code); err != nil {
			b.Fatal(err)
		}
		st.changes(image, nil, nil)
	}
	if shared && len(st.vars[lisp.Intern("*TAIL6*")].group.Names) != 2 {
		b.Fatal("*tail6* is not in a group")
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := it.Eval(ctx, "(incf *g1*)"); err != nil {
			b.Fatal(err)
		}
		if _, ok := st.changes(image, nil, nil); !ok {
			b.Fatal("no change seen")
		}
	}
}
