package builtins

// Finalizing standard classes: a class may name superclasses defined
// later (forward references), and a class redefined changes the classes
// below it. Each class keeps its own definition (direct superclasses,
// slots, default initargs) and is finalized, given its precedence list
// and effective slots, whenever every class above it is defined; its
// subclasses are finalized again after it.

import (
	"slices"

	"github.com/nodelisp/nodelisp/lisp"
)

// forwardClass returns the placeholder of a class named before it is
// defined, made on first use. find-class does not see it; the defclass
// of the name makes it the class, in place, so that the classes naming
// it as a superclass see the definition.
func (ci *closImage) forwardClass(name *lisp.Symbol) *lisp.Class {
	if c, ok := ci.forward[name]; ok {
		return c
	}
	c := &lisp.Class{Name: name, Kind: lisp.StandardClass, Ext: &classInfo{byName: map[*lisp.Symbol]*slotDef{}, forward: true}}
	c.CPL = []*lisp.Class{c}
	ci.forward[name] = c
	return c
}

// adoptPrevious prepares c, a new definition of its name, to replace the
// class the name had, or its forward-referenced placeholder: c's
// information keeps the subclasses and the instance layout of the
// previous one, which defineClass then overwrites with c in place.
func (ci *closImage) adoptPrevious(c *lisp.Class) {
	prev, ok := ci.classes[c.Name]
	if !ok || prev.Kind != lisp.StandardClass || prev.Name != c.Name {
		prev, ok = ci.forward[c.Name]
		if !ok {
			return
		}
		delete(ci.forward, c.Name)
		ci.classes[c.Name] = prev
	}
	if pi := infoOf(prev); pi != nil {
		info := infoOf(c)
		info.subclasses, info.layout = pi.subclasses, pi.layout
	}
	// The classes it no longer inherits from forget it.
	for _, s := range prev.Supers {
		if si := infoOf(s); si != nil && !slices.Contains(c.Supers, s) {
			si.subclasses = slices.DeleteFunc(si.subclasses, func(k *lisp.Class) bool { return k == prev })
		}
	}
}

// previousShared returns the storage of slot when the standard class
// name defines it, as a shared slot, now: a redefinition keeps it.
func (ci *closImage) previousShared(name, slot *lisp.Symbol) *sharedValue {
	prev, ok := ci.classes[name]
	if !ok || prev.Kind != lisp.StandardClass || prev.Name != name {
		return nil
	}
	for _, d := range infoOf(prev).direct {
		if d.name == slot && d.classAllocation {
			return d.shared
		}
	}
	return nil
}

// finalize computes c's precedence list and, when no class in it is a
// forward reference and the list is consistent, its slots; then it does
// the same for c's subclasses. seen guards against a class met twice.
func (ci *closImage) finalize(c *lisp.Class, seen map[*lisp.Class]bool) {
	if seen[c] {
		return
	}
	seen[c] = true
	info := infoOf(c)
	cpl, ok := lisp.ComputeCPL(c, c.Supers)
	info.finalized = false
	if ok {
		c.CPL = cpl
		info.finalized = !slices.ContainsFunc(cpl, func(k *lisp.Class) bool {
			ki := infoOf(k)
			return ki != nil && ki.forward
		})
	}
	if info.finalized {
		computeSlots(c)
		ci.noteLayout(c)
	}
	ci.generation++
	for _, sub := range info.subclasses {
		if slices.Contains(sub.Supers, c) {
			ci.finalize(sub, seen)
		}
	}
}

// checkFinalized signals the error of making an instance of a class that
// is not finalized: a superclass not yet defined, or superclasses whose
// precedence orders contradict each other.
func checkFinalized(op string, c *lisp.Class) {
	info := infoOf(c)
	if info == nil || info.finalized || c.Kind != lisp.StandardClass {
		return
	}
	for _, k := range c.CPL {
		if ki := infoOf(k); ki != nil && ki.forward {
			lisp.Errorf("%s: the class %s has the superclass %s, which is not defined", op, lisp.Prin1ToString(c.Name), lisp.Prin1ToString(k.Name))
		}
	}
	lisp.Errorf("%s: the superclasses of %s have no consistent precedence order", op, lisp.Prin1ToString(c.Name))
}
