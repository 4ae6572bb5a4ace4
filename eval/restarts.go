package eval

import "github.com/nodelisp/nodelisp/lisp"

// Restarts. A restart is a *lisp.Restart on the thread's restart stack
// (t.restarts), innermost last, visible to compute-restarts and
// invoke-restart while the form that made it runs. restart-case's
// restarts unwind to it when invoked (a restartExit panic, like throw);
// restart-bind's are plain functions called where they are invoked.

// restartExit is the non-local exit invoke-restart takes to the
// restart-case that made r.
type restartExit struct {
	r    *lisp.Restart
	args []lisp.Value
}

// restartTag is the target of one dynamic entry of a restart-case.
type restartTag struct{ _ byte }

var (
	kwInteractive         = lisp.Sym(":interactive")
	kwTest                = lisp.Sym(":test")
	kwReportFunction      = lisp.Sym(":report-function")
	kwInteractiveFunction = lisp.Sym(":interactive-function")
	kwTestFunction        = lisp.Sym(":test-function")
)

type restartClause struct {
	name                      *lisp.Symbol
	fn                        *ir // the clause as a function of its lambda list
	report, interactive, test *ir
	reportText                *lisp.String
}

func sfRestartCase(a *analyzer, form *lisp.Cons) *ir {
	xs := formArgs("restart-case", form, 1, -1)
	expr, signalling := a.restartCaseExpr(xs[0])
	clauses := make([]restartClause, 0, len(xs)-1)
	for _, x := range xs[1:] {
		c := elems("restart-case", x)
		if len(c) < 2 {
			lisp.SignalClass(lisp.ClassProgramError, "restart-case: malformed clause %s", lisp.Prin1ToString(x))
		}
		name, ok := c[0].(*lisp.Symbol)
		if !ok {
			lisp.SignalClass(lisp.ClassProgramError, "restart-case: the restart name %s is not a symbol", lisp.Prin1ToString(c[0]))
		}
		rc := restartClause{}
		if name != lisp.Nil {
			rc.name = name
		}
		body := x.(*lisp.Cons).Cdr.(*lisp.Cons).Cdr
		// The options come first: :report, :interactive and :test, each
		// followed by its value.
		for {
			b, ok := body.(*lisp.Cons)
			if !ok {
				break
			}
			next, ok := b.Cdr.(*lisp.Cons)
			if !ok {
				break
			}
			switch b.Car {
			case kwReport:
				if s, isStr := next.Car.(*lisp.String); isStr {
					rc.reportText = s
				} else {
					rc.report = a.analyze(lisp.List(symFunction, next.Car))
				}
			case kwInteractive:
				rc.interactive = a.analyze(lisp.List(symFunction, next.Car))
			case kwTest:
				rc.test = a.analyze(lisp.List(symFunction, next.Car))
			default:
				goto done
			}
			body = next.Cdr
		}
	done:
		rc.fn = a.lambdaIR("restart-case", c[1], body, nil, false)
		clauses = append(clauses, rc)
	}
	return &ir{gen: func(bool) code {
		var ec code
		var sc func(*frame, []*lisp.Restart) lisp.Value
		if signalling != nil {
			sc = signalling.code()
		} else {
			ec = expr.code()
		}
		type clauseCode struct{ fn, report, interactive, test code }
		cs := make([]clauseCode, len(clauses))
		for i, c := range clauses {
			cs[i].fn = c.fn.code()
			if c.report != nil {
				cs[i].report = c.report.code()
			}
			if c.interactive != nil {
				cs[i].interactive = c.interactive.code()
			}
			if c.test != nil {
				cs[i].test = c.test.code()
			}
		}
		return func(fr *frame) lisp.Value {
			t := fr.t
			tag := &restartTag{}
			rs := make([]*lisp.Restart, len(clauses))
			for i, c := range clauses {
				r := &lisp.Restart{Name: c.name, Function: cs[i].fn(fr), Exit: tag}
				if c.reportText != nil {
					r.Report = c.reportText
				} else if cs[i].report != nil {
					r.Report = cs[i].report(fr)
				}
				if cs[i].interactive != nil {
					r.Interactive = cs[i].interactive(fr)
				}
				if cs[i].test != nil {
					r.Test = cs[i].test(fr)
				}
				rs[i] = r
			}
			m := t.save()
			body := ec
			if sc != nil {
				body = func(fr *frame) lisp.Value { return sc(fr, rs) }
			}
			v, exit := runRestartCase(fr, m, tag, rs, body)
			if exit == nil {
				return v
			}
			t.restore(m)
			return t.callValue(exit.r.Function, exit.args)
		}
	}}
}

// runRestartCase runs body with the restarts rs established (the first
// clause innermost, as compute-restarts lists them). A condition a builtin
// raised by panicking, which no handler has seen yet, is offered to the
// handlers here while rs are still in force, so that a handler can invoke
// one of them.
func runRestartCase(fr *frame, m mark, tag *restartTag, rs []*lisp.Restart, body code) (v lisp.Value, exit *restartExit) {
	t := fr.t
	push := func() {
		for i := len(rs) - 1; i >= 0; i-- {
			t.restarts = append(t.restarts, rs[i])
		}
	}
	push()
	defer func() {
		r := recover()
		if r == nil {
			return
		}
		if e, ok := r.(*restartExit); ok && e.r.Exit == tag {
			exit = e
			return
		}
		if c := asCondition(r); c != nil && c != t.offered && c.Class != lisp.ClassLimit && !c.IsA(lisp.ClassLimit) {
			t.keepBacktrace(r)
			t.restore(m)
			push()
			if e := t.offerCatching(c, tag); e != nil {
				exit = e
				return
			}
		}
		panic(r)
	}()
	v = body(fr)
	t.restarts = t.restarts[:m.restarts]
	return v, nil
}

// offerCatching signals c to the handlers in force and returns the exit
// to tag when a handler invokes one of its restarts.
func (t *Thread) offerCatching(c *lisp.Condition, tag *restartTag) (exit *restartExit) {
	defer func() {
		if r := recover(); r != nil {
			if e, ok := r.(*restartExit); ok && e.r.Exit == tag {
				exit = e
				return
			}
			panic(r)
		}
	}()
	t.signal(c)
	return nil
}

func sfRestartBind(a *analyzer, form *lisp.Cons) *ir {
	xs := formArgs("restart-bind", form, 1, -1)
	type binding struct {
		name                          *lisp.Symbol
		fn, report, interactive, test *ir
	}
	var bs []binding
	for _, x := range elems("restart-bind", xs[0]) {
		b := elems("restart-bind", x)
		if len(b) < 2 || len(b)%2 != 0 {
			lisp.SignalClass(lisp.ClassProgramError, "restart-bind: malformed binding %s", lisp.Prin1ToString(x))
		}
		name, ok := b[0].(*lisp.Symbol)
		if !ok {
			lisp.SignalClass(lisp.ClassProgramError, "restart-bind: the restart name %s is not a symbol", lisp.Prin1ToString(b[0]))
		}
		bd := binding{fn: a.analyze(b[1])}
		if name != lisp.Nil {
			bd.name = name
		}
		for i := 2; i+1 < len(b); i += 2 {
			switch b[i] {
			case kwReportFunction:
				bd.report = a.analyze(b[i+1])
			case kwInteractiveFunction:
				bd.interactive = a.analyze(b[i+1])
			case kwTestFunction:
				bd.test = a.analyze(b[i+1])
			default:
				lisp.SignalClass(lisp.ClassProgramError, "restart-bind: unknown option %s", lisp.Prin1ToString(b[i]))
			}
		}
		bs = append(bs, bd)
	}
	body := a.body(form.Cdr.(*lisp.Cons).Cdr)
	opt := func(x *ir) code {
		if x == nil {
			return nil
		}
		return x.code()
	}
	return &ir{gen: func(bool) code {
		type bindCode struct{ fn, report, interactive, test code }
		cs := make([]bindCode, len(bs))
		for i, b := range bs {
			cs[i] = bindCode{b.fn.code(), opt(b.report), opt(b.interactive), opt(b.test)}
		}
		bc := body.code()
		return func(fr *frame) lisp.Value {
			t := fr.t
			rs := make([]*lisp.Restart, len(bs))
			for i, b := range bs {
				r := &lisp.Restart{Name: b.name, Function: cs[i].fn(fr)}
				if cs[i].report != nil {
					r.Report = cs[i].report(fr)
				}
				if cs[i].interactive != nil {
					r.Interactive = cs[i].interactive(fr)
				}
				if cs[i].test != nil {
					r.Test = cs[i].test(fr)
				}
				rs[i] = r
			}
			level := len(t.restarts)
			for i := len(rs) - 1; i >= 0; i-- {
				t.restarts = append(t.restarts, rs[i])
			}
			v := bc(fr)
			t.restarts = t.restarts[:level]
			return v
		}
	}}
}

// withRestart runs body with one restart named name that unwinds to here
// and returns invoked true when it was invoked, as warn's muffle-warning
// and cerror's continue do.
func (t *Thread) withRestart(name *lisp.Symbol, report string, body func()) (invoked bool) {
	tag := &restartTag{}
	r := &lisp.Restart{Name: name, Exit: tag, Report: lisp.NewString(report)}
	m := t.save()
	t.restarts = append(t.restarts, r)
	defer func() {
		if x := recover(); x != nil {
			if e, ok := x.(*restartExit); ok && e.r.Exit == tag {
				t.restore(m)
				invoked = true
				return
			}
			panic(x)
		}
	}()
	body()
	t.restarts = t.restarts[:m.restarts]
	return false
}

// SignalContinuable signals c with a continue restart described by
// report, as cerror does for a program: a handler that invokes continue
// makes this return (the caller then goes on as the report says), and
// otherwise c ends the form as an error. Builtins use it for the errors
// the standard calls correctable, such as a package name already taken.
func (t *Thread) SignalContinuable(c *lisp.Condition, report string) {
	t.withRestart(symContinue, report, func() {
		t.signal(c)
		panic(c)
	})
}
