package builtins

// Pprint dispatch tables for programs: copy-pprint-dispatch,
// pprint-dispatch and set-pprint-dispatch over lisp.PprintTable. An
// entry's type test and function call need the image, so they are made
// here, as closures the printer calls (lisp/pprint_dispatch.go).

import (
	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
)

var sPrintPprintDispatch = lisp.Sym("*print-pprint-dispatch*")

// The bindings around a dispatch function while prin1 (or write with
// escapes) prints, and while princ does, so that what it writes prints
// alike.
var (
	prin1Vars   = []*lisp.Symbol{lisp.Sym("*print-escape*")}
	prin1Values = []lisp.Value{lisp.T}
	princVars   = []*lisp.Symbol{lisp.Sym("*print-escape*"), lisp.Sym("*print-readably*")}
	princValues = []lisp.Value{lisp.Nil, lisp.Nil}
)

// standardPprint is what pprint-dispatch returns for an object no entry
// of a program's selects: it prints the object as the standard table
// does. It is one function object, so that two lookups return eq ones.
var standardPprint = eval.NewBuiltin("%standard-pprint", "(stream object)",
	"Print an object as the standard pprint dispatch table does (what pprint-dispatch returns when no entry of the table selects it).",
	func(t *eval.Thread, a []lisp.Value) lisp.Value {
		lisp.WriteStandard(outDesignator(t, "%standard-pprint", a[0]), a[1], t.PrintOptions())
		return lisp.Nil
	})

func registerPprintDispatch() {
	defun("copy-pprint-dispatch", "(&optional (table *print-pprint-dispatch*))",
		"A new pprint dispatch table with the entries of table (nil: the standard table).",
		func(t *eval.Thread, a []lisp.Value) lisp.Value {
			table := currentPprintTable(t)
			if len(a) > 0 {
				table = pprintTableDesignator("copy-pprint-dispatch", a[0])
			}
			return table.Copy()
		})
	defun("pprint-dispatch", "(object &optional (table *print-pprint-dispatch*))",
		"The function that prints an object under the table (nil: the standard table), and whether an entry of the table selects it.",
		func(t *eval.Thread, a []lisp.Value) lisp.Value {
			table := currentPprintTable(t)
			if len(a) > 1 {
				table = pprintTableDesignator("pprint-dispatch", a[1])
			}
			if e := table.Lookup(a[0]); e != nil {
				return t.Values(e.Fn, lisp.T)
			}
			return t.Values(standardPprint, lisp.Bool(hasStandardLayout(a[0])))
		})
	defun("set-pprint-dispatch", "(type-specifier function &optional (priority 0) (table *print-pprint-dispatch*))",
		"Make objects of the type print by function (a designator of a function of a stream and the object) while *print-pretty* is true; nil removes the type's entry.",
		setPprintDispatch)
	defun("%standard-pprint-dispatch-table", "()", "The standard pprint dispatch table, which with-standard-io-syntax binds (internal).",
		func(t *eval.Thread, a []lisp.Value) lisp.Value { return lisp.StandardPprintTable })
}

func setPprintDispatch(t *eval.Thread, a []lisp.Value) lisp.Value {
	const op = "set-pprint-dispatch"
	typ, fn := a[0], a[1]
	var priority lisp.Value = lisp.Fixnum(0)
	if len(a) > 2 {
		priority = a[2]
		if !lisp.IsReal(priority) {
			lisp.TypeError(op, priority, "a real")
		}
	}
	table := currentPprintTable(t)
	if len(a) > 3 {
		table = pprintTableArg(op, a[3])
	}
	if table.IsStandard() {
		lisp.Errorf("%s: the standard pprint dispatch table cannot be changed (copy it with copy-pprint-dispatch)", op)
	}
	if fn == lisp.Value(lisp.Nil) {
		table.Remove(typ)
		return lisp.Nil
	}
	switch fn.(type) {
	case lisp.Function, *lisp.Symbol:
	default:
		lisp.TypeError(op, fn, "a function designator")
	}
	in := t.Interp()
	table.Set(&lisp.PprintEntry{
		Type: typ, Priority: priority, Fn: fn,
		// A type that cannot be tested (not defined) selects nothing, as
		// in SBCL, which warns.
		Matches: func(obj lisp.Value) bool { return typepKnown(in.Running(), obj, typ) },
		Print: func(s *lisp.Stream, obj lisp.Value, escape bool) {
			t := in.Running()
			vars, vals := princVars, princValues
			if escape {
				vars, vals = prin1Vars, prin1Values
			}
			t.WithSpecials(vars, vals, func() { t.Call(fn, s, obj) })
		},
	})
	return lisp.Nil
}

// hasStandardLayout reports whether the standard table has an entry for
// v, as pprint-dispatch's second value tells: conses and the arrays other
// than strings and bit vectors have layouts of the pretty printer's; any
// other object prints as it does with *print-pretty* nil.
func hasStandardLayout(v lisp.Value) bool {
	switch x := v.(type) {
	case *lisp.Cons, *lisp.Array:
		return true
	case *lisp.Vector:
		return !x.Bits
	}
	return false
}

// currentPprintTable is *print-pprint-dispatch*'s value.
func currentPprintTable(t *eval.Thread) *lisp.PprintTable {
	v, _ := t.SymbolValue(sPrintPprintDispatch)
	return pprintTableArg("*print-pprint-dispatch*", v)
}

// pprintTableDesignator is a table, or nil for the standard table.
func pprintTableDesignator(op string, v lisp.Value) *lisp.PprintTable {
	if v == lisp.Value(lisp.Nil) {
		return lisp.StandardPprintTable
	}
	return pprintTableArg(op, v)
}

func pprintTableArg(op string, v lisp.Value) *lisp.PprintTable {
	table, ok := v.(*lisp.PprintTable)
	if !ok {
		lisp.TypeError(op, v, "a pprint dispatch table")
	}
	return table
}
