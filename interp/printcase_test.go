package interp_test

import (
	"context"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/nodelisp/nodelisp/interp"
)

// TestPrintCaseDisplay pins the case rule (docs/language.md, "Case"): what
// a cell prints and every value it computes follow *print-case*, :upcase
// by default as in SBCL, while the display of its result is in lower case,
// print-object methods included, and a program's :capitalize shows.
func TestPrintCaseDisplay(t *testing.T) {
	it := interp.New(interp.Options{})
	cases := []struct {
		name, cell, output, printed string
	}{
		{"print in a cell", `(print 'foo) 'foo`, "\nFOO ", "foo"},
		{"a computed string", `(format nil "~a-~a" 'make 'point)`, "", `"MAKE-POINT"`},
		{"an interned name", `(values (intern (format nil "~a-~a" 'make 'point)))`, "", "make-point"},
		{"print-object during display",
			`(defclass tagged () ()) (defmethod print-object ((x tagged) s) (format s "#<~a>" 'tagged)) (make-instance 'tagged)`,
			"", "#<tagged>"},
		{"print-object in a program", `(princ (make-instance 'tagged)) nil`, "#<TAGGED>", "nil"},
		{"the default is :upcase", `*print-case*`, "", ":upcase"},
		{"capitalize shows", `(setf *print-case* :capitalize) 'foo-bar`, "", "Foo-Bar"},
		{"back to the default", `(setf *print-case* :upcase) (list 'a (princ-to-string 'b))`, "", `(a "B")`},
	}
	for _, c := range cases {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		res, err := it.Eval(ctx, c.cell)
		cancel()
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		got := [2]string{res.Output, res.Printed}
		if diff := cmp.Diff([2]string{c.output, c.printed}, got); diff != "" {
			t.Errorf("%s: (output, display) differ (-want +got):\n%s", c.name, diff)
		}
	}
}
