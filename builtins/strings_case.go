package builtins

import (
	"strings"

	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
)

// Case conversion and trimming.

func registerStringsCase() {
	conv := []struct {
		name, doc string
		f         func([]rune)
		destroy   bool
	}{
		{"string-upcase", "A copy of a string with its letters (between :start and :end) in upper case.", strUpcaseRunes, false},
		{"string-downcase", "A copy of a string with its letters (between :start and :end) in lower case.", strDowncaseRunes, false},
		{"string-capitalize", "A copy of a string with each word capitalised and the rest in lower case.", strCapitalizeRunes, false},
		{"nstring-upcase", "Upcase a string in place (between :start and :end) and return it.", strUpcaseRunes, true},
		{"nstring-downcase", "Downcase a string in place (between :start and :end) and return it.", strDowncaseRunes, true},
		{"nstring-capitalize", "Capitalise the words of a string in place and return it.", strCapitalizeRunes, true},
	}
	for _, c := range conv {
		defun(c.name, "(string &key start end)", c.doc, func(t *eval.Thread, a []lisp.Value) lisp.Value {
			var rs []rune
			target, isString := a[0].(*lisp.String)
			if c.destroy {
				rs = []rune(stringArg(c.name, a[0]))
			} else {
				rs = []rune(stringDesignator(c.name, a[0]))
			}
			kw := parseKeys(c.name, a[1:], "start", "end")
			start, end := strBounds(c.name, kw, "start", "end", len(rs))
			c.f(rs[start:end])
			if c.destroy && isString {
				target.S = string(rs)
				strChanged(target)
				return target
			}
			return lisp.NewString(string(rs))
		})
	}

	trim := []struct {
		name, doc   string
		left, right bool
	}{
		{"string-trim", "A copy of a string without the characters of the bag at either end.", true, true},
		{"string-left-trim", "A copy of a string without the characters of the bag at its start.", true, false},
		{"string-right-trim", "A copy of a string without the characters of the bag at its end.", false, true},
	}
	for _, c := range trim {
		defun(c.name, "(character-bag string)", c.doc, func(t *eval.Thread, a []lisp.Value) lisp.Value {
			bag := strCharBag(c.name, a[0])
			rs := []rune(stringDesignator(c.name, a[1]))
			i, j := 0, len(rs)
			for c.left && i < j && strings.ContainsRune(bag, rs[i]) {
				i++
			}
			for c.right && j > i && strings.ContainsRune(bag, rs[j-1]) {
				j--
			}
			return lisp.NewString(string(rs[i:j]))
		})
	}
}

// strCharBag returns the characters of a bag: a string, or a list or
// vector of characters.
func strCharBag(op string, v lisp.Value) string {
	if s, ok := v.(*lisp.String); ok {
		return s.S
	}
	var b strings.Builder
	for _, it := range seqValues(nil, op, v) {
		b.WriteRune(rune(charArg(op, it)))
	}
	return b.String()
}

func strUpcaseRunes(rs []rune) {
	for i, r := range rs {
		rs[i] = chrUpcase(r)
	}
}

func strDowncaseRunes(rs []rune) {
	for i, r := range rs {
		rs[i] = chrDowncase(r)
	}
}

// strCapitalizeRunes upcases the first character of each word (a run of
// letters and digits) and downcases the rest, as string-capitalize does.
func strCapitalizeRunes(rs []rune) {
	inWord := false
	for i, r := range rs {
		alnum := chrAlphanumeric(r)
		if alnum && !inWord {
			rs[i] = chrUpcase(r)
		} else {
			rs[i] = chrDowncase(r)
		}
		inWord = alnum
	}
}
