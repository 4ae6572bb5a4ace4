package lisp

import "sync/atomic"

// Instance is an object of a structure type (defstruct) or of a standard
// class (defclass). Slots parallels Class.Slots; a nil element is an
// unbound slot.
//
// A #S(name :slot value …) literal may be read before its structure is
// defined (a cell is read whole before it runs), so the reader makes an
// instance whose Class is an UnresolvedClass placeholder and whose Slots
// hold the literal's initargs; package builtins resolves it against the
// image's types the first time it is used.
type Instance struct {
	Class *Class
	Slots []Value
	// Layout is the defining package's record of the slots Slots held
	// when it was made: an instance whose class was redefined since is
	// brought up to date from it the next time its slots are used.
	Layout any
}

// IsStructure reports whether x is (or will resolve to) a structure.
func (x *Instance) IsStructure() bool {
	return x.Class.Kind == StructureClass || x.Class.Kind == UnresolvedClass
}

// instance prints x: with its class's printer when it has one, else a
// structure as #S(name :slot value …), which the reader reads back, and
// a standard object as #<name>, SBCL's form without the address.
func (p *printer) instance(x *Instance, depth int) {
	if x.Class.Print != nil {
		if s, ok := x.Class.Print(x, p.escape); ok {
			p.b.WriteString(s)
			return
		}
	}
	p.instanceDefault(x, depth)
}

func (p *printer) instanceDefault(x *Instance, depth int) {
	if !x.IsStructure() {
		p.b.WriteString("#<")
		p.symbol(x.Class.Name)
		p.b.WriteByte('>')
		return
	}
	if depth >= maxPrintDepth {
		p.b.WriteByte('#')
		return
	}
	if x.outdatedStructure() {
		p.outdatedStructure(x)
		return
	}
	p.b.WriteString("#S(")
	p.symbol(x.Class.Name)
	if x.Class.Kind == UnresolvedClass {
		for _, v := range x.Slots {
			p.b.WriteByte(' ')
			p.print(v, depth+1)
		}
	} else {
		for i, name := range x.Class.Slots {
			// The slot name as a keyword, its colon kept by princ too,
			// as SBCL prints it.
			p.b.WriteByte(' ')
			if !p.escape {
				p.b.WriteByte(':')
			}
			p.symbol(InternKeyword(name.Name))
			p.b.WriteByte(' ')
			if x.Slots[i] == nil {
				p.b.WriteString("#<unbound>")
				continue
			}
			p.print(x.Slots[i], depth+1)
		}
	}
	p.b.WriteByte(')')
}

// outdatedStructure reports whether x was made before its structure was
// redefined with another number of slots: its values no longer line up
// with the class's slot names.
func (x *Instance) outdatedStructure() bool {
	return x.Class.Kind != UnresolvedClass && len(x.Slots) != len(x.Class.Slots)
}

// outdatedStructure prints such an instance without its slots, which
// have no names any more (SBCL prints it as unprintable).
func (p *printer) outdatedStructure(x *Instance) {
	if p.o.Readably {
		SignalClass(ClassPrintNotReadable, "print-not-readable: the %s was made before its structure was redefined (*print-readably* is t)", x.Class.Name.Name)
	}
	p.b.WriteString("#<")
	p.symbol(x.Class.Name)
	p.b.WriteString(" made before its structure was redefined>")
}

// DefaultInstanceString prints x under o as if its class had no printer
// of its own: what call-next-method in a print-object method prints.
func DefaultInstanceString(x *Instance, o PrintOptions) string {
	var p printer
	p.init(o)
	p.instanceDefault(x, 0)
	return p.b.String()
}

// instancesEqualp is equalp on instances: structures of the same type
// with equalp slots; any other instance only equals itself.
func instancesEqualp(x *Instance, b Value) bool {
	y, ok := b.(*Instance)
	if !ok || x.Class != y.Class || x.Class.Kind != StructureClass || len(x.Slots) != len(y.Slots) {
		return false
	}
	for i := range x.Slots {
		if !Equalp(x.Slots[i], y.Slots[i]) {
			return false
		}
	}
	return true
}

// unresolvedRead says whether any #S literal was read in the process, so
// that the evaluator need not look into constants for them before one
// has been.
var unresolvedRead atomic.Bool

// NewUnresolvedInstance makes the instance the reader reads #S(name
// initargs…) as, before name is known to be a structure type.
func NewUnresolvedInstance(name *Symbol, initargs []Value) *Instance {
	unresolvedRead.Store(true)
	return &Instance{Class: &Class{Name: name, Kind: UnresolvedClass}, Slots: initargs}
}

// UnresolvedInstancesRead reports whether any #S literal has been read.
func UnresolvedInstancesRead() bool { return unresolvedRead.Load() }
