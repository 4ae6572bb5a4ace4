package builtins

// The CLOS macros: defclass, defgeneric, defmethod, with-slots,
// with-accessors and print-unreadable-object, expanded into calls of the
// run-time functions of clos_define.go and clos_generic.go.

import (
	"strings"

	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
)

var (
	sDefclassRT         = lisp.Sym("%defclass")
	sDefgenericRT       = lisp.Sym("%defgeneric")
	sDefmethodRT        = lisp.Sym("%defmethod")
	sDefgenericMethodRT = lisp.Sym("%defgeneric-method")
	sCallNextRT         = lisp.Sym("%call-next-method")
	sNextPRT            = lisp.Sym("%next-method-p")
	sCallNextMethod     = lisp.Sym("call-next-method")
	sNextMethodP        = lisp.Sym("next-method-p")
	sFlet               = lisp.Sym("flet")
	sLambda             = lisp.Sym("lambda")
	sSymbolMacrolet     = lisp.Sym("symbol-macrolet")
	sSlotValue          = lisp.Sym("slot-value")
	sPrintUnreadableRT  = lisp.Sym("%print-unreadable-object")
	sAmpAllowOtherKeys  = lisp.Sym("&allow-other-keys")
	kwInitarg           = lisp.Sym(":initarg")
	kwInitform          = lisp.Sym(":initform")
	kwAccessor          = lisp.Sym(":accessor")
	kwReader            = lisp.Sym(":reader")
	kwWriter            = lisp.Sym(":writer")
	kwAllocation        = lisp.Sym(":allocation")
	kwDocumentation     = lisp.Sym(":documentation")
	kwClass             = lisp.Sym(":class")
	kwInstance          = lisp.Sym(":instance")
	kwMethod            = lisp.Sym(":method")
	kwIdentity          = lisp.Sym(":identity")
	kwDefaultInitargs   = lisp.Sym(":default-initargs")
	kwMethodCombination = lisp.Sym(":method-combination")
	kwMetaclass         = lisp.Sym(":metaclass")
	// kwArgumentPrecedenceOrder is defgeneric's option and
	// ensure-generic-function's keyword.
	kwArgumentPrecedenceOrder = lisp.Sym(":argument-precedence-order")
	kwGenericFunctionClass    = lisp.Sym(":generic-function-class")
	kwMethodClass             = lisp.Sym(":method-class")
	sStandardGenericFunction  = lisp.Sym("standard-generic-function")
	sStandardClass            = lisp.Sym("standard-class")
	// methodsVar holds a method's next methods; uninterned, so no
	// program's variable can capture it.
	methodsVar = &lisp.Symbol{Name: "NEXT-METHODS"}
)

func registerClosMacros() {
	macro("defclass", "(defclass name (superclass…) (slot…) option…) defines a standard class; slots take :initarg, :initform, :accessor, :reader, :writer, :allocation, :type and :documentation.", typeDefinition("defclass", expandDefclass))
	macro("defgeneric", "(defgeneric name lambda-list option…) defines a generic function; (:method …) options define methods.", expandDefgeneric)
	macro("defmethod", "(defmethod name [qualifier] specialized-lambda-list body…) adds a method to a generic function.", expandDefmethod)
	macro("with-slots", "(with-slots (slot | (var slot)…) object body…) evaluates body with each var standing for (slot-value object 'slot).", expandWithSlots)
	macro("with-accessors", "(with-accessors ((var accessor)…) object body…) evaluates body with each var standing for (accessor object).", expandWithAccessors)
	macro("print-unreadable-object", "(print-unreadable-object (object stream &key type identity) body…) prints #<…> around what body prints, with the object's type first when type is true.", expandPrintUnreadable)
}

func expandDefclass(t *eval.Thread, form lisp.Value) lisp.Value {
	const op = "defclass"
	args := macroArgs(op, form, 3, -1)
	name := symbolArg(op, args[0])
	supers := listOf(op, "superclass list", args[1])
	var slots []lisp.Value
	seenSlots := map[lisp.Value]bool{}
	for _, s := range listOf(op, "slot list", args[2]) {
		name := s
		if c, ok := s.(*lisp.Cons); ok {
			name = c.Car
		}
		if seenSlots[name] {
			syntaxError(op, "the slot %s is named twice", lisp.Prin1ToString(name))
		}
		seenSlots[name] = true
		slots = append(slots, defclassSlot(s))
	}
	var defaults []lisp.Value
	for _, o := range args[3:] {
		items := listOf(op, "class option", o)
		if len(items) == 0 {
			syntaxError(op, "empty class option")
		}
		switch items[0] {
		case kwDefaultInitargs:
			rest := items[1:]
			if len(rest)%2 != 0 {
				syntaxError(op, ":default-initargs needs keyword-value pairs")
			}
			for i := 0; i < len(rest); i += 2 {
				for j := 0; j < i; j += 2 {
					if rest[j] == rest[i] {
						syntaxError(op, ":default-initargs gives %s twice", lisp.Prin1ToString(rest[i]))
					}
				}
				defaults = append(defaults, rest[i], lisp.List(sLambda, lisp.Nil, rest[i+1]))
			}
		case kwDocumentation:
		case kwMetaclass:
			// standard-class is what defclass makes anyway; nodelisp
			// has no metaobject protocol to make other metaclasses.
			if len(items) != 2 || items[1] != lisp.Value(sStandardClass) {
				syntaxError(op, "the class option %s is not supported (only (:metaclass standard-class))", lisp.Prin1ToString(o))
			}
		default:
			syntaxError(op, "the class option %s is not supported", lisp.Prin1ToString(items[0]))
		}
	}
	return lisp.List(sDefclassRT, quoted(name), quoted(lisp.List(supers...)), lisp.ListStar(lisp.List(slots...), sList), lisp.ListStar(lisp.List(defaults...), sList))
}

// defclassSlot turns a slot specifier into the form that makes
// %defclass's description of it.
func defclassSlot(s lisp.Value) lisp.Value {
	const op = "defclass"
	var name *lisp.Symbol
	var opts []lisp.Value
	if sym, ok := s.(*lisp.Symbol); ok {
		name = sym
	} else {
		items := listOf(op, "slot", s)
		name = symbolArg(op, items[0])
		opts = items[1:]
	}
	if len(opts)%2 != 0 {
		syntaxError(op, "slot %s: odd number of slot options", lisp.Prin1ToString(name))
	}
	var initform lisp.Value = lisp.Nil
	var initargs, readers, writers []lisp.Value
	classAlloc := false
	given := map[lisp.Value]bool{}
	for i := 0; i < len(opts); i += 2 {
		v := opts[i+1]
		switch opts[i] {
		case kwInitform, kwType, kwDocumentation, kwAllocation:
			// These may be given once (CLHS defclass); a second is a
			// program-error, even with the same value.
			if given[opts[i]] {
				syntaxError(op, "slot %s: the option %s is given twice", lisp.Prin1ToString(name), lisp.Prin1ToString(opts[i]))
			}
			given[opts[i]] = true
		}
		switch opts[i] {
		case kwInitarg:
			initargs = append(initargs, symbolArg(op, v))
		case kwInitform:
			initform = lisp.List(sLambda, lisp.Nil, v)
		case kwReader:
			readers = append(readers, symbolArg(op, v))
		case kwWriter:
			writers = append(writers, writerName(v))
		case kwAccessor:
			acc := symbolArg(op, v)
			readers = append(readers, acc)
			writers = append(writers, setfFunctionName(acc))
		case kwAllocation:
			switch v {
			case kwClass:
				classAlloc = true
			case kwInstance:
			default:
				syntaxError(op, "slot %s: unknown allocation %s", lisp.Prin1ToString(name), lisp.Prin1ToString(v))
			}
		case kwType, kwDocumentation:
		default:
			syntaxError(op, "slot %s: unknown slot option %s", lisp.Prin1ToString(name), lisp.Prin1ToString(opts[i]))
		}
	}
	return lisp.List(sList, quoted(name), initform, quoted(lisp.List(initargs...)), quoted(lisp.List(readers...)), quoted(lisp.List(writers...)), lisp.Bool(classAlloc))
}

// writerName reads a function name: a symbol or (setf symbol).
func writerName(v lisp.Value) *lisp.Symbol {
	if c, ok := v.(*lisp.Cons); ok && symbolNamed(c.Car, "SETF") {
		return setfFunctionName(symbolArg("defmethod", lisp.Car(c.Cdr)))
	}
	return symbolArg("defmethod", v)
}

func expandDefgeneric(t *eval.Thread, form lisp.Value) lisp.Value {
	const op = "defgeneric"
	args := macroArgs(op, form, 2, -1)
	name := writerName(args[0])
	var doc, combination, precedence lisp.Value = lisp.Nil, lisp.Nil, lisp.Nil
	var methods []lisp.Value
	given := map[lisp.Value]bool{}
	for _, o := range args[2:] {
		items := listOf(op, "option", o)
		if len(items) == 0 {
			syntaxError(op, "empty option")
		}
		switch {
		case items[0] == lisp.Value(kwMethod):
			// A :method's method is marked as defgeneric's, which the
			// next defgeneric of the name removes (CLHS defgeneric).
			m := expandDefmethod(t, lisp.ListStar(lisp.List(items[1:]...), lisp.Sym("defmethod"), args[0])).(*lisp.Cons)
			methods = append(methods, lisp.ListStar(m.Cdr, sDefgenericMethodRT))
		case items[0] == lisp.Value(kwMethodCombination):
			if len(items) < 2 {
				syntaxError(op, "the :method-combination option names no method combination")
			}
			if combination != lisp.Value(lisp.Nil) {
				syntaxError(op, "the :method-combination option is given twice")
			}
			combination = lisp.List(items[1:]...)
		case items[0] == lisp.Value(kwDocumentation):
			if len(items) != 2 {
				syntaxError(op, "malformed :documentation option")
			}
			if doc != lisp.Value(lisp.Nil) {
				syntaxError(op, "the :documentation option is given twice")
			}
			doc = items[1]
		case items[0] == lisp.Value(kwGenericFunctionClass), items[0] == lisp.Value(kwMethodClass):
			// Only the standard classes, which defgeneric makes anyway:
			// nodelisp has no metaobject protocol to make others.
			if given[items[0]] {
				syntaxError(op, "the %s option is given twice", lisp.Prin1ToString(items[0]))
			}
			given[items[0]] = true
			want := sStandardGenericFunction
			if items[0] == lisp.Value(kwMethodClass) {
				want = sStandardMethod
			}
			if len(items) != 2 || items[1] != lisp.Value(want) {
				syntaxError(op, "the option %s is not supported (only (%s %s))", lisp.Prin1ToString(o), lisp.Prin1ToString(items[0]), lisp.Prin1ToString(want))
			}
		case items[0] == lisp.Value(kwArgumentPrecedenceOrder):
			if precedence != lisp.Value(lisp.Nil) {
				syntaxError(op, "the :argument-precedence-order option is given twice")
			}
			precedence = lisp.List(items[1:]...)
		case symbolNamed(items[0], "DECLARE"):
		default:
			syntaxError(op, "the option %s is not supported", lisp.Prin1ToString(items[0]))
		}
	}
	out := append([]lisp.Value{sProgn, lisp.List(sDefgenericRT, quoted(name), quoted(args[1]), doc, quoted(combination), quoted(precedence))}, methods...)
	return lisp.List(append(out, lisp.List(sFunction, name))...)
}

func expandDefmethod(t *eval.Thread, form lisp.Value) lisp.Value {
	const op = "defmethod"
	args := macroArgs(op, form, 2, -1)
	name := writerName(args[0])
	rest := args[1:]
	var qualifier lisp.Value = lisp.Nil
	for len(rest) > 0 {
		if _, isList := rest[0].(*lisp.Cons); isList || rest[0] == lisp.Value(lisp.Nil) {
			break
		}
		if qualifier != lisp.Value(lisp.Nil) {
			syntaxError(op, "more than one method qualifier")
		}
		qualifier = rest[0]
		rest = rest[1:]
	}
	if len(rest) == 0 {
		syntaxError(op, "missing lambda list")
	}
	params := []lisp.Value{methodsVar}
	var specs []lisp.Value
	section := ""
	hasKey, allowOther := false, false
	for _, p := range listOf(op, "lambda list", rest[0]) {
		if s, ok := p.(*lisp.Symbol); ok && strings.HasPrefix(s.Name, "&") {
			if s.Name == "&AUX" && hasKey && !allowOther {
				// The keywords other methods take are the generic
				// function's business, so each method allows them;
				// &allow-other-keys must come before &aux.
				params = append(params, sAmpAllowOtherKeys)
				allowOther = true
			}
			section = s.Name
			switch section {
			case "&KEY":
				hasKey = true
			case "&ALLOW-OTHER-KEYS":
				allowOther = true
			}
			params = append(params, p)
			continue
		}
		switch section {
		case "":
			if c, ok := p.(*lisp.Cons); ok {
				items := listOf(op, "specialized parameter", c)
				if len(items) != 2 {
					syntaxError(op, "malformed specialized parameter %s", lisp.Prin1ToString(p))
				}
				params = append(params, symbolArg(op, items[0]))
				if e, ok := items[1].(*lisp.Cons); ok && e.Car == lisp.Value(sEql) {
					specs = append(specs, lisp.List(sList, quoted(sEql), lisp.Car(e.Cdr)))
				} else {
					specs = append(specs, quoted(symbolArg(op, items[1])))
				}
				continue
			}
			params = append(params, symbolArg(op, p))
			specs = append(specs, quoted(lisp.T))
			continue
		}
		params = append(params, p)
	}
	if hasKey && !allowOther {
		params = append(params, sAmpAllowOtherKeys)
	}
	body := rest[1:]
	var doc []lisp.Value
	if len(body) > 1 {
		if _, ok := body[0].(*lisp.String); ok {
			doc, body = body[:1], body[1:]
		}
	}
	decls, body := splitDeclarations(body)
	blockName := name
	if c, ok := args[0].(*lisp.Cons); ok { // (setf name): the block is name
		blockName = symbolArg(op, lisp.Car(c.Cdr))
	}
	inner := lisp.ListStar(lisp.List(body...), sBlock, blockName)
	usesNext := mentionsSymbol(body, sCallNextMethod) || mentionsSymbol(body, sNextMethodP)
	if usesNext {
		inner = lisp.List(sFlet, lisp.List(
			lisp.List(sCallNextMethod, lisp.List(sAmpRest, lisp.Sym("arguments")), lisp.List(sCallNextRT, methodsVar, lisp.Sym("arguments"))),
			lisp.List(sNextMethodP, lisp.Nil, lisp.List(sNextPRT, methodsVar))), inner)
	}
	lambda := lisp.List(concat([]lisp.Value{sLambda, lisp.List(params...)}, doc, decls, []lisp.Value{inner})...)
	// uses-next is :safety-3 when the body declares (optimize (safety
	// 3)): there, as in SBCL, call-next-method checks that new arguments
	// select the same methods.
	var next lisp.Value = lisp.Bool(usesNext)
	if usesNext && declaresSafety3(decls) {
		next = kwSafety3
	}
	return lisp.List(sDefmethodRT, quoted(name), quoted(qualifier), lisp.ListStar(lisp.List(specs...), sList), lambda,
		quoted(rest[0]), next)
}

var kwSafety3 = lisp.Sym(":safety-3")

// declaresSafety3 reports whether declarations hold (optimize (safety 3)).
func declaresSafety3(decls []lisp.Value) bool {
	for _, d := range decls {
		for _, spec := range lisp.ListToSlice("defmethod", lisp.Cdr(d)) {
			c, ok := spec.(*lisp.Cons)
			if !ok || !symbolNamed(c.Car, "OPTIMIZE") {
				continue
			}
			for _, q := range lisp.ListToSlice("defmethod", c.Cdr) {
				if qc, ok := q.(*lisp.Cons); ok && symbolNamed(qc.Car, "SAFETY") && lisp.Car(qc.Cdr) == lisp.Value(lisp.Fixnum(3)) {
					return true
				}
			}
		}
	}
	return false
}

// keywordOf returns the keyword a &key parameter specifier is called by.
func keywordOf(p lisp.Value) lisp.Value {
	if c, ok := p.(*lisp.Cons); ok {
		p = c.Car
		if k, ok := p.(*lisp.Cons); ok {
			return k.Car
		}
	}
	return lisp.InternKeyword(symbolArg("defmethod", p).Name)
}

// mentionsSymbol reports whether sym occurs anywhere in forms.
func mentionsSymbol(forms []lisp.Value, sym *lisp.Symbol) bool {
	var walk func(v lisp.Value, depth int) bool
	walk = func(v lisp.Value, depth int) bool {
		for depth < 10000 {
			switch x := v.(type) {
			case *lisp.Symbol:
				return x == sym
			case *lisp.Cons:
				if walk(x.Car, depth+1) {
					return true
				}
				v = x.Cdr
				depth++
				continue
			}
			return false
		}
		return true
	}
	for _, f := range forms {
		if walk(f, 0) {
			return true
		}
	}
	return false
}

func expandWithSlots(t *eval.Thread, form lisp.Value) lisp.Value {
	const op = "with-slots"
	args := macroArgs(op, form, 2, -1)
	obj := gensym("OBJECT")
	var bindings []lisp.Value
	for _, s := range listOf(op, "slot list", args[0]) {
		v, slot := s, s
		if c, ok := s.(*lisp.Cons); ok {
			items := listOf(op, "slot entry", c)
			if len(items) != 2 {
				syntaxError(op, "malformed slot entry %s", lisp.Prin1ToString(s))
			}
			v, slot = items[0], items[1]
		}
		bindings = append(bindings, lisp.List(symbolArg(op, v), lisp.List(sSlotValue, obj, quoted(symbolArg(op, slot)))))
	}
	return lisp.List(sLet, lisp.List(lisp.List(obj, args[1])), lisp.ListStar(lisp.List(args[2:]...), sSymbolMacrolet, lisp.List(bindings...)))
}

func expandWithAccessors(t *eval.Thread, form lisp.Value) lisp.Value {
	const op = "with-accessors"
	args := macroArgs(op, form, 2, -1)
	obj := gensym("OBJECT")
	var bindings []lisp.Value
	for _, s := range listOf(op, "accessor list", args[0]) {
		items := listOf(op, "accessor entry", s)
		if len(items) != 2 {
			syntaxError(op, "malformed accessor entry %s", lisp.Prin1ToString(s))
		}
		bindings = append(bindings, lisp.List(symbolArg(op, items[0]), lisp.List(symbolArg(op, items[1]), obj)))
	}
	return lisp.List(sLet, lisp.List(lisp.List(obj, args[1])), lisp.ListStar(lisp.List(args[2:]...), sSymbolMacrolet, lisp.List(bindings...)))
}

func expandPrintUnreadable(t *eval.Thread, form lisp.Value) lisp.Value {
	const op = "print-unreadable-object"
	args := macroArgs(op, form, 1, -1)
	spec := listOf(op, "object and stream", args[0])
	if len(spec) < 2 || len(spec)%2 != 0 {
		syntaxError(op, "malformed (object stream &key type identity)")
	}
	var typ, identity lisp.Value = lisp.Nil, lisp.Nil
	for i := 2; i < len(spec); i += 2 {
		switch {
		case symbolNamed(spec[i], "TYPE"):
			typ = spec[i+1]
		case spec[i] == lisp.Value(kwIdentity):
			identity = spec[i+1]
		default:
			syntaxError(op, "unknown keyword %s", lisp.Prin1ToString(spec[i]))
		}
	}
	var body lisp.Value = lisp.Nil
	if len(args) > 1 {
		body = lisp.ListStar(lisp.List(args[1:]...), sLambda, lisp.Nil)
	}
	return lisp.List(sPrintUnreadableRT, spec[0], spec[1], typ, identity, body)
}
