package reader

import (
	"unicode"

	"github.com/nodelisp/nodelisp/lisp"
)

// Readtable is a Common Lisp readtable: the syntax of each character and
// the case rule for tokens. The standard syntax is the reader's own Go
// code; a readtable records only the characters whose syntax differs from
// it, so the standard readtable is an empty one and reading under it
// costs a nil-map lookup.
//
// A character's syntax is either a standard character's (set-syntax-from-
// char, or a macro function taken from a standard character), or a user
// macro function the host calls (MacroCall), or a dispatching macro
// character with a table of sub-character functions.
type Readtable struct {
	chars map[rune]*Syntax
	rcase lisp.ReadCase
	// standard marks the standard readtable, which no program may change.
	standard bool
	// gen counts the changes, so that a host that read text ahead of
	// running it can tell that the text may now read differently.
	gen uint64
}

// SyntaxType is a character's syntax type (CLHS 2.1.4).
type SyntaxType uint8

// The syntax types.
const (
	Constituent SyntaxType = iota
	Whitespace
	TerminatingMacro
	NonTerminatingMacro
	SingleEscape
	MultipleEscape
)

// Syntax is one character's entry in a readtable.
type Syntax struct {
	Type SyntaxType
	// Like is the standard character whose reader behaviour this one has
	// (its syntax was copied from it); 0 for a user macro or a
	// constituent.
	Like rune
	// Fn is a user macro function, called with the stream and the
	// character; nil when Like says what the character does.
	Fn lisp.Value
	// Dispatch is set for a dispatching macro character: the functions
	// of its sub-characters (upper case), called with the stream, the
	// sub-character and the numeric argument. For # it holds only those
	// set by a program; the standard ones are the reader's.
	Dispatch map[rune]lisp.Value
}

// standardReadtable is the one the standard defines; only copies of it
// may change.
var standardReadtable = &Readtable{standard: true}

// StandardReadtable returns the standard readtable, which may not be
// changed.
func StandardReadtable() *Readtable { return standardReadtable }

// LispTypeName is what the printer names a readtable with.
func (rt *Readtable) LispTypeName() string { return "READTABLE" }

// NewReadtable returns a fresh readtable with the standard syntax.
func NewReadtable() *Readtable { return &Readtable{} }

// IsStandard reports whether rt is the standard readtable itself.
func (rt *Readtable) IsStandard() bool { return rt.standard }

// Generation changes each time the readtable does.
func (rt *Readtable) Generation() uint64 { return rt.gen }

// Pristine reports whether rt reads as the standard readtable does.
func (rt *Readtable) Pristine() bool {
	return rt == nil || len(rt.chars) == 0 && rt.rcase == lisp.ReadUpcase
}

// Copy returns a copy of rt (nil copies the standard readtable).
func (rt *Readtable) Copy() *Readtable {
	out := &Readtable{}
	if rt != nil {
		out.CopyFrom(rt)
	}
	return out
}

// CopyFrom makes rt's syntax and case those of from, as copy-readtable
// into an existing readtable does.
func (rt *Readtable) CopyFrom(from *Readtable) {
	rt.gen++
	rt.rcase = from.rcase
	rt.chars = nil
	for c, s := range from.chars {
		rt.set(c, s.clone())
	}
}

func (s *Syntax) clone() *Syntax {
	out := *s
	if s.Dispatch != nil {
		out.Dispatch = make(map[rune]lisp.Value, len(s.Dispatch))
		for k, v := range s.Dispatch {
			out.Dispatch[k] = v
		}
	}
	return &out
}

func (rt *Readtable) set(c rune, s *Syntax) {
	if rt.chars == nil {
		rt.chars = map[rune]*Syntax{}
	}
	rt.chars[c] = s
	rt.gen++
}

// Case is the readtable's case: how the letters of a token read.
func (rt *Readtable) Case() lisp.ReadCase {
	if rt == nil {
		return lisp.ReadUpcase
	}
	return rt.rcase
}

// SetCase sets the readtable's case.
func (rt *Readtable) SetCase(c lisp.ReadCase) {
	rt.rcase = c
	rt.gen++
}

// Of returns c's syntax in rt.
func (rt *Readtable) Of(c rune) Syntax {
	if rt != nil {
		if s, ok := rt.chars[c]; ok {
			return *s
		}
	}
	return standardSyntax(c)
}

// standardSyntax is c's syntax in the standard readtable.
func standardSyntax(c rune) Syntax {
	switch c {
	case ' ', '\t', '\n', '\r', '\f', '\v':
		return Syntax{Type: Whitespace, Like: c}
	case '(', ')', '\'', '"', ';', '`', ',':
		return Syntax{Type: TerminatingMacro, Like: c}
	case '#':
		return Syntax{Type: NonTerminatingMacro, Like: c}
	case '\\':
		return Syntax{Type: SingleEscape, Like: c}
	case '|':
		return Syntax{Type: MultipleEscape, Like: c}
	}
	return Syntax{Type: Constituent}
}

// SetMacro makes c a macro character calling fn; nonTerminating lets it
// sit inside a token.
func (rt *Readtable) SetMacro(c rune, fn lisp.Value, nonTerminating bool) {
	rt.set(c, &Syntax{Type: macroType(nonTerminating), Fn: fn})
}

// SetMacroLike makes c a macro character doing what the standard macro
// character like does (its function was taken with get-macro-character).
func (rt *Readtable) SetMacroLike(c, like rune, nonTerminating bool) {
	s := standardSyntax(like)
	s.Type = macroType(nonTerminating)
	rt.set(c, &s)
}

func macroType(nonTerminating bool) SyntaxType {
	if nonTerminating {
		return NonTerminatingMacro
	}
	return TerminatingMacro
}

// MakeDispatch makes c a dispatching macro character with no
// sub-characters yet.
func (rt *Readtable) MakeDispatch(c rune, nonTerminating bool) {
	rt.set(c, &Syntax{Type: macroType(nonTerminating), Dispatch: map[rune]lisp.Value{}})
}

// IsDispatch reports whether c is a dispatching macro character in rt.
func (rt *Readtable) IsDispatch(c rune) bool {
	s := rt.Of(c)
	return s.Dispatch != nil || s.Like == '#' && s.Fn == nil
}

// DispatchFn returns the function a program set for sub under the
// dispatching character c, if any.
func (rt *Readtable) DispatchFn(c, sub rune) (lisp.Value, bool) {
	s := rt.Of(c)
	fn, ok := s.Dispatch[unicode.ToUpper(sub)]
	return fn, ok && fn != nil
}

// SetDispatch sets the function of sub under the dispatching character
// c; nil fn removes a program's function.
func (rt *Readtable) SetDispatch(c, sub rune, fn lisp.Value) {
	old := rt.Of(c)
	s := old.clone()
	if s.Dispatch == nil {
		s.Dispatch = map[rune]lisp.Value{}
	}
	sub = unicode.ToUpper(sub)
	if fn == nil || fn == lisp.Value(lisp.Nil) {
		delete(s.Dispatch, sub)
	} else {
		s.Dispatch[sub] = fn
	}
	rt.set(c, s)
}

// SetSyntaxFrom gives to the syntax from has in fromRT (nil: the
// standard readtable), as set-syntax-from-char does: a dispatching
// character's table is copied with it.
func (rt *Readtable) SetSyntaxFrom(to, from rune, fromRT *Readtable) {
	old := fromRT.Of(from)
	s := old.clone()
	if s.Type == Constituent {
		if standardSyntax(to).Type == Constituent {
			delete(rt.chars, to)
			rt.gen++
			return
		}
	}
	rt.set(to, s)
}
