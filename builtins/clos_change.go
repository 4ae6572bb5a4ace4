package builtins

// change-class and update-instance-for-different-class (CLHS 7.2): an
// instance takes another class in place, keeping the values of the local
// slots both classes have, and the slots it gains are initialised from
// the initargs and their initforms.

import (
	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
)

var sUpdateForDifferent = lisp.Sym("update-instance-for-different-class")

var sChangeClass = lisp.Sym("change-class")

// change-class's entry is added at initialisation: its methods make
// generic functions, whose maker reads the table.
func init() {
	standardGenerics[sChangeClass.Name] = standardGeneric{2, "(instance new-class &rest initargs)", installChangeClass}
}

// installChangeClass gives change-class its default methods: one for a
// class name, which calls change-class again with the class, and one for
// a class, which does the work.
func installChangeClass(g *generic) {
	loadBuiltinClasses()
	g.addMethod(&method{specs: []specializer{{class: classT}, {class: classSymbol}}, builtin: true, shape: shape{nreq: 2, hasRest: true, allowOther: true},
		direct: func(t *eval.Thread, args []lisp.Value) lisp.Value {
			all := append([]lisp.Value{args[0], classArg(t, "change-class", args[1])}, args[2:]...)
			return g.call(t, all)
		}})
	g.addMethod(&method{specs: []specializer{{class: classT}, {class: classT}}, builtin: true, shape: shape{nreq: 2, hasRest: true, allowOther: true},
		direct: changeClass})
}

// changeClass is change-class's work: the instance is changed in place
// (it stays eq to itself), and update-instance-for-different-class is
// called with a copy of it as it was.
func changeClass(t *eval.Thread, args []lisp.Value) lisp.Value {
	const op = "change-class"
	x := instanceArg(t, op, args[0])
	c := classArg(t, op, args[1])
	initargs := args[2:]
	if len(initargs)%2 != 0 {
		lisp.SignalClass(lisp.ClassProgramError, "%s: odd number of initialization arguments", op)
	}
	if x.Class.Kind != lisp.StandardClass || c.Kind != lisp.StandardClass {
		lisp.Errorf("%s: only an instance of a standard class can change to another standard class, not %s to %s", op, plainString(x), lisp.Prin1ToString(c.Name))
	}
	checkFinalized(op, c)
	previous := &lisp.Instance{Class: x.Class, Slots: append([]lisp.Value(nil), x.Slots...), Layout: x.Layout}
	oldInfo, newInfo := infoOf(x.Class), infoOf(c)
	// A local slot of the new class keeps the value of the old class's
	// slot of its name, local or shared (CLHS 7.2.1).
	slots := make([]lisp.Value, len(c.Slots))
	for _, s := range newInfo.slots {
		if s.index < 0 {
			continue
		}
		if old, ok := oldInfo.byName[s.name]; ok {
			slots[s.index] = old.get(previous)
		}
	}
	x.Class, x.Slots, x.Layout = c, slots, currentLayout(c)
	g := closOf(t).generic(t, op, sUpdateForDifferent)
	g.call(t, append([]lisp.Value{previous, x}, initargs...))
	return x
}

// installUpdateForDifferent gives update-instance-for-different-class its
// default method: the initargs checked, then shared-initialize of the
// local slots the new class added.
func installUpdateForDifferent(g *generic) {
	libraryMethod(g, func(t *eval.Thread, args []lisp.Value) lisp.Value {
		const op = "update-instance-for-different-class"
		previous := instanceArg(t, op, args[0])
		current := instanceArg(t, op, args[1])
		initargs := args[2:]
		if len(initargs)%2 != 0 {
			lisp.SignalClass(lisp.ClassProgramError, "%s: odd number of initialization arguments", op)
		}
		checkInitargs(t, op, current.Class, args, g)
		var added []lisp.Value
		oldInfo := infoOf(previous.Class)
		for _, s := range infoOf(current.Class).slots {
			if _, ok := oldInfo.byName[s.name]; s.index >= 0 && !ok {
				added = append(added, s.name)
			}
		}
		callSharedInitialize(t, current, lisp.List(added...), initargs)
		return lisp.Nil
	})
}

func registerClosChange() {
	defun("change-class", standardGenerics[sChangeClass.Name].lambdaList, "Change the class of the instance, in place, to new-class (a class or its name), keeping the values of the slots both classes have; return the instance. A standard generic function.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		return closOf(t).generic(t, "change-class", sChangeClass).call(t, args)
	})
	defun("update-instance-for-different-class", standardGenerics[sUpdateForDifferent.Name].lambdaList, "A standard generic function change-class calls; programs add methods to it with defmethod.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		return closOf(t).generic(t, "update-instance-for-different-class", sUpdateForDifferent).call(t, args)
	})
}
