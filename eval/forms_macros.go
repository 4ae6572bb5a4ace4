package eval

import "github.com/nodelisp/nodelisp/lisp"

// Standard macros that nodelisp analyses as special forms (and, when,
// defun, handler-case …) still have a macro function, as CLHS 3.1.2.1.2.2
// requires of an implementation that makes a macro a special operator:
// it expands a call into the same call of an uninterned twin of the
// operator, which names the same special form, so expanding it again
// stops there and evaluating the expansion does what the call does.

// standardMacroForms are the special forms that the standard defines as
// macros.
var standardMacroForms = []string{
	"and", "or", "when", "unless", "cond", "defun", "defmacro", "defvar",
	"defparameter", "defconstant", "return", "lambda", "psetq",
	"destructuring-bind", "handler-case", "handler-bind", "restart-case",
	"restart-bind", "ignore-errors", "multiple-value-bind",
	"multiple-value-list", "multiple-value-setq", "nth-value",
	"define-condition",
}

// macroTwins maps each of those operators to its uninterned twin.
var macroTwins = map[*lisp.Symbol]*lisp.Symbol{}

func init() {
	for _, name := range standardMacroForms {
		op := lisp.Sym(name)
		sf, ok := specialForms[op]
		if !ok {
			panic("eval: " + name + " is not a special form")
		}
		twin := &lisp.Symbol{Name: op.Name}
		specialForms[twin] = sf
		macroTwins[op] = twin
	}
}

// specialFormMacro returns the macro function of a standard macro that is
// a special form here, or nil.
func specialFormMacro(s *lisp.Symbol) *Builtin {
	twin, ok := macroTwins[s]
	if !ok {
		return nil
	}
	return NewBuiltin(printName(s), "(form env)", "", func(t *Thread, args []lisp.Value) lisp.Value {
		form, ok := args[0].(*lisp.Cons)
		if !ok {
			lisp.TypeError(printName(s), args[0], "a macro form")
		}
		return &lisp.Cons{Car: twin, Cdr: form.Cdr}
	})
}
