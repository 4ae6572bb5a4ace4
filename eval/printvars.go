package eval

import (
	"github.com/nodelisp/nodelisp/lisp"
	"github.com/nodelisp/nodelisp/reader"
)

// The standard variables the printer and reader consult. Each is a real
// special variable of the image, bound dynamically by let, and every
// printing builtin reads its current value through Thread.PrintOptions, so
// none is accepted and then ignored.

// printVarDefaults are the printer variables, by the option name
// lisp.PrintOptions.SetPrintOption knows them, with nodelisp's defaults
// (SBCL's, but for the pretty printer, which is off). *print-case* is
// :upcase as in every Common Lisp, so what a program computes from a
// symbol's printed name ((format nil "~a" 'a) is "A") is SBCL's; only
// PrintResult, the display of a result, prints in lower case.
var printVarDefaults = []struct {
	option string
	value  lisp.Value
}{
	{"escape", lisp.T},
	{"readably", lisp.Nil},
	{"base", lisp.Fixnum(10)},
	{"radix", lisp.Nil},
	{"case", kwUpcase},
	{"length", lisp.Nil},
	{"level", lisp.Nil},
	{"circle", lisp.Nil},
	{"array", lisp.T},
	{"gensym", lisp.T},
	{"pretty", lisp.Nil},
	{"right-margin", lisp.Nil},
	{"lines", lisp.Nil},
	{"miser-width", lisp.Nil},
	// The standard table stands for "no entries" here; each image's
	// *print-pprint-dispatch* starts as a table of its own that the
	// program may change (definePrintVars).
	{"pprint-dispatch", lisp.StandardPprintTable},
}

var (
	kwUpcase             = lisp.InternKeyword("UPCASE")
	kwDowncase           = lisp.InternKeyword("DOWNCASE")
	symReadBase          = lisp.Sym("*read-base*")
	symReadFloatFormat   = lisp.Sym("*read-default-float-format*")
	symReadEval          = lisp.Sym("*read-eval*")
	symReadSuppress      = lisp.Sym("*read-suppress*")
	symDoubleFloat       = lisp.Sym("double-float")
	symLongFloat         = lisp.Sym("long-float")
	symSingleFloat       = lisp.Sym("single-float")
	symShortFloat        = lisp.Sym("short-float")
	symPrintVarNames     = printVarSymbols()
	readerVarDefaultsSet = []struct {
		sym   *lisp.Symbol
		value lisp.Value
	}{
		{symReadBase, lisp.Fixnum(10)},
		{symReadFloatFormat, symDoubleFloat},
		{symReadEval, lisp.T},
		{symReadSuppress, lisp.Nil},
		// A cell has no standard input; binding this to a string input
		// stream gives read-line and friends one.
		{lisp.Sym("*standard-input*"), lisp.Nil},
	}
)

func printVarSymbols() []*lisp.Symbol {
	out := make([]*lisp.Symbol, len(printVarDefaults))
	for i, d := range printVarDefaults {
		out[i] = lisp.Sym("*print-" + d.option + "*")
	}
	return out
}

// printCells are the cells of the printer and reader variables, found once
// per image so that printing pays no map lookups.
type printCells struct {
	print                                       []*cell // as printVarDefaults
	readBase, readFloat, readEval, readSuppress *cell
	readtable                                   *cell
}

func (in *Interp) definePrintVars() {
	pc := &printCells{print: make([]*cell, len(printVarDefaults))}
	for i, d := range printVarDefaults {
		c := in.cell(symPrintVarNames[i])
		c.special, c.value = true, d.value
		if d.option == "pprint-dispatch" {
			c.value = lisp.NewPprintTable()
		}
		pc.print[i] = c
	}
	for _, d := range readerVarDefaultsSet {
		c := in.cell(d.sym)
		c.special, c.value = true, d.value
	}
	pc.readBase = in.cell(symReadBase)
	pc.readFloat = in.cell(symReadFloatFormat)
	pc.readEval = in.cell(symReadEval)
	pc.readSuppress = in.cell(symReadSuppress)
	pc.readtable = in.cell(symReadtable)
	pc.readtable.special, pc.readtable.value = true, reader.NewReadtable()
	in.printVars = pc
}

// PrintOptions returns the printer options the current bindings of the
// *print-…* variables (and *read-default-float-format*) give. A variable
// bound to a value the printer cannot honour is an error naming it.
func (t *Thread) PrintOptions() lisp.PrintOptions {
	o := lisp.DefaultPrintOptions(true)
	o.Case = lisp.CaseUpcase
	pc := t.in.printVars
	for i, c := range pc.print {
		if c.value == printVarDefaults[i].value {
			continue // the common case: nothing bound, nothing to parse
		}
		if _, err := o.SetPrintOption(printVarDefaults[i].option, c.value); err != nil {
			lisp.SignalClass(lisp.ClassTypeError, "%s: %v", printName(symPrintVarNames[i]), err)
		}
	}
	t.checkFloatFormat()
	o.Operators = t.in.operator
	o.Reserve = t.ReserveText
	o.RestartReport = t.restartReport
	o.Package = t.CurrentPackage()
	o.ReadCase = t.in.currentReadtable().Case()
	return o
}

// operator tells the pretty printer what sym names in the image.
func (in *Interp) operator(sym *lisp.Symbol) lisp.Operator {
	if _, ok := specialForms[sym]; ok {
		return lisp.Operator{Fbound: true, BodyAt: -1}
	}
	c := in.lookup(sym)
	switch {
	case c == nil:
		return lisp.Operator{BodyAt: -1}
	case c.macro != nil:
		return lisp.Operator{Fbound: true, Macro: true, BodyAt: bodyPosition(c.macroLambda)}
	}
	return lisp.Operator{Fbound: c.fn != nil, BodyAt: -1}
}

// bodyPosition counts the parameters before &body in a macro lambda list,
// &optional left out, as SBCL's pretty printer counts them; a dotted tail
// counts as &body, and a list without either gives -1.
func bodyPosition(ll lisp.Value) int {
	n := 0
	for {
		c, ok := ll.(*lisp.Cons)
		if !ok {
			if ll == lisp.Value(lisp.Nil) {
				return -1
			}
			return n
		}
		if c.Car == lisp.Value(symBody) {
			return n
		}
		if c.Car != lisp.Value(symOptional) {
			n++
		}
		ll = c.Cdr
	}
}

// ReadOptions are the reader variables' current values, checked: a base
// from 2 to 36, *read-suppress* nil (the only value nodelisp's reader
// implements) and *read-default-float-format* a float format (any of the
// four reads the same here: checkFloatFormat).
type ReadOptions struct {
	Base int
	Eval bool // *read-eval*

	// Packages and Package are the image's packages and *package*, for
	// reader.Reader.SetPackage.
	Packages *lisp.Packages
	Package  *lisp.Package
}

// ReadOptions returns the current reader options.
func (t *Thread) ReadOptions() ReadOptions {
	pc := t.in.printVars
	b, ok := pc.readBase.value.(lisp.Fixnum)
	if !ok || b < 2 || b > 36 {
		lisp.SignalClass(lisp.ClassTypeError, "*read-base*: %s is not a radix (an integer from 2 to 36)", lisp.Prin1ToString(pc.readBase.value))
	}
	t.checkFloatFormat()
	if pc.readSuppress.value != lisp.Value(lisp.Nil) {
		lisp.Errorf("*read-suppress*: reading with *read-suppress* true is not supported")
	}
	return ReadOptions{Base: int(b), Eval: lisp.Truthy(pc.readEval.value), Packages: t.in.packages, Package: t.CurrentPackage()}
}

// checkTopLevelReadBase refuses a cell that leaves *read-base* changed:
// source text is read before it runs, always in base 10, so the rest of
// the cell and later cells would silently read differently from SBCL.
func (t *Thread) checkTopLevelReadBase() {
	c := t.in.printVars.readBase
	if b, ok := c.value.(lisp.Fixnum); ok && b == 10 {
		return
	}
	v := c.value
	c.value = lisp.Fixnum(10)
	lisp.Errorf("*read-base*: source is always read in base 10, so setting it to %s at top level is not supported (it is reset to 10); bind it around read or read-from-string instead", lisp.Prin1ToString(v))
}

// PrintResult prints a cell's value as prin1 would under the image's
// global printer variables, the way a REPL shows it after the cell has
// run (so a top-level (setf *print-base* 16) shows in the results). It is
// the display of a result to a person or a model, so symbols print in
// lower case: *print-case* is bound to :downcase while it prints (print-
// object methods see the binding), unless the program set it to
// :capitalize. A setting that would make printing an error
// (*print-readably* with an unreadable object, a too-wide *print-pretty*
// output) falls back to the defaults: showing a result must never fail. A
// margin above 0 pretty-prints the value to fit that many columns (a
// REPL's terminal width); 0 prints it on one line.
func (in *Interp) PrintResult(v lisp.Value, margin int) (s string) {
	caseCell := in.printVars.print[printCaseIndex]
	if caseCell.value == lisp.Value(kwUpcase) {
		caseCell.value = kwDowncase
		defer func() { caseCell.value = kwUpcase }()
	}
	o := lisp.DefaultPrintOptions(true)
	for i, c := range in.printVars.print {
		if c.value != printVarDefaults[i].value {
			o.SetPrintOption(printVarDefaults[i].option, c.value)
		}
	}
	o.Escape, o.Readably, o.Pretty = true, false, margin > 0
	if margin > 0 {
		o.RightMargin = margin
	}
	defer func() {
		if recover() != nil {
			s = lisp.Prin1ToString(v)
		}
	}()
	return lisp.WriteToString(v, o)
}

// printCaseIndex is *print-case*'s place in printVarDefaults.
var printCaseIndex = func() int {
	for i, d := range printVarDefaults {
		if d.option == "case" {
			return i
		}
	}
	panic("no *print-case* among the printer variables")
}()

// checkFloatFormat refuses a *read-default-float-format* that names no
// float format, as SBCL does. The four that do are alike here: nodelisp
// has one float format, and by CLHS 12.1.4.1 its float is at once a
// short-, single-, double- and long-float, so a float always matches the
// default format: it prints with no exponent marker (22.1.3.1.3) and an
// unmarked float reads as that one float under any of them.
func (t *Thread) checkFloatFormat() {
	switch v := t.in.printVars.readFloat.value; v {
	case lisp.Value(symDoubleFloat), lisp.Value(symLongFloat), lisp.Value(symSingleFloat), lisp.Value(symShortFloat):
	default:
		lisp.SignalClass(lisp.ClassTypeError, "*read-default-float-format*: %s is not a float format (single-float, double-float, short-float or long-float)", lisp.Prin1ToString(v))
	}
}
