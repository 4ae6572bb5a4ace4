package builtins

// defstruct: structure types of their own. An instance is a lisp.Instance
// of a structure class; it prints as #S(point :x 1 :y 2), which reads
// back, and equalp compares instances slot by slot. defstruct defines the
// constructors, the predicate, the copier and the accessors, each
// accessor of a slot that is not :read-only with a setf function.
// Supported options: (:constructor name [boa-lambda-list]) (any number,
// or nil), (:conc-name prefix), (:predicate name), (:copier name),
// (:include name slot-override…), (:print-function f), (:print-object f).
// (:type list), (:type vector), (:type (vector element-type)), :named and
// (:initial-offset n) make a structure that is a plain list or vector
// (macros_defstruct_typed.go). Slot options: :type (checked by the constructors)
// and :read-only.

import (
	"strings"

	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
)

var (
	sStructDefine = lisp.Sym("%defstruct")
	sStructMake   = lisp.Sym("%make-struct")
	kwType        = lisp.Sym(":type")
	kwReadOnly    = lisp.Sym(":read-only")
)

func registerMacrosDefstruct() {
	macro("defstruct", "(defstruct name-and-options slot…) defines a structure type with a make-NAME constructor taking slots as keywords, NAME-p, copy-NAME and NAME-SLOT accessors (setf-able).", typeDefinition("defstruct", expandDefstruct))
	defun("%defstruct", "(name slots include printer predicate copier)", "Defines a structure type and its accessors, predicate and copier (internal).", defineStructure)
	defun("%make-struct", "(name &rest slots)", "Makes a structure instance (internal).",
		func(t *eval.Thread, args []lisp.Value) lisp.Value {
			c := structClass(t, "%make-struct", args[0])
			x := &lisp.Instance{Class: c, Slots: append([]lisp.Value{}, args[1:]...)}
			checkSlotTypes(t, x)
			return x
		})
	defun("copy-structure", "(structure)", "Return a fresh structure of the same type with the same slot values.",
		func(t *eval.Thread, args []lisp.Value) lisp.Value {
			x, ok := args[0].(*lisp.Instance)
			if !ok || !closOf(t).resolve(t, x).IsStructure() {
				lisp.TypeError("copy-structure", args[0], "a structure-object")
			}
			return copyInstance(x)
		})
}

func copyInstance(x *lisp.Instance) *lisp.Instance {
	return &lisp.Instance{Class: x.Class, Slots: append([]lisp.Value{}, x.Slots...)}
}

// structClass returns the structure type name names.
func structClass(t *eval.Thread, op string, name lisp.Value) *lisp.Class {
	sym := symbolArg(op, name)
	c, ok := closOf(t).classes[sym]
	if !ok || c.Kind != lisp.StructureClass {
		lisp.Errorf("%s: %s is not a structure type", op, lisp.Prin1ToString(sym))
	}
	return c
}

// structInstance returns obj if it is an instance of the structure name
// or of one that includes it.
func structInstance(t *eval.Thread, obj lisp.Value, name *lisp.Symbol) (*lisp.Instance, bool) {
	x, ok := obj.(*lisp.Instance)
	if !ok {
		return nil, false
	}
	if x.Class.Name == name && x.Class.Kind == lisp.StructureClass {
		return x, true
	}
	x = closOf(t).resolve(t, x)
	return x, x.Class.Kind == lisp.StructureClass && x.Class.HasAncestorNamed(name)
}

// checkStruct returns obj as an instance of name, or signals the type
// error an accessor given something else signals. index is the slot the
// caller reads, -1 for none (the copier, which a structure of no slots
// has too).
func checkStruct(t *eval.Thread, obj lisp.Value, name, accessor *lisp.Symbol, index int) *lisp.Instance {
	x, ok := structInstance(t, obj, name)
	if !ok {
		lisp.TypeError(printName(accessor), obj, "a "+printName(name))
	}
	if index >= len(x.Slots) {
		lisp.Errorf("%s: the %s was made before its structure was redefined with more slots", printName(accessor), printName(name))
	}
	return x
}

// checkSlotTypes signals a type error for a slot whose value is not of
// the slot's declared :type, as SBCL's constructors do.
func checkSlotTypes(t *eval.Thread, x *lisp.Instance) {
	for _, s := range infoOf(x.Class).slots {
		if s.typ != nil && s.index >= 0 && !predTypep(t, x.Slots[s.index], s.typ) {
			lisp.TypeError("make-"+strings.ToLower(x.Class.Name.Name), x.Slots[s.index], "of type "+lisp.Prin1ToString(s.typ))
		}
	}
}

// defineStructure is %defstruct: it makes (or remakes) the structure type
// from the effective slots the expansion computed, each a list (name
// initform type read-only).
func defineStructure(t *eval.Thread, args []lisp.Value) lisp.Value {
	const op = "defstruct"
	ci := closOf(t)
	name := symbolArg(op, args[0])
	loadBuiltinClasses()
	super := classStructure
	if args[2] != lisp.Value(lisp.Nil) {
		super = structClass(t, op, args[2])
	}
	info := &classInfo{byName: map[*lisp.Symbol]*slotDef{}}
	c := &lisp.Class{Name: name, Kind: lisp.StructureClass, Supers: []*lisp.Class{super}, Ext: info}
	for i, d := range lisp.ListToSlice(op, args[1]) {
		parts := lisp.ListToSlice(op, d)
		s := &slotDef{name: parts[0].(*lisp.Symbol), initSource: parts[1], index: i, readOnly: parts[3] != lisp.Value(lisp.Nil)}
		s.initargs = []*lisp.Symbol{lisp.InternKeyword(s.name.Name)}
		if parts[2] != lisp.Value(lisp.T) {
			s.typ = parts[2]
		}
		info.slots = append(info.slots, s)
		info.byName[s.name] = s
		c.Slots = append(c.Slots, s.name)
	}
	if p := args[3]; p != lisp.Value(lisp.Nil) {
		pair := lisp.ListToSlice(op, p)
		info.printer, info.printDepth = pair[0], pair[1] != lisp.Value(lisp.Nil)
	}
	ci.defineClass(c)
	in := t.Interp()
	if p, ok := args[4].(*lisp.Symbol); ok && p != lisp.Nil {
		t.NoteDefined(p)
		in.DefineFor(p, eval.NewBuiltin(printName(p), "(object)", "True if the object is a "+printName(name)+".",
			func(t *eval.Thread, args []lisp.Value) lisp.Value {
				_, ok := structInstance(t, args[0], name)
				return lisp.Bool(ok)
			}))
	}
	if cp, ok := args[5].(*lisp.Symbol); ok && cp != lisp.Nil {
		t.NoteDefined(cp)
		in.DefineFor(cp, eval.NewBuiltin(printName(cp), "(object)", "Return a copy of a "+printName(name)+".",
			func(t *eval.Thread, args []lisp.Value) lisp.Value {
				return copyInstance(checkStruct(t, args[0], name, cp, -1))
			}))
	}
	for i, d := range lisp.ListToSlice(op, args[1]) {
		acc := lisp.ListToSlice(op, d)[4].(*lisp.Symbol)
		t.NoteDefined(acc)
		if !info.slots[i].readOnly {
			t.NoteDefined(setfFunctionName(acc))
		}
		defineAccessors(in, name, acc, i, info.slots[i].readOnly)
	}
	return name
}

// defineAccessors defines a slot's accessor and, unless the slot is
// read-only, its setf function, as functions of the image written in Go:
// an error in one then carries the position of the call.
func defineAccessors(in *eval.Interp, name, acc *lisp.Symbol, index int, readOnly bool) {
	read := func(t *eval.Thread, obj lisp.Value) lisp.Value {
		return checkStruct(t, obj, name, acc, index).Slots[index]
	}
	reader := eval.NewBuiltin(printName(acc), "(object)", "Read the "+printName(acc)+" slot of a "+printName(name)+".",
		func(t *eval.Thread, args []lisp.Value) lisp.Value { return read(t, args[0]) })
	reader.Fn1 = read
	in.DefineFor(acc, reader)
	if readOnly {
		return
	}
	write := func(t *eval.Thread, v, obj lisp.Value) lisp.Value {
		checkStruct(t, obj, name, acc, index).Slots[index] = v
		return v
	}
	writer := eval.NewBuiltin(printName(setfFunctionName(acc)), "(value object)", "Set the "+printName(acc)+" slot of a "+printName(name)+".",
		func(t *eval.Thread, args []lisp.Value) lisp.Value { return write(t, args[0], args[1]) })
	writer.Fn2 = write
	in.DefineFor(setfFunctionName(acc), writer)
}

// defineClass installs c under its name. A class redefined keeps its
// identity, so methods specialised on it still apply.
func (ci *closImage) defineClass(c *lisp.Class) {
	c.CPL, _ = lisp.ComputeCPL(c, c.Supers)
	c.Print = ci.printHook
	// A class (setf class-name) renamed no longer has this proper name:
	// the definition makes a new class.
	if old, ok := ci.classes[c.Name]; ok && old.Kind == c.Kind && old.Name == c.Name {
		*old = *c
		for i, k := range old.CPL {
			if k == c {
				old.CPL[i] = old
			}
		}
		c = old
	}
	ci.classes[c.Name] = c
	ci.generation++
}

// structSlot is one slot of a defstruct as the expansion sees it.
type structSlot struct {
	name     *lisp.Symbol
	init     lisp.Value
	typ      lisp.Value
	readOnly bool
}

type constructor struct {
	name   *lisp.Symbol
	boa    lisp.Value // the lambda list, or nil for the keyword constructor
	hasBoa bool
}

// structOptions are a defstruct's options, parsed.
type structOptions struct {
	predicate, copier *lisp.Symbol
	conc              string
	// slotNamesAccess is (:conc-name nil) or (:conc-name): the accessors
	// are the slot names themselves, whatever their package.
	slotNamesAccess bool
	// intern makes the names defstruct derives (make-point, point-x) in
	// *package*, as the standard says.
	intern     func(name string) *lisp.Symbol
	ctors      []constructor
	include    *lisp.Symbol
	overrides  []lisp.Value
	printer    lisp.Value // (function f) and whether it takes a depth
	printDepth bool
	// representation is the :type option (list, vector, (vector et)),
	// nil for a structure of its own type; named and offset are :named
	// and :initial-offset, which only a typed structure takes.
	representation lisp.Value
	named          bool
	offset         int
	predicateGiven bool
}

func parseStructOptions(t *eval.Thread, name *lisp.Symbol, options []lisp.Value) structOptions {
	const op = "defstruct"
	intern := structIntern(t)
	o := structOptions{conc: name.Name + "-", predicate: intern(name.Name + "-P"), copier: intern("COPY-" + name.Name), intern: intern}
	defaultCtor := true
	for _, opt := range options {
		key, rest := opt, []lisp.Value(nil)
		if c, ok := opt.(*lisp.Cons); ok {
			items := listOf(op, "option", c)
			key, rest = items[0], items[1:]
		}
		given := len(rest) > 0 && rest[0] != lisp.Value(lisp.Nil)
		switch {
		case symbolNamed(key, "CONC-NAME"):
			o.conc, o.slotNamesAccess = "", !given
			if given {
				o.conc = stringDesignator(op, rest[0])
			}
		case symbolNamed(key, "CONSTRUCTOR"):
			defaultCtor = false
			if len(rest) == 0 {
				o.ctors = append(o.ctors, constructor{name: intern("MAKE-" + name.Name)})
				break
			}
			if !given {
				break
			}
			c := constructor{name: symbolArg(op, rest[0])}
			if len(rest) > 1 {
				c.boa, c.hasBoa = rest[1], true
			}
			o.ctors = append(o.ctors, c)
		// :predicate and (:predicate) keep the default name (CLHS
		// defstruct); (:predicate nil) defines none. So for :copier.
		case symbolNamed(key, "PREDICATE"):
			o.predicateGiven = given
			if len(rest) > 0 {
				o.predicate = nil
			}
			if given {
				o.predicate = symbolArg(op, rest[0])
			}
		case symbolNamed(key, "COPIER"):
			if len(rest) > 0 {
				o.copier = nil
			}
			if given {
				o.copier = symbolArg(op, rest[0])
			}
		case symbolNamed(key, "INCLUDE"):
			if !given {
				syntaxError(op, ":include needs a structure name")
			}
			o.include = symbolArg(op, rest[0])
			o.overrides = rest[1:]
		case symbolNamed(key, "PRINT-FUNCTION"), symbolNamed(key, "PRINT-OBJECT"):
			if given {
				// A name is looked up when printing: the function is
				// usually defined after the defstruct.
				o.printer = lisp.List(sFunction, rest[0])
				if _, isName := rest[0].(*lisp.Symbol); isName {
					o.printer = quoted(rest[0])
				}
				o.printDepth = symbolNamed(key, "PRINT-FUNCTION")
			}
		case symbolNamed(key, "TYPE"):
			if len(rest) != 1 {
				syntaxError(op, "(:type type) needs one type")
			}
			o.representation = rest[0]
		case symbolNamed(key, "NAMED"):
			o.named = true
		case symbolNamed(key, "INITIAL-OFFSET"):
			n, ok := lisp.Value(nil), false
			if len(rest) == 1 {
				n = rest[0]
				_, ok = n.(lisp.Fixnum)
			}
			if !ok || n.(lisp.Fixnum) < 0 {
				syntaxError(op, "(:initial-offset n) needs a non-negative integer")
			}
			o.offset = int(n.(lisp.Fixnum))
		default:
			syntaxError(op, "unknown option %s", lisp.Prin1ToString(key))
		}
	}
	if defaultCtor {
		o.ctors = append(o.ctors, constructor{name: intern("MAKE-" + name.Name)})
	}
	if o.representation == nil && o.offset > 0 {
		syntaxError(op, ":initial-offset needs a (:type list) or (:type vector) option")
	}
	return o
}

// parseStructSlot reads a slot description: name, or (name [initform]
// [:type type] [:read-only flag]).
func parseStructSlot(s lisp.Value) structSlot {
	const op = "defstruct"
	switch x := s.(type) {
	case *lisp.Symbol:
		return structSlot{name: x, init: lisp.Nil, typ: lisp.T}
	case *lisp.Cons:
		items := listOf(op, "slot", x)
		sl := structSlot{name: symbolArg(op, items[0]), init: lisp.Nil, typ: lisp.T}
		if len(items) > 1 {
			sl.init = items[1]
		}
		opts := items[min(2, len(items)):]
		if len(opts)%2 != 0 {
			syntaxError(op, "slot %s: odd number of slot options", lisp.Prin1ToString(sl.name))
		}
		for i := 0; i < len(opts); i += 2 {
			switch opts[i] {
			case kwType:
				sl.typ = opts[i+1]
			case kwReadOnly:
				sl.readOnly = opts[i+1] != lisp.Value(lisp.Nil)
			default:
				syntaxError(op, "slot %s: unknown slot option %s", lisp.Prin1ToString(sl.name), lisp.Prin1ToString(opts[i]))
			}
		}
		return sl
	}
	syntaxError(op, "%s is not a slot description", lisp.Prin1ToString(s))
	return structSlot{}
}

func expandDefstruct(t *eval.Thread, form lisp.Value) lisp.Value {
	const op = "defstruct"
	args := macroArgs(op, form, 1, -1)
	var name *lisp.Symbol
	var options []lisp.Value
	switch x := args[0].(type) {
	case *lisp.Symbol:
		name = x
	case *lisp.Cons:
		items := listOf(op, "name and options", x)
		name = symbolArg(op, items[0])
		options = items[1:]
	default:
		syntaxError(op, "%s is not a structure name", lisp.Prin1ToString(args[0]))
	}
	o := parseStructOptions(t, name, options)
	body := args[1:]
	if len(body) > 0 {
		if _, ok := body[0].(*lisp.String); ok {
			body = body[1:] // the documentation string
		}
	}
	if o.representation != nil {
		return expandTypedDefstruct(t, name, o, body)
	}
	slots := includedSlots(t, o)
	for _, s := range body {
		sl := parseStructSlot(s)
		for _, old := range slots {
			if old.name == sl.name {
				syntaxError(op, "slot %s is defined twice", lisp.Prin1ToString(sl.name))
			}
		}
		slots = append(slots, sl)
	}
	qname := quoted(name)
	var descs []lisp.Value
	for _, s := range slots {
		acc := o.accessorName(s.name)
		descs = append(descs, lisp.List(s.name, s.init, s.typ, lisp.Bool(s.readOnly), acc))
	}
	var printer lisp.Value = lisp.Nil
	if o.printer != nil {
		printer = lisp.List(sList, o.printer, lisp.Bool(o.printDepth))
	}
	optional := func(s *lisp.Symbol) lisp.Value {
		if s == nil {
			return lisp.Nil
		}
		return s
	}
	// The constructors come first, as the names a cell defined are listed
	// in the order defstruct defines them: constructors, predicate,
	// copier, accessors.
	out := []lisp.Value{sProgn}
	for _, c := range o.ctors {
		out = append(out, structConstructor(c, qname, slots))
	}
	out = append(out, lisp.List(sStructDefine, qname, quoted(lisp.List(descs...)), quoted(optional(o.include)), printer,
		quoted(optional(o.predicate)), quoted(optional(o.copier))))
	return lisp.List(append(out, qname)...)
}

// includedSlots returns the slots a structure inherits through :include,
// with the initforms and options its slot overrides give them.
func includedSlots(t *eval.Thread, o structOptions) []structSlot {
	if o.include == nil {
		return nil
	}
	const op = "defstruct"
	c := structClass(t, op, o.include)
	var slots []structSlot
	for _, s := range infoOf(c).slots {
		typ := s.typ
		if typ == nil {
			typ = lisp.T
		}
		slots = append(slots, structSlot{name: s.name, init: s.initSource, typ: typ, readOnly: s.readOnly})
	}
	for _, ov := range o.overrides {
		sl := parseStructSlot(ov)
		found := false
		for i := range slots {
			if slots[i].name == sl.name {
				slots[i].init = sl.init
				if sl.typ != lisp.Value(lisp.T) {
					slots[i].typ = sl.typ
				}
				slots[i].readOnly = slots[i].readOnly || sl.readOnly
				found = true
			}
		}
		if !found {
			syntaxError(op, ":include: %s has no slot %s", lisp.Prin1ToString(o.include), lisp.Prin1ToString(sl.name))
		}
	}
	return slots
}

// structConstructor defines one constructor: by default every slot is a
// keyword parameter defaulting to its initform; a BOA constructor takes
// its own lambda list, and slots it does not name take their initforms.
func structConstructor(c constructor, qname lisp.Value, slots []structSlot) lisp.Value {
	return constructorOf(c, slots, func(vars []lisp.Value) lisp.Value {
		return lisp.List(append([]lisp.Value{sStructMake, qname}, vars...)...)
	})
}

// constructorOf is the defun of a constructor whose body build makes from
// the slots' variables, in slot order.
func constructorOf(c constructor, slots []structSlot, build func(vars []lisp.Value) lisp.Value) lisp.Value {
	var vals []lisp.Value
	if !c.hasBoa {
		// Each keyword binds a fresh variable, not the slot's name: a
		// slot may be named by a keyword, a constant or nil, and one
		// named like a special variable must not bind it while the
		// other slots' initforms run.
		params := []lisp.Value{sAmpKey}
		for _, s := range slots {
			v := gensym(s.name.Name)
			params = append(params, lisp.List(lisp.List(lisp.InternKeyword(s.name.Name), v), s.init))
			vals = append(vals, v)
		}
		return lisp.List(sDefun, c.name, lisp.List(params...), build(vals))
	}
	named := map[*lisp.Symbol]bool{}
	var params []lisp.Value
	section := ""
	for _, p := range listOf("defstruct", "constructor lambda list", c.boa) {
		if s, ok := p.(*lisp.Symbol); ok && strings.HasPrefix(s.Name, "&") {
			section = s.Name
			params = append(params, p)
			continue
		}
		v := p
		if l, ok := p.(*lisp.Cons); ok {
			v = l.Car
			if section == "&KEY" {
				if kl, ok := v.(*lisp.Cons); ok { // ((:keyword var) default)
					v = lisp.Car(kl.Cdr)
				}
			}
		}
		s, _ := v.(*lisp.Symbol)
		named[s] = true
		// An &optional or &key parameter without a default takes the
		// slot's initform.
		if _, isSym := p.(*lisp.Symbol); isSym && (section == "&OPTIONAL" || section == "&KEY") {
			for _, sl := range slots {
				if sl.name == s {
					p = lisp.List(s, sl.init)
				}
			}
		}
		params = append(params, p)
	}
	var aux []lisp.Value
	for _, s := range slots {
		if !named[s.name] {
			aux = append(aux, lisp.List(s.name, s.init))
		}
		vals = append(vals, s.name)
	}
	if len(aux) > 0 {
		if section == "&AUX" {
			params = append(params, aux...)
		} else {
			params = append(append(params, sAmpAux), aux...)
		}
	}
	return lisp.List(sDefun, c.name, lisp.List(params...), build(vals))
}

// structIntern interns a name in *package*, where the reader put the
// structure's own name (in CL-USER without a thread: an expansion test).
func structIntern(t *eval.Thread) func(string) *lisp.Symbol {
	return func(name string) *lisp.Symbol {
		if t == nil {
			return lisp.Intern(name)
		}
		s, _, err := t.CurrentPackage().Intern(name)
		packageErr("defstruct", err)
		return s
	}
}

// accessorName is a slot's accessor: the conc-name prefix and the slot's
// name interned in *package*, or the slot's own symbol under (:conc-name
// nil).
func (o structOptions) accessorName(slot *lisp.Symbol) *lisp.Symbol {
	if o.slotNamesAccess {
		return slot
	}
	return o.intern(o.conc + slot.Name)
}
