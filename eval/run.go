package eval

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/nodelisp/nodelisp/lisp"
	"github.com/nodelisp/nodelisp/reader"
)

// Result is what evaluating a cell gave.
type Result struct {
	Value   lisp.Value   // the primary value of the last form
	Values  []lisp.Value // all values of the last form
	Defined []string     // names the cell defined (defun, defvar, …), in order, distinct
}

// EvalString reads and evaluates every form of src in order, printing to
// out, and returns the last form's values. Errors are *lisp.Condition (with
// Pos set) or *reader errors; no panic escapes.
func (in *Interp) EvalString(ctx context.Context, src string, out io.Writer) (Result, error) {
	cell, err := reader.ReadCell(src)
	if err != nil {
		return Result{}, err
	}
	return in.EvalCell(ctx, cell, out)
}

// EvalCell evaluates the forms of a cell already read, printing to out.
// Positions in errors come from the cell. Evaluation stops at the first
// error, which is a *lisp.Condition; the names defined before it are still
// in Result.Defined.
func (in *Interp) EvalCell(ctx context.Context, cell *reader.Cell, out io.Writer) (res Result, err error) {
	if ctx == nil {
		ctx = context.Background()
	}
	t := in.newThread(ctx)
	prev := in.running
	in.running = t
	defer func() { in.running = prev }()
	stop := context.AfterFunc(ctx, func() { t.cancelled.Store(true) })
	defer stop()
	defer watchHeap()()
	defer func() {
		if t.overMemory {
			// The stack above the stopped frames still points at what
			// the storm made.
			t.stack, t.frames, t.mv, t.tcArgs = nil, nil, nil, nil
			releaseMemory()
		}
	}()
	if ctx.Err() != nil {
		t.cancelled.Store(true)
	}
	if out == nil {
		out = io.Discard
	}
	t.baseOut = lisp.NewStream(&cappedWriter{w: out, max: in.limits.MaxOutput})
	if in.carryColumn {
		t.baseOut.SetColumn(in.column)
		defer func() { in.column = t.baseOut.Column() }()
	}
	savedOut := in.stdout.value
	in.stdout.value = t.baseOut
	defer func() { in.stdout.value = savedOut }()
	for _, name := range outputStreamVars {
		c := in.cell(name)
		saved := c.value
		c.value = t.baseOut
		if name == symErrorOutput && in.errOut != nil {
			c.value = in.errOut
		}
		defer func() { c.value = saved }()
	}
	res.Value = lisp.Nil
	live := liveReading{in: in, rt: in.currentReadtable()}
	live.gen = live.rt.Generation()
	if m, ok := cell.Start(); ok && !live.rt.Pristine() {
		live.on, live.mark = true, m
	}
	for i := 0; ; i++ {
		var form lisp.Value
		var formCell *reader.Cell
		var at int
		var err error
		if !live.on && i >= len(cell.Forms) {
			mark, ok := cell.Rest()
			if !ok {
				break
			}
			live.on, live.mark = true, mark
		}
		if live.on {
			formCell, live.mark, err = cell.ReadAt(live.mark, t.cellReadEnv(cell, i))
			if errors.Is(err, io.EOF) {
				break
			}
			if formCell != nil {
				form = formCell.Forms[0]
				// The cell keeps its forms as they ran, as formToRun
				// does: a host reads its definitions from them.
				cell.Forms = append(cell.Forms[:i:i], form)
			}
		} else {
			form, formCell, at, err = in.formToRun(t, cell, i)
		}
		if err != nil {
			return res, err
		}
		in.repl.evaluating(form)
		vals, err := t.protectedTop(form, formCell, at)
		res.Defined = t.defined
		if err != nil {
			return res, err
		}
		in.repl.evaluated(form, vals)
		live.check(cell, i)
		res.Values = vals
		res.Value = lisp.Nil
		if len(vals) > 0 {
			res.Value = vals[0]
		}
	}
	return res, nil
}

// protectedTop evaluates one top-level form, turning every panic into an
// error and restoring the thread.
func (t *Thread) protectedTop(form lisp.Value, cell *reader.Cell, i int) (vals []lisp.Value, err error) {
	m := t.save()
	var top *lisp.Pos // the position of form, where an error from an earlier cell is placed
	defer func() {
		if r := recover(); r != nil {
			t.keepBacktrace(r)
			t.restore(m)
			c := asCondition(r)
			if c == nil {
				c = strayExit(r)
			}
			if c.Pos.IsZero() {
				c.Pos = posValue(t.pos)
			}
			err = placeError(noteExpansion(placeInString(c, cell)), cell.Source(), top)
		}
	}()
	t.pos = nil
	if p, ok := cell.FormPos(i); ok {
		t.pos = posAt(p) // an atom's too: a bare unbound symbol has a place
	}
	top = t.pos
	t.mvSet = false
	v := t.evalTop(form, cell)
	vals = t.valuesOf(v)
	t.checkTopLevelReadBase()
	return vals, nil
}

// strayExit describes a non-local exit that found no target.
func strayExit(r any) *lisp.Condition {
	switch r.(type) {
	case *blockExit:
		return &lisp.Condition{Class: lisp.ClassControlError, Message: "return-from: the block has already been exited"}
	case *goExit:
		return &lisp.Condition{Class: lisp.ClassControlError, Message: "go: the tagbody has already been exited"}
	case *throwExit:
		return &lisp.Condition{Class: lisp.ClassControlError, Message: "throw: no catch for the tag"}
	case *restartExit:
		return &lisp.Condition{Class: lisp.ClassControlError, Message: "invoke-restart: the restart's form has already been exited"}
	}
	return &lisp.Condition{Class: lisp.ClassError, Message: fmt.Sprintf("internal error: %v", r)}
}

// evalTop analyses and runs form in the global environment. A top-level
// progn (also as a macro's expansion) runs its forms one by one, so that a
// macro defined by one is usable in the next.
func (t *Thread) evalTop(form lisp.Value, cell *reader.Cell) lisp.Value {
	return t.evalTopAt(form, cell, nil)
}

// evalTopAt is evalTop for a form inside one at pos: the forms a macro
// generates were never read, so errors in them take the position of the
// nearest enclosing form that was.
func (t *Thread) evalTopAt(form lisp.Value, cell *reader.Cell, pos *lisp.Pos) lisp.Value {
	for i := 0; ; i++ {
		if i > maxExpansionsPerForm {
			lisp.Errorf("macroexpand: too many macro expansions (%d)", maxExpansionsPerForm)
		}
		c, ok := form.(*lisp.Cons)
		if !ok {
			break
		}
		if cell != nil {
			if p, ok := cell.Pos(c); ok {
				pos = posAt(p)
			}
		}
		if c.Car == symProgn {
			// A macro that expands into a progn of itself nests here,
			// not in analysis: bound it as analysis is bounded.
			if t.topNesting++; t.topNesting > maxAnalysisDepth {
				limitError(fmt.Sprintf("macroexpand: top-level progn forms nested deeper than %d", maxAnalysisDepth))
			}
			defer func() { t.topNesting-- }()
			var v lisp.Value = lisp.Nil
			for _, f := range elems("progn", c.Cdr) {
				t.mvSet = false
				v = t.evalTopAt(f, cell, pos)
			}
			return v
		}
		op, ok := c.Car.(*lisp.Symbol)
		if !ok {
			break
		}
		if _, special := specialForms[op]; special {
			break
		}
		mc := t.in.lookup(op)
		if mc == nil || mc.macro == nil {
			break
		}
		if pos != nil {
			t.pos = pos // for errors the expander signals
		}
		call := c
		form = mc.macro(t, form)
		if mc.macroInLisp {
			pos = expansionPos(pos, op, call)
		}
	}
	a := &analyzer{in: t.in, t: t, cell: cell, lam: &lambdaInfo{}}
	savedExp := t.expansions
	t.expansions = 0
	defer func() { t.expansions = savedExp }()
	a.pos = pos // form's own, when it was read
	topPos := t.pos
	n := a.analyze(form)
	c := n.code()
	t.pos = topPos
	base := t.sp
	fr := &frame{s: t.alloc(a.lam.nslots), t: t}
	v := c(fr)
	t.sp = base
	return v
}

// Eval evaluates a form in the global environment (CL's eval).
func (t *Thread) Eval(form lisp.Value) lisp.Value {
	return t.evalTop(form, nil)
}

// Macroexpand1 expands form once if it is a macro form, reporting whether
// it did.
func (t *Thread) Macroexpand1(form lisp.Value) (lisp.Value, bool) {
	if s, ok := form.(*lisp.Symbol); ok && t.expanding != nil {
		// A symbol macro of the scope the macro is expanded in.
		if t.expanding.find(sVar, s) == nil {
			if sc := t.expanding.find(sSymbolMacro, s); sc != nil {
				return sc.exp, true
			}
		}
	}
	c, ok := form.(*lisp.Cons)
	if !ok {
		return form, false
	}
	op, ok := c.Car.(*lisp.Symbol)
	if !ok {
		return form, false
	}
	if a := t.expanding; a != nil {
		if a.find(sFun, op) != nil {
			return form, false
		}
		if sc := a.find(sMacro, op); sc != nil {
			return sc.mac(t, form), true
		}
	}
	mc := t.in.lookup(op)
	if mc == nil || mc.macro == nil {
		return form, false
	}
	return mc.macro(t, form), true
}

// cappedWriter passes output on until the cell's byte budget is spent.
type cappedWriter struct {
	w   io.Writer
	n   int64
	max int64
}

func (c *cappedWriter) Write(p []byte) (int, error) {
	if c.n+int64(len(p)) > c.max {
		keep := c.max - c.n
		if keep > 0 {
			c.w.Write(p[:keep])
			c.n += keep
		}
		limitError(fmt.Sprintf("output limit exceeded (%d bytes)", c.max))
	}
	c.n += int64(len(p))
	return c.w.Write(p)
}

// liveReading is how a cell's forms are read: ahead of running, in the
// standard syntax, until a form changes *readtable* (a new macro
// character, another readtable, another case); from then on each form is
// read from the text just before it runs, as SBCL's load reads a file
// form by form. A cell that starts under a readtable other than the
// standard one is read live from its first form.
type liveReading struct {
	in   *Interp
	rt   *reader.Readtable
	gen  uint64
	on   bool
	mark reader.Mark
}

// check switches to reading live after the cell's i'th form when that
// form changed the readtable.
func (l *liveReading) check(cell *reader.Cell, i int) {
	if l.on {
		return
	}
	rt := l.in.currentReadtable()
	if rt == l.rt && rt.Generation() == l.gen || rt.Pristine() {
		return
	}
	if mark, ok := cell.After(i); ok {
		l.on, l.mark = true, mark
	}
}
