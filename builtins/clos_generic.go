package builtins

// Generic functions: methods, dispatch on the classes (and eql values) of
// the required arguments, the standard method combination, and the cache
// that makes a generic call in a loop cost a key comparison.

import (
	"fmt"
	"slices"
	"strings"

	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
)

// generic is one generic function of an image.
type generic struct {
	name    *lisp.Symbol
	ci      *closImage
	nreq    int // required parameters; -1 until the first defgeneric or defmethod says
	methods []*method
	fn      *eval.Builtin // what the function name is bound to
	// positions are the required parameters some method specialises,
	// and eqls, parallel, the eql specializers' values at each.
	positions []int
	eqls      [][]lisp.Value
	// The shape every lambda list must have (setShape); declared is
	// defgeneric's own lambda list, whose keywords calls may also use.
	nopt     int
	hasKey   bool // some lambda list has &key: calls' keywords are checked
	open     bool // the lambda lists have &rest or &key
	shaped   bool
	maxArgs  int // -1 when open
	declared shape
	// precedence is the :argument-precedence-order, as the positions of
	// the required parameters, most significant first; nil is left to
	// right.
	precedence []int
	// cache maps the dispatch key of a call to its effective method; it
	// is emptied when a method is added or a class changes (generation).
	// combo is the method combination, nil for the standard one;
	// mostSpecificLast is its order argument.
	combo            *combination
	mostSpecificLast bool
	cache            map[dispatchKey]*effective
	generation       int
	lastKey          dispatchKey
	last             *effective
}

// maxKey is how many specialised parameters the cache keys on; a generic
// function that specialises more is dispatched without the cache.
const maxKey = 4

// dispatchKey is a call's classes at the specialised positions, or an
// eqlHit where the argument is eql to an eql specializer's value.
type dispatchKey [maxKey]any

type eqlHit struct{ pos, index int }

// method is one method: its qualifier, a specializer per required
// parameter, and its function, which takes the next methods first.
type method struct {
	gf        *generic
	qualifier *lisp.Symbol // nil for a primary method, or :before, :after, :around
	specs     []specializer
	fn        lisp.Value
	// direct, when set, is a library method written in Go, called
	// without next methods or an argument list of its own.
	direct func(t *eval.Thread, args []lisp.Value) lisp.Value
	// shape is what its lambda list takes after the required parameters.
	shape
	// builtin marks the methods the library defines (print-object's
	// default), which the printer need not call.
	builtin bool
	// fromDefgeneric marks a method a defgeneric's :method option made.
	fromDefgeneric bool
	// checkNextArgs: its body declares (optimize (safety 3)), where
	// call-next-method checks new arguments.
	checkNextArgs bool
	// usesNext says its body calls call-next-method or next-method-p;
	// the others are passed no next methods, which saves making them.
	usesNext bool
}

// specializer is a class, or an eql value when isEql.
type specializer struct {
	class *lisp.Class
	eql   lisp.Value
	isEql bool
}

// effective is the effective method of one set of argument classes.
type effective struct {
	run func(t *eval.Thread, args []lisp.Value) lisp.Value
	// onlyBuiltin says no program-defined method applies.
	onlyBuiltin bool
	// checkKeys says the call's keyword arguments must be among keys:
	// those of the generic function and its applicable methods.
	checkKeys bool
	keys      []*lisp.Symbol
}

var (
	kwBefore = lisp.Sym(":before")
	kwAfter  = lisp.Sym(":after")
	kwAround = lisp.Sym(":around")
)

// nextMethods is the value a method receives first: the methods
// call-next-method runs, and the arguments it passes by default.
type nextMethods struct {
	gf      *generic
	method  *method // the method whose next methods these are: no-next-method's argument
	methods []*method
	tail    func(t *eval.Thread, args []lisp.Value) lisp.Value // after the methods, or nil
	args    []lisp.Value
	// checkArgs is set for a method declared (safety 3): new arguments
	// to call-next-method must select the same methods.
	checkArgs bool
}

// generic returns the generic function name, made when it does not exist.
func (ci *closImage) generic(t *eval.Thread, op string, name *lisp.Symbol) *generic {
	if g, ok := ci.generics[name]; ok {
		return g
	}
	if std, ok := standardGenerics[name.Name]; ok {
		g := &generic{name: name, ci: ci, nreq: std.nreq}
		std.install(g)
		ci.generics[name] = g
		return g
	}
	// A program-error, as defgeneric's own syntax errors are.
	if info := ci.in.Describe(name); info.Kind != "" && info.Kind != "function" {
		lisp.SignalClass(lisp.ClassProgramError, "%s: %s names a %s, not a generic function", op, lisp.Prin1ToString(name), info.Kind)
	} else if info.Kind == "function" {
		lisp.SignalClass(lisp.ClassProgramError, "%s: %s already names an ordinary function", op, lisp.Prin1ToString(name))
	}
	g := &generic{name: name, ci: ci, nreq: -1}
	g.fn = &eval.Builtin{Name: printName(name), Args: "(&rest arguments)", Doc: "A generic function.", Min: 0, Max: -1,
		Fn: func(t *eval.Thread, args []lisp.Value) lisp.Value { return g.call(t, args) }}
	ci.in.DefineFor(name, g.fn)
	ci.generics[name] = g
	return g
}

func printName(s *lisp.Symbol) string { return lisp.MessageName(s.Name) }

// setArity fixes the number of required parameters, or checks a method
// against it.
func (g *generic) setArity(op string, n int) {
	if g.nreq < 0 {
		g.nreq = n
		if g.fn != nil {
			g.fn.Min = n
		}
		return
	}
	if g.nreq != n {
		lisp.Errorf("%s: the lambda list of a method of %s has %d required parameters, the generic function %d", op, printName(g.name), n, g.nreq)
	}
}

// forgetShapeIfEmpty lets a generic function with no methods take a new
// lambda list of any shape: only methods must agree with it (CLHS 7.6.4).
func (g *generic) forgetShapeIfEmpty() {
	if len(g.methods) > 0 || g.fn == nil {
		return
	}
	g.nreq, g.shaped, g.hasKey, g.declared = -1, false, false, shape{}
	g.fn.Min, g.fn.Max = 0, -1
}

// addMethod adds m, replacing a method with the same qualifier and
// specializers.
func (g *generic) addMethod(m *method) {
	for i, old := range g.methods {
		if old.qualifier == m.qualifier && sameSpecs(old.specs, m.specs) {
			g.methods[i] = m
			g.reindex()
			return
		}
	}
	g.methods = append(g.methods, m)
	g.reindex()
}

func sameSpecs(a, b []specializer) bool {
	for i := range a {
		if a[i].isEql != b[i].isEql || a[i].class != b[i].class || (a[i].isEql && !lisp.Eql(a[i].eql, b[i].eql)) {
			return false
		}
	}
	return true
}

// reindex recomputes which positions dispatch and empties the cache.
func (g *generic) reindex() {
	g.positions, g.eqls = nil, nil
	loadBuiltinClasses()
	for i := 0; i < g.nreq; i++ {
		var eqls []lisp.Value
		special := false
		for _, m := range g.methods {
			s := m.specs[i]
			if s.isEql {
				eqls = append(eqls, s.eql)
			}
			if s.isEql || s.class != classT {
				special = true
			}
		}
		if special {
			g.positions = append(g.positions, i)
			g.eqls = append(g.eqls, eqls)
		}
	}
	g.cache, g.last = nil, nil
}

// required is the number of required parameters, 0 while no defgeneric
// or method has said (nreq -1): such a function, made by
// ensure-generic-function alone, has no methods, and a call of it is an
// error of no applicable method, not a slice of length -1.
func (g *generic) required() int { return max(g.nreq, 0) }

// call runs the generic function on args.
func (g *generic) call(t *eval.Thread, args []lisp.Value) lisp.Value {
	if len(args) < g.nreq || g.shaped && g.maxArgs >= 0 && len(args) > g.maxArgs {
		g.arityError(len(args))
	}
	e := g.dispatch(t, args)
	if e.checkKeys {
		g.checkKeywords(e, args)
	}
	return e.run(t, args)
}

// dispatch returns the effective method for args, from the cache when it
// has one for their classes.
func (g *generic) dispatch(t *eval.Thread, args []lisp.Value) *effective {
	if len(g.positions) > maxKey {
		return g.compute(t, args)
	}
	if g.generation != g.ci.generation {
		g.cache, g.last, g.generation = nil, nil, g.ci.generation
	}
	var key dispatchKey
	for i, pos := range g.positions {
		v := args[pos]
		key[i] = g.ci.classOf(t, v)
		for j, e := range g.eqls[i] {
			if lisp.Eql(v, e) {
				key[i] = eqlHit{pos, j}
				break
			}
		}
	}
	if g.last != nil && key == g.lastKey {
		return g.last
	}
	e, ok := g.cache[key]
	if !ok {
		e = g.compute(t, args)
		if g.cache == nil {
			g.cache = map[dispatchKey]*effective{}
		}
		g.cache[key] = e
	}
	g.lastKey, g.last = key, e
	return e
}

// applicable returns the methods that apply to args, most specific first.
func (g *generic) applicable(t *eval.Thread, args []lisp.Value) []*method {
	classes := make([]*lisp.Class, g.required())
	for i := range classes {
		classes[i] = g.ci.classOf(t, args[i])
	}
	var out []*method
	for _, m := range g.methods {
		if m.appliesTo(args, classes) {
			out = append(out, m)
		}
	}
	slices.SortStableFunc(out, func(a, b *method) int { return compareSpecificity(a, b, classes, g.precedence) })
	return out
}

func (m *method) appliesTo(args []lisp.Value, classes []*lisp.Class) bool {
	for i, s := range m.specs {
		if s.isEql {
			if !lisp.Eql(args[i], s.eql) {
				return false
			}
		} else if !classes[i].IsSubclassOf(s.class) {
			return false
		}
	}
	return true
}

// compareSpecificity orders two applicable methods: the first parameter
// whose specializers differ decides, an eql specializer before any class
// and a class before those later in the argument's precedence list. The
// parameters are taken in the order precedence gives, left to right when
// it is nil.
func compareSpecificity(a, b *method, classes []*lisp.Class, precedence []int) int {
	for k := range a.specs {
		i := k
		if precedence != nil {
			i = precedence[k]
		}
		sa, sb := a.specs[i], b.specs[i]
		switch {
		case sa.isEql && sb.isEql:
			continue
		case sa.isEql:
			return -1
		case sb.isEql:
			return 1
		case sa.class == sb.class:
			continue
		}
		return cplIndex(classes[i], sa.class) - cplIndex(classes[i], sb.class)
	}
	return 0
}

func cplIndex(c, k *lisp.Class) int {
	for i, x := range c.CPL {
		if x == k {
			return i
		}
	}
	return len(c.CPL)
}

// compute builds the effective method of the standard method
// combination: the :around methods, most specific first, around the
// :before methods (most specific first), the primary methods (most
// specific first, each reaching the next with call-next-method) and the
// :after methods (least specific first). The primary methods' value is
// the call's value.
func (g *generic) compute(t *eval.Thread, args []lisp.Value) *effective {
	applicable := g.applicable(t, args)
	e := g.combine(applicable)
	if g.hasKey {
		e.checkKeys = !g.declared.allowOther
		e.keys = g.declared.keys
		for _, m := range applicable {
			e.checkKeys = e.checkKeys && !m.allowOther
			e.keys = append(e.keys[:len(e.keys):len(e.keys)], m.keys...)
		}
	}
	return e
}

// combine builds the effective method of the applicable methods.
func (g *generic) combine(applicable []*method) *effective {
	if g.combo != nil {
		return g.combineOperator(applicable)
	}
	var arounds, befores, primaries, afters []*method
	only := true
	for _, m := range applicable {
		only = only && m.builtin
		switch m.qualifier {
		case kwAround:
			arounds = append(arounds, m)
		case kwBefore:
			befores = append(befores, m)
		case kwAfter:
			afters = append(afters, m)
		default:
			primaries = append(primaries, m)
		}
	}
	slices.Reverse(afters)
	if len(primaries) == 0 {
		qualifiedOnly := len(arounds)+len(befores)+len(afters) > 0
		return &effective{run: func(t *eval.Thread, args []lisp.Value) lisp.Value {
			if !qualifiedOnly {
				if v, ok := g.programNoApplicable(t, args); ok {
					return v
				}
			}
			g.noApplicable(t, args, qualifiedOnly)
			return nil
		}}
	}
	inner := func(t *eval.Thread, args []lisp.Value) lisp.Value {
		for _, m := range befores {
			m.invoke(t, nil, args)
		}
		v := primaries[0].invoke(t, &nextMethods{gf: g, methods: primaries[1:], args: args}, args)
		if len(afters) == 0 {
			return v
		}
		vals := t.TakeValues(v)
		for _, m := range afters {
			m.invoke(t, nil, args)
		}
		return t.Values(vals...)
	}
	if len(befores) == 0 && len(afters) == 0 {
		first, rest := primaries[0], primaries[1:]
		inner = func(t *eval.Thread, args []lisp.Value) lisp.Value {
			if len(rest) == 0 {
				return first.invoke(t, nil, args)
			}
			return first.invoke(t, &nextMethods{gf: g, methods: rest, args: args}, args)
		}
	}
	if len(arounds) == 0 {
		return &effective{run: inner, onlyBuiltin: only}
	}
	return &effective{onlyBuiltin: only, run: func(t *eval.Thread, args []lisp.Value) lisp.Value {
		return arounds[0].invoke(t, &nextMethods{gf: g, methods: arounds[1:], tail: inner, args: args}, args)
	}}
}

// invoke calls m's function with the next methods (nil: none) and args.
func (m *method) invoke(t *eval.Thread, next *nextMethods, args []lisp.Value) lisp.Value {
	if m.direct != nil {
		return m.direct(t, args)
	}
	var buf [6]lisp.Value
	argv := append(buf[:0], lisp.Nil)
	if next != nil {
		next.checkArgs, next.method = m.checkNextArgs, m
		argv[0] = next
	} else if m.usesNext {
		argv[0] = &nextMethods{gf: m.gf, method: m, args: args, checkArgs: m.checkNextArgs}
	}
	argv = append(argv, args...)
	return t.ApplyKeepingValues(m.fn, argv)
}

// callNext is call-next-method: the next method with args, or with the
// original arguments when args is empty.
func (nm *nextMethods) callNext(t *eval.Thread, args []lisp.Value) lisp.Value {
	if len(args) == 0 {
		args = nm.args
	} else if nm.checkArgs && len(nm.args) >= nm.gf.nreq && len(args) >= nm.gf.nreq && !slices.Equal(nm.gf.applicable(t, args), nm.gf.applicable(t, nm.args)) {
		// New arguments must select the same methods as the original
		// ones (CLHS call-next-method); SBCL signals this error.
		lisp.Errorf("call-next-method: the arguments %s select other methods of %s than the original arguments %s", plainList(args), printName(nm.gf.name), plainList(nm.args))
	}
	if len(nm.methods) > 0 {
		return nm.methods[0].invoke(t, &nextMethods{gf: nm.gf, methods: nm.methods[1:], tail: nm.tail, args: args}, args)
	}
	if nm.tail != nil {
		return nm.tail(t, args)
	}
	// no-next-method, whose default method signals the error.
	if g := programMethods(t, sNoNextMethod); g != nil && nm.method != nil {
		return g.call(t, append([]lisp.Value{nm.gf.function(), nm.method}, args...))
	}
	noNextMethodError(printName(nm.gf.name), args)
	return nil
}

func noNextMethodError(name string, args []lisp.Value) {
	lisp.Errorf("call-next-method: there is no next method of %s for arguments %s", name, plainList(args))
}

// noApplicable signals CL's no-applicable-method error, naming the
// generic function, the arguments and their classes.
func (g *generic) noApplicable(t *eval.Thread, args []lisp.Value, qualifiedOnly bool) {
	var names []string
	for _, a := range args[:g.required()] {
		names = append(names, lisp.Prin1ToString(g.ci.classOf(t, a).Name))
	}
	what := "no applicable method"
	if qualifiedOnly {
		what = "no primary method"
	}
	lisp.Errorf("%s: there is %s for arguments %s, of classes (%s)", printName(g.name), what, plainList(args), strings.Join(names, " "))
}

// programNoApplicable calls no-applicable-method with the generic
// function and args when the program has defined a method of its own on
// it that applies (CLHS 7.6.6: the default method signals the error).
func (g *generic) programNoApplicable(t *eval.Thread, args []lisp.Value) (lisp.Value, bool) {
	nam, ok := g.ci.generics[sNoApplicableMethod]
	if !ok || g == nam {
		return nil, false
	}
	all := append([]lisp.Value{g.function()}, args...)
	e := nam.dispatch(t, all)
	if e.onlyBuiltin {
		return nil, false
	}
	return e.run(t, all), true
}

var sNoApplicableMethod = lisp.Sym("no-applicable-method")

func nextMethodsArg(v lisp.Value) *nextMethods {
	nm, _ := v.(*nextMethods)
	return nm
}

func registerClosGeneric() {
	defun("%call-next-method", "(next-methods arguments)", "Calls the next method (internal).", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		nm := nextMethodsArg(args[0])
		if nm == nil {
			lisp.Errorf("call-next-method: there is no next method")
		}
		return nm.callNext(t, lisp.ListToSlice("call-next-method", args[1]))
	})
	defun("%next-method-p", "(next-methods)", "True if there is a next method (internal).", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		nm := nextMethodsArg(args[0])
		return lisp.Bool(nm != nil && (len(nm.methods) > 0 || nm.tail != nil))
	})
	defun("%defgeneric", "(name lambda-list documentation method-combination argument-precedence-order)", "Defines a generic function (internal).", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		name := symbolArg("defgeneric", args[0])
		g := closOf(t).generic(t, "defgeneric", name)
		t.NoteDefined(name)
		sh := parseShape("defgeneric", args[1])
		// The methods an earlier defgeneric's :method options made go
		// (CLHS defgeneric); those defmethod made stay.
		g.methods = slices.DeleteFunc(g.methods, func(m *method) bool { return m.fromDefgeneric })
		g.reindex()
		g.forgetShapeIfEmpty()
		g.setArity("defgeneric", sh.nreq)
		g.setShape("defgeneric", sh)
		g.declared = sh
		g.setPrecedence("defgeneric", args[1], args[4])
		g.combo, g.mostSpecificLast = closOf(t).findCombination("defgeneric", args[3])
		for _, m := range g.methods {
			g.checkAcceptsKeys("defgeneric", m.shape)
		}
		if g.fn != nil {
			g.fn.Args = lisp.Prin1ToString(args[1])
			if doc, ok := args[2].(*lisp.String); ok {
				g.fn.Doc = doc.S
			}
		}
		return g.function()
	})
	defun("%defmethod", "(name qualifier specializers function lambda-list uses-next)", "Adds a method to a generic function (internal).", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		return defineMethod(t, args, false)
	})
	defun("%defgeneric-method", "(name qualifier specializers function lambda-list uses-next)", "Adds a method a defgeneric's :method option defines (internal).", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		return defineMethod(t, args, true)
	})
}

// function is the generic function as a value.
func (g *generic) function() lisp.Value {
	if g.fn != nil {
		return g.fn
	}
	// A standard generic function: the library function standing for it.
	if fn := libraryFunction(g.name.Name); fn != nil {
		return fn
	}
	return g.name
}

// arityError signals the error the evaluator does for a call with the
// wrong number of arguments, in its words.
func (g *generic) arityError(n int) {
	want := fmt.Sprintf("at least %d arguments", g.nreq)
	switch {
	case g.maxArgs == 1 && g.nreq == 1:
		want = "1 argument"
	case g.maxArgs == g.nreq:
		want = fmt.Sprintf("%d arguments", g.nreq)
	case g.maxArgs >= 0:
		want = fmt.Sprintf("%d to %d arguments", g.nreq, g.maxArgs)
	}
	lisp.SignalClass(lisp.ClassProgramError, "%s: expected %s, got %d", printName(g.name), want, n)
}

// shape is the part of a lambda list that generic function calls are
// checked against: the counts of required and optional parameters and
// the keyword parameters (CLHS 7.6.4, 7.6.5).
type shape struct {
	nreq, nopt int
	hasRest    bool
	hasKey     bool
	keys       []*lisp.Symbol
	allowOther bool
}

// parseShape reads the shape of a generic function's or a method's
// lambda list.
func parseShape(op string, ll lisp.Value) shape {
	var sh shape
	section := ""
	for _, p := range lisp.ListToSlice(op, ll) {
		if s, ok := p.(*lisp.Symbol); ok && strings.HasPrefix(s.Name, "&") {
			section = s.Name
			switch section {
			case "&KEY":
				sh.hasKey = true
			case "&REST", "&BODY":
				sh.hasRest = true
			case "&ALLOW-OTHER-KEYS":
				sh.allowOther = true
			}
			continue
		}
		switch section {
		case "":
			sh.nreq++
		case "&OPTIONAL":
			sh.nopt++
		case "&KEY":
			k, ok := keywordOf(p).(*lisp.Symbol)
			if !ok {
				lisp.Errorf("%s: %s is not a keyword parameter", op, lisp.Prin1ToString(p))
			}
			sh.keys = append(sh.keys, k)
		}
	}
	return sh
}

// setShape checks a lambda list against the generic function's (CLHS
// 7.6.4): the same number of optional parameters, and &rest or &key in
// all or none of them.
func (g *generic) setShape(op string, sh shape) {
	open := sh.hasKey || sh.hasRest
	if !g.shaped {
		g.nopt, g.open, g.shaped = sh.nopt, open, true
		g.maxArgs = -1
		if !open {
			g.maxArgs = g.nreq + sh.nopt
		}
		if g.fn != nil {
			g.fn.Max = g.maxArgs
		}
	} else {
		if sh.nopt != g.nopt {
			lisp.Errorf("%s: a lambda list of %s has %d optional parameters, the generic function %d", op, printName(g.name), sh.nopt, g.nopt)
		}
		if open != g.open {
			lisp.Errorf("%s: a lambda list of %s takes %s, the generic function %s", op, printName(g.name), restWord(open), restWord(g.open))
		}
	}
	g.hasKey = g.hasKey || sh.hasKey
}

// checkAcceptsKeys checks a method's lambda list against the keywords
// defgeneric's names (CLHS 7.6.4, point 4): the method accepts each by
// naming it, by &allow-other-keys, or by &rest without &key.
func (g *generic) checkAcceptsKeys(op string, sh shape) {
	if !g.declared.hasKey || sh.allowOther || sh.hasRest && !sh.hasKey {
		return
	}
	for _, k := range g.declared.keys {
		if !slices.Contains(sh.keys, k) {
			lisp.SignalClass(lisp.ClassProgramError, "%s: a method of %s does not accept the keyword %s its generic function's lambda list names", op, printName(g.name), lisp.Prin1ToString(k))
		}
	}
}

// restWord says whether a lambda list takes &rest or &key arguments.
func restWord(open bool) string {
	if open {
		return "&rest or &key arguments"
	}
	return "no &rest or &key arguments"
}

// checkKeywords signals the error CL does for a keyword argument that
// neither the generic function nor any applicable method accepts.
func (g *generic) checkKeywords(e *effective, args []lisp.Value) {
	rest := args[min(len(args), g.required()+g.nopt):]
	if len(rest)%2 != 0 {
		lisp.SignalClass(lisp.ClassProgramError, "%s: odd number of keyword arguments", printName(g.name))
	}
	// Only the first :allow-other-keys counts (CLHS 3.4.1.4.1).
	for i := 0; i < len(rest); i += 2 {
		if rest[i] == lisp.Value(kwAllowOtherKeys) {
			if rest[i+1] != lisp.Value(lisp.Nil) {
				return
			}
			break
		}
	}
	for i := 0; i < len(rest); i += 2 {
		if k, ok := rest[i].(*lisp.Symbol); !ok || !slices.Contains(e.keys, k) && k != kwAllowOtherKeys {
			lisp.SignalClass(lisp.ClassProgramError, "%s: unknown keyword argument %s", printName(g.name), lisp.Prin1ToString(rest[i]))
		}
	}
}

var kwAllowOtherKeys = lisp.Sym(":allow-other-keys")

// defineMethod is %defmethod: the specializers come as class names and
// (eql value) lists, the values already evaluated.
func defineMethod(t *eval.Thread, args []lisp.Value, fromDefgeneric bool) lisp.Value {
	const op = "defmethod"
	ci := closOf(t)
	name := symbolArg(op, args[0])
	g := ci.generic(t, op, name)
	t.NoteDefined(name)
	specs := lisp.ListToSlice(op, args[2])
	g.setArity(op, len(specs))
	m := &method{fn: args[3], usesNext: args[5] != lisp.Value(lisp.Nil), checkNextArgs: args[5] == lisp.Value(kwSafety3), gf: g, fromDefgeneric: fromDefgeneric}
	m.shape = parseShape(op, args[4])
	g.setShape(op, m.shape)
	g.checkAcceptsKeys(op, m.shape)
	if q := args[1]; q != lisp.Value(lisp.Nil) {
		m.qualifier = symbolArg(op, q)
		// Another combination's qualifiers are checked when a call
		// selects the method (combineOperator).
		if g.combo == nil && m.qualifier != kwBefore && m.qualifier != kwAfter && m.qualifier != kwAround {
			lisp.Errorf("%s: method qualifier %s is not supported (only :before, :after and :around, of the standard method combination)", op, lisp.Prin1ToString(q))
		}
	}
	for _, s := range specs {
		if c, ok := s.(*lisp.Cons); ok && c.Car == lisp.Value(sEql) {
			m.specs = append(m.specs, specializer{eql: lisp.Car(c.Cdr), isEql: true})
			continue
		}
		m.specs = append(m.specs, specializer{class: classArg(t, op, s)})
	}
	g.addMethod(m)
	return m
}

// libraryFunction returns the library's function of an upper-case name;
// set at initialisation, as the registry's tables refer to this file.
var libraryFunction func(name string) *eval.Builtin

func init() {
	libraryFunction = func(name string) *eval.Builtin {
		fn, _, _ := resolve(name)
		return fn
	}
}

// setPrecedence sets the argument precedence order, a permutation of the
// required parameters of lambdaList; nil is the default, left to right.
// Anything else is a program-error (CLHS defgeneric).
func (g *generic) setPrecedence(op string, lambdaList, order lisp.Value) {
	g.precedence = nil
	g.cache, g.last = nil, nil
	if order == lisp.Value(lisp.Nil) {
		return
	}
	var required []lisp.Value
	for _, p := range lisp.ListToSlice(op, lambdaList) {
		if s, ok := p.(*lisp.Symbol); ok && strings.HasPrefix(s.Name, "&") {
			break
		}
		required = append(required, p)
	}
	names := lisp.ListToSlice(op, order)
	positions := make([]int, 0, len(names))
	for _, n := range names {
		i := slices.Index(required, n)
		if i < 0 || slices.Contains(positions, i) {
			lisp.SignalClass(lisp.ClassProgramError, "%s: the argument precedence order %s is not a permutation of the required parameters of %s", op, lisp.Prin1ToString(order), lisp.Prin1ToString(lambdaList))
		}
		positions = append(positions, i)
	}
	if len(positions) != len(required) {
		lisp.SignalClass(lisp.ClassProgramError, "%s: the argument precedence order %s is not a permutation of the required parameters of %s", op, lisp.Prin1ToString(order), lisp.Prin1ToString(lambdaList))
	}
	g.precedence = positions
}
