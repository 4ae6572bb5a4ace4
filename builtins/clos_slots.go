package builtins

// Slot definitions shared by structures and standard classes, and the
// ways an instance's slots are read and written by name.

import (
	"slices"
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
	// subclasses are the standard classes that name this one as a direct
	// superclass, finalized again when it changes.
	subclasses []*lisp.Class
	// forward marks the placeholder of a class named as a superclass
	// before it is defined; finalized says a standard class's precedence
	// list and slots are computed, so it can have instances.
	forward, finalized bool
	// layout is the slots a standard class's instances hold now;
	// instances made under an older one are updated on their next use.
	layout *slotLayout
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
	x = closOf(t).resolve(t, x)
	ensureCurrent(x)
	return x
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
	ensureCurrent(x)
	if s.index < 0 {
		return s.shared.v
	}
	checkLayout(s, x)
	return x.Slots[s.index]
}

func (s *slotDef) set(x *lisp.Instance, v lisp.Value) {
	ensureCurrent(x)
	if s.index < 0 {
		s.shared.v = v
		return
	}
	checkLayout(s, x)
	x.Slots[s.index] = v
}

// checkLayout signals an error, rather than let an index run off the
// end, for an instance whose slots do not match its class's: one a
// (setf find-class) or a restore left behind.
func checkLayout(s *slotDef, x *lisp.Instance) {
	if s.index >= len(x.Slots) {
		lisp.Errorf("slot %s: the slots of this %s do not match its class's", lisp.Prin1ToString(s.name), lisp.Prin1ToString(x.Class.Name))
	}
}

// slotValue is slot-value: an unbound slot goes to slot-unbound.
func slotValue(t *eval.Thread, x *lisp.Instance, name lisp.Value) lisp.Value {
	s, ok := findSlot(x, name)
	if !ok {
		return slotMissing(t, x, name, sSlotValue)
	}
	v := s.get(x)
	if v == nil {
		return slotUnbound(t, x, s.name)
	}
	return v
}

// findSlot finds the slot name of x.
func findSlot(x *lisp.Instance, name lisp.Value) (*slotDef, bool) {
	if sym, ok := name.(*lisp.Symbol); ok {
		if info := infoOf(x.Class); info != nil {
			s, ok := info.byName[sym]
			return s, ok
		}
	}
	return nil, false
}

var (
	sSlotUnbound = lisp.Sym("slot-unbound")
	sSlotMissing = lisp.Sym("slot-missing")
	sSlotBoundp  = lisp.Sym("slot-boundp")
	// kwInstanceSlot is the slot unbound-slot-instance reads.
	kwInstanceSlot = lisp.Sym("instance")
)

// programMethods returns the generic function name when the program has
// added methods to it, nil while it has only the library's defaults.
func programMethods(t *eval.Thread, name *lisp.Symbol) *generic {
	if g, ok := closOf(t).generics[name]; ok && slices.ContainsFunc(g.methods, func(m *method) bool { return !m.builtin }) {
		return g
	}
	return nil
}

// slotUnbound calls slot-unbound, whose default method signals
// unbound-slot (CLHS 7.5.11); its primary value is slot-value's.
func slotUnbound(t *eval.Thread, x *lisp.Instance, name *lisp.Symbol) lisp.Value {
	if g := programMethods(t, sSlotUnbound); g != nil {
		return firstValue(t, g.call(t, []lisp.Value{x.Class, x, name}))
	}
	return unboundSlotError(x, name)
}

func unboundSlotError(x *lisp.Instance, name *lisp.Symbol) lisp.Value {
	panic(&lisp.Condition{Class: lisp.ClassUnboundSlot, Name: name, Slots: []lisp.Value{kwInstanceSlot, x},
		Message: "slot-value: the slot " + lisp.Prin1ToString(name) + " is unbound in the object " + plainString(x)})
}

// slotMissing calls slot-missing, whose default method signals an error;
// operation is slot-value, setf, slot-boundp or slot-makunbound.
func slotMissing(t *eval.Thread, x *lisp.Instance, name lisp.Value, operation *lisp.Symbol, newValue ...lisp.Value) lisp.Value {
	if g := programMethods(t, sSlotMissing); g != nil {
		return firstValue(t, g.call(t, append([]lisp.Value{x.Class, x, name, operation}, newValue...)))
	}
	op := printName(operation)
	if operation == sSetf {
		op = "(setf slot-value)"
	}
	slotOf(op, x, name)
	return nil
}

// firstValue is the primary value of a call that returned v: nil for
// no values.
func firstValue(t *eval.Thread, v lisp.Value) lisp.Value {
	vs := t.TakeValues(v)
	if len(vs) == 0 {
		return lisp.Nil
	}
	return vs[0]
}

func installSlotUnbound(g *generic) {
	libraryMethod(g, func(t *eval.Thread, args []lisp.Value) lisp.Value {
		x := instanceArg(t, "slot-unbound", args[1])
		return unboundSlotError(x, symbolArg("slot-unbound", args[2]))
	})
}

func installSlotMissing(g *generic) {
	libraryMethod(g, func(t *eval.Thread, args []lisp.Value) lisp.Value {
		x := instanceArg(t, "slot-missing", args[1])
		slotOf(printName(symbolArg("slot-missing", args[3])), x, args[2])
		return nil
	})
}

func registerClosSlots() {
	for _, sym := range []*lisp.Symbol{sSlotUnbound, sSlotMissing} {
		defun(printName(sym), standardGenerics[sym.Name].lambdaList, "A standard generic function slot access calls; programs add methods to it with defmethod.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
			return closOf(t).generic(t, printName(sym), sym).call(t, args)
		})
	}
	defun("slot-value", "(object slot-name)", "Return the value of the named slot of the object.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		if c, ok := args[0].(*lisp.Condition); ok {
			return conditionSlotValue(t, "slot-value", c, args[1])
		}
		return slotValue(t, instanceArg(t, "slot-value", args[0]), args[1])
	})
	defun("(setf slot-value)", "(value object slot-name)", "Set the named slot of the object to value.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		if c, ok := args[1].(*lisp.Condition); ok {
			if _, has := conditionSlotAccess(t, c, args[2], args[0]); !has {
				conditionSlotValue(t, "(setf slot-value)", c, args[2])
			}
			return args[0]
		}
		x := instanceArg(t, "(setf slot-value)", args[1])
		s, ok := findSlot(x, args[2])
		if !ok {
			slotMissing(t, x, args[2], sSetf, args[0])
			return args[0]
		}
		s.set(x, args[0])
		return args[0]
	})
	defun("slot-boundp", "(object slot-name)", "True if the named slot of the object has a value.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		if c, ok := args[0].(*lisp.Condition); ok {
			v, has := conditionSlotAccess(t, c, args[1], nil)
			if !has {
				conditionSlotValue(t, "slot-boundp", c, args[1])
			}
			return lisp.Bool(v != nil)
		}
		x := instanceArg(t, "slot-boundp", args[0])
		s, ok := findSlot(x, args[1])
		if !ok {
			return lisp.Bool(slotMissing(t, x, args[1], sSlotBoundp) != lisp.Value(lisp.Nil))
		}
		return lisp.Bool(s.get(x) != nil)
	})
	defun("slot-makunbound", "(object slot-name)", "Make the named slot of the object unbound; return the object.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		x := instanceArg(t, "slot-makunbound", args[0])
		s, ok := findSlot(x, args[1])
		if !ok {
			slotMissing(t, x, args[1], sSlotMakunbound)
			return x
		}
		s.set(x, nil)
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
