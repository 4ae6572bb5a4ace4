package builtins

import (
	"context"
	"io"
	"testing"

	"github.com/nodelisp/nodelisp/eval"
)

// benchDivideLoop runs src, a loop of 10,000 iterations, once per op.
func benchDivideLoop(b *testing.B, src string) {
	b.Helper()
	in := eval.New(eval.Limits{})
	Install(in)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := in.EvalString(context.Background(), src, io.Discard); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkFloorTwoValues is the shape of exercism's palindrome-products:
// both values of floor taken by multiple-value-bind in a hot loop, with
// quotients and remainders outside the small-integer cache.
func BenchmarkFloorTwoValues(b *testing.B) {
	benchDivideLoop(b, `(let ((s 0))
  (dotimes (i 10000 s)
    (multiple-value-bind (q r) (floor (* i 100003) 7)
      (setq s (+ s q r)))))`)
}

// BenchmarkTruncateTwoValues is the same loop with truncate.
func BenchmarkTruncateTwoValues(b *testing.B) {
	benchDivideLoop(b, `(let ((s 0))
  (dotimes (i 10000 s)
    (multiple-value-bind (q r) (truncate (* i 100003) 7)
      (setq s (+ s q r)))))`)
}

// BenchmarkModLoop is the loop with mod alone, what floor should approach.
func BenchmarkModLoop(b *testing.B) {
	benchDivideLoop(b, `(let ((s 0))
  (dotimes (i 10000 s)
    (setq s (+ s (mod (* i 100003) 7)))))`)
}
