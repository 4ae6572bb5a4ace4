package builtins

// Slot definitions shared by structures and standard classes, and the
// ways an instance's slots are read and written by name.

import (
	"strings"

	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
)

// classInfo is what package builtins keeps of a structure type or a
// standard class, in its lisp.Class's Ext.
type classInfo struct {
	slots  []*slotDef // the effective slots: the instance ones in the order of Class.Slots, then the shared ones
	byName map[*lisp.Symbol]*slotDef
	// defaultInitargs alternates initarg keywords and functions of no
	// arguments giving their values: the class's own :default-initargs,
	// then those it inherits.
	defaultInitargs []lisp.Value
	// directDefaultInitargs are the class's own, which the classes that
	// inherit from it take in the order of their precedence lists.
	directDefaultInitargs []lisp.Value
	// printer is a structure's :print-function or :print-object
	// function; printDepth says it takes the depth argument.
	printer    lisp.Value
	printDepth bool
	// direct are a standard class's own slots, as its defclass gave them.
	direct []*directSlot
}

// slotDef is one effective slot.
type slotDef struct {
	name     *lisp.Symbol
	initargs []*lisp.Symbol
	initform lisp.Value // a function of no arguments, or nil for none
	// initSource is a structure slot's initform as written, which the
	// constructors of structures that include this one repeat.
	initSource lisp.Value
	typ        lisp.Value // a structure slot's :type, checked by the constructors; nil for t
	readOnly   bool
	index      int          // the place in Instance.Slots, -1 for a shared slot
	shared     *sharedValue // the storage of an :allocation :class slot
}

// sharedValue is the one value of a class slot; subclasses that do not
// redefine the slot share it. nil is unbound.
type sharedValue struct{ v lisp.Value }

func infoOf(c *lisp.Class) *classInfo {
	info, _ := c.Ext.(*classInfo)
	return info
}

// instanceArg returns v as an instance, resolved, or signals a type
// error naming op.
func instanceArg(t *eval.Thread, op string, v lisp.Value) *lisp.Instance {
	x, ok := v.(*lisp.Instance)
	if !ok {
		lisp.TypeError(op, v, "a structure or standard object")
	}
	return closOf(t).resolve(t, x)
}

// slotOf finds the slot name of x, or signals the error SBCL's
// slot-missing does.
func slotOf(op string, x *lisp.Instance, name lisp.Value) *slotDef {
	sym, ok := name.(*lisp.Symbol)
	if ok {
		if info := infoOf(x.Class); info != nil {
			if s, ok := info.byName[sym]; ok {
				return s
			}
		}
	}
	lisp.Errorf("%s: when attempting to access the slot %s, the slot is missing from the object %s", op, lisp.Prin1ToString(name), plainString(x))
	return nil
}

func (s *slotDef) get(x *lisp.Instance) lisp.Value {
	if s.index < 0 {
		return s.shared.v
	}
	checkLayout(s, x)
	return x.Slots[s.index]
}

func (s *slotDef) set(x *lisp.Instance, v lisp.Value) {
	if s.index < 0 {
		s.shared.v = v
		return
	}
	checkLayout(s, x)
	x.Slots[s.index] = v
}

// checkLayout signals an error for an instance made before its class was
// redefined with more slots: nodelisp does not update such instances
// (CL's make-instances-obsolete).
func checkLayout(s *slotDef, x *lisp.Instance) {
	if s.index >= len(x.Slots) {
		lisp.Errorf("slot %s: %s was made before its class was redefined, and nodelisp does not update instances to a new definition", lisp.Prin1ToString(s.name), lisp.Prin1ToString(x.Class.Name))
	}
}

// slotValue is slot-value: an unbound slot is an error naming it.
func slotValue(t *eval.Thread, x *lisp.Instance, name lisp.Value) lisp.Value {
	s := slotOf("slot-value", x, name)
	v := s.get(x)
	if v == nil {
		lisp.Errorf("slot-value: the slot %s is unbound in the object %s", lisp.Prin1ToString(name), plainString(x))
	}
	return v
}

func registerClosSlots() {
	defun("slot-value", "(object slot-name)", "Return the value of the named slot of the object.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		return slotValue(t, instanceArg(t, "slot-value", args[0]), args[1])
	})
	defun("(setf slot-value)", "(value object slot-name)", "Set the named slot of the object to value.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		x := instanceArg(t, "(setf slot-value)", args[1])
		slotOf("(setf slot-value)", x, args[2]).set(x, args[0])
		return args[0]
	})
	defun("slot-boundp", "(object slot-name)", "True if the named slot of the object has a value.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		x := instanceArg(t, "slot-boundp", args[0])
		return lisp.Bool(slotOf("slot-boundp", x, args[1]).get(x) != nil)
	})
	defun("slot-makunbound", "(object slot-name)", "Make the named slot of the object unbound; return the object.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		x := instanceArg(t, "slot-makunbound", args[0])
		slotOf("slot-makunbound", x, args[1]).set(x, nil)
		return x
	})
	defun("slot-exists-p", "(object slot-name)", "True if the object has a slot of that name.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		sym, _ := args[1].(*lisp.Symbol)
		if c, ok := args[0].(*lisp.Condition); ok {
			return lisp.Bool(sym != nil && t.Interp().ConditionHasSlot(c.Class, sym))
		}
		x, ok := args[0].(*lisp.Instance)
		if !ok {
			return lisp.Nil
		}
		x = closOf(t).resolve(t, x)
		info := infoOf(x.Class)
		_, has := info.byName[sym]
		return lisp.Bool(info != nil && has)
	})
}

// plainString prints v for an error message: an instance without its
// print-object method, which may be what failed (a method reading an
// unbound slot would otherwise recurse through its own error message).
func plainString(v lisp.Value) string {
	if x, ok := v.(*lisp.Instance); ok {
		return lisp.DefaultInstanceString(x, lisp.DefaultPrintOptions(true))
	}
	return lisp.Prin1ToString(v)
}

// plainList prints args as a list for an error message, as plainString
// prints each.
func plainList(args []lisp.Value) string {
	parts := make([]string, len(args))
	for i, a := range args {
		parts[i] = plainString(a)
	}
	return "(" + strings.Join(parts, " ") + ")"
}
