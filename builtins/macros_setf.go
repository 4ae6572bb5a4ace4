package builtins

import (
	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
)

// setf and the modify macros, over the place expansions of macros_place.go.

func registerMacrosSetf() {
	macro("setf", "(setf place value …) stores each value in its place, in order; returns the last value.", expandSetf)
	macro("psetf", "(psetf place value …) evaluates every value, then stores them in their places; returns nil.", expandPsetf)
	macro("rotatef", "(rotatef place…) moves the value of each place into the one before it, the first into the last; returns nil.", expandRotatef)
	macro("shiftf", "(shiftf place… new) moves each place's value into the one before it and new into the last; returns the first place's old value.", expandShiftf)
	macro("incf", "(incf place [delta]) adds delta (default 1) to the number in place and returns the new value.", expandIncf(sPlus, "incf"))
	macro("decf", "(decf place [delta]) subtracts delta (default 1) from the number in place and returns the new value.", expandIncf(sMinus, "decf"))
	macro("push", "(push item place) conses item onto the list in place and returns the new list.", expandPush)
	macro("pushnew", "(pushnew item place [:test f] [:key f]) pushes item onto the list in place unless it is already a member.", expandPushnew)
	macro("pop", "(pop place) removes the first element of the list in place and returns it.", expandPop)
	macro("remf", "(remf place indicator) removes indicator and its value from the property list in place; true if it was there.", expandRemf)
	macro("defsetf", "(defsetf accessor updater) makes (setf (accessor arg…) v) call (updater arg… v); the long form (defsetf accessor lambda-list (store…) form…) computes the storing form from the arguments' temporaries and the store variables.", expandDefsetf)
	macro("define-setf-expander", "(define-setf-expander accessor lambda-list body…) defines how setf expands (accessor …): body returns the five values of a setf expansion.", expandDefineSetfExpander)
	defun("%remf", "(plist indicator)", "Returns plist without indicator and its value, and whether it was there (internal).",
		func(t *eval.Thread, args []lisp.Value) lisp.Value {
			out, found := removeProperty(args[0], args[1])
			return t.Values(out, lisp.Bool(found))
		})
}

func expandSetf(t *eval.Thread, form lisp.Value) lisp.Value {
	args := macroArgs("setf", form, 0, -1)
	if len(args)%2 != 0 {
		syntaxError("setf", "odd number of arguments in %s", lisp.Prin1ToString(form))
	}
	var out []lisp.Value
	for i := 0; i < len(args); i += 2 {
		if subplaces, ok := isValuesPlace(args[i]); ok {
			out = append(out, setfValues(t, subplaces, args[i+1]))
			continue
		}
		out = append(out, storeInto(expandPlace(t, "setf", args[i]), args[i+1]))
	}
	if len(out) == 0 {
		return lisp.Nil
	}
	return progn(out)
}

func expandPsetf(t *eval.Thread, form lisp.Value) lisp.Value {
	args := macroArgs("psetf", form, 0, -1)
	if len(args)%2 != 0 {
		syntaxError("psetf", "odd number of arguments in %s", lisp.Prin1ToString(form))
	}
	var bs []binding
	var writes []lisp.Value
	for i := 0; i < len(args); i += 2 {
		p := expandPlace(t, "psetf", args[i])
		bs = append(concat2(bs, p.temps), storeBindings(p, args[i+1])...)
		writes = append(writes, p.write)
	}
	return withPlace(bs, append(writes, lisp.Nil)...)
}

// places expands each form as a place.
func places(t *eval.Thread, op string, forms []lisp.Value) []place {
	out := make([]place, len(forms))
	for i, f := range forms {
		out[i] = expandPlace(t, op, f)
	}
	return out
}

func expandRotatef(t *eval.Thread, form lisp.Value) lisp.Value {
	args := macroArgs("rotatef", form, 0, -1)
	if len(args) < 2 {
		return lisp.Nil
	}
	ps := places(t, "rotatef", args)
	var bs []binding
	for _, p := range ps {
		bs = concat2(bs, p.temps)
	}
	var writes []lisp.Value
	for i, p := range ps {
		bs = append(bs, storeBindings(p, ps[(i+1)%len(ps)].read)...)
		writes = append(writes, p.write)
	}
	return withPlace(bs, append(writes, lisp.Nil)...)
}

func expandShiftf(t *eval.Thread, form lisp.Value) lisp.Value {
	args := macroArgs("shiftf", form, 2, -1)
	ps := places(t, "shiftf", args[:len(args)-1])
	var bs []binding
	for _, p := range ps {
		bs = concat2(bs, p.temps)
	}
	old := gensym("OLD")
	var result lisp.Value = old
	if len(ps[0].more) > 0 {
		// A place of several stores ((values a b)) gives back all its
		// old values.
		bs = append(bs, binding{old, lisp.List(lisp.Sym("multiple-value-list"), ps[0].read)})
		result = lisp.List(lisp.Sym("values-list"), old)
	} else {
		bs = append(bs, binding{old, ps[0].read})
	}
	var writes []lisp.Value
	for i, p := range ps {
		next := args[len(args)-1]
		if i+1 < len(ps) {
			next = ps[i+1].read
		}
		bs = append(bs, storeBindings(p, next)...)
		writes = append(writes, p.write)
	}
	return withPlace(bs, append(writes, result)...)
}

// modify builds the form that reads place, computes a new value from the
// read form with update, and writes it back, evaluating before (forms to
// bind ahead of the place's subforms, such as push's item) first.
func modify(p place, before []binding, update func(read lisp.Value) lisp.Value) lisp.Value {
	if p.simple {
		return withPlace(before, lisp.List(sSetq, p.read, update(p.read)))
	}
	return withPlace(concat2(concat2(before, p.temps), storeBindings(p, update(p.read))), p.write)
}

func expandIncf(op *lisp.Symbol, name string) eval.MacroFunc {
	return func(t *eval.Thread, form lisp.Value) lisp.Value {
		args := macroArgs(name, form, 1, 2)
		p := expandPlace(t, name, args[0])
		if len(args) == 1 {
			return modify(p, nil, func(read lisp.Value) lisp.Value {
				if op == sPlus {
					return lisp.List(sOnePlus, read)
				}
				return lisp.List(sOneMinus, read)
			})
		}
		// CLtS 5.1.3, as SBCL does it: the place's subforms, then delta,
		// then the read of the place, so (incf x (setf x 1)) from 0 is 2.
		delta := args[1]
		if op == sPlus {
			return modify(p, nil, func(read lisp.Value) lisp.Value { return lisp.List(sPlus, delta, read) })
		}
		if isConstantForm(delta) {
			return modify(p, nil, func(read lisp.Value) lisp.Value { return lisp.List(op, read, delta) })
		}
		g := gensym("DELTA")
		if p.simple {
			return withPlace([]binding{{g, delta}}, lisp.List(sSetq, p.read, lisp.List(op, p.read, g)))
		}
		return withPlace(concat2(p.temps, []binding{{g, delta}, {p.store, lisp.List(op, p.read, g)}}), p.write)
	}
}

// itemFirst binds item to a temporary unless it is a constant, so that it
// is evaluated before the place's subforms.
func itemFirst(item lisp.Value) ([]binding, lisp.Value) {
	if isConstantForm(item) {
		return nil, item
	}
	g := gensym("ITEM")
	return []binding{{g, item}}, g
}

func expandPush(t *eval.Thread, form lisp.Value) lisp.Value {
	args := macroArgs("push", form, 2, 2)
	p := expandPlace(t, "push", args[1])
	if p.simple {
		return lisp.List(sSetq, p.read, lisp.List(sCons, args[0], p.read))
	}
	before, item := itemFirst(args[0])
	return modify(p, before, func(read lisp.Value) lisp.Value { return lisp.List(sCons, item, read) })
}

func expandPushnew(t *eval.Thread, form lisp.Value) lisp.Value {
	args := macroArgs("pushnew", form, 2, -1)
	p := expandPlace(t, "pushnew", args[1])
	before, item := itemFirst(args[0])
	opts := args[2:]
	if len(opts)%2 != 0 {
		syntaxError("pushnew", "odd number of keyword arguments")
	}
	// The keyword values are evaluated once, after the place's subforms.
	var keyBs []binding
	var memberArgs []lisp.Value
	// key is the leftmost :key argument's value (a gensym when it is
	// computed); a :key of nil means no key, as in member.
	var key lisp.Value
	keySeen := false
	for i := 0; i < len(opts); i += 2 {
		v := opts[i+1]
		if !isConstantForm(v) {
			g := gensym("OPT")
			keyBs = append(keyBs, binding{g, v})
			v = g
		}
		if symbolNamed(opts[i], "KEY") && !keySeen {
			key, keySeen = v, true
		}
		memberArgs = append(memberArgs, opts[i], v)
	}
	return modify(p, before, func(read lisp.Value) lisp.Value {
		probe := item
		switch {
		case key == nil || key == lisp.Value(lisp.Nil):
		case isConstantForm(key):
			probe = lisp.List(sFuncall, key, item)
		default:
			probe = lisp.List(sIf, key, lisp.List(sFuncall, key, item), item)
		}
		list := gensym("LIST")
		test := lisp.ListStar(lisp.List(memberArgs...), sMember, probe, list)
		return letForm(sLet, concat2([]binding{{list, read}}, keyBs),
			lisp.List(sIf, test, list, lisp.List(sCons, item, list)))
	})
}

func expandPop(t *eval.Thread, form lisp.Value) lisp.Value {
	args := macroArgs("pop", form, 1, 1)
	p := expandPlace(t, "pop", args[0])
	list := gensym("LIST")
	if p.simple {
		return letForm(sLet, []binding{{list, p.read}},
			lisp.List(sSetq, p.read, lisp.List(sCdr, list)), lisp.List(sCar, list))
	}
	bs := concat2(p.temps, append([]binding{{list, p.read}}, storeBindings(p, lisp.List(sCdr, list))...))
	return withPlace(bs, p.write, lisp.List(sCar, list))
}

func expandRemf(t *eval.Thread, form lisp.Value) lisp.Value {
	args := macroArgs("remf", form, 2, 2)
	p := expandPlace(t, "remf", args[0])
	before, ind := itemFirst(args[1])
	found := gensym("FOUND")
	bs := concat2(p.temps, before)
	return withPlace(bs, lisp.List(sMultipleValueBind, lisp.List(p.store, found),
		lisp.List(lisp.Sym("%remf"), p.read, ind), p.write, found))
}

func expandDefsetf(t *eval.Thread, form lisp.Value) lisp.Value {
	args := macroArgs("defsetf", form, 2, -1)
	access, ok := args[0].(*lisp.Symbol)
	if !ok {
		syntaxError("defsetf", "%s is not a function name", lisp.Prin1ToString(args[0]))
	}
	if lisp.IsList(args[1]) {
		if len(args) < 3 {
			syntaxError("defsetf", "the long form needs a lambda list, store variables and a body: (defsetf %s lambda-list (store…) form…)", lisp.Prin1ToString(access))
		}
		return expandLongDefsetf(access, args[1], args[2], args[3:])
	}
	if len(args) > 3 {
		syntaxError("defsetf", "the short form is (defsetf accessor updater [documentation])")
	}
	update, ok := args[1].(*lisp.Symbol)
	if !ok {
		syntaxError("defsetf", "%s is not a function name", lisp.Prin1ToString(args[1]))
	}
	// The short form makes (setf (access args…) new) the form (update
	// args… new), so the updater may be a macro (Rosetta's History
	// variables: (defsetf get-hvar set-hvar) with set-hvar a push). What
	// the image keeps is a function returning the updater's name, which
	// setf asks for when it expands the place.
	return lisp.List(sProgn,
		lisp.List(sDefun, defsetfName(access), lisp.Nil, quoted(update)),
		quoted(access))
}

// removeProperty returns plist without the first occurrence of indicator
// and its value, destructively as CL's remf may, and whether it was found.
func removeProperty(plist, indicator lisp.Value) (lisp.Value, bool) {
	var prev *lisp.Cons
	for cur := plist; ; {
		c, ok := cur.(*lisp.Cons)
		if !ok {
			if cur != lisp.Value(lisp.Nil) {
				lisp.TypeError("remf", plist, "a property list")
			}
			return plist, false
		}
		val, ok := c.Cdr.(*lisp.Cons)
		if !ok {
			lisp.TypeError("remf", plist, "a property list")
		}
		if c.Car == indicator {
			if prev == nil {
				return val.Cdr, true
			}
			prev.Cdr = val.Cdr
			return plist, true
		}
		prev, cur = val, val.Cdr
	}
}
