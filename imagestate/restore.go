package imagestate

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/nodelisp/nodelisp/builtins"
	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/event"
	"github.com/nodelisp/nodelisp/lisp"
)

// foldedState is a chain of records folded into one state.
type foldedState struct {
	vars  map[string]foldedVar
	defs  Tracker // only its defs are used
	watch []string
	// packages and current are the newest records of them (nil: none).
	packages *[]lisp.PackageRecord
	current  *string
}

// foldedVar is a variable's newest record and, when it was recorded in a
// sharing group, that group.
type foldedVar struct {
	rec   event.Var
	group *event.Group
}

func fold(chain []event.State) foldedState {
	f := foldedState{vars: map[string]foldedVar{}}
	for i := len(chain) - 1; i >= 0; i-- {
		p := chain[i]
		for _, v := range p.Vars {
			fv := foldedVar{rec: v}
			if v.Group > 0 && v.Group <= len(p.Groups) {
				fv.group = &p.Groups[v.Group-1]
			}
			fv.rec.Group = 0
			f.vars[v.Name] = fv
		}
		for _, d := range p.Defs {
			f.defs.define(d)
		}
		if p.Watch != nil {
			f.watch = slices.Clone(*p.Watch)
		}
		if p.Packages != nil {
			recs := packageRecordsFromLog(*p.Packages)
			f.packages = &recs
		}
		if p.Package != nil {
			f.current = p.Package
		}
	}
	return f
}

// EvalFunc evaluates one form in the image being restored, printing
// nothing and appending nothing: the host's evaluation, with its own
// builtins installed.
type EvalFunc func(ctx context.Context, form lisp.Value) error

// Restore brings a fresh image to the state of record seq (0: a fresh
// image), whose chain of records, newest first, is chain, without running
// any cell: definitions are evaluated again (through evalForm), constants and
// variables are set from their state text. It returns the tracker that
// now stands on seq, and one note for each thing it could not restore
// exactly: a definition made inside a let, or a value with no state text,
// whose forms it evaluated again, or a value it could not restore. The
// watch list restored is the tracker's Watch.
func Restore(ctx context.Context, image *eval.Interp, evalForm EvalFunc, seq int64, chain []event.State) (*Tracker, []string) {
	st := NewTracker(image)
	st.seq, st.depth = seq, len(chain)
	f := fold(chain)
	r := &restorer{image: image, eval: evalForm, t: st, ctx: ctx, f: f, groups: map[*event.Group][]lisp.Value{}}
	r.packages()
	defer r.currentPackage()
	names := make([]string, 0, len(f.vars))
	for name := range f.vars {
		names = append(names, name)
	}
	slices.Sort(names)
	// Constants first, as the cells defined them before the code that
	// uses them; one holding an instance waits for its class.
	var later []string
	for _, name := range names {
		if f.vars[name].rec.Constant && !r.constant(name, true) {
			later = append(later, name)
		}
	}
	r.definitions()
	for _, name := range later {
		r.constant(name, false)
	}
	st.defs = f.defs.defs
	for _, name := range names {
		if !f.vars[name].rec.Constant {
			r.variable(name)
		}
	}
	st.watch = slices.Clone(f.watch)
	return st, r.notes
}

// errNoGroupValue is a group's record without a value for one of its
// names: a damaged log (its text is the store's word for one).
var errNoGroupValue = errors.New("its group holds no value for it: invalid")

// restorer is one Restore under way.
type restorer struct {
	image  *eval.Interp
	eval   EvalFunc
	t      *Tracker // the tracker being filled
	ctx    context.Context
	f      foldedState
	groups map[*event.Group][]lisp.Value // groups read so far
	notes  []string
}

func (r *restorer) note(format string, args ...any) {
	r.notes = append(r.notes, fmt.Sprintf(format, args...))
}

// read gives a recorded variable's value from its state text (alone or in
// its group); groups is the cache of groups read, so the globals of one
// group get one graph.
func (r *restorer) read(name string, groups map[*event.Group][]lisp.Value) (lisp.Value, error) {
	fv := r.f.vars[name]
	image := r.image
	classes := func(name *lisp.Symbol) (*lisp.Class, bool) { return builtins.StructureOrClass(image, name) }
	if fv.group == nil {
		return ReadInPackages(fv.rec.Value, classes, image.Packages())
	}
	values, ok := groups[fv.group]
	if !ok {
		v, err := ReadInPackages(fv.group.Value, classes, image.Packages())
		if err != nil {
			return nil, err
		}
		for c, ok := v.(*lisp.Cons); ok; c, ok = c.Cdr.(*lisp.Cons) {
			values = append(values, c.Car)
		}
		groups[fv.group] = values
	}
	i := slices.Index(fv.group.Names, name)
	if i < 0 || i >= len(values) {
		return nil, errNoGroupValue
	}
	return values[i], nil
}

// definitions evaluates the recorded definitions in the order they were
// last made. A nested one's top-level form is evaluated once, after the
// variables it names are set from their records, so a defvar in it does
// not run its initializer.
func (r *restorer) definitions() {
	done := map[string]bool{}
	named := map[string][]string{} // a nested form's names, for its note
	for _, d := range r.f.defs.defs {
		if d.Nested != "" {
			named[d.Form] = append(named[d.Form], defName(d.Key))
		}
	}
	for _, d := range r.f.defs.defs {
		if d.Nested == "" {
			if err := r.evalText(d.Form); err != nil {
				r.note("definition %s failed again: %v", strings.ToLower(d.Key), err)
			}
			continue
		}
		if done[d.Form] {
			continue
		}
		done[d.Form] = true
		r.presetNamed(d.Form)
		if err := r.evalText(d.Form); err != nil {
			r.note("definition %s (inside a %s) failed again: %v", strings.ToLower(d.Key), d.Nested, err)
			continue
		}
		r.note("%s defined inside a %s: its whole form was evaluated again (a closure has no state text, so what it closes over starts afresh)",
			strings.Join(named[d.Form], ", "), d.Nested)
	}
}

// defName is the name a definition's key gives, for a note: "counter"
// of "DEFUN COUNTER", "area" of a defmethod's key (its whole form).
func defName(key string) string {
	_, name, _ := strings.Cut(key, " ")
	if strings.HasPrefix(name, "(") {
		fields := strings.Fields(strings.TrimPrefix(name, "("))
		if len(fields) > 1 {
			name = fields[1]
		}
	}
	return strings.ToLower(name)
}

// presetNamed sets the recorded variables a form names from their
// records before the form runs; they are set again, afresh, at the end.
func (r *restorer) presetNamed(form string) {
	text, err := ReadInPackages(form, nil, r.image.Packages())
	if err != nil {
		return
	}
	scratch := map[*event.Group][]lisp.Value{}
	for name, fv := range r.f.vars {
		sym := r.symbol(name)
		if fv.rec.Constant || fv.rec.Unbound || fv.rec.Why != "" || !mentions(text, sym) {
			continue
		}
		if v, err := r.read(name, scratch); err == nil {
			r.image.RestoreGlobal(sym, v, !fv.rec.Undeclared)
		}
	}
}

// constant defines a recorded constant again from its value, quoted, so
// no value form runs. With quiet set a value that does not read yet (its
// class is not defined yet) reports false and notes nothing.
func (r *restorer) constant(name string, quiet bool) bool {
	rec := r.f.vars[name].rec
	sym := r.symbol(name)
	tv := &trackedVar{rec: rec, recorded: true}
	r.t.vars[sym] = tv
	if rec.Why != "" {
		if quiet {
			return false
		}
		for _, form := range rec.Forms {
			if err := r.evalText(form); err != nil {
				r.note("constant %s: evaluating its defconstant again failed: %v", strings.ToLower(name), err)
				return true
			}
		}
		r.note("constant %s evaluated again (its value %s)", strings.ToLower(name), rec.Why)
		return true
	}
	v, err := r.read(name, r.groups)
	if err != nil {
		if !quiet {
			r.note("constant %s not restored: %v", strings.ToLower(name), err)
		}
		return false
	}
	form := lisp.List(lisp.Intern("DEFCONSTANT"), sym, lisp.List(lisp.Intern("QUOTE"), v))
	if err := r.eval(r.ctx, form); err != nil {
		r.note("constant %s not restored: %v", strings.ToLower(name), err)
	}
	return true
}

// variable sets one recorded global from its record.
func (r *restorer) variable(name string) {
	rec := r.f.vars[name].rec
	sym := r.symbol(name)
	image := r.image
	tv := &trackedVar{rec: rec, recorded: true, group: r.f.vars[name].group}
	defer func() { r.t.vars[sym] = tv }()
	switch {
	case rec.Unbound:
		image.Unbind(sym)
	case rec.Forms == nil && rec.Why == "":
		v, err := r.read(name, r.groups)
		if err != nil {
			r.note("%s not restored: %v", strings.ToLower(name), err)
			return
		}
		image.RestoreGlobal(sym, v, !rec.Undeclared)
		tv.value = v
	case len(rec.Forms) == 0:
		r.note("%s not restored: its value %s and no top-level form of the cell that set it names it", strings.ToLower(name), rec.Why)
	default:
		for _, form := range rec.Forms {
			if err := r.evalText(form); err != nil {
				r.note("%s: evaluating its form again failed: %v", strings.ToLower(name), err)
			}
		}
		tv.value = image.Describe(sym).Value
		r.note("%s evaluated again (its value %s)", strings.ToLower(name), rec.Why)
	}
}

// evalText evaluates one form given as state text.
func (r *restorer) evalText(text string) error {
	form, err := ReadInPackages(text, nil, r.image.Packages())
	if err != nil {
		return err
	}
	return r.eval(r.ctx, form)
}
