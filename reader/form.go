package reader

import (
	"strings"

	"github.com/nodelisp/nodelisp/lisp"
)

// kind tells what readAny found: a value, the consing dot of a dotted
// list, or nothing (a form skipped by #+ or #-).
type kind int

const (
	kValue kind = iota
	kDot
	kNone
)

var (
	symQuote           = lisp.Intern("QUOTE")
	symFunction        = lisp.Intern("FUNCTION")
	symQuasiquote      = lisp.SymQuasiquote
	symUnquote         = lisp.SymUnquote
	symUnquoteSplicing = lisp.SymUnquoteSplicing
)

// readAny reads the one construct starting at the next rune, which the
// caller has checked exists and is neither whitespace nor ).
func (r *Reader) readAny() (lisp.Value, kind) {
	r.lastWasToken = false
	start := r.here()
	c, _ := r.peek()
	disp := c
	if r.rt != nil && len(r.rt.chars) > 0 {
		s := r.rt.Of(c)
		switch {
		case s.Fn != nil || s.Dispatch != nil && s.Like != '#':
			return r.readUserMacro(start, c, s)
		case s.Type == TerminatingMacro || s.Type == NonTerminatingMacro:
			c = s.Like // a standard macro character's syntax, copied
		default:
			c = 0 // a token, whatever the character is in the standard syntax
		}
	}
	switch c {
	case '(':
		v := r.readList()
		r.lastWasToken = false
		return v, kValue
	case '\'':
		r.next()
		return r.wrap(start, symQuote, r.readObject(start, "'")), kValue
	case '`':
		r.next()
		r.backquote++
		v := r.readObject(start, "`")
		r.backquote--
		return r.wrap(start, symQuasiquote, v), kValue
	case ',':
		return r.readComma(start), kValue
	case '"':
		return r.readString(disp), kValue // no token read inside
	case '#':
		return r.readDispatch(disp)
	case ')':
		r.next() // so that reading on goes past it
		r.fail(start, "unbalanced )")
	}
	t := r.readToken()
	r.lastWasToken = true
	return r.interpret(t)
}

// readObject reads the form that must follow a prefix such as ' or #',
// skipping forms that feature expressions drop. start and what name the
// prefix for errors.
func (r *Reader) readObject(start lisp.Pos, what string) lisp.Value {
	r.enter(start)
	defer r.leave()
	for {
		if !r.skipSpace() {
			r.failEOF(start, "end of input after "+what)
		}
		if r.atClose() {
			r.fail(start, "missing form after "+what)
		}
		dotPos := r.here()
		v, k := r.readAny()
		switch k {
		case kValue:
			return v
		case kDot:
			r.fail(dotPos, "dot in wrong place")
		}
	}
}

// enter and leave bound the nesting depth.
func (r *Reader) enter(p lisp.Pos) {
	r.depth++
	if r.depth > maxDepth {
		r.fail(p, "forms nested too deeply")
	}
}

func (r *Reader) leave() { r.depth-- }

// wrap builds (head v) and records its position.
func (r *Reader) wrap(p lisp.Pos, head *lisp.Symbol, v lisp.Value) lisp.Value {
	c := &lisp.Cons{Car: head, Cdr: &lisp.Cons{Car: v, Cdr: lisp.Nil}}
	r.note(c, p)
	return c
}

func (r *Reader) note(c *lisp.Cons, p lisp.Pos) {
	if !r.suppress {
		r.pos[c] = placeOf(p)
	}
}

func (r *Reader) readComma(start lisp.Pos) lisp.Value {
	r.next()
	if r.backquote == 0 && !r.suppress {
		r.fail(start, "comma not inside a backquote")
	}
	head, what := symUnquote, ","
	switch {
	case r.at('@'):
		r.next()
		head, what = symUnquoteSplicing, ",@"
	case r.at('.'):
		r.next()
		head, what = lisp.SymUnquoteNsplicing, ",."
	}
	r.backquote--
	v := r.readObject(start, what)
	r.backquote++
	return r.wrap(start, head, v)
}

// readList reads a list, proper or dotted, from its opening parenthesis.
func (r *Reader) readList() lisp.Value {
	start := r.here()
	r.next()
	r.enter(start)
	defer r.leave()
	var items []lisp.Value
	var tail lisp.Value = lisp.Nil
	for {
		if !r.skipSpace() {
			r.failEOF(start, "unterminated list")
		}
		if r.atClose() {
			r.next()
			break
		}
		p := r.here()
		v, k := r.readAny()
		if k == kNone {
			continue
		}
		if k == kValue {
			items = append(items, v)
			continue
		}
		if len(items) == 0 {
			r.fail(p, "dot in wrong place")
		}
		tail = r.readDottedTail(start, p)
		break
	}
	if len(items) == 0 {
		return lisp.Nil
	}
	list := lisp.ListStar(tail, items...)
	r.note(list.(*lisp.Cons), start)
	return list
}

// readDottedTail reads the one form after a consing dot and the closing
// parenthesis. start is the list's, dot the dot's position.
func (r *Reader) readDottedTail(start, dot lisp.Pos) lisp.Value {
	var tail lisp.Value
	for tail == nil {
		if !r.skipSpace() {
			r.failEOF(start, "unterminated list")
		}
		if r.atClose() {
			r.fail(dot, "dot in wrong place")
		}
		v, k := r.readAny()
		switch k {
		case kDot:
			r.fail(dot, "dot in wrong place")
		case kValue:
			tail = v
		}
	}
	for {
		if !r.skipSpace() {
			r.failEOF(start, "unterminated list")
		}
		if r.atClose() {
			r.next()
			return tail
		}
		p := r.here()
		if _, k := r.readAny(); k != kNone {
			r.fail(p, "more than one form after dot")
		}
	}
}

// readVector reads the elements of #( … ) from the opening parenthesis;
// start is the position of the #.
func (r *Reader) readVector(start lisp.Pos) lisp.Value {
	r.next()
	r.enter(start)
	defer r.leave()
	items := []lisp.Value{}
	for {
		if !r.skipSpace() {
			r.failEOF(start, "unterminated vector")
		}
		if r.atClose() {
			r.next()
			return &lisp.Vector{Items: items}
		}
		p := r.here()
		v, k := r.readAny()
		switch k {
		case kDot:
			r.fail(p, "dot in wrong place")
		case kValue:
			items = append(items, v)
		}
	}
}

// readString reads a string literal up to the quote that began it; a
// single escape (backslash) makes the next character literal, whatever it
// is.
func (r *Reader) readString(quote rune) lisp.Value {
	start, from := r.here(), r.off
	r.next()
	var b strings.Builder
	for {
		c, ok := r.next()
		if !ok {
			r.failEOF(start, "unterminated string")
		}
		switch {
		case c == quote:
			s := lisp.NewString(b.String())
			if r.strings != nil {
				r.strings[s] = literalAt{at: placeOf(start), off: from}
			}
			return s
		case r.syntax(c).Type == SingleEscape:
			c, ok = r.next()
			if !ok {
				r.failEOF(start, "unterminated string")
			}
		}
		b.WriteRune(c)
	}
}
