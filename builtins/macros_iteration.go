package builtins

import (
	"math/big"

	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
)

// dolist, dotimes, do and do*: each a block nil around a tagbody loop, so
// that return works and the body may hold go tags, as CL specifies. (psetq,
// which do uses to step, is one of the evaluator's special forms.)

func registerMacrosIteration() {
	macro("dolist", "(dolist (var list [result]) body…) evaluates body with var bound to each element of list, then returns result.", expandDolist)
	macro("dotimes", "(dotimes (var count [result]) body…) evaluates body with var bound to 0, 1, … count-1, then returns result.", expandDotimes)
	macro("do", "(do ((var init [step])…) (end-test result…) body…) steps the vars in parallel until end-test is true.", expandDo(false))
	macro("do*", "(do* ((var init [step])…) (end-test result…) body…) is do with the vars bound and stepped in sequence.", expandDo(true))
	defun("%dotimes-count", "(count)", "Returns count when it is an integer, else signals dotimes' type error (internal).",
		func(t *eval.Thread, args []lisp.Value) lisp.Value {
			if !isInteger(args[0]) {
				lisp.TypeError("dotimes", args[0], "an integer")
			}
			return args[0]
		})
}

var sDotimesCount = lisp.Sym("%dotimes-count")

func isInteger(v lisp.Value) bool {
	switch v.(type) {
	case lisp.Fixnum, *big.Int:
		return true
	}
	return false
}

// iterationSpec parses (var form [result]) of dolist and dotimes.
func iterationSpec(op string, spec lisp.Value) (v *lisp.Symbol, form, result lisp.Value) {
	items := listOf(op, "iteration spec", spec)
	if len(items) < 2 || len(items) > 3 {
		syntaxError(op, "expected (var form [result]) but got %s", lisp.Prin1ToString(spec))
	}
	v, ok := items[0].(*lisp.Symbol)
	if !ok || v.Keyword || v == lisp.Nil || v == lisp.T {
		syntaxError(op, "%s is not a variable", lisp.Prin1ToString(items[0]))
	}
	result = lisp.Nil
	if len(items) == 3 {
		result = items[2]
	}
	return v, items[1], result
}

// loopBody builds (block nil (let bindings decls… (tagbody top (if done (go
// end)) body… step… (go top) end) result)).
func loopBody(let *lisp.Symbol, bs []binding, decls []lisp.Value, done lisp.Value, body, step []lisp.Value, result lisp.Value) lisp.Value {
	top, end := gensym("TOP"), gensym("END")
	tb := concat([]lisp.Value{sTagbody, top, lisp.List(sIf, done, lisp.List(sGo, end))}, body, step,
		[]lisp.Value{lisp.List(sGo, top), end})
	inner := letForm(let, bs, concat(decls, []lisp.Value{lisp.List(tb...), result})...)
	return lisp.List(sBlock, lisp.Nil, inner)
}

func expandDolist(t *eval.Thread, form lisp.Value) lisp.Value {
	args := macroArgs("dolist", form, 1, -1)
	v, list, result := iterationSpec("dolist", args[0])
	decls, body := splitDeclarations(args[1:])
	rest := gensym("LIST")
	// The element is assigned before the body and the list advanced after
	// it; at result time var is nil, as CL requires.
	if result != lisp.Value(lisp.Nil) {
		result = lisp.List(sProgn, lisp.List(sSetq, v, lisp.Nil), result)
	}
	return loopBody(sLet, []binding{{rest, list}, {v, lisp.Nil}}, decls,
		lisp.List(sNull, rest),
		concat([]lisp.Value{lisp.List(sSetq, v, lisp.List(sCar, rest))}, body),
		[]lisp.Value{lisp.List(sSetq, rest, lisp.List(sCdr, rest))},
		result)
}

func expandDotimes(t *eval.Thread, form lisp.Value) lisp.Value {
	args := macroArgs("dotimes", form, 1, -1)
	v, count, result := iterationSpec("dotimes", args[0])
	decls, body := splitDeclarations(args[1:])
	limit := count
	bs := []binding{}
	if !isInteger(count) {
		// The count is checked once, before the loop; a literal integer
		// needs neither the check nor a variable.
		limit = gensym("LIMIT")
		bs = append(bs, binding{limit, lisp.List(sDotimesCount, count)})
	}
	bs = append(bs, binding{v, lisp.MakeInt(0)})
	return loopBody(sLet, bs, decls,
		lisp.List(sGE, v, limit),
		body,
		[]lisp.Value{lisp.List(sSetq, v, lisp.List(sOnePlus, v))},
		result)
}

func expandDo(sequential bool) eval.MacroFunc {
	op, let, set := "do", sLet, lisp.Sym("psetq")
	if sequential {
		op, let, set = "do*", sLetStar, sSetq
	}
	return func(t *eval.Thread, form lisp.Value) lisp.Value {
		args := macroArgs(op, form, 2, -1)
		var bs []binding
		var steps []lisp.Value
		for _, spec := range listOf(op, "variable list", args[0]) {
			if s, ok := spec.(*lisp.Symbol); ok {
				bs = append(bs, binding{s, lisp.Nil})
				continue
			}
			items := listOf(op, "variable spec", spec)
			if len(items) == 0 || len(items) > 3 {
				syntaxError(op, "malformed variable spec %s", lisp.Prin1ToString(spec))
			}
			if _, ok := items[0].(*lisp.Symbol); !ok {
				syntaxError(op, "%s is not a variable", lisp.Prin1ToString(items[0]))
			}
			init := lisp.Value(lisp.Nil)
			if len(items) > 1 {
				init = items[1]
			}
			bs = append(bs, binding{items[0], init})
			if len(items) == 3 {
				steps = append(steps, items[0], items[2])
			}
		}
		end := listOf(op, "end clause", args[1])
		if len(end) == 0 {
			syntaxError(op, "the end clause needs a test")
		}
		decls, body := splitDeclarations(args[2:])
		var step []lisp.Value
		switch {
		case len(steps) == 2:
			step = []lisp.Value{lisp.ListStar(lisp.List(steps...), sSetq)}
		case len(steps) > 2:
			step = []lisp.Value{lisp.ListStar(lisp.List(steps...), set)}
		}
		result := lisp.Value(lisp.Nil)
		if len(end) > 1 {
			result = progn(end[1:])
		}
		return loopBody(let, bs, decls, end[0], body, step, result)
	}
}
