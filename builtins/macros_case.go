package builtins

import (
	"strings"

	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
)

// case, typecase and their exhaustive variants: each binds the key once and
// becomes a cond over eql (or typep) tests.

var sCaseFailure = lisp.Sym("%case-failure")

func registerMacrosCase() {
	macro("case", "(case key (keys form…)… [(otherwise form…)]) evaluates the forms of the first clause whose keys hold key (by eql).", expandCase("case", false))
	macro("ecase", "(ecase key (keys form…)…) is case that signals a type-error when no clause matches.", expandCase("ecase", true))
	macro("ccase", "(ccase keyplace (keys form…)…) is ecase with a store-value restart that stores a new key in keyplace and tries again.", expandCase("ccase", true))
	macro("typecase", "(typecase key (type form…)… [(otherwise form…)]) evaluates the forms of the first clause whose type key is of.", expandTypecase("typecase", false))
	macro("etypecase", "(etypecase key (type form…)…) is typecase that signals a type-error when no clause matches.", expandTypecase("etypecase", true))
	macro("ctypecase", "(ctypecase keyplace (type form…)…) is etypecase with a store-value restart that stores a new key in keyplace and tries again.", expandTypecase("ctypecase", true))
	defun("%case-failure", "(operator key expected)", "Signals the type-error of an ecase or etypecase that no clause matched (internal).",
		func(t *eval.Thread, args []lisp.Value) lisp.Value {
			op := strings.ToLower(symbolArg("%case-failure", args[0]).Name)
			expected := args[2]
			var wanted string
			if op == "ecase" || op == "ccase" {
				wanted = "one of " + lisp.Prin1ToString(expected)
				expected = lisp.ListStar(expected, lisp.Sym("member"))
			} else {
				wanted = "of type " + lisp.Prin1ToString(lisp.ListStar(expected, sOr))
				expected = lisp.ListStar(expected, sOr)
			}
			panic(&lisp.Condition{
				Class:    lisp.ClassTypeError,
				Message:  op + ": the value " + lisp.Prin1ToString(args[1]) + " is not " + wanted,
				Datum:    args[1],
				Expected: expected,
			})
		})
}

// caseClauses splits the clauses of a case-like form into (keys, body)
// pairs, checking that otherwise/t comes last. In the exhaustive forms
// (ecase, etypecase and their c- twins) t and otherwise are ordinary keys
// or types, as the standard lists no otherwise clause for them.
func caseClauses(op string, clauses []lisp.Value, exhaustive bool) (keys []lisp.Value, bodies [][]lisp.Value, fallback []lisp.Value, hasFallback bool) {
	for i, cl := range clauses {
		items := listOf(op, "clause", cl)
		if len(items) == 0 {
			syntaxError(op, "empty clause")
		}
		body := items[1:]
		if len(body) == 0 {
			body = []lisp.Value{lisp.Nil}
		}
		last := i == len(clauses)-1
		// In typecase a t clause before the last is an ordinary clause
		// of the type t (only otherwise is reserved), as in SBCL.
		typeT := op == "typecase" && items[0] == lisp.Value(lisp.T) && !last
		if !exhaustive && !typeT && (items[0] == lisp.Value(lisp.T) || items[0] == lisp.Value(sOtherwise)) {
			if !last {
				syntaxError(op, "%s must be the last clause", lisp.Prin1ToString(items[0]))
			}
			return keys, bodies, body, true
		}
		keys = append(keys, items[0])
		bodies = append(bodies, body)
	}
	return keys, bodies, nil, false
}

func expandCase(op string, exhaustive bool) eval.MacroFunc {
	return func(t *eval.Thread, form lisp.Value) lisp.Value {
		args := macroArgs(op, form, 1, -1)
		keys, bodies, fallback, hasFallback := caseClauses(op, args[1:], exhaustive)
		k := gensym("KEY")
		var clauses, all []lisp.Value
		for i, ks := range keys {
			var test lisp.Value
			if c, ok := ks.(*lisp.Cons); ok {
				list := listOf(op, "key list", c)
				all = append(all, list...)
				if len(list) == 1 {
					test = lisp.List(sEql, k, quoted(list[0]))
				} else {
					test = lisp.List(sMember, k, quoted(c))
				}
			} else if ks == lisp.Value(lisp.Nil) {
				continue // an empty key list matches nothing
			} else {
				all = append(all, ks)
				test = lisp.List(sEql, k, quoted(ks))
			}
			clauses = append(clauses, lisp.ListStar(lisp.List(bodies[i]...), test))
		}
		switch {
		case hasFallback:
			clauses = append(clauses, lisp.ListStar(lisp.List(fallback...), lisp.T))
		case exhaustive:
			return exhaustiveDispatch(op, args[0], k, clauses, lisp.List(all...))
		}
		return letForm(sLet, []binding{{k, args[0]}}, lisp.ListStar(lisp.List(clauses...), sCond))
	}
}

func expandTypecase(op string, exhaustive bool) eval.MacroFunc {
	return func(t *eval.Thread, form lisp.Value) lisp.Value {
		args := macroArgs(op, form, 1, -1)
		types, bodies, fallback, hasFallback := caseClauses(op, args[1:], exhaustive)
		k := gensym("KEY")
		var clauses []lisp.Value
		for i, ty := range types {
			clauses = append(clauses, lisp.ListStar(lisp.List(bodies[i]...), lisp.List(sTypep, k, quoted(ty))))
		}
		switch {
		case hasFallback:
			clauses = append(clauses, lisp.ListStar(lisp.List(fallback...), lisp.T))
		case exhaustive:
			return exhaustiveDispatch(op, args[0], k, clauses, lisp.List(types...))
		}
		return letForm(sLet, []binding{{k, args[0]}}, lisp.ListStar(lisp.List(clauses...), sCond))
	}
}

// exhaustiveDispatch finishes an ecase-like form: the clauses, then a
// type-error when none matched. ccase and ctypecase wrap that error in a
// store-value restart that stores its value in the key place and runs the
// whole form again; the block and tag are gensyms so that the clauses'
// own (return) and go forms see through them.
func exhaustiveDispatch(op string, keyPlace lisp.Value, k *lisp.Symbol, clauses []lisp.Value, expected lisp.Value) lisp.Value {
	fail := lisp.List(sCaseFailure, quoted(lisp.Sym(op)), k, quoted(expected))
	correctable := op == "ccase" || op == "ctypecase"
	var done, again *lisp.Symbol
	if correctable {
		done, again = gensym("DONE"), gensym("AGAIN")
		v := gensym("VALUE")
		store := lisp.List(sStoreValue, lisp.List(v), lisp.List(sSetf, keyPlace, v), lisp.List(sGo, again))
		fail = lisp.List(sRestartCase, fail, store)
	}
	clauses = append(clauses, lisp.List(lisp.T, fail))
	dispatch := letForm(sLet, []binding{{k, keyPlace}}, lisp.ListStar(lisp.List(clauses...), sCond))
	if !correctable {
		return dispatch
	}
	return lisp.List(sBlock, done, lisp.List(sTagbody, again, lisp.List(sReturnFrom, done, dispatch)))
}
