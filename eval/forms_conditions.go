package eval

import (
	"fmt"
	"runtime"

	"github.com/nodelisp/nodelisp/lisp"
)

// asCondition turns what a recover returned into a condition, or nil for
// the evaluator's own non-local exits, which must keep unwinding. A Go
// runtime fault becomes an ERROR: no panic leaves the interpreter.
func asCondition(r any) *lisp.Condition {
	switch e := r.(type) {
	case *lisp.Condition:
		return e
	case *blockExit, *goExit, *throwExit, *restartExit, *caseExit:
		return nil
	case runtime.Error:
		return &lisp.Condition{Class: lisp.ClassError, Message: "internal error: " + e.Error()}
	case error:
		return &lisp.Condition{Class: lisp.ClassError, Message: "internal error: " + e.Error()}
	}
	return &lisp.Condition{Class: lisp.ClassError, Message: fmt.Sprintf("internal error: %v", r)}
}

// typeMatches reports whether condition c is of the type spec names. A
// limit is only ever matched by its own class, so that no handler for
// error, condition or t keeps a runaway cell alive.
func typeMatches(c *lisp.Condition, spec lisp.Value) bool {
	if c.Class == lisp.ClassLimit || c.IsA(lisp.ClassLimit) {
		return spec == lisp.Value(lisp.ClassLimit)
	}
	switch s := spec.(type) {
	case *lisp.Symbol:
		return s == lisp.T || c.IsA(s)
	case *lisp.Class:
		// A class object is a type specifier too: (find-class 'error)
		// matches what its name does.
		return s.Name != nil && (s.Name == lisp.T || c.IsA(s.Name))
	case *lisp.Cons:
		items := elems("typep", s.Cdr)
		switch s.Car {
		case lisp.Sym("or"):
			for _, x := range items {
				if typeMatches(c, x) {
					return true
				}
			}
			return false
		case lisp.Sym("and"):
			for _, x := range items {
				if !typeMatches(c, x) {
					return false
				}
			}
			return true
		case lisp.Sym("not"):
			return len(items) == 1 && !typeMatches(c, items[0])
		}
	}
	return false
}

type handlerClause struct {
	typ  lisp.Value
	v    *varInfo // nil when the clause binds no variable
	body *ir
	// fn, set instead of v and body when the variable is special, is the
	// clause as a function of the condition, which binds it dynamically.
	fn *ir
}

func sfHandlerCase(a *analyzer, form *lisp.Cons) *ir {
	xs := formArgs("handler-case", form, 1, -1)
	expr := a.analyze(xs[0])
	var clauses []handlerClause
	var noError *ir
	saved := a.sc
	for _, x := range xs[1:] {
		c := elems("handler-case", x)
		if len(c) < 2 {
			lisp.SignalClass(lisp.ClassProgramError, "handler-case: malformed clause %s", lisp.Prin1ToString(x))
		}
		vars := elems("handler-case", c[1])
		fullBody := x.(*lisp.Cons).Cdr.(*lisp.Cons).Cdr
		_, body := a.splitBody(fullBody, false)
		if c[0] == lisp.Value(kwNoError) {
			noError = a.lambdaIR("handler-case", c[1], body, nil, false)
			continue
		}
		hc := handlerClause{typ: c[0]}
		if len(vars) > 1 {
			lisp.SignalClass(lisp.ClassProgramError, "handler-case: clause %s binds more than one variable", lisp.Prin1ToString(x))
		}
		if len(vars) == 1 {
			if sym, ok := vars[0].(*lisp.Symbol); ok && declaredSpecial(fullBody)[sym] {
				hc.fn = a.lambdaIR("handler-case", c[1], fullBody, nil, false)
				clauses = append(clauses, hc)
				continue
			}
			b := a.newBinding("handler-case", vars[0], nil, nil)
			hc.v = b.v
			if b.v == nil {
				lisp.SignalClass(lisp.ClassProgramError, "handler-case: cannot bind the special variable %s", lisp.Prin1ToString(vars[0]))
			}
		}
		hc.body = a.body(body)
		a.sc = saved
		clauses = append(clauses, hc)
	}
	return &ir{gen: func(tail bool) code {
		ec := expr.code()
		types := make([]lisp.Value, len(clauses))
		bodies := make([]code, len(clauses))
		sets := make([]func(*frame, lisp.Value), len(clauses))
		fns := make([]code, len(clauses))
		for i, c := range clauses {
			types[i] = c.typ
			if c.fn != nil {
				fns[i] = c.fn.code()
				continue
			}
			bodies[i] = c.body.gen(tail)
			if c.v != nil {
				sets[i] = binder(c.v)
			}
		}
		var ne code
		if noError != nil {
			ne = noError.code()
		}
		return func(fr *frame) lisp.Value {
			t := fr.t
			m := t.save()
			t.mvSet = false
			v, cond, i := runHandlerCase(fr, ec, types)
			if cond == nil {
				if ne != nil {
					return t.callValue(ne(fr), t.valuesOf(v))
				}
				return v
			}
			t.restore(m)
			if fns[i] != nil {
				return t.callValue(fns[i](fr), []lisp.Value{cond})
			}
			if sets[i] != nil {
				sets[i](fr, cond)
			}
			return bodies[i](fr)
		}
	}}
}

// caseExit is the non-local exit a handler-case's handler takes when the
// condition is signalled: to the handler-case, with the clause chosen.
type caseExit struct {
	tag    *caseTag
	clause int
	cond   *lisp.Condition
}

// caseTag is the target of one dynamic entry of a handler-case.
type caseTag struct{ _ byte }

// runHandlerCase runs expr with the clauses' types as a handler cluster, so
// that signal and warn, which return when no handler takes the condition,
// find it too. A condition a builtin raised by panicking, which no handler
// has been offered, is matched as it passes on its way out.
func runHandlerCase(fr *frame, expr code, types []lisp.Value) (v lisp.Value, cond *lisp.Condition, clause int) {
	t := fr.t
	tag := &caseTag{}
	level := len(t.handlers)
	t.handlers = append(t.handlers, handlerCluster{types: types, exit: tag})
	defer func() {
		if r := recover(); r != nil {
			if e, ok := r.(*caseExit); ok && e.tag == tag {
				if e.cond.Pos.IsZero() {
					e.cond.Pos = posValue(fr.t.pos)
				}
				cond, clause = e.cond, e.clause
				return
			}
			c := asCondition(r)
			if c != nil && c != t.offered {
				for i, ty := range types {
					if typeMatches(c, ty) {
						if c.Pos.IsZero() {
							c.Pos = posValue(fr.t.pos)
						}
						cond, clause = c, i
						return
					}
				}
			}
			panic(r)
		}
	}()
	v = expr(fr)
	t.handlers = t.handlers[:level]
	return v, nil, 0
}

func sfIgnoreErrors(a *analyzer, form *lisp.Cons) *ir {
	body := a.body(form.Cdr)
	return &ir{gen: func(bool) code {
		bc := body.code()
		types := []lisp.Value{lisp.ClassError}
		return func(fr *frame) lisp.Value {
			t := fr.t
			m := t.save()
			v, cond, _ := runHandlerCase(fr, bc, types)
			if cond == nil {
				return v
			}
			t.restore(m)
			return t.Values(lisp.Nil, cond)
		}
	}}
}

// handlerCluster is the handlers one handler-bind established.
type handlerCluster struct {
	types []lisp.Value
	fns   []lisp.Value
	exit  *caseTag // set for a handler-case's cluster: a match unwinds to it
}

func sfHandlerBind(a *analyzer, form *lisp.Cons) *ir {
	xs := formArgs("handler-bind", form, 1, -1)
	var types []lisp.Value
	var fns []*ir
	for _, x := range elems("handler-bind", xs[0]) {
		b := elems("handler-bind", x)
		if len(b) != 2 {
			lisp.SignalClass(lisp.ClassProgramError, "handler-bind: malformed binding %s", lisp.Prin1ToString(x))
		}
		types = append(types, b[0])
		fns = append(fns, a.analyze(b[1]))
	}
	body := a.body(form.Cdr.(*lisp.Cons).Cdr)
	return &ir{gen: func(bool) code {
		fcs := codes(fns)
		bc := body.code()
		return func(fr *frame) lisp.Value {
			t := fr.t
			hc := handlerCluster{types: types, fns: make([]lisp.Value, len(fcs))}
			for i, c := range fcs {
				hc.fns[i] = c(fr)
			}
			level := len(t.handlers)
			t.handlers = append(t.handlers, hc)
			v := runHandlerBind(fr, level, bc)
			t.handlers = t.handlers[:level]
			return v
		}
	}}
}

// runHandlerBind runs body under the cluster at level. Conditions that
// error and signal raise are offered to the handlers where they are
// signalled; a condition a builtin raised by panicking is offered here, as
// it passes on its way out (an approximation: the handler runs after the
// builtin's own frames are gone, which only a handler that declines can
// tell).
func runHandlerBind(fr *frame, level int, body code) lisp.Value {
	t := fr.t
	m := t.save()
	defer func() {
		if r := recover(); r != nil {
			c := asCondition(r)
			if c != nil && c != t.offered && level < len(t.handlers) {
				hc := t.handlers[level]
				t.keepBacktrace(r)
				t.restore(m)
				t.handlers = t.handlers[:level]
				t.callHandlers(c, hc)
			}
			panic(r)
		}
	}()
	return body(fr)
}

func (t *Thread) callHandlers(c *lisp.Condition, hc handlerCluster) {
	for i, ty := range hc.types {
		if typeMatches(c, ty) {
			if hc.exit != nil {
				panic(&caseExit{tag: hc.exit, clause: i, cond: c})
			}
			t.callValue(hc.fns[i], []lisp.Value{c})
		}
	}
}

// signal offers c to every active handler, innermost first; each runs with
// only the handlers outside its own cluster in force.
func (t *Thread) signal(c *lisp.Condition) {
	saved := t.handlers
	defer func() { t.handlers = saved }()
	for i := len(saved) - 1; i >= 0; i-- {
		t.handlers = saved[:i]
		t.callHandlers(c, saved[i])
	}
	t.offered = c
}
