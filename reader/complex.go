package reader

import "github.com/nodelisp/nodelisp/lisp"

// readComplex reads the list after #C: (real imag), two reals, made into
// a complex number by CL's rules (#C(1 0) reads as 1).
func (r *Reader) readComplex(start lisp.Pos) lisp.Value {
	if !r.at('(') {
		r.fail(start, "#C must be followed by a list of two reals")
	}
	form := r.readObject(start, "#C")
	if r.suppress {
		return lisp.Nil
	}
	c, ok := form.(*lisp.Cons)
	if ok {
		if rest, ok := c.Cdr.(*lisp.Cons); ok && rest.Cdr == lisp.Value(lisp.Nil) && lisp.IsReal(c.Car) && lisp.IsReal(rest.Car) {
			return lisp.MakeComplex(c.Car, rest.Car)
		}
	}
	r.fail(start, "#C needs a list of two reals, not "+lisp.Prin1ToString(form))
	return nil
}
