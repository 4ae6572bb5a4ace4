package lisp

import (
	"strings"
	"unicode"
)

// Printing symbols. prin1 writes a symbol as a token that reads back as
// it: a keyword's colon, an uninterned symbol's #:, the home package's
// prefix when *package* does not see it by name, then its name, whose
// letters follow the readtable case and *print-case* and which goes
// between bars when it would not read back as itself (print_symbol_escape.go).
// princ writes the name's letters only. Under *print-readably* the token
// is made for the standard readtable, which is the one a reader of
// readable output is promised (SBCL does the same).

func (p *printer) symbol(s *Symbol) {
	if !p.escape {
		p.b.WriteString(p.letters(s.Name))
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
	p.token(s.Name)
}

// token writes a symbol or package name as prin1 prints it: its letters
// as the case rules say, or the name as it is between bars when the
// reader would not give it back.
func (p *printer) token(name string) {
	if !p.needsBars(name) {
		p.b.WriteString(p.letters(name))
		return
	}
	writeBarred(&p.b, name)
}

// writeBarred writes name between bars, escaping the bars and
// backslashes in it.
func writeBarred(b *strings.Builder, name string) {
	b.WriteByte('|')
	for _, r := range name {
		if r == '|' || r == '\\' {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	b.WriteByte('|')
}

// MessageName is a symbol's name as nodelisp's messages show it:
// lowercased, or, when the standard reader would not give the name back
// from its letters (| |, |lower|, ||), between bars as prin1 writes it,
// so that an error's line never names a symbol by nothing or by another
// symbol's name. DerivedName's names, "(SETF NAME)", are shown as the
// lists they stand for.
func MessageName(name string) string {
	derived := strings.HasPrefix(name, "(") && strings.HasSuffix(name, ")")
	if derived || !nameNeedsBars(name, ReadUpcase, 10) {
		return strings.ToLower(name)
	}
	var b strings.Builder
	writeBarred(&b, name)
	return b.String()
}

// readCase is the readtable case the printed token is made for.
func (p *printer) readCase() ReadCase {
	if p.o.Readably {
		return ReadUpcase
	}
	return p.o.ReadCase
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
	p.token(home.Name)
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
