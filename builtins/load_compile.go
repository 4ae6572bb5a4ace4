package builtins

import (
	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
)

// What compile-file does with each top-level form, as a file compiler
// processes it (CLHS 3.2.3.1): eval-when decides, from its situations and
// whether the compiler is in compile-time-too mode, which forms are
// evaluated now and which go to the output for load to evaluate; progn's
// forms are top-level forms too; in-package and defpackage are evaluated
// now and kept. nodelisp has no compiler, so the output is source: a form
// kept whole is its own text from the file, a form taken out of an
// eval-when or progn is printed.

var (
	kwLoadToplevel = lisp.Sym(":load-toplevel")
	kwExecute      = lisp.Sym(":execute")
	sLoadSituation = lisp.Sym("load")
	sEvalSituation = lisp.Sym("eval")
)

// fileCompiler gathers the output of compile-file.
type fileCompiler struct {
	t   *eval.Thread
	out []string
}

// topLevel processes form, read from the file as text ("" for a form
// taken out of an enclosing one); compileTimeToo is the standard's mode
// in which every kept form is evaluated now as well.
func (c *fileCompiler) topLevel(form lisp.Value, text string, compileTimeToo bool) {
	cons, _ := form.(*lisp.Cons)
	switch {
	case cons != nil && cons.Car == lisp.Value(sProgn):
		for _, sub := range lisp.ListToSlice("compile-file", cons.Cdr) {
			c.topLevel(sub, "", compileTimeToo)
		}
		return
	case cons != nil && cons.Car == lisp.Value(sEvalWhen):
		c.evalWhen(cons, compileTimeToo)
		return
	case cons != nil && (cons.Car == lisp.Value(sInPackage) || cons.Car == lisp.Value(sDefpackage)):
		compileTimeToo = true
	}
	if compileTimeToo {
		c.t.Eval(form)
	}
	c.keep(form, text)
}

// evalWhen is the table of CLHS 3.2.3.1.
func (c *fileCompiler) evalWhen(form *lisp.Cons, compileTimeToo bool) {
	args := lisp.ListToSlice("eval-when", form.Cdr)
	if len(args) == 0 {
		return
	}
	var ct, lt, ex bool
	for _, s := range lisp.ListToSlice("eval-when", args[0]) {
		switch s {
		case lisp.Value(kwCompileToplevel), lisp.Value(sCompileToplevel):
			ct = true
		case lisp.Value(kwLoadToplevel), lisp.Value(sLoadSituation):
			lt = true
		case lisp.Value(kwExecute), lisp.Value(sEvalSituation):
			ex = true
		}
	}
	body := args[1:]
	switch {
	case lt:
		mode := ct || (ex && compileTimeToo)
		for _, sub := range body {
			c.topLevel(sub, "", mode)
		}
	case ct || (ex && compileTimeToo):
		c.t.Eval(lisp.ListStar(lisp.List(body...), sProgn))
	}
}

// keep puts form in the output: its text when it was read whole, else
// printed so that it reads back as the same form.
func (c *fileCompiler) keep(form lisp.Value, text string) {
	if text == "" {
		text = c.t.Bind([]*lisp.Symbol{symPrintCircle, symPrintPretty, symPrintLevel, symPrintLength, symPrintReadably},
			[]lisp.Value{lisp.T, lisp.Nil, lisp.Nil, lisp.Nil, lisp.Nil},
			func() lisp.Value { return c.t.Call(sPrin1ToString, form) }).(*lisp.String).S
	}
	c.out = append(c.out, text)
}

var (
	symPrintCircle   = lisp.Sym("*print-circle*")
	symPrintPretty   = lisp.Sym("*print-pretty*")
	symPrintLevel    = lisp.Sym("*print-level*")
	symPrintLength   = lisp.Sym("*print-length*")
	symPrintReadably = lisp.Sym("*print-readably*")
	sPrin1ToString   = lisp.Sym("prin1-to-string")
)
