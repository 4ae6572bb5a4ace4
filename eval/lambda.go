package eval

import (
	"github.com/nodelisp/nodelisp/lisp"
)

// splitBody separates a body's documentation string (when allowed) and
// declarations from its forms.
func splitBody(body lisp.Value, allowDoc bool) (doc string, forms lisp.Value) {
	forms = body
	var cycle lisp.Cycle // a body a program built may be circular
	for {
		c, ok := forms.(*lisp.Cons)
		if !ok {
			return doc, forms
		}
		cycle.Visit("declare", c)
		if s, ok := c.Car.(*lisp.String); ok && allowDoc && doc == "" && c.Cdr != lisp.Value(lisp.Nil) {
			doc = s.S
			forms = c.Cdr
			continue
		}
		if d, ok := c.Car.(*lisp.Cons); ok && d.Car == symDeclare {
			forms = c.Cdr
			continue
		}
		return doc, forms
	}
}

// lambdaIR analyses a function: its lambda list and body, the body inside
// (block blockName …) when blockName is set.
func (a *analyzer) lambdaIR(name string, ll, body lisp.Value, blockName *lisp.Symbol, destructuring bool) *ir {
	outerLam, outerSc := a.lam, a.sc
	lam := &lambdaInfo{parent: outerLam}
	a.lam = lam
	defer func() { a.lam, a.sc = outerLam, outerSc }()
	op := name
	if op == "" {
		op = "lambda" // an anonymous function's errors name the operator
	}
	specials := declaredSpecialIn(body, true)
	spec := a.parseLambdaListSpecial(op, ll, destructuring, specials)
	a.pushFreeSpecials(specials)
	doc, forms := a.splitBody(body, true)
	var bodyIR *ir
	if blockName != nil {
		bodyIR = a.block(blockName, forms)
	} else {
		bodyIR = a.body(forms)
	}
	return &ir{gen: func(bool) code {
		lc := &lambdaCode{name: name, doc: doc, args: lisp.Prin1ToString(ll)}
		lc.body = bodyIR.gen(!spec.specials)
		if spec.simple() {
			lc.simple, lc.nreq = true, len(spec.req)
			for _, p := range spec.req {
				if p.v.captured {
					lc.boxed = append(lc.boxed, p.v.slot)
				}
			}
		}
		lc.ll = spec.gen()
		lc.nslots = lam.nslots
		type source struct {
			fromFree bool
			idx      int
		}
		srcs := make([]source, len(lam.free))
		for i, v := range lam.free {
			if v.owner == outerLam {
				srcs[i] = source{false, v.slot}
			} else {
				srcs[i] = source{true, outerLam.freeIdx[v]}
			}
		}
		if len(srcs) == 0 {
			cl := &Closure{lam: lc}
			return func(*frame) lisp.Value { return cl }
		}
		return func(fr *frame) lisp.Value {
			free := make([]*box, len(srcs))
			for i, s := range srcs {
				if s.fromFree {
					free[i] = fr.free[s.idx]
				} else {
					free[i] = fr.s[s.idx].(*box)
				}
			}
			return &Closure{lam: lc, free: free}
		}
	}}
}

// lambda analyses a (lambda ll . body) form.
func (a *analyzer) lambda(form *lisp.Cons, name string) *ir {
	rest, ok := form.Cdr.(*lisp.Cons)
	if !ok {
		lisp.SignalClass(lisp.ClassProgramError, "lambda: missing lambda list")
	}
	return a.lambdaIR(name, rest.Car, rest.Cdr, nil, false)
}

func formArgs(op string, form *lisp.Cons, min, max int) []lisp.Value {
	xs := elems(op, form.Cdr)
	if len(xs) < min || (max >= 0 && len(xs) > max) {
		arityError(op, min, max, len(xs))
	}
	return xs
}

// functionName turns a function name (a symbol or (setf sym)) into the
// symbol whose cell holds it.
func (in *Interp) functionName(op string, x lisp.Value) *lisp.Symbol {
	switch n := x.(type) {
	case *lisp.Symbol:
		return n
	case *lisp.Cons:
		if n.Car == symSetf {
			if s, ok := lisp.Car(n.Cdr).(*lisp.Symbol); ok {
				return SetfName(s)
			}
		}
	}
	lisp.SignalClass(lisp.ClassProgramError, "%s: %s is not a function name", op, lisp.Prin1ToString(x))
	return nil
}

// SetfName returns the symbol under which the function (setf name) is
// kept: a symbol named "(SETF NAME)".
func SetfName(name *lisp.Symbol) *lisp.Symbol {
	return lisp.DerivedName("SETF", name)
}

func sfFunction(a *analyzer, form *lisp.Cons) *ir {
	x := formArgs("function", form, 1, 1)[0]
	if l, ok := x.(*lisp.Cons); ok && l.Car == symLambda {
		return a.lambda(l, "")
	}
	if s, ok := x.(*lisp.Symbol); ok {
		if sc := a.find(sFun, s); sc != nil {
			return a.localRef(sc.v)
		}
		if _, special := specialForms[s]; special {
			lisp.SignalClass(lisp.ClassUndefinedFunction, "function: %s is a special operator, not a function", printName(s))
		}
	}
	sym := a.in.functionName("function", x)
	c := a.in.cell(sym)
	pos := a.pos
	return &ir{gen: func(bool) code {
		return func(*frame) lisp.Value {
			if c.fn == nil {
				undefinedFunction(x, pos)
			}
			return c.fn
		}
	}}
}

func sfLambda(a *analyzer, form *lisp.Cons) *ir { return a.lambda(form, "") }

func sfDefun(a *analyzer, form *lisp.Cons) *ir {
	xs := formArgs("defun", form, 2, -1)
	sym := a.in.functionName("defun", xs[0])
	blockName := sym
	if c, ok := xs[0].(*lisp.Cons); ok {
		blockName, _ = lisp.Car(c.Cdr).(*lisp.Symbol)
	}
	fn := a.lambdaIR(printName(xs[0]), xs[1], form.Cdr.(*lisp.Cons).Cdr.(*lisp.Cons).Cdr, blockName, false)
	c := a.in.cell(sym)
	name := xs[0]
	// A defun of a standard name is refused when it runs, as SBCL's
	// package lock refuses it, not when it is analysed: a program may
	// define one on a branch that never runs ((unless (fboundp 'f)
	// (defun f …))).
	return &ir{gen: func(bool) code {
		fc := fn.code()
		return func(fr *frame) lisp.Value {
			if _, ok := specialForms[sym]; ok {
				lisp.SignalClass(lisp.ClassPackageError, "defun: cannot redefine the special operator %s", printName(sym))
			}
			if c.holdsOwnBuiltin() {
				lisp.SignalClass(lisp.ClassPackageError, "defun: cannot redefine the builtin function %s", printName(xs[0]))
			}
			c.fn = fc(fr)
			c.macro = nil
			fr.t.noteDefined(sym)
			return name
		}
	}}
}

// splitWhole splits a macro lambda list into the variable &whole binds
// (a fresh one when it has no &whole) and the lambda list that
// destructures the form's arguments.
func splitWhole(ll lisp.Value) (whole, args lisp.Value) {
	if c, ok := ll.(*lisp.Cons); ok && c.Car == symWhole {
		if r, ok := c.Cdr.(*lisp.Cons); ok {
			whole, ll = r.Car, r.Cdr
		}
	}
	if s, ok := ll.(*lisp.Symbol); ok && s != lisp.Nil {
		ll = lisp.List(symRest, s) // what is left of (&whole w . rest)
	}
	if whole == nil {
		whole = &lisp.Symbol{Name: "WHOLE"}
	}
	return whole, ll
}

func sfDefmacro(a *analyzer, form *lisp.Cons) *ir {
	xs := formArgs("defmacro", form, 2, -1)
	sym, ok := xs[0].(*lisp.Symbol)
	if !ok {
		lisp.SignalClass(lisp.ClassProgramError, "defmacro: %s is not a symbol", lisp.Prin1ToString(xs[0]))
	}
	// The expander takes the whole form; its lambda list destructures the
	// form's arguments, with &whole bound to the form itself.
	checkLambdaList("defmacro", xs[1], true)
	whole, ll := splitWhole(xs[1])
	body := form.Cdr.(*lisp.Cons).Cdr.(*lisp.Cons).Cdr
	doc, _ := splitBody(body, true)
	inner := lisp.ListStar(body, symDestructuringBind, ll, lisp.List(builtinCdr, whole))
	fn := a.lambdaIR(printName(sym), lisp.List(whole), lisp.List(inner), sym, false)
	c := a.in.cell(sym)
	args := lisp.Prin1ToString(xs[1])
	return &ir{gen: func(bool) code {
		fc := fn.code()
		return func(fr *frame) lisp.Value {
			// Refused when it runs, as defun is.
			if _, ok := specialForms[sym]; ok {
				lisp.SignalClass(lisp.ClassPackageError, "defmacro: cannot redefine the special operator %s", printName(sym))
			}
			if c.holdsOwnBuiltin() {
				lisp.SignalClass(lisp.ClassPackageError, "defmacro: cannot redefine the builtin function %s", printName(sym))
			}
			expander := fc(fr)
			c.macro = func(t *Thread, form lisp.Value) lisp.Value { return t.callValue(expander, []lisp.Value{form}) }
			c.macroInLisp = true
			c.macroDoc, c.macroArgs, c.macroLambda = doc, args, xs[1]
			fr.t.noteDefined(sym)
			return sym
		}
	}}
}
