package lisp

// What *print-pretty* t changes on one line: (quote x) prints as 'x,
// (function f) as #'f, and the reader's backquote forms as SBCL's pretty
// printer writes them: `(a ,b ,@c). Line breaking is refused (see
// PrintOptions.Pretty). Backquote forms print so with *print-pretty* nil
// too: SBCL then shows its internal representation of them, which no
// program can rely on.

var (
	symQuote    = Intern("QUOTE")
	symFunction = Intern("FUNCTION")
)

// The operators the reader wraps backquote syntax in. They live in
// NODELISP-INTERNAL, as SBCL's live in an internal package: a program's
// own symbol quasiquote is another symbol, so a list of it prints as the
// list it is, and the reader's forms always print as backquote syntax.
var (
	SymQuasiquote      = internalSymbol("QUASIQUOTE")
	SymUnquote         = internalSymbol("UNQUOTE")
	SymUnquoteSplicing = internalSymbol("UNQUOTE-SPLICING")
	// SymUnquoteNsplicing is ,. which may splice destructively; it
	// evaluates as ,@ does and prints back as ,. as SBCL's does.
	SymUnquoteNsplicing = internalSymbol("UNQUOTE-NSPLICING")
)

// abbreviation prints c in its reader-macro form when it is a two-element
// quote, function or backquote form, and reports whether it did.
func (p *printer) abbreviation(c *Cons, depth int) bool {
	prefix := abbreviationPrefix(c)
	if prefix == "" || (!p.o.Pretty || p.noQuoteSugar) && (prefix == "'" || prefix == "#'") {
		return false
	}
	p.b.WriteString(prefix)
	p.print(c.Cdr.(*Cons).Car, depth)
	return true
}

func abbreviationPrefix(c *Cons) string {
	rest, ok := c.Cdr.(*Cons)
	if !ok || rest.Cdr != Value(Nil) {
		return ""
	}
	switch c.Car {
	case Value(symQuote):
		return "'"
	case Value(symFunction):
		return "#'"
	case Value(SymQuasiquote):
		return "`"
	case Value(SymUnquote):
		return ","
	case Value(SymUnquoteSplicing):
		return ",@"
	case Value(SymUnquoteNsplicing):
		return ",."
	}
	return ""
}
