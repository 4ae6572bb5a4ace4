package eval

import (
	"github.com/nodelisp/nodelisp/lisp"
	"github.com/nodelisp/nodelisp/reader"
)

// A position names a place in the text of the cell it was read from. A
// function defined in one cell runs when a later cell calls it, and an
// error inside it has a position in the earlier cell's text: reported as
// it is, it would point into the wrong text. So every position carries
// its cell's lisp.Source, and an error leaving a cell is placed at the
// current cell's form, with where it arose in the earlier cell named in
// its message. The evaluator keeps positions as pointers made once, at
// analysis, so noting where a call is costs one word stored.

// posAt is p kept for the code analysed at it (the reader gave p its
// cell's Source).
func posAt(p lisp.Pos) *lisp.Pos { return &p }

// posValue is *p, or no position for nil.
func posValue(p *lisp.Pos) lisp.Pos {
	if p == nil {
		return lisp.Pos{}
	}
	return *p
}

// expansionPos is the position of the code a macro written in Lisp, op,
// generated for call at pos: the call's, marked as its expansion. A place
// already in an expansion keeps it, as the code generated there is no
// more the user's than the call that made it.
func expansionPos(pos *lisp.Pos, op *lisp.Symbol, call *lisp.Cons) *lisp.Pos {
	if pos == nil || pos.Expansion != nil {
		return pos
	}
	p := *pos
	p.Expansion = &lisp.Expansion{Macro: printName(op), Form: call}
	return &p
}

// noteExpansion returns the error a condition raised in a macro's
// expansion makes as it leaves the cell: its message names the macro and
// the call. c itself, which a program may still hold, is not changed.
func noteExpansion(c *lisp.Condition) *lisp.Condition {
	e := c.Pos.Expansion
	if e == nil {
		return c
	}
	noted := *c
	noted.Message = c.Message + " (" + e.Note() + ")"
	return &noted
}

// placeInString returns the error a condition about a place inside a
// string (a format directive) makes as it leaves the cell: when the
// string is a literal argument of the call that failed, read in this
// cell, its position is that place, a line and column of the cell.
// c itself is not changed.
func placeInString(c *lisp.Condition, cell *reader.Cell) *lisp.Condition {
	w := c.Within
	if w == nil || c.Pos.IsZero() || c.Pos.Source != cell.Source() {
		return c
	}
	for _, call := range cell.Lists(c.Pos) {
		for arg := call.Cdr; ; {
			next, ok := arg.(*lisp.Cons)
			if !ok {
				break
			}
			if s, ok := next.Car.(*lisp.String); ok && s.S == w.Text {
				if p, ok := cell.InString(s, w.Offset); ok {
					placed := *c
					placed.Pos = p
					return &placed
				}
			}
			arg = next.Cdr
		}
	}
	return c
}

// placeError returns the error a condition leaving the cell read from
// current makes: when its position is in an earlier cell, the position of
// the current cell's form (top) instead, with the earlier place in the
// message. c itself, which a program may still hold, is not changed.
func placeError(c *lisp.Condition, current *lisp.Source, top *lisp.Pos) *lisp.Condition {
	src := c.Pos.Source
	if c.Pos.IsZero() || src == nil || src == current || current == nil {
		return c
	}
	placed := *c
	placed.Pos = posValue(top)
	where := c.Pos.String()
	if label := src.Label(); label != "" {
		where += " in " + label + ","
	}
	placed.Message = c.Message + " (at " + where + " in the earlier cell that defined the code)"
	return &placed
}
