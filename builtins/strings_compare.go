package builtins

import (
	"unicode"

	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
)

// String comparison: string= and string-equal return t or nil; the
// ordering predicates return the index in the first string where the
// strings first differ (the mismatch index), or nil, as CL defines them.

// strOrder is what a comparison asks of the first mismatch.
type strOrder int

const (
	strEq strOrder = iota
	strNe
	strLt
	strGt
	strLe
	strGe
)

func registerStringsCompare() {
	const args = "(string1 string2 &key start1 end1 start2 end2)"
	compare := []struct {
		name  string
		order strOrder
		fold  bool
		doc   string
	}{
		{"string=", strEq, false, "True if the two strings (or ranges of them) have the same characters."},
		{"string/=", strNe, false, "Index of the first mismatch of two strings, or nil when they are equal."},
		{"string<", strLt, false, "Mismatch index if string1 is lexicographically less than string2, else nil."},
		{"string>", strGt, false, "Mismatch index if string1 is lexicographically greater than string2, else nil."},
		{"string<=", strLe, false, "Mismatch index if string1 is less than or equal to string2, else nil."},
		{"string>=", strGe, false, "Mismatch index if string1 is greater than or equal to string2, else nil."},
		{"string-equal", strEq, true, "True if the two strings are equal ignoring case."},
		{"string-not-equal", strNe, true, "Index of the first mismatch ignoring case, or nil when equal."},
		{"string-lessp", strLt, true, "Like string< but ignoring case."},
		{"string-greaterp", strGt, true, "Like string> but ignoring case."},
		{"string-not-greaterp", strLe, true, "Like string<= but ignoring case."},
		{"string-not-lessp", strGe, true, "Like string>= but ignoring case."},
	}
	for _, c := range compare {
		defun(c.name, args, c.doc, func(t *eval.Thread, a []lisp.Value) lisp.Value {
			return strCompare(c.name, c.order, c.fold, a)
		})
	}
}

func strCompare(op string, order strOrder, fold bool, a []lisp.Value) lisp.Value {
	s1 := []rune(stringDesignator(op, a[0]))
	s2 := []rune(stringDesignator(op, a[1]))
	kw := parseKeys(op, a[2:], "start1", "end1", "start2", "end2")
	start1, end1 := strBounds(op, kw, "start1", "end1", len(s1))
	start2, end2 := strBounds(op, kw, "start2", "end2", len(s2))
	x, y := s1[start1:end1], s2[start2:end2]
	i := 0
	for i < len(x) && i < len(y) && strFold(x[i], fold) == strFold(y[i], fold) {
		i++
	}
	// cmp orders the strings: the mismatching characters, or the lengths
	// when one is a prefix of the other.
	cmp := 0
	switch {
	case i < len(x) && i < len(y):
		if strFold(x[i], fold) < strFold(y[i], fold) {
			cmp = -1
		} else {
			cmp = 1
		}
	case len(x) < len(y):
		cmp = -1
	case len(x) > len(y):
		cmp = 1
	}
	if order == strEq {
		return lisp.Bool(cmp == 0)
	}
	ok := false
	switch order {
	case strNe:
		ok = cmp != 0
	case strLt:
		ok = cmp < 0
	case strGt:
		ok = cmp > 0
	case strLe:
		ok = cmp <= 0
	case strGe:
		ok = cmp >= 0
	}
	if !ok {
		return lisp.Nil
	}
	return lisp.MakeInt(int64(start1 + i))
}

// strFold is the character compared: itself, or its lower case when case
// is ignored (SBCL's char-lessp orders "_" before "a").
func strFold(r rune, fold bool) rune {
	if fold {
		return chrDowncase(r)
	}
	return r
}

// strBounds returns the :start and :end keyword arguments for a string of
// n characters, checked as CL's bounding indices.
func strBounds(op string, kw kwargs, startKey, endKey string, n int) (int, int) {
	start := 0
	if v, ok := kw.get(startKey); ok {
		start = indexArg(op, v)
	}
	end := n
	if v, ok := kw.get(endKey); ok {
		end = optIndex(op, v, n)
	}
	strCheckBounds(op, start, end, n)
	return start, end
}

func strCheckBounds(op string, start, end, n int) {
	if start > end || end > n {
		lisp.SignalClass(lisp.ClassError, "%s: the bounding indices %d and %d are bad for a sequence of length %d", op, start, end, n)
	}
}

// chrUpcase and chrDowncase map a character to its other case only when
// the mapping goes both ways, as CL's char-upcase requires.
func chrUpcase(r rune) rune {
	u := unicode.ToUpper(r)
	if u != r && unicode.ToLower(u) == r {
		return u
	}
	return r
}

func chrDowncase(r rune) rune {
	l := unicode.ToLower(r)
	if l != r && unicode.ToUpper(l) == r {
		return l
	}
	return r
}
