package reader

import (
	"errors"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/nodelisp/nodelisp/lisp"
)

// Cell is one unit of source handed to the evaluator, read once: its
// forms, where each list and string literal in it began, its ;; note,
// and whether it is whole. A front end that must know whether a cell is
// complete reads it and passes the Cell on, so nothing reads it again.
type Cell struct {
	Forms []lisp.Value
	// Note is the cell's note: the text of its first non-blank line when
	// that line is a comment of two or more semicolons, without the
	// semicolons and one following space. HasNote tells an empty note
	// from none. The reader finds it while skipping that comment.
	Note    string
	HasNote bool

	text    string
	err     error
	pos     map[*lisp.Cons]place
	strings map[*lisp.String]literalAt
	source  *lisp.Source
	starts  []lisp.Pos // where each of Forms began
	// from is where the reader stood before each form (offset, line and
	// column), and unresolved which forms named a package the read ahead
	// could not find: Reread reads a form again from there.
	from       []readFrom
	unresolved []bool
	// ends is where the reader stood after each form, for reading the
	// rest of the text live (ReadAt) once a form changed the syntax.
	ends []readFrom
	// whole is set on a cell ReadSource made, not on a copy of one form;
	// begin, on a Tail, is where its text to read begins.
	whole bool
	begin *readFrom
	// rest is set when reading ahead stopped at a malformed form after
	// forms that may change the syntax (a set-macro-character): the
	// text from there is read when the cell runs (Rest).
	rest *readFrom
}

type readFrom struct{ off, line, col int }

// Mark is a place in a cell's text between two forms, where reading can
// go on.
type Mark struct{ at readFrom }

// literalAt is where a string literal was read: the place and byte
// offset of its opening quote.
type literalAt struct {
	at  place
	off int
}

// place is a line and column as the reader's tables keep them, a quarter
// of a lisp.Pos: every list of a cell has one, and the Source is the
// cell's, added when a position is asked for.
type place struct{ line, col int32 }

func placeOf(p lisp.Pos) place { return place{int32(p.Line), int32(p.Col)} }

func (p place) in(source *lisp.Source) lisp.Pos {
	return lisp.Pos{Line: int(p.line), Col: int(p.col), Source: source}
}

// Text returns the source text the cell was read from.
func (c *Cell) Text() string {
	if c == nil {
		return ""
	}
	return c.text
}

// Err returns the error reading stopped at (a *Error), or nil when every
// form of the text read; ReadCell returns the same error.
func (c *Cell) Err() error {
	if c == nil {
		return nil
	}
	return c.err
}

// Incomplete reports whether the text ended inside a form, string or
// block comment, so that more text could complete it: a REPL waits for
// the next line. A malformed cell is not incomplete: it is run, and its
// error shown.
func (c *Cell) Incomplete() bool {
	var re *Error
	return errors.As(c.Err(), &re) && re.Incomplete
}

// Source returns the text the cell was read from; nil for a cell not made
// by ReadCell. Copies of a cell (one per form, as interp.EvalForm makes
// them) share it, so positions from any of them are into the same text.
// A host that learns the text's name after reading it (the seq of the
// logged call carrying the cell) sets it here.
func (c *Cell) Source() *lisp.Source {
	if c == nil {
		return nil
	}
	return c.source
}

// Pos returns where a list form of the cell started.
func (c *Cell) Pos(v lisp.Value) (lisp.Pos, bool) {
	cons, ok := v.(*lisp.Cons)
	if !ok || c == nil {
		return lisp.Pos{}, false
	}
	p, ok := c.pos[cons]
	return p.in(c.source), ok
}

// FormPos returns where the cell's i'th top-level form began, atoms
// included.
func (c *Cell) FormPos(i int) (lisp.Pos, bool) {
	if c == nil || i < 0 || i >= len(c.starts) {
		return lisp.Pos{}, false
	}
	return c.starts[i], true
}

// Lists returns the list forms of the cell that began at p, outermost
// first ('(a) begins where (quote (a)) does).
func (c *Cell) Lists(p lisp.Pos) []*lisp.Cons {
	if c == nil {
		return nil
	}
	var out []*lisp.Cons
	for cons, at := range c.pos {
		if at == placeOf(p) {
			out = append(out, cons)
		}
	}
	return out
}

// InString returns the position in the text of the character at byte
// offset off of the string literal s read in this cell: a string spans
// lines, and its escapes take two characters of the text for one of the
// string. It reports false for a string the cell did not read.
func (c *Cell) InString(s *lisp.String, off int) (lisp.Pos, bool) {
	if c == nil || off < 0 || off > len(s.S) {
		return lisp.Pos{}, false
	}
	at, ok := c.strings[s]
	if !ok {
		return lisp.Pos{}, false
	}
	p := at.at.in(c.source)
	i := at.off + 1 // past the opening quote
	p.Col++
	for n := 0; n < off && i < len(c.text); {
		r, size := utf8.DecodeRuneInString(c.text[i:])
		if r == '\\' {
			i += size
			r, size = utf8.DecodeRuneInString(c.text[i:])
			p.Col++
		}
		i += size
		n += utf8.RuneLen(r)
		if r == '\n' {
			p.Line, p.Col = p.Line+1, 1
		} else {
			p.Col++
		}
	}
	return p, true
}

// Form returns a copy of the cell holding only its i'th form, with the
// cell's positions and source, for a runner that evaluates form by form.
func (c *Cell) Form(i int) *Cell {
	one := *c
	one.Forms = c.Forms[i : i+1 : i+1]
	one.starts = c.starts[i : i+1 : i+1]
	if len(c.from) > i {
		one.from = c.from[i : i+1 : i+1]
		one.unresolved = c.unresolved[i : i+1 : i+1]
	}
	// A form's cell reads on to nothing after it, but the last carries
	// the text reading ahead could not read, to be read when it has run.
	one.ends, one.whole = nil, false
	if i != len(c.Forms)-1 {
		one.rest = nil
	}
	return &one
}

// FormCell returns a copy of the cell holding only form. One of the
// cell's forms keeps where it began, as with Form; another (a form a
// host made, a part of one) keeps only the positions of the lists the
// cell read.
func (c *Cell) FormCell(form lisp.Value) *Cell {
	one := *c
	one.Forms, one.starts, one.from, one.unresolved = []lisp.Value{form}, nil, nil, nil
	one.ends, one.rest, one.whole = nil, nil, false
	switch form.(type) {
	case *lisp.Cons, *lisp.Symbol: // comparable, and what can fail
		for i, f := range c.Forms {
			if f == form {
				one.starts = c.starts[i : i+1 : i+1]
				if len(c.from) > i {
					one.from, one.unresolved = c.from[i:i+1:i+1], c.unresolved[i:i+1:i+1]
				}
				break
			}
		}
	}
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
	r.source = source
	r.strings = map[*lisp.String]literalAt{}
	cell := &Cell{text: src, pos: r.pos, strings: r.strings, source: source, whole: true}
	defer func() { cell.Note, cell.HasNote = r.cellNote, r.hasNote }()
	r.lenient = true
	for {
		from := readFrom{r.off, r.line, r.col}
		r.unresolved = false
		v, err := r.Read()
		if errors.Is(err, io.EOF) {
			return cell, nil
		}
		if err != nil {
			var re *Error
			if errors.As(err, &re) && !re.Incomplete && mayChangeSyntax(cell.Forms) {
				cell.rest = &from
				return cell, nil
			}
			cell.err = err
			return cell, err
		}
		cell.Forms = append(cell.Forms, v)
		cell.starts = append(cell.starts, r.start)
		cell.from = append(cell.from, from)
		cell.unresolved = append(cell.unresolved, r.unresolved)
		cell.ends = append(cell.ends, readFrom{r.off, r.line, r.col})
	}
}

// syntaxChangers are the operators whose call in a cell may make the
// forms after it read differently: a malformed form after one is read
// again when the cell runs, instead of refusing the cell.
var syntaxChangers = map[string]bool{
	"SET-MACRO-CHARACTER": true, "SET-DISPATCH-MACRO-CHARACTER": true,
	"MAKE-DISPATCH-MACRO-CHARACTER": true, "SET-SYNTAX-FROM-CHAR": true,
	"READTABLE-CASE": true, "*READTABLE*": true, "COPY-READTABLE": true,
}

// mayChangeSyntax reports whether forms name an operator of
// syntaxChangers anywhere (a helper function a cell defines and calls
// counts too).
func mayChangeSyntax(forms []lisp.Value) bool {
	seen := 0
	var walk func(v lisp.Value) bool
	walk = func(v lisp.Value) bool {
		for {
			seen++
			if seen > 100000 {
				return false
			}
			switch x := v.(type) {
			case *lisp.Symbol:
				return syntaxChangers[x.Name]
			case *lisp.Cons:
				if walk(x.Car) {
					return true
				}
				v = x.Cdr
				continue
			}
			return false
		}
	}
	for _, f := range forms {
		if walk(f) {
			return true
		}
	}
	return false
}

// Rest reports where reading ahead stopped at a malformed form that a
// form before it may make readable (ReadSource): the runner reads on
// from there with ReadAt, after the cell's forms have run.
func (c *Cell) Rest() (Mark, bool) {
	if c == nil || c.rest == nil {
		return Mark{}, false
	}
	return Mark{*c.rest}, true
}

// Start returns where the cell's text begins, for a runner that reads
// every form live (ReadAt); false for a copy of one form (Form,
// FormCell), which Reread reads again instead.
func (c *Cell) Start() (Mark, bool) {
	if c == nil || !c.whole {
		return Mark{}, false
	}
	if c.begin != nil {
		return Mark{*c.begin}, true
	}
	return Mark{readFrom{0, 1, 1}}, true
}

// Tail returns a cell of the text after the cell's i'th form, holding no
// forms yet: run, it reads them live (Start). A runner that runs a cell
// form by form (Form) runs the tail instead of the forms read ahead once
// a form has changed the syntax, since they may divide the text
// differently.
func (c *Cell) Tail(i int) (*Cell, bool) {
	m, ok := c.After(i)
	if !ok {
		return nil, false
	}
	t := *c
	t.Forms, t.starts, t.from, t.unresolved, t.ends, t.rest = nil, nil, nil, nil, nil, nil
	t.whole, t.begin = true, &m.at
	return &t, true
}

// After returns where the cell's i'th form ended, where a runner whose
// form changed the syntax reads on from with ReadAt.
func (c *Cell) After(i int) (Mark, bool) {
	if c == nil || i < 0 || i >= len(c.ends) {
		return Mark{}, false
	}
	return Mark{c.ends[i]}, true
}

// ReadAt reads the form of the cell's text that follows m in env, as it
// reads now, and returns a cell of that one form (as Form does) and the
// mark after it; io.EOF when only whitespace and comments remain.
func (c *Cell) ReadAt(m Mark, env Env) (*Cell, Mark, error) {
	r := New(c.text)
	r.source = c.source
	r.strings = map[*lisp.String]literalAt{}
	r.off, r.line, r.col = m.at.off, m.at.line, m.at.col
	r.begun = true
	r.Setup(env)
	v, err := r.Read()
	if err != nil {
		return nil, m, err
	}
	one := *c
	one.Forms = []lisp.Value{v}
	one.starts = []lisp.Pos{r.start}
	one.pos, one.strings = r.pos, r.strings
	one.from, one.unresolved, one.ends, one.rest, one.whole = nil, nil, nil, nil, false
	return &one, Mark{readFrom{r.off, r.line, r.col}}, nil
}

// Unresolved reports whether the cell's i'th form named a package, or an
// external symbol, that did not exist when the cell was read: it must be
// read again (Reread) before it runs.
func (c *Cell) Unresolved(i int) bool {
	return c != nil && i < len(c.unresolved) && c.unresolved[i]
}

// Reread reads the cell's i'th form again in env (*package* and
// *readtable* as they are when it runs), returning a cell of that one form as Form does. Forms
// that follow an in-package, or name a package the cell defines, read
// differently than when the cell was read ahead.
func (c *Cell) Reread(i int, env Env) (*Cell, error) {
	if i >= len(c.from) {
		// A form a host made, not read from the text: it runs as it is.
		one := *c
		one.Forms = c.Forms[i : i+1 : i+1]
		if i < len(c.starts) {
			one.starts = c.starts[i : i+1 : i+1]
		}
		return &one, nil
	}
	r := New(c.text)
	r.source = c.source
	r.strings = map[*lisp.String]literalAt{}
	r.off, r.line, r.col = c.from[i].off, c.from[i].line, c.from[i].col
	r.begun = true
	r.Setup(env)
	v, err := r.Read()
	if err != nil {
		return nil, err
	}
	one := *c
	one.Forms = []lisp.Value{v}
	one.starts = []lisp.Pos{r.start}
	one.pos, one.strings = r.pos, r.strings
	one.from, one.unresolved, one.ends, one.rest, one.whole = nil, nil, nil, nil, false
	return &one, nil
}

// noteOf is the note a first comment gives, when it has two or more
// semicolons.
func noteOf(comment string) (string, bool) {
	comment = strings.TrimSpace(comment)
	if !strings.HasPrefix(comment, ";;") {
		return "", false
	}
	return strings.TrimPrefix(strings.TrimLeft(comment, ";"), " "), true
}
