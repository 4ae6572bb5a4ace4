package lisp

// What *print-pretty* t changes on one line: (quote x) prints as 'x,
// (function f) as #'f, and the reader's backquote forms as SBCL's pretty
// printer writes them: `(a ,b ,@c). Line breaking is refused (see
// PrintOptions.Pretty). Without *print-pretty* SBCL shows its internal
// representation of backquote, which no program can rely on; nodelisp
// then prints the plain lists (quasiquote (a (unquote b))).

var (
	symQuote           = Intern("QUOTE")
	symFunction        = Intern("FUNCTION")
	symQuasiquote      = Intern("QUASIQUOTE")
	symUnquote         = Intern("UNQUOTE")
	symUnquoteSplicing = Intern("UNQUOTE-SPLICING")
)

// abbreviation prints c in its reader-macro form when it is a two-element
// quote, function or backquote form, and reports whether it did.
func (p *printer) abbreviation(c *Cons, depth int) bool {
	prefix := abbreviationPrefix(c)
	if prefix == "" || !p.o.Pretty {
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
	case Value(symQuasiquote):
		return "`"
	case Value(symUnquote):
		return ","
	case Value(symUnquoteSplicing):
		return ",@"
	}
	return ""
}
