package eval

import (
	"github.com/nodelisp/nodelisp/lisp"
	"github.com/nodelisp/nodelisp/reader"
)

// Analysis turns a form into an ir: a node that knows how to generate the
// Go closure running the form. Code is generated only after the whole
// top-level form is analysed, when it is known which variables inner
// lambdas capture (those live in boxes; the rest in plain frame slots) and,
// per node, whether it is in tail position.

// code runs a compiled form in a frame.
type code func(fr *frame) lisp.Value

// ir is an analysed form.
type ir struct {
	gen func(tail bool) code
	// test, when set, generates a boolean version of the form for if.
	test func() func(fr *frame) bool
	// raw, when set, generates open-coded arithmetic that hands a fixnum
	// result over unboxed (inline_raw.go).
	raw     func() rawCode
	isConst bool
	val     lisp.Value
	// local, when set, is the variable a plain reference reads from lam;
	// see slot.
	local *varInfo
	lam   *lambdaInfo
}

// slot reports the frame slot the form reads when it is a reference to an
// uncaptured variable of its own lambda, so that open-coded operations can
// read the slot in place. It is meaningful only once analysis is done.
func (n *ir) slot() (int, bool) {
	if v := n.local; v != nil && v.owner == n.lam && !v.captured {
		return v.slot, true
	}
	return 0, false
}

func (n *ir) code() code { return n.gen(false) }

func constIR(v lisp.Value) *ir {
	return &ir{isConst: true, val: v, gen: func(bool) code {
		return func(*frame) lisp.Value { return v }
	}}
}

// lambdaInfo is a function being analysed: its slot count and the outer
// variables its body refers to.
type lambdaInfo struct {
	parent  *lambdaInfo
	nslots  int
	free    []*varInfo
	freeIdx map[*varInfo]int
}

func (l *lambdaInfo) addFree(v *varInfo) int {
	if i, ok := l.freeIdx[v]; ok {
		return i
	}
	if l.freeIdx == nil {
		l.freeIdx = map[*varInfo]int{}
	}
	l.freeIdx[v] = len(l.free)
	l.free = append(l.free, v)
	return len(l.free) - 1
}

// varInfo is one lexical binding: a variable, a local function, or the
// hidden variable holding a block's or tagbody's run-time identity.
type varInfo struct {
	name     lisp.Value
	owner    *lambdaInfo
	slot     int
	captured bool
}

type scopeKind int

const (
	sVar scopeKind = iota
	sFun
	sMacro
	sSymbolMacro
	sBlock
	sTag
	sSpecial // a local (declare (special x))
)

// scope is the lexical environment during analysis, innermost first.
type scope struct {
	up   *scope
	kind scopeKind
	name lisp.Value
	v    *varInfo
	mac  MacroFunc
	exp  lisp.Value
	blk  *blockInfo
	tb   *tagbodyInfo
	idx  int
}

type analyzer struct {
	in    *Interp
	t     *Thread
	cell  *reader.Cell
	lam   *lambdaInfo
	sc    *scope
	pos   *lisp.Pos // position of the innermost positioned form
	depth int
	// paramSpecials are the names the body of the lambda list being
	// parsed declares special, so its parameters of those names are
	// bound dynamically.
	paramSpecials map[lisp.Value]bool
}

const maxAnalysisDepth = 3000

func (a *analyzer) newVar(name lisp.Value) *varInfo {
	v := &varInfo{name: name, owner: a.lam, slot: a.lam.nslots}
	a.lam.nslots++
	return v
}

func (a *analyzer) push(s *scope) { s.up = a.sc; a.sc = s }

// find looks name up in the lexical scope.
func (a *analyzer) find(kind scopeKind, name lisp.Value) *scope {
	for s := a.sc; s != nil; s = s.up {
		if s.name == name {
			if s.kind == kind {
				return s
			}
			// A variable shadows a symbol macro and a special declaration
			// of the same name, and vice versa; functions and macros
			// likewise share a namespace.
			if sameNamespace(s.kind, kind) {
				return nil
			}
		}
	}
	return nil
}

func sameNamespace(a, b scopeKind) bool {
	ns := func(k scopeKind) int {
		switch k {
		case sVar, sSymbolMacro, sSpecial:
			return 0
		case sFun, sMacro:
			return 1
		}
		return int(k) + 10
	}
	return ns(a) == ns(b)
}

// use notes that the current lambda refers to v, capturing it when it
// belongs to an enclosing lambda.
func (a *analyzer) use(v *varInfo) {
	if v.owner == a.lam {
		return
	}
	v.captured = true
	for l := a.lam; l != nil && l != v.owner; l = l.parent {
		l.addFree(v)
	}
}

// localRef generates code reading a lexical binding.
func (a *analyzer) localRef(v *varInfo) *ir {
	a.use(v)
	lam := a.lam
	return &ir{local: v, lam: lam, gen: func(bool) code {
		if v.owner == lam {
			i := v.slot
			if v.captured {
				return func(fr *frame) lisp.Value { return fr.s[i].(*box).v }
			}
			return func(fr *frame) lisp.Value { return fr.s[i] }
		}
		j := lam.freeIdx[v]
		return func(fr *frame) lisp.Value { return fr.free[j].v }
	}}
}

// localSet generates code assigning a lexical binding.
func (a *analyzer) localSet(v *varInfo, val *ir) *ir {
	a.use(v)
	lam := a.lam
	return &ir{gen: func(bool) code {
		c := val.code()
		if v.owner == lam {
			i := v.slot
			if v.captured {
				return func(fr *frame) lisp.Value { x := c(fr); fr.t.mvSet = false; fr.s[i].(*box).v = x; return x }
			}
			return func(fr *frame) lisp.Value { x := c(fr); fr.t.mvSet = false; fr.s[i] = x; return x }
		}
		j := lam.freeIdx[v]
		return func(fr *frame) lisp.Value { x := c(fr); fr.t.mvSet = false; fr.free[j].v = x; return x }
	}}
}

// binder returns, at generation time, a function storing a new binding's
// value into its slot (boxing it if captured).
func binder(v *varInfo) func(fr *frame, x lisp.Value) {
	i := v.slot
	if v.captured {
		return func(fr *frame, x lisp.Value) { fr.s[i] = &box{x} }
	}
	return func(fr *frame, x lisp.Value) { fr.s[i] = x }
}

func (a *analyzer) posOf(form lisp.Value) (*lisp.Pos, bool) {
	if a.cell == nil {
		return nil, false
	}
	p, ok := a.cell.Pos(form)
	if !ok {
		return nil, false
	}
	return posAt(p), true
}

// analyze analyses one form.
func (a *analyzer) analyze(form lisp.Value) *ir {
	a.depth++
	if a.depth > maxAnalysisDepth {
		a.depth = 0
		lisp.Errorf("eval: form nested too deeply")
	}
	defer func() { a.depth-- }()
	switch f := form.(type) {
	case *lisp.Symbol:
		return a.symbol(f)
	case *lisp.Cons:
		p, ok := a.posOf(f)
		if !ok {
			return a.compound(f)
		}
		saved := a.pos
		a.pos = p
		a.t.pos = p // for errors analysis itself signals
		defer func() { a.pos = saved }()
		n := a.compound(f)
		// Not deferred: an error in analysis keeps the innermost position,
		// but one signalled after this form names the enclosing form.
		a.t.pos = saved
		return n
	}
	return constIR(a.literal(form))
}

func (a *analyzer) body(forms lisp.Value) *ir {
	var nodes []*ir
	for forms != lisp.Value(lisp.Nil) {
		c, ok := forms.(*lisp.Cons)
		if !ok {
			lisp.Errorf("eval: body is a dotted list")
		}
		nodes = append(nodes, a.analyze(c.Car))
		forms = c.Cdr
	}
	return progn(nodes)
}

func progn(nodes []*ir) *ir {
	switch len(nodes) {
	case 0:
		return constIR(lisp.Nil)
	case 1:
		return nodes[0]
	}
	return &ir{gen: func(tail bool) code {
		cs := make([]code, len(nodes)-1)
		for i, n := range nodes[:len(nodes)-1] {
			cs[i] = n.code()
		}
		last := nodes[len(nodes)-1].gen(tail)
		if len(cs) == 1 {
			c0 := cs[0]
			return func(fr *frame) lisp.Value { c0(fr); fr.t.mvSet = false; return last(fr) }
		}
		return func(fr *frame) lisp.Value {
			for _, c := range cs {
				c(fr)
			}
			fr.t.mvSet = false
			return last(fr)
		}
	}}
}

func (a *analyzer) symbol(s *lisp.Symbol) *ir {
	if s == lisp.Nil || s == lisp.T || s.Keyword {
		return constIR(s)
	}
	if sc := a.find(sVar, s); sc != nil {
		return a.localRef(sc.v)
	}
	if sc := a.find(sSymbolMacro, s); sc != nil {
		return a.analyze(sc.exp)
	}
	c := a.in.cell(s)
	if c.constant && c.value != nil {
		return constIR(c.value)
	}
	pos := a.pos
	return &ir{gen: func(bool) code {
		return func(fr *frame) lisp.Value {
			v := c.value
			if v == nil {
				unboundVariable(s, pos)
			}
			return v
		}
	}}
}

func unboundVariable(s *lisp.Symbol, pos *lisp.Pos) {
	panic(&lisp.Condition{Class: lisp.ClassUnboundVariable, Message: "unbound variable: " + printName(s), Name: s, Pos: posValue(pos)})
}

// compound analyses a list form: a special form, a macro call or a call.
func (a *analyzer) compound(f *lisp.Cons) *ir {
	op, isSym := f.Car.(*lisp.Symbol)
	if isSym {
		if a.find(sFun, op) == nil {
			if sc := a.find(sMacro, op); sc != nil { // macrolet's, written in Lisp
				return a.analyzeExpansion(op, f, a.expand(sc.mac, f))
			}
			if sf, ok := specialForms[op]; ok {
				return sf(a, f)
			}
			if c := a.in.lookup(op); c != nil && c.macro != nil {
				exp := a.expand(c.macro, f)
				if !c.macroInLisp {
					return a.analyze(exp)
				}
				return a.analyzeExpansion(op, f, exp)
			}
		}
		return a.call(f, op)
	}
	if l, ok := f.Car.(*lisp.Cons); ok && l.Car == symLambda {
		return a.callForm(a.lambda(l, ""), f.Cdr)
	}
	if b, ok := f.Car.(*Builtin); ok {
		return a.callForm(constIR(b), f.Cdr)
	}
	lisp.Errorf("eval: illegal function call: %s", lisp.Prin1ToString(f))
	return nil
}

// analyzeExpansion analyses exp, the expansion of call, a call of the
// macro written in Lisp op: the code it generated takes the call's
// position, marked as the expansion of call.
func (a *analyzer) analyzeExpansion(op *lisp.Symbol, call *lisp.Cons, exp lisp.Value) *ir {
	saved := a.pos
	a.pos = expansionPos(a.pos, op, call)
	defer func() { a.pos = saved }()
	return a.analyze(exp)
}

// expand runs a macro expander, guarding against runaway expansion.
func (a *analyzer) expand(m MacroFunc, form lisp.Value) lisp.Value {
	a.t.expansions++
	if a.t.expansions > maxExpansionsPerForm {
		lisp.Errorf("macroexpand: too many macro expansions (%d)", maxExpansionsPerForm)
	}
	// While a macro runs, Macroexpand1 sees the local macros in scope,
	// so that setf can expand a macrolet place.
	saved := a.t.expanding
	a.t.expanding = a
	defer func() { a.t.expanding = saved }()
	return m(a.t, form)
}

// maxExpansionsPerForm bounds the macro expansions analysing one top-level
// form may perform; a macro that expands into itself hits it.
const maxExpansionsPerForm = 100000

// elems returns the elements of a proper list form, or signals: a form
// built by a program may be dotted or circular.
func elems(op string, v lisp.Value) []lisp.Value {
	var out []lisp.Value
	var cycle lisp.Cycle
	for v != lisp.Value(lisp.Nil) {
		c, ok := v.(*lisp.Cons)
		if !ok {
			lisp.SignalClass(lisp.ClassProgramError, "%s: malformed form (dotted list)", op)
		}
		cycle.Visit(op, c)
		out = append(out, c.Car)
		v = c.Cdr
	}
	return out
}
