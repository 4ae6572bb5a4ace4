package builtins

import (
	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
)

// compile: nodelisp analyses every form before it runs it, so there is no
// separate compiler, and compile only does what it promises a program:
// (compile nil '(lambda …)) returns the function, (compile 'f '(lambda …))
// makes it f's definition and returns f, and (compile 'f) leaves f's
// definition as it is and returns f. The second and third values, the
// warnings and failure flags, are always nil.
func registerCompile() {
	defun("compile", "(name &optional definition)", "Return the function of definition (a lambda form or a function), defining name with it when name is not nil; nodelisp has no compiler apart from its evaluator.",
		func(t *eval.Thread, a []lisp.Value) lisp.Value {
			name := a[0]
			if name != lisp.Value(lisp.Nil) {
				if _, ok := name.(*lisp.Symbol); !ok && !isSetfName(name) {
					lisp.TypeError("compile", name, "a function name")
				}
			}
			if len(a) == 1 {
				if name == lisp.Value(lisp.Nil) {
					lisp.Errorf("compile: with name nil a definition is required")
				}
				return t.Values(name, lisp.Nil, lisp.Nil)
			}
			def := a[1]
			if c, ok := def.(*lisp.Cons); ok && c.Car == lisp.Value(lisp.Sym("lambda")) {
				def = t.Eval(lisp.List(sFunction, def))
			}
			if _, ok := def.(lisp.Function); !ok {
				lisp.TypeError("compile", a[1], "a lambda expression or a function")
			}
			if name == lisp.Value(lisp.Nil) {
				return t.Values(def, lisp.Nil, lisp.Nil)
			}
			t.Eval(lisp.List(lisp.Sym("%set-symbol-function"), lisp.List(sQuote, name), lisp.List(sQuote, def)))
			return t.Values(name, lisp.Nil, lisp.Nil)
		})
}

// isSetfName reports whether v is a (setf name) function name.
func isSetfName(v lisp.Value) bool {
	c, ok := v.(*lisp.Cons)
	if !ok || c.Car != lisp.Value(lisp.Sym("setf")) {
		return false
	}
	rest, ok := c.Cdr.(*lisp.Cons)
	if !ok {
		return false
	}
	_, sym := rest.Car.(*lisp.Symbol)
	return sym && rest.Cdr == lisp.Value(lisp.Nil)
}
