package builtins

import (
	"github.com/nodelisp/nodelisp/lisp"
)

// The main clauses of loop: do, return, the accumulations, the
// conditionals, and always/never/thereis.

// parseSelectable parses one clause that may appear in the body or under
// a conditional, and returns the form it runs.
func (e *loopExpansion) parseSelectable() lisp.Value {
	tok := e.next("a clause")
	kw, ok := tok.(*lisp.Symbol)
	if !ok {
		syntaxError("loop", "expected a loop keyword but got %s", lisp.Prin1ToString(tok))
	}
	switch kw.Name {
	case "DO", "DOING":
		forms := e.compoundForms(lowerName(kw))
		out := []lisp.Value{sProgn}
		return lisp.List(append(out, forms...)...)
	case "RETURN":
		return lisp.List(sReturnFrom, e.name, e.formOrIt("return"))
	case "COLLECT", "COLLECTING", "APPEND", "APPENDING", "NCONC", "NCONCING":
		return e.parseListAccumulation(kw)
	case "SUM", "SUMMING", "COUNT", "COUNTING", "MAXIMIZE", "MAXIMIZING", "MINIMIZE", "MINIMIZING":
		return e.parseNumberAccumulation(kw)
	case "WHEN", "IF", "UNLESS":
		return e.parseConditional(kw)
	}
	syntaxError("loop", "unknown clause %s", lisp.Prin1ToString(kw))
	return nil
}

// formOrIt reads the form of a clause; inside a conditional the symbol it
// stands for the value of the test.
func (e *loopExpansion) formOrIt(clause string) lisp.Value {
	f := e.next("a form after " + clause)
	if e.it != nil && symbolNamed(f, "IT") {
		e.itUsed = true
		return e.it
	}
	return f
}

// into reads an optional `into var` and the type spec that may follow.
func (e *loopExpansion) into() *lisp.Symbol {
	var v *lisp.Symbol
	if e.peekIs("INTO") {
		e.next("into")
		s, ok := e.next("a variable after into").(*lisp.Symbol)
		if !ok || s == lisp.Nil || s.Keyword {
			syntaxError("loop", "expected a variable after into")
		}
		v = s
	}
	e.intoInit = e.skipType()
	return v
}

// accumulatorFor returns the accumulator a clause adds to: the named
// variable, or the loop's unnamed one, whose value the loop returns.
func (e *loopExpansion) accumulatorFor(v *lisp.Symbol, kind, clause string) *accumulator {
	var acc *accumulator
	if v == nil {
		acc = e.defaultAcc
	} else {
		acc = e.accums[v]
	}
	if acc != nil {
		if acc.kind != kind {
			syntaxError("loop", "%s cannot accumulate into a variable that another kind of clause uses", clause)
		}
		return acc
	}
	named := v != nil
	if !named {
		v = gensym("RESULT")
	}
	acc = &accumulator{v: v, kind: kind}
	switch kind {
	case "list":
		acc.tail = gensym("TAIL")
		e.bind(v, lisp.Nil)
		e.bind(acc.tail, lisp.Nil)
	case "sum":
		// sum … of-type float starts from 0.0.
		zero := lisp.MakeInt(0)
		if f, ok := e.intoInit.(lisp.Float); ok {
			zero = f
		}
		e.bind(v, zero)
	case "minmax":
		acc.flag = gensym("SEEN")
		e.bind(v, lisp.MakeInt(0))
		e.bind(acc.flag, lisp.Nil)
	}
	if named {
		e.accums[v] = acc
	} else {
		e.defaultAcc, e.result = acc, v
	}
	return acc
}

func (e *loopExpansion) parseListAccumulation(kw *lisp.Symbol) lisp.Value {
	clause := lowerName(kw)
	form := e.formOrIt(clause)
	into := e.into()
	acc := e.accumulatorFor(into, "list", clause)
	v, tail := acc.v, acc.tail
	if kw.Name == "COLLECT" || kw.Name == "COLLECTING" {
		cell := lisp.List(sList, form)
		return lisp.List(sIf, tail,
			lisp.List(sSetq, tail, lisp.List(sSetCdr, tail, cell)),
			lisp.List(sSetq, tail, lisp.List(sSetq, v, cell)))
	}
	if kw.Name == "APPEND" || kw.Name == "APPENDING" {
		form = lisp.List(sCopyList, form)
	}
	g := gensym("PIECE")
	return letForm(sLet, []binding{{g, form}},
		lisp.List(sWhen, g,
			lisp.List(sIf, tail, lisp.List(sSetCdr, tail, g), lisp.List(sSetq, v, g)),
			lisp.List(sSetq, tail, lisp.List(sLast, g))))
}

func (e *loopExpansion) parseNumberAccumulation(kw *lisp.Symbol) lisp.Value {
	clause := lowerName(kw)
	form := e.formOrIt(clause)
	into := e.into()
	kind := "sum"
	if kw.Name[:3] == "MAX" || kw.Name[:3] == "MIN" {
		kind = "minmax"
	}
	acc := e.accumulatorFor(into, kind, clause)
	v := acc.v
	switch kw.Name {
	case "SUM", "SUMMING":
		return lisp.List(sSetq, v, lisp.List(sPlus, v, form))
	case "COUNT", "COUNTING":
		return lisp.List(sWhen, form, lisp.List(sSetq, v, lisp.List(sOnePlus, v)))
	}
	better := sGT
	if kw.Name[:3] == "MIN" {
		better = sLT
	}
	g := gensym("VALUE")
	return letForm(sLet, []binding{{g, form}},
		lisp.List(sWhen, lisp.List(sOr, lisp.List(sNull, acc.flag), lisp.List(better, g, v)),
			lisp.List(sSetq, v, g, acc.flag, lisp.T)))
}

// parseConditional handles when/if/unless test clause {and clause}*
// [else clause {and clause}*] [end].
func (e *loopExpansion) parseConditional(kw *lisp.Symbol) lisp.Value {
	test := e.next("a form after " + lowerName(kw))
	outerIt, outerUsed := e.it, e.itUsed
	e.it, e.itUsed = gensym("IT"), false
	it := e.it
	then := e.clauseChain()
	var otherwise []lisp.Value
	if e.peekIs("ELSE") {
		e.next("else")
		e.it = nil
		otherwise = e.clauseChain()
		e.it = it
	}
	if e.peekIs("END") {
		e.next("end")
	}
	used := e.itUsed
	e.it, e.itUsed = outerIt, outerUsed
	if used {
		e.bind(it, lisp.Nil)
		test = lisp.List(sSetq, it, test)
	}
	if kw.Name == "UNLESS" {
		test = lisp.List(sNot, test)
	}
	form := []lisp.Value{sIf, test, progn(then)}
	if len(otherwise) > 0 {
		form = append(form, progn(otherwise))
	}
	return lisp.List(form...)
}

// clauseChain parses clause {and clause}*.
func (e *loopExpansion) clauseChain() []lisp.Value {
	forms := []lisp.Value{e.parseSelectable()}
	// Only the first clause after the test sees it as the test's value,
	// as in SBCL; in the clauses joined to it by and, it is a variable.
	it := e.it
	e.it = nil
	for e.peekIs("AND") {
		e.next("and")
		forms = append(forms, e.parseSelectable())
	}
	e.it = it
	return forms
}

// parseQuantifier handles always, never and thereis: each ends the loop
// at once, skipping finally, when its test decides the answer.
func (e *loopExpansion) parseQuantifier(kw *lisp.Symbol) {
	form := e.next("a form after " + lowerName(kw))
	e.emitted = true
	e.quantified = true
	switch kw.Name {
	case "ALWAYS":
		e.body = append(e.body, lisp.List(sUnless, form, lisp.List(sReturnFrom, e.name, lisp.Nil)))
		e.result = lisp.T
	case "NEVER":
		e.body = append(e.body, lisp.List(sWhen, form, lisp.List(sReturnFrom, e.name, lisp.Nil)))
		e.result = lisp.T
	default:
		g := gensym("FOUND")
		e.body = append(e.body, letForm(sLet, []binding{{g, form}},
			lisp.List(sWhen, g, lisp.List(sReturnFrom, e.name, g))))
	}
}
