package reader

import "github.com/nodelisp/nodelisp/lisp"

// readStructure reads the list after #S: a structure name and its slots
// as keyword-value pairs. A cell is read whole before any of it runs, so
// the structure may not be defined yet: the instance made here carries an
// unresolved class and the pairs, and the library resolves it against the
// image's types the first time it is used.
func (r *Reader) readStructure(start lisp.Pos) lisp.Value {
	if !r.at('(') {
		r.fail(start, "#S must be followed by a list")
	}
	form := r.readObject(start, "#S")
	if r.suppress {
		return lisp.Nil
	}
	c, ok := form.(*lisp.Cons)
	if !ok {
		r.fail(start, "#S needs a structure name")
	}
	name, ok := c.Car.(*lisp.Symbol)
	if !ok {
		r.fail(start, "#S: "+lisp.Prin1ToString(c.Car)+" is not a structure name")
	}
	var initargs []lisp.Value
	for rest := c.Cdr; rest != lisp.Value(lisp.Nil); {
		pair, ok := rest.(*lisp.Cons)
		if !ok {
			r.fail(start, "#S: the slots are not a proper list")
		}
		next, ok := pair.Cdr.(*lisp.Cons)
		if !ok {
			r.fail(start, "#S: slot "+lisp.Prin1ToString(pair.Car)+" has no value")
		}
		if _, ok := pair.Car.(*lisp.Symbol); !ok {
			r.fail(start, "#S: "+lisp.Prin1ToString(pair.Car)+" is not a slot name")
		}
		initargs = append(initargs, pair.Car, next.Car)
		rest = next.Cdr
	}
	return lisp.NewUnresolvedInstance(name, initargs)
}
