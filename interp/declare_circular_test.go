package interp_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/nodelisp/nodelisp/interp"
)

// A circular list of declarations, a function body of declarations that
// circles, or a circular list of names proclaimed declarations is an
// error, not an endless walk: none of these walks is in a loop that checks
// the cell's limits. Each case names a word its error must hold. The
// deadline is only how long to wait for an answer that takes microseconds.
func TestCircularDeclarationsAreErrors(t *testing.T) {
	for _, c := range []struct{ name, src, op string }{
		{"declare", `(let ((d (list 'declare '(ignorable x) '(frob x))))
		               (setf (cdr (last d)) (cdr d))
		               (eval (list 'let '((x 1)) d 'x)))`, "declare"},
		{"body", `(let ((b (list '(declare (ignorable x)))))
		            (setf (cdr b) b)
		            (funcall (eval (list* 'lambda '(x) b)) 1))`, "circular"},
		{"proclaim", `(let ((s (list 'declaration 'note-a 'note-b)))
		                (setf (cdr (last s)) (cdr s))
		                (proclaim s))`, "proclaim"},
	} {
		t.Run(c.name, func(t *testing.T) {
			done := make(chan error, 1)
			go func() {
				it := interp.New(interp.Options{})
				_, err := it.Eval(context.Background(), c.src)
				done <- err
			}()
			select {
			case err := <-done:
				if err == nil || !strings.Contains(err.Error(), c.op) {
					t.Fatalf("want an error saying %q, got %v", c.op, err)
				}
			case <-time.After(10 * time.Second):
				t.Fatal("no answer in 10 s: the walk over a circular list does not end")
			}
		})
	}
}
