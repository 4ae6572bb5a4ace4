package reader

import (
	"errors"
	"io"
	"strings"

	"github.com/nodelisp/nodelisp/lisp"
)

// Cell is the result of reading one unit of source handed to the evaluator.
type Cell struct {
	Forms []lisp.Value
	// Note is the cell's note: the text of its first non-blank line when
	// that line is a comment of two or more semicolons, without the
	// semicolons and one following space. HasNote tells an empty note
	// from none.
	Note    string
	HasNote bool

	pos    map[*lisp.Cons]Pos
	origin *Origin
}

// Origin identifies the text a cell was read from. Copies of a cell (one
// per form, as interp.EvalForm makes them) share it, so positions from
// any of them are into the same text.
type Origin struct{ _ byte }

// Origin returns the cell's origin; nil for a cell not made by ReadCell.
func (c *Cell) Origin() *Origin {
	if c == nil {
		return nil
	}
	return c.origin
}

// Pos returns where a list form of the cell started.
func (c *Cell) Pos(v lisp.Value) (Pos, bool) {
	cons, ok := v.(*lisp.Cons)
	if !ok || c == nil {
		return Pos{}, false
	}
	p, ok := c.pos[cons]
	return p, ok
}

// ReadCell reads every form of src. On error it returns the error together
// with a cell holding the forms read before it (the cell is never nil).
func ReadCell(src string) (*Cell, error) {
	r := New(src)
	cell := &Cell{pos: r.pos, origin: &Origin{}}
	cell.Note, cell.HasNote = cellNote(src)
	for {
		v, err := r.Read()
		if errors.Is(err, io.EOF) {
			return cell, nil
		}
		if err != nil {
			return cell, err
		}
		cell.Forms = append(cell.Forms, v)
	}
}

// cellNote finds the note of a cell: its first non-blank line, if that line
// is a ";;" comment.
func cellNote(src string) (string, bool) {
	for line := range strings.SplitSeq(src, "\n") {
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		if !strings.HasPrefix(line, ";;") {
			return "", false
		}
		text := strings.TrimLeft(line, ";")
		return strings.TrimPrefix(text, " "), true
	}
	return "", false
}
