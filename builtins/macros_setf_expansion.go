package builtins

import (
	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
)

// get-setf-expansion: the five values of a place's expansion, as the
// modify macros use it (macros_place.go), for macros a program writes.

func registerSetfExpansion() {
	defun("get-setf-expansion", "(place &optional environment)",
		"The setf expansion of a place: its temporaries, their value forms, the store variables, the writer form and the reader form.",
		func(t *eval.Thread, a []lisp.Value) lisp.Value {
			if len(a) == 2 {
				environmentArg("get-setf-expansion", a[1])
			}
			p := expandPlace(t, "get-setf-expansion", a[0])
			vars := make([]lisp.Value, len(p.temps))
			vals := make([]lisp.Value, len(p.temps))
			for i, b := range p.temps {
				vars[i], vals[i] = b.v, b.init
			}
			return t.Values(lisp.List(vars...), lisp.List(vals...), lisp.List(p.stores()...), p.write, p.read)
		})
}

// environmentArg checks an environment argument. A macro's &environment
// parameter is nil here (macros expand in the one global environment, with
// macrolet and symbol-macrolet definitions already in place), so nil is
// the only environment there is.
func environmentArg(op string, env lisp.Value) {
	if env != lisp.Value(lisp.Nil) {
		lisp.TypeError(op, env, "an environment (nil: a macro's &environment parameter)")
	}
}
