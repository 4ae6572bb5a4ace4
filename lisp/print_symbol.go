package lisp

import (
	"strings"
	"unicode"
)

// Printing symbols. Under *print-case* :downcase a symbol whose name reads
// back as itself prints in lower case (FOO as foo); one that would not —
// lower-case letters, characters with reader meaning, a name that looks
// like a number — prints between bars with its case kept (|Foo|, |A B|,
// |12|), as SBCL does. princ prints every name in lower case, without a
// keyword's colon or an uninterned symbol's #:.

func (p *printer) symbol(s *Symbol) {
	if p.o.ReadCase != ReadUpcase {
		p.symbolInCase(s)
		return
	}
	if !p.escape {
		p.b.WriteString(p.cased(s.Name))
		return
	}
	switch {
	case s.Keyword:
		p.b.WriteByte(':')
	case !p.o.NoGensym && !isInterned(s):
		p.b.WriteString("#:")
	case isInterned(s) && !p.o.Package.Accessible(s):
		p.packagePrefix(s)
	}
	if !symbolNeedsBars(s.Name) {
		p.b.WriteString(p.cased(s.Name))
		return
	}
	p.b.WriteByte('|')
	for _, r := range s.Name {
		if r == '|' || r == '\\' {
			p.b.WriteByte('\\')
		}
		p.b.WriteRune(r)
	}
	p.b.WriteByte('|')
}

// isInterned reports whether s is the symbol its name finds: symbols made
// without interning (#:foo, gensym) print with #: as CL's uninterned ones.
func isInterned(s *Symbol) bool {
	if s.Home != nil {
		return s.Interned
	}
	found, ok := FindSymbol(s.Name)
	return ok && found == s
}

// packagePrefix writes the prefix of a symbol the current package does
// not see by its name: its home's name and one colon when it is external
// there, two when not.
func (p *printer) packagePrefix(s *Symbol) {
	var reg *Packages
	if p.o.Package != nil {
		reg = p.o.Package.registry
	}
	home := reg.HomeOf(s)
	if home == nil {
		return
	}
	p.b.WriteString(p.cased(home.Name))
	if home.IsExternal(s) {
		p.b.WriteByte(':')
	} else {
		p.b.WriteString("::")
	}
}

// cased applies *print-case* to the upper-case letters of a name; its
// lower-case letters (only in names that were read with bars) stay as
// they are.
func (p *printer) cased(name string) string {
	switch p.o.Case {
	case CaseUpcase:
		return name
	case CaseCapitalize:
		var b strings.Builder
		inWord := false
		for _, r := range name {
			alnum := unicode.IsLetter(r) || unicode.IsDigit(r)
			if inWord && unicode.IsUpper(r) {
				r = unicode.ToLower(r)
			}
			b.WriteRune(r)
			inWord = alnum
		}
		return b.String()
	}
	return downcase(name)
}

// downcase lower-cases the upper-case letters of a name.
func downcase(name string) string {
	for _, r := range name {
		if unicode.IsUpper(r) {
			return strings.Map(unicode.ToLower, name)
		}
	}
	return name
}

// symbolNeedsBars reports whether a symbol name would not read back as
// itself when printed in lower case without escapes.
func symbolNeedsBars(name string) bool {
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
		// A lower-case letter would be read back in upper case; letters
		// with no upper case (ß) read back as themselves.
		if unicode.IsLower(r) && unicode.ToUpper(r) != r {
			return true
		}
	}
	return potentialNumber(name)
}

// potentialNumber reports whether a token is a potential number (CLHS
// 2.3.1.1) in base 10: such tokens are escaped, numbers or not, because
// an implementation may read them as numbers.
func potentialNumber(name string) bool {
	rs := []rune(name)
	digit := false
	for i, r := range rs {
		switch {
		case r >= '0' && r <= '9':
			digit = true
		case r == '+' || r == '-' || r == '/' || r == '.' || r == '^' || r == '_':
		case unicode.IsLetter(r):
			// A letter is a number marker only when no letter is next to it.
			if i > 0 && unicode.IsLetter(rs[i-1]) || i+1 < len(rs) && unicode.IsLetter(rs[i+1]) {
				return false
			}
		default:
			return false
		}
	}
	first, last := rs[0], rs[len(rs)-1]
	startsRight := first >= '0' && first <= '9' || strings.ContainsRune("+-.^_", first)
	return digit && startsRight && last != '+' && last != '-'
}
