package eval

import "github.com/nodelisp/nodelisp/lisp"

// SetFunction makes fn the global function of sym, as (setf
// (symbol-function sym) fn) and (setf (fdefinition sym) fn) do, under the
// rules defun keeps: builtins and special operators cannot be redefined.
func (t *Thread) SetFunction(op string, sym *lisp.Symbol, fn lisp.Value) {
	if _, ok := specialForms[sym]; ok {
		lisp.Errorf("%s: cannot redefine the special operator %s", op, printName(sym))
	}
	c := t.in.cell(sym)
	if c.holdsOwnBuiltin() {
		lisp.Errorf("%s: cannot redefine the builtin function %s", op, printName(sym))
	}
	switch fn.(type) {
	case *Closure, *Builtin:
	default:
		lisp.TypeError(op, fn, "a function")
	}
	c.fn = fn
	c.macro = nil
	t.noteDefined(sym)
}
