package eval

import "github.com/nodelisp/nodelisp/lisp"

// A restart-case whose form is, after macro expansion, a call of signal,
// error, cerror or warn associates its restarts with the condition that
// call signals (CLHS restart-case): a handler given that condition finds
// them, one given another condition does not.

// signallingIR is such a call: the operator, its default condition class
// and its argument forms.
type signallingIR struct {
	op           *lisp.Symbol
	defaultClass *lisp.Symbol
	args         []*ir
}

var signallingOps = map[*lisp.Symbol]*lisp.Symbol{
	lisp.Sym("signal"): lisp.ClassSimpleCondition,
	lisp.Sym("error"):  lisp.ClassSimpleError,
	lisp.Sym("cerror"): lisp.ClassSimpleError,
	lisp.Sym("warn"):   lisp.ClassSimpleWarning,
}

// restartCaseExpr analyses restart-case's form: as a signalling call when
// its expansion is one, otherwise as an ordinary form.
func (a *analyzer) restartCaseExpr(form lisp.Value) (*ir, *signallingIR) {
	exp := a.macroexpandAll(form)
	c, ok := exp.(*lisp.Cons)
	if !ok {
		return a.analyze(form), nil
	}
	op, ok := c.Car.(*lisp.Symbol)
	if !ok {
		return a.analyze(form), nil
	}
	class, ok := signallingOps[op]
	if !ok || a.find(sFun, op) != nil {
		return a.analyze(form), nil
	}
	args := elems(printName(op), c.Cdr)
	min := 1
	if op == lisp.Sym("cerror") {
		min = 2
	}
	if len(args) < min {
		return a.analyze(exp), nil // the call's own arity error
	}
	s := &signallingIR{op: op, defaultClass: class}
	for _, x := range args {
		s.args = append(s.args, a.analyze(x))
	}
	return nil, s
}

// macroexpandAll expands form while it is a macro call or a symbol macro
// in the analyser's environment (macroexpand, not macroexpand-all).
func (a *analyzer) macroexpandAll(form lisp.Value) lisp.Value {
	for {
		switch f := form.(type) {
		case *lisp.Symbol:
			if a.find(sVar, f) != nil {
				return form
			}
			sc := a.find(sSymbolMacro, f)
			if sc == nil {
				return form
			}
			form = sc.exp
		case *lisp.Cons:
			op, ok := f.Car.(*lisp.Symbol)
			if !ok || a.find(sFun, op) != nil {
				return form
			}
			if sc := a.find(sMacro, op); sc != nil {
				form = a.expand(sc.mac, f)
				continue
			}
			if _, special := specialForms[op]; special {
				return form
			}
			c := a.in.lookup(op)
			if c == nil || c.macro == nil {
				return form
			}
			form = a.expand(c.macro, f)
		default:
			return form
		}
	}
}

// code evaluates the arguments, makes the condition, associates the
// restarts rs with it and signals it as the operator does.
func (s *signallingIR) code() func(*frame, []*lisp.Restart) lisp.Value {
	cs := make([]code, len(s.args))
	for i, x := range s.args {
		cs[i] = x.code()
	}
	op, defaultClass := s.op, s.defaultClass
	name := printName(op)
	return func(fr *frame, rs []*lisp.Restart) lisp.Value {
		t := fr.t
		args := make([]lisp.Value, len(cs))
		for i, c := range cs {
			args[i] = c(fr)
		}
		datum := 0
		if name == "cerror" {
			datum = 1
		}
		c, isCondition := args[datum].(*lisp.Condition)
		if !isCondition || name != "cerror" {
			c = t.conditionFrom(name, defaultClass, args[datum], args[datum+1:])
		}
		// The operator gets the condition itself; cerror keeps the
		// arguments its continue format control reads.
		called := append([]lisp.Value{}, args[:datum+1]...)
		called[datum] = c
		if name == "cerror" {
			called = append(called, args[datum+1:]...)
		}
		defer dissociate(rs, associate(rs, c))
		fn := t.in.lookup(op)
		if fn == nil || fn.fn == nil {
			undefinedFunction(op, nil)
		}
		return t.callValue(fn.fn, called)
	}
}
