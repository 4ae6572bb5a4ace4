package lisp

import (
	"fmt"
	"strings"
)

// Printing the objects that have no readable syntax, as #<…>. SBCL adds
// an address in braces ({10013C92E3}); nodelisp leaves it out so that
// output is the same from run to run.

// LambdaLister is implemented by functions that can report their lambda
// list, which the printer shows for anonymous functions:
// #<function (lambda (x))>.
type LambdaLister interface {
	LambdaList() Value
}

func (p *printer) object(v Value) {
	if p.o.Readably {
		Errorf("print-not-readable: %s has no readable printed form (*print-readably* is t)", PrincToString(v))
	}
	switch x := v.(type) {
	case *HashTable:
		// SBCL writes :TEST and :COUNT in upper case whatever the print
		// case; here they follow it like every other name in the line
		// (issue 29), so a REPL printing in lower case shows no capitals.
		p.b.WriteString("#<" + p.cased("HASH-TABLE") + " " + p.cased(":TEST") + " ")
		p.print(x.Test, 1)
		fmt.Fprintf(&p.b, " %s %d>", p.cased(":COUNT"), x.Count())
	case *Condition:
		p.condition(x)
	case *Class:
		p.class(x)
	case *Stream:
		if x.IsStringStream() {
			p.b.WriteString("#<string-output-stream>")
		} else {
			p.b.WriteString("#<output-stream>")
		}
	case *InputStream:
		p.b.WriteString("#<" + p.cased("STRING-INPUT-STREAM") + ">")
	case *CompositeStream:
		p.b.WriteString("#<" + p.cased(x.ClassName()))
		if x.Kind == Synonym {
			p.b.WriteString(" " + p.cased(":SYMBOL") + " ")
			p.print(x.Symbol, 1)
		}
		p.b.WriteByte('>')
	case *Restart:
		if !p.escape && p.o.RestartReport != nil && (x.Report != nil || x.Name != nil) {
			p.b.WriteString(p.o.RestartReport(x))
			return
		}
		p.b.WriteString("#<" + p.cased("RESTART") + " ")
		if x.Name != nil {
			p.print(x.Name, 1)
		} else {
			p.b.WriteString("nil")
		}
		p.b.WriteByte('>')
	case Function:
		p.function(x)
	case Unreadable:
		p.b.WriteString(x.UnreadableString(p.o))
	case nil:
		p.b.WriteString("#<go nil>")
	case interface{ LispTypeName() string }:
		// An object of a package above this one (a readtable).
		p.b.WriteString("#<" + p.cased(x.LispTypeName()) + ">")
	default:
		fmt.Fprintf(&p.b, "#<go %T>", v)
	}
}

// Unreadable is a value of a package above this one that prints as
// #<…> in its own words (a CLOS method object).
type Unreadable interface {
	UnreadableString(o PrintOptions) string
}

func (p *printer) function(f Function) {
	p.b.WriteString("#<" + p.cased("FUNCTION") + " ")
	if name := f.FunctionName(); name != "" {
		p.b.WriteString(p.cased(strings.ToUpper(name)))
	} else {
		p.b.WriteString("(lambda ")
		if l, ok := f.(LambdaLister); ok && l.LambdaList() != Value(Nil) {
			saved := p.escape
			p.escape = true
			p.print(l.LambdaList(), 1)
			p.escape = saved
		} else {
			p.b.WriteString("()")
		}
		p.b.WriteByte(')')
	}
	p.b.WriteByte('>')
}

// condition prints a condition: princ shows its message, as SBCL's report
// does; prin1 shows its type with the message for simple conditions and
// the datum and expected type for type errors.
func (p *printer) condition(c *Condition) {
	if !p.escape {
		p.b.WriteString(c.Message)
		return
	}
	class := c.Class
	if class == nil {
		class = ClassCondition
	}
	p.b.WriteString("#<")
	p.symbol(class)
	switch {
	case c.IsA(ClassTypeError) && c.Datum != nil:
		p.b.WriteString(" expected-type: ")
		p.print(orNil(c.Expected), 1)
		p.b.WriteString(" datum: ")
		p.print(c.Datum, 1)
	case strings.HasPrefix(class.Name, "SIMPLE-"):
		p.b.WriteByte(' ')
		writeStringLiteral(&p.b, c.Message)
	}
	p.b.WriteByte('>')
}

// unreadableArray prints a vector as *print-array* nil asks: its type and
// length only.
func (p *printer) unreadableArray(v *Vector) {
	if v.FillPointer || v.Adjustable {
		fmt.Fprintf(&p.b, "#<(%s %s %d)>", p.cased("VECTOR"), p.cased("T"), cap(v.Items))
		return
	}
	if v.Bits {
		fmt.Fprintf(&p.b, "#<(%s %d)>", p.cased("SIMPLE-BIT-VECTOR"), len(v.Items))
		return
	}
	fmt.Fprintf(&p.b, "#<(%s %d)>", p.cased("SIMPLE-VECTOR"), len(v.Items))
}

func orNil(v Value) Value {
	if v == nil {
		return Nil
	}
	return v
}
