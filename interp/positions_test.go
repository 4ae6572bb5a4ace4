package interp_test

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/nodelisp/nodelisp/interp"
	"github.com/nodelisp/nodelisp/reader"
)

// An error inside a function defined in an earlier cell is placed at the
// current cell's form, and says where in the earlier cell it arose; in
// one text (a script's forms) positions stay where they are.
func TestErrorPositionsAcrossCells(t *testing.T) {
	ctx := context.Background()
	it := interp.New(interp.Options{})
	for _, cell := range []string{"(defun f (x)\n  (car x))", "(+ 1 2)"} {
		if _, err := it.Eval(ctx, cell); err != nil {
			t.Fatal(err)
		}
	}
	_, err := it.Eval(ctx, "(list 1\n   (f 5))")
	want := "1:1: car: the value 5 is not a list (at 2:3 in the earlier cell that defined the code)"
	if err == nil || err.Error() != want {
		t.Errorf("error %v, want %q", err, want)
	}
	_, err = it.Eval(ctx, "(car 7)")
	if want := "1:1: car: the value 7 is not a list"; err == nil || err.Error() != want {
		t.Errorf("error in the cell itself: %v, want %q", err, want)
	}

	script, err := reader.ReadCell("(defun g (x)\n  (car x))\n(g 5)\n")
	if err != nil {
		t.Fatal(err)
	}
	one := interp.New(interp.Options{})
	var last error
	for _, form := range script.Forms {
		_, last = one.EvalForm(ctx, script, form)
	}
	if want := "2:3: car: the value 5 is not a list"; last == nil || last.Error() != want {
		t.Errorf("script: %v, want %q", last, want)
	}
}

// EvalForm of a cell's later form places an error in a bare symbol at
// that form, not at the cell's first.
func TestEvalFormPlacesAnAtom(t *testing.T) {
	cell, err := reader.ReadCell("(+ 1 2)\n  no-such-variable")
	if err != nil {
		t.Fatal(err)
	}
	it := interp.New(interp.Options{})
	_, err = it.EvalForm(context.Background(), cell, cell.Forms[1])
	if want := "2:3: unbound variable: no-such-variable"; err == nil || err.Error() != want {
		t.Errorf("error %v, want %q", err, want)
	}
}

// An error in code a macro written in Lisp generated is placed at the
// call, and names the macro and the calling form; a function called from
// such code shows it in its frame; code the caller wrote, passed through
// the macro, keeps its own position.
func TestMacroExpansionErrors(t *testing.T) {
	ctx := context.Background()
	it := interp.New(interp.Options{})
	defs := "(defmacro first-of (x) (list 'car x))\n" +
		"(defmacro call-h (x) (list 'progn (list 'h x)))\n" +
		"(defmacro just (x) x)\n" +
		"(defun h (y) (car y))"
	if _, err := it.Eval(ctx, defs); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		code, message, position string
	}{
		{"\n  (first-of 5)", "car: the value 5 is not a list (in the expansion of macro first-of, called as (first-of 5))", "2:3"},
		{"(list 1 (first-of (+ 2 3)))", "car: the value 5 is not a list (in the expansion of macro first-of, called as (first-of (+ 2 3)))", "1:9"},
		{"(just (car 6))", "car: the value 6 is not a list", "1:7"},
	}
	for _, c := range cases {
		_, err := it.Eval(ctx, c.code)
		r := interp.Report(err, nil)
		if r.Message != c.message || r.Position != c.position {
			t.Errorf("%s: report %+v", c.code, r)
		}
	}
	current, err := evalIn(t, it, 3, "(defun k () (list (call-h 7)))\n(k)")
	want := []string{"  h, called at 1:19, in the expansion of macro call-h", "  k, called at 2:1"}
	if d := cmp.Diff(want, interp.BacktraceLines(err, current)); d != "" {
		t.Errorf("frames (-want +got):\n%s", d)
	}
	// A macro that fails while it expands is a frame, called at the call.
	if _, err := evalIn(t, it, 4, "(defmacro bad (x) (car x))"); err != nil {
		t.Fatal(err)
	}
	current, err = evalIn(t, it, 5, "(list\n  (bad 5))")
	want = []string{"  bad, called at 2:3"}
	if d := cmp.Diff(want, interp.BacktraceLines(err, current)); d != "" {
		t.Errorf("expander frames (-want +got):\n%s", d)
	}
}

// An error in a format control string written in the cell points at the
// directive, as a line and column of the cell: across the string's lines
// and past its escapes. A control string not written in the call keeps
// the call's position.
func TestFormatDirectivePosition(t *testing.T) {
	cases := []struct{ code, want string }{
		{`(format t "ab ~q")`, `1:16: format: unknown directive ~q at 4 in "ab ~q"`},
		{"(list 1\n  (format nil \"\\\"~a\\\" ~\n~:@q\" 2))", "3:4: format: unknown directive ~q at 10 in \"\\\"~a\\\" ~\n~:@q\""},
		{"(defun f ()\n  (format nil \"x~%\n  ~5,3q\"))\n(f)", "3:7: format: unknown directive ~q at 10 in \"x~%\n  ~5,3q\""},
		{"(let ((c \"ab ~q\"))\n  (format nil c))", `2:3: format: unknown directive ~q at 4 in "ab ~q"`},
	}
	for _, c := range cases {
		_, err := interp.New(interp.Options{}).Eval(context.Background(), c.code)
		if err == nil || err.Error() != c.want {
			t.Errorf("%q: error %v, want %q", c.code, err, c.want)
		}
	}
}
