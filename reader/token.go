package reader

import (
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"
	"unicode"

	"github.com/nodelisp/nodelisp/lisp"
)

// token is the text of a symbol or number, with a mark on each rune that
// was escaped by \ or |bars| (escaped runes keep their case and are never
// package markers).
type token struct {
	start   lisp.Pos
	runes   []rune
	escaped []bool
	anyEsc  bool
	// rcase is the readtable case its unescaped letters read in; invert
	// is set under :invert when they all have one case.
	rcase  lisp.ReadCase
	invert bool
}

// readToken reads runes up to the next whitespace or terminating macro
// character, resolving escapes.
func (r *Reader) readToken() token {
	t := token{start: r.here(), rcase: r.rt.Case()}
	for {
		c, ok := r.peek()
		if !ok || r.isTerminator(c) {
			t.caseInverted()
			return t
		}
		p := r.here()
		r.next()
		switch r.syntax(c).Type {
		case SingleEscape:
			c, ok = r.next()
			if !ok {
				r.failEOF(p, "end of input after \\")
			}
			t.add(c, true)
		case MultipleEscape:
			r.readBars(&t, p)
		default:
			t.add(c, false)
		}
	}
}

// caseInverted sets invert under :invert when the unescaped letters of
// the token all have one case (CLHS 23.1.2.1).
func (t *token) caseInverted() {
	if t.rcase != lisp.ReadInvert {
		return
	}
	upper, lower := false, false
	for i, c := range t.runes {
		if t.escaped[i] {
			continue
		}
		upper = upper || unicode.IsUpper(c)
		lower = lower || unicode.IsLower(c)
	}
	t.invert = !(upper && lower)
}

func (r *Reader) readBars(t *token, open lisp.Pos) {
	t.anyEsc = true
	for {
		c, ok := r.next()
		if !ok {
			r.failEOF(open, "unterminated |symbol|")
		}
		switch r.syntax(c).Type {
		case MultipleEscape:
			return
		case SingleEscape:
			if c, ok = r.next(); !ok {
				r.failEOF(open, "unterminated |symbol|")
			}
		}
		t.add(c, true)
	}
}

func (t *token) add(c rune, escaped bool) {
	t.runes = append(t.runes, c)
	t.escaped = append(t.escaped, escaped)
	t.anyEsc = t.anyEsc || escaped
}

// text returns the token's runes from i to j, with the case of those that
// were not escaped changed as the readtable case says (upper case in the
// standard readtable).
func (t token) text(i, j int) string {
	var b strings.Builder
	for k := i; k < j; k++ {
		c := t.runes[k]
		if !t.escaped[k] {
			c = t.cased(c)
		}
		b.WriteRune(c)
	}
	return b.String()
}

func (t token) cased(c rune) rune {
	switch t.rcase {
	case lisp.ReadDowncase:
		return unicode.ToLower(c)
	case lisp.ReadPreserve:
		return c
	case lisp.ReadInvert:
		switch {
		case !t.invert:
			return c
		case unicode.IsUpper(c):
			return unicode.ToLower(c)
		}
		return unicode.ToUpper(c)
	}
	return unicode.ToUpper(c)
}

// interpret turns a token into a number, a symbol or the consing dot.
func (r *Reader) interpret(t token) (lisp.Value, kind) {
	if r.suppress {
		return lisp.Nil, kValue
	}
	if !t.anyEsc {
		s := string(t.runes)
		if strings.Trim(s, ".") == "" {
			if len(s) == 1 {
				return nil, kDot
			}
			r.fail(t.start, "too many dots")
		}
		if r.base > 10 || r.base > 1 && r.base < 10 {
			if v, ok := r.parseRadix(t.start, s, r.base); ok {
				return v, kValue
			}
		}
		if v, ok := r.parseDecimal(t.start, s); ok {
			return v, kValue
		}
	}
	return r.symbol(t), kValue
}

// symbol interns a token that is not a number, honouring package
// markers: :name is a keyword, pkg:name an external symbol of pkg,
// pkg::name any symbol of it; a bare name is interned in the current
// package.
func (r *Reader) symbol(t token) lisp.Value {
	var colons []int
	for i, c := range t.runes {
		if c == ':' && !t.escaped[i] {
			colons = append(colons, i)
		}
	}
	n := len(t.runes)
	switch {
	case len(colons) == 0:
		return r.internIn(t, r.pkg, t.text(0, n))
	case colons[0] == 0:
		if len(colons) > 1 {
			r.fail(t.start, "too many colons in "+string(t.runes))
		}
		return lisp.InternKeyword(t.text(1, n))
	}
	first := colons[0]
	nameAt := first + 1
	internal := false
	if len(colons) > 1 && colons[1] == first+1 {
		nameAt++
		internal = true
		colons = colons[1:]
	}
	if len(colons) > 1 {
		r.fail(t.start, "too many colons in "+string(t.runes))
	}
	if nameAt == n {
		r.fail(t.start, "missing symbol name after package marker in "+string(t.runes))
	}
	name := t.text(nameAt, n)
	pkgName := t.text(0, first)
	pkg, ok := r.pkgs.Find(pkgName)
	if !ok {
		if r.lenient {
			r.unresolved = true
			return &lisp.Symbol{Name: name}
		}
		r.fail(t.start, "package "+pkgName+" does not exist")
	}
	if pkg == lisp.PackageKeyword {
		return lisp.InternKeyword(name)
	}
	if internal || r.suppress {
		return r.internIn(t, pkg, name)
	}
	s, st := pkg.Find(name)
	if st != lisp.StatusExternal {
		if r.lenient {
			r.unresolved = true
			return &lisp.Symbol{Name: name}
		}
		r.fail(t.start, "the symbol "+name+" is not external in the "+packageName(pkg)+" package")
	}
	return s
}

func packageName(p *lisp.Package) string {
	if p == nil {
		return "COMMON-LISP-USER"
	}
	return p.Name
}

// internIn interns name in pkg, where a locked package refuses a new one.
func (r *Reader) internIn(t token, pkg *lisp.Package, name string) lisp.Value {
	s, _, err := pkg.Intern(name)
	if err != nil {
		r.fail(t.start, err.Error())
	}
	return s
}

// parseDecimal reads s as a number in CL's decimal syntax, if it is one:
// an integer (a trailing dot allowed), a ratio, or a float.
func (r *Reader) parseDecimal(at lisp.Pos, s string) (lisp.Value, bool) {
	body := strings.TrimLeft(s, "+-")
	if len(s)-len(body) > 1 || body == "" {
		return nil, false
	}
	neg := s[0] == '-'
	intPart := leadingDigits(body, 10)
	rest := body[len(intPart):]
	switch {
	case rest == "" || rest == "." && intPart != "":
		return r.makeInteger(at, neg, intPart, 10), true
	case rest[0] == '/':
		den := rest[1:]
		if intPart == "" || den == "" || leadingDigits(den, 10) != den {
			return nil, false
		}
		return r.makeRatio(at, s, neg, intPart, den, 10), true
	}
	frac := ""
	if rest[0] == '.' {
		frac = leadingDigits(rest[1:], 10)
		rest = rest[1+len(frac):]
	}
	if intPart == "" && frac == "" {
		return nil, false
	}
	exp := ""
	if rest != "" {
		if !strings.ContainsRune("esfdlESFDL", rune(rest[0])) {
			return nil, false
		}
		exp = rest[1:]
		digits := strings.TrimLeft(exp, "+-")
		if len(exp)-len(digits) > 1 || digits == "" || leadingDigits(digits, 10) != digits {
			return nil, false
		}
		exp = "e" + exp
	} else if frac == "" {
		return nil, false
	}
	text := intPart + "." + frac + exp
	if intPart == "" {
		text = "0" + text
	}
	f, err := strconv.ParseFloat(text, 64)
	if err != nil && math.IsInf(f, 0) {
		r.fail(at, "floating-point overflow reading "+s)
	}
	if neg {
		f = -f
	}
	return lisp.Float(f), true
}

// leadingDigits returns the prefix of s made of digits in base.
func leadingDigits(s string, base int) string {
	for i, c := range s {
		if digitValue(c) >= base {
			return s[:i]
		}
	}
	return s
}

func digitValue(c rune) int {
	switch {
	case c >= '0' && c <= '9':
		return int(c - '0')
	case c >= 'a' && c <= 'z':
		return int(c-'a') + 10
	case c >= 'A' && c <= 'Z':
		return int(c-'A') + 10
	}
	return 99
}

func (r *Reader) makeInteger(at lisp.Pos, neg bool, digits string, base int) lisp.Value {
	if n, err := strconv.ParseInt(digits, base, 64); err == nil {
		if neg {
			n = -n
		}
		return lisp.MakeInt(n)
	}
	b := r.bigDigits(at, digits, base)
	if neg {
		b.Neg(b)
	}
	return lisp.NormBig(b)
}

// bigDigits parses digits that need a bignum, refusing one over
// lisp.MaxIntegerBits as arithmetic would refuse to make it.
func (r *Reader) bigDigits(at lisp.Pos, digits string, base int) *big.Int {
	b, ok := lisp.ParseDigits(digits, base)
	if !ok {
		r.fail(at, fmt.Sprintf("integer of %d digits is too large (at most %d bits)", len(digits), lisp.MaxIntegerBits))
	}
	return b
}

func (r *Reader) makeRatio(at lisp.Pos, s string, neg bool, num, den string, base int) lisp.Value {
	d := r.bigDigits(at, den, base)
	if d.Sign() == 0 {
		r.fail(at, "division by zero in ratio "+s)
	}
	n := r.bigDigits(at, num, base)
	if neg {
		n.Neg(n)
	}
	return lisp.NormRat(new(big.Rat).SetFrac(n, d))
}

// parseRadix reads s as a rational in base, as after #x, #o, #b or #NNr.
func (r *Reader) parseRadix(at lisp.Pos, s string, base int) (lisp.Value, bool) {
	body := strings.TrimLeft(s, "+-")
	if len(s)-len(body) > 1 || body == "" {
		return nil, false
	}
	neg := s[0] == '-'
	num := leadingDigits(body, base)
	rest := body[len(num):]
	switch {
	case num == "":
		return nil, false
	case rest == "":
		return r.makeInteger(at, neg, num, base), true
	case rest[0] == '/' && len(rest) > 1 && leadingDigits(rest[1:], base) == rest[1:]:
		return r.makeRatio(at, s, neg, num, rest[1:], base), true
	}
	return nil, false
}
