package interp_test

import (
	"context"
	"fmt"
	"io"
	"runtime"
	"testing"

	"github.com/nodelisp/nodelisp/interp"
)

// TestConsBlocksDoNotChainRounds checks that lists made in blocks of
// conses (lisp.ConsBlock: reverse, mapcar, remove-if-not) do not keep
// earlier lists alive. Each round builds fresh lists and keeps only the
// last round's result, so the live heap after 24 rounds must be what it is
// after 2. When one block was shared by every cons a thread made, each
// round's first conses shared a block with the previous round's reversed
// list, and every round stayed reachable.
func TestConsBlocksDoNotChainRounds(t *testing.T) {
	const prog = `(defparameter *keep* nil)
(defun iota (n) (let ((acc nil)) (dotimes (i n) (push i acc)) (reverse acc)))
(defun rounds (k)
  (dotimes (r k)
    (let* ((xs (iota 20000))
           (ys (mapcar (lambda (x) (* x 2)) xs)))
      (setq *keep* (remove-if-not #'evenp ys)))))`
	live := func(rounds int) uint64 {
		it := interp.New(interp.Options{Stdout: io.Discard})
		if _, err := it.Eval(context.Background(), prog); err != nil {
			t.Fatal(err)
		}
		if _, err := it.Eval(context.Background(), fmt.Sprintf("(rounds %d) nil", rounds)); err != nil {
			t.Fatal(err)
		}
		runtime.GC()
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		runtime.KeepAlive(it)
		return m.HeapAlloc
	}
	live(2) // warm the library's groups, so both counts include them
	few, many := live(2), live(24)
	// One round's lists are 60,000 conses (about 2 MB); 24 chained
	// rounds would hold over 40 MB more.
	if many > few+4<<20 {
		t.Errorf("live heap after 24 rounds is %d bytes, after 2 it is %d: earlier rounds' lists stay reachable", many, few)
	}
}
