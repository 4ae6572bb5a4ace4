package builtins

import (
	"strings"

	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
)

// Places, as CL's get-setf-expansion describes them: the subforms of a
// place are bound once to temporaries, a store variable receives the new
// value, and two forms read and write the place through the temporaries.
// Every modify macro (setf, incf, push, rotatef, …) is written in terms of
// this, so each evaluates a place's subforms exactly once, left to right.

// place is the setf expansion of one place form.
type place struct {
	temps []binding    // subform temporaries, bound in order with let*
	store *lisp.Symbol // holds the new value when write runs
	// more are the store variables after the first, for a place a long
	// defsetf or define-setf-expander gives several: they receive the
	// second and later values of what is stored.
	more   []*lisp.Symbol
	read   lisp.Value // reads the place
	write  lisp.Value // stores the store variable and returns it
	simple bool       // the place is a variable: read is the variable itself
	// direct, when set, builds a form storing value with no temporaries
	// that still evaluates the subforms and then value, in that order.
	direct func(value lisp.Value) lisp.Value
}

// setterOf maps an accessor to the setter builtin taking the accessor's
// arguments followed by the new value.
var setterOf = map[string]*lisp.Symbol{
	"CAR": sSetCar, "CDR": sSetCdr, "FIRST": sSetCar, "REST": sSetCdr,
	"NTH": sSetNth, "ELT": sSetElt, "AREF": sSetAref, "SVREF": sSetAref,
	"CHAR": sSetChar, "SCHAR": sSetChar, "GETHASH": sPuthash,
	"SYMBOL-FUNCTION": lisp.Sym("%set-symbol-function"), "FDEFINITION": lisp.Sym("%set-fdefinition"),
	"BIT": lisp.Sym("%set-bit"), "SBIT": lisp.Sym("%set-bit"), "ROW-MAJOR-AREF": lisp.Sym("%set-row-major-aref"),
	"FILL-POINTER": lisp.Sym("%set-fill-pointer"), "SUBSEQ": lisp.Sym("%set-subseq"),
	"GET": lisp.Sym("%put"), "SYMBOL-PLIST": lisp.Sym("%set-symbol-plist"),
	"MACRO-FUNCTION": lisp.Sym("%set-macro-function"),
}

// readDefault says which accessors of setterOf take a default as their
// last optional argument, which is read but never stored.
var readDefault = map[string]bool{"GETHASH": true, "GET": true}

// setterArity is how many arguments each accessor of setterOf takes, at
// least and at most (-1: any number), so that a place with the wrong
// number of subforms is an error when it is expanded, not a confusing
// arity error from the setter.
var setterArity = map[string][2]int{
	"CAR": {1, 1}, "CDR": {1, 1}, "FIRST": {1, 1}, "REST": {1, 1},
	"NTH": {2, 2}, "ELT": {2, 2}, "AREF": {1, -1}, "SVREF": {2, 2},
	"CHAR": {2, 2}, "SCHAR": {2, 2}, "GETHASH": {2, 3},
	"SYMBOL-FUNCTION": {1, 1}, "FDEFINITION": {1, 1},
	"BIT": {2, 2}, "SBIT": {2, 2}, "ROW-MAJOR-AREF": {2, 2},
	"FILL-POINTER": {1, 1}, "SUBSEQ": {2, 3},
	"GET": {2, 3}, "SYMBOL-PLIST": {1, 1}, "MACRO-FUNCTION": {1, 2},
}

// ordinalIndex maps second…tenth to their nth index.
var ordinalIndex = map[string]int{
	"SECOND": 1, "THIRD": 2, "FOURTH": 3, "FIFTH": 4,
	"SIXTH": 5, "SEVENTH": 6, "EIGHTH": 7, "NINTH": 8, "TENTH": 9,
}

// setfFunctionName is the symbol naming the setf function of an accessor:
// (setf (foo x) v) calls (|(SETF FOO)| v x), the way CL calls #'(setf foo).
// defstruct and defsetf define functions under these names.
func setfFunctionName(accessor *lisp.Symbol) *lisp.Symbol {
	return lisp.DerivedName("SETF", accessor)
}

// tempsFor binds each argument form to a temporary, except constants,
// which are used as they are.
func tempsFor(forms []lisp.Value) (bs []binding, refs []lisp.Value) {
	for _, f := range forms {
		if isConstantForm(f) {
			refs = append(refs, f)
			continue
		}
		g := gensym("P")
		bs = append(bs, binding{g, f})
		refs = append(refs, g)
	}
	return bs, refs
}

// expandPlace returns the setf expansion of form. op names the macro, for
// errors.
func expandPlace(t *eval.Thread, op string, form lisp.Value) place {
	store := gensym("NEW")
	switch x := form.(type) {
	case *lisp.Symbol:
		if x.Keyword || x == lisp.Nil || x == lisp.T {
			syntaxError(op, "cannot assign to the constant %s", lisp.Prin1ToString(x))
		}
		// A symbol macro is the place it expands to, whose subforms are
		// evaluated once, in order, with the other places' (psetf).
		if exp, ok := symbolMacroExpansion(t, x); ok {
			return expandPlace(t, op, exp)
		}
		return place{store: store, read: x, write: lisp.List(sSetq, x, store), simple: true}
	case *lisp.Cons:
		head, ok := x.Car.(*lisp.Symbol)
		if !ok {
			break
		}
		args := listOf(op, "place", x.Cdr)
		if head == sValues {
			return valuesPlace(t, op, args, store)
		}
		return expandCallPlace(t, op, form, head, args, store)
	}
	syntaxError(op, "%s is not a place", lisp.Prin1ToString(form))
	return place{}
}

func expandCallPlace(t *eval.Thread, op string, form lisp.Value, head *lisp.Symbol, args []lisp.Value, store *lisp.Symbol) place {
	name := head.Name
	if n, known := setterArity[name]; known && (len(args) < n[0] || (n[1] >= 0 && len(args) > n[1])) {
		syntaxError(op, "malformed place %s", lisp.Prin1ToString(form))
	}
	_, ordinal := ordinalIndex[name]
	if _, cxr := cxrPath(name); (ordinal || cxr) && len(args) != 1 {
		syntaxError(op, "malformed place %s", lisp.Prin1ToString(form))
	}
	if setter, ok := setterOf[name]; ok {
		bs, refs := tempsFor(args)
		read := lisp.ListStar(lisp.List(refs...), head)
		writeArgs := refs
		if readDefault[name] {
			writeArgs = refs[:2] // the default is read, never stored
		}
		direct := func(value lisp.Value) lisp.Value {
			if readDefault[name] && len(args) == 3 && !isConstantForm(args[2]) {
				value = lisp.List(sProgn, args[2], value) // the default is evaluated, in order
			}
			return lisp.List(concat([]lisp.Value{setter}, args[:len(writeArgs)], []lisp.Value{value})...)
		}
		return place{temps: bs, store: store, read: read, direct: direct,
			write: lisp.List(concat([]lisp.Value{setter}, writeArgs, []lisp.Value{store})...)}
	}
	if i, ok := ordinalIndex[name]; ok && len(args) == 1 {
		bs, refs := tempsFor(args)
		return place{temps: bs, store: store, read: lisp.List(head, refs[0]),
			write: lisp.List(sSetNth, lisp.MakeInt(int64(i)), refs[0], store),
			direct: func(value lisp.Value) lisp.Value {
				return lisp.List(sSetNth, lisp.MakeInt(int64(i)), args[0], value)
			}}
	}
	if path, ok := cxrPath(name); ok && len(args) == 1 {
		// (cadr x): the place is the car of (cdr x).
		obj := lisp.List(lisp.Intern("C"+path[1:]+"R"), args[0])
		bs, refs := tempsFor([]lisp.Value{obj})
		setter := sSetCar
		if path[0] == 'D' {
			setter = sSetCdr
		}
		return place{temps: bs, store: store, read: lisp.List(lisp.Intern("C"+path[:1]+"R"), refs[0]),
			write:  lisp.List(setter, refs[0], store),
			direct: func(value lisp.Value) lisp.Value { return lisp.List(setter, obj, value) }}
	}
	switch name {
	case "APPLY":
		return expandApplyPlace(t, op, form, args, store)
	case "GETF":
		return expandGetfPlace(t, op, form, args, store)
	case "LDB", "MASK-FIELD":
		return expandBytePlace(t, op, name, form, args, store)
	case "SYMBOL-VALUE":
		bs, refs := tempsFor(args)
		if len(refs) != 1 {
			syntaxError(op, "malformed place %s", lisp.Prin1ToString(form))
		}
		return place{temps: bs, store: store, read: lisp.List(head, refs[0]), write: lisp.List(sSet, refs[0], store),
			direct: func(value lisp.Value) lisp.Value { return lisp.List(sSet, args[0], value) }}
	case "THE":
		if len(args) != 2 {
			syntaxError(op, "malformed place %s", lisp.Prin1ToString(form))
		}
		return expandPlace(t, op, args[1])
	}
	// A defsetf takes precedence over expanding the place as a macro, as
	// CL has setf look for a setf expander before it macroexpands; a setf
	// function ((defun (setf f) …), defstruct's) comes after.
	setter := setfFunctionName(head)
	if hasSetfExpander(t, head) {
		return expanderPlace(t, op, form, head, args)
	}
	if hasDefsetf(t, head) {
		return defsetfPlace(t, op, head, args, store)
	} else if expansion, ok := macroexpandPlace(t, form); ok {
		return expandPlace(t, op, expansion)
	}
	// Any other accessor is written by its setf function.
	bs, refs := tempsFor(args)
	return place{temps: bs, store: store, read: lisp.ListStar(lisp.List(refs...), head),
		// The writer names the setf function as CL does, #'(setf f), for
		// get-setf-expansion to show.
		write: lisp.ListStar(lisp.List(refs...), sFuncall, lisp.List(sFunction, lisp.List(sSetf, head)), store),
		direct: func(value lisp.Value) lisp.Value {
			// The new value comes first in the call, so it may only be
			// evaluated early when that cannot be told apart.
			if !isConstantForm(value) && len(bs) > 0 {
				return nil
			}
			return lisp.ListStar(lisp.List(args...), setter, value)
		}}
}

// cxrPath returns the letters between C and R of a composite car/cdr
// accessor with two to four letters ("ADD" for caddr).
func cxrPath(name string) (string, bool) {
	if len(name) < 4 || len(name) > 6 || name[0] != 'C' || name[len(name)-1] != 'R' {
		return "", false
	}
	path := name[1 : len(name)-1]
	if strings.Trim(path, "AD") != "" {
		return "", false
	}
	return path, true
}

// macroexpandPlace expands a place that is a macro form (a user macro used
// as a place). Without an image (expanders called directly) there are no
// user macros.
func macroexpandPlace(t *eval.Thread, form lisp.Value) (lisp.Value, bool) {
	if t == nil {
		return nil, false
	}
	return t.Macroexpand1(form)
}

// defsetfName is the symbol naming the updater defsetf defines for an
// accessor, called as setf functions are (new value first). It is apart
// from the setf function so that setf can tell a defsetf, which comes
// before macro expansion, from a setf function, which comes after.
func defsetfName(accessor *lisp.Symbol) *lisp.Symbol {
	return lisp.DerivedName("DEFSETF", accessor)
}

// defsetfPlace is the place (accessor args…) of a short-form defsetf:
// written by the form (updater args… new), the arguments evaluated first,
// in order, as CL's setf does.
func defsetfPlace(t *eval.Thread, op string, head *lisp.Symbol, args []lisp.Value, store *lisp.Symbol) place {
	updater, ok := t.Call(defsetfName(head)).(*lisp.Symbol)
	if !ok {
		syntaxError(op, "the defsetf of %s names no updater", lisp.Prin1ToString(head))
	}
	bs, refs := tempsFor(args)
	return place{temps: bs, store: store, read: lisp.ListStar(lisp.List(refs...), head),
		write: lisp.List(append(append([]lisp.Value{updater}, refs...), store)...),
		direct: func(value lisp.Value) lisp.Value {
			return lisp.List(append(append([]lisp.Value{updater}, args...), value)...)
		}}
}

// hasDefsetf reports whether the image has a defsetf for accessor.
func hasDefsetf(t *eval.Thread, accessor *lisp.Symbol) bool {
	return t != nil && t.Interp().Describe(defsetfName(accessor)).Kind == "function"
}

// expandGetfPlace handles (getf plist indicator [default]): the plist is
// itself a place, written back with the list %putf returns.
func expandGetfPlace(t *eval.Thread, op string, form lisp.Value, args []lisp.Value, store *lisp.Symbol) place {
	if len(args) < 2 || len(args) > 3 {
		syntaxError(op, "malformed place %s", lisp.Prin1ToString(form))
	}
	inner := expandPlace(t, op, args[0])
	bs, refs := tempsFor(args[1:])
	read := lisp.ListStar(lisp.List(refs...), sGetf, inner.read)
	write := lisp.List(sLet, lisp.List(lisp.List(inner.store, lisp.List(sPutf, inner.read, refs[0], store))),
		inner.write, store)
	return place{temps: concat2(inner.temps, bs), store: store, read: read, write: write}
}

// expandBytePlace handles (ldb bytespec integer) and (mask-field bytespec
// integer): the integer is itself a place, written back with dpb or
// deposit-field; the store is the new byte, as CLHS says setf returns.
func expandBytePlace(t *eval.Thread, op, name string, form lisp.Value, args []lisp.Value, store *lisp.Symbol) place {
	if len(args) != 2 {
		syntaxError(op, "malformed place %s", lisp.Prin1ToString(form))
	}
	deposit := sDpb
	if name == "MASK-FIELD" {
		deposit = sDepositField
	}
	bs, refs := tempsFor(args[:1])
	inner := expandPlace(t, op, args[1])
	read := lisp.List(lisp.Intern(name), refs[0], inner.read)
	write := lisp.List(sLet, lisp.List(lisp.List(inner.store, lisp.List(deposit, store, refs[0], inner.read))),
		inner.write, store)
	return place{temps: concat2(bs, inner.temps), store: store, read: read, write: write}
}

func concat2(a, b []binding) []binding {
	out := append([]binding{}, a...)
	return append(out, b...)
}

// withPlace builds (let* (temps… extra…) body…), or just the body when
// there is nothing to bind.
func withPlace(temps []binding, body ...lisp.Value) lisp.Value {
	if len(temps) == 0 {
		return progn(body)
	}
	return letForm(sLetStar, temps, body...)
}

// storeInto is the form that evaluates value and writes it to the place:
// the write form with the store variable bound to value.
func storeInto(p place, value lisp.Value) lisp.Value {
	if p.simple {
		return lisp.List(sSetq, p.read, value)
	}
	if p.direct != nil {
		if f := p.direct(value); f != nil {
			return f
		}
	}
	return withPlace(concat2(p.temps, storeBindings(p, value)), p.write)
}

// storeBindings binds the place's store variables to the values of value:
// the one store to value itself, or, when there are several, each to its
// value of the form's (nil for a missing one), through a list of them so
// that the bindings fit in the let* the place's temporaries are bound by.
func storeBindings(p place, value lisp.Value) []binding {
	if len(p.more) == 0 {
		return []binding{{p.store, value}}
	}
	vals := gensym("VALUES")
	out := []binding{{vals, lisp.List(lisp.Sym("multiple-value-list"), value)}, {p.store, lisp.List(sCar, vals)}}
	for i, s := range p.more {
		out = append(out, binding{s, lisp.List(lisp.Sym("nth"), lisp.MakeInt(int64(i+1)), vals)})
	}
	return out
}

// stores is the list of the place's store variables.
func (p place) stores() []lisp.Value {
	out := []lisp.Value{p.store}
	for _, s := range p.more {
		out = append(out, s)
	}
	return out
}

// symbolMacroExpansion is the expansion of the symbol macro s names where
// the place is being expanded; none without a thread (an expansion
// test's).
func symbolMacroExpansion(t *eval.Thread, s *lisp.Symbol) (lisp.Value, bool) {
	if t == nil {
		return s, false
	}
	return t.Macroexpand1(s)
}
