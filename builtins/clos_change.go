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

// changeClass is change-class: the instance is changed in place (it stays
// eq to itself), and update-instance-for-different-class is called with a
// copy of it as it was.
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
	previous := &lisp.Instance{Class: x.Class, Slots: append([]lisp.Value(nil), x.Slots...)}
	oldInfo, newInfo := infoOf(x.Class), infoOf(c)
	slots := make([]lisp.Value, len(c.Slots))
	for _, s := range newInfo.slots {
		if s.index < 0 {
			continue
		}
		if old, ok := oldInfo.byName[s.name]; ok && old.index >= 0 {
			slots[s.index] = previous.Slots[old.index]
		}
	}
	x.Class, x.Slots = c, slots
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
			if old, ok := oldInfo.byName[s.name]; s.index >= 0 && (!ok || old.index < 0) {
				added = append(added, s.name)
			}
		}
		callSharedInitialize(t, current, lisp.List(added...), initargs)
		return lisp.Nil
	})
}

func registerClosChange() {
	defun("change-class", "(instance new-class &rest initargs)", "Change the class of the instance, in place, to new-class (a class or its name), keeping the values of the local slots both classes have; return the instance.", changeClass)
	defun("update-instance-for-different-class", standardGenerics[sUpdateForDifferent.Name].lambdaList, "A standard generic function change-class calls; programs add methods to it with defmethod.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		return closOf(t).generic(t, "update-instance-for-different-class", sUpdateForDifferent).call(t, args)
	})
}
