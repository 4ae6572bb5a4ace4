package reader

import (
	"strconv"
	"strings"
	"unicode"

	"github.com/nodelisp/nodelisp/lisp"
)

// readDispatch reads a # construct: #\c, #', #(, #x/#o/#b/#NNr, #+/#-,
// #:name, #nA and the rest of its switch. Block comments never get here: skipSpace takes them.
func (r *Reader) readDispatch(disp rune) (lisp.Value, kind) {
	start := r.here()
	r.next()
	arg := ""
	for c, ok := r.peek(); ok && c >= '0' && c <= '9'; c, ok = r.peek() {
		r.next()
		arg += string(c)
	}
	c, ok := r.peek()
	if !ok {
		r.failEOF(start, "end of input after #")
	}
	if r.rt != nil {
		if fn, ok := r.rt.DispatchFn(disp, c); ok {
			r.next()
			var n lisp.Value = lisp.Nil
			if arg != "" {
				v, err := strconv.ParseInt(arg, 10, 64)
				if err != nil {
					r.fail(start, "dispatch argument "+arg+" is too large")
				}
				n = lisp.MakeInt(v)
			}
			return r.callMacro(start, macroName(disp)+" "+macroName(c), fn, lisp.Char(c), n)
		}
	}
	if c == '(' {
		v := r.readVector(start)
		r.lastWasToken = false
		return v, kValue
	}
	r.next()
	switch unicode.ToLower(c) {
	case '\\':
		return r.readChar(start), kValue
	case '\'':
		return r.wrap(start, symFunction, r.readObject(start, "#'")), kValue
	case 'x':
		return r.readRadix(start, "#"+string(c), 16), kValue
	case 'o':
		return r.readRadix(start, "#"+string(c), 8), kValue
	case 'b':
		return r.readRadix(start, "#"+string(c), 2), kValue
	case 'r':
		base, err := strconv.Atoi(arg)
		if err != nil || base < 2 || base > 36 {
			r.fail(start, "bad radix in #"+arg+"r")
		}
		return r.readRadix(start, "#"+arg+string(c), base), kValue
	case '+', '-':
		return r.readConditional(start, c == '+')
	case ':':
		t := r.readToken()
		if r.suppress {
			return lisp.Nil, kValue
		}
		// A symbol made here is in no table, so it is eq to nothing
		// else: an uninterned symbol.
		return &lisp.Symbol{Name: t.text(0, len(t.runes))}, kValue
	case 's':
		return r.readStructure(start), kValue
	case 'c':
		return r.readComplex(start), kValue
	case '.':
		return r.readTimeEval(start), kValue
	case '=':
		return r.readLabelDef(start, arg), kValue
	case '#':
		return r.readLabelRef(start, arg), kValue
	case '*':
		return r.readBitVector(start, arg), kValue
	case 'a':
		return r.readArray(start, arg), kValue
	case 'p':
		// #p"…" is the pathname its namestring parses to.
		v := r.readObject(start, "#p")
		if r.suppress {
			return v, kValue
		}
		s, ok := v.(*lisp.String)
		if !ok {
			r.fail(start, "#p needs a string, as in #p\"notes.txt\"")
		}
		v = lisp.ParseNamestring(s.S)
		return v, kValue
	}
	r.fail(start, "unsupported syntax #"+arg+string(c))
	return nil, kNone
}

// readRadix reads the rational after #x and its kin.
func (r *Reader) readRadix(start lisp.Pos, prefix string, base int) lisp.Value {
	if c, ok := r.peek(); !ok || r.isTerminator(c) {
		if !ok {
			r.failEOF(start, "end of input after "+prefix)
		}
		r.fail(start, "missing number after "+prefix)
	}
	t := r.readToken()
	r.lastWasToken = true
	if r.suppress {
		return lisp.Nil
	}
	s := string(t.runes)
	if !t.anyEsc {
		if v, ok := r.parseRadix(start, s, base); ok {
			return v
		}
	}
	r.fail(start, "bad number "+prefix+s)
	return nil
}

// charNames maps the lower-cased character names the reader accepts.
var charNames = map[string]rune{
	"space":     ' ',
	"newline":   '\n',
	"linefeed":  '\n',
	"tab":       '\t',
	"return":    '\r',
	"backspace": '\b',
	"page":      '\f',
	"rubout":    0x7f,
	"delete":    0x7f,
	"del":       0x7f,
	"nul":       0,
	"null":      0,
	"escape":    0x1b,
	"esc":       0x1b,
	"bell":      7,
}

// readChar reads the character after #\: one character, or a name when
// more constituent characters follow it. start is the position of the #.
func (r *Reader) readChar(start lisp.Pos) lisp.Value {
	first, ok := r.next()
	if !ok {
		r.failEOF(start, "end of input after #\\")
	}
	name := []rune{first}
	for c, ok := r.peek(); ok && !r.isTerminator(c); c, ok = r.peek() {
		r.next()
		name = append(name, c)
	}
	r.lastWasToken = true
	if len(name) == 1 || r.suppress {
		return lisp.Char(first)
	}
	if c, ok := CharByName(string(name)); ok {
		return lisp.Char(c)
	}
	r.fail(start, "bad character name #\\"+string(name))
	return nil
}

// CharByName finds the character a name of more than one character
// denotes, ignoring case, as #\name reads it: the standard and usual names
// (Space, Linefeed, Escape, …), the names the printer gives characters
// outside ASCII (NO-BREAK_SPACE) and U+XXXX. name-char uses it too, so
// that every name char-name gives reads back.
func CharByName(name string) (rune, bool) {
	if c, ok := charNames[strings.ToLower(name)]; ok {
		return c, true
	}
	if c, ok := longCharName(name); ok {
		return c, true
	}
	return unicodeName(name)
}

// unicodeName reads the U+XXXX (or UXXXX) names SBCL gives characters
// without a standard name.
func unicodeName(name string) (rune, bool) {
	if len(name) < 2 || name[0] != 'U' && name[0] != 'u' {
		return 0, false
	}
	hex := strings.TrimPrefix(name[1:], "+")
	n, err := strconv.ParseUint(hex, 16, 32)
	if err != nil || n > unicode.MaxRune {
		return 0, false
	}
	return rune(n), true
}

// features holds the feature names #+ and #- test; everything else,
// :sbcl included, is absent.
var features = map[string]bool{"NODELISP": true, "COMMON-LISP": true}

// readConditional reads #+feature form or #-feature form, returning the
// form when the test holds and nothing otherwise.
func (r *Reader) readConditional(start lisp.Pos, want bool) (lisp.Value, kind) {
	what := "#+"
	if !want {
		what = "#-"
	}
	saved := r.suppress
	r.suppress = false
	expr := r.readObject(start, what)
	r.suppress = saved
	present := saved || r.featureHolds(start, expr)
	if present == want && !saved {
		return r.readObject(start, what+" expression"), kValue
	}
	r.suppress = true
	r.readObject(start, what+" expression")
	r.suppress = saved
	return nil, kNone
}

// featureHolds evaluates a feature expression: a symbol, or (:and …),
// (:or …), (:not x).
func (r *Reader) featureHolds(at lisp.Pos, expr lisp.Value) bool {
	switch e := expr.(type) {
	case *lisp.Symbol:
		return features[e.Name]
	case *lisp.Cons:
		op, ok := e.Car.(*lisp.Symbol)
		args, proper := listItems(e.Cdr)
		if !ok || !proper {
			break
		}
		switch op.Name {
		case "AND":
			for _, a := range args {
				if !r.featureHolds(at, a) {
					return false
				}
			}
			return true
		case "OR":
			for _, a := range args {
				if r.featureHolds(at, a) {
					return true
				}
			}
			return false
		case "NOT":
			if len(args) == 1 {
				return !r.featureHolds(at, args[0])
			}
		}
	}
	r.fail(at, "bad feature expression "+lisp.Prin1ToString(expr))
	return false
}

func listItems(v lisp.Value) ([]lisp.Value, bool) {
	var out []lisp.Value
	for {
		switch c := v.(type) {
		case *lisp.Cons:
			out = append(out, c.Car)
			v = c.Cdr
			continue
		case *lisp.Symbol:
			return out, c == lisp.Nil
		}
		return out, false
	}
}
