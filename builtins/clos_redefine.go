package builtins

// Instances of a redefined class (CLHS 4.3.6): each instance remembers
// the layout of slots it was made with, and one made under an older
// layout is brought up to date the next time its slots are used, by
// update-instance-for-redefined-class. make-instances-obsolete makes a
// class's instances go through that update without a redefinition.

import (
	"slices"

	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
)

// slotLayout is one version of a standard class's slots: the names of
// its local slots in the order an instance holds them, and the storage
// of its shared ones.
type slotLayout struct {
	local  []*lisp.Symbol
	shared map[*lisp.Symbol]*sharedValue
	ci     *closImage
}

var sUpdateForRedefined = lisp.Sym("update-instance-for-redefined-class")
var sMakeInstancesObsolete = lisp.Sym("make-instances-obsolete")

// Added at initialisation: the methods make generic functions, whose
// maker reads the table.
func init() {
	standardGenerics[sUpdateForRedefined.Name] = standardGeneric{4, "(instance added-slots discarded-slots property-list &rest initargs)", installUpdateForRedefined}
	standardGenerics[sMakeInstancesObsolete.Name] = standardGeneric{1, "(class)", func(g *generic) { libraryMethod(g, makeInstancesObsolete) }}
}

// noteLayout gives c, just finalized, a new layout when its local slots
// differ from those of its current one, which makes the instances made
// before obsolete.
func (ci *closImage) noteLayout(c *lisp.Class) {
	info := infoOf(c)
	shared := map[*lisp.Symbol]*sharedValue{}
	for _, s := range info.slots {
		if s.index < 0 {
			shared[s.name] = s.shared
		}
	}
	if info.layout != nil && slices.Equal(info.layout.local, c.Slots) {
		info.layout.shared = shared
		return
	}
	info.layout = &slotLayout{local: slices.Clone(c.Slots), shared: shared, ci: ci}
}

// newStandardInstance returns an instance of the standard class c with
// every slot unbound.
func newStandardInstance(op string, c *lisp.Class) *lisp.Instance {
	checkFinalized(op, c)
	return &lisp.Instance{Class: c, Slots: make([]lisp.Value, len(c.Slots)), Layout: currentLayout(c)}
}

// currentLayout is the layout an instance of c made now has: nil for a
// class without one (a structure type), never a nil *slotLayout.
func currentLayout(c *lisp.Class) any {
	if info := infoOf(c); info != nil && info.layout != nil {
		return info.layout
	}
	return nil
}

// ensureCurrent updates x when its class's layout has changed since x
// was made or last updated. An instance with no layout (a structure, or
// one a restore made) is taken to have the current one.
func ensureCurrent(x *lisp.Instance) {
	info := infoOf(x.Class)
	if info == nil || info.layout == nil || x.Layout == info.layout {
		return
	}
	old, ok := x.Layout.(*slotLayout)
	if !ok {
		x.Layout = info.layout
		return
	}
	t := info.layout.ci.in.Running()
	updateInstance(t, x, old)
}

// updateInstance moves x from the layout old to its class's current one:
// the local slots both have keep their values, as does a slot shared in
// old and local now; the local slots old had and the class no longer
// has are discarded, their values passed on in a property list; then
// update-instance-for-redefined-class initialises the added ones.
func updateInstance(t *eval.Thread, x *lisp.Instance, old *slotLayout) {
	info := infoOf(x.Class)
	values := make([]lisp.Value, len(x.Class.Slots))
	var added, discarded, plist []lisp.Value
	for i, n := range x.Class.Slots {
		if j := slices.Index(old.local, n); j >= 0 && j < len(x.Slots) {
			values[i] = x.Slots[j]
		} else if sv, ok := old.shared[n]; ok {
			values[i] = sv.v
		} else {
			added = append(added, n)
		}
	}
	for j, n := range old.local {
		if !slices.Contains(x.Class.Slots, n) {
			discarded = append(discarded, n)
			if j < len(x.Slots) && x.Slots[j] != nil {
				plist = append(plist, x.Slots[j], n) // reversed below
			}
		}
	}
	// The lists in the order SBCL gives them: last slot first.
	slices.Reverse(added)
	slices.Reverse(discarded)
	slices.Reverse(plist)
	// Current before anything runs, so the methods see the new slots
	// and do not start the update again.
	x.Slots, x.Layout = values, info.layout
	args := []lisp.Value{x, lisp.List(added...), lisp.List(discarded...), lisp.List(plist...)}
	if g := programMethods(t, sUpdateForRedefined); g != nil {
		g.call(t, args)
		return
	}
	callSharedInitialize(t, x, args[1], nil)
}

// installUpdateForRedefined gives update-instance-for-redefined-class its
// default method: shared-initialize of the added slots with the initargs.
func installUpdateForRedefined(g *generic) {
	libraryMethod(g, func(t *eval.Thread, args []lisp.Value) lisp.Value {
		const op = "update-instance-for-redefined-class"
		x := instanceArg(t, op, args[0])
		initargs := args[4:]
		if len(initargs)%2 != 0 {
			lisp.SignalClass(lisp.ClassProgramError, "%s: odd number of initialization arguments", op)
		}
		callSharedInitialize(t, x, args[1], initargs)
		return lisp.Nil
	})
}

// makeInstancesObsolete is make-instances-obsolete's library method: the
// class gets a new layout with the same slots, so that each instance goes
// through update-instance-for-redefined-class on its next use. It
// returns its argument, a class or a class name.
func makeInstancesObsolete(t *eval.Thread, args []lisp.Value) lisp.Value {
	const op = "make-instances-obsolete"
	c := classArg(t, op, args[0])
	info := infoOf(c)
	if c.Kind != lisp.StandardClass || info == nil {
		lisp.TypeError(op, args[0], "a standard class")
	}
	if info.layout != nil {
		l := *info.layout
		info.layout = &l
	}
	return args[0]
}

func registerClosRedefine() {
	defun("make-instances-obsolete", standardGenerics[sMakeInstancesObsolete.Name].lambdaList, "Make the instances of the standard class (or class name) be updated, by update-instance-for-redefined-class, the next time their slots are used; return the argument. A standard generic function.", viaGeneric(sMakeInstancesObsolete, makeInstancesObsolete))
	defun("update-instance-for-redefined-class", standardGenerics[sUpdateForRedefined.Name].lambdaList, "A standard generic function called on an instance whose class was redefined, with the slots added, those discarded and a property list of their values; programs add methods to it with defmethod.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		return closOf(t).generic(t, "update-instance-for-redefined-class", sUpdateForRedefined).call(t, args)
	})
}

// InstanceSlotNames returns the names of the slots x.Slots holds, in
// order: those of the layout x was made or last updated under, which are
// its class's until the class is redefined and x not yet updated.
func InstanceSlotNames(x *lisp.Instance) []*lisp.Symbol {
	if l, ok := x.Layout.(*slotLayout); ok {
		return l.local
	}
	return x.Class.Slots
}
