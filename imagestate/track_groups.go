package imagestate

import (
	"slices"
	"strings"

	"github.com/nodelisp/nodelisp/event"

	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
	"github.com/nodelisp/nodelisp/reader"
)

// groupChanges records the globals of one sharing group (indexes into
// printed) when their joint text or their membership changed since the
// last record. It reports false, having done nothing, when the group has
// no joint text (it holds a closure the Sharing did not walk into): its
// globals, printed again alone, are then recorded one by one.
func (st *Tracker) groupChanges(p *event.State, printed []printedVar, members []int) bool {
	slices.SortFunc(members, func(a, b int) int { return strings.Compare(stateName(printed[a].sym), stateName(printed[b].sym)) })
	names := make([]string, len(members))
	values := make([]lisp.Value, len(members))
	for k, i := range members {
		names[k], values[k] = stateName(printed[i].sym), printed[i].value
	}
	text, err := Print(lisp.List(values...))
	if err != nil {
		for _, i := range members {
			printed[i].text, printed[i].err = Print(printed[i].value)
		}
		return false
	}
	first := st.vars[printed[members[0]].sym]
	same := first != nil && first.group != nil && first.group.Value == text && slices.Equal(first.group.Names, names)
	for _, i := range members {
		if tv := st.vars[printed[i].sym]; tv == nil || tv.group != first.group {
			same = false
		}
	}
	if same {
		for _, i := range members {
			st.vars[printed[i].sym].value = printed[i].value
		}
		return true
	}
	g := &event.Group{Names: names, Value: text}
	for _, i := range members {
		pv := printed[i]
		tv := st.vars[pv.sym]
		if tv == nil {
			tv = &trackedVar{}
			st.vars[pv.sym] = tv
		}
		tv.value, tv.rec, tv.group, tv.recorded = pv.value, event.Var{Name: stateName(pv.sym), Undeclared: pv.undeclared}, g, true
		addVar(p, tv)
	}
	return true
}

// addVar puts a tracked variable's record into p, and its group, once,
// into p.Groups.
func addVar(p *event.State, tv *trackedVar) {
	rec := tv.rec
	if tv.group != nil {
		at := slices.IndexFunc(p.Groups, func(g event.Group) bool {
			return g.Value == tv.group.Value && slices.Equal(g.Names, tv.group.Names)
		})
		if at < 0 {
			p.Groups = append(p.Groups, *tv.group)
			at = len(p.Groups) - 1
		}
		rec.Group = at + 1
	}
	p.Vars = append(p.Vars, rec)
}

// constantRecord is a constant a cell defined, as recorded.
type constantRecord struct {
	sym *lisp.Symbol
	rec event.Var
}

// constants are the constants a cell's top-level defconstant forms (also
// inside a top-level progn) defined, with their values as state text, so
// a restore defines them again without evaluating their value forms. A
// value with no state text keeps the defconstant form, evaluated again.
func constants(cell *reader.Cell, image *eval.Interp) []constantRecord {
	var out []constantRecord
	eachTopLevel(cell, func(form *lisp.Cons, op *lisp.Symbol) {
		if op.Name != "DEFCONSTANT" {
			return
		}
		rest, ok := form.Cdr.(*lisp.Cons)
		if !ok {
			return
		}
		sym, ok := rest.Car.(*lisp.Symbol)
		if !ok {
			return
		}
		info := image.Describe(sym)
		if !info.Bound {
			return // the form failed
		}
		rec := event.Var{Name: stateName(sym), Constant: true}
		if text, err := Print(info.Value); err == nil {
			rec.Value = text
		} else {
			rec.Why = err.Error()
			if text, err := Print(form); err == nil {
				rec.Forms = []string{text}
			}
		}
		out = append(out, constantRecord{sym: sym, rec: rec})
	})
	return out
}

// sameRecord reports whether two records of one variable say the same.
func sameRecord(a, b event.Var) bool {
	return a.Name == b.Name && a.Value == b.Value && a.Why == b.Why && a.Unbound == b.Unbound &&
		a.Constant == b.Constant && slices.Equal(a.Forms, b.Forms)
}

// eachTopLevel calls fn with each top-level form of cell that is an
// operator's call, looking inside top-level progns.
func eachTopLevel(cell *reader.Cell, fn func(form *lisp.Cons, op *lisp.Symbol)) {
	var walk func(form lisp.Value)
	walk = func(form lisp.Value) {
		c, ok := form.(*lisp.Cons)
		if !ok {
			return
		}
		op, ok := c.Car.(*lisp.Symbol)
		if !ok {
			return
		}
		if op.Name == "PROGN" {
			for rest, ok := c.Cdr.(*lisp.Cons); ok; rest, ok = rest.Cdr.(*lisp.Cons) {
				walk(rest.Car)
			}
			return
		}
		fn(c, op)
	}
	if cell != nil {
		for _, f := range cell.Forms {
			walk(f)
		}
	}
}
