package eval

import (
	"context"
	"errors"
	"fmt"
	"sync/atomic"

	"github.com/nodelisp/nodelisp/lisp"
)

// Thread is one evaluation in progress (one cell): its limits, output
// stream, call depth and multiple values. Builtins receive it.
type Thread struct {
	in  *Interp
	ctx context.Context

	// stack holds the slots of active frames; sp is its first free index.
	// When it fills up a bigger one replaces it without copying: frames
	// already running keep their slices into the old array.
	stack  []lisp.Value
	sp     int
	frames []*frame // reused frame headers, indexed by call depth

	depth     int
	maxDepth  int
	steps     int64
	maxSteps  int64
	nextCheck int64
	// overMemory is set when the memory cap ended the cell; memoryFloor
	// is the use under which the cap is not confirmed again (memory.go).
	overMemory  bool
	memoryFloor int64
	cancelled   atomic.Bool

	pos *lisp.Pos // position of the call form being run, for errors

	// Multiple values (see values.go).
	mvSet     bool
	mvPrimary lisp.Value
	mv        []lisp.Value
	one       [1]lisp.Value // the one value valuesInPlace returns when there are no others

	// A pending tail call (see call.go).
	tcFn   lisp.Value
	tcArgs []lisp.Value

	specials []specialSave // dynamic bindings, innermost last
	handlers []handlerCluster
	catches  []lisp.Value
	restarts []*lisp.Restart // active restarts, innermost last (restarts.go)
	offered  *lisp.Condition // last condition already offered to handlers

	expansions int // macro expansions while analysing the current top-level form
	// expanding is the analyzer whose macro call is running, if any.
	expanding  *analyzer
	topNesting int // top-level progn forms evalTopAt is inside

	slab []int64 // the unused rest of the block fixnum results are boxed in (fixnum.go)

	baseOut  *lisp.Stream
	defined  []string
	definedS map[string]bool
}

type specialSave struct {
	c   *cell
	old lisp.Value
}

// frame is the run-time environment of one function activation: its slots
// and the boxes its closure captured.
type frame struct {
	s    []lisp.Value
	free []*box
	t    *Thread
	// cl is the closure running in the frame and at where it was called
	// from, for backtraces (backtrace.go). They are not cleared on return:
	// a header is reused by the next call at its depth, and the thread,
	// with its headers, lives for one cell.
	cl *Closure
	at *lisp.Pos
}

// box holds a variable that some closure captured, so that every closure
// made in the variable's scope shares it.
type box struct{ v lisp.Value }

func (in *Interp) newThread(ctx context.Context) *Thread {
	t := &Thread{
		in:       in,
		ctx:      ctx,
		stack:    make([]lisp.Value, 1024),
		maxDepth: in.limits.MaxDepth,
		maxSteps: in.limits.MaxSteps,
	}
	t.nextCheck = min(1024, t.maxSteps+1)
	return t
}

// alloc reserves n slots on the stack.
func (t *Thread) alloc(n int) []lisp.Value {
	if t.sp+n > len(t.stack) {
		t.stack = make([]lisp.Value, 2*len(t.stack)+n)
	}
	r := t.stack[t.sp : t.sp+n : t.sp+n]
	t.sp += n
	return r
}

func (t *Thread) frameAt(d int) *frame {
	for d >= len(t.frames) {
		t.frames = append(t.frames, &frame{t: t})
	}
	return t.frames[d]
}

// tick counts one step: a call or a loop iteration.
func (t *Thread) tick() {
	t.steps++
	if t.steps >= t.nextCheck {
		t.checkLimits()
	}
}

func (t *Thread) checkLimits() {
	if t.cancelled.Load() {
		if errors.Is(t.ctx.Err(), context.DeadlineExceeded) {
			limitError("evaluation timed out")
		}
		limitError("evaluation cancelled")
	}
	if t.steps > t.maxSteps {
		limitError(fmt.Sprintf("step limit exceeded (%d)", t.maxSteps))
	}
	t.checkMemory()
	t.nextCheck = min(t.steps+1024, t.maxSteps+1)
}

func limitError(msg string) {
	panic(&lisp.Condition{Class: lisp.ClassLimit, Message: msg})
}

// mark is the part of a thread's state that a non-local exit restores.
type mark struct {
	sp, depth, specials, handlers, catches, restarts int
}

func (t *Thread) save() mark {
	return mark{t.sp, t.depth, len(t.specials), len(t.handlers), len(t.catches), len(t.restarts)}
}

func (t *Thread) restore(m mark) {
	t.sp, t.depth = m.sp, m.depth
	t.unbind(m.specials)
	t.handlers = t.handlers[:m.handlers]
	t.catches = t.catches[:m.catches]
	t.restarts = t.restarts[:m.restarts]
}

// bindSpecial dynamically binds a special variable until unbind.
func (t *Thread) bindSpecial(c *cell, v lisp.Value) {
	t.specials = append(t.specials, specialSave{c, c.value})
	c.value = v
}

// unbind undoes dynamic bindings down to n.
func (t *Thread) unbind(n int) {
	for i := len(t.specials) - 1; i >= n; i-- {
		s := t.specials[i]
		s.c.value = s.old
		t.specials[i] = specialSave{}
	}
	t.specials = t.specials[:n]
}

// Out is the current *standard-output* stream.
func (t *Thread) Out() *lisp.Stream {
	if s, ok := t.in.stdout.value.(*lisp.Stream); ok {
		return s
	}
	if c, ok := t.in.stdout.value.(*lisp.CompositeStream); ok && CompositeOutput != nil {
		return CompositeOutput(t, c)
	}
	if t.baseOut != nil {
		return t.baseOut
	}
	return lisp.NewStringStream()
}

// CompositeOutput, set by the library of builtins (which owns composite
// streams), gives the stream that output to a composite stream bound to
// *standard-output* goes to. The evaluator cannot import the library, so
// the library hands it down.
var CompositeOutput func(t *Thread, c *lisp.CompositeStream) *lisp.Stream

// SymbolValue is the current dynamic value of sym, as symbol-value gives
// it; false when it is unbound.
func (t *Thread) SymbolValue(sym *lisp.Symbol) (lisp.Value, bool) {
	if sym == lisp.Nil || sym == lisp.T || sym.Keyword {
		return sym, true
	}
	if c := t.in.lookup(sym); c != nil && c.value != nil {
		return c.value, true
	}
	return nil, false
}

// Interp returns the image the thread runs in.
func (t *Thread) Interp() *Interp { return t.in }

// Context returns the context the evaluation runs under.
func (t *Thread) Context() context.Context { return t.ctx }

func (t *Thread) noteDefined(sym *lisp.Symbol) {
	name := printName(sym)
	if t.definedS == nil {
		t.definedS = map[string]bool{}
	}
	if !t.definedS[name] {
		t.definedS[name] = true
		t.defined = append(t.defined, name)
	}
}

// clearSlots empties a frame's slots. Most frames have one to three, for
// which Go's clear (a call into memclrHasPointers and its bulk barrier)
// cost a tenth of a small function's call; plain stores are cheaper.
func clearSlots(s []lisp.Value) {
	switch len(s) {
	case 0:
	case 1:
		s[0] = nil
	case 2:
		s[0], s[1] = nil, nil
	case 3:
		s[0], s[1], s[2] = nil, nil, nil
	default:
		clear(s)
	}
}
