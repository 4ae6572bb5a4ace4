package eval

import "github.com/nodelisp/nodelisp/lisp"

// Global declarations, as declaim and proclaim make them. (special …) is
// the one that changes meaning: it makes the variables special in the
// image, so that a let of them binds dynamically from then on. The others
// only advise a compiler, and nodelisp accepts and ignores them as SBCL may.

// Proclaim makes one global declaration; op names the caller in errors.
func (t *Thread) Proclaim(op string, spec lisp.Value) {
	c, ok := spec.(*lisp.Cons)
	if !ok || !properSpec(spec) {
		// A dotted specifier ((optimize . foo)) is malformed even where
		// the declaration is only advice.
		lisp.SignalClass(lisp.ClassTypeError, "%s: %s is not a declaration specifier", op, lisp.Prin1ToString(spec))
	}
	head, ok := c.Car.(*lisp.Symbol)
	if !ok {
		if _, compound := c.Car.(*lisp.Cons); compound {
			return // a compound type specifier: (declaim ((integer 0 9) x))
		}
		lisp.SignalClass(lisp.ClassTypeError, "%s: %s is not a declaration specifier", op, lisp.Prin1ToString(spec))
	}
	if head == symDeclaration {
		for _, name := range elems(op, c.Cdr) {
			sym, ok := name.(*lisp.Symbol)
			if !ok {
				lisp.SignalClass(lisp.ClassTypeError, "%s: %s is not a declaration name", op, lisp.Prin1ToString(name))
			}
			if TypeNamed != nil && TypeNamed(t, sym) {
				lisp.Errorf("%s: %s names a type, so it cannot be a declaration name", op, lisp.Prin1ToString(sym))
			}
			t.in.declarationNames()[sym] = true
		}
		return
	}
	if head != symSpecial {
		// Ignored identifiers and type names (a declaration (fixnum x)
		// is short for (type fixnum x)) only advise the compiler.
		return
	}
	for _, name := range elems(op, c.Cdr) {
		sym, ok := name.(*lisp.Symbol)
		if !ok || sym == lisp.Nil || sym == lisp.T || sym.Keyword {
			lisp.SignalClass(lisp.ClassProgramError, "%s: %s is not a variable name", op, lisp.Prin1ToString(name))
		}
		cl := t.in.cell(sym)
		if cl.constant {
			lisp.Errorf("%s: %s is a constant and cannot be special", op, printName(sym))
		}
		cl.special = true
	}
}

// properSpec reports whether a declaration specifier is a proper list
// (a circular one is not).
func properSpec(v lisp.Value) bool {
	slow := v
	for i := 0; ; i++ {
		c, ok := v.(*lisp.Cons)
		if !ok {
			return v == lisp.Value(lisp.Nil)
		}
		v = c.Cdr
		if i%2 == 1 {
			slow = slow.(*lisp.Cons).Cdr
			if slow == v {
				return false
			}
		}
	}
}
