package builtins

import (
	"strconv"
	"strings"
	"unicode"

	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
	"github.com/nodelisp/nodelisp/reader"
)

// Characters: codes, case, classification, comparison and names.

func registerChars() {
	defun("char-code", "(char)", "The code point of a character.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		return lisp.MakeInt(int64(charArg("char-code", a[0])))
	})
	defun("char-int", "(char)", "The code point of a character (as char-code).", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		return lisp.MakeInt(int64(charArg("char-int", a[0])))
	})
	defun("code-char", "(code)", "The character with a code point, or nil for a surrogate code (no string can hold one).", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		n, ok := a[0].(lisp.Fixnum)
		if !ok || n < 0 || n > unicode.MaxRune {
			lisp.TypeError("code-char", a[0], "a character code")
		}
		if n >= 0xD800 && n <= 0xDFFF {
			// A surrogate code is no character a nodelisp string (UTF-8)
			// can hold; CL lets code-char answer nil for such a code.
			return lisp.Nil
		}
		return lisp.Char(rune(n))
	})
	defun("character", "(designator)", "The character a character designator names: a character, or a string or symbol name of one character.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		switch x := a[0].(type) {
		case lisp.Char:
			return x
		case *lisp.String:
			if r := []rune(x.S); len(r) == 1 {
				return lisp.Char(r[0])
			}
		case *lisp.Symbol:
			if r := []rune(x.Name); len(r) == 1 {
				return lisp.Char(r[0])
			}
		}
		lisp.TypeError("character", a[0], "a character designator")
		return nil
	})
	defun("char-upcase", "(char)", "The upper-case form of a character, or the character itself.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		return lisp.Char(chrUpcase(rune(charArg("char-upcase", a[0]))))
	})
	defun("char-downcase", "(char)", "The lower-case form of a character, or the character itself.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		return lisp.Char(chrDowncase(rune(charArg("char-downcase", a[0]))))
	})

	preds := []struct {
		name, doc string
		p         func(rune) bool
	}{
		{"alpha-char-p", "True if a character is a letter.", unicode.IsLetter},
		{"alphanumericp", "True if a character is a letter or a decimal digit.", chrAlphanumeric},
		{"upper-case-p", "True if a character is an upper-case letter with a lower-case form.", func(r rune) bool { return chrDowncase(r) != r }},
		{"lower-case-p", "True if a character is a lower-case letter with an upper-case form.", func(r rune) bool { return chrUpcase(r) != r }},
		{"both-case-p", "True if a character has upper- and lower-case forms.", func(r rune) bool { return chrUpcase(r) != r || chrDowncase(r) != r }},
		{"graphic-char-p", "True if a character is printable (not a control character).", chrGraphic},
		{"standard-char-p", "True if a character is one of the 96 standard characters (space, newline and the printable ASCII ones).", func(r rune) bool { return predStandardChar(lisp.Char(r)) }},
	}
	for _, p := range preds {
		defun(p.name, "(char)", p.doc, func(t *eval.Thread, a []lisp.Value) lisp.Value {
			return lisp.Bool(p.p(rune(charArg(p.name, a[0]))))
		})
	}

	defun("digit-char-p", "(char &optional (radix 10))", "The weight of a character as a digit in radix, or nil.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		c := charArg("digit-char-p", a[0])
		radix := chrRadix("digit-char-p", a, 1)
		if w := chrWeight(rune(c)); w >= 0 && w < radix {
			return lisp.MakeInt(int64(w))
		}
		return lisp.Nil
	})
	defun("digit-char", "(weight &optional (radix 10))", "The character that is the digit of a weight in radix, or nil.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		w := indexArg("digit-char", a[0])
		radix := chrRadix("digit-char", a, 1)
		if w >= radix {
			return lisp.Nil
		}
		return lisp.Char(rune(strings.ToUpper(strconv.FormatInt(int64(w), 36))[0]))
	})
	defun("char-name", "(char)", "The name of a character, such as \"Space\" or \"LATIN_SMALL_LETTER_A\".", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		return lisp.NewString(lisp.CharName(charArg("char-name", a[0]), false))
	})
	defun("name-char", "(name)", "The character with a name (case ignored), or nil.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		if r, ok := chrByName(stringDesignator("name-char", a[0])); ok {
			return lisp.Char(r)
		}
		return lisp.Nil
	})

	compare := []struct {
		name, doc string
		fold      bool
		ok        func(c int) bool
	}{
		{"char=", "True if all the characters are the same.", false, func(c int) bool { return c == 0 }},
		{"char<", "True if the characters are in strictly increasing order of code.", false, func(c int) bool { return c < 0 }},
		{"char>", "True if the characters are in strictly decreasing order of code.", false, func(c int) bool { return c > 0 }},
		{"char<=", "True if the characters are in non-decreasing order of code.", false, func(c int) bool { return c <= 0 }},
		{"char>=", "True if the characters are in non-increasing order of code.", false, func(c int) bool { return c >= 0 }},
		{"char-equal", "True if all the characters are the same ignoring case.", true, func(c int) bool { return c == 0 }},
		{"char-lessp", "Like char< but ignoring case.", true, func(c int) bool { return c < 0 }},
		{"char-greaterp", "Like char> but ignoring case.", true, func(c int) bool { return c > 0 }},
		{"char-not-greaterp", "Like char<= but ignoring case.", true, func(c int) bool { return c <= 0 }},
		{"char-not-lessp", "Like char>= but ignoring case.", true, func(c int) bool { return c >= 0 }},
	}
	for _, c := range compare {
		defun(c.name, "(character &rest more-characters)", c.doc, func(t *eval.Thread, a []lisp.Value) lisp.Value {
			rs := chrArgs(c.name, a, c.fold)
			for i := 1; i < len(rs); i++ {
				if !c.ok(chrCmp(rs[i-1], rs[i])) {
					return lisp.Nil
				}
			}
			return lisp.T
		})
	}
	for _, c := range []struct {
		name, doc string
		fold      bool
	}{
		{"char/=", "True if no two of the characters are the same.", false},
		{"char-not-equal", "True if no two of the characters are the same ignoring case.", true},
	} {
		defun(c.name, "(character &rest more-characters)", c.doc, func(t *eval.Thread, a []lisp.Value) lisp.Value {
			rs := chrArgs(c.name, a, c.fold)
			for i := range rs {
				for j := i + 1; j < len(rs); j++ {
					if rs[i] == rs[j] {
						return lisp.Nil
					}
				}
			}
			return lisp.T
		})
	}
}

func chrArgs(op string, a []lisp.Value, fold bool) []rune {
	rs := make([]rune, len(a))
	for i, v := range a {
		rs[i] = strFold(rune(charArg(op, v)), fold)
	}
	return rs
}

func chrCmp(a, b rune) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

func chrRadix(op string, a []lisp.Value, i int) int {
	if len(a) <= i {
		return 10
	}
	r, ok := a[i].(lisp.Fixnum)
	if !ok || r < 2 || r > 36 {
		lisp.TypeError(op, a[i], "a radix between 2 and 36")
	}
	return int(r)
}

// chrWeight is the digit weight of r in base 36, or -1.
func chrWeight(r rune) int {
	switch {
	case r >= '0' && r <= '9':
		return int(r - '0')
	case r >= 'a' && r <= 'z':
		return int(r-'a') + 10
	case r >= 'A' && r <= 'Z':
		return int(r-'A') + 10
	}
	return -1
}

func chrAlphanumeric(r rune) bool { return unicode.IsLetter(r) || r >= '0' && r <= '9' }

// chrGraphic is CL's graphic-char-p: space and every printing character,
// not the C0 and C1 controls or Rubout.
func chrGraphic(r rune) bool { return r >= 32 && r != 127 && !(r >= 128 && r < 160) }

// chrByName finds the character a name denotes, ignoring case: the
// control-character names char-name gives, the names the reader accepts
// after #\ (so every name char-name gives, NO-BREAK_SPACE included) and
// the Altmode alias. A one-character string names no character, as in SBCL.
func chrByName(name string) (rune, bool) {
	if len([]rune(name)) < 2 {
		return 0, false
	}
	for r := rune(0); r < 160; r++ {
		if !chrGraphic(r) || r == ' ' {
			if strings.EqualFold(lisp.CharName(lisp.Char(r), true), name) {
				return r, true
			}
		}
	}
	if strings.EqualFold(name, "altmode") {
		return 27, true
	}
	return reader.CharByName(name)
}
