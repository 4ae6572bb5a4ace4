package builtins

import (
	"strings"

	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
)

// defstruct, kept modest. An instance is a simple vector whose element 0
// is the structure's name and whose other elements are the slots in order,
// so it prints as #(point 1 2) where SBCL prints #S(POINT :X 1 :Y 2), and
// equalp compares instances slot by slot as CL's does. defstruct defines
// the constructor, the predicate, the copier and the accessors, each
// accessor with a setf function so that (setf (point-x p) v) works.
// Supported options: (:constructor name [boa-lambda-list]) (any number, or
// nil), (:conc-name prefix), (:predicate name), (:copier name); others are
// ignored. :include is not supported.

var (
	sStructMake = lisp.Sym("%make-struct")
	sStructP    = lisp.Sym("%struct-p")
	sStructRef  = lisp.Sym("%struct-ref")
	sStructSet  = lisp.Sym("%struct-set")
	sStructCopy = lisp.Sym("%struct-copy")
)

func registerMacrosDefstruct() {
	macro("defstruct", "(defstruct name-and-options slot…) defines a structure type with a make-NAME constructor taking slots as keywords, NAME-p, copy-NAME and NAME-SLOT accessors (setf-able).", expandDefstruct)
	fn("%make-struct", 1, -1, "(name &rest slots)", "Makes a structure instance (internal).",
		func(t *eval.Thread, args []lisp.Value) lisp.Value {
			return &lisp.Vector{Items: append([]lisp.Value{}, args...)}
		})
	fn("%struct-p", 2, 2, "(object name)", "True if object is an instance of the structure name (internal).",
		func(t *eval.Thread, args []lisp.Value) lisp.Value {
			_, ok := structItems(args[0], args[1])
			return lisp.Bool(ok)
		})
	fn("%struct-ref", 4, 4, "(object name index accessor)", "Reads a structure slot (internal).",
		func(t *eval.Thread, args []lisp.Value) lisp.Value {
			items := checkStruct(args[0], args[1], args[3], args[2])
			return items[args[2].(lisp.Fixnum)]
		})
	fn("%struct-set", 5, 5, "(object name index value accessor)", "Writes a structure slot and returns the value (internal).",
		func(t *eval.Thread, args []lisp.Value) lisp.Value {
			items := checkStruct(args[0], args[1], args[4], args[2])
			items[args[2].(lisp.Fixnum)] = args[3]
			return args[3]
		})
	fn("%struct-copy", 2, 2, "(object name)", "Copies a structure instance (internal).",
		func(t *eval.Thread, args []lisp.Value) lisp.Value {
			items := checkStruct(args[0], args[1], lisp.Sym("copy-"+strings.ToLower(symbolArg("%struct-copy", args[1]).Name)), lisp.MakeInt(0))
			return &lisp.Vector{Items: append([]lisp.Value{}, items...)}
		})
}

// structItems returns the elements of obj if it is an instance of name.
func structItems(obj, name lisp.Value) ([]lisp.Value, bool) {
	v, ok := obj.(*lisp.Vector)
	if !ok || v.FillPointer || len(v.Items) == 0 || v.Items[0] != name {
		return nil, false
	}
	return v.Items, true
}

// checkStruct returns the elements of obj, or signals the type error an
// accessor given something else signals.
func checkStruct(obj, name, accessor, index lisp.Value) []lisp.Value {
	op := strings.ToLower(symbolArg("%struct-ref", accessor).Name)
	items, ok := structItems(obj, name)
	if !ok {
		lisp.TypeError(op, obj, "a "+strings.ToLower(symbolArg("%struct-ref", name).Name))
	}
	if i, ok := index.(lisp.Fixnum); !ok || i < 0 || int(i) >= len(items) {
		lisp.Errorf("%s: the structure has no slot %s", op, lisp.Prin1ToString(index))
	}
	return items
}

// structSlot is one slot of a defstruct.
type structSlot struct {
	name *lisp.Symbol
	init lisp.Value
}

type constructor struct {
	name   *lisp.Symbol
	boa    lisp.Value // the lambda list, or nil for the keyword constructor
	hasBoa bool
}

func expandDefstruct(t *eval.Thread, form lisp.Value) lisp.Value {
	const op = "defstruct"
	args := macroArgs(op, form, 1, -1)
	var name *lisp.Symbol
	var options []lisp.Value
	switch x := args[0].(type) {
	case *lisp.Symbol:
		name = x
	case *lisp.Cons:
		items := listOf(op, "name and options", x)
		name = symbolArg(op, items[0])
		options = items[1:]
	default:
		syntaxError(op, "%s is not a structure name", lisp.Prin1ToString(args[0]))
	}
	concName := name.Name + "-"
	predicate := lisp.Intern(name.Name + "-P")
	copier := lisp.Intern("COPY-" + name.Name)
	var ctors []constructor
	defaultCtor := true
	for _, o := range options {
		key, rest := o, []lisp.Value(nil)
		if c, ok := o.(*lisp.Cons); ok {
			items := listOf(op, "option", c)
			key, rest = items[0], items[1:]
		}
		switch {
		case symbolNamed(key, "CONC-NAME"):
			concName = ""
			if len(rest) > 0 && rest[0] != lisp.Value(lisp.Nil) {
				concName = stringDesignator(op, rest[0])
			}
		case symbolNamed(key, "CONSTRUCTOR"):
			defaultCtor = false
			if len(rest) == 0 {
				ctors = append(ctors, constructor{name: lisp.Intern("MAKE-" + name.Name)})
				break
			}
			if rest[0] == lisp.Value(lisp.Nil) {
				break
			}
			c := constructor{name: symbolArg(op, rest[0])}
			if len(rest) > 1 {
				c.boa, c.hasBoa = rest[1], true
			}
			ctors = append(ctors, c)
		case symbolNamed(key, "PREDICATE"):
			predicate = nil
			if len(rest) > 0 && rest[0] != lisp.Value(lisp.Nil) {
				predicate = symbolArg(op, rest[0])
			}
		case symbolNamed(key, "COPIER"):
			copier = nil
			if len(rest) > 0 && rest[0] != lisp.Value(lisp.Nil) {
				copier = symbolArg(op, rest[0])
			}
		case symbolNamed(key, "INCLUDE"):
			syntaxError(op, "the :include option is not supported")
		}
	}
	if defaultCtor {
		ctors = append(ctors, constructor{name: lisp.Intern("MAKE-" + name.Name)})
	}
	body := args[1:]
	if len(body) > 0 {
		if _, ok := body[0].(*lisp.String); ok {
			body = body[1:] // the documentation string
		}
	}
	var slots []structSlot
	for _, s := range body {
		switch x := s.(type) {
		case *lisp.Symbol:
			slots = append(slots, structSlot{x, lisp.Nil})
		case *lisp.Cons:
			items := listOf(op, "slot", x)
			sl := structSlot{symbolArg(op, items[0]), lisp.Nil}
			if len(items) > 1 {
				sl.init = items[1]
			}
			slots = append(slots, sl)
		default:
			syntaxError(op, "%s is not a slot description", lisp.Prin1ToString(s))
		}
	}
	qname := quoted(name)
	out := []lisp.Value{sProgn}
	for _, c := range ctors {
		out = append(out, structConstructor(c, qname, slots))
	}
	obj, v := lisp.Sym("object"), lisp.Sym("value")
	if predicate != nil {
		out = append(out, lisp.List(sDefun, predicate, lisp.List(obj), lisp.List(sStructP, obj, qname)))
	}
	if copier != nil {
		out = append(out, lisp.List(sDefun, copier, lisp.List(obj), lisp.List(sStructCopy, obj, qname)))
	}
	for i, s := range slots {
		acc := lisp.Intern(strings.ToUpper(concName) + s.name.Name)
		idx := lisp.MakeInt(int64(i + 1))
		out = append(out,
			lisp.List(sDefun, acc, lisp.List(obj), lisp.List(sStructRef, obj, qname, idx, quoted(acc))),
			lisp.List(sDefun, setfFunctionName(acc), lisp.List(v, obj), lisp.List(sStructSet, obj, qname, idx, v, quoted(acc))))
	}
	return lisp.List(append(out, qname)...)
}

// structConstructor defines one constructor: by default every slot is a
// keyword parameter defaulting to its initform; a BOA constructor takes
// its own lambda list, and slots it does not name take their initforms.
func structConstructor(c constructor, qname lisp.Value, slots []structSlot) lisp.Value {
	vals := []lisp.Value{sStructMake, qname}
	if !c.hasBoa {
		params := []lisp.Value{sAmpKey}
		for _, s := range slots {
			params = append(params, lisp.List(s.name, s.init))
			vals = append(vals, s.name)
		}
		return lisp.List(sDefun, c.name, lisp.List(params...), lisp.List(vals...))
	}
	named := map[*lisp.Symbol]bool{}
	var params []lisp.Value
	section := ""
	for _, p := range listOf("defstruct", "constructor lambda list", c.boa) {
		if s, ok := p.(*lisp.Symbol); ok && strings.HasPrefix(s.Name, "&") {
			section = s.Name
			params = append(params, p)
			continue
		}
		v := p
		if l, ok := p.(*lisp.Cons); ok {
			v = l.Car
		}
		s, _ := v.(*lisp.Symbol)
		named[s] = true
		// An &optional or &key parameter without a default takes the
		// slot's initform.
		if _, isSym := p.(*lisp.Symbol); isSym && (section == "&OPTIONAL" || section == "&KEY") {
			for _, sl := range slots {
				if sl.name == s {
					p = lisp.List(s, sl.init)
				}
			}
		}
		params = append(params, p)
	}
	var aux []lisp.Value
	for _, s := range slots {
		if !named[s.name] {
			aux = append(aux, lisp.List(s.name, s.init))
		}
		vals = append(vals, s.name)
	}
	if len(aux) > 0 {
		params = append(append(params, sAmpAux), aux...)
	}
	return lisp.List(sDefun, c.name, lisp.List(params...), lisp.List(vals...))
}
