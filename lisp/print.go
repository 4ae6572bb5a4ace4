package lisp

// The printer: prin1 and princ as SBCL prints with *print-pretty* nil and
// *read-default-float-format* double-float. The Go entry points without
// options (Prin1ToString, PrincToString) print symbols in lower case, for
// nodelisp's own messages; a program's printing goes through the options
// its *print-…* variables give (upper case by default: eval.Thread.PrintOptions).

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
	var p printer
	p.init(DefaultPrintOptions(true))
	p.print(v, 0)
	return p.b.String()
}

// PrincToString returns v as princ prints it: strings and characters raw,
// symbols without escapes.
func PrincToString(v Value) string {
	var p printer
	p.init(DefaultPrintOptions(false))
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
	var p printer
	p.init(DefaultPrintOptions(readably))
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
	o       PrintOptions
	// With *print-circle*: the objects met more than once, each with its
	// label once printed (0 before), and the last label given.
	shared    map[Value]int
	lastLabel int
	// With *print-pretty*: the pretty printer's operations over b, and
	// what was printed whose line breaks may not be SBCL's ("" if nothing).
	pp     *ppStream
	unsure string
	// noQuoteSugar prints (quote x) and (function f) as lists, as SBCL
	// does inside declarations.
	noQuoteSugar bool
	// The column the output starts at, and the stream context that a
	// pprint dispatch function's output joins this printer through
	// (pprint_dispatch.go).
	col int
	ctx *prettyContext
}

// grow tells the host's memory cap, before n more bytes are written, what
// the output is about to grow to; a builder doubles, and its string is
// copied once more when the print ends.
func (p *printer) grow(n int) {
	if need := p.b.Len() + n; need > p.b.Cap() && p.o.Reserve != nil {
		p.o.Reserve(3 * int64(need))
	}
}

func (p *printer) print(v Value, depth int) {
	p.objects++
	if p.objects > maxPrintObjects {
		p.b.WriteString("...")
		return
	}
	if p.shared != nil && p.label(v) {
		return
	}
	if p.pp != nil && p.o.PprintDispatch != nil && p.o.Pretty && p.dispatch(v, depth) {
		return
	}
	switch x := v.(type) {
	case *Symbol:
		p.symbol(x)
	case *Pathname:
		if p.o.Readably && !pathnamesEqual(ParseNamestring(x.Namestring()), x) {
			// A type without a name (".txt" reads as a name) has no
			// namestring that reads back as it.
			SignalClass(ClassPrintNotReadable, "print-not-readable: %s has no namestring that reads back as it (*print-readably* is t)", x.Namestring())
		}
		if p.escape {
			p.b.WriteString(p.cased("#P"))
			writeStringLiteral(&p.b, x.Namestring())
		} else {
			p.b.WriteString(x.Namestring())
		}
	case *Package:
		p.b.WriteString("#<" + p.cased("PACKAGE") + " ")
		p.b.WriteString(Prin1ToString(NewString(x.Name)))
		p.b.WriteByte('>')
	case Fixnum:
		if p.o.Base == 10 && !p.o.Radix {
			p.b.WriteString(strconv.FormatInt(int64(x), 10))
		} else {
			p.integer(big.NewInt(int64(x)))
		}
	case *big.Int:
		p.grow(x.BitLen()/3 + 2) // a decimal digit holds more than 3 bits
		if p.o.Base == 10 && !p.o.Radix {
			p.b.WriteString(bigDecimal(x))
		} else {
			p.integer(x)
		}
	case *big.Rat:
		p.ratio(x)
	case *Complex:
		p.complex(x, depth)
	case Float:
		p.b.WriteString(formatFloat(float64(x)))
	case Char:
		p.char(x)
	case *String:
		p.grow(len(x.S) + 2)
		switch {
		case p.pp != nil && strings.Contains(x.S, "\n"):
			// Its newlines are the pretty printer's literal newlines.
			var b strings.Builder
			if p.escape {
				writeStringLiteral(&b, x.S)
			} else {
				b.WriteString(x.S)
			}
			p.ppText(b.String())
		case p.escape:
			writeStringLiteral(&p.b, x.S)
		default:
			p.b.WriteString(x.S)
		}
	case *Cons:
		if p.abbreviation(x, depth) {
			return
		}
		if p.pp != nil {
			p.prettyCons(x, depth)
			return
		}
		p.list(x, depth)
	case *Vector:
		if p.pp != nil && !p.o.NoArray && !x.Bits {
			p.prettyVector(x, depth)
			return
		}
		p.vector(x, depth)
	case *Instance:
		if p.pp != nil {
			p.prettyInstance(x, depth)
			return
		}
		p.instance(x, depth)
	case *Array:
		if p.typedArray(x, depth) {
			return
		}
		if p.pp != nil && !p.o.NoArray && !p.tooDeep(depth) {
			p.prettyArray(x, depth)
			return
		}
		p.array(x, depth)
	case *RandomState:
		p.randomState(x)
	default:
		p.object(v)
	}
}

// tooDeep reports whether a list or vector at depth prints as "#".
func (p *printer) tooDeep(depth int) bool {
	return depth >= maxPrintDepth || p.o.Level >= 0 && depth >= p.o.Level
}

// lengthCap is how many elements of a list or vector print before "...".
func (p *printer) lengthCap() int {
	if p.o.Length >= 0 && p.o.Length < maxPrintLength {
		return p.o.Length
	}
	return maxPrintLength
}

func (p *printer) list(c *Cons, depth int) {
	if p.tooDeep(depth) {
		p.b.WriteByte('#')
		return
	}
	limit := p.lengthCap()
	p.b.WriteByte('(')
	for n := 0; ; n++ {
		if n > 0 {
			p.b.WriteByte(' ')
		}
		if n == limit {
			p.b.WriteString("...")
			break
		}
		p.print(c.Car, depth+1)
		next, ok := c.Cdr.(*Cons)
		if !ok || p.shared != nil && p.isShared(next) || abbreviationPrefix(next) == "," {
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
	if p.o.NoArray {
		p.unreadableArray(v)
		return
	}
	if v.Bits {
		p.bits(v)
		return
	}
	if p.tooDeep(depth) {
		p.b.WriteByte('#')
		return
	}
	limit := p.lengthCap()
	p.b.WriteString("#(")
	for i, item := range v.Items {
		if i > 0 {
			p.b.WriteByte(' ')
		}
		if i == limit || p.objects > maxPrintObjects {
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
