package eval

import (
	"github.com/nodelisp/nodelisp/lisp"
)

// Lambda lists: parsed at analysis time into an llIR (variables and
// default forms), generated into an llSpec that binds an argument slice.
// The same machinery destructures macro forms and destructuring-bind.

var (
	symOptional       = lisp.Sym("&optional")
	symRest           = lisp.Sym("&rest")
	symBody           = lisp.Sym("&body")
	symKey            = lisp.Sym("&key")
	symAllowOtherKeys = lisp.Sym("&allow-other-keys")
	symAux            = lisp.Sym("&aux")
	symWhole          = lisp.Sym("&whole")
	symEnvironment    = lisp.Sym("&environment")
	kwAllowOtherKeys  = lisp.Sym(":allow-other-keys")
)

type paramIR struct {
	v       *varInfo
	special *cell
	sub     *llIR
}

type optIR struct {
	p    paramIR
	init *ir
	sp   *paramIR
	kw   *lisp.Symbol
}

type llIR struct {
	name string
	// env is a macro lambda list's &environment variable, bound (to nil:
	// nodelisp passes no environment objects) before every other
	// parameter, wherever it is written, so a default form may use it.
	env        *paramIR
	whole      *paramIR
	req        []paramIR
	opt        []optIR
	rest       *paramIR
	hasKey     bool
	keys       []optIR
	allowOther bool
	aux        []optIR
	specials   bool
}

// simple reports whether the list has only required, non-special,
// non-destructuring parameters.
func (l *llIR) simple() bool {
	if l.env != nil || l.whole != nil || len(l.opt) > 0 || l.rest != nil || l.hasKey || len(l.aux) > 0 || l.specials {
		return false
	}
	for _, p := range l.req {
		if p.sub != nil {
			return false
		}
	}
	return true
}

// parseLambdaListSpecial is parseLambdaList for a body that declares the
// names in specials special: those parameters are bound dynamically.
func (a *analyzer) parseLambdaListSpecial(op string, list lisp.Value, destructuring bool, specials map[lisp.Value]bool) *llIR {
	saved := a.paramSpecials
	a.paramSpecials = specials
	defer func() { a.paramSpecials = saved }()
	return a.parseLambdaList(op, list, destructuring)
}

// parseLambdaList analyses a lambda list in the current lambda, binding
// each variable in scope as it goes so that default forms see the earlier
// parameters. destructuring allows nested lists, &whole and dotted tails.
func (a *analyzer) parseLambdaList(op string, list lisp.Value, destructuring bool) *llIR {
	checkLambdaList(op, list, destructuring)
	l := &llIR{name: op}
	const (
		stReq = iota
		stOpt
		stRest
		stKey
		stAux
	)
	state := stReq
	restDone := false
	if env := environmentVar(list); env != nil {
		v := a.newVar(env)
		a.push(&scope{kind: sVar, name: env, v: v})
		l.env = &paramIR{v: v}
	}
	for list != lisp.Value(lisp.Nil) {
		c, ok := list.(*lisp.Cons)
		if !ok {
			if s, isSym := list.(*lisp.Symbol); isSym {
				// A dotted tail (a b . rest) is &rest rest.
				p := a.param(op, s, destructuring)
				l.rest = &p
				break
			}
			lisp.SignalClass(lisp.ClassProgramError, "%s: malformed lambda list", op)
		}
		x := c.Car
		list = c.Cdr
		switch x {
		case symOptional:
			state = stOpt
			continue
		case symRest, symBody:
			state = stRest
			continue
		case symKey:
			state, l.hasKey = stKey, true
			continue
		case symAux:
			state = stAux
			continue
		case symAllowOtherKeys:
			l.allowOther = true
			continue
		case symWhole:
			if cc, ok := list.(*lisp.Cons); ok {
				p := a.param(op, cc.Car, destructuring)
				l.whole = &p
				list = cc.Cdr
			}
			continue
		case symEnvironment:
			if cc, ok := list.(*lisp.Cons); ok {
				list = cc.Cdr // bound first (environmentVar)
			}
			continue
		}
		switch state {
		case stReq:
			l.req = append(l.req, a.param(op, x, destructuring))
		case stRest:
			if restDone {
				lisp.SignalClass(lisp.ClassProgramError, "%s: malformed lambda list", op)
			}
			p := a.param(op, x, destructuring)
			l.rest, restDone = &p, true
		case stOpt, stKey, stAux:
			l.optional(a, op, x, state == stKey, state == stAux, destructuring)
		}
	}
	for _, p := range l.allParams() {
		if p.special != nil {
			l.specials = true
		}
	}
	return l
}

func (l *llIR) allParams() []*paramIR {
	var ps []*paramIR
	for i := range l.req {
		ps = append(ps, &l.req[i])
	}
	for _, group := range [][]optIR{l.opt, l.keys, l.aux} {
		for i := range group {
			ps = append(ps, &group[i].p)
			if group[i].sp != nil {
				ps = append(ps, group[i].sp)
			}
		}
	}
	if l.rest != nil {
		ps = append(ps, l.rest)
	}
	if l.whole != nil {
		ps = append(ps, l.whole)
	}
	return ps
}

func (l *llIR) optional(a *analyzer, op string, x lisp.Value, key, aux, destructuring bool) {
	var o optIR
	var name lisp.Value = x
	var init, spName lisp.Value
	if c, ok := x.(*lisp.Cons); ok {
		name = c.Car
		if r, ok := c.Cdr.(*lisp.Cons); ok {
			init = r.Car
			if r2, ok := r.Cdr.(*lisp.Cons); ok {
				spName = r2.Car
			}
		}
	}
	if key {
		if kc, ok := name.(*lisp.Cons); ok {
			// ((:keyword var) default)
			kw, _ := kc.Car.(*lisp.Symbol)
			o.kw = kw
			name = lisp.Car(kc.Cdr)
		} else if s, ok := name.(*lisp.Symbol); ok {
			o.kw = lisp.InternKeyword(s.Name)
		}
		if o.kw == nil {
			lisp.SignalClass(lisp.ClassProgramError, "%s: malformed keyword parameter %s", op, lisp.Prin1ToString(x))
		}
	}
	if init != nil {
		o.init = a.analyze(init)
	}
	o.p = a.param(op, name, destructuring)
	if spName != nil {
		sp := a.param(op, spName, false)
		o.sp = &sp
	}
	switch {
	case aux:
		l.aux = append(l.aux, o)
	case key:
		l.keys = append(l.keys, o)
	default:
		l.opt = append(l.opt, o)
	}
}

// param binds one parameter name (or, destructuring, a nested list).
func (a *analyzer) param(op string, x lisp.Value, destructuring bool) paramIR {
	if destructuring {
		// () is an empty pattern, which matches only an empty list
		// ((macrolet ((m (()) …)) (m ()))).
		if _, ok := x.(*lisp.Cons); ok || x == lisp.Value(lisp.Nil) {
			return paramIR{sub: a.parseLambdaList(op, x, true)}
		}
	}
	s, ok := x.(*lisp.Symbol)
	if !ok || s == lisp.Nil || s == lisp.T || s.Keyword {
		lisp.SignalClass(lisp.ClassProgramError, "%s: %s cannot be a parameter", op, lisp.Prin1ToString(x))
	}
	if c := a.in.lookup(s); c != nil && c.constant {
		lisp.SignalClass(lisp.ClassProgramError, "%s: cannot bind the constant %s", op, printName(s))
	}
	if c := a.in.lookup(s); c != nil && c.special || a.paramSpecials[s] {
		a.push(&scope{kind: sSpecial, name: s})
		return paramIR{special: a.in.cell(s)}
	}
	v := a.newVar(s)
	a.push(&scope{kind: sVar, name: s, v: v})
	return paramIR{v: v}
}

// setter generates the store for a parameter.
func (p *paramIR) setter() func(fr *frame, x lisp.Value) {
	switch {
	case p.sub != nil:
		sub := p.sub.gen()
		return func(fr *frame, x lisp.Value) { sub.destructure(fr, x) }
	case p.special != nil:
		c := p.special
		return func(fr *frame, x lisp.Value) { fr.t.bindSpecial(c, x) }
	}
	return binder(p.v)
}

type optSpec struct {
	set   func(fr *frame, x lisp.Value)
	init  code
	setSp func(fr *frame, x lisp.Value)
	kw    *lisp.Symbol
}

type llSpec struct {
	name       string
	env        func(fr *frame, x lisp.Value)
	whole      func(fr *frame, x lisp.Value)
	req        []func(fr *frame, x lisp.Value)
	opt        []optSpec
	rest       func(fr *frame, x lisp.Value)
	hasKey     bool
	keys       []optSpec
	allowOther bool
	aux        []optSpec
	max        int
}

func genOpts(os []optIR) []optSpec {
	out := make([]optSpec, len(os))
	for i, o := range os {
		out[i] = optSpec{set: o.p.setter(), kw: o.kw}
		if o.init != nil {
			out[i].init = o.init.code()
		}
		if o.sp != nil {
			out[i].setSp = o.sp.setter()
		}
	}
	return out
}

func (l *llIR) gen() *llSpec {
	s := &llSpec{name: l.name, hasKey: l.hasKey, allowOther: l.allowOther}
	if l.env != nil {
		s.env = l.env.setter()
	}
	if l.whole != nil {
		s.whole = l.whole.setter()
	}
	for i := range l.req {
		s.req = append(s.req, l.req[i].setter())
	}
	s.opt = genOpts(l.opt)
	if l.rest != nil {
		s.rest = l.rest.setter()
	}
	s.keys = genOpts(l.keys)
	s.aux = genOpts(l.aux)
	s.max = len(s.req) + len(s.opt)
	if s.rest != nil || s.hasKey {
		s.max = -1
	}
	return s
}

// destructure binds a list against a destructuring lambda list.
func (s *llSpec) destructure(fr *frame, x lisp.Value) {
	var items []lisp.Value
	var cycle lisp.Cycle
	v := x
	for {
		c, ok := v.(*lisp.Cons)
		if !ok {
			break
		}
		cycle.Visit(s.name, c)
		items = append(items, c.Car)
		v = c.Cdr
	}
	if s.whole != nil {
		s.whole(fr, x)
	}
	s.bind(fr, items, v)
}

// bind binds args (and, destructuring, a dotted tail) to the parameters.
func (s *llSpec) bind(fr *frame, args []lisp.Value, tail lisp.Value) {
	if s.env != nil {
		s.env(fr, lisp.Nil)
	}
	n := len(args)
	if n < len(s.req) || (s.max >= 0 && n > s.max) || (tail != lisp.Value(lisp.Nil) && s.rest == nil) {
		if tail != lisp.Value(lisp.Nil) && s.rest == nil {
			lisp.SignalClass(lisp.ClassProgramError, "%s: the list does not match the lambda list (dotted tail %s)", s.name, lisp.Prin1ToString(tail))
		}
		arityError(s.name, len(s.req), s.max, n)
	}
	for i, set := range s.req {
		set(fr, args[i])
	}
	i := len(s.req)
	for _, o := range s.opt {
		if i < n {
			o.set(fr, args[i])
			if o.setSp != nil {
				o.setSp(fr, lisp.T)
			}
			i++
			continue
		}
		var v lisp.Value = lisp.Nil
		if o.init != nil {
			v = o.init(fr)
		}
		o.set(fr, v)
		if o.setSp != nil {
			o.setSp(fr, lisp.Nil)
		}
	}
	rest := args[i:]
	if s.rest != nil {
		s.rest(fr, lisp.ListStar(tail, rest...))
	}
	if s.hasKey {
		s.bindKeys(fr, rest)
	}
	for _, o := range s.aux {
		var v lisp.Value = lisp.Nil
		if o.init != nil {
			v = o.init(fr)
		}
		o.set(fr, v)
	}
}

func (s *llSpec) bindKeys(fr *frame, rest []lisp.Value) {
	if len(rest)%2 != 0 {
		lisp.SignalClass(lisp.ClassProgramError, "%s: odd number of keyword arguments", s.name)
	}
	allow := s.allowOther
	// The leftmost :allow-other-keys decides (CLHS 3.4.1.4).
	for j := 0; j < len(rest); j += 2 {
		if rest[j] == lisp.Value(kwAllowOtherKeys) {
			allow = allow || lisp.Truthy(rest[j+1])
			break
		}
	}
	if !allow {
	outer:
		for j := 0; j < len(rest); j += 2 {
			if rest[j] == lisp.Value(kwAllowOtherKeys) {
				continue
			}
			for _, k := range s.keys {
				if rest[j] == lisp.Value(k.kw) {
					continue outer
				}
			}
			lisp.SignalClass(lisp.ClassProgramError, "%s: unknown keyword argument %s", s.name, lisp.Prin1ToString(rest[j]))
		}
	}
	for _, k := range s.keys {
		found := false
		for j := 0; j < len(rest); j += 2 {
			if rest[j] == lisp.Value(k.kw) {
				k.set(fr, rest[j+1])
				found = true
				break
			}
		}
		if found {
			if k.setSp != nil {
				k.setSp(fr, lisp.T)
			}
			continue
		}
		var v lisp.Value = lisp.Nil
		if k.init != nil {
			v = k.init(fr)
		}
		k.set(fr, v)
		if k.setSp != nil {
			k.setSp(fr, lisp.Nil)
		}
	}
}

// environmentVar is the variable a lambda list's &environment names at its
// top level, or nil.
func environmentVar(list lisp.Value) lisp.Value {
	for {
		c, ok := list.(*lisp.Cons)
		if !ok {
			return nil
		}
		if c.Car == lisp.Value(symEnvironment) {
			if next, ok := c.Cdr.(*lisp.Cons); ok {
				return next.Car
			}
			return nil
		}
		list = c.Cdr
	}
}
