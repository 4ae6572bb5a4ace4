package eval

import (
	"github.com/nodelisp/nodelisp/lisp"
)

func sfMultipleValueBind(a *analyzer, form *lisp.Cons) *ir {
	xs := formArgs("multiple-value-bind", form, 2, -1)
	val := a.analyze(xs[1])
	saved := a.sc
	defer func() { a.sc = saved }()
	body := form.Cdr.(*lisp.Cons).Cdr.(*lisp.Cons).Cdr
	specials := declaredSpecial(body)
	var bs []binding
	for _, name := range elems("multiple-value-bind", xs[0]) {
		bs = append(bs, a.newBinding("multiple-value-bind", name, nil, specials))
	}
	a.pushFreeSpecials(specials)
	_, forms := a.splitBody(body, false)
	b := a.body(forms)
	dynamic := false
	for _, x := range bs {
		if x.c != nil {
			dynamic = true
		}
	}
	return &ir{gen: func(tail bool) code {
		vc := val.code()
		sets := make([]func(*frame, lisp.Value), len(bs))
		cells := make([]*cell, len(bs))
		for i, x := range bs {
			cells[i] = x.c
			if x.v != nil {
				sets[i] = binder(x.v)
			}
		}
		bc := b.gen(tail && !dynamic)
		return func(fr *frame) lisp.Value {
			t := fr.t
			t.mvSet = false
			primary := vc(fr)
			// The values are read from the thread's buffer in place, not
			// copied: binding runs no Lisp code that could refill it.
			vals := t.valuesInPlace(primary)
			m := len(t.specials)
			for i := range sets {
				var v lisp.Value = lisp.Nil
				if i < len(vals) {
					v = vals[i]
				}
				bindOne(fr, cells[i], sets[i], v)
			}
			if !dynamic {
				return bc(fr)
			}
			v := bc(fr)
			t.unbind(m)
			return v
		}
	}}
}

func sfMultipleValueCall(a *analyzer, form *lisp.Cons) *ir {
	xs := formArgs("multiple-value-call", form, 1, -1)
	fn := a.analyze(xs[0])
	var args []*ir
	for _, x := range xs[1:] {
		args = append(args, a.analyze(x))
	}
	pos := a.pos
	return &ir{gen: func(bool) code {
		fc := fn.code()
		acs := codes(args)
		return func(fr *frame) lisp.Value {
			f := fc(fr)
			var all []lisp.Value
			for _, c := range acs {
				all = append(all, evalValues(c, fr)...)
			}
			fr.t.pos = pos
			return fr.t.callValue(f, all)
		}
	}}
}

func sfMultipleValueProg1(a *analyzer, form *lisp.Cons) *ir {
	formArgs("multiple-value-prog1", form, 1, -1)
	first := a.analyze(form.Cdr.(*lisp.Cons).Car)
	rest := a.body(form.Cdr.(*lisp.Cons).Cdr)
	return &ir{gen: func(bool) code {
		fc, rc := first.code(), rest.code()
		return func(fr *frame) lisp.Value {
			vals := evalValues(fc, fr)
			rc(fr)
			return fr.t.Values(vals...)
		}
	}}
}

func sfMultipleValueList(a *analyzer, form *lisp.Cons) *ir {
	val := a.analyze(formArgs("multiple-value-list", form, 1, 1)[0])
	return &ir{gen: func(bool) code {
		vc := val.code()
		return func(fr *frame) lisp.Value { return lisp.List(evalValues(vc, fr)...) }
	}}
}

func sfNthValue(a *analyzer, form *lisp.Cons) *ir {
	xs := formArgs("nth-value", form, 2, 2)
	n, val := a.analyze(xs[0]), a.analyze(xs[1])
	return &ir{gen: func(bool) code {
		nc, vc := n.code(), val.code()
		return func(fr *frame) lisp.Value {
			k, ok := nc(fr).(lisp.Fixnum)
			if !ok || k < 0 {
				lisp.TypeError("nth-value", k, "a non-negative integer")
			}
			vals := evalValues(vc, fr)
			if int(k) < len(vals) {
				return vals[k]
			}
			return lisp.Nil
		}
	}}
}

func sfMultipleValueSetq(a *analyzer, form *lisp.Cons) *ir {
	xs := formArgs("multiple-value-setq", form, 2, 2)
	names := elems("multiple-value-setq", xs[0])
	for _, n := range names {
		if s, ok := n.(*lisp.Symbol); ok && a.find(sSymbolMacro, s) != nil {
			// A symbol macro among the variables is a place: the form is
			// (values (setf (values var…) form)), as the standard says.
			values := lisp.Sym("values")
			return a.analyze(lisp.List(values, lisp.List(symSetf, lisp.ListStar(xs[0], values), xs[1])))
		}
	}
	val := a.analyze(xs[1])
	temps := make([]*varInfo, len(names))
	var sets []*ir
	for i, n := range names {
		temps[i] = a.newVar(nil)
		sets = append(sets, a.assign("multiple-value-setq", n, a.localRef(temps[i]), nil))
	}
	return &ir{gen: func(bool) code {
		vc := val.code()
		scs := codes(sets)
		stores := make([]func(*frame, lisp.Value), len(temps))
		for i, v := range temps {
			stores[i] = binder(v)
		}
		return func(fr *frame) lisp.Value {
			vals := evalValues(vc, fr)
			for i := range stores {
				var v lisp.Value = lisp.Nil
				if i < len(vals) {
					v = vals[i]
				}
				stores[i](fr, v)
				scs[i](fr)
			}
			if len(vals) == 0 {
				return lisp.Nil
			}
			return vals[0]
		}
	}}
}
