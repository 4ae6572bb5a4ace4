package builtins

// Methods as objects (CLHS 7.6): what defmethod returns, and what
// find-method, add-method, remove-method, compute-applicable-methods,
// method-qualifiers and function-keywords take or give. Also
// ensure-generic-function, the function behind defgeneric.

import (
	"strings"

	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
)

// UnreadableString prints a method as SBCL does, without its address:
// #<STANDARD-METHOD NAME QUALIFIER (SPECIALIZER…)>, the names printed
// under o (in lower case at a REPL).
func (m *method) UnreadableString(o lisp.PrintOptions) string {
	o.Escape = true
	parts := []lisp.Value{sStandardMethod}
	if m.gf != nil {
		parts = append(parts, m.gf.name)
	}
	if m.qualifier != nil {
		parts = append(parts, m.qualifier)
	}
	parts = append(parts, m.specializerList())
	words := make([]string, len(parts))
	for i, v := range parts {
		words[i] = lisp.WriteToString(v, o)
	}
	return "#<" + strings.Join(words, " ") + ">"
}

var sStandardMethod = lisp.Sym("standard-method")

// specializerList is the method's specializers as names and (eql value)
// lists, as the printer shows them.
func (m *method) specializerList() lisp.Value {
	out := make([]lisp.Value, len(m.specs))
	for i, s := range m.specs {
		if s.isEql {
			out[i] = lisp.List(sEql, s.eql)
		} else {
			out[i] = s.class.Name
		}
	}
	return lisp.List(out...)
}

// genericOf returns the generic function a value is (a function object,
// or the name of one), or signals a type error naming op.
func (ci *closImage) genericOf(t *eval.Thread, op string, v lisp.Value) *generic {
	if s, ok := v.(*lisp.Symbol); ok {
		if g, ok := ci.generics[s]; ok {
			return g
		}
		if _, ok := standardGenerics[s.Name]; ok {
			return ci.generic(t, op, s)
		}
	}
	if b, ok := v.(*eval.Builtin); ok {
		for _, g := range ci.generics {
			if g.fn == b {
				return g
			}
		}
		if _, ok := standardGenerics[strings.ToUpper(b.Name)]; ok && libraryFunction(strings.ToUpper(b.Name)) == b {
			return ci.generic(t, op, lisp.Sym(b.Name))
		}
	}
	lisp.TypeError(op, v, "a generic function")
	return nil
}

func methodArg(op string, v lisp.Value) *method {
	m, ok := v.(*method)
	if !ok {
		lisp.TypeError(op, v, "a method")
	}
	return m
}

// specializerArg reads a specializer find-method is given: a class, a
// class name, or (eql value).
func specializerArg(t *eval.Thread, op string, v lisp.Value) specializer {
	if c, ok := v.(*lisp.Cons); ok && c.Car == lisp.Value(sEql) {
		return specializer{eql: lisp.Car(c.Cdr), isEql: true}
	}
	return specializer{class: classArg(t, op, v)}
}

// findMethod is find-method: the method of the generic function with
// exactly these qualifiers and specializers.
func findMethod(t *eval.Thread, args []lisp.Value) lisp.Value {
	const op = "find-method"
	ci := closOf(t)
	g := ci.genericOf(t, op, args[0])
	quals := lisp.ListToSlice(op, args[1])
	var specs []specializer
	for _, s := range lisp.ListToSlice(op, args[2]) {
		specs = append(specs, specializerArg(t, op, s))
	}
	if g.nreq >= 0 && len(specs) != g.nreq {
		lisp.Errorf("%s: %d specializers given, but %s has %d required parameters", op, len(specs), printName(g.name), g.nreq)
	}
	for _, m := range g.methods {
		if !sameQualifiers(m, quals) || len(m.specs) != len(specs) || !sameSpecs(m.specs, specs) {
			continue
		}
		return m
	}
	if len(args) > 3 && args[3] == lisp.Value(lisp.Nil) {
		return lisp.Nil
	}
	lisp.Errorf("%s: %s has no method with qualifiers %s and specializers %s", op, printName(g.name), lisp.Prin1ToString(args[1]), lisp.Prin1ToString(args[2]))
	return nil
}

func sameQualifiers(m *method, quals []lisp.Value) bool {
	if m.qualifier == nil {
		return len(quals) == 0
	}
	return len(quals) == 1 && quals[0] == lisp.Value(m.qualifier)
}

// removeMethod is remove-method: the method goes from the generic
// function if it is one of its methods; the generic function is returned.
func removeMethod(t *eval.Thread, args []lisp.Value) lisp.Value {
	const op = "remove-method"
	g := closOf(t).genericOf(t, op, args[0])
	m := methodArg(op, args[1])
	for i, x := range g.methods {
		if x == m && !m.builtin {
			g.methods = append(g.methods[:i:i], g.methods[i+1:]...)
			m.gf = nil
			g.reindex()
			break
		}
	}
	return args[0]
}

// addMethodFn is add-method: a method removed from its generic function, or
// made for this one, is added to it, replacing a method with the same
// qualifiers and specializers. A method of another generic function, or
// one whose lambda list is not congruent with it, is an error.
func addMethodFn(t *eval.Thread, args []lisp.Value) lisp.Value {
	const op = "add-method"
	g := closOf(t).genericOf(t, op, args[0])
	m := methodArg(op, args[1])
	if m.gf != nil && m.gf != g {
		lisp.Errorf("%s: %s is already a method of %s", op, plainString(m), printName(m.gf.name))
	}
	if m.builtin {
		lisp.Errorf("%s: %s is a method the library defines", op, plainString(m))
	}
	g.setArity(op, len(m.specs))
	g.setShape(op, m.shape)
	g.checkAcceptsKeys(op, m.shape)
	m.gf = g
	g.addMethod(m)
	return args[0]
}

// computeApplicable is compute-applicable-methods: the methods that apply
// to the arguments, most specific first.
func computeApplicable(t *eval.Thread, args []lisp.Value) lisp.Value {
	const op = "compute-applicable-methods"
	g := closOf(t).genericOf(t, op, args[0])
	callArgs := lisp.ListToSlice(op, args[1])
	if len(callArgs) < g.nreq {
		lisp.SignalClass(lisp.ClassProgramError, "%s: %s takes %d required arguments, the list %s has %d", op, printName(g.name), g.nreq, lisp.Prin1ToString(args[1]), len(callArgs))
	}
	var out []lisp.Value
	for _, m := range g.applicable(t, callArgs) {
		out = append(out, m)
	}
	return lisp.List(out...)
}

// ensureGeneric is ensure-generic-function: the generic function name,
// made when it does not exist; :lambda-list, when given, sets its shape
// as defgeneric's does.
func ensureGeneric(t *eval.Thread, args []lisp.Value) lisp.Value {
	const op = "ensure-generic-function"
	name := writerName(args[0])
	opts := args[1:]
	if len(opts)%2 != 0 {
		lisp.SignalClass(lisp.ClassProgramError, "%s: odd number of keyword arguments", op)
	}
	g := closOf(t).generic(t, op, name)
	var lambdaList, precedence lisp.Value
	hasPrecedence := false
	for i := 0; i < len(opts); i += 2 {
		switch {
		case symbolNamed(opts[i], "LAMBDA-LIST") && isKeyword(opts[i]):
			lambdaList = opts[i+1]
			sh := parseShape(op, lambdaList)
			g.forgetShapeIfEmpty()
			g.setArity(op, sh.nreq)
			g.setShape(op, sh)
			g.declared = sh
		case opts[i] == lisp.Value(kwArgumentPrecedenceOrder):
			precedence, hasPrecedence = opts[i+1], true
		case opts[i] == lisp.Value(kwDocumentation):
			if doc, ok := opts[i+1].(*lisp.String); ok && g.fn != nil {
				g.fn.Doc = doc.S
			}
		}
	}
	if hasPrecedence {
		if lambdaList == nil {
			lisp.SignalClass(lisp.ClassProgramError, "%s: :argument-precedence-order needs :lambda-list", op)
		}
		g.setPrecedence(op, lambdaList, precedence)
	}
	t.NoteDefined(name)
	return g.function()
}

func registerClosMethod() {
	defun("find-method", "(generic-function qualifiers specializers &optional errorp)", "Return the method of the generic function with these qualifiers and specializers (classes, class names or (eql value) lists); if there is none, signal an error, or return nil when errorp is nil.", findMethod)
	defun("remove-method", "(generic-function method)", "Remove the method from the generic function; return the generic function.", removeMethod)
	defun("add-method", "(generic-function method)", "Add the method to the generic function, replacing one with the same qualifiers and specializers; return the generic function.", addMethodFn)
	defun("compute-applicable-methods", "(generic-function arguments)", "Return the methods of the generic function that apply to the arguments, most specific first.", computeApplicable)
	defun("method-qualifiers", "(method)", "Return the method's qualifiers, a list.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		m := methodArg("method-qualifiers", args[0])
		if m.qualifier == nil {
			return lisp.Nil
		}
		return lisp.List(m.qualifier)
	})
	defun("function-keywords", "(method)", "Return the keywords the method's lambda list names, and whether it has &allow-other-keys.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		m := methodArg("function-keywords", args[0])
		keys := make([]lisp.Value, len(m.keys))
		for i, k := range m.keys {
			keys[i] = k
		}
		return t.Values(lisp.List(keys...), lisp.Bool(m.allowOther))
	})
	defun("ensure-generic-function", "(function-name &key lambda-list argument-precedence-order declare documentation environment generic-function-class method-class method-combination)", "Return the generic function named function-name, made when it does not exist.", ensureGeneric)
}
