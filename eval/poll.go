package eval

import (
	"fmt"

	"github.com/nodelisp/nodelisp/lisp"
)

// Poll ends the cell if it was cancelled, timed out or is over its memory
// cap. A builtin that loops over user data without calling back into Lisp
// calls it every few thousand iterations: a call back into Lisp counts as
// a step and checks these itself.
func (t *Thread) Poll() {
	if t == nil {
		return
	}
	if t.cancelled.Load() {
		t.checkLimits()
	}
	t.checkMemory()
}

// Interruptible runs f, a long computation that cannot poll (a bignum
// operation inside math/big), on a goroutine of its own, and returns its
// value; if the cell is cancelled or times out first, the cell ends at
// once and f's value, when it comes, is dropped. f may panic with a
// condition as a builtin does. Without a thread (a builtin called from
// Go) f simply runs.
func (t *Thread) Interruptible(f func() lisp.Value) lisp.Value {
	if t == nil {
		return f()
	}
	type outcome struct {
		v     lisp.Value
		panic any
	}
	done := make(chan outcome, 1)
	go func() {
		defer func() {
			if r := recover(); r != nil {
				done <- outcome{panic: r}
			}
		}()
		done <- outcome{v: f()}
	}()
	select {
	case o := <-done:
		if o.panic != nil {
			if _, ok := o.panic.(*lisp.Condition); !ok {
				o.panic = &lisp.Condition{Class: lisp.ClassError, Message: fmt.Sprintf("internal error: %v", o.panic)}
			}
			panic(o.panic)
		}
		return o.v
	case <-t.ctx.Done():
		t.cancelled.Store(true)
		t.checkLimits()
		return nil
	}
}
