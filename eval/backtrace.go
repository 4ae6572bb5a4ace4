package eval

import "github.com/nodelisp/nodelisp/lisp"

// Backtraces. Every call already takes a frame header from the thread
// (frameAt), indexed by depth; enter also notes there the closure and the
// position it was called from, two words stored, so a call that does not
// fail pays nothing more. An error unwinds by panicking, and no frame
// header is touched on the way out, so where the unwinding ends (the top
// of the cell) or first rewinds the thread (unwind-protect, handler-bind)
// the headers 1..depth are still the chain of activations the error
// left: keepBacktrace reads them then.

// keepBacktrace records, in the condition r carries, the frames active
// now, unless it already has them.
func (t *Thread) keepBacktrace(r any) {
	c, ok := r.(*lisp.Condition)
	if !ok || c.Backtrace != nil || t.depth < 1 {
		return
	}
	c.Backtrace = t.backtrace()
}

// backtrace folds the active frames, innermost first, into at most
// lisp.MaxFrames entries.
func (t *Thread) backtrace() *lisp.Backtrace {
	bt := &lisp.Backtrace{}
	var last *lisp.Frame
	for d := min(t.depth, len(t.frames)-1); d >= 1; d-- {
		fr := t.frames[d]
		if fr.cl == nil {
			continue
		}
		name := fr.cl.lam.name
		if name == "" {
			name = "(lambda)"
		}
		at := posValue(fr.at)
		if last != nil && last.Function == name && last.Call == at {
			last.Repeat++
			continue
		}
		if len(bt.Frames) == lisp.MaxFrames {
			last = &lisp.Frame{Function: name, Call: at}
			bt.More++
			continue
		}
		bt.Frames = append(bt.Frames, lisp.Frame{Function: name, Call: at, Repeat: 1})
		last = &bt.Frames[len(bt.Frames)-1]
	}
	if len(bt.Frames) == 0 {
		return nil
	}
	return bt
}
