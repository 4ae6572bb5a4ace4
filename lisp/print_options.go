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
	// abbreviated ('x, #'f, `(a ,b)) and lists, vectors and arrays break
	// across lines as SBCL's pretty printer breaks them (pretty_*.go).
	Pretty      bool
	RightMargin int // columns for Pretty; 0 means 80
	Lines       int // *print-lines*; negative for nil
	MiserWidth  int // *print-miser-width*; negative for nil
	// PprintDispatch is *print-pprint-dispatch*; nil or a table without
	// entries prints by the standard layouts alone.
	PprintDispatch *PprintTable
	// Operators tells the pretty printer what a symbol names in the image
	// (a function, a macro and where its body starts), which decides how a
	// form prints; nil when there is no image.
	Operators func(*Symbol) Operator
	// Reserve, when set, is told the bytes the printer's output is about to
	// grow to before a long string or number is written into it: the
	// host's memory cap (eval.Thread.Reserve) ends the cell there.
	Reserve func(bytes int64)
	// RestartReport writes a restart's report, as printing it with
	// *print-escape* nil shows it; nil when there is no image, and then
	// the restart prints as #<RESTART name>.
	RestartReport func(*Restart) string
	// Package is *package*: a symbol it does not find by its name prints
	// with its home package's prefix. Nil is a pristine COMMON-LISP-USER.
	Package *Package
	// ReadCase is *readtable*'s case, which decides with Case how a
	// symbol's letters print and which need escapes (print_symbol.go).
	ReadCase ReadCase
}

// ReadCase is a readtable's case (readtable-case): how the reader
// changes the unescaped letters of a token.
type ReadCase uint8

// The readtable cases; the standard readtable's is ReadUpcase.
const (
	ReadUpcase ReadCase = iota
	ReadDowncase
	ReadPreserve
	ReadInvert
)

// PrintCase is the value of *print-case*.
type PrintCase uint8

const (
	// CaseDowncase is the zero value: nodelisp's messages and the display
	// of results print symbols in lower case. A program's *print-case* is
	// :upcase, as in every Common Lisp.
	CaseDowncase PrintCase = iota
	CaseUpcase
	CaseCapitalize
)

// DefaultPrintOptions are the options prin1 (escape true) or princ (false)
// use for nodelisp's own messages: base 10, no limits, lower case.
func DefaultPrintOptions(escape bool) PrintOptions {
	return PrintOptions{Escape: escape, Length: -1, Level: -1, Lines: -1, MiserWidth: -1}
}

// Operator is what a program's symbol names, for the pretty printer:
// SBCL prints a call of a function one way, a macro whose lambda list has
// &body with the arguments before the body apart, and a list whose car
// names nothing as data. (The standard names' layouts are known without
// asking: pretty_forms.go.)
type Operator struct {
	Fbound bool // a function, macro or special operator
	Macro  bool
	// BodyAt is how many arguments come before &body in a macro's lambda
	// list (&optional not counted, a dotted tail counting as &body); -1
	// when it has no &body.
	BodyAt int
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
	case "right-margin", "lines", "miser-width":
		n := -1
		if v != Value(Nil) {
			f, ok := v.(Fixnum)
			if !ok || f < 0 {
				return true, bad("nil or a non-negative integer")
			}
			n = int(min(f, 1<<30))
		}
		switch name {
		case "right-margin":
			o.RightMargin = max(n, 0)
		case "lines":
			o.Lines = n
		default:
			o.MiserWidth = n
		}
	case "pprint-dispatch":
		t, ok := v.(*PprintTable)
		if !ok {
			return true, bad("a pprint dispatch table")
		}
		o.PprintDispatch = t
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
	return render(v, o, 0)
}

// WriteToStringAt returns v printed under o as it prints starting at
// column col, where the pretty printer measures its lines from.
func WriteToStringAt(v Value, o PrintOptions, col int) string {
	return render(v, o, col)
}

// Write writes v to s under o. Inside a pprint-logical-block on s the
// object joins the block's layout.
func Write(s *Stream, v Value, o PrintOptions) {
	if c := s.pretty; c != nil {
		c.checkCircle(v)
		p := c.p
		savedOpts, savedEscape := p.o, p.escape
		p.init(o)
		if !o.Pretty {
			saved := p.pp
			p.pp = nil
			p.print(v, c.levels)
			p.pp = saved
		} else {
			p.print(v, c.levels)
		}
		p.o, p.escape = savedOpts, savedEscape
		return
	}
	s.WriteString(render(v, o, s.Column()))
}

// render prints v under o, starting at column col (where line breaks of
// the pretty printer are measured from).
func render(v Value, o PrintOptions, col int) string {
	var p printer
	p.init(o)
	p.col = col
	if o.Circle {
		p.findShared(v, o.Pretty)
	}
	if !o.Pretty {
		p.print(v, 0)
		return p.b.String()
	}
	p.pp = &ppStream{}
	p.print(v, 0)
	out := layoutPretty(p.b.String(), p.pp, col, o)
	if p.unsure != "" {
		checkPrettyWidth(out, col, o, p.unsure)
	}
	return out
}

// init readies a printer for o. Printers live on the caller's stack:
// printing runs in tight loops.
func (p *printer) init(o PrintOptions) {
	if o.Readably {
		o.Escape = true
		o.NoGensym = false // an uninterned symbol reads back only with #:
		o.NoArray = false  // nor does an array's #<…>
		o.Length, o.Level, o.Lines = -1, -1, -1
	}
	if o.Base == 0 {
		o.Base = 10
	}
	p.escape, p.o = o.Escape, o
}

// checkPrettyWidth refuses pretty output that holds something whose line
// breaks nodelisp does not place as SBCL does (what names it: the text of
// a print-object method, a form of a layout not implemented here) when a
// line of it is wider than the margin, where SBCL might break it.
func checkPrettyWidth(out string, col int, o PrintOptions, what string) {
	margin := o.margin()
	for i, line := range strings.Split(out, "\n") {
		if i > 0 {
			col = 0
		}
		if col+len([]rune(line)) > margin {
			Errorf("*print-pretty* t: the output is wider than %d columns and holds %s, which nodelisp cannot break as SBCL would; bind *print-pretty* to nil", margin, what)
		}
	}
}
