package interp_test

import (
	"context"
	"testing"

	"github.com/nodelisp/nodelisp/interp"
	"github.com/nodelisp/nodelisp/lisp"
)

// A host builtin is NODELISP's: CL-USER and a package that names no :use
// reach it by name, a package using only CL reaches it with the prefix,
// and its own symbol of that name is another symbol.
func TestHostBuiltinsReachableThroughNodelisp(t *testing.T) {
	it := interp.New(interp.Options{})
	it.Define("host-answer", "()", "The answer.", func(context.Context, []any) (any, error) { return lisp.Fixnum(42), nil })
	cases := []struct{ src, want string }{
		{`(host-answer)`, "42"},
		{`(package-name (symbol-package 'host-answer))`, `"NODELISP"`},
		{`(defpackage :dflt) (in-package :dflt) (host-answer)`, "42"},
		{`(in-package :cl-user) (defpackage :plain (:use :cl)) (in-package :plain) (nodelisp:host-answer)`, "42"},
		{`(in-package :plain) (defun host-answer () :mine) (list (host-answer) (nodelisp:host-answer))`, "(:mine 42)"},
		{`(in-package :cl-user) (list 'plain::host-answer (eq 'plain::host-answer 'host-answer))`, "(plain::host-answer nil)"},
	}
	for _, c := range cases {
		res, err := it.Eval(context.Background(), c.src)
		if err != nil {
			t.Fatalf("%s: %v", c.src, err)
		}
		if res.Printed != c.want {
			t.Errorf("%s = %s, want %s", c.src, res.Printed, c.want)
		}
	}
}
