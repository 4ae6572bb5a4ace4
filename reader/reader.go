package reader

import (
	"io"
	"unicode/utf8"

	"github.com/nodelisp/nodelisp/lisp"
)

// maxDepth bounds how deeply lists, vectors and quotes may nest, so that
// hostile input cannot exhaust the Go stack.
const maxDepth = 10000

// Reader reads forms one at a time from a string.
type Reader struct {
	src       string
	off       int // byte offset of the next rune
	line, col int // position of the next rune
	pos       map[*lisp.Cons]place
	depth     int
	backquote int  // nesting of backquotes, for the comma check
	suppress  bool // reading a form a #+/#- expression skips
	// lastWasToken is set when the form just read was a token, whose
	// terminating whitespace Read consumes.
	lastWasToken bool
	// labels are the #n= labels of the current top-level read.
	labels map[string]lisp.Value
	// base is *read-base* for integers and ratios; 0 means 10.
	base int
	// start is where the form Read returned last began, so a cell knows
	// the position of a top-level atom too (a cons's is in pos).
	start lisp.Pos

	// source is the text's, for every position the reader gives; nil
	// for a reader made by New.
	source *lisp.Source
	// cellNote is the text's ;; note (see Cell.Note), found while skipping
	// what precedes the first form; begun is set once anything but
	// whitespace has been met, so only a first comment is a note.
	cellNote string
	hasNote  bool
	begun    bool
	// strings are where the string literals of a cell were read, so an
	// error about a place inside one (a format directive) can be placed
	// in the text; nil for a reader made by New.
	strings map[*lisp.String]literalAt

	// pkgs and pkg are the image's packages and *package*: a symbol is
	// interned in pkg, a prefix names a package of pkgs. Nil for both is
	// a pristine COMMON-LISP-USER (SetPackage).
	pkgs *lisp.Packages
	pkg  *lisp.Package
	// lenient is set while a cell is read ahead of running: a prefix
	// naming a package that does not exist yet (a defpackage earlier in
	// the cell makes it) gives a placeholder and marks the form
	// unresolved, to be read again when it runs.
	lenient    bool
	unresolved bool
	// readEval evaluates #.'s form; nil refuses #. (read_eval.go).
	readEval ReadEval
	// rt is *readtable*; nil reads with the standard syntax. macroCall
	// runs a program's reader macro functions (macro.go).
	rt        *Readtable
	macroCall MacroCall
	// preserveSpace keeps the whitespace that ends a token unread, as
	// read-preserving-whitespace does.
	preserveSpace bool
	// within is set when the read is part of one that called a macro
	// function (Within): Read keeps the backquote depth and labels.
	within bool
}

// SetReadtable makes the reader read with rt's syntax and case.
func (r *Reader) SetReadtable(rt *Readtable) { r.rt = rt }

// PreserveWhitespace leaves the whitespace that ends a token unread.
func (r *Reader) PreserveWhitespace() { r.preserveSpace = true }

// SetPackage makes the reader intern symbols in pkg and find prefixed
// packages in pkgs, as *package* says.
func (r *Reader) SetPackage(pkgs *lisp.Packages, pkg *lisp.Package) { r.pkgs, r.pkg = pkgs, pkg }

// SetBase makes the reader read integers and ratios in base (2 to 36), as
// *read-base* does; a token with a decimal point is still decimal.
func (r *Reader) SetBase(base int) { r.base = base }

// New returns a reader over src.
func New(src string) *Reader {
	return &Reader{src: src, line: 1, col: 1, pos: map[*lisp.Cons]place{}}
}

// Offset is the byte offset reached: just past the last form read and, when
// that form was a token ended by whitespace, past that one whitespace
// character, as CL's read-from-string counts.
func (r *Reader) Offset() int { return r.off }

// Pos returns where a list form read by r started.
func (r *Reader) Pos(v lisp.Value) (lisp.Pos, bool) {
	c, ok := v.(*lisp.Cons)
	if !ok {
		return lisp.Pos{}, false
	}
	p, ok := r.pos[c]
	return p.in(r.source), ok
}

// failure carries a reader error up through the recursive descent; Read
// turns it back into an error value.
type failure struct{ err *Error }

// Read returns the next form, or io.EOF when only whitespace and comments
// remain.
func (r *Reader) Read() (v lisp.Value, err error) {
	defer func() {
		if x := recover(); x != nil {
			f, ok := x.(failure)
			if !ok {
				panic(x)
			}
			v, err = nil, f.err
		}
	}()
	r.depth = 0
	if !r.within {
		r.backquote, r.suppress, r.labels = 0, false, nil
	}
	for {
		if !r.skipSpace() {
			return nil, io.EOF
		}
		p := r.here()
		if r.atClose() {
			r.next() // so that reading on goes past it
			r.fail(p, "unbalanced )")
		}
		var k kind
		v, k = r.readAny()
		if k == kDot {
			r.fail(p, "dot in wrong place")
		}
		if k == kValue {
			r.start = p
			break
		}
	}
	if c, ok := r.peek(); ok && r.isSpace(c) && r.lastWasToken && !r.preserveSpace {
		r.next()
	}
	return v, nil
}

// fail raises a malformed-input error at p.
func (r *Reader) fail(p lisp.Pos, msg string) {
	panic(failure{&Error{Pos: p, Msg: msg}})
}

// failEOF raises an incomplete-input error at p, the start of the construct
// the input ended inside.
func (r *Reader) failEOF(p lisp.Pos, msg string) {
	panic(failure{&Error{Pos: p, Msg: msg, Incomplete: true}})
}

func (r *Reader) here() lisp.Pos { return lisp.Pos{Line: r.line, Col: r.col, Source: r.source} }

func (r *Reader) peek() (rune, bool) {
	if r.off >= len(r.src) {
		return 0, false
	}
	c, _ := utf8.DecodeRuneInString(r.src[r.off:])
	return c, true
}

func (r *Reader) next() (rune, bool) {
	if r.off >= len(r.src) {
		return 0, false
	}
	c, n := utf8.DecodeRuneInString(r.src[r.off:])
	r.off += n
	if c == '\n' {
		r.line++
		r.col = 1
	} else {
		r.col++
	}
	return c, true
}

func isSpace(c rune) bool {
	switch c {
	case ' ', '\t', '\n', '\r', '\f', '\v':
		return true
	}
	return false
}

// syntax is c's syntax in the reader's readtable; the common case, the
// standard syntax, takes no map lookup.
func (r *Reader) syntax(c rune) Syntax {
	if r.rt == nil || len(r.rt.chars) == 0 {
		return standardSyntax(c)
	}
	return r.rt.Of(c)
}

// isSpace reports whether c is whitespace in the reader's readtable.
func (r *Reader) isSpace(c rune) bool {
	if r.rt == nil || len(r.rt.chars) == 0 {
		return isSpace(c)
	}
	return r.rt.Of(c).Type == Whitespace
}

// isTerminator reports whether c ends a token: whitespace or a terminating
// macro character.
func (r *Reader) isTerminator(c rune) bool {
	if r.rt == nil || len(r.rt.chars) == 0 {
		switch c {
		case '(', ')', '\'', '"', ';', '`', ',':
			return true
		}
		return isSpace(c)
	}
	t := r.rt.Of(c).Type
	return t == Whitespace || t == TerminatingMacro
}

// atClose reports whether the next rune closes a list: ) keeping its
// standard syntax. A character given )'s syntax closes nothing, as in
// SBCL: read, it is an unbalanced ) (readAny).
func (r *Reader) atClose() bool {
	c, ok := r.peek()
	if !ok || c != ')' {
		return false
	}
	if r.rt == nil || len(r.rt.chars) == 0 {
		return true
	}
	s := r.rt.Of(c)
	return s.Like == ')' && s.Fn == nil
}

// skipSpace skips whitespace and comments and reports whether anything
// remains.
func (r *Reader) skipSpace() bool {
	for {
		c, ok := r.peek()
		switch {
		case !ok:
			return false
		case r.isSpace(c):
			r.next()
		case r.isComment(c):
			from := r.off
			r.next() // the comment character, which may be a newline given ;'s syntax
			for c, ok := r.peek(); ok && c != '\n'; c, ok = r.peek() {
				r.next()
			}
			if !r.begun {
				r.begun = true
				r.cellNote, r.hasNote = noteOf(r.src[from:r.off])
			}
		case r.atBlockComment(c):
			r.begun = true
			r.skipBlockComment()
		default:
			r.begun = true
			return true
		}
	}
}

// skipBlockComment skips a #| … |# comment, which may nest.
func (r *Reader) skipBlockComment() {
	start := r.here()
	r.next()
	r.next()
	level := 1
	for level > 0 {
		c, ok := r.next()
		if !ok {
			r.failEOF(start, "unterminated #| comment")
		}
		switch {
		case c == '|' && r.at('#'):
			r.next()
			level--
		case c == '#' && r.at('|'):
			r.next()
			level++
		}
	}
}

// at reports whether the next rune is c.
func (r *Reader) at(c rune) bool {
	d, ok := r.peek()
	return ok && d == c
}

// isComment reports whether c begins a comment to the end of the line.
func (r *Reader) isComment(c rune) bool {
	if r.rt == nil || len(r.rt.chars) == 0 {
		return c == ';'
	}
	s := r.rt.Of(c)
	return s.Like == ';' && s.Fn == nil
}

// atBlockComment reports whether c, the next rune, begins #| … |#: # with
// its standard syntax and no function of a program's for |.
func (r *Reader) atBlockComment(c rune) bool {
	if c != '#' || r.off+1 >= len(r.src) || r.src[r.off+1] != '|' {
		return false
	}
	if r.rt == nil || len(r.rt.chars) == 0 {
		return true
	}
	s := r.rt.Of(c)
	if s.Like != '#' || s.Fn != nil {
		return false
	}
	_, own := s.Dispatch['|']
	return !own
}
