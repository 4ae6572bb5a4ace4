package builtins

// The places and setf forms beyond one accessor: (setf (values a b) form)
// stores several values, (setf (apply #'f args…) v) stores through an
// accessor called with apply, and the long form of defsetf defines an
// expander from a lambda list and store variables.

import (
	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
)

// setfValues is (setf (values place…) form): the places' subforms are
// evaluated first, then form, whose values are stored in the places in
// order (nil for a missing value); setf returns the values stored.
func setfValues(t *eval.Thread, subplaces []lisp.Value, value lisp.Value) lisp.Value {
	var temps []binding
	var stores, writes []lisp.Value
	for _, p := range places(t, "setf", subplaces) {
		temps = concat2(temps, p.temps)
		stores = append(stores, p.store)
		for _, more := range p.more {
			// CLHS 5.1.2.3: a place's further store variables get nil.
			temps = append(temps, binding{more, lisp.Nil})
		}
		writes = append(writes, p.write)
	}
	body := concat([]lisp.Value{sMultipleValueBind, lisp.List(stores...), value}, writes,
		[]lisp.Value{lisp.ListStar(lisp.List(stores...), sValues)})
	return withPlace(temps, lisp.List(body...))
}

// valuesPlace is (values place…) as a place wherever one is taken (psetf,
// shiftf, rotatef, a nested (values …)): its store variables are the
// first store of each subplace, whose further stores get nil (CLHS
// 5.1.2.3); it reads and writes as values of the subplaces' reads and
// writes. With no subplaces its one store is never written.
func valuesPlace(t *eval.Thread, op string, subplaces []lisp.Value, store *lisp.Symbol) place {
	var temps []binding
	var stores []*lisp.Symbol
	var reads, writes []lisp.Value
	for _, p := range places(t, op, subplaces) {
		temps = concat2(temps, p.temps)
		for _, more := range p.more {
			temps = append(temps, binding{more, lisp.Nil})
		}
		stores = append(stores, p.store)
		reads = append(reads, p.read)
		writes = append(writes, p.write)
	}
	if len(stores) == 0 {
		stores = []*lisp.Symbol{store}
	}
	return place{temps: temps, store: stores[0], more: stores[1:],
		read: lisp.ListStar(lisp.List(reads...), sValues), write: lisp.ListStar(lisp.List(writes...), sValues)}
}

// isValuesPlace reports whether form is (values place…).
func isValuesPlace(form lisp.Value) ([]lisp.Value, bool) {
	c, ok := form.(*lisp.Cons)
	if !ok || c.Car != lisp.Value(sValues) {
		return nil, false
	}
	return listOf("setf", "place", c.Cdr), true
}

// expandApplyPlace is (apply #'f arg… list) as a place: stored by f's
// setter (aref's, a setf function or a defsetf) called with apply, the
// new value placed where that setter takes it.
func expandApplyPlace(t *eval.Thread, op string, form lisp.Value, args []lisp.Value, store *lisp.Symbol) place {
	if len(args) < 2 {
		syntaxError(op, "malformed place %s", lisp.Prin1ToString(form))
	}
	var f *lisp.Symbol
	if c, ok := args[0].(*lisp.Cons); ok && (c.Car == lisp.Value(sFunction) || c.Car == lisp.Value(sQuote)) {
		f, _ = lisp.Car(c.Cdr).(*lisp.Symbol)
	}
	if f == nil {
		syntaxError(op, "%s: the function of an apply place must be #'name", lisp.Prin1ToString(form))
	}
	bs, refs := tempsFor(args[1:])
	read := lisp.ListStar(lisp.List(refs...), sApply, lisp.List(sFunction, f))
	// The last argument is the list apply spreads; the new value goes
	// after its elements for aref's setter and before all arguments for
	// a setf function or a defsetf's updater.
	spread, last := refs[:len(refs)-1], refs[len(refs)-1]
	var write lisp.Value
	if setter, ok := setterOf[f.Name]; ok {
		withValue := lisp.List(lisp.Sym("append"), last, lisp.List(sList, store))
		write = lisp.List(concat([]lisp.Value{sApply, lisp.List(sFunction, setter)}, spread, []lisp.Value{withValue})...)
	} else {
		setter := setfFunctionName(f)
		if hasDefsetf(t, f) {
			setter = defsetfName(f)
		}
		write = lisp.List(concat([]lisp.Value{sApply, lisp.List(sFunction, setter), store}, refs)...)
	}
	return place{temps: bs, store: store, read: read, write: lisp.List(sProgn, write, store)}
}

// expandLongDefsetf is (defsetf access lambda-list (store-var…) body…):
// an expander whose lambda list is bound to the temporaries of the
// place's arguments (a constant argument is passed as it is) and whose
// body, with each store variable bound to the symbol that will hold a
// new value, returns the form that stores them.
func expandLongDefsetf(access *lisp.Symbol, lambdaList, storeVars lisp.Value, body []lisp.Value) lisp.Value {
	const op = "defsetf"
	stores := listOf(op, "store variable list", storeVars)
	if len(stores) == 0 {
		syntaxError(op, "%s: at least one store variable is needed", lisp.Prin1ToString(access))
	}
	if len(body) > 0 {
		if _, ok := body[0].(*lisp.String); ok && len(body) > 1 {
			body = body[1:] // the documentation string
		}
	}
	args, params, a, p := gensym("ARGS"), gensym("PARAMS"), gensym("A"), gensym("P")
	lambda := func(vars []lisp.Value, form lisp.Value) lisp.Value {
		return lisp.List(sFunction, lisp.List(lisp.Sym("lambda"), lisp.List(vars...), form))
	}
	// A parameter is the argument itself when it is a constant, else a
	// fresh temporary that the argument's value is bound to.
	paramOf := lambda([]lisp.Value{a}, lisp.List(sIf, lisp.List(lisp.Sym("constantp"), a), a, lisp.List(lisp.Sym("gensym"))))
	pick := func(keep lisp.Value) lisp.Value {
		return lisp.List(lisp.Sym("loop"), lisp.Sym("for"), a, lisp.Sym("in"), args, lisp.Sym("for"), p, lisp.Sym("in"), params,
			lisp.Sym("unless"), lisp.List(lisp.Sym("eq"), a, p), lisp.Sym("collect"), keep)
	}
	bindings := []lisp.Value{lisp.List(params, lisp.List(lisp.Sym("mapcar"), paramOf, args))}
	for _, s := range stores {
		bindings = append(bindings, lisp.List(symbolArg(op, s), lisp.List(lisp.Sym("gensym"))))
	}
	// The body runs in a block named by the accessor (CLHS defsetf), its
	// own: the expander below has one of the same name around it.
	decls, forms := splitDeclarations(body)
	storeForm := lisp.List(concat([]lisp.Value{lisp.Sym("destructuring-bind"), lisp.List(stripEnvironment(lambdaList)...), params}, decls,
		[]lisp.Value{lisp.ListStar(lisp.List(forms...), sBlock, access)})...)
	expander := lisp.List(sLetStar, lisp.List(bindings...),
		lisp.List(sValues, pick(p), pick(a), lisp.ListStar(lisp.List(stores...), sList), storeForm,
			lisp.List(lisp.Sym("cons"), quoted(access), params)))
	return lisp.List(sProgn,
		lisp.List(lisp.Sym("define-setf-expander"), access, lisp.List(sAmpRest, args), expander),
		quoted(access))
}

// stripEnvironment drops &environment var from a lambda list: the
// expander's environment is not passed on.
func stripEnvironment(lambdaList lisp.Value) []lisp.Value {
	var out []lisp.Value
	items := listOf("defsetf", "lambda list", lambdaList)
	for i := 0; i < len(items); i++ {
		if symbolNamed(items[i], "&ENVIRONMENT") {
			i++
			continue
		}
		out = append(out, items[i])
	}
	return out
}
