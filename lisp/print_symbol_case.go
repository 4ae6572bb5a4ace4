package lisp

import (
	"strings"
	"unicode"
)

// How a symbol name's letters print under the readtable case (CLHS
// 22.1.3.3.2), as SBCL prints them. Under :upcase the upper-case letters
// follow *print-case*; under :downcase the roles of the two cases swap.
// Under :preserve a name prints as it is, and under :invert a name whose
// letters have one case prints in the other; *print-case* is ignored by
// both.

func (p *printer) letters(name string) string {
	switch p.readCase() {
	case ReadUpcase:
		return p.cased(name)
	case ReadPreserve:
		return name
	case ReadInvert:
		upper, lower := false, false
		for _, r := range name {
			upper = upper || unicode.IsUpper(r)
			lower = lower || unicode.IsLower(r)
		}
		switch {
		case upper && lower:
			return name
		case upper:
			return strings.ToLower(name)
		}
		return strings.ToUpper(name)
	}
	// :downcase: the lower-case letters follow *print-case*.
	switch p.o.Case {
	case CaseUpcase:
		return strings.Map(func(r rune) rune {
			if unicode.IsLower(r) {
				return unicode.ToUpper(r)
			}
			return r
		}, name)
	case CaseCapitalize:
		var b strings.Builder
		inWord := false
		for _, r := range name {
			alnum := unicode.IsLetter(r) || unicode.IsDigit(r)
			if !inWord && unicode.IsLower(r) {
				r = unicode.ToUpper(r)
			}
			b.WriteRune(r)
			inWord = alnum
		}
		return b.String()
	}
	return name
}
