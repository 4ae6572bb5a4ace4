package builtins

import (
	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
)

// The slots of a condition through slot-value, (setf slot-value) and
// slot-boundp, as SBCL allows: a condition made by define-condition's
// class keeps its slots as name/value pairs (lisp.Condition.Slots); a slot
// its class declares but nothing set is unbound.

// conditionSlotAccess does op on the slot name of c: it returns the
// slot's value (nil when unbound) and whether c's class has that slot,
// storing newValue first when one is given.
func conditionSlotAccess(t *eval.Thread, c *lisp.Condition, name lisp.Value, newValue lisp.Value) (lisp.Value, bool) {
	sym, ok := name.(*lisp.Symbol)
	if !ok {
		return nil, false
	}
	for i := 0; i+1 < len(c.Slots); i += 2 {
		if c.Slots[i] == lisp.Value(sym) {
			if newValue != nil {
				c.Slots[i+1] = newValue
			}
			return c.Slots[i+1], true
		}
	}
	if !t.Interp().ConditionHasSlot(c.Class, sym) {
		return nil, false
	}
	if newValue != nil {
		c.Slots = append(c.Slots, sym, newValue)
	}
	return newValue, true
}

// conditionSlotValue is slot-value of a condition.
func conditionSlotValue(t *eval.Thread, op string, c *lisp.Condition, name lisp.Value) lisp.Value {
	v, has := conditionSlotAccess(t, c, name, nil)
	if !has {
		lisp.Errorf("%s: when attempting to access the slot %s, the slot is missing from the object %s", op, lisp.Prin1ToString(name), lisp.Prin1ToString(c))
	}
	if v == nil {
		panic(&lisp.Condition{Class: lisp.ClassUnboundSlot, Name: name, Slots: []lisp.Value{kwInstanceSlot, c},
			Message: op + ": the slot " + lisp.Prin1ToString(name) + " is unbound in the object " + lisp.Prin1ToString(c)})
	}
	return v
}
