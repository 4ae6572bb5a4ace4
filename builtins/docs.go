package builtins

import (
	"math/big"
	"sort"
	"strings"

	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
)

// Self-description: documentation, describe and apropos, so that a cell
// can discover the library. Every builtin carries a one-line Doc.

func registerDocs() {
	defun("documentation", "(x doc-type)", "The documentation string of a function ('function), variable ('variable) or deftype ('type), or nil.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		kind := symbolArg("documentation", a[1])
		if v, ok := setDocumentation(t, a[0], kind); ok {
			return v
		}
		var doc string
		switch x := a[0].(type) {
		case *lisp.Package:
			doc = x.Doc
		case *eval.Builtin:
			doc = x.Doc
		case *lisp.Symbol:
			info := t.Interp().Describe(x)
			switch kind.Name {
			case "FUNCTION", "T":
				doc = info.Doc
			case "VARIABLE":
				doc = info.VarDoc
			case "TYPE":
				// A deftype's documentation is its expander's.
				doc = t.Interp().Describe(deftypeName(x)).Doc
			}
		case lisp.Function:
			if name := x.FunctionName(); name != "" {
				doc = t.Interp().Describe(lisp.Sym(name)).Doc
			}
		}
		if doc == "" {
			return lisp.Nil
		}
		return lisp.NewString(doc)
	})
	defun("describe", "(object &optional stream)", "Print what is known of an object: a symbol's function, macro or value with lambda list and doc; return no values.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		s := outStream(t, "describe", a, 1)
		s.FreshLine()
		// describe-object is the generic function a program extends.
		if g := programMethods(t, sDescribeObject); g != nil {
			g.call(t, []lisp.Value{a[0], s})
			return t.Values()
		}
		s.WriteString(docsDescribe(t, a[0]))
		return t.Values()
	})
	defun("apropos", "(string &optional package)", "Print every symbol whose name contains string, marking (fbound) and bound ones; return no values.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		out := t.Out()
		for _, sym := range docsApropos(a[0]) {
			info := t.Interp().Describe(sym)
			var b strings.Builder
			b.WriteString(lisp.Prin1ToString(sym))
			if info.Bound {
				b.WriteString(" = ")
				b.WriteString(lisp.Prin1ToString(info.Value))
			}
			if info.Kind != "" {
				b.WriteString(" (fbound)")
			}
			b.WriteString("\n")
			out.WriteString(b.String())
		}
		return t.Values()
	})
	defun("apropos-list", "(string &optional package)", "The symbols whose names contain string, sorted by name.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		syms := docsApropos(a[0])
		vs := make([]lisp.Value, len(syms))
		for i, s := range syms {
			vs[i] = s
		}
		return lisp.List(vs...)
	})
}

// docsApropos returns the interned symbols whose names contain the
// string (case ignored), sorted by name.
func docsApropos(v lisp.Value) []*lisp.Symbol {
	needle := strings.ToUpper(stringDesignator("apropos", v))
	var out []*lisp.Symbol
	for _, s := range lisp.AllSymbols() {
		if strings.Contains(strings.ToUpper(s.Name), needle) {
			out = append(out, s)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// docsDescribe is describe's text, shaped as SBCL's: the object and its
// type, then one paragraph per thing a symbol names.
func docsDescribe(t *eval.Thread, v lisp.Value) string {
	var b strings.Builder
	b.WriteString(lisp.Prin1ToString(v))
	b.WriteString("\n  [")
	b.WriteString(docsTypeName(v))
	b.WriteString("]\n")
	switch x := v.(type) {
	case *lisp.Symbol:
		docsDescribeSymbol(&b, t, x)
	case *lisp.String:
		b.WriteString("\nElement-type: character\nLength: ")
		b.WriteString(lisp.PrincToString(lisp.MakeInt(int64(len([]rune(x.S))))))
		b.WriteString("\n")
	case *eval.Builtin:
		docsParagraph(&b, x.Name, "compiled function", x.Args, x.Doc)
	}
	return b.String()
}

func docsDescribeSymbol(b *strings.Builder, t *eval.Thread, sym *lisp.Symbol) {
	if sym.Keyword {
		return
	}
	info := t.Interp().Describe(sym)
	name := lisp.Prin1ToString(sym)
	if info.Bound {
		b.WriteString("\n" + name + " names a special variable:\n  Value: ")
		b.WriteString(lisp.Prin1ToString(info.Value))
		b.WriteString("\n")
		if info.VarDoc != "" {
			b.WriteString("  Documentation:\n    " + info.VarDoc + "\n")
		}
	}
	switch info.Kind {
	case "function":
		docsParagraph(b, name, "compiled function", info.Args, info.Doc)
	case "macro", "special operator":
		docsParagraph(b, name, info.Kind, info.Args, info.Doc)
	}
}

func docsParagraph(b *strings.Builder, name, kind, args, doc string) {
	b.WriteString("\n" + name + " names a " + kind + ":\n")
	if args != "" {
		b.WriteString("  Lambda-list: " + args + "\n")
	}
	if doc != "" {
		b.WriteString("  Documentation:\n    " + doc + "\n")
	}
}

// docsTypeName is the type describe shows in brackets.
func docsTypeName(v lisp.Value) string {
	switch x := v.(type) {
	case *lisp.Symbol:
		if x.Keyword {
			return "keyword"
		}
		if x == lisp.Nil {
			return "null"
		}
		return "symbol"
	case lisp.Fixnum:
		return "fixnum"
	case *big.Int:
		return "bignum"
	case *big.Rat:
		return "ratio"
	case lisp.Float:
		return "double-float"
	case lisp.Char:
		return "character"
	case *lisp.String:
		return "simple-string"
	case *lisp.Cons:
		return "cons"
	case *lisp.Vector:
		return "simple-vector"
	case *lisp.HashTable:
		return "hash-table"
	case *lisp.Stream:
		return "stream"
	case *lisp.Condition:
		return strings.ToLower(x.Class.Name)
	case lisp.Function:
		return "compiled-function"
	}
	return "t"
}
