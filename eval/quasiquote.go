package eval

import (
	"github.com/nodelisp/nodelisp/lisp"
)

// Backquote is expanded at analysis time into calls of the evaluator's own
// list builders (builtin objects placed directly in operator position, so
// that no user redefinition of list or append can change it).

func sfQuasiquote(a *analyzer, form *lisp.Cons) *ir {
	x := formArgs("quasiquote", form, 1, 1)[0]
	return a.analyze(qq(x, 1))
}

func isForm(x lisp.Value, op *lisp.Symbol) (lisp.Value, bool) {
	c, ok := x.(*lisp.Cons)
	if !ok || c.Car != op {
		return nil, false
	}
	r, ok := c.Cdr.(*lisp.Cons)
	if !ok || r.Cdr != lisp.Value(lisp.Nil) {
		return nil, false
	}
	return r.Car, true
}

// splicing reports whether x is ,@e or ,.e and returns e. The two splice
// alike: ,. may reuse the spliced list's conses, and copying them is one
// of the things it may do.
func splicing(x lisp.Value) (lisp.Value, bool) {
	if e, ok := isForm(x, symUnquoteSplicing); ok {
		return e, true
	}
	return isForm(x, lisp.SymUnquoteNsplicing)
}

func quoted(x lisp.Value) lisp.Value { return lisp.List(symQuote, x) }

// qq returns a form that builds the template x at backquote depth d.
func qq(x lisp.Value, d int) lisp.Value {
	switch v := x.(type) {
	case *lisp.Symbol:
		if v == lisp.Nil || v == lisp.T || v.Keyword {
			return v
		}
		return quoted(v)
	case *lisp.Vector:
		return lisp.List(builtinQQVector, qqList(lisp.List(v.Items...), d))
	case *lisp.Cons:
		if e, ok := isForm(v, symUnquote); ok {
			if d == 1 {
				return e
			}
			return lisp.List(builtinList, quoted(symUnquote), qq(e, d-1))
		}
		if e, ok := isForm(v, symQuasiquote); ok {
			return lisp.List(builtinList, quoted(symQuasiquote), qq(e, d+1))
		}
		return qqList(v, d)
	}
	return x
}

// qqList builds a list template, splicing ,@ elements.
func qqList(x lisp.Value, d int) lisp.Value {
	var items []lisp.Value
	var tail lisp.Value = lisp.Nil
	for x != lisp.Value(lisp.Nil) {
		c, ok := x.(*lisp.Cons)
		if !ok {
			tail = qq(x, d)
			break
		}
		if _, ok := isForm(c, symUnquote); ok {
			// `(a . ,b) reads as (a unquote b).
			tail = qq(c, d)
			break
		}
		if _, ok := isForm(c, symQuasiquote); ok {
			tail = qq(c, d)
			break
		}
		items = append(items, c.Car)
		x = c.Cdr
	}
	out := tail
	for i := len(items) - 1; i >= 0; i-- {
		el := items[i]
		if e, ok := splicing(el); ok && d == 1 {
			if out == lisp.Value(lisp.Nil) {
				out = e
			} else {
				out = lisp.List(builtinQQAppend, e, out)
			}
			continue
		}
		var part lisp.Value
		if e, ok := splicing(el); ok {
			part = lisp.List(builtinList, quoted(el.(*lisp.Cons).Car), qq(e, d-1))
		} else {
			part = qq(el, d)
		}
		out = lisp.List(builtinCons, part, out)
	}
	return out
}

var (
	builtinList = NewBuiltin("list", "(&rest objects)", "", func(t *Thread, args []lisp.Value) lisp.Value {
		return lisp.List(args...)
	})
	builtinCons = NewBuiltin("cons", "(car cdr)", "", func(t *Thread, args []lisp.Value) lisp.Value {
		return &lisp.Cons{Car: args[0], Cdr: args[1]}
	})
	builtinCdr = NewBuiltin("cdr", "(list)", "", func(t *Thread, args []lisp.Value) lisp.Value {
		return lisp.Cdr(args[0])
	})
	// builtinQQAppend copies its first argument (a proper list) onto the second.
	builtinQQAppend = NewBuiltin("append", "(list tail)", "", func(t *Thread, args []lisp.Value) lisp.Value {
		return lisp.ListStar(args[1], lisp.ListToSlice("append", args[0])...)
	})
	builtinQQVector = NewBuiltin("vector", "(list)", "", func(t *Thread, args []lisp.Value) lisp.Value {
		return &lisp.Vector{Items: lisp.ListToSlice("vector", args[0])}
	})
)
