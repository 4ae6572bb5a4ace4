package builtins

import (
	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
)

// Symbol property lists: get, (setf get), symbol-plist, (setf
// symbol-plist) and remprop. A symbol's plist belongs to the image that
// gave it, so it lives in the image (an extension), not in the symbol,
// which every image shares.

type plistKey struct{}

// plists is the image's symbol property lists.
func plists(t *eval.Thread) map[*lisp.Symbol]lisp.Value {
	return t.Interp().Extension(plistKey{}, func() any { return map[*lisp.Symbol]lisp.Value{} }).(map[*lisp.Symbol]lisp.Value)
}

func symbolPlist(t *eval.Thread, s *lisp.Symbol) lisp.Value {
	if v, ok := plists(t)[s]; ok {
		return v
	}
	return lisp.Nil
}

func registerSymbolPlists() {
	defun("symbol-plist", "(symbol)", "Return the property list of a symbol.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		return symbolPlist(t, symbolArg("symbol-plist", a[0]))
	})
	defun("%set-symbol-plist", "(symbol plist)", "Replace the property list of a symbol (the setf of symbol-plist).", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		plists(t)[symbolArg("symbol-plist", a[0])] = a[1]
		return a[1]
	})
	defun("get", "(symbol indicator &optional default)", "Return the value of the symbol's property INDICATOR, or DEFAULT (nil).", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		s := symbolArg("get", a[0])
		if c := lstPlistFind("get", symbolPlist(t, s), a[1]); c != nil {
			return c.Cdr.(*lisp.Cons).Car
		}
		if len(a) == 3 {
			return a[2]
		}
		return lisp.Nil
	})
	defun("%put", "(symbol indicator value)", "Set the symbol's property INDICATOR to VALUE (the setf of get).", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		s := symbolArg("setf get", a[0])
		pl := symbolPlist(t, s)
		if c := lstPlistFind("get", pl, a[1]); c != nil {
			c.Cdr.(*lisp.Cons).Car = a[2]
			return a[2]
		}
		plists(t)[s] = lisp.ListStar(pl, a[1], a[2])
		return a[2]
	})
	defun("remprop", "(symbol indicator)", "Remove the symbol's property INDICATOR; true (the removed tail) if it had one.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		s := symbolArg("remprop", a[0])
		pl := symbolPlist(t, s)
		var prev *lisp.Cons // the cons holding the value before the pair
		for v := pl; v != lisp.Value(lisp.Nil); {
			c, ok := v.(*lisp.Cons)
			next, ok2 := c.Cdr.(*lisp.Cons)
			if !ok || !ok2 {
				lisp.TypeError("remprop", pl, "a property list")
			}
			if c.Car == a[1] {
				if prev == nil {
					plists(t)[s] = next.Cdr
				} else {
					prev.Cdr = next.Cdr
				}
				return c // true: SBCL returns the removed tail, from the indicator on
			}
			prev, v = next, next.Cdr
		}
		return lisp.Nil
	})
}
