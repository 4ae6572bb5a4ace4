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
	if name == lisp.SymRandomState {
		return r.randomState(start, initargs)
	}
	return lisp.NewUnresolvedInstance(name, initargs)
}

// randomState makes the random state #S(RANDOM-STATE :STATE (hi lo))
// stands for, as the printer writes one. RANDOM-STATE is a standard type
// no program defines, so it is made here rather than resolved later.
func (r *Reader) randomState(start lisp.Pos, initargs []lisp.Value) lisp.Value {
	if len(initargs) == 2 && initargs[0] == lisp.Value(lisp.InternKeyword("STATE")) {
		if words, ok := initargs[1].(*lisp.Cons); ok {
			hi, okHi := lisp.Uint64Of(words.Car)
			if rest, ok := words.Cdr.(*lisp.Cons); ok && okHi && rest.Cdr == lisp.Value(lisp.Nil) {
				if lo, ok := lisp.Uint64Of(rest.Car); ok {
					return lisp.NewRandomState(hi, lo)
				}
			}
		}
	}
	r.fail(start, "#S(RANDOM-STATE …) needs :state and a list of two integers from 0 below 2^64, as a random state prints")
	return nil
}
