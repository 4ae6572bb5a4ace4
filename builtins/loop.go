package builtins

import (
	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
)

// The extended LOOP macro. A loop form is parsed clause by clause into a
// loopExpansion, which is then laid out as
//
//	(block name
//	  (let* (variables…)
//	    (tagbody
//	      initially…
//	      first-iteration stepping and tests
//	     next
//	      body…
//	      stepping and tests
//	      (go next)
//	     end
//	      finally…
//	      (return-from name result))))
//
// Iteration drivers (for, as, repeat, and while/until before the first body
// clause) step and test in the order they are written, at the start of each
// iteration, as CL specifies; a driver whose test succeeds jumps to end.

func registerLoop() {
	macro("loop", "(loop clause…) iterates: for/as (in on = across from to below by being), with, repeat, while, until, collect, append, nconc, sum, count, maximize, minimize (into), do, when/if/unless/else/end, return, always, never, thereis, initially, finally, named. (loop form…) with no clauses loops forever.", expandLoop)
	macro("loop-finish", "(loop-finish) ends the innermost loop normally, running its finally clauses.", func(t *eval.Thread, form lisp.Value) lisp.Value {
		syntaxError("loop-finish", "not inside a loop")
		return nil
	})
	defun("%hash-table-pairs", "(hash-table)", "Returns the entries of a hash table as a list of (key . value) conses, for loop (internal).",
		func(t *eval.Thread, args []lisp.Value) lisp.Value {
			h, ok := args[0].(*lisp.HashTable)
			if !ok {
				lisp.TypeError("loop", args[0], "a hash table")
			}
			var b lisp.ListBuilder
			h.Each(func(k, v lisp.Value) bool {
				b.Add(&lisp.Cons{Car: k, Cdr: v})
				return true
			})
			return b.List()
		})
}

// assign is one assignment a driver makes: pattern may destructure.
type assign struct{ pattern, form lisp.Value }

// driver is one iteration clause: its variables, what it assigns before
// its end test (on the first iteration and on later ones), the test, and
// what it assigns after the test on every iteration.
type driver struct {
	firstPre, pre, post []assign
	test                lisp.Value // nil: no test
}

// accumulator is a variable a collect, sum, … clause builds up.
type accumulator struct {
	v, tail, flag *lisp.Symbol
	kind          string // "list", "sum" or "minmax"
}

type loopExpansion struct {
	// intoInit is the initial value the type after the last into implies.
	intoInit   lisp.Value
	t          *eval.Thread
	toks       []lisp.Value
	pos        int
	name       lisp.Value
	bindings   []binding
	prologue   []lisp.Value
	groups     [][]driver
	body       []lisp.Value
	epilogue   []lisp.Value
	result     lisp.Value
	accums     map[*lisp.Symbol]*accumulator
	defaultAcc *accumulator
	endTag     *lisp.Symbol
	emitted    bool         // a body clause has been seen
	it         *lisp.Symbol // the variable `it` names in the current conditional
	itUsed     bool
	quantified bool // an always, never or thereis clause has been seen
}

func expandLoop(t *eval.Thread, form lisp.Value) lisp.Value {
	toks := macroArgs("loop", form, 0, -1)
	simple := true
	for _, tok := range toks {
		if _, ok := tok.(*lisp.Cons); !ok {
			simple = false
		}
	}
	if simple {
		top := gensym("TOP")
		tb := concat([]lisp.Value{sTagbody, top}, toks, []lisp.Value{lisp.List(sGo, top)})
		return lisp.List(sBlock, lisp.Nil, lisp.List(tb...))
	}
	e := &loopExpansion{t: t, toks: toks, name: lisp.Nil, result: lisp.Nil,
		accums: map[*lisp.Symbol]*accumulator{}, endTag: gensym("END")}
	e.parse()
	return e.build(form)
}

func (e *loopExpansion) atEnd() bool { return e.pos >= len(e.toks) }

func (e *loopExpansion) peek() lisp.Value {
	if e.atEnd() {
		return nil
	}
	return e.toks[e.pos]
}

func (e *loopExpansion) next(what string) lisp.Value {
	if e.atEnd() {
		syntaxError("loop", "expected %s but the loop ended", what)
	}
	v := e.toks[e.pos]
	e.pos++
	return v
}

// peekIs reports whether the next token is a loop keyword with one of the
// names (compared by name, so :for works like for).
func (e *loopExpansion) peekIs(names ...string) bool {
	s, ok := e.peek().(*lisp.Symbol)
	if !ok {
		return false
	}
	for _, n := range names {
		if s.Name == n {
			return true
		}
	}
	return false
}

// compoundForms takes the forms that follow do, initially or finally: every
// token up to the next loop keyword.
func (e *loopExpansion) compoundForms(clause string) []lisp.Value {
	var forms []lisp.Value
	for !e.atEnd() {
		if _, ok := e.peek().(*lisp.Symbol); ok {
			break
		}
		forms = append(forms, e.next("a form"))
	}
	if len(forms) == 0 {
		syntaxError("loop", "expected a form after %s", clause)
	}
	return forms
}

// statement wraps a form for a tagbody, where an atom would be a tag.
func statement(form lisp.Value) lisp.Value {
	if _, ok := form.(*lisp.Cons); ok {
		return form
	}
	return lisp.List(sProgn, form)
}

func (e *loopExpansion) parse() {
	if e.peekIs("NAMED") {
		e.next("named")
		e.name = e.next("a loop name")
		if _, ok := e.name.(*lisp.Symbol); !ok {
			syntaxError("loop", "%s is not a loop name", lisp.Prin1ToString(e.name))
		}
	}
	for !e.atEnd() {
		tok := e.next("a clause")
		kw, ok := tok.(*lisp.Symbol)
		if !ok {
			syntaxError("loop", "expected a loop keyword but got %s", lisp.Prin1ToString(tok))
		}
		switch kw.Name {
		case "WITH":
			e.parseWith()
		case "FOR", "AS":
			e.parseForGroup()
		case "REPEAT":
			n := e.next("a count after repeat")
			c := gensym("COUNT")
			e.bind(c, n)
			e.groups = append(e.groups, []driver{{
				pre:  []assign{{c, lisp.List(sOneMinus, c)}},
				test: lisp.List(sLE, c, lisp.MakeInt(0)),
			}})
		case "WHILE", "UNTIL":
			test := e.next("a form after " + lowerName(kw))
			if kw.Name == "WHILE" {
				test = lisp.List(sNot, test)
			}
			if e.emitted {
				e.body = append(e.body, lisp.List(sIf, test, lisp.List(sGo, e.endTag)))
			} else {
				e.groups = append(e.groups, []driver{{test: test}})
			}
		case "ALWAYS", "NEVER", "THEREIS":
			e.parseQuantifier(kw)
		case "INITIALLY":
			e.prologue = append(e.prologue, e.compoundForms("initially")...)
		case "FINALLY":
			e.epilogue = append(e.epilogue, e.compoundForms("finally")...)
		case "NAMED":
			syntaxError("loop", "named must come first")
		default:
			e.pos--
			e.emitted = true
			e.body = append(e.body, e.parseSelectable())
		}
	}
	if e.quantified && e.defaultAcc != nil {
		// Both would give the loop's value: the standard makes it a
		// program-error, as SBCL signals.
		syntaxError("loop", "an always, never or thereis clause cannot be combined with an accumulation that has no into variable")
	}
}

func lowerName(s *lisp.Symbol) string { return s.String() }

// bind adds a variable of the loop, initialised in clause order. A
// variable two clauses bind (for x … for x …, with foo … into foo) is a
// program-error, as the standard requires, rather than one clause quietly
// shadowing the other.
func (e *loopExpansion) bind(v, init lisp.Value) {
	for _, b := range e.bindings {
		if b.v == v {
			syntaxError("loop", "the variable %s is bound twice", lisp.Prin1ToString(v))
		}
	}
	e.bindings = append(e.bindings, binding{v, init})
}

// bindPatternVars binds every variable of a destructuring pattern to nil.
func (e *loopExpansion) bindPatternVars(pattern lisp.Value) {
	for _, v := range patternVars(pattern) {
		e.bind(v, lisp.Nil)
	}
}

// patternVars lists the variables of a loop destructuring pattern (nil
// parts are skipped, as CL does).
func patternVars(pattern lisp.Value) []*lisp.Symbol {
	switch p := pattern.(type) {
	case *lisp.Symbol:
		if p == lisp.Nil {
			return nil
		}
		if p.Keyword || p == lisp.T {
			syntaxError("loop", "%s is not a variable", lisp.Prin1ToString(p))
		}
		return []*lisp.Symbol{p}
	case *lisp.Cons:
		return append(patternVars(p.Car), patternVars(p.Cdr)...)
	}
	syntaxError("loop", "expected a variable but got %s", lisp.Prin1ToString(pattern))
	return nil
}

// assignForms returns the forms that store form's value into pattern,
// taking lists apart for destructuring patterns.
func assignForms(pattern, form lisp.Value) []lisp.Value {
	switch p := pattern.(type) {
	case *lisp.Symbol:
		if p == lisp.Nil {
			return nil
		}
		return []lisp.Value{lisp.List(sSetq, p, form)}
	case *lisp.Cons:
		g := gensym("PART")
		inner := concat(assignForms(p.Car, lisp.List(sCar, g)), assignForms(p.Cdr, lisp.List(sCdr, g)))
		return []lisp.Value{letForm(sLet, []binding{{g, form}}, inner...)}
	}
	return nil
}

// assignGroup stores several assignments: in order when there is one, in
// parallel (every form evaluated first) when clauses were joined by and.
func assignGroup(as []assign, parallel bool) []lisp.Value {
	if !parallel || len(as) < 2 {
		var out []lisp.Value
		for _, a := range as {
			out = append(out, assignForms(a.pattern, a.form)...)
		}
		return out
	}
	var bs []binding
	var sets []lisp.Value
	for _, a := range as {
		g := gensym("NEW")
		bs = append(bs, binding{g, a.form})
		sets = append(sets, assignForms(a.pattern, g)...)
	}
	return []lisp.Value{letForm(sLet, bs, sets...)}
}

// groupForms lays out one group of drivers for the first or a later
// iteration: assignments before the tests, the tests, assignments after.
func (e *loopExpansion) groupForms(g []driver, first bool) []lisp.Value {
	parallel := len(g) > 1
	var pre, post []assign
	var tests []lisp.Value
	for _, d := range g {
		if first {
			pre = append(pre, d.firstPre...)
		} else {
			pre = append(pre, d.pre...)
		}
		if d.test != nil {
			tests = append(tests, d.test)
		}
		post = append(post, d.post...)
	}
	out := assignGroup(pre, parallel)
	for _, t := range tests {
		out = append(out, lisp.List(sIf, t, lisp.List(sGo, e.endTag)))
	}
	return append(out, assignGroup(post, parallel)...)
}

func (e *loopExpansion) build(form lisp.Value) lisp.Value {
	next := gensym("NEXT")
	tb := []lisp.Value{sTagbody}
	for _, f := range e.prologue {
		tb = append(tb, statement(f))
	}
	for _, g := range e.groups {
		tb = append(tb, e.groupForms(g, true)...)
	}
	tb = append(tb, next)
	tb = append(tb, e.body...)
	for _, g := range e.groups {
		tb = append(tb, e.groupForms(g, false)...)
	}
	tb = append(tb, lisp.List(sGo, next), e.endTag)
	for _, f := range e.epilogue {
		tb = append(tb, statement(f))
	}
	tb = append(tb, lisp.List(sReturnFrom, e.name, e.result))
	var inner lisp.Value = lisp.List(tb...)
	if mentions(form, lisp.Sym("loop-finish")) {
		inner = lisp.List(sMacrolet,
			lisp.List(lisp.List(lisp.Sym("loop-finish"), lisp.Nil, quoted(lisp.List(sGo, e.endTag)))),
			inner)
	}
	if len(e.bindings) > 0 {
		inner = letForm(sLetStar, e.bindings, inner)
	}
	return lisp.List(sBlock, e.name, inner)
}

// mentions reports whether sym occurs anywhere in form.
func mentions(form lisp.Value, sym *lisp.Symbol) bool {
	for {
		switch x := form.(type) {
		case *lisp.Symbol:
			return x == sym
		case *lisp.Cons:
			if mentions(x.Car, sym) {
				return true
			}
			form = x.Cdr
			continue
		}
		return false
	}
}
