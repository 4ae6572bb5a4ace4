package eval

import (
	"github.com/nodelisp/nodelisp/lisp"
)

// binding is one variable of a let: lexical (v) or special (c).
type binding struct {
	v    *varInfo
	c    *cell
	init *ir
}

func (a *analyzer) parseBinding(op string, x lisp.Value) (lisp.Value, *ir) {
	switch b := x.(type) {
	case *lisp.Symbol:
		return b, constIR(lisp.Nil)
	case *lisp.Cons:
		xs := elems(op, b)
		if len(xs) > 2 {
			lisp.SignalClass(lisp.ClassProgramError, "%s: malformed binding %s", op, lisp.Prin1ToString(x))
		}
		if len(xs) == 2 {
			return xs[0], a.analyze(xs[1])
		}
		return xs[0], constIR(lisp.Nil)
	}
	lisp.SignalClass(lisp.ClassProgramError, "%s: malformed binding %s", op, lisp.Prin1ToString(x))
	return nil, nil
}

// declaredSpecial collects the names a body declares special.
func declaredSpecial(body lisp.Value) map[lisp.Value]bool { return declaredSpecialIn(body, false) }

// declaredSpecialIn is declaredSpecial over a body that may open with a
// documentation string among its declarations (a function's).
func declaredSpecialIn(body lisp.Value, allowDoc bool) map[lisp.Value]bool {
	var out map[lisp.Value]bool
	var cycle lisp.Cycle // a body a program built may be circular
	for {
		c, ok := body.(*lisp.Cons)
		if !ok {
			return out
		}
		cycle.Visit("declare", c)
		if _, isDoc := c.Car.(*lisp.String); isDoc && allowDoc && c.Cdr != lisp.Value(lisp.Nil) {
			body = c.Cdr
			continue
		}
		d, ok := c.Car.(*lisp.Cons)
		if !ok || d.Car != symDeclare {
			return out
		}
		for _, spec := range elems("declare", d.Cdr) {
			if sc, ok := spec.(*lisp.Cons); ok && sc.Car == symSpecial {
				for _, n := range elems("declare", sc.Cdr) {
					if out == nil {
						out = map[lisp.Value]bool{}
					}
					out[n] = true
				}
			}
		}
		body = c.Cdr
	}
}

// pushFreeSpecials puts the names a body declares special in scope for
// that body, so that a reference to one the form does not bind reads the
// dynamic value ((let ((x 1)) (declare (special y)) y) reads the special
// y, not a lexical y around the let). A name the form binds is already
// special in scope; pushing it again changes nothing.
func (a *analyzer) pushFreeSpecials(specials map[lisp.Value]bool) {
	for name := range specials {
		a.push(&scope{kind: sSpecial, name: name})
	}
}

// newBinding makes the variable a let binds, pushing it in scope.
func (a *analyzer) newBinding(op string, name lisp.Value, init *ir, specials map[lisp.Value]bool) binding {
	s, ok := name.(*lisp.Symbol)
	if !ok || s == lisp.Nil || s == lisp.T || s.Keyword {
		lisp.SignalClass(lisp.ClassProgramError, "%s: %s cannot be bound", op, lisp.Prin1ToString(name))
	}
	checkBindable(op, s)
	c := a.in.lookup(s)
	if c != nil && c.constant {
		lisp.SignalClass(lisp.ClassProgramError, "%s: cannot bind the constant %s", op, printName(s))
	}
	if c != nil && c.special || specials[s] {
		a.push(&scope{kind: sSpecial, name: s})
		return binding{c: a.in.cell(s), init: init}
	}
	v := a.newVar(s)
	a.push(&scope{kind: sVar, name: s, v: v})
	return binding{v: v, init: init}
}

func sfLet(a *analyzer, form *lisp.Cons) *ir     { return a.let(form, false) }
func sfLetStar(a *analyzer, form *lisp.Cons) *ir { return a.let(form, true) }

func (a *analyzer) let(form *lisp.Cons, sequential bool) *ir {
	op := "let"
	if sequential {
		op = "let*"
	}
	xs := formArgs(op, form, 1, -1)
	saved := a.sc
	defer func() { a.sc = saved }()
	body := form.Cdr.(*lisp.Cons).Cdr
	specials := declaredSpecial(body)
	items := elems(op, xs[0])
	bs := make([]binding, len(items))
	if sequential {
		for i, x := range items {
			name, init := a.parseBinding(op, x)
			bs[i] = a.newBinding(op, name, init, specials)
		}
	} else {
		names := make([]lisp.Value, len(items))
		inits := make([]*ir, len(items))
		for i, x := range items {
			names[i], inits[i] = a.parseBinding(op, x)
		}
		for i := range items {
			bs[i] = a.newBinding(op, names[i], inits[i], specials)
		}
	}
	a.pushFreeSpecials(specials)
	_, forms := a.splitBody(body, false)
	b := a.body(forms)
	return letIR(bs, b, sequential)
}

func letIR(bs []binding, body *ir, sequential bool) *ir {
	dynamic := false
	for _, b := range bs {
		if b.c != nil {
			dynamic = true
		}
	}
	return &ir{gen: func(tail bool) code {
		inits := make([]code, len(bs))
		sets := make([]func(*frame, lisp.Value), len(bs))
		for i, b := range bs {
			inits[i] = b.init.code()
			if b.v != nil {
				sets[i] = binder(b.v)
			}
		}
		if !dynamic {
			bc := body.gen(tail)
			// On the way out the variables' slots are cleared, so that
			// what they held is garbage as soon as the let is left (a
			// let in a loop would otherwise keep the previous
			// iteration's values alive through the next one's inits).
			if len(bs) == 1 {
				i0, s0, k0 := inits[0], sets[0], bs[0].v.slot
				return func(fr *frame) lisp.Value {
					s0(fr, i0(fr))
					fr.t.mvSet = false
					v := bc(fr)
					fr.s[k0] = nil
					return v
				}
			}
			slots := make([]int, len(bs))
			for i, b := range bs {
				slots[i] = b.v.slot
			}
			// A let's new slots are invisible to its init forms, so
			// storing each value at once is as good as binding in parallel.
			return func(fr *frame) lisp.Value {
				for i, c := range inits {
					sets[i](fr, c(fr))
				}
				fr.t.mvSet = false
				v := bc(fr)
				for _, k := range slots {
					fr.s[k] = nil
				}
				return v
			}
		}
		bc := body.gen(false)
		cells := make([]*cell, len(bs))
		for i, b := range bs {
			cells[i] = b.c
		}
		return func(fr *frame) lisp.Value {
			t := fr.t
			m := len(t.specials)
			if sequential {
				for i, c := range inits {
					bindOne(fr, cells[i], sets[i], c(fr))
				}
			} else {
				vals := make([]lisp.Value, len(inits))
				for i, c := range inits {
					vals[i] = c(fr)
				}
				for i, v := range vals {
					bindOne(fr, cells[i], sets[i], v)
				}
			}
			t.mvSet = false
			v := bc(fr)
			t.unbind(m)
			return v
		}
	}}
}

func bindOne(fr *frame, c *cell, set func(*frame, lisp.Value), v lisp.Value) {
	if c != nil {
		fr.t.bindSpecial(c, v)
		return
	}
	set(fr, v)
}

// localFunction is one flet or labels definition.
type localFunction struct {
	v  *varInfo
	fn *ir
}

func (a *analyzer) parseLocalFunctions(op string, defs lisp.Value, recursive bool) []localFunction {
	items := elems(op, defs)
	fs := make([]localFunction, len(items))
	names := make([]*lisp.Symbol, len(items))
	for i, x := range items {
		d, ok := x.(*lisp.Cons)
		if !ok {
			lisp.SignalClass(lisp.ClassProgramError, "%s: malformed definition %s", op, lisp.Prin1ToString(x))
		}
		names[i] = a.in.functionName(op, d.Car)
		fs[i].v = a.newVar(names[i])
	}
	push := func() {
		for i := range fs {
			a.push(&scope{kind: sFun, name: names[i], v: fs[i].v})
		}
	}
	if recursive {
		push()
	}
	for i, x := range items {
		d := x.(*lisp.Cons)
		rest, ok := d.Cdr.(*lisp.Cons)
		if !ok {
			lisp.SignalClass(lisp.ClassProgramError, "%s: %s has no lambda list", op, printName(names[i]))
		}
		fs[i].fn = a.lambdaIR(printName(d.Car), rest.Car, rest.Cdr, names[i], false)
	}
	if !recursive {
		push()
	}
	return fs
}

func sfFlet(a *analyzer, form *lisp.Cons) *ir   { return a.localFunctions("flet", form, false) }
func sfLabels(a *analyzer, form *lisp.Cons) *ir { return a.localFunctions("labels", form, true) }

func (a *analyzer) localFunctions(op string, form *lisp.Cons, recursive bool) *ir {
	xs := formArgs(op, form, 1, -1)
	saved := a.sc
	defer func() { a.sc = saved }()
	fs := a.parseLocalFunctions(op, xs[0], recursive)
	_, forms := a.splitBody(form.Cdr.(*lisp.Cons).Cdr, false)
	body := a.body(forms)
	return &ir{gen: func(tail bool) code {
		makers := make([]code, len(fs))
		inits := make([]func(*frame, lisp.Value), len(fs))
		assigns := make([]func(*frame, lisp.Value), len(fs))
		for i, f := range fs {
			makers[i] = f.fn.code()
			inits[i] = binder(f.v)
			assigns[i] = assigner(f.v)
		}
		bc := body.gen(tail)
		if !recursive {
			return func(fr *frame) lisp.Value {
				// flet's functions are made before any is bound.
				fns := make([]lisp.Value, len(makers))
				for i, m := range makers {
					fns[i] = m(fr)
				}
				for i, f := range fns {
					inits[i](fr, f)
				}
				return bc(fr)
			}
		}
		return func(fr *frame) lisp.Value {
			// labels' functions capture each other: make the bindings
			// (boxes) first, then the closures.
			for _, init := range inits {
				init(fr, lisp.Nil)
			}
			for i, m := range makers {
				assigns[i](fr, m(fr))
			}
			return bc(fr)
		}
	}}
}

// assigner stores into an existing binding of the current lambda.
func assigner(v *varInfo) func(fr *frame, x lisp.Value) {
	i := v.slot
	if v.captured {
		return func(fr *frame, x lisp.Value) { fr.s[i].(*box).v = x }
	}
	return func(fr *frame, x lisp.Value) { fr.s[i] = x }
}

func sfMacrolet(a *analyzer, form *lisp.Cons) *ir {
	xs := formArgs("macrolet", form, 1, -1)
	saved := a.sc
	defer func() { a.sc = saved }()
	var scopes []*scope
	for _, x := range elems("macrolet", xs[0]) {
		d, ok := x.(*lisp.Cons)
		name, isSym := lisp.Car(x).(*lisp.Symbol)
		if !ok || !isSym {
			lisp.SignalClass(lisp.ClassProgramError, "macrolet: malformed definition %s", lisp.Prin1ToString(x))
		}
		rest, ok := d.Cdr.(*lisp.Cons)
		if !ok {
			lisp.SignalClass(lisp.ClassProgramError, "macrolet: %s has no lambda list", printName(name))
		}
		checkLambdaList("macrolet", rest.Car, true)
		// The expander sees the global environment and the local macros
		// and symbol macros around the macrolet (CLHS macrolet), not its
		// local variables and functions.
		whole, ll := splitWhole(rest.Car)
		lam := lisp.List(symLambda, lisp.List(whole),
			lisp.List(lisp.Sym("block"), name,
				lisp.ListStar(rest.Cdr, symDestructuringBind, ll, lisp.List(builtinCdr, whole))))
		expander := a.t.evalWithLocalMacros(lam, a.sc)
		scopes = append(scopes, &scope{kind: sMacro, name: name, mac: func(t *Thread, form lisp.Value) lisp.Value {
			return t.callValue(expander, []lisp.Value{form})
		}})
	}
	for _, s := range scopes {
		a.push(s)
	}
	// Its special declarations apply to the body, as locally's do.
	a.pushFreeSpecials(declaredSpecial(form.Cdr.(*lisp.Cons).Cdr))
	_, forms := a.splitBody(form.Cdr.(*lisp.Cons).Cdr, false)
	return a.body(forms)
}

func sfSymbolMacrolet(a *analyzer, form *lisp.Cons) *ir {
	xs := formArgs("symbol-macrolet", form, 1, -1)
	saved := a.sc
	defer func() { a.sc = saved }()
	var scopes []*scope
	for _, x := range elems("symbol-macrolet", xs[0]) {
		d := elems("symbol-macrolet", x)
		if len(d) != 2 {
			lisp.SignalClass(lisp.ClassProgramError, "symbol-macrolet: malformed definition %s", lisp.Prin1ToString(x))
		}
		// A symbol macro may not name a constant or a special variable,
		// nor be declared special (CLHS symbol-macrolet).
		if sym, ok := d[0].(*lisp.Symbol); ok {
			if c := a.in.lookup(sym); c != nil && (c.constant || c.special) {
				lisp.SignalClass(lisp.ClassProgramError, "symbol-macrolet: %s is a constant or special variable and cannot be a symbol macro", printName(sym))
			}
		}
		scopes = append(scopes, &scope{kind: sSymbolMacro, name: d[0], exp: d[1]})
	}
	specials := declaredSpecial(form.Cdr.(*lisp.Cons).Cdr)
	for name := range specials {
		for _, sc := range scopes {
			if sc.name == name {
				lisp.SignalClass(lisp.ClassProgramError, "symbol-macrolet: the symbol macro %s is declared special", lisp.Prin1ToString(name))
			}
		}
	}
	for _, s := range scopes {
		a.push(s)
	}
	// Its special declarations apply to the body, as locally's do.
	a.pushFreeSpecials(specials)
	_, forms := a.splitBody(form.Cdr.(*lisp.Cons).Cdr, false)
	return a.body(forms)
}

func sfDestructuringBind(a *analyzer, form *lisp.Cons) *ir {
	xs := formArgs("destructuring-bind", form, 2, -1)
	val := a.analyze(xs[1])
	saved := a.sc
	defer func() { a.sc = saved }()
	dbody := form.Cdr.(*lisp.Cons).Cdr.(*lisp.Cons).Cdr
	specials := declaredSpecial(dbody)
	ll := a.parseLambdaListSpecial("destructuring-bind", xs[0], true, specials)
	a.pushFreeSpecials(specials)
	_, forms := a.splitBody(dbody, false)
	body := a.body(forms)
	return &ir{gen: func(tail bool) code {
		vc := val.code()
		spec := ll.gen()
		if !ll.specials {
			bc := body.gen(tail)
			return func(fr *frame) lisp.Value {
				spec.destructure(fr, vc(fr))
				fr.t.mvSet = false
				return bc(fr)
			}
		}
		bc := body.gen(false)
		return func(fr *frame) lisp.Value {
			m := len(fr.t.specials)
			spec.destructure(fr, vc(fr))
			fr.t.mvSet = false
			v := bc(fr)
			fr.t.unbind(m)
			return v
		}
	}}
}

func sfDefvar(a *analyzer, form *lisp.Cons) *ir { return a.defvar("defvar", form, false, false) }
func sfDefparameter(a *analyzer, form *lisp.Cons) *ir {
	return a.defvar("defparameter", form, true, false)
}
func sfDefconstant(a *analyzer, form *lisp.Cons) *ir {
	return a.defvar("defconstant", form, true, true)
}

func (a *analyzer) defvar(op string, form *lisp.Cons, always, constant bool) *ir {
	min := 2
	if op == "defvar" {
		min = 1
	}
	xs := formArgs(op, form, min, 3)
	sym, ok := xs[0].(*lisp.Symbol)
	if !ok || sym == lisp.Nil || sym == lisp.T || sym.Keyword {
		lisp.SignalClass(lisp.ClassProgramError, "%s: %s is not a variable name", op, lisp.Prin1ToString(xs[0]))
	}
	c := a.in.cell(sym)
	if c.constant && !constant {
		lisp.Errorf("%s: %s is a constant", op, printName(sym))
	}
	if !constant {
		c.special = true
	}
	var init *ir
	if len(xs) > 1 {
		init = a.analyze(xs[1])
	}
	doc := ""
	if len(xs) == 3 {
		if s, ok := xs[2].(*lisp.String); ok {
			doc = s.S
		}
	}
	return &ir{gen: func(bool) code {
		var ic code
		if init != nil {
			ic = init.code()
		}
		return func(fr *frame) lisp.Value {
			if ic != nil && (always || c.value == nil) {
				v := ic(fr)
				if constant && c.constant && !lisp.Equal(c.value, v) {
					lisp.Errorf("defconstant: %s is already a constant with another value", printName(sym))
				}
				c.value = v
			}
			if constant {
				c.constant = true
			} else {
				c.special = true
			}
			if doc != "" {
				c.varDoc = doc
			}
			fr.t.noteDefined(sym)
			return sym
		}
	}}
}
