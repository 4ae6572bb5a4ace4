package builtins

import (
	"errors"
	"io"
	"math"
	"math/bits"
	"unicode/utf8"

	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
	"github.com/nodelisp/nodelisp/reader"
)

// Strings: access, construction, symbols and the conversions between
// strings and other values (parse-integer, read-from-string, the
// -to-string printers).

func registerStrings() {
	for _, name := range []string{"char", "schar"} {
		defun(name, "(string index)", "The character at an index of a string.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
			// char reads below the string's size, past a fill pointer
			// too, as aref does (CLHS char).
			if str, ok := a[0].(*lisp.String); ok && str.Shape().FillPointer {
				return arrVectorRef(name, str, a[1])
			}
			s := stringArg(name, a[0])
			i, ok := a[1].(lisp.Fixnum)
			if !ok || i < 0 {
				lisp.TypeError(name, a[1], "a non-negative integer")
			}
			if r, ok := strRuneAt(s, int(i)); ok {
				return lisp.Char(r)
			}
			lisp.SignalClass(lisp.ClassTypeError, "%s: invalid index %d for a string of length %d", name, i, utf8.RuneCountInString(s))
			return nil
		})
	}
	defun("string", "(x)", "The string a designator names: a string itself, a symbol's name, or a one-character string.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		if s, ok := a[0].(*lisp.String); ok {
			return s
		}
		return lisp.NewString(stringDesignator("string", a[0]))
	})
	defun("make-string", "(size &key initial-element element-type)", "A fresh string of size copies of :initial-element.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		n := indexArg("make-string", a[0])
		kw := parseKeys("make-string", a[1:], "initial-element", "element-type")
		if et, ok := kw.get("element-type"); ok && !seqIsCharType(et) {
			// nil is a subtype of character, so (make-string 0
			// :element-type nil) is the empty string; a longer one
			// would have to hold objects of type nil, of which there
			// are none.
			if et != lisp.Value(lisp.Nil) || n != 0 {
				lisp.Errorf("make-string: the element type %s is not a character type", lisp.Prin1ToString(et))
			}
		}
		c := lisp.Char(0)
		if v, ok := kw.get("initial-element"); ok {
			c = charArg("make-string", v)
		}
		if n > 1<<26 {
			lisp.Errorf("make-string: size %d is too large", n)
		}
		return makeString(t, "make-string", n, c)
	})
	defun("symbol-name", "(symbol)", "The name of a symbol, as a string.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		return lisp.NewString(symbolArg("symbol-name", a[0]).Name)
	})
	defun("make-symbol", "(name)", "A fresh uninterned symbol with a name.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		return &lisp.Symbol{Name: stringArg("make-symbol", a[0])}
	})
	defun("parse-integer", "(string &key start end radix junk-allowed)", "Parse an integer from a string; second value the index where parsing stopped.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		n, pos := strParseInteger(a)
		return t.Values(n, lisp.MakeInt(int64(pos)))
	})
	defun("read-from-string", "(string &optional eof-error-p eof-value &key start end preserve-whitespace)", "Read one object from a string; second value the index after it.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		if s, ok := a[0].(*lisp.String); ok {
			// What the reader makes: at most a cons for every two characters.
			reserve(t, int64(len(s.S))*consBytes/2, "read-from-string", len(s.S), "characters")
		}
		v, pos := strReadFromString(t, a, t.ReadOptions())
		return t.Values(resolveLiterals(t, v), lisp.MakeInt(int64(pos)))
	})
}

// strRuneAt returns the i-th character of s.
func strRuneAt(s string, i int) (rune, bool) {
	if i < len(s) && isASCII(s) {
		return rune(s[i]), true
	}
	for _, r := range s {
		if i == 0 {
			return r, true
		}
		i--
	}
	return 0, false
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

func strIsSpace(r rune) bool {
	return r == ' ' || r == '\t' || r == '\n' || r == '\r' || r == '\f' || r == '\v'
}

// strParseInteger is parse-integer: optional whitespace, a sign, digits
// in radix, optional whitespace; anything else is a PARSE-ERROR unless
// :junk-allowed, which stops at it (and returns nil without digits).
func strParseInteger(a []lisp.Value) (lisp.Value, int) {
	const op = "parse-integer"
	src := stringArg(op, a[0])
	rs := []rune(src)
	kw := parseKeys(op, a[1:], "start", "end", "radix", "junk-allowed")
	start, end := strBounds(op, kw, "start", "end", len(rs))
	radix := 10
	if v, ok := kw.get("radix"); ok {
		radix = chrRadix(op, []lisp.Value{v}, 0)
	}
	junk := lisp.Truthy(kw.or("junk-allowed", lisp.Nil))
	fail := func(format string) {
		lisp.SignalClass(lisp.ClassParseError, "%s: "+format, op, lisp.PrintString(src))
	}
	i := start
	for i < end && strIsSpace(rs[i]) {
		i++
	}
	if i == end && !junk {
		fail("no non-whitespace characters in string %s.")
	}
	neg := false
	if i < end && (rs[i] == '+' || rs[i] == '-') {
		neg = rs[i] == '-'
		i++
	}
	first := i
	var small uint64 // the value while it fits
	fits := true
	for ; i < end; i++ {
		w := chrWeight(rs[i])
		if w < 0 || w >= radix {
			break
		}
		if fits {
			hi, lo := bits.Mul64(small, uint64(radix))
			lo, carry := bits.Add64(lo, uint64(w), 0)
			small, fits = lo, hi == 0 && carry == 0 && lo <= math.MaxInt64
		}
	}
	digits := i - first
	if junk {
		if digits == 0 {
			return lisp.Nil, i
		}
	} else {
		if digits == 0 {
			fail("no digits in string %s")
		}
		for j := i; j < end; j++ {
			if !strIsSpace(rs[j]) {
				fail("junk in string %s")
			}
		}
		i = end
	}
	if fits {
		if neg {
			return lisp.MakeInt(-int64(small)), i
		}
		return lisp.MakeInt(int64(small)), i
	}
	run := make([]byte, 0, digits) // the digits, as ASCII
	for _, r := range rs[first : first+digits] {
		run = append(run, "0123456789abcdefghijklmnopqrstuvwxyz"[chrWeight(r)])
	}
	b, ok := lisp.ParseDigits(string(run), radix)
	if !ok {
		lisp.Errorf("%s: an integer of %d digits is too large (at most %d bits)", op, digits, lisp.MaxIntegerBits)
	}
	if neg {
		b.Neg(b)
	}
	return lisp.NormBig(b), i
}

// strReadFromString is read-from-string over the characters of the
// string between :start and :end.
func strReadFromString(t *eval.Thread, a []lisp.Value, opts eval.ReadOptions) (lisp.Value, int) {
	const op = "read-from-string"
	src := stringArg(op, a[0])
	eofError, eofValue := true, lisp.Value(lisp.Nil)
	rest := a[1:]
	// The optional arguments come before the keywords; a keyword in their
	// place starts the keywords, as callers write (read-from-string s
	// :start 2) although CL would read :start as eof-error-p.
	if len(rest) > 0 && !strIsKeyArg(rest[0]) {
		eofError = lisp.Truthy(rest[0])
		rest = rest[1:]
		if len(rest) > 0 && !strIsKeyArg(rest[0]) {
			eofValue = rest[0]
			rest = rest[1:]
		}
	}
	kw := parseKeys(op, rest, "start", "end", "preserve-whitespace")
	rs := []rune(src)
	start, end := strBounds(op, kw, "start", "end", len(rs))
	text := string(rs[start:end])
	r := reader.New(text)
	r.Setup(t.ReadEnv(readTimeEval(t, opts)))
	if lisp.Truthy(kw.or("preserve-whitespace", lisp.Nil)) {
		r.PreserveWhitespace()
	}
	v, err := r.Read()
	if errors.Is(err, io.EOF) {
		if eofError {
			lisp.SignalClass(lisp.ClassEndOfFile, "%s: end of file reading %s", op, lisp.PrintString(src))
		}
		return eofValue, start
	}
	if err != nil {
		var re *reader.Error
		if errors.As(err, &re) && re.Incomplete {
			lisp.SignalClass(lisp.ClassEndOfFile, "%s: %v", op, err)
		}
		lisp.SignalClass(lisp.ClassReaderError, "%s: %v", op, err)
	}
	off := r.Offset()
	// SBCL's read-from-string also consumes the one whitespace character
	// after a list or string, as the reader does after a token.
	if !lisp.Truthy(kw.or("preserve-whitespace", lisp.Nil)) && off > 0 && off < len(text) &&
		!strIsSpace(rune(text[off-1])) && strIsSpace(rune(text[off])) {
		off++
	}
	return v, start + utf8.RuneCountInString(text[:off])
}

func strIsKeyArg(v lisp.Value) bool {
	s, ok := v.(*lisp.Symbol)
	if !ok || !s.Keyword {
		return false
	}
	switch s.Name {
	case "START", "END", "PRESERVE-WHITESPACE":
		return true
	}
	return false
}
