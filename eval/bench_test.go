package eval

import (
	"context"
	"testing"
)

func benchEval(b *testing.B, setup, src string) {
	in := newTestInterp()
	if _, err := in.EvalString(context.Background(), setup, nil); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		if _, err := in.EvalString(context.Background(), src, nil); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkFib(b *testing.B) {
	benchEval(b, "(defun fib (n) (if (< n 2) n (+ (fib (- n 1)) (fib (- n 2)))))", "(fib 25)")
}

func BenchmarkLoop(b *testing.B) {
	benchEval(b, "", "(let ((i 0) (s 0)) (tagbody top (when (>= i 3000000) (go end)) (setq s (+ s i)) (setq i (1+ i)) (go top) end) s)")
}

func BenchmarkSimpleLoop(b *testing.B) {
	benchEval(b, "", "(let ((i 0) (s 0)) (loop (when (>= i 3000000) (return s)) (setq s (+ s i)) (setq i (1+ i))))")
}

func BenchmarkTailLoop(b *testing.B) {
	benchEval(b, "(defun tl (i s) (if (>= i 1000000) s (tl (1+ i) (+ s i))))", "(tl 0 0)")
}

func BenchmarkListBuild(b *testing.B) {
	benchEval(b, "(defun build (n acc) (if (= n 0) acc (build (- n 1) (cons n acc)))) (defun len (l n) (if (null l) n (len (cdr l) (+ n 1))))", "(len (build 100000 nil) 0)")
}
