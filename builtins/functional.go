package builtins

// Functions that make or pass through functions: identity, constantly and
// complement. (funcall, apply and functionp are the evaluator's.)

import (
	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
)

func registerFunctional() {
	defun("identity", "(object)", "Return the object.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		return args[0]
	})
	defun("constantly", "(value)", "Return a function that takes any arguments and always returns value.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		v := args[0]
		return eval.NewBuiltin("", "(&rest arguments)", "Return "+lisp.Prin1ToString(v)+", ignoring the arguments.",
			func(*eval.Thread, []lisp.Value) lisp.Value { return v })
	})
	defun("complement", "(function)", "Return a function that returns the opposite truth value of the function on the same arguments.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		f := args[0]
		// The call runs on the thread that calls the complement, not the
		// one that made it.
		return eval.NewBuiltin("", "(&rest arguments)", "Return the negation of the complemented function's result.",
			func(t *eval.Thread, a []lisp.Value) lisp.Value { return lisp.Bool(!lisp.Truthy(t.Apply(f, a))) })
	})
}
