package lisp

import (
	"strings"
	"unicode"
)

// Printing symbols under a readtable case other than :upcase (CLHS
// 22.1.3.3.2), as SBCL does. Under :downcase the roles of the two cases
// swap: lower-case letters print as *print-case* says and an upper-case
// one needs bars. Under :preserve a name prints as it is, and under
// :invert a name whose letters have one case prints in the other;
// *print-case* is ignored by both, and neither needs bars for case.

func (p *printer) symbolInCase(s *Symbol) {
	text := p.nameInCase(s.Name)
	if !p.escape {
		p.b.WriteString(text)
		return
	}
	switch {
	case s.Keyword:
		p.b.WriteByte(':')
	case !p.o.NoGensym && !isInterned(s):
		p.b.WriteString("#:")
	case isInterned(s) && !p.o.Package.Accessible(s):
		if home := p.homeOf(s); home != nil {
			p.b.WriteString(p.nameInCase(home.Name))
			if home.IsExternal(s) {
				p.b.WriteByte(':')
			} else {
				p.b.WriteString("::")
			}
		}
	}
	if !p.needsBarsInCase(s.Name) {
		p.b.WriteString(text)
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

func (p *printer) homeOf(s *Symbol) *Package {
	var reg *Packages
	if p.o.Package != nil {
		reg = p.o.Package.registry
	}
	return reg.HomeOf(s)
}

// nameInCase is how a name's letters print under the readtable case.
func (p *printer) nameInCase(name string) string {
	switch p.o.ReadCase {
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

// needsBarsInCase is symbolNeedsBars under a readtable case other than
// :upcase: under :downcase an upper-case letter would read back in lower
// case; under :preserve and :invert no letter needs an escape.
func (p *printer) needsBarsInCase(name string) bool {
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
		if p.o.ReadCase == ReadDowncase && unicode.IsUpper(r) && unicode.ToLower(r) != r {
			return true
		}
	}
	return potentialNumber(name)
}
