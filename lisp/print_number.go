package lisp

import (
	"math/big"
	"strconv"
	"strings"
)

// Printing rationals under *print-base* and *print-radix*: digits above 9
// are upper-case letters, as SBCL prints them whatever *print-case* says;
// the radix marker is #b, #o, #x or #NNr before the number, except that an
// integer in base 10 takes a trailing point instead (255.).

func (p *printer) integer(n *big.Int) {
	if p.o.Radix {
		if p.o.Base == 10 {
			p.b.WriteString(n.String())
			p.b.WriteByte('.')
			return
		}
		p.radixPrefix()
	}
	p.b.WriteString(strings.ToUpper(n.Text(p.o.Base)))
}

func (p *printer) ratio(r *big.Rat) {
	if p.o.Base == 10 && !p.o.Radix {
		p.b.WriteString(r.RatString())
		return
	}
	if p.o.Radix {
		p.radixPrefix()
	}
	p.b.WriteString(strings.ToUpper(r.Num().Text(p.o.Base)))
	p.b.WriteByte('/')
	p.b.WriteString(strings.ToUpper(r.Denom().Text(p.o.Base)))
}

func (p *printer) radixPrefix() {
	switch p.o.Base {
	case 2:
		p.b.WriteString("#b")
	case 8:
		p.b.WriteString("#o")
	case 16:
		p.b.WriteString("#x")
	default:
		p.b.WriteString("#" + strconv.Itoa(p.o.Base) + "r")
	}
}

// complex prints #C(re im), with the C upper-case as SBCL prints it
// whatever *print-case* says.
func (p *printer) complex(c *Complex, depth int) {
	p.b.WriteString("#C(")
	p.print(c.Re, depth)
	p.b.WriteByte(' ')
	p.print(c.Im, depth)
	p.b.WriteByte(')')
}
