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
	source *lisp.Source
	starts []Pos // where each of Forms began
}

// Source returns the text the cell was read from; nil for a cell not made
// by ReadCell. Copies of a cell (one per form, as interp.EvalForm makes
// them) share it, so positions from any of them are into the same text.
func (c *Cell) Source() *lisp.Source {
	if c == nil {
		return nil
	}
	return c.source
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

// FormPos returns where the cell's i'th top-level form began, atoms
// included.
func (c *Cell) FormPos(i int) (Pos, bool) {
	if c == nil || i < 0 || i >= len(c.starts) {
		return Pos{}, false
	}
	return c.starts[i], true
}

// Form returns a copy of the cell holding only its i'th form, with the
// cell's positions and source, for a runner that evaluates form by form.
func (c *Cell) Form(i int) *Cell {
	one := *c
	one.Forms = c.Forms[i : i+1 : i+1]
	one.starts = c.starts[i : i+1 : i+1]
	return &one
}

// ReadCell reads every form of src. On error it returns the error together
// with a cell holding the forms read before it (the cell is never nil).
func ReadCell(src string) (*Cell, error) {
	return ReadSource(src, &lisp.Source{})
}

// ReadSource is ReadCell for a text the caller names: positions in the
// cell point at source (a file's path, a logged cell's seq).
func ReadSource(src string, source *lisp.Source) (*Cell, error) {
	r := New(src)
	cell := &Cell{pos: r.pos, source: source}
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
		cell.starts = append(cell.starts, r.start)
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
