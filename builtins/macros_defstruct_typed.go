package builtins

// Typed structures: a defstruct with (:type list) or (:type vector) makes
// no type of its own. An instance is a plain list or vector laid out as
// the standard says: the included structure's elements, :initial-offset
// unused elements (nil), the structure's name when it is :named, then its
// slots. The accessors are functions over positions, the predicate (only
// for a :named structure) checks the name's position, and the copier
// copies the sequence.

import (
	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
)

// typedStruct is the layout of a typed structure, kept so that a later
// defstruct can :include it.
type typedStruct struct {
	representation lisp.Value   // list, vector or (vector et)
	slots          []structSlot // every slot, the included ones first
	positions      []int        // each slot's index in the sequence
	names          map[int]*lisp.Symbol
	size           int
}

type typedStructKey struct{}

// typedStructs is the image's typed structures by name.
func typedStructs(t *eval.Thread) map[*lisp.Symbol]*typedStruct {
	return t.Interp().Extension(typedStructKey{}, func() any { return map[*lisp.Symbol]*typedStruct{} }).(map[*lisp.Symbol]*typedStruct)
}

var (
	sNoteTypedStruct = lisp.Sym("%note-typed-structure")
	sNth             = lisp.Sym("nth")
	sCopySeq         = lisp.Sym("copy-seq")
	sMakeArray       = lisp.Sym("make-array")
	kwElementType    = lisp.Sym(":element-type")
	kwInitialContent = lisp.Sym(":initial-contents")
)

func registerMacrosDefstructTyped() {
	defun("%note-typed-structure", "(name)", "Records a typed structure's layout for :include (internal).", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		name := symbolArg("defstruct", args[0])
		if pending, ok := typedPending(t)[name]; ok {
			typedStructs(t)[name] = pending
		}
		return name
	})
}

type typedPendingKey struct{}

// typedPending holds the layouts expansions computed until their
// definition runs, so that a defstruct only macroexpanded defines nothing.
func typedPending(t *eval.Thread) map[*lisp.Symbol]*typedStruct {
	return t.Interp().Extension(typedPendingKey{}, func() any { return map[*lisp.Symbol]*typedStruct{} }).(map[*lisp.Symbol]*typedStruct)
}

// typedRepresentation checks a :type option: list, vector or (vector et).
func typedRepresentation(rep lisp.Value) (isList bool, elementType lisp.Value) {
	switch r := rep.(type) {
	case *lisp.Symbol:
		switch r.Name {
		case "LIST":
			return true, nil
		case "VECTOR":
			return false, nil
		}
	case *lisp.Cons:
		if symbolNamed(r.Car, "VECTOR") {
			if c, ok := r.Cdr.(*lisp.Cons); ok && c.Cdr == lisp.Value(lisp.Nil) {
				if c.Car == lisp.Value(lisp.T) {
					return false, nil
				}
				return false, c.Car
			}
		}
	}
	syntaxError("defstruct", "(:type %s): the type must be list, vector or (vector element-type)", lisp.Prin1ToString(rep))
	return false, nil
}

func expandTypedDefstruct(t *eval.Thread, name *lisp.Symbol, o structOptions, body []lisp.Value) lisp.Value {
	const op = "defstruct"
	isList, elementType := typedRepresentation(o.representation)
	if o.named && elementType != nil {
		// Only a vector of element type t can hold the name.
		lisp.Errorf("defstruct %s: a :named structure of type %s cannot hold its name", lisp.Prin1ToString(name), lisp.Prin1ToString(o.representation))
	}
	layout := &typedStruct{representation: o.representation, names: map[int]*lisp.Symbol{}}
	if o.include != nil {
		inc, ok := typedStructs(t)[o.include]
		if !ok {
			syntaxError(op, ":include: %s is not a structure of type list or vector", lisp.Prin1ToString(o.include))
		}
		if !lisp.Equal(inc.representation, o.representation) {
			syntaxError(op, ":include: %s has :type %s, not %s", lisp.Prin1ToString(o.include), lisp.Prin1ToString(inc.representation), lisp.Prin1ToString(o.representation))
		}
		layout.slots = append(layout.slots, inc.slots...)
		layout.positions = append(layout.positions, inc.positions...)
		for i, n := range inc.names {
			layout.names[i] = n
		}
		layout.size = inc.size
		for _, ov := range o.overrides {
			sl := parseStructSlot(ov)
			found := false
			for i := range layout.slots {
				if layout.slots[i].name == sl.name {
					layout.slots[i].init = sl.init
					layout.slots[i].readOnly = layout.slots[i].readOnly || sl.readOnly
					found = true
				}
			}
			if !found {
				syntaxError(op, ":include: %s has no slot %s", lisp.Prin1ToString(o.include), lisp.Prin1ToString(sl.name))
			}
		}
	}
	layout.size += o.offset
	if o.named {
		layout.names[layout.size] = name
		layout.size++
	}
	for _, s := range body {
		sl := parseStructSlot(s)
		for _, old := range layout.slots {
			if old.name == sl.name {
				syntaxError(op, "slot %s is defined twice", lisp.Prin1ToString(sl.name))
			}
		}
		layout.slots = append(layout.slots, sl)
		layout.positions = append(layout.positions, layout.size)
		layout.size++
	}
	typedPending(t)[name] = layout

	build := func(vars []lisp.Value) lisp.Value {
		elems := make([]lisp.Value, layout.size)
		for i := range elems {
			// The unused elements :initial-offset leaves are nil in a
			// list and 0 in a vector, as SBCL fills them.
			elems[i] = lisp.Nil
			if !isList {
				elems[i] = lisp.MakeInt(0)
			}
			if n, ok := layout.names[i]; ok {
				elems[i] = quoted(n)
			}
		}
		for i, v := range vars {
			elems[layout.positions[i]] = v
		}
		contents := lisp.List(append([]lisp.Value{sList}, elems...)...)
		switch {
		case isList:
			return contents
		case elementType == nil:
			return lisp.List(append([]lisp.Value{lisp.Sym("vector")}, elems...)...)
		}
		return lisp.List(sMakeArray, lisp.MakeInt(int64(layout.size)), kwElementType, quoted(elementType), kwInitialContent, contents)
	}
	out := []lisp.Value{sProgn}
	for _, c := range o.ctors {
		out = append(out, constructorOf(c, layout.slots, build))
	}
	obj := lisp.Sym("object")
	if o.predicate != nil {
		if !o.named {
			if o.predicateGiven {
				// A simple-error, not a program-error: SBCL's, which
				// programs that check the class expect.
				lisp.Errorf("%s: %s: a structure of type %s has a predicate only when it is :named", op, lisp.Prin1ToString(name), lisp.Prin1ToString(o.representation))
			}
		} else {
			out = append(out, typedPredicate(o.predicate, obj, isList, layout.size-1-len(body), name))
		}
	}
	if o.copier != nil {
		out = append(out, lisp.List(sDefun, o.copier, lisp.List(obj), lisp.List(sCopySeq, obj)))
	}
	access := sAref
	if isList {
		access = sNth
	}
	value := lisp.Sym("value")
	for i, sl := range layout.slots {
		acc := o.accessorName(sl.name)
		pos := lisp.MakeInt(int64(layout.positions[i]))
		place := lisp.List(access, obj, pos)
		if isList {
			place = lisp.List(access, pos, obj)
		}
		out = append(out, lisp.List(sDefun, acc, lisp.List(obj), place))
		if !sl.readOnly {
			out = append(out, lisp.List(sDefun, lisp.List(sSetf, acc), lisp.List(value, obj), lisp.List(sSetf, place, value)))
		}
	}
	out = append(out, lisp.List(sNoteTypedStruct, quoted(name)), quoted(name))
	return lisp.List(out...)
}

// typedPredicate is the defun of a :named typed structure's predicate:
// a sequence long enough whose element at the name's position is the name.
func typedPredicate(pred, obj *lisp.Symbol, isList bool, namePos int, name *lisp.Symbol) lisp.Value {
	pos := lisp.MakeInt(int64(namePos))
	if isList {
		tail := lisp.List(lisp.Sym("nthcdr"), pos, obj)
		return lisp.List(sDefun, pred, lisp.List(obj),
			lisp.List(lisp.Sym("and"), lisp.List(lisp.Sym("listp"), obj),
				lisp.List(lisp.Sym("consp"), tail),
				lisp.List(lisp.Sym("eq"), lisp.List(sCar, tail), quoted(name))))
	}
	return lisp.List(sDefun, pred, lisp.List(obj),
		lisp.List(lisp.Sym("and"), lisp.List(lisp.Sym("vectorp"), obj),
			lisp.List(lisp.Sym(">"), lisp.List(sLength, obj), pos),
			lisp.List(lisp.Sym("eq"), lisp.List(sAref, obj, pos), quoted(name))))
}
