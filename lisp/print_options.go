package lisp

import (
	"fmt"
	"strings"
)

// PrintOptions are Common Lisp's printer control variables as one value:
// the evaluator fills one from the current dynamic bindings of
// *print-base*, *print-escape* and the rest, and write's keyword arguments
// override fields of it. Every standard variable the printer consults has
// a field here, so none is silently ignored.
type PrintOptions struct {
	Escape   bool
	Readably bool
	Base     int // 2 to 36; 0 means 10
	Radix    bool
	Case     PrintCase
	Length   int // *print-length*; negative for nil (no limit)
	Level    int // *print-level*; negative for nil
	Circle   bool
	NoArray  bool // *print-array* nil: vectors print as #<…>
	NoGensym bool // *print-gensym* nil: uninterned symbols without #:
	// Pretty is *print-pretty* t: quote, function and backquote forms print
	// abbreviated ('x, #'f, `(a ,b)); nodelisp never breaks lines, so
	// output wider than RightMargin is an error rather than a silent
	// difference.
	Pretty      bool
	RightMargin int // columns for Pretty; 0 means 80
	// SingleFloats is *read-default-float-format* other than double-float;
	// printing a float under it is an error, as every float here is a
	// double and SBCL would print it with a d0 exponent.
	SingleFloats bool
}

// PrintCase is the value of *print-case*.
type PrintCase uint8

const (
	CaseDowncase PrintCase = iota // nodelisp's default, as the golden setup of SBCL
	CaseUpcase
	CaseCapitalize
)

// DefaultPrintOptions are the options prin1 (escape true) or princ (false)
// use when no variable is bound: base 10, no limits, lower case.
func DefaultPrintOptions(escape bool) PrintOptions {
	return PrintOptions{Escape: escape, Length: -1, Level: -1}
}

// SetPrintOption sets the option a printer variable or write keyword names
// ("base" for *print-base* and :base) to v. It reports an error naming the
// option when v is not a value the option takes, and known false when name
// is not a printer option at all.
func (o *PrintOptions) SetPrintOption(name string, v Value) (known bool, err error) {
	bad := func(want string) error {
		return fmt.Errorf("%s is not %s", Prin1ToString(v), want)
	}
	switch name {
	case "escape":
		o.Escape = Truthy(v)
	case "readably":
		o.Readably = Truthy(v)
	case "radix":
		o.Radix = Truthy(v)
	case "circle":
		o.Circle = Truthy(v)
	case "pretty":
		o.Pretty = Truthy(v)
	case "array":
		o.NoArray = !Truthy(v)
	case "gensym":
		o.NoGensym = !Truthy(v)
	case "base":
		n, ok := v.(Fixnum)
		if !ok || n < 2 || n > 36 {
			return true, bad("a radix (an integer from 2 to 36)")
		}
		o.Base = int(n)
	case "length", "level":
		n := -1
		if v != Value(Nil) {
			f, ok := v.(Fixnum)
			if !ok || f < 0 {
				return true, bad("nil or a non-negative integer")
			}
			n = int(min(f, 1<<30))
		}
		if name == "length" {
			o.Length = n
		} else {
			o.Level = n
		}
	case "case":
		switch v {
		case Value(InternKeyword("DOWNCASE")):
			o.Case = CaseDowncase
		case Value(InternKeyword("UPCASE")):
			o.Case = CaseUpcase
		case Value(InternKeyword("CAPITALIZE")):
			o.Case = CaseCapitalize
		default:
			return true, bad("one of :upcase, :downcase, :capitalize")
		}
	case "right-margin":
		o.RightMargin = 0
		if v != Value(Nil) {
			f, ok := v.(Fixnum)
			if !ok || f < 0 {
				return true, bad("nil or a non-negative integer")
			}
			o.RightMargin = int(min(f, 1<<30))
		}
	case "lines", "miser-width", "pprint-dispatch":
		// These shape only line breaks, which nodelisp never makes (see
		// Pretty): one-line output is the same whatever their value.
	default:
		return false, nil
	}
	return true, nil
}

// PrintOptionNames are the options SetPrintOption knows, as write's
// keywords name them.
var PrintOptionNames = []string{"escape", "readably", "radix", "circle", "pretty", "array", "gensym",
	"base", "length", "level", "case", "right-margin", "lines", "miser-width", "pprint-dispatch"}

// WriteToString returns v printed under o.
func WriteToString(v Value, o PrintOptions) string {
	var p printer
	p.init(o)
	if o.Circle {
		p.findShared(v)
	}
	p.print(v, 0)
	out := p.b.String()
	if o.Pretty {
		checkPrettyWidth(v, out, 0, o)
	}
	return out
}

// Write writes v to s under o.
func Write(s *Stream, v Value, o PrintOptions) {
	var p printer
	p.init(o)
	if o.Circle {
		p.findShared(v)
	}
	p.print(v, 0)
	out := p.b.String()
	if o.Pretty {
		checkPrettyWidth(v, out, s.Column(), o)
	}
	s.WriteString(out)
}

// init readies a printer for o. Printers live on the caller's stack:
// printing runs in tight loops.
func (p *printer) init(o PrintOptions) {
	if o.Readably {
		o.Escape = true
		o.Length, o.Level = -1, -1
	}
	if o.Base == 0 {
		o.Base = 10
	}
	p.escape, p.o = o.Escape, o
}

// checkPrettyWidth refuses output the pretty printer would break across
// lines: nodelisp prints on one line, so printing it unbroken would be a
// silent difference. Only lists and vectors have places to break: an atom
// prints whole, however wide.
func checkPrettyWidth(v Value, out string, col int, o PrintOptions) {
	switch v.(type) {
	case *Cons, *Vector:
	default:
		return
	}
	margin := o.RightMargin
	if margin == 0 {
		margin = 80
	}
	for i, line := range strings.Split(out, "\n") {
		if i > 0 {
			col = 0
		}
		if col+len([]rune(line)) > margin {
			Errorf("*print-pretty* t: the output is wider than %d columns, and nodelisp's printer does not break lines; bind *print-pretty* to nil", margin)
		}
	}
}
