package eval

import "github.com/nodelisp/nodelisp/lisp"

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
