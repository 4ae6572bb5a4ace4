package lisp

// The printer: prin1 and princ as SBCL prints with *print-case* :downcase,
// *print-pretty* nil and *read-default-float-format* double-float.

import (
	"math/big"
	"strconv"
	"strings"
)

// Printing caps. Lists and vectors longer than maxPrintLength end in "...",
// structure nested deeper than maxPrintDepth prints as "#" (as CL's
// *print-length* and *print-level* do), and one call prints at most
// maxPrintObjects objects, so circular and shared structure always ends.
const (
	maxPrintLength  = 10000
	maxPrintDepth   = 200
	maxPrintObjects = 1 << 20
)

// Prin1ToString returns v as prin1 prints it: readably where it can be read
// back (strings quoted, symbols escaped, characters as #\c).
func Prin1ToString(v Value) string {
	p := printer{escape: true}
	p.print(v, 0)
	return p.b.String()
}

// PrincToString returns v as princ prints it: strings and characters raw,
// symbols without escapes.
func PrincToString(v Value) string {
	p := printer{}
	p.print(v, 0)
	return p.b.String()
}

// Prin1 writes v to s as prin1 does.
func Prin1(s *Stream, v Value) { WriteValue(s, v, true) }

// Princ writes v to s as princ does.
func Princ(s *Stream, v Value) { WriteValue(s, v, false) }

// WriteValue writes v to s, as prin1 when readably is true and as princ
// otherwise.
func WriteValue(s *Stream, v Value, readably bool) {
	p := printer{escape: readably}
	p.print(v, 0)
	s.WriteString(p.b.String())
}

// PrintString returns the Go string s as prin1 prints a Lisp string.
func PrintString(s string) string {
	var b strings.Builder
	writeStringLiteral(&b, s)
	return b.String()
}

// printer holds the state of one top-level print.
type printer struct {
	b       strings.Builder
	escape  bool // prin1 rather than princ
	objects int  // objects printed so far, against maxPrintObjects
}

func (p *printer) print(v Value, depth int) {
	p.objects++
	if p.objects > maxPrintObjects {
		p.b.WriteString("...")
		return
	}
	switch x := v.(type) {
	case *Symbol:
		p.symbol(x)
	case Fixnum:
		p.b.WriteString(strconv.FormatInt(int64(x), 10))
	case *big.Int:
		p.b.WriteString(bigDecimal(x))
	case *big.Rat:
		p.b.WriteString(x.RatString())
	case Float:
		p.b.WriteString(formatFloat(float64(x)))
	case Char:
		p.char(x)
	case *String:
		if p.escape {
			writeStringLiteral(&p.b, x.S)
		} else {
			p.b.WriteString(x.S)
		}
	case *Cons:
		p.list(x, depth)
	case *Vector:
		p.vector(x, depth)
	default:
		p.object(v)
	}
}

func (p *printer) list(c *Cons, depth int) {
	if depth >= maxPrintDepth {
		p.b.WriteByte('#')
		return
	}
	p.b.WriteByte('(')
	for n := 0; ; n++ {
		if n == maxPrintLength {
			p.b.WriteString(" ...")
			break
		}
		if n > 0 {
			p.b.WriteByte(' ')
		}
		p.print(c.Car, depth+1)
		next, ok := c.Cdr.(*Cons)
		if !ok {
			if c.Cdr != Value(Nil) {
				p.b.WriteString(" . ")
				p.print(c.Cdr, depth+1)
			}
			break
		}
		if p.objects > maxPrintObjects {
			p.b.WriteString(" ...")
			break
		}
		c = next
	}
	p.b.WriteByte(')')
}

func (p *printer) vector(v *Vector, depth int) {
	if depth >= maxPrintDepth {
		p.b.WriteByte('#')
		return
	}
	p.b.WriteString("#(")
	for i, item := range v.Items {
		if i > 0 {
			p.b.WriteByte(' ')
		}
		if i == maxPrintLength || p.objects > maxPrintObjects {
			p.b.WriteString("...")
			break
		}
		p.print(item, depth+1)
	}
	p.b.WriteByte(')')
}

// writeStringLiteral writes s in double quotes, escaping only " and \ as
// SBCL does (newlines and other characters go in as they are).
func writeStringLiteral(b *strings.Builder, s string) {
	b.WriteByte('"')
	for _, r := range s {
		if r == '"' || r == '\\' {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	b.WriteByte('"')
}
