package eval

import (
	"strings"

	"github.com/nodelisp/nodelisp/lisp"
)

// conditionClass is a condition type made by define-condition.
type conditionClass struct {
	name     *lisp.Symbol
	parents  []*lisp.Symbol
	slots    []slotDef
	report   lisp.Value // a string or a function of (condition stream), or nil
	reportFn bool
}

type slotDef struct {
	name     *lisp.Symbol
	initarg  *lisp.Symbol
	initform lisp.Value
	hasInit  bool
}

var (
	kwFormatControl   = lisp.Sym(":format-control")
	kwFormatArguments = lisp.Sym(":format-arguments")
	kwDatum           = lisp.Sym(":datum")
	kwExpectedType    = lisp.Sym(":expected-type")
	kwName            = lisp.Sym(":name")
	kwPackage         = lisp.Sym(":package")
	kwInstance        = lisp.Sym(":instance")
	kwObject          = lisp.Sym(":object")
	kwOperation       = lisp.Sym(":operation")
	kwOperands        = lisp.Sym(":operands")
	kwPathname        = lisp.Sym(":pathname")
)

func sfDefineCondition(a *analyzer, form *lisp.Cons) *ir {
	xs := formArgs("define-condition", form, 2, -1)
	name, ok := xs[0].(*lisp.Symbol)
	if !ok {
		lisp.SignalClass(lisp.ClassProgramError, "define-condition: %s is not a symbol", lisp.Prin1ToString(xs[0]))
	}
	cc := &conditionClass{name: name}
	for _, p := range elems("define-condition", xs[1]) {
		ps, ok := p.(*lisp.Symbol)
		if !ok {
			lisp.SignalClass(lisp.ClassProgramError, "define-condition: %s is not a class name", lisp.Prin1ToString(p))
		}
		cc.parents = append(cc.parents, ps)
	}
	if len(cc.parents) == 0 {
		cc.parents = []*lisp.Symbol{lisp.ClassCondition}
	}
	var readers []struct {
		fn   *lisp.Symbol
		slot *lisp.Symbol
	}
	if len(xs) > 2 {
		for _, s := range elems("define-condition", xs[2]) {
			var sd slotDef
			spec := elems("define-condition", lisp.ListStar(lisp.Nil, s))
			if c, ok := s.(*lisp.Cons); ok {
				spec = elems("define-condition", c)
			}
			sd.name, _ = spec[0].(*lisp.Symbol)
			for i := 1; i+1 < len(spec); i += 2 {
				switch spec[i] {
				case kwInitarg:
					sd.initarg, _ = spec[i+1].(*lisp.Symbol)
				case kwInitform:
					sd.initform, sd.hasInit = spec[i+1], true
				case kwReader, kwAccessor:
					if r, ok := spec[i+1].(*lisp.Symbol); ok {
						readers = append(readers, struct {
							fn   *lisp.Symbol
							slot *lisp.Symbol
						}{r, sd.name})
					}
				}
			}
			cc.slots = append(cc.slots, sd)
		}
	}
	var report *ir
	var options []lisp.Value
	if len(xs) > 3 {
		options = xs[3:]
	}
	for _, opt := range options {
		o := elems("define-condition", opt)
		if len(o) == 2 && o[0] == lisp.Value(kwReport) {
			if s, ok := o[1].(*lisp.String); ok {
				cc.report = s
			} else {
				report = a.analyze(lisp.List(symFunction, o[1]))
				if _, isSym := o[1].(*lisp.Symbol); isSym {
					report = a.analyze(lisp.List(symQuote, o[1]))
				}
				cc.reportFn = true
			}
		}
	}
	in := a.in
	return &ir{gen: func(bool) code {
		var rc code
		if report != nil {
			rc = report.code()
		}
		return func(fr *frame) lisp.Value {
			def := *cc
			if rc != nil {
				def.report = rc(fr)
			}
			if lisp.IsStandardClass(name) {
				lisp.Errorf("define-condition: cannot redefine the standard condition type %s", name)
			}
			fr.t.RefuseTypeNamedLikeDeclaration("define-condition", name)
			in.classes[name] = &def
			for _, r := range readers {
				slot := r.slot
				in.Define(NewBuiltin(printName(r.fn), "(condition)", "Read the "+printName(slot)+" slot of a "+printName(name)+".",
					func(t *Thread, args []lisp.Value) lisp.Value {
						c, ok := args[0].(*lisp.Condition)
						if !ok {
							lisp.TypeError(printName(r.fn), args[0], "a condition")
						}
						return slotValue(c, slot)
					}))
			}
			return name
		}
	}}
}

// Condition slots are kept in Slots as a plist keyed by slot name.
func slotValue(c *lisp.Condition, slot *lisp.Symbol) lisp.Value {
	for i := 0; i+1 < len(c.Slots); i += 2 {
		if c.Slots[i] == lisp.Value(slot) {
			return c.Slots[i+1]
		}
	}
	return lisp.Nil
}

// UserClassParents gives the parents of a class define-condition made in
// this image (lisp.Classes).
func (in *Interp) UserClassParents(class *lisp.Symbol) ([]*lisp.Symbol, bool) {
	cc, ok := in.classes[class]
	if !ok {
		return nil, false
	}
	return cc.parents, true
}

// ConditionClasses returns the image's condition classes, for typep.
func (t *Thread) ConditionClasses() lisp.Classes { return t.in }

// classChain returns the user classes from name up through its parents.
func (in *Interp) classChain(name *lisp.Symbol, out []*conditionClass) []*conditionClass {
	cc, ok := in.classes[name]
	if !ok {
		return out
	}
	out = append(out, cc)
	for _, p := range cc.parents {
		out = in.classChain(p, out)
	}
	return out
}

// makeCondition builds a condition of class from initargs, as
// make-condition and (error 'class …) do.
func (t *Thread) makeCondition(class *lisp.Symbol, initargs []lisp.Value) *lisp.Condition {
	if !lisp.IsConditionClassIn(t.in, class) {
		lisp.TypeError("make-condition", class, "a condition type")
	}
	if len(initargs)%2 != 0 {
		lisp.SignalClass(lisp.ClassProgramError, "make-condition: odd number of initialization arguments")
	}
	c := &lisp.Condition{Class: class, Classes: t.in}
	get := func(k *lisp.Symbol) (lisp.Value, bool) {
		for i := 0; i+1 < len(initargs); i += 2 {
			if initargs[i] == lisp.Value(k) {
				return initargs[i+1], true
			}
		}
		return nil, false
	}
	// Standard slots, kept both in the fields and as slots.
	// The last four are kept only for their own condition types (and
	// subtypes), whose accessors read them.
	std := []struct {
		kw   *lisp.Symbol
		slot string
		of   *lisp.Symbol
	}{{kwFormatControl, "format-control", nil}, {kwFormatArguments, "format-arguments", nil}, {kwDatum, "datum", nil},
		{kwExpectedType, "expected-type", nil}, {kwName, "name", nil},
		{kwPackage, "package", lisp.ClassPackageError}, {kwInstance, "instance", lisp.ClassUnboundSlot},
		{kwObject, "object", lisp.ClassPrintNotReadable},
		{kwOperation, "operation", lisp.ClassArithmeticError}, {kwOperands, "operands", lisp.ClassArithmeticError},
		{kwPathname, "pathname", lisp.ClassFileError}, {lisp.Sym(":stream"), "stream", lisp.ClassStreamError}}
	for _, s := range std {
		if s.of != nil && class != s.of && !lisp.SubclassOfIn(t.in, class, s.of) {
			continue
		}
		if v, ok := get(s.kw); ok {
			c.Slots = append(c.Slots, lisp.Sym(s.slot), v)
		}
	}
	if v, ok := get(kwDatum); ok {
		c.Datum = v
	}
	if v, ok := get(kwExpectedType); ok {
		c.Expected = v
	}
	if v, ok := get(kwName); ok {
		c.Name = v
	}
	var report lisp.Value
	for _, cc := range t.in.classChain(class, nil) {
		for _, sd := range cc.slots {
			if sd.name == nil || hasSlot(c, sd.name) {
				continue
			}
			var v lisp.Value = lisp.Nil
			found := false
			if sd.initarg != nil {
				v, found = get(sd.initarg)
			}
			if !found && sd.hasInit {
				v = t.Eval(sd.initform)
			} else if !found {
				continue
			}
			c.Slots = append(c.Slots, sd.name, v)
		}
		if report == nil && cc.report != nil {
			report = cc.report
		}
	}
	c.Message = t.conditionMessage(c, report)
	return c
}

func hasSlot(c *lisp.Condition, name *lisp.Symbol) bool {
	for i := 0; i+1 < len(c.Slots); i += 2 {
		if c.Slots[i] == lisp.Value(name) {
			return true
		}
	}
	return false
}

// conditionMessage is what princ shows of a condition, in SBCL's words
// (with symbols in lower case, as *print-case* :downcase prints them),
// except that a type error reads on one line.
func (t *Thread) conditionMessage(c *lisp.Condition, report lisp.Value) string {
	switch r := report.(type) {
	case *lisp.String:
		return r.S
	case nil:
	default:
		s := lisp.NewStringStream()
		t.callValue(r, []lisp.Value{c, s})
		return s.TakeString()
	}
	if fc := slotValue(c, lisp.Sym("format-control")); fc != lisp.Value(lisp.Nil) {
		args := slotValue(c, lisp.Sym("format-arguments"))
		return t.format(fc, lisp.ListToSlice("error", args))
	}
	switch {
	case c.IsA(lisp.ClassTypeError) && c.Datum != nil:
		// nodelisp's one-line style, as the builtins' type errors read.
		return "the value " + lisp.Prin1ToString(c.Datum) + " is not of type " + lisp.Prin1ToString(orNil(c.Expected))
	case c.IsA(lisp.ClassUnboundVariable):
		return "The variable " + lisp.Prin1ToString(orNil(c.Name)) + " is unbound."
	case c.IsA(lisp.ClassUndefinedFunction):
		return "The function " + lisp.Prin1ToString(orNil(c.Name)) + " is undefined."
	}
	return "Condition of type " + strings.ToUpper(printName(c.Class)) + " was signalled."
}

func orNil(v lisp.Value) lisp.Value {
	if v == nil {
		return lisp.Nil
	}
	return v
}

// format calls the library's format with a nil destination; without one
// the control string stands as it is.
func (t *Thread) format(control lisp.Value, args []lisp.Value) string {
	if c := t.in.lookup(symFormat); c != nil && c.fn != nil {
		v := t.callValue(c.fn, append([]lisp.Value{lisp.Nil, control}, args...))
		if s, ok := v.(*lisp.String); ok {
			return s.S
		}
	}
	if s, ok := control.(*lisp.String); ok {
		return s.S
	}
	return lisp.PrincToString(control)
}

var symFormat = lisp.Sym("format")

// conditionFrom makes the condition (error datum args…) signals: from a
// format control, a class name and initargs, or a condition object.
func (t *Thread) conditionFrom(op string, defaultClass *lisp.Symbol, datum lisp.Value, args []lisp.Value) *lisp.Condition {
	switch d := datum.(type) {
	case *lisp.Condition:
		if len(args) > 0 {
			// SBCL: a condition object takes no initargs.
			lisp.SignalClass(lisp.ClassTypeError, "%s: the condition %s was given arguments %s", op, lisp.Prin1ToString(d), lisp.Prin1ToString(lisp.List(args...)))
		}
		return d
	case *lisp.Symbol:
		return t.makeCondition(d, args)
	case *lisp.String, lisp.Function: // a function is a format control, as formatter makes
		return t.makeCondition(defaultClass, []lisp.Value{kwFormatControl, d, kwFormatArguments, lisp.List(args...)})
	}
	lisp.TypeError(op, datum, "a condition designator")
	return nil
}

// ConditionHasSlot reports whether the condition class define-condition
// made (or one of its parents) declares a slot of that name, as
// slot-exists-p asks of a condition.
func (in *Interp) ConditionHasSlot(class, slot *lisp.Symbol) bool {
	for _, cc := range in.classChain(class, nil) {
		for _, sd := range cc.slots {
			if sd.name == slot {
				return true
			}
		}
	}
	return false
}
