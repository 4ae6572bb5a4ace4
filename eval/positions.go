package eval

import (
	"strconv"
	"strings"

	"github.com/nodelisp/nodelisp/lisp"
	"github.com/nodelisp/nodelisp/reader"
)

// A position names a place in the text of the cell it was read from. A
// function defined in one cell runs when a later cell calls it, and an
// error inside it has a position in the earlier cell's text: reported as
// it is, it would point into the wrong text. So every position the
// evaluator records is tagged with its cell ("TAG\x1fLINE:COL"), and an
// error leaving a cell is placed at the current cell's form, with where
// it arose in the earlier cell named in its message.

// posSep ends a position's cell tag.
const posSep = "\x1f"

// posString is p in cell, tagged.
func (in *Interp) posString(cell *reader.Cell, p reader.Pos) string {
	return in.cellTag(cell) + posSep + p.String()
}

// cellTag numbers the texts the image has run code from. Only the latest
// is remembered: a cell's forms run one after another, so a position
// whose tag is not the current one is from an earlier cell.
func (in *Interp) cellTag(cell *reader.Cell) string {
	o := cell.Origin()
	if o == nil {
		return "0" // a cell not read by reader.ReadCell: no telling
	}
	if o != in.lastOrigin {
		in.lastOrigin = o
		in.tags++
		in.lastTag = strconv.Itoa(in.tags)
	}
	return in.lastTag
}

// splitPos returns a tagged position's tag and LINE:COL.
func splitPos(pos string) (tag, at string) {
	tag, at, ok := strings.Cut(pos, posSep)
	if !ok {
		return "", pos
	}
	return tag, at
}

// placeError returns the error a condition leaving the cell with tag
// current makes: its position made plain, and when the position is in an
// earlier cell, the position of the current cell's form (top) instead,
// with the earlier place in the message. c itself, which a program may
// still hold, is not changed.
func placeError(c *lisp.Condition, current, top string) *lisp.Condition {
	tag, at := splitPos(c.Pos)
	if tag == "" || tag == current || tag == "0" {
		if at == c.Pos {
			return c
		}
		placed := *c
		placed.Pos = at
		return &placed
	}
	placed := *c
	_, placed.Pos = splitPos(top)
	placed.Message = c.Message + " (at " + at + " in the earlier cell that defined the code)"
	return &placed
}
