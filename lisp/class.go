package lisp

// Class is what an object is an instance of, for typep, class-of and method
// dispatch: a built-in class for the standard types, a structure type made
// by defstruct, a standard class made by defclass, or a condition type.
// Package lisp holds only what the printer and equalp need; package
// builtins keeps the rest (slot definitions, initforms) in Ext.
type Class struct {
	Name   *Symbol
	Kind   ClassKind
	Supers []*Class // the direct superclasses, in the order defined
	// CPL is the class precedence list, the class itself first, computed
	// as CL does (see ComputeCPL).
	CPL []*Class
	// Slots names the slots an instance holds, in the order of its Slots.
	Slots []*Symbol
	// Print, when set, prints an instance the program's way (a
	// print-object method, a :print-function); it reports false when the
	// default printing applies.
	Print func(obj *Instance, escape bool) (string, bool)
	// Ext is the defining package's own description of the class.
	Ext any
}

// ClassKind says which of the four families a class belongs to.
type ClassKind uint8

// The class families. UnresolvedClass is the placeholder a #S(…) literal
// read before its structure was defined carries until first use.
const (
	BuiltInClass ClassKind = iota
	StructureClass
	StandardClass
	ConditionClass
	UnresolvedClass
)

// IsSubclassOf reports whether c is super or has it among its ancestors.
func (c *Class) IsSubclassOf(super *Class) bool {
	if c == super {
		return true
	}
	for _, x := range c.CPL {
		if x == super {
			return true
		}
	}
	return false
}

// HasAncestorNamed reports whether c or one of its ancestors is named
// name. Structure accessors use it: they know their type by name.
func (c *Class) HasAncestorNamed(name *Symbol) bool {
	for _, x := range c.CPL {
		if x.Name == name {
			return true
		}
	}
	return false
}

// ConditionParents returns the direct supertypes of a condition type:
// the standard table's, else those of user (which may be nil).
func ConditionParents(user Classes, class *Symbol) ([]*Symbol, bool) {
	return parentsOf(user, class)
}

// ComputeCPL returns the class precedence list of a class with the
// direct superclasses supers, as CLHS 4.3.5 defines it: a topological
// sort of the local precedence orders of the class and its ancestors,
// choosing among several candidates the one with a direct subclass
// rightmost in the list so far. It reports false when the orders
// contradict each other.
func ComputeCPL(c *Class, supers []*Class) ([]*Class, bool) {
	// Every class involved, each with its direct superclasses.
	var all []*Class
	directs := map[*Class][]*Class{}
	var visit func(k *Class, ds []*Class)
	visit = func(k *Class, ds []*Class) {
		if _, seen := directs[k]; seen {
			return
		}
		directs[k] = ds
		all = append(all, k)
		for _, s := range ds {
			visit(s, s.Supers)
		}
	}
	visit(c, supers)
	// before[k] are the classes that must precede k.
	before := map[*Class]map[*Class]bool{}
	for _, k := range all {
		before[k] = map[*Class]bool{}
	}
	for _, k := range all {
		prev := k
		for _, s := range directs[k] {
			before[s][prev] = true
			prev = s
		}
	}
	var out []*Class
	placed := map[*Class]bool{}
	for len(out) < len(all) {
		var candidates []*Class
		for _, k := range all {
			if placed[k] {
				continue
			}
			ready := true
			for p := range before[k] {
				if !placed[p] {
					ready = false
					break
				}
			}
			if ready {
				candidates = append(candidates, k)
			}
		}
		if len(candidates) == 0 {
			return nil, false
		}
		pick := candidates[0]
		if len(candidates) > 1 {
			// The candidate that is a direct superclass of the
			// rightmost class already placed.
		choose:
			for i := len(out) - 1; i >= 0; i-- {
				for _, cand := range candidates {
					for _, d := range directs[out[i]] {
						if d == cand {
							pick = cand
							break choose
						}
					}
				}
			}
		}
		placed[pick] = true
		out = append(out, pick)
	}
	return out, true
}

// kindNames name each family of class as SBCL names its metaclass.
var kindNames = [...]string{"built-in-class", "structure-class", "standard-class", "condition-class", "structure-class"}

// MetaclassName is the name of the class of c: standard-class and so on.
func (c *Class) MetaclassName() string { return kindNames[c.Kind] }

func (p *printer) class(c *Class) {
	p.b.WriteString("#<")
	p.b.WriteString(c.MetaclassName())
	p.b.WriteByte(' ')
	p.symbol(c.Name)
	p.b.WriteByte('>')
}
