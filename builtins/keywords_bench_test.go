package builtins

import (
	"context"
	"io"
	"testing"

	"github.com/nodelisp/nodelisp/eval"
)

// BenchmarkKeywordCalls is 1,000 calls of builtins that take keywords,
// two or three each: what unpacking their arguments costs a loop.
func BenchmarkKeywordCalls(b *testing.B) {
	in := eval.New(eval.Limits{})
	Install(in)
	const loop = `(let ((l (list (cons 1 :a) (cons 2 :b) (cons 3 :c))) (n 0))
  (dotimes (i 1000 n)
    (when (assoc 2 l :test #'eql :key #'identity) (incf n))
    (make-hash-table :test 'equal :size 10)))`
	b.ReportAllocs()
	for b.Loop() {
		if _, err := in.EvalString(context.Background(), loop, io.Discard); err != nil {
			b.Fatal(err)
		}
	}
}
