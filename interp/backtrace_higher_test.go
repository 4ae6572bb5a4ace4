package interp_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/nodelisp/nodelisp/interp"
)

// A builtin that calls a function once per element (mapcar, reduce, every,
// …) hands each call the position of the builtin's own call form. The
// function fails on its third call; before, the frame named the position
// of the last call the previous run of the function made inside its body
// (1:34, the (list x)), not the call written in the cell.
func TestBacktraceThroughHigherOrderBuiltins(t *testing.T) {
	const defs = "(defun a (x) (if (= x 3) (car x) (list x)))\n(defun a2 (acc x) (list (a x)))"
	cases := []struct {
		call string
		want []string
	}{
		{"(mapcar #'a '(1 2 3))", []string{"  a, called at 2:3"}},
		{"(mapc #'a '(1 2 3))", []string{"  a, called at 2:3"}},
		{"(map 'list #'a '(1 2 3))", []string{"  a, called at 2:3"}},
		{"(every #'a '(1 2 3))", []string{"  a, called at 2:3"}},
		{"(remove-if #'a '(1 2 3))", []string{"  a, called at 2:3"}},
		{"(count-if #'a '(1 2 3))", []string{"  a, called at 2:3"}},
		{"(funcall #'mapcar #'a '(1 2 3))", []string{"  a, called at 2:3"}},
		{"(apply #'mapcar #'a '((1 2 3)))", []string{"  a, called at 2:3"}},
		{"(reduce #'a2 '(1 2 3) :initial-value 0)", []string{"  a, called at 2:25 in [seq 4]", "  a2, called at 2:3"}},
		{"(mapcar (lambda (x) (list (a x))) '(1 2 3))", []string{"  a, called at 2:29", "  (lambda), called at 2:3"}},
	}
	for _, c := range cases {
		t.Run(c.call, func(t *testing.T) {
			it := interp.New(interp.Options{})
			if _, err := evalIn(t, it, 4, defs); err != nil {
				t.Fatal(err)
			}
			current, err := evalIn(t, it, 9, "\n  "+c.call)
			if err == nil {
				t.Fatal("no error")
			}
			if d := cmp.Diff(c.want, interp.BacktraceLines(err, current)); d != "" {
				t.Errorf("backtrace (-want +got):\n%s", d)
			}
		})
	}
}
