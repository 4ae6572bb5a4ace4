package interp_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/nodelisp/nodelisp/interp"
)

// The condition types a program defines belong to its image: two
// sessions in one process may define the same name differently, and a
// third never sees either.
func TestConditionClassesPerImage(t *testing.T) {
	a := interp.New(interp.Options{})
	b := interp.New(interp.Options{})
	c := interp.New(interp.Options{})
	steps := []struct {
		it   *interp.Interpreter
		cell string
		want outcome
	}{
		{a, `(define-condition shared-name (error) ())`, ok(`shared-name`)},
		{b, `(define-condition shared-name (warning) ())`, ok(`shared-name`)},
		{a, `(handler-case (error 'shared-name) (error () :caught-as-error))`, ok(`:caught-as-error`)},
		{b, `(typep (make-condition 'shared-name) 'error)`, ok(`nil`)},
		{b, `(typep (make-condition 'shared-name) 'warning)`, ok(`t`)},
		{a, `(typep (make-condition 'shared-name) 'warning)`, ok(`nil`)},
		{c, `(make-condition 'shared-name)`, fails(`make-condition: the value shared-name is not a condition type`)},
		{c, `(define-condition simple-error (error) ())`, fails(`define-condition: cannot redefine the standard condition type simple-error`)},
		{c, `(handler-case (error "x") (simple-error () :still-standard))`, ok(`:still-standard`)},
	}
	for _, s := range steps {
		if diff := cmp.Diff(s.want, run(t, s.it, s.cell)); diff != "" {
			t.Errorf("%s (-want +got):\n%s", s.cell, diff)
		}
	}
}
