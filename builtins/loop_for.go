package builtins

import (
	"github.com/nodelisp/nodelisp/lisp"
)

// The variable clauses of loop: with, and the for/as drivers.

// skipType skips an optional type spec after a loop variable (of-type X,
// or one of the simple type names CL allows there) and returns the
// initial value the type implies for a with variable.
func (e *loopExpansion) skipType() lisp.Value {
	switch {
	case e.peekIs("OF-TYPE"):
		e.next("of-type")
		ty := e.next("a type after of-type")
		return typeInit(ty)
	case e.peekIs("FIXNUM", "INTEGER", "FLOAT", "NUMBER", "T"):
		return typeInit(e.next("a type"))
	}
	return lisp.Nil
}

func typeInit(ty lisp.Value) lisp.Value {
	if _, ok := ty.(*lisp.Cons); ok {
		// A destructuring type, (fixnum float t), gives each variable of
		// the pattern its own type's initial value.
		return lisp.List(sQuote, typeInitTree(ty))
	}
	return typeInitTree(ty)
}

func typeInitTree(ty lisp.Value) lisp.Value {
	if c, ok := ty.(*lisp.Cons); ok {
		return &lisp.Cons{Car: typeInitTree(c.Car), Cdr: typeInitTree(c.Cdr)}
	}
	if ty == lisp.Value(lisp.Nil) {
		return lisp.Nil
	}
	switch {
	case symbolNamed(ty, "FIXNUM"), symbolNamed(ty, "INTEGER"), symbolNamed(ty, "NUMBER"):
		return lisp.MakeInt(0)
	case symbolNamed(ty, "FLOAT"), symbolNamed(ty, "DOUBLE-FLOAT"), symbolNamed(ty, "SINGLE-FLOAT"),
		symbolNamed(ty, "SHORT-FLOAT"), symbolNamed(ty, "LONG-FLOAT"):
		return lisp.Float(0)
	}
	return lisp.Nil
}

// loopVar reads the variable (or destructuring pattern) of a clause.
func (e *loopExpansion) loopVar(clause string) lisp.Value {
	if e.atEnd() {
		syntaxError("loop", "expected a variable after %s", clause)
	}
	v := e.next("a variable")
	if v == lisp.Value(lisp.Nil) {
		// for nil from 1 to 3: the values are stepped but not kept.
		return gensym("IGNORED")
	}
	patternVars(v)
	return v
}

// parseWith handles with var [type] [= form] {and var [type] [= form]}*.
// Joined by and, the forms are all evaluated before any variable is bound.
func (e *loopExpansion) parseWith() {
	type with struct{ pattern, init lisp.Value }
	var group []with
	for {
		v := e.loopVar("with")
		init := e.skipType()
		if e.peekIs("=") {
			e.next("=")
			init = e.next("a form after =")
		}
		group = append(group, with{v, init})
		if !e.peekIs("AND") {
			break
		}
		e.next("and")
	}
	if len(group) == 1 {
		e.bindDestructured(group[0].pattern, group[0].init)
		return
	}
	temps := make([]*lisp.Symbol, len(group))
	for i, w := range group {
		temps[i] = gensym("WITH")
		e.bind(temps[i], w.init)
	}
	for i, w := range group {
		e.bindDestructured(w.pattern, temps[i])
	}
}

// bindDestructured binds pattern's variables to the parts of form's value.
func (e *loopExpansion) bindDestructured(pattern, form lisp.Value) {
	switch p := pattern.(type) {
	case *lisp.Symbol:
		if p != lisp.Nil {
			e.bind(p, form)
		} else if !isConstantForm(form) {
			// with nil = form still evaluates form.
			e.bind(gensym("IGNORED"), form)
		}
	case *lisp.Cons:
		g := gensym("PART")
		e.bind(g, form)
		e.bindDestructured(p.Car, lisp.List(sCar, g))
		e.bindDestructured(p.Cdr, lisp.List(sCdr, g))
	}
}

// parseForGroup parses for clauses joined by and into one parallel group.
func (e *loopExpansion) parseForGroup() {
	group := []driver{e.parseFor()}
	for e.peekIs("AND") {
		e.next("and")
		if e.peekIs("FOR", "AS") {
			e.next("for")
		}
		group = append(group, e.parseFor())
	}
	e.groups = append(e.groups, group)
}

// temp binds a fresh variable to form, or returns form itself when it is a
// constant.
func (e *loopExpansion) temp(prefix string, form lisp.Value) lisp.Value {
	if isConstantForm(form) {
		return form
	}
	g := gensym(prefix)
	e.bind(g, form)
	return g
}

func (e *loopExpansion) parseFor() driver {
	v := e.loopVar("for")
	e.skipType()
	prep, ok := e.peek().(*lisp.Symbol)
	if !ok {
		syntaxError("loop", "expected in, on, =, across, from or being after for %s", lisp.Prin1ToString(v))
	}
	switch prep.Name {
	case "IN", "ON":
		e.next("in")
		list := gensym("LIST")
		e.bind(list, e.next("a list form"))
		e.bindPatternVars(v)
		step := lisp.List(sCdr, list)
		if e.peekIs("BY") {
			e.next("by")
			step = e.byStep(e.next("a function after by"), list)
		}
		if prep.Name == "IN" {
			// endp, as SBCL uses: a dotted or non-list value is an error.
			return driver{pre: []assign{{list, step}}, test: lisp.List(sEndp, list),
				post: []assign{{v, lisp.List(sCar, list)}}}
		}
		return driver{pre: []assign{{list, step}}, test: lisp.List(sAtom, list),
			post: []assign{{v, list}}}
	case "=":
		e.next("=")
		init := e.next("a form after =")
		if e.peekIs("THEN") {
			e.next("then")
			step := e.next("a form after then")
			e.bindDestructured(v, init)
			return driver{pre: []assign{{v, step}}}
		}
		e.bindPatternVars(v)
		return driver{firstPre: []assign{{v, init}}, pre: []assign{{v, init}}}
	case "ACROSS":
		e.next("across")
		vec, i, n := gensym("VECTOR"), gensym("INDEX"), gensym("LENGTH")
		e.bind(vec, e.next("a vector form"))
		e.bind(n, lisp.List(sLength, vec))
		e.bind(i, lisp.MakeInt(-1))
		e.bindPatternVars(v)
		bump := []assign{{i, lisp.List(sOnePlus, i)}}
		return driver{firstPre: bump, pre: bump, test: lisp.List(sGE, i, n),
			post: []assign{{v, lisp.List(sAref, vec, i)}}}
	case "BEING":
		e.next("being")
		return e.parseBeing(v)
	case "FROM", "UPFROM", "DOWNFROM", "TO", "UPTO", "BELOW", "DOWNTO", "ABOVE", "BY":
		return e.parseArithmetic(v)
	}
	syntaxError("loop", "expected in, on, =, across, from or being after for %s but got %s",
		lisp.Prin1ToString(v), lisp.Prin1ToString(prep))
	return driver{}
}

// byStep is the form stepping a list with a by function: a direct call for
// #'name, a funcall of the function evaluated once otherwise.
func (e *loopExpansion) byStep(fn lisp.Value, list *lisp.Symbol) lisp.Value {
	if c, ok := fn.(*lisp.Cons); ok && (c.Car == lisp.Value(sFunction) || c.Car == lisp.Value(sQuote)) {
		if f, ok := lisp.Car(c.Cdr).(*lisp.Symbol); ok {
			return lisp.List(f, list)
		}
	}
	return lisp.List(sFuncall, e.temp("BY", fn), list)
}

// parseArithmetic handles for var from/upfrom/downfrom X to/upto/below/
// downto/above Y by Z, in any order. The direction is down when downfrom,
// downto or above appears, up otherwise; to limits are inclusive, below
// and above exclusive.
func (e *loopExpansion) parseArithmetic(v lisp.Value) driver {
	vs, ok := v.(*lisp.Symbol)
	if !ok {
		syntaxError("loop", "an arithmetic for needs a variable, not %s", lisp.Prin1ToString(v))
	}
	up, down := false, false
	var start, limit, by lisp.Value
	inclusive := true
	seen := map[string]bool{}
	for e.peekIs("FROM", "UPFROM", "DOWNFROM", "TO", "UPTO", "BELOW", "DOWNTO", "ABOVE", "BY") {
		word := e.next("a preposition").(*lisp.Symbol).Name
		form := e.next("a form after " + lowerName(lisp.Intern(word)))
		group := word
		switch word {
		case "FROM", "UPFROM", "DOWNFROM":
			group = "FROM"
		case "TO", "UPTO", "BELOW", "DOWNTO", "ABOVE":
			group = "TO"
		}
		if seen[group] {
			syntaxError("loop", "two %s clauses for %s", lowerName(lisp.Intern(word)), lisp.Prin1ToString(v))
		}
		seen[group] = true
		switch word {
		case "UPFROM", "UPTO", "BELOW":
			up = true
		case "DOWNFROM", "DOWNTO", "ABOVE":
			down = true
		}
		switch group {
		case "FROM":
			start = form
			e.bind(vs, form)
		case "TO":
			inclusive = word != "BELOW" && word != "ABOVE"
			limit = e.temp("LIMIT", form)
		case "BY":
			by = e.temp("STEP", form)
		}
	}
	if up && down {
		syntaxError("loop", "%s cannot count both up and down", lisp.Prin1ToString(v))
	}
	if start == nil {
		if down {
			syntaxError("loop", "counting down needs a from value for %s", lisp.Prin1ToString(v))
		}
		e.bind(vs, lisp.MakeInt(0))
	}
	d := driver{}
	if by == nil {
		if down {
			d.pre = []assign{{vs, lisp.List(sOneMinus, vs)}}
		} else {
			d.pre = []assign{{vs, lisp.List(sOnePlus, vs)}}
		}
	} else if down {
		d.pre = []assign{{vs, lisp.List(sMinus, vs, by)}}
	} else {
		d.pre = []assign{{vs, lisp.List(sPlus, vs, by)}}
	}
	if limit != nil {
		switch {
		case down && inclusive:
			d.test = lisp.List(sLT, vs, limit)
		case down:
			d.test = lisp.List(sLE, vs, limit)
		case inclusive:
			d.test = lisp.List(sGT, vs, limit)
		default:
			d.test = lisp.List(sGE, vs, limit)
		}
	}
	return d
}

// parseBeingSymbols handles for var being the symbols, present-symbols
// or external-symbols [of package]: the package's symbols as do-symbols
// walks them, the present ones (not inherited) or the external ones.
func (e *loopExpansion) parseBeingSymbols(v lisp.Value, kind string) driver {
	var pkg lisp.Value = lisp.Sym("*package*")
	if e.peekIs("OF", "IN") {
		e.next("of")
		pkg = e.next("a package")
	}
	var which lisp.Value = lisp.Nil
	switch kind {
	case "EXTERNAL-SYMBOL", "EXTERNAL-SYMBOLS":
		which = lisp.T
	case "PRESENT-SYMBOL", "PRESENT-SYMBOLS":
		which = lisp.InternKeyword("PRESENT")
	}
	syms := gensym("SYMBOLS")
	e.bind(syms, lisp.List(lisp.Sym("%package-symbols"), pkg, which))
	e.bindPatternVars(v)
	return driver{pre: []assign{{syms, lisp.List(sCdr, syms)}}, test: lisp.List(sAtom, syms),
		post: []assign{{v, lisp.List(sCar, syms)}}}
}

// parseBeing handles for var being the hash-keys/hash-values of table
// [using (hash-value/hash-key other)].
func (e *loopExpansion) parseBeing(v lisp.Value) driver {
	if e.peekIs("THE", "EACH") {
		e.next("the")
	}
	word := e.next("hash-keys or hash-values")
	kind, ok := word.(*lisp.Symbol)
	if ok {
		switch kind.Name {
		case "SYMBOL", "SYMBOLS", "PRESENT-SYMBOL", "PRESENT-SYMBOLS", "EXTERNAL-SYMBOL", "EXTERNAL-SYMBOLS":
			return e.parseBeingSymbols(v, kind.Name)
		}
	}
	keys := ok && (kind.Name == "HASH-KEY" || kind.Name == "HASH-KEYS")
	values := ok && (kind.Name == "HASH-VALUE" || kind.Name == "HASH-VALUES")
	if !keys && !values {
		// word, not kind: kind is a nil symbol when word is no symbol.
		syntaxError("loop", "after being, expected hash-keys, hash-values, symbols, present-symbols or external-symbols, not %s", lisp.Prin1ToString(word))
	}
	if !e.peekIs("OF", "IN") {
		syntaxError("loop", "expected of after %s", lisp.Prin1ToString(kind))
	}
	e.next("of")
	pairs := gensym("ENTRIES")
	e.bind(pairs, lisp.List(lisp.Sym("%hash-table-pairs"), e.next("a hash table form")))
	e.bindPatternVars(v)
	entry := lisp.List(sCar, pairs)
	mine, other := lisp.List(sCar, entry), lisp.List(sCdr, entry)
	if values {
		mine, other = other, mine
	}
	post := []assign{{v, mine}}
	if e.peekIs("USING") {
		e.next("using")
		spec := listOf("loop", "using spec", e.next("(hash-value var)"))
		if len(spec) != 2 || !(symbolNamed(spec[0], "HASH-VALUE") || symbolNamed(spec[0], "HASH-KEY")) {
			syntaxError("loop", "malformed using clause")
		}
		e.bindPatternVars(spec[1])
		post = append(post, assign{spec[1], other})
	}
	return driver{pre: []assign{{pairs, lisp.List(sCdr, pairs)}}, test: lisp.List(sAtom, pairs), post: post}
}
