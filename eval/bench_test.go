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

// benchFast is benchEval in fastInterp, whose builtins take the fast
// calling paths.
func benchFast(b *testing.B, setup, src string) {
	in := fastInterp()
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

// BenchmarkBigFixnums is open-coded arithmetic whose results are outside
// the small-integer cache (boxed in the thread's blocks).
func BenchmarkBigFixnums(b *testing.B) {
	benchEval(b, "(defun sq (i s) (if (>= i 1000000) s (sq (1+ i) (+ s (* i i)))))", "(sq 100000 0)")
}

// BenchmarkBorrowedArgs calls a builtin that borrows its argument slice.
func BenchmarkBorrowedArgs(b *testing.B) {
	benchFast(b, "(defun bs (i acc) (if (>= i 1000000) acc (bs (1+ i) (sum acc 1 2))))", "(bs 0 0)")
}

// BenchmarkCallFromGo calls a closure through Thread.Call, as mapcar does.
func BenchmarkCallFromGo(b *testing.B) {
	benchFast(b, "(defun cg (i f) (if (>= i 1000000) i (progn (call-with f i) (cg (1+ i) f))))", "(cg 0 (lambda (x) x))")
}
