package interp_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/nodelisp/nodelisp/interp"
	"github.com/nodelisp/nodelisp/lisp"
)

// Long builtins stop when the cell is cancelled: a timeout of 100 ms ends
// each within a second (a 10x margin on the 100 ms), where before
// they ran for tens of seconds (issue 23).
func TestLongBuiltinsStopOnTimeout(t *testing.T) {
	for _, src := range []string{
		"(isqrt (expt 10 4000000))",
		"(lcm (1+ (ash 1 8000000)) (1- (ash 1 8000001)))",
		`(length (format nil "~d" (expt 10 4000000)))`,
		`(length (princ-to-string (expt 7 4000000)))`,
		"(length (sort (let ((l nil)) (dotimes (i 3000000 l) (push (random 1000000) l))) #'<))",
	} {
		it := interp.New(interp.Options{})
		ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
		start := time.Now()
		_, err := it.Eval(ctx, src)
		took := time.Since(start)
		cancel()
		var c *lisp.Condition
		if !errors.As(err, &c) || c.Class != lisp.ClassLimit {
			t.Errorf("%s: got %v, want the timeout", src, err)
		}
		t.Logf("%s: stopped after %v", src, took)
		if took > time.Second {
			t.Errorf("%s: took %v to stop after a 100 ms timeout", src, took)
		}
	}
}
