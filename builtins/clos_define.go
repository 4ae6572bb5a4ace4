package builtins

// defclass at run time: the class, its effective slots, and the reader
// and writer methods of its slots.

import (
	"slices"

	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
)

// directSlot is a slot as one defclass gives it.
type directSlot struct {
	name             *lisp.Symbol
	initform         lisp.Value // function of no arguments, or nil
	initargs         []*lisp.Symbol
	readers, writers []*lisp.Symbol
	classAllocation  bool
	shared           *sharedValue
	hasInitform      bool
}

// defineStandardClass is %defclass (name supers slots default-initargs):
// each slot is (name initform-function initargs readers writers
// class-allocation-p), the default initargs alternate keywords and
// functions. A superclass not yet defined is a forward reference: the
// class is finalized (given its precedence list and slots) once every
// class above it is defined.
func defineStandardClass(t *eval.Thread, args []lisp.Value) lisp.Value {
	const op = "defclass"
	ci := closOf(t)
	name := symbolArg(op, args[0])
	loadBuiltinClasses()
	c := &lisp.Class{Name: name, Kind: lisp.StandardClass}
	for _, s := range lisp.ListToSlice(op, args[1]) {
		sym := symbolArg(op, s)
		super := ci.findClass(t, sym)
		if super == nil {
			super = ci.forwardClass(sym)
		}
		if super.Kind != lisp.StandardClass && super != classStandard {
			lisp.Errorf("%s: %s cannot be a superclass of the standard class %s", op, lisp.Prin1ToString(s), lisp.Prin1ToString(name))
		}
		c.Supers = append(c.Supers, super)
	}
	if len(c.Supers) == 0 {
		c.Supers = []*lisp.Class{classStandard}
	}
	var direct []*directSlot
	for _, d := range lisp.ListToSlice(op, args[2]) {
		p := lisp.ListToSlice(op, d)
		s := &directSlot{name: symbolArg(op, p[0]), classAllocation: p[5] != lisp.Value(lisp.Nil)}
		if p[1] != lisp.Value(lisp.Nil) {
			s.initform, s.hasInitform = p[1], true
		}
		s.initargs = symbols(op, p[2])
		s.readers = symbols(op, p[3])
		s.writers = symbols(op, p[4])
		if s.classAllocation {
			// A slot shared in the previous definition too keeps its
			// value (CLHS 4.3.6).
			if s.shared = ci.previousShared(name, s.name); s.shared == nil {
				s.shared = &sharedValue{}
				if s.initform != nil {
					s.shared.v = t.Call(s.initform)
				}
			}
		}
		direct = append(direct, s)
	}
	if _, ok := lisp.ComputeCPL(c, c.Supers); !ok {
		lisp.Errorf("%s: the superclasses of %s have no consistent precedence order", op, lisp.Prin1ToString(name))
	}
	own := lisp.ListToSlice(op, args[3])
	info := &classInfo{byName: map[*lisp.Symbol]*slotDef{}, defaultInitargs: own, directDefaultInitargs: own, direct: direct}
	c.Ext = info
	ci.adoptPrevious(c)
	ci.defineClass(c)
	c = ci.classes[name]
	for _, s := range c.Supers {
		if si := infoOf(s); si != nil && !slices.Contains(si.subclasses, c) {
			si.subclasses = append(si.subclasses, c)
		}
	}
	ci.finalize(c, map[*lisp.Class]bool{})
	t.NoteDefined(name)
	for _, s := range direct {
		for _, r := range s.readers {
			ci.slotReader(t, c, r, s.name)
			t.NoteDefined(r)
		}
		for _, w := range s.writers {
			ci.slotWriter(t, c, w, s.name)
			t.NoteDefined(w)
		}
	}
	return c
}

// computeSlots gives c, whose precedence list is computed and has no
// forward-referenced class, its effective slots and default initargs:
// the most general class's slots first, each taking the initform of the
// most specific class that gives one and all the classes' initargs; the
// most specific definition decides the allocation.
func computeSlots(c *lisp.Class) {
	info := infoOf(c)
	cpl := c.CPL
	info.byName = map[*lisp.Symbol]*slotDef{}
	info.slots = nil
	info.defaultInitargs = info.directDefaultInitargs
	c.Slots = nil
	var order []*lisp.Symbol
	defs := map[*lisp.Symbol][]*directSlot{} // most specific first
	for i := len(cpl) - 1; i >= 0; i-- {
		var ds []*directSlot
		if k := cpl[i]; k.Kind == lisp.StandardClass {
			ds = k.Ext.(*classInfo).direct
		}
		for _, s := range ds {
			if _, seen := defs[s.name]; !seen {
				order = append(order, s.name)
			}
			defs[s.name] = append([]*directSlot{s}, defs[s.name]...)
		}
	}
	for _, k := range cpl[1:] {
		if k.Kind == lisp.StandardClass {
			// Each class's own, in the order of c's precedence list: a
			// superclass's inherited ones may come later in c's.
			di := k.Ext.(*classInfo).directDefaultInitargs
			for i := 0; i+1 < len(di); i += 2 {
				if !hasInitarg(info.defaultInitargs, di[i]) {
					info.defaultInitargs = append(info.defaultInitargs[:len(info.defaultInitargs):len(info.defaultInitargs)], di[i], di[i+1])
				}
			}
		}
	}
	for _, n := range order {
		ds := defs[n]
		s := &slotDef{name: n, index: -1}
		for _, d := range ds {
			if s.initform == nil && d.hasInitform {
				s.initform = d.initform
			}
			s.initargs = append(s.initargs, d.initargs...)
		}
		if ds[0].classAllocation {
			s.shared = ds[0].shared
		} else {
			s.index = len(c.Slots)
			c.Slots = append(c.Slots, n)
		}
		info.slots = append(info.slots, s)
		info.byName[n] = s
	}
}

func symbols(op string, v lisp.Value) []*lisp.Symbol {
	var out []*lisp.Symbol
	for _, x := range lisp.ListToSlice(op, v) {
		out = append(out, symbolArg(op, x))
	}
	return out
}

// slotReader adds to the generic function reader a method on c that
// returns the slot's value.
func (ci *closImage) slotReader(t *eval.Thread, c *lisp.Class, reader, slot *lisp.Symbol) {
	g := ci.generic(t, "defclass", reader)
	g.setArity("defclass", 1)
	g.addMethod(&method{specs: []specializer{{class: c}},
		direct: func(t *eval.Thread, args []lisp.Value) lisp.Value {
			return slotValue(t, args[0].(*lisp.Instance), slot)
		}})
}

// slotWriter adds to the generic function writer, a symbol or (setf
// name), a method on (t c) that sets the slot.
func (ci *closImage) slotWriter(t *eval.Thread, c *lisp.Class, writer, slot *lisp.Symbol) {
	g := ci.generic(t, "defclass", writer)
	g.setArity("defclass", 2)
	loadBuiltinClasses()
	g.addMethod(&method{specs: []specializer{{class: classT}, {class: c}},
		direct: func(t *eval.Thread, args []lisp.Value) lisp.Value {
			x := args[1].(*lisp.Instance)
			slotOf(printName(writer), x, slot).set(x, args[0])
			return args[0]
		}})
}

// unsupportedClos are the CLOS operators nodelisp leaves out: the
// metaobject protocol and what this package has not taken on yet. Each is an error
// that names it rather than an undefined function.
var unsupportedClos = []string{
	"ensure-class",
	"call-method", "make-method",
	"class-precedence-list", "class-slots", "class-direct-superclasses", "generic-function-methods",
}

func registerClosDefine() {
	defun("%defclass", "(name superclasses slots default-initargs)", "Defines a standard class (internal).", defineStandardClass)
	for _, name := range unsupportedClos {
		defun(name, "(&rest arguments)", "Not supported by nodelisp (part of CLOS it leaves out).", func(t *eval.Thread, args []lisp.Value) lisp.Value {
			lisp.Errorf("%s is not supported: nodelisp implements the CLOS that programs use (defclass, defgeneric, defmethod, make-instance, slot access) without the metaobject protocol", name)
			return nil
		})
	}
}
