package eval

import (
	"fmt"
	"slices"

	"github.com/nodelisp/nodelisp/lisp"
)

// Calls. A closure's frame is a window of the thread's stack: for a
// closure with only required parameters the caller evaluates the arguments
// straight into the callee's slots. A call in tail position does not call:
// it leaves the callee and its arguments in the thread and returns
// tailMarker, and enter, the loop running the current closure, runs the
// pending call in the same frame — so tail calls never grow the Go stack.

// Closure is a function made by lambda, defun, flet or labels.
type Closure struct {
	lam  *lambdaCode
	free []*box
}

// FunctionName implements lisp.Function.
func (c *Closure) FunctionName() string { return c.lam.name }

// Doc returns the closure's documentation string.
func (c *Closure) Doc() string { return c.lam.doc }

// lambdaCode is the compiled form of one lambda expression, shared by every
// closure made from it.
type lambdaCode struct {
	name   string
	doc    string
	args   string // lambda list as text
	nslots int
	simple bool  // only required parameters, none special
	nreq   int   // number of required parameters when simple
	boxed  []int // parameter slots to box on entry when simple
	ll     *llSpec
	body   code
}

type marker struct{ name string }

var tailMarker lisp.Value = &marker{"tail call"}

// enter runs cl in a new frame. region is the frame's slots, the last
// allocation on the stack; when bound it already holds the arguments,
// otherwise argv does and the lambda list binds them.
func (t *Thread) enter(cl *Closure, region, argv []lisp.Value, bound bool) lisp.Value {
	t.depth++
	fr := t.frameAt(t.depth)
	// at is where the call was made from. The callee's own calls move
	// t.pos; it is put back on return, so that a builtin calling one
	// closure after another (mapcar, reduce) hands each the position of
	// its own call form, not the last call the previous closure made.
	at := t.pos
	fr.cl, fr.at = cl, at
	if t.depth > t.maxDepth {
		limitError(fmt.Sprintf("call depth exceeded (%d)", t.maxDepth))
	}
	t.steps++
	if t.steps >= t.nextCheck {
		t.checkLimits()
	}
	base := t.sp - len(region)
	for {
		lam := cl.lam
		fr.s, fr.free = region, cl.free
		var v lisp.Value
		if bound {
			for _, i := range lam.boxed {
				region[i] = &box{region[i]}
			}
			t.mvSet = false
			v = lam.body(fr)
		} else {
			m := len(t.specials)
			lam.ll.bind(fr, argv, lisp.Nil)
			t.mvSet = false
			v = lam.body(fr)
			if len(t.specials) != m {
				t.unbind(m)
			}
		}
		t.sp = base
		if v != tailMarker {
			// The slots are garbage now; clearing them lets the
			// collector take what they held even while the stack
			// above sp is not reused. fr.free is left: it is cl.free,
			// which fr.cl holds until the next call at this depth anyway.
			clearSlots(region)
			t.depth--
			t.pos = at
			return v
		}
		t.tick()
		t.forwardTailCall()
		next, ok := t.tcFn.(*Closure)
		if !ok {
			// The callee is a builtin: it runs at this depth, so that a
			// recursion through, say, mapcar still counts its depth.
			v := t.callValue(t.tcFn, slices.Clone(t.tcArgs))
			t.depth--
			t.pos = at
			return v
		}
		cl = next
		fr.cl, fr.at = cl, t.pos
		region = t.alloc(cl.lam.nslots)
		if n := len(t.tcArgs); cl.lam.simple && n == cl.lam.nreq {
			copy(region, t.tcArgs)
			bound = true
		} else {
			argv = append([]lisp.Value{}, t.tcArgs...)
			bound = false
		}
	}
}

// forwardFuncall and forwardApply are funcall and apply, set in init (a
// direct reference would make an initialisation cycle through enter).
var forwardFuncall, forwardApply *Builtin

// forwardTailCall looks through funcall, apply and symbols in a pending
// tail call, so (funcall #'f …) in tail position loops in enter like a
// direct call instead of nesting Go frames through the builtin.
func (t *Thread) forwardTailCall() {
	for i := 0; i < 64; i++ {
		switch f := t.tcFn.(type) {
		case *lisp.Symbol:
			c := t.in.lookup(f)
			if c == nil || c.fn == nil {
				return
			}
			t.tcFn = c.fn
		case *Builtin:
			switch {
			case f == forwardFuncall && len(t.tcArgs) >= 1:
				t.tcFn = t.tcArgs[0]
				t.tcArgs = append(t.tcArgs[:0:0], t.tcArgs[1:]...)
			case f == forwardApply && len(t.tcArgs) >= 2:
				last := t.tcArgs[len(t.tcArgs)-1]
				if !lisp.IsList(last) {
					return // apply itself reports the bad list
				}
				spread := append([]lisp.Value{}, t.tcArgs[1:len(t.tcArgs)-1]...)
				t.tcFn = t.tcArgs[0]
				t.tcArgs = append(spread, lisp.ListToSlice("apply", last)...)
			default:
				return
			}
		default:
			return
		}
	}
}

// callValue applies fn (a function or a symbol naming one) to args.
func (t *Thread) callValue(fn lisp.Value, args []lisp.Value) lisp.Value {
	switch f := fn.(type) {
	case *Builtin:
		if n := len(args); n < f.Min || (f.Max >= 0 && n > f.Max) {
			arityError(f.Name, f.Min, f.Max, n)
		}
		t.tick()
		t.mvSet = false
		return f.Fn(t, args)
	case *Closure:
		region := t.alloc(f.lam.nslots)
		if f.lam.simple && len(args) == f.lam.nreq {
			copy(region, args)
			return t.enter(f, region, nil, true)
		}
		return t.enter(f, region, args, false)
	case *lisp.Symbol:
		return t.callValue(t.in.globalFunction(f), args)
	}
	lisp.TypeError("funcall", fn, "a function")
	return nil
}

// globalFunction returns the function a symbol names, or signals
// undefined-function.
func (in *Interp) globalFunction(s *lisp.Symbol) lisp.Value {
	if c := in.lookup(s); c != nil && c.fn != nil {
		return c.fn
	}
	undefinedFunction(s, nil)
	return nil
}

func undefinedFunction(name lisp.Value, pos *lisp.Pos) {
	panic(&lisp.Condition{Class: lisp.ClassUndefinedFunction, Message: "undefined function: " + printName(name), Name: name, Pos: posValue(pos)})
}

func arityError(name string, lo, hi, got int) {
	if name == "" {
		name = "lambda"
	}
	var want string
	switch {
	case lo == hi:
		want = plural(lo, "argument")
	case hi < 0:
		want = "at least " + plural(lo, "argument")
	default:
		want = fmt.Sprintf("%d to %d arguments", lo, hi)
	}
	lisp.SignalClass(lisp.ClassProgramError, "%s: expected %s, got %d", name, want, got)
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}

// invoke calls fn with arguments evaluated from args in fr.
func invoke(fr *frame, fn lisp.Value, args []code, pos *lisp.Pos) lisp.Value {
	t := fr.t
	if cl, ok := fn.(*Closure); ok {
		lam := cl.lam
		if lam.simple && len(args) == lam.nreq {
			region := t.alloc(lam.nslots)
			for i, a := range args {
				region[i] = a(fr)
			}
			t.pos = pos
			return t.enter(cl, region, nil, true)
		}
		argv := evalArgs(fr, args)
		t.pos = pos
		return t.enter(cl, t.alloc(lam.nslots), argv, false)
	}
	if b, ok := fn.(*Builtin); ok {
		return invokeBuiltin(fr, b, args, pos)
	}
	argv := evalArgs(fr, args)
	t.pos = pos
	return t.callValue(fn, argv)
}

// invokeTail sets up a tail call of fn and returns tailMarker. A builtin
// other than funcall and apply is called at once instead: it returns
// before the caller's frame is needed again, and calling it here spares
// the pending call's argument slice.
func invokeTail(fr *frame, fn lisp.Value, args []code, pos *lisp.Pos) lisp.Value {
	t := fr.t
	if b, ok := fn.(*Builtin); ok && b != forwardFuncall && b != forwardApply {
		return invokeBuiltin(fr, b, args, pos)
	}
	n := len(args)
	tmp := t.alloc(n)
	for i, a := range args {
		tmp[i] = a(fr)
	}
	t.tcArgs = append(t.tcArgs[:0], tmp...)
	t.sp -= n
	t.tcFn = fn
	t.pos = pos
	return tailMarker
}

// invokeBuiltin calls b with arguments evaluated from args, through its
// fixed-arity entry point when it has one for their number.
func invokeBuiltin(fr *frame, b *Builtin, args []code, pos *lisp.Pos) lisp.Value {
	t := fr.t
	switch len(args) {
	case 1:
		if b.has1() {
			x := args[0](fr)
			t.pos = pos
			t.tick()
			t.mvSet = false
			return b.Fn1(t, x)
		}
	case 2:
		if b.has2() {
			x := args[0](fr)
			y := args[1](fr)
			t.pos = pos
			t.tick()
			t.mvSet = false
			return b.Fn2(t, x, y)
		}
	}
	if b.BorrowsArgs {
		n := len(args)
		argv := t.alloc(n)
		for i, a := range args {
			argv[i] = a(fr)
		}
		t.pos = pos
		v := t.callValue(b, argv)
		clear(argv)
		t.sp -= n
		return v
	}
	argv := evalArgs(fr, args)
	t.pos = pos
	return t.callValue(b, argv)
}

// invoke1 and invoke2 are invoke for one and two arguments, with the
// commonest callees (a simple closure, a builtin with a fixed-arity entry
// point) handled without any argument slice.
func invoke1(fr *frame, fn lisp.Value, args []code, pos *lisp.Pos) lisp.Value {
	switch f := fn.(type) {
	case *Closure:
		if lam := f.lam; lam.simple && lam.nreq == 1 {
			t := fr.t
			region := t.alloc(lam.nslots)
			region[0] = args[0](fr)
			t.pos = pos
			return t.enter(f, region, nil, true)
		}
	case *Builtin:
		return invokeBuiltin(fr, f, args, pos)
	}
	return invoke(fr, fn, args, pos)
}

func invoke2(fr *frame, fn lisp.Value, args []code, pos *lisp.Pos) lisp.Value {
	switch f := fn.(type) {
	case *Closure:
		if lam := f.lam; lam.simple && lam.nreq == 2 {
			t := fr.t
			region := t.alloc(lam.nslots)
			region[0] = args[0](fr)
			region[1] = args[1](fr)
			t.pos = pos
			return t.enter(f, region, nil, true)
		}
	case *Builtin:
		return invokeBuiltin(fr, f, args, pos)
	}
	return invoke(fr, fn, args, pos)
}

func evalArgs(fr *frame, args []code) []lisp.Value {
	argv := make([]lisp.Value, len(args))
	for i, a := range args {
		argv[i] = a(fr)
	}
	return argv
}

func codes(nodes []*ir) []code {
	cs := make([]code, len(nodes))
	for i, n := range nodes {
		cs[i] = n.code()
	}
	return cs
}

// call analyses (op args…) where op names a function.
func (a *analyzer) call(f *lisp.Cons, op *lisp.Symbol) *ir {
	if sc := a.find(sFun, op); sc != nil {
		return a.callForm(a.localRef(sc.v), f.Cdr)
	}
	c := a.in.cell(op)
	if op == symFuncall && c.fn == builtinFuncall {
		if rest, ok := f.Cdr.(*lisp.Cons); ok {
			return a.callForm(a.analyze(rest.Car), rest.Cdr)
		}
	}
	args := a.args(f.Cdr)
	if n := a.inline(c, op, args); n != nil {
		return n
	}
	pos := a.pos
	return &ir{gen: func(tail bool) code {
		ac := codes(args)
		if tail {
			return func(fr *frame) lisp.Value {
				fn := c.fn
				if fn == nil {
					undefinedFunction(op, pos)
				}
				return invokeTail(fr, fn, ac, pos)
			}
		}
		switch len(ac) {
		case 1:
			return func(fr *frame) lisp.Value {
				fn := c.fn
				if fn == nil {
					undefinedFunction(op, pos)
				}
				return invoke1(fr, fn, ac, pos)
			}
		case 2:
			return func(fr *frame) lisp.Value {
				fn := c.fn
				if fn == nil {
					undefinedFunction(op, pos)
				}
				return invoke2(fr, fn, ac, pos)
			}
		}
		return func(fr *frame) lisp.Value {
			fn := c.fn
			if fn == nil {
				undefinedFunction(op, pos)
			}
			return invoke(fr, fn, ac, pos)
		}
	}}
}

func (a *analyzer) args(list lisp.Value) []*ir {
	forms := elems("call", list)
	args := make([]*ir, len(forms))
	for i, x := range forms {
		args[i] = a.analyze(x)
	}
	return args
}

// callForm analyses a call of a computed function (funcall, a local
// function, a lambda form).
func (a *analyzer) callForm(fn *ir, argList lisp.Value) *ir {
	args := a.args(argList)
	pos := a.pos
	return &ir{gen: func(tail bool) code {
		fc := fn.code()
		ac := codes(args)
		if tail {
			return func(fr *frame) lisp.Value { return invokeTail(fr, fc(fr), ac, pos) }
		}
		switch len(ac) {
		case 1:
			return func(fr *frame) lisp.Value { return invoke1(fr, fc(fr), ac, pos) }
		case 2:
			return func(fr *frame) lisp.Value { return invoke2(fr, fc(fr), ac, pos) }
		}
		return func(fr *frame) lisp.Value { return invoke(fr, fc(fr), ac, pos) }
	}}
}

// Call calls a function (a function object or a symbol naming one). It
// returns the primary value only: a builtin returns its own multiple
// values with Values, not those of the functions it calls.
func (t *Thread) Call(fn lisp.Value, args ...lisp.Value) lisp.Value {
	v := t.callBorrowed(fn, args)
	t.mvSet = false
	return v
}

// Apply calls fn with the arguments in a slice, returning the primary
// value, as Call does.
func (t *Thread) Apply(fn lisp.Value, args []lisp.Value) lisp.Value {
	v := t.callBorrowed(fn, args)
	t.mvSet = false
	return v
}

// callBorrowed is callValue for an argument slice that the callee must not
// keep (Call's variadic slice then stays on the caller's stack): a simple
// closure gets a copy in its frame, a builtin with a fixed-arity entry
// point the values themselves, one that borrows its arguments a copy on
// the thread's stack, anything else a copy of the slice.
func (t *Thread) callBorrowed(fn lisp.Value, args []lisp.Value) lisp.Value {
	switch f := fn.(type) {
	case *Closure:
		if lam := f.lam; lam.simple && len(args) == lam.nreq {
			region := t.alloc(lam.nslots)
			copy(region, args)
			return t.enter(f, region, nil, true)
		}
	case *Builtin:
		switch len(args) {
		case 1:
			if f.has1() {
				t.tick()
				t.mvSet = false
				return f.Fn1(t, args[0])
			}
		case 2:
			if f.has2() {
				t.tick()
				t.mvSet = false
				return f.Fn2(t, args[0], args[1])
			}
		}
		if f.BorrowsArgs {
			n := len(args)
			argv := t.alloc(n)
			copy(argv, args)
			v := t.callValue(f, argv)
			clear(argv)
			t.sp -= n
			return v
		}
	}
	return t.callValue(fn, slices.Clone(args))
}

// has1 and has2 report whether b's fixed-arity entry points apply (a
// negative Max reads as a huge one).
func (b *Builtin) has1() bool { return b.Fn1 != nil && b.Min <= 1 && uint(b.Max) >= 1 }
func (b *Builtin) has2() bool { return b.Fn2 != nil && b.Min <= 2 && uint(b.Max) >= 2 }
