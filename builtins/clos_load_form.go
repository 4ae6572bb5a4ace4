package builtins

// make-load-form, a standard generic function whose default methods
// signal an error (CLHS make-load-form: an object of a class the program
// defines has no load form until it gives one), and
// make-load-form-saving-slots, which programs' methods call.

import (
	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
)

var (
	sMakeLoadForm    = lisp.Sym("make-load-form")
	sAllocateInst    = lisp.Sym("allocate-instance")
	sFindClass       = lisp.Sym("find-class")
	sSlotMakunbound  = lisp.Sym("slot-makunbound")
	kwSlotNames      = lisp.Sym(":slot-names")
	kwEnvironment    = lisp.Sym(":environment")
	makeLoadFormDocs = "A standard generic function; programs add methods to it with defmethod to give their objects load forms."
)

// installMakeLoadForm gives make-load-form its default methods, on
// standard-object, structure-object and condition, each an error.
func installMakeLoadForm(g *generic) {
	loadBuiltinClasses()
	for _, c := range []*lisp.Class{classStandard, classStructure, classCondition} {
		g.addMethod(&method{specs: []specializer{{class: c}}, builtin: true, shape: shape{nreq: 1, nopt: 1},
			direct: func(t *eval.Thread, args []lisp.Value) lisp.Value {
				lisp.Errorf("make-load-form: %s has no load form: define a make-load-form method for its class (make-load-form-saving-slots helps)", plainString(args[0]))
				return nil
			}})
	}
}

// makeLoadFormSavingSlots returns the two forms that remake object: one
// allocating an instance of its class, one setting the slots saved
// (slot-names, or every local slot) to their values, or making them
// unbound, in the object the first form made (CLHS
// make-load-form-saving-slots).
func makeLoadFormSavingSlots(t *eval.Thread, args []lisp.Value) lisp.Value {
	const op = "make-load-form-saving-slots"
	x := instanceArg(t, op, args[0])
	opts := args[1:]
	if len(opts)%2 != 0 {
		lisp.SignalClass(lisp.ClassProgramError, "%s: odd number of keyword arguments", op)
	}
	var names []lisp.Value
	all := true
	for i := 0; i < len(opts); i += 2 {
		switch opts[i] {
		case kwSlotNames:
			if all {
				names, all = lisp.ListToSlice(op, opts[i+1]), false
			}
		case kwEnvironment, kwAllowOtherKeys:
		default:
			lisp.SignalClass(lisp.ClassProgramError, "%s: unknown keyword argument %s", op, lisp.Prin1ToString(opts[i]))
		}
	}
	info := infoOf(x.Class)
	if info == nil {
		lisp.TypeError(op, x, "an instance of a standard class or a structure")
	}
	create := lisp.List(sAllocateInst, lisp.List(sFindClass, quoted(x.Class.Name)))
	sets := []lisp.Value{sProgn}
	for _, s := range info.slots {
		if all && s.index < 0 || !all && !containsValue(names, s.name) {
			continue
		}
		if v := s.get(x); v != nil {
			sets = append(sets, lisp.List(sSetf, lisp.List(sSlotValue, x, quoted(s.name)), quoted(v)))
		} else {
			sets = append(sets, lisp.List(sSlotMakunbound, x, quoted(s.name)))
		}
	}
	return t.Values(create, lisp.List(sets...))
}

func registerClosLoadForm() {
	defun("make-load-form", standardGenerics[sMakeLoadForm.Name].lambdaList, makeLoadFormDocs, func(t *eval.Thread, args []lisp.Value) lisp.Value {
		return closOf(t).generic(t, "make-load-form", sMakeLoadForm).call(t, args)
	})
	defun("make-load-form-saving-slots", "(object &key slot-names environment)", "Return a form that allocates an object of object's class and a form that gives its slots (slot-names, or all) object's values.", makeLoadFormSavingSlots)
}
