package lisp

import (
	"strings"
	"unicode"
)

// Deciding whether a symbol name needs bars: it does when the reader,
// under the readtable case the token is made for and with *read-base*
// equal to *print-base*, would not give the name back from its letters.

func (p *printer) needsBars(name string) bool {
	return nameNeedsBars(name, p.readCase(), p.o.Base)
}

// nameNeedsBars is needsBars for a reader of readtable case rc and
// *read-base* base.
func nameNeedsBars(name string, rc ReadCase, base int) bool {
	if name == "" || strings.Trim(name, ".") == "" {
		return true
	}
	for _, r := range name {
		switch r {
		case '(', ')', '\'', '"', ';', '`', ',', '|', '\\', ':', '#':
			return true
		}
		if unicode.IsSpace(r) || unicode.IsControl(r) {
			return true
		}
		// A letter of the case the reader changes would come back in the
		// other case; letters with no other case (ß) read back as
		// themselves.
		switch {
		case rc == ReadUpcase && unicode.IsLower(r) && unicode.ToUpper(r) != r:
			return true
		case rc == ReadDowncase && unicode.IsUpper(r) && unicode.ToLower(r) != r:
			return true
		}
	}
	return potentialNumber(name, base)
}

// potentialNumber reports whether a token is a potential number (CLHS
// 2.3.1.1) when read in base: such tokens are escaped, numbers or not,
// because an implementation may read them as numbers. Decimal digits
// always count (a decimal point makes a token decimal); letters count as
// digits when the base has them and the token has no decimal point.
func potentialNumber(name string, base int) bool {
	rs := []rune(name)
	letterDigits := base > 10 && !strings.ContainsRune(name, '.')
	isDigit := func(r rune) bool {
		if r >= '0' && r <= '9' {
			return true
		}
		if !letterDigits || r > unicode.MaxASCII || !unicode.IsLetter(r) {
			return false
		}
		return int(unicode.ToLower(r)-'a')+10 < base
	}
	// A letter that is not a digit can only be a number marker, and no
	// letter next to another such letter is one.
	isMarker := func(i int) bool {
		return i >= 0 && i < len(rs) && unicode.IsLetter(rs[i]) && !isDigit(rs[i])
	}
	digit := false
	for i, r := range rs {
		switch {
		case isDigit(r):
			digit = true
		case r == '+' || r == '-' || r == '/' || r == '.' || r == '^' || r == '_':
		case isMarker(i):
			if isMarker(i-1) || isMarker(i+1) {
				return false
			}
		default:
			return false
		}
	}
	first, last := rs[0], rs[len(rs)-1]
	startsRight := isDigit(first) || strings.ContainsRune("+-.^_", first)
	return digit && startsRight && last != '+' && last != '-'
}
