package builtins

// Making instances (make-instance, initialize-instance, #S literals) and
// printing them (print-object, :print-function, print-unreadable-object).

import (
	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
)

var (
	sPrintObject        = lisp.Sym("print-object")
	sInitializeInstance = lisp.Sym("initialize-instance")
	sSharedInitialize   = lisp.Sym("shared-initialize")
)

// standardGeneric is a generic function the library defines, with its
// default methods, made in an image the first time it is used.
type standardGeneric struct {
	nreq       int
	lambdaList string // as describe shows it; its required names are nreq
	install    func(g *generic)
}

var standardGenerics = map[string]standardGeneric{
	"PRINT-OBJECT":                        {2, "(object stream &rest arguments)", installPrintObject},
	"INITIALIZE-INSTANCE":                 {1, "(object &rest arguments)", installInitializeInstance},
	"REINITIALIZE-INSTANCE":               {1, "(object &rest arguments)", installReinitializeInstance},
	"SHARED-INITIALIZE":                   {2, "(object slot-names &rest arguments)", installSharedInitialize},
	"SLOT-UNBOUND":                        {3, "(class instance slot-name)", installSlotUnbound},
	"SLOT-MISSING":                        {4, "(class object slot-name operation &optional new-value)", installSlotMissing},
	"MAKE-LOAD-FORM":                      {1, "(object &optional environment)", installMakeLoadForm},
	"UPDATE-INSTANCE-FOR-DIFFERENT-CLASS": {2, "(previous current &rest initargs)", installUpdateForDifferent},
	// Its default method is never called: a generic function with no
	// applicable method signals its error itself unless a method of the
	// program's applies.
	"NO-APPLICABLE-METHOD": {1, "(object &rest arguments)", func(g *generic) {
		libraryMethod(g, func(t *eval.Thread, args []lisp.Value) lisp.Value { return lisp.Nil })
	}},
}

// libraryMethod adds a method written in Go on class t to g.
func libraryMethod(g *generic, f func(t *eval.Thread, args []lisp.Value) lisp.Value) {
	loadBuiltinClasses()
	specs := make([]specializer, g.nreq)
	for i := range specs {
		specs[i] = specializer{class: classT}
	}
	g.addMethod(&method{specs: specs, direct: f, builtin: true, shape: shape{nreq: g.nreq, allowOther: true}})
}

func installPrintObject(g *generic) {
	libraryMethod(g, func(t *eval.Thread, args []lisp.Value) lisp.Value {
		s := streamArg(t, "print-object", args[1])
		o := t.PrintOptions()
		if x, ok := args[0].(*lisp.Instance); ok {
			s.WriteString(lisp.DefaultInstanceString(x, o))
		} else {
			lisp.Write(s, args[0], o)
		}
		return args[0]
	})
}

// installInitializeInstance gives initialize-instance its default
// method: shared-initialize of every slot (CLHS 7.1.5).
func installInitializeInstance(g *generic) {
	libraryMethod(g, func(t *eval.Thread, args []lisp.Value) lisp.Value {
		x := instanceArg(t, "initialize-instance", args[0])
		callSharedInitialize(t, x, lisp.T, args[1:])
		return x
	})
}

// installReinitializeInstance gives reinitialize-instance its default
// method: the initargs checked as make-instance checks them, then
// shared-initialize of no slot by initform (CLHS 7.3).
func installReinitializeInstance(g *generic) {
	libraryMethod(g, func(t *eval.Thread, args []lisp.Value) lisp.Value {
		x := instanceArg(t, "reinitialize-instance", args[0])
		initargs := args[1:]
		if len(initargs)%2 != 0 {
			lisp.SignalClass(lisp.ClassProgramError, "reinitialize-instance: odd number of initialization arguments")
		}
		checkInitargs(t, "reinitialize-instance", x.Class, args, g)
		callSharedInitialize(t, x, lisp.Nil, initargs)
		return x
	})
}

// installSharedInitialize gives shared-initialize its default method:
// each slot takes the value of the first initarg that names it; else,
// when it is unbound and named by slot-names (t: every slot), the value
// of its initform.
func installSharedInitialize(g *generic) {
	libraryMethod(g, func(t *eval.Thread, args []lisp.Value) lisp.Value {
		x := instanceArg(t, "shared-initialize", args[0])
		sharedInitialize(t, x, args[1], args[2:])
		return x
	})
}

// callSharedInitialize calls the generic function shared-initialize, or
// its default method's work directly when the program has defined no
// method of it, which keeps make-instance cheap.
func callSharedInitialize(t *eval.Thread, x *lisp.Instance, slotNames lisp.Value, initargs []lisp.Value) {
	ci := closOf(t)
	if g, ok := ci.generics[sSharedInitialize]; ok && len(g.methods) > 1 {
		all := append([]lisp.Value{x, slotNames}, initargs...)
		g.call(t, all)
		return
	}
	sharedInitialize(t, x, slotNames, initargs)
}

func sharedInitialize(t *eval.Thread, x *lisp.Instance, slotNames lisp.Value, initargs []lisp.Value) {
	const op = "shared-initialize"
	if len(initargs)%2 != 0 {
		lisp.SignalClass(lisp.ClassProgramError, "%s: odd number of initialization arguments", op)
	}
	for i := 0; i < len(initargs); i += 2 {
		if _, ok := initargs[i].(*lisp.Symbol); !ok {
			lisp.SignalClass(lisp.ClassProgramError, "%s: the initialization argument name %s is not a symbol", op, lisp.Prin1ToString(initargs[i]))
		}
	}
	var named []lisp.Value
	all := slotNames == lisp.Value(lisp.T)
	if !all {
		named = lisp.ListToSlice(op, slotNames)
	}
	info := infoOf(x.Class)
	if info == nil {
		lisp.TypeError(op, x, "an instance of a standard class")
	}
	for _, s := range info.slots {
		if v, ok := initargValue(s, initargs); ok {
			s.set(x, v)
		} else if s.initform != nil && s.get(x) == nil && (all || containsValue(named, s.name)) {
			s.set(x, t.Call(s.initform))
		}
	}
}

func containsValue(vs []lisp.Value, v lisp.Value) bool {
	for _, x := range vs {
		if x == v {
			return true
		}
	}
	return false
}

// allocateInstance is allocate-instance: an instance of the class with
// every slot unbound. Its initargs are not checked (CLHS 7.1.3 leaves
// that to the caller), only that they come in pairs.
func allocateInstance(t *eval.Thread, args []lisp.Value) lisp.Value {
	const op = "allocate-instance"
	c := classArg(t, op, args[0])
	if len(args[1:])%2 != 0 {
		lisp.SignalClass(lisp.ClassProgramError, "%s: odd number of initialization arguments", op)
	}
	if c.Kind != lisp.StandardClass && c.Kind != lisp.StructureClass {
		lisp.Errorf("%s: %s is not a standard class or a structure class", op, lisp.Prin1ToString(c.Name))
	}
	if c.Kind == lisp.StandardClass {
		return newStandardInstance(op, c)
	}
	return &lisp.Instance{Class: c, Slots: make([]lisp.Value, len(c.Slots))}
}

func initargValue(s *slotDef, initargs []lisp.Value) (lisp.Value, bool) {
	for i := 0; i+1 < len(initargs); i += 2 {
		for _, k := range s.initargs {
			if initargs[i] == lisp.Value(k) {
				return initargs[i+1], true
			}
		}
	}
	return nil, false
}

// streamArg returns the stream print-object and print-unreadable-object
// write to: a stream designator, in which t is *terminal-io* and nil
// *standard-output*.
func streamArg(t *eval.Thread, op string, v lisp.Value) *lisp.Stream {
	return outDesignator(t, op, v)
}

// makeInstance is make-instance: a fresh instance, its :default-initargs
// added to initargs, and initialize-instance called on it.
func makeInstance(t *eval.Thread, args []lisp.Value) lisp.Value {
	const op = "make-instance"
	ci := closOf(t)
	c := classArg(t, op, args[0])
	if c.Kind != lisp.StandardClass {
		lisp.Errorf("%s: %s is not a standard class (make-instance makes instances of classes defined by defclass)", op, lisp.Prin1ToString(c.Name))
	}
	initargs := args[1:]
	if len(initargs)%2 != 0 {
		lisp.SignalClass(lisp.ClassProgramError, "%s: odd number of initialization arguments", op)
	}
	info := infoOf(c)
	for i := 0; i+1 < len(info.defaultInitargs); i += 2 {
		if !hasInitarg(initargs, info.defaultInitargs[i]) {
			initargs = append(initargs[:len(initargs):len(initargs)], info.defaultInitargs[i], t.Call(info.defaultInitargs[i+1]))
		}
	}
	checkFinalized(op, c)
	g := ci.generic(t, op, sInitializeInstance)
	x := newStandardInstance(op, c)
	all := append([]lisp.Value{x}, initargs...)
	checkInitargs(t, op, c, all, g)
	g.call(t, all)
	return x
}

func hasInitarg(initargs []lisp.Value, k lisp.Value) bool {
	for i := 0; i+1 < len(initargs); i += 2 {
		if initargs[i] == k {
			return true
		}
	}
	return false
}

// checkInitargs signals the error SBCL does for an initarg that no slot
// and no applicable method of g (initialize-instance or
// reinitialize-instance, called with all) or of shared-initialize
// accepts (CLHS 7.1.2). The initargs end all; x is the instance, of c.
func checkInitargs(t *eval.Thread, op string, c *lisp.Class, all []lisp.Value, g *generic) {
	initargs := all[g.nreq:]
	x := all[g.nreq-1]
	for i := 0; i+1 < len(initargs); i += 2 {
		if initargs[i] == lisp.Value(kwAllowOtherKeys) {
			if initargs[i+1] != lisp.Value(lisp.Nil) {
				return
			}
			break
		}
	}
	var methods []*method
	for i := 0; i+1 < len(initargs); i += 2 {
		k := initargs[i]
		if k == lisp.Value(kwAllowOtherKeys) || slotAccepts(c, k) {
			continue
		}
		if methods == nil {
			methods = g.applicable(t, all)
			if si, ok := closOf(t).generics[sSharedInitialize]; ok {
				methods = append(methods, si.applicable(t, append([]lisp.Value{x, lisp.T}, initargs...))...)
			}
		}
		ok := false
		for _, m := range methods {
			if m.builtin {
				continue
			}
			if m.allowOther {
				return
			}
			for _, mk := range m.keys {
				if lisp.Value(mk) == k {
					ok = true
				}
			}
		}
		if !ok {
			lisp.SignalClass(lisp.ClassProgramError, "%s: invalid initialization argument %s for class %s", op, lisp.Prin1ToString(k), lisp.Prin1ToString(c.Name))
		}
	}
}

func slotAccepts(c *lisp.Class, k lisp.Value) bool {
	for _, s := range infoOf(c).slots {
		for _, a := range s.initargs {
			if lisp.Value(a) == k {
				return true
			}
		}
	}
	return false
}

// construct makes the instance a #S(name :slot value …) literal stands
// for: slots named take the values given, the others their initforms.
func (ci *closImage) construct(t *eval.Thread, op string, c *lisp.Class, initargs []lisp.Value) *lisp.Instance {
	info := infoOf(c)
	x := &lisp.Instance{Class: c, Slots: make([]lisp.Value, len(c.Slots))}
	if c.Kind == lisp.StandardClass {
		x = newStandardInstance(op, c)
	}
	for _, s := range info.slots {
		v, found := lisp.Value(nil), false
		for i := 0; i+1 < len(initargs); i += 2 {
			if k, ok := initargs[i].(*lisp.Symbol); ok && k.Name == s.name.Name {
				v, found = initargs[i+1], true
				break
			}
		}
		switch {
		case found:
		case c.Kind == lisp.StructureClass:
			v = t.Eval(s.initSource)
		case s.initform != nil:
			v = t.Call(s.initform)
		}
		if s.index >= 0 {
			x.Slots[s.index] = v
		}
	}
	for i := 0; i+1 < len(initargs); i += 2 {
		k, _ := initargs[i].(*lisp.Symbol)
		if k == nil || info.byName[lisp.Intern(k.Name)] == nil {
			lisp.Errorf("%s: %s has no slot named %s", op, lisp.Prin1ToString(c.Name), lisp.Prin1ToString(initargs[i]))
		}
	}
	if c.Kind == lisp.StructureClass {
		checkSlotTypes(t, x)
	}
	return x
}

// printHook is the Class.Print of every structure and standard class: it
// runs a program's print-object method or :print-function, on the thread
// evaluating the cell.
func (ci *closImage) printHook(x *lisp.Instance, escape bool) (string, bool) {
	t := ci.in.Running()
	s := lisp.NewStringStream()
	if g, ok := ci.generics[sPrintObject]; ok {
		args := []lisp.Value{x, s}
		if e := g.dispatch(t, args); !e.onlyBuiltin {
			e.run(t, args)
			return s.TakeString(), true
		}
	}
	for _, k := range x.Class.CPL {
		if info := infoOf(k); info != nil && info.printer != nil {
			if info.printDepth {
				t.Call(info.printer, x, s, lisp.MakeInt(0))
			} else {
				t.Call(info.printer, x, s)
			}
			return s.TakeString(), true
		}
	}
	return "", false
}

// printUnreadable is print-unreadable-object's work: #<, the type when
// wanted, what body prints, >. SBCL's identity is an address, which
// nodelisp leaves out as it does everywhere.
func printUnreadable(t *eval.Thread, args []lisp.Value) lisp.Value {
	obj, s, typ, body := args[0], streamArg(t, "print-unreadable-object", args[1]), args[2] != lisp.Value(lisp.Nil), args[4]
	s.WriteString("#<")
	if typ {
		lisp.Write(s, closOf(t).classOf(t, obj).Name, t.PrintOptions())
		if body != lisp.Value(lisp.Nil) {
			s.WriteString(" ")
		}
	}
	if body != lisp.Value(lisp.Nil) {
		t.Call(body)
	}
	s.WriteString(">")
	return lisp.Nil
}

func registerClosInstance() {
	defun("allocate-instance", "(class &rest initargs)", "Return a new instance of the class with every slot unbound.", allocateInstance)
	for _, name := range []string{"print-object", "initialize-instance", "no-applicable-method", "shared-initialize", "reinitialize-instance"} {
		sym := lisp.Sym(name)
		std := standardGenerics[sym.Name]
		defun(name, std.lambdaList, "A standard generic function; programs add methods to it with defmethod.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
			return closOf(t).generic(t, name, sym).call(t, args)
		})
	}
	defun("%print-unreadable-object", "(object stream type identity body)", "Prints #<…> around what body prints (internal).", printUnreadable)
}

// resolveLiterals resolves the #S(…) literals in v, a constant or what
// read returned, whose structures are defined; the others stay as they
// are until first used. Circular data is walked at most a bounded number
// of conses deep.
func resolveLiterals(t *eval.Thread, v lisp.Value) lisp.Value {
	ci := closOf(t)
	budget := 100000
	var walk func(v lisp.Value)
	walk = func(v lisp.Value) {
		for budget > 0 {
			budget--
			switch x := v.(type) {
			case *lisp.Instance:
				if x.Class.Kind == lisp.UnresolvedClass {
					if c, ok := ci.classes[x.Class.Name]; ok && (c.Kind == lisp.StructureClass || c.Kind == lisp.StandardClass) {
						for i := 1; i < len(x.Slots); i += 2 {
							walk(x.Slots[i])
						}
						ci.resolve(t, x)
					}
				}
				return
			case *lisp.Cons:
				walk(x.Car)
				v = x.Cdr
				continue
			case *lisp.Vector:
				for _, e := range x.Items {
					walk(e)
				}
			}
			return
		}
	}
	walk(v)
	return v
}
