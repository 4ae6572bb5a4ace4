package builtins

// with-standard-io-syntax: the printer and reader variables bound to the
// standard's values around a body, so that what it prints reads back.

import (
	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
)

// standardIOSyntax are the bindings CLHS with-standard-io-syntax lists,
// as far as nodelisp has the variables. *read-default-float-format* is
// single-float, as the standard says; nodelisp's one float is a
// single-float too (CLHS 12.1.4.1), so floats print and read inside as
// they do outside.
var standardIOSyntax = func() [][2]lisp.Value {
	sym := lisp.Sym
	ten := lisp.MakeInt(10)
	return [][2]lisp.Value{
		{sym("*package*"), lisp.List(sym("find-package"), lisp.NewString("COMMON-LISP-USER"))},
		{sym("*print-array*"), lisp.T}, {sym("*print-base*"), ten}, {sym("*print-case*"), lisp.InternKeyword("UPCASE")},
		{sym("*print-circle*"), lisp.Nil}, {sym("*print-escape*"), lisp.T}, {sym("*print-gensym*"), lisp.T},
		{sym("*print-length*"), lisp.Nil}, {sym("*print-level*"), lisp.Nil}, {sym("*print-lines*"), lisp.Nil},
		{sym("*print-miser-width*"), lisp.Nil}, {sym("*print-pretty*"), lisp.Nil}, {sym("*print-radix*"), lisp.Nil},
		{sym("*print-readably*"), lisp.T}, {sym("*print-right-margin*"), lisp.Nil},
		{sym("*read-base*"), ten}, {sym("*read-default-float-format*"), quoted(sym("single-float"))},
		{sym("*read-eval*"), lisp.T}, {sym("*read-suppress*"), lisp.Nil},
		{sym("*readtable*"), lisp.List(sym("%standard-readtable"))},
		{sym("*print-pprint-dispatch*"), lisp.List(sym("%standard-pprint-dispatch-table"))},
	}
}()

func registerMacrosIOSyntax() {
	macro("with-standard-io-syntax", "(with-standard-io-syntax form…) evaluates the forms with the printer and reader variables bound to the standard's values (*print-readably* t, *print-case* :upcase, base 10, …).", expandWithStandardIOSyntax)
}

func expandWithStandardIOSyntax(t *eval.Thread, form lisp.Value) lisp.Value {
	body := macroArgs("with-standard-io-syntax", form, 0, -1)
	bindings := make([]lisp.Value, len(standardIOSyntax))
	for i, b := range standardIOSyntax {
		bindings[i] = lisp.List(b[0], b[1])
	}
	return lisp.ListStar(lisp.List(body...), sLet, lisp.List(bindings...))
}
