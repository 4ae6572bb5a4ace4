package eval

import "github.com/nodelisp/nodelisp/lisp"

// Multiple values travel beside the primary value: (values a b) returns a
// and leaves [a b] in the thread, marked with a as its primary value. A
// consumer (multiple-value-bind and friends) clears the mark, evaluates its
// form and takes the side values only when the mark is set and the form's
// primary value is identical to the recorded one. The approximation: a
// form that returns, unchanged, the primary value of an earlier (values …)
// it did not itself return (e.g. (let ((x (floor 7 2))) x)) is seen with
// that form's extra values.

// Values returns several values from a builtin: the first is returned, the
// rest are seen by multiple-value-bind and friends.
func (t *Thread) Values(vs ...lisp.Value) lisp.Value {
	if len(vs) == 1 {
		t.mvSet = false
		return vs[0]
	}
	t.mv = append(t.mv[:0], vs...)
	t.mvSet = true
	if len(vs) == 0 {
		t.mvPrimary = lisp.Nil
	} else {
		t.mvPrimary = vs[0]
	}
	return t.mvPrimary
}

// Values2 is Values with two values, for the builtins that return two
// in inner loops (floor and the other divisions): no slice is built.
func (t *Thread) Values2(a, b lisp.Value) lisp.Value {
	t.mv = append(t.mv[:0], a, b)
	t.mvSet = true
	t.mvPrimary = a
	return a
}

// valuesOf returns every value of the form that just returned v; the
// caller cleared t.mvSet before evaluating it.
func (t *Thread) valuesOf(v lisp.Value) []lisp.Value {
	if t.mvSet && t.mvPrimary == v {
		t.mvSet = false
		return append([]lisp.Value(nil), t.mv...)
	}
	t.mvSet = false
	return []lisp.Value{v}
}

// valuesInPlace is valuesOf without the copy: the slice is the thread's
// buffer (or the one-value slice *one), good until Lisp code runs again.
func (t *Thread) valuesInPlace(v lisp.Value) []lisp.Value {
	if t.mvSet && t.mvPrimary == v {
		t.mvSet = false
		return t.mv
	}
	t.mvSet = false
	t.one[0] = v
	return t.one[:]
}

// evalValues runs c and returns all its values.
func evalValues(c code, fr *frame) []lisp.Value {
	t := fr.t
	t.mvSet = false
	v := c(fr)
	return t.valuesOf(v)
}
