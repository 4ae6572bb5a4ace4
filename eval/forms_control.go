package eval

import (
	"github.com/nodelisp/nodelisp/lisp"
)

// Non-local exits unwind the Go stack by panicking with one of these; the
// form they target recovers its own and re-panics any other.

type blockTag struct{ done bool }

type blockExit struct {
	tag *blockTag
	val lisp.Value
}

type tagbodyTag struct{ done bool }

type goExit struct {
	tag *tagbodyTag
	idx int
}

type throwExit struct {
	tag lisp.Value
	val lisp.Value
}

type blockInfo struct {
	v     *varInfo // holds the *blockTag of the running block
	used  bool
	cross bool // some return-from to it is inside a nested lambda
}

func sfBlock(a *analyzer, form *lisp.Cons) *ir {
	xs := formArgs("block", form, 1, -1)
	name, ok := xs[0].(*lisp.Symbol)
	if !ok {
		lisp.SignalClass(lisp.ClassProgramError, "block: %s is not a symbol", lisp.Prin1ToString(xs[0]))
	}
	return a.block(name, form.Cdr.(*lisp.Cons).Cdr)
}

// block analyses (block name . forms). A block no return-from targets is
// a progn; otherwise it recovers its exits. Its body is in tail position
// unless a nested lambda may return from it (the tail call would run after
// the block is gone).
func (a *analyzer) block(name *lisp.Symbol, forms lisp.Value) *ir {
	blk := &blockInfo{v: a.newVar(nil)}
	saved := a.sc
	a.push(&scope{kind: sBlock, name: name, blk: blk})
	body := a.body(forms)
	a.sc = saved
	return &ir{gen: func(tail bool) code {
		if !blk.used {
			return body.gen(tail)
		}
		bc := body.gen(tail && !blk.cross)
		set := binder(blk.v)
		return func(fr *frame) lisp.Value { return runBlock(fr, set, bc) }
	}}
}

func runBlock(fr *frame, set func(*frame, lisp.Value), body code) (result lisp.Value) {
	t := fr.t
	tag := &blockTag{}
	set(fr, tag)
	m := t.save()
	defer func() {
		tag.done = true
		if r := recover(); r != nil {
			if e, ok := r.(*blockExit); ok && e.tag == tag {
				t.restore(m)
				result = e.val
				return
			}
			panic(r)
		}
	}()
	return body(fr)
}

func sfReturnFrom(a *analyzer, form *lisp.Cons) *ir {
	xs := formArgs("return-from", form, 1, 2)
	name, ok := xs[0].(*lisp.Symbol)
	if !ok {
		lisp.SignalClass(lisp.ClassProgramError, "return-from: %s is not a symbol", lisp.Prin1ToString(xs[0]))
	}
	var val lisp.Value = lisp.Nil
	if len(xs) == 2 {
		val = xs[1]
	}
	return a.returnFrom(name, val)
}

func sfReturn(a *analyzer, form *lisp.Cons) *ir {
	xs := formArgs("return", form, 0, 1)
	var val lisp.Value = lisp.Nil
	if len(xs) == 1 {
		val = xs[0]
	}
	return a.returnFrom(lisp.Nil, val)
}

func (a *analyzer) returnFrom(name *lisp.Symbol, valForm lisp.Value) *ir {
	sc := a.find(sBlock, name)
	if sc == nil {
		lisp.SignalClass(lisp.ClassControlError, "return-from: no block named %s is visible", printName(name))
	}
	blk := sc.blk
	blk.used = true
	if a.lam != blk.v.owner {
		blk.cross = true
	}
	ref := a.localRef(blk.v)
	val := a.analyze(valForm)
	return &ir{gen: func(bool) code {
		rc, vc := ref.code(), val.code()
		return func(fr *frame) lisp.Value {
			tag := rc(fr).(*blockTag)
			v := vc(fr)
			if tag.done {
				lisp.SignalClass(lisp.ClassControlError, "return-from: the block %s has already been exited", printName(name))
			}
			panic(&blockExit{tag, v})
		}
	}}
}

// tagbodyInfo is a tagbody being analysed.
type tagbodyInfo struct {
	v        *varInfo // holds the *tagbodyTag when nonlocal
	nonlocal bool     // some go is not a plain statement of the body
}

type stmtKind int

const (
	stmtPlain stmtKind = iota
	stmtJump
	stmtJumpIf     // jump when the test is true
	stmtJumpUnless // jump when the test is false
)

type stmtIR struct {
	kind   stmtKind
	n      *ir // the statement, or the test of a conditional jump
	target lisp.Value
}

func sfTagbody(a *analyzer, form *lisp.Cons) *ir {
	items := elems("tagbody", form.Cdr)
	tb := &tagbodyInfo{v: a.newVar(nil)}
	saved := a.sc
	defer func() { a.sc = saved }()
	labels := map[lisp.Value]int{}
	n := 0
	for _, x := range items {
		if _, ok := x.(*lisp.Cons); ok {
			n++
			continue
		}
		labels[x] = n
		a.push(&scope{kind: sTag, name: x, tb: tb, idx: n})
	}
	var stmts []stmtIR
	for _, x := range items {
		c, ok := x.(*lisp.Cons)
		if !ok {
			continue
		}
		stmts = append(stmts, a.statement(c, tb))
	}
	return &ir{gen: func(bool) code {
		type stmt struct {
			kind   stmtKind
			c      code
			test   func(*frame) bool
			target int
		}
		code := make([]stmt, len(stmts))
		for i, s := range stmts {
			code[i].kind = s.kind
			if s.kind != stmtPlain {
				code[i].target = labels[s.target]
			}
			switch s.kind {
			case stmtPlain:
				code[i].c = s.n.code()
			case stmtJumpIf, stmtJumpUnless:
				code[i].test = testCode(s.n)
			}
		}
		run := func(fr *frame, pc int) {
			t := fr.t
			for pc < len(code) {
				s := &code[pc]
				switch s.kind {
				case stmtPlain:
					s.c(fr)
					pc++
					continue
				case stmtJumpIf:
					if !s.test(fr) {
						pc++
						continue
					}
				case stmtJumpUnless:
					if s.test(fr) {
						pc++
						continue
					}
				}
				if s.target <= pc {
					t.tick()
				}
				pc = s.target
			}
		}
		if !tb.nonlocal {
			return func(fr *frame) lisp.Value {
				run(fr, 0)
				fr.t.mvSet = false
				return lisp.Nil
			}
		}
		set := binder(tb.v)
		return func(fr *frame) lisp.Value {
			tag := &tagbodyTag{}
			set(fr, tag)
			m := fr.t.save()
			pc := 0
			for {
				next, done := runTagbody(fr, tag, m, run, pc)
				if done {
					tag.done = true
					fr.t.mvSet = false
					return lisp.Nil
				}
				fr.t.tick()
				pc = next
			}
		}
	}}
}

// runTagbody runs a tagbody from pc, returning the statement a non-local
// go asked for, or done.
func runTagbody(fr *frame, tag *tagbodyTag, m mark, run func(*frame, int), pc int) (next int, done bool) {
	defer func() {
		if r := recover(); r != nil {
			if e, ok := r.(*goExit); ok && e.tag == tag {
				fr.t.restore(m)
				next, done = e.idx, false
				return
			}
			tag.done = true
			panic(r)
		}
	}()
	run(fr, pc)
	return 0, true
}

// statement analyses one statement of a tagbody, recognising the jumps
// that need no unwinding: (go tag) and (if/when/unless test (go tag)) where
// tag belongs to this tagbody.
func (a *analyzer) statement(c *lisp.Cons, tb *tagbodyInfo) stmtIR {
	if tag, ok := a.localGo(c, tb); ok {
		return stmtIR{kind: stmtJump, target: tag}
	}
	if op, ok := c.Car.(*lisp.Symbol); ok && (op == symIf || op == symWhen || op == symUnless) && a.find(sFun, op) == nil && a.find(sMacro, op) == nil {
		xs := elems("tagbody", c.Cdr)
		if len(xs) == 2 {
			if g, ok := xs[1].(*lisp.Cons); ok {
				if tag, ok := a.localGo(g, tb); ok {
					kind := stmtJumpIf
					if op == symUnless {
						kind = stmtJumpUnless
					}
					return stmtIR{kind: kind, n: a.analyze(xs[0]), target: tag}
				}
			}
		}
	}
	return stmtIR{kind: stmtPlain, n: a.analyze(c)}
}

func (a *analyzer) localGo(c *lisp.Cons, tb *tagbodyInfo) (lisp.Value, bool) {
	if c.Car != symGo || a.find(sFun, symGo) != nil || a.find(sMacro, symGo) != nil {
		return nil, false
	}
	xs := elems("go", c.Cdr)
	if len(xs) != 1 {
		return nil, false
	}
	sc := a.find(sTag, xs[0])
	if sc == nil || sc.tb != tb || tb.v.owner != a.lam {
		return nil, false
	}
	return xs[0], true
}

func sfGo(a *analyzer, form *lisp.Cons) *ir {
	tagName := formArgs("go", form, 1, 1)[0]
	sc := a.find(sTag, tagName)
	if sc == nil {
		lisp.SignalClass(lisp.ClassControlError, "go: no tag named %s is visible", lisp.Prin1ToString(tagName))
	}
	sc.tb.nonlocal = true
	ref := a.localRef(sc.tb.v)
	idx := sc.idx
	return &ir{gen: func(bool) code {
		rc := ref.code()
		return func(fr *frame) lisp.Value {
			tag := rc(fr).(*tagbodyTag)
			if tag.done {
				lisp.SignalClass(lisp.ClassControlError, "go: the tagbody of %s has already been exited", lisp.Prin1ToString(tagName))
			}
			panic(&goExit{tag, idx})
		}
	}}
}

// sfLoop handles the simple loop, (loop form…) with compound forms only:
// repeat forever inside a block nil. Any other loop is the extended loop,
// a macro of the library.
func sfLoop(a *analyzer, form *lisp.Cons) *ir {
	xs := elems("loop", form.Cdr)
	for _, x := range xs {
		if _, ok := x.(*lisp.Cons); !ok {
			if c := a.in.lookup(symLoop); c != nil && c.macro != nil {
				return a.analyze(a.expand(c.macro, form))
			}
			lisp.Errorf("loop: the extended loop is not available (no loop macro)")
		}
	}
	blk := &blockInfo{v: a.newVar(nil)}
	saved := a.sc
	a.push(&scope{kind: sBlock, name: lisp.Nil, blk: blk})
	body := a.body(form.Cdr)
	a.sc = saved
	return &ir{gen: func(bool) code {
		bc := body.code()
		loop := func(fr *frame) lisp.Value {
			t := fr.t
			for {
				bc(fr)
				t.tick()
			}
		}
		if !blk.used {
			return loop
		}
		set := binder(blk.v)
		return func(fr *frame) lisp.Value { return runBlock(fr, set, loop) }
	}}
}

func sfCatch(a *analyzer, form *lisp.Cons) *ir {
	formArgs("catch", form, 1, -1)
	tag := a.analyze(form.Cdr.(*lisp.Cons).Car)
	body := a.body(form.Cdr.(*lisp.Cons).Cdr)
	return &ir{gen: func(bool) code {
		tc, bc := tag.code(), body.code()
		return func(fr *frame) lisp.Value {
			tag := tc(fr)
			return runCatch(fr, tag, bc)
		}
	}}
}

func runCatch(fr *frame, tag lisp.Value, body code) (result lisp.Value) {
	t := fr.t
	m := t.save()
	t.catches = append(t.catches, tag)
	defer func() {
		if r := recover(); r != nil {
			if e, ok := r.(*throwExit); ok && e.tag == tag {
				t.restore(m)
				result = e.val
				return
			}
			panic(r)
		}
	}()
	v := body(fr)
	t.catches = t.catches[:m.catches]
	return v
}

func sfThrow(a *analyzer, form *lisp.Cons) *ir {
	xs := formArgs("throw", form, 2, 2)
	tag, val := a.analyze(xs[0]), a.analyze(xs[1])
	pos := a.pos
	return &ir{gen: func(bool) code {
		tc, vc := tag.code(), val.code()
		return func(fr *frame) lisp.Value {
			tag := tc(fr)
			v := vc(fr)
			fr.t.pos = pos
			throw(fr.t, tag, v)
			return nil
		}
	}}
}

func throw(t *Thread, tag, v lisp.Value) {
	for i := len(t.catches) - 1; i >= 0; i-- {
		if t.catches[i] == tag {
			panic(&throwExit{tag, v})
		}
	}
	lisp.SignalClass(lisp.ClassControlError, "throw: attempt to throw to a tag that does not exist: %s", lisp.Prin1ToString(tag))
}

func sfUnwindProtect(a *analyzer, form *lisp.Cons) *ir {
	formArgs("unwind-protect", form, 1, -1)
	prot := a.analyze(form.Cdr.(*lisp.Cons).Car)
	cleanup := a.body(form.Cdr.(*lisp.Cons).Cdr)
	return &ir{gen: func(bool) code {
		pc, cc := prot.code(), cleanup.code()
		return func(fr *frame) lisp.Value { return runProtected(fr, pc, cc) }
	}}
}

func runProtected(fr *frame, prot, cleanup code) lisp.Value {
	t := fr.t
	m := t.save()
	normal := false
	defer func() {
		if !normal {
			// Unwinding: run the cleanup in the dynamic environment of
			// the unwind-protect, then let the exit go on. The cleanup
			// reuses the frames an error left, so they are kept first.
			r := recover()
			t.keepBacktrace(r)
			t.restore(m)
			cleanup(fr)
			if r != nil {
				panic(r)
			}
		}
	}()
	t.mvSet = false
	v := prot(fr)
	vals := t.valuesOf(v)
	normal = true
	cleanup(fr)
	return t.Values(vals...)
}
