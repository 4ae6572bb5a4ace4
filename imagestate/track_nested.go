package imagestate

import (
	"strings"

	"github.com/nodelisp/nodelisp/event"

	"github.com/nodelisp/nodelisp/lisp"
)

// Definitions inside a binding form, as in
//
//	(let ((n 0)) (defun counter () (incf n)))
//
// make closures, which have no state text. They are recorded with the
// whole top-level form, which a restore evaluates again (the honest
// fallback of docs/sessions.md): the closure is made afresh, so what it
// closes over starts from its initial value, and the head move says so.

// nestingForms are the operators whose bodies are searched for
// definitions, with the number of elements before the body.
var nestingForms = map[string]int{
	"LET": 2, "LET*": 2, "FLET": 2, "LABELS": 2, "MACROLET": 2, "SYMBOL-MACROLET": 2,
	"LOCALLY": 1, "EVAL-WHEN": 2, "PROGN": 1,
}

// nestedDefinitions are the definitions in the body of top-level form (a
// let or the like, and bodies nested in it), each under its own key and
// with form's whole text. defvar and defparameter are not among them: the
// variable they set is recorded by its value like any other.
func nestedDefinitions(form *lisp.Cons, op *lisp.Symbol) []event.Def {
	if _, ok := nestingForms[op.Name]; !ok {
		return nil
	}
	var keys []string
	var walk func(c *lisp.Cons, op *lisp.Symbol, depth int)
	walk = func(c *lisp.Cons, op *lisp.Symbol, depth int) {
		if depth > lisp.MaxWalkDepth {
			return
		}
		skip, ok := nestingForms[op.Name]
		if !ok {
			return
		}
		var body lisp.Value = c
		for range skip {
			next, ok := body.(*lisp.Cons)
			if !ok {
				return
			}
			body = next.Cdr
		}
		for rest, ok := body.(*lisp.Cons); ok; rest, ok = rest.Cdr.(*lisp.Cons) {
			inner, ok := rest.Car.(*lisp.Cons)
			if !ok {
				continue
			}
			innerOp, ok := inner.Car.(*lisp.Symbol)
			if !ok {
				continue
			}
			if definers[innerOp.Name] || innerOp.Name == "DEFCONSTANT" {
				text, err := Print(inner)
				if err == nil {
					keys = append(keys, defKey(inner, innerOp, text))
				}
				continue
			}
			walk(inner, innerOp, depth+1)
		}
	}
	walk(form, op, 0)
	if len(keys) == 0 {
		return nil
	}
	text, err := Print(form)
	if err != nil {
		return nil
	}
	out := make([]event.Def, len(keys))
	for i, k := range keys {
		out[i] = event.Def{Key: k, Form: text, Nested: strings.ToLower(op.Name)}
	}
	return out
}
