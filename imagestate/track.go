package imagestate

import (
	"math/big"
	"slices"
	"strings"

	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/event"
	"github.com/nodelisp/nodelisp/lisp"
	"github.com/nodelisp/nodelisp/reader"
)

// FullEvery bounds the records a restore reads: a record that would stand
// this many records after the last full one is written full instead.
const FullEvery = 32

// trackedVar is what the session knows of one global as last recorded.
type trackedVar struct {
	value lisp.Value
	rec   event.Var
	// host is set for a variable the fresh image binds to a value with no
	// state text (*standard-output*): the host owns it, it is never
	// recorded.
	host bool
	// recorded is set once a record holds the variable.
	recorded bool
	// group is the sharing group the variable was last recorded in; nil
	// when it was recorded alone.
	group *event.Group
}

// Tracker is the image's global state as the newest record left it,
// kept to tell what a cell changed. A session holds one: it asks Record
// for the state record of each cell it runs, and Restore makes a new one
// when it brings a fresh image to a record's state. The tracker touches
// the session only through the image and the watch list it is given.
type Tracker struct {
	seq   int64 // the record the image stands on; 0 a fresh image
	depth int
	vars  map[*lisp.Symbol]*trackedVar
	defs  []event.Def // oldest first; a redefinition moves to the end
	watch []string
	// share is reused from one check to the next, so its maps keep their
	// size.
	share *Sharing
	// replayed is set when the image was built by replaying definitions
	// (a session from before state records): the next record is full.
	replayed bool
	// packages is the JSON of the packages last recorded ("" none made),
	// and current the name of *package* last recorded.
	packages string
	current  string
}

// definers are the operators whose top-level forms are definitions: a
// record keeps the newest form of each key, and a restore evaluates them
// in the order they were last made.
var definers = map[string]bool{
	"DEFUN": true, "DEFMACRO": true, "DEFSTRUCT": true, "DEFINE-CONDITION": true,
	"DEFCLASS": true, "DEFGENERIC": true, "DEFMETHOD": true, "DEFTYPE": true,
	"DEFSETF": true, "DEFINE-MODIFY-MACRO": true, "DEFINE-COMPILER-MACRO": true,
	// A readtable holds functions, which have no state text: the calls
	// that changed *readtable* are kept instead, and a restore makes
	// them again (docs/language.md, "Readtables").
	"SET-MACRO-CHARACTER": true, "MAKE-DISPATCH-MACRO-CHARACTER": true,
	"SET-DISPATCH-MACRO-CHARACTER": true, "SET-SYNTAX-FROM-CHAR": true,
	// So does a pprint dispatch table: the set-pprint-dispatch calls are
	// kept, each whole, and made again in the order they were last made.
	"SET-PPRINT-DISPATCH": true,
}

// NewTracker records the fresh image's globals, the base every record
// changes.
func NewTracker(image *eval.Interp) *Tracker {
	st := &Tracker{vars: map[*lisp.Symbol]*trackedVar{}}
	image.EachSpecial(func(sym *lisp.Symbol, v lisp.Value) bool {
		tv := &trackedVar{value: v, rec: event.Var{Name: stateName(sym)}}
		if text, err := Print(v); err == nil {
			tv.rec.Value = text
		} else {
			tv.host = true
		}
		st.vars[sym] = tv
		return true
	})
	return st
}

// immutable reports whether v cannot change without the variable being
// assigned: then identity tells whether it changed, with no printing.
func immutable(v lisp.Value) bool {
	switch v.(type) {
	case *lisp.Symbol, lisp.Fixnum, lisp.Float, lisp.Char, *big.Int, *big.Rat:
		return true
	}
	return false
}

// changes compares the image with the state last recorded and returns
// the record of what the cell changed, folding it into the state; ok is
// false when nothing changed. Immutable values are compared by identity;
// mutable ones (lists, strings, vectors, tables) by their state text,
// which is how a gethash into a defvar'd table is seen. Globals that
// reach a common object are compared, and recorded, as one group
// (track_groups.go).
func (st *Tracker) changes(image *eval.Interp, watch []string, cell *reader.Cell) (event.State, bool) {
	var p event.State
	seen := make(map[*lisp.Symbol]bool, len(st.vars))
	if st.share == nil {
		st.share = NewSharing()
	}
	share := st.share
	defer share.Reset() // hold no values of the image between cells
	var printed []printedVar
	image.EachSpecial(func(sym *lisp.Symbol, v lisp.Value) bool {
		seen[sym] = true
		tv := st.vars[sym]
		if tv != nil && (tv.host || tv.value == v && immutable(v)) {
			return true
		}
		text, err := share.Print(len(printed), v)
		printed = append(printed, printedVar{sym: sym, value: v, text: text, err: err, undeclared: !image.IsSpecial(sym)})
		return true
	})
	for _, i := range share.Alone() {
		printed[i].text, printed[i].err = Print(printed[i].value)
	}
	grouped := make([]bool, len(printed))
	for _, g := range share.Groups() {
		if st.groupChanges(&p, printed, g) {
			for _, i := range g {
				grouped[i] = true
			}
		}
	}
	for i, pv := range printed {
		if !grouped[i] {
			st.varChange(&p, pv, cell)
		}
	}
	for sym, tv := range st.vars {
		if !seen[sym] && !tv.host && !tv.rec.Unbound && !tv.rec.Constant {
			tv.value, tv.rec, tv.group, tv.recorded = nil, event.Var{Name: stateName(sym), Unbound: true}, nil, true
			p.Vars = append(p.Vars, tv.rec)
		}
	}
	slices.SortFunc(p.Vars, func(a, b event.Var) int { return strings.Compare(a.Name, b.Name) })
	for _, c := range constants(cell, image) {
		if tv := st.vars[c.sym]; tv == nil || !sameRecord(tv.rec, c.rec) {
			st.vars[c.sym] = &trackedVar{rec: c.rec, recorded: true}
			p.Vars = append(p.Vars, c.rec)
		}
	}
	for _, d := range definitions(cell) {
		if st.define(d) {
			p.Defs = append(p.Defs, d)
		}
	}
	if !slices.Equal(st.watch, watch) {
		st.watch = slices.Clone(watch)
		w := slices.Clone(watch)
		if w == nil {
			w = []string{}
		}
		p.Watch = &w
	}
	st.packageChanges(&p, image)
	return p, len(p.Vars) > 0 || len(p.Defs) > 0 || p.Watch != nil || p.Packages != nil || p.Package != nil || st.replayed
}

// printedVar is one global a state check printed.
type printedVar struct {
	sym   *lisp.Symbol
	value lisp.Value
	text  string
	err   error
	// undeclared: assigned but never declared special.
	undeclared bool
}

// varChange records one global that shares nothing with another when it
// changed, or when it was last recorded in a group.
func (st *Tracker) varChange(p *event.State, pv printedVar, cell *reader.Cell) {
	tv := st.vars[pv.sym]
	rec := event.Var{Name: stateName(pv.sym), Undeclared: pv.undeclared}
	switch {
	case pv.err == nil:
		if tv != nil && tv.group == nil && !tv.rec.Unbound && tv.rec.Forms == nil && tv.rec.Why == "" && tv.rec.Value == pv.text && tv.rec.Undeclared == pv.undeclared {
			tv.value = pv.value
			return
		}
		rec.Value = pv.text
	case tv != nil && tv.value == pv.value:
		return
	default:
		rec.Why = pv.err.Error()
		rec.Forms = formsNaming(cell, pv.sym)
	}
	if tv == nil {
		tv = &trackedVar{}
		st.vars[pv.sym] = tv
	}
	tv.value, tv.rec, tv.group, tv.recorded = pv.value, rec, nil, true
	addVar(p, tv)
}

// define folds one definition into the state; it reports false when the
// same form is already the newest of its key.
func (st *Tracker) define(d event.Def) bool {
	for i, old := range st.defs {
		if old.Key == d.Key {
			if old.Form == d.Form && i == len(st.defs)-1 {
				return false
			}
			st.defs = append(st.defs[:i], st.defs[i+1:]...)
			break
		}
	}
	st.defs = append(st.defs, d)
	return true
}

// NoteReplayed folds into the state the definitions and constants a cell
// replayed made (replayed holds the operators the session replays), so
// the full record written after a replay holds them: a restore from it,
// or from a record that continues it, has no replay to lean on.
func (st *Tracker) NoteReplayed(image *eval.Interp, cell *reader.Cell, replayed map[*lisp.Symbol]bool) {
	for _, d := range definitions(cell) {
		op, _, _ := strings.Cut(d.Key, " ")
		if d.Nested == "" && replayed[lisp.Intern(op)] {
			st.define(d)
		}
	}
	for _, c := range constants(cell, image) {
		st.vars[c.sym] = &trackedVar{rec: c.rec, recorded: true}
	}
}

// full is the whole recorded state as one record.
func (st *Tracker) full() event.State {
	p := event.State{Full: true, Defs: slices.Clone(st.defs), Replayed: st.replayed}
	names := make([]*lisp.Symbol, 0, len(st.vars))
	for sym, tv := range st.vars {
		if tv.recorded {
			names = append(names, sym)
		}
	}
	slices.SortFunc(names, func(a, b *lisp.Symbol) int { return strings.Compare(a.Name, b.Name) })
	for _, sym := range names {
		addVar(&p, st.vars[sym])
	}
	w := slices.Clone(st.watch)
	if w == nil {
		w = []string{}
	}
	p.Watch = &w
	st.fullPackages(&p)
	return p
}

// definitions are the defining forms among a cell's top-level forms (and
// inside a top-level progn), each with its key; a definition in the body
// of a let, flet or the like is recorded under its own key too, but with
// the whole top-level form and its operator as Nested
// (track_nested.go).
func definitions(cell *reader.Cell) []event.Def {
	var out []event.Def
	eachTopLevel(cell, func(form *lisp.Cons, op *lisp.Symbol) {
		if definers[op.Name] {
			text, err := Print(form)
			if err == nil {
				out = append(out, event.Def{Key: defKey(form, op, text), Form: text})
			}
			return
		}
		out = append(out, nestedDefinitions(form, op)...)
	})
	return out
}

// defKey is a definition's key: its operator and name (a macro
// character's syntax: the character), or for a defmethod, a
// set-dispatch-macro-character and a set-pprint-dispatch its whole form.
func defKey(form *lisp.Cons, op *lisp.Symbol, text string) string {
	key := op.Name
	switch {
	case op.Name == "DEFMETHOD" || op.Name == "SET-DISPATCH-MACRO-CHARACTER" || op.Name == "SET-PPRINT-DISPATCH":
		// Methods differ by their specializers, dispatch functions by
		// their sub-character, pprint dispatch entries by their type
		// (and a later call for one type must replay after an earlier).
		key += " " + text
	default:
		if rest, ok := form.Cdr.(*lisp.Cons); ok {
			name, _ := Print(nameOf(rest.Car))
			key += " " + name
		}
	}
	return key
}

// nameOf is the name a defining form's second element gives: the symbol
// itself, or the first of a (name options…) list.
func nameOf(v lisp.Value) lisp.Value {
	if c, ok := v.(*lisp.Cons); ok {
		return c.Car
	}
	return v
}

// formsNaming are the top-level forms of cell that mention sym, as state
// text: what a restore evaluates again for a value with no state text.
func formsNaming(cell *reader.Cell, sym *lisp.Symbol) []string {
	var out []string
	if cell == nil {
		return out
	}
	for _, f := range cell.Forms {
		if mentions(f, sym) {
			if text, err := Print(f); err == nil {
				out = append(out, text)
			}
		}
	}
	return out
}

// mentions reports whether sym occurs in v, looking at no more than a
// bounded number of conses so a circular form ends.
func mentions(v lisp.Value, sym *lisp.Symbol) bool {
	budget := 100000
	var walk func(v lisp.Value) bool
	walk = func(v lisp.Value) bool {
		for budget > 0 {
			budget--
			switch x := v.(type) {
			case *lisp.Symbol:
				return x == sym
			case *lisp.Cons:
				if walk(x.Car) {
					return true
				}
				v = x.Cdr
			default:
				return false
			}
		}
		return false
	}
	return walk(v)
}

// Record is the state record of the cell just run in image, whose watch
// list is watch, when the cell changed anything: a full record every
// FullEvery records (and right after a replay), else the changes with the
// record they change as Base. The caller appends it with the cell's
// result and then calls Stand.
func (st *Tracker) Record(image *eval.Interp, watch []string, cell *reader.Cell) (event.State, bool) {
	p, ok := st.changes(image, watch, cell)
	if !ok {
		return p, false
	}
	if st.replayed || st.depth+1 >= FullEvery {
		p = st.full()
		st.replayed = false
	} else {
		p.Base, p.Depth = st.seq, st.depth+1
	}
	return p, true
}

// RecordFull is the whole state of an image just rebuilt by replay, as
// one full record, so the log's newest record describes the image again.
func (st *Tracker) RecordFull(image *eval.Interp, watch []string) event.State {
	st.changes(image, watch, nil)
	p := st.full()
	st.replayed = false
	return p
}

// Stand makes record seq (its payload p) the one the image stands on.
func (st *Tracker) Stand(seq int64, p event.State) {
	st.seq, st.depth = seq, p.Depth
}

// Seq is the record the image stands on; 0 a fresh image.
func (st *Tracker) Seq() int64 { return st.seq }

// Replayed marks an image built by replaying definitions (a session from
// before state records): the next record is full.
func (st *Tracker) Replayed() { st.replayed = true }

// Watch is the watch list as last recorded or restored.
func (st *Tracker) Watch() []string { return slices.Clone(st.watch) }
