package interp_test

import (
	"context"
	"testing"

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
