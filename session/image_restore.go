package session

import (
	"context"
	"encoding/json"
	"fmt"
	"github.com/nodelisp/nodelisp/builtins"
	"github.com/nodelisp/nodelisp/event"
	"slices"
	"strings"

	"github.com/nodelisp/nodelisp/imagestate"
	"github.com/nodelisp/nodelisp/lisp"
	"github.com/nodelisp/nodelisp/reader"
	"github.com/nodelisp/nodelisp/store"
)

// stateIndex says, for head moves, which state record describes the image
// right after each turn: the newest record of the turn. It is read from
// the log on the first head move, then kept up to date by append.
type stateIndex struct {
	byTurn map[int64]int64
	// replayedAt is the seq of the full record a session from before
	// state records got; 0 when it has none.
	replayedAt int64
}

// maxChain bounds the records that change something stateChain follows: a
// cell writes a full record every fullEvery, so a longer chain is a
// damaged log, not history. Head moves' records, which change nothing,
// are not counted: logs written before a move's record pointed past the
// one before it hold runs of them.
const maxChain = 10 * fullEvery

// stateChain reads the records that make up record seq's state, newest
// first, back to a full record or a fresh image.
func (s *Session) stateChain(ctx context.Context, seq int64) ([]event.State, error) {
	var chain []event.State
	changing := 0 // records that change something: the bound counts only them
	for seq != 0 {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		e, err := s.st.Event(ctx, s.info.ID, seq)
		if err != nil {
			return nil, fmt.Errorf("read state record %d of session %s: %w", seq, s.info.ID, err)
		}
		var p event.State
		if e.Kind != event.KindState || json.Unmarshal(e.Payload, &p) != nil {
			return nil, fmt.Errorf("read state record %d of session %s: not a state record: %w", seq, s.info.ID, store.ErrInvalid)
		}
		chain = append(chain, p)
		if p.Full {
			break
		}
		if !p.Empty() {
			changing++
		}
		if changing > maxChain || p.Base >= seq {
			return nil, fmt.Errorf("read state record %d of session %s: no full record within %d records before it: %w", seq, s.info.ID, maxChain, store.ErrInvalid)
		}
		seq = p.Base
	}
	return chain, nil
}

// foldedState is a chain of records folded into one state.
type foldedState struct {
	vars  map[string]foldedVar
	defs  imageState // only its defs are used
	watch []string
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
	}
	return f
}

// restoreImage makes a fresh image and brings it to the state of record
// seq (0: a fresh image) without running any cell: definitions are
// evaluated again, constants and variables are set from their state text.
// It returns one line for each thing it could not restore exactly: a
// definition made inside a let, or a value with no state text, whose
// forms it evaluated again, or a value it could not restore.
func (s *Session) restoreImage(ctx context.Context, seq int64, chain []event.State) []string {
	ctx = withReplay(ctx)
	s.freshImage()
	st := s.newImageState()
	st.seq, st.depth = seq, len(chain)
	s.img = st
	f := fold(chain)
	r := &restorer{s: s, ctx: ctx, f: f, groups: map[*event.Group][]lisp.Value{}}
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
	s.watch = f.watch
	st.watch = slices.Clone(f.watch)
	return r.notes
}

// restorer is one restoreImage under way.
type restorer struct {
	s      *Session
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
	image := r.s.interpreter.Evaluator()
	classes := func(name *lisp.Symbol) (*lisp.Class, bool) { return builtins.StructureOrClass(image, name) }
	if fv.group == nil {
		return imagestate.ReadIn(fv.rec.Value, classes)
	}
	values, ok := groups[fv.group]
	if !ok {
		v, err := imagestate.ReadIn(fv.group.Value, classes)
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
		return nil, fmt.Errorf("its group holds no value for it: %w", store.ErrInvalid)
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
			if err := r.s.evalState(r.ctx, d.Form); err != nil {
				r.note("definition %s failed again: %v", strings.ToLower(d.Key), err)
			}
			continue
		}
		if done[d.Form] {
			continue
		}
		done[d.Form] = true
		r.presetNamed(d.Form)
		if err := r.s.evalState(r.ctx, d.Form); err != nil {
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
	text, err := imagestate.Read(form)
	if err != nil {
		return
	}
	scratch := map[*event.Group][]lisp.Value{}
	for name, fv := range r.f.vars {
		sym := lisp.Intern(name)
		if fv.rec.Constant || fv.rec.Unbound || fv.rec.Why != "" || !mentions(text, sym) {
			continue
		}
		if v, err := r.read(name, scratch); err == nil {
			r.s.interpreter.Evaluator().SetSpecial(sym, v)
		}
	}
}

// constant defines a recorded constant again from its value, quoted, so
// no value form runs. With quiet set a value that does not read yet (its
// class is not defined yet) reports false and notes nothing.
func (r *restorer) constant(name string, quiet bool) bool {
	rec := r.f.vars[name].rec
	sym := lisp.Intern(name)
	tv := &trackedVar{rec: rec, recorded: true}
	r.s.img.vars[sym] = tv
	if rec.Why != "" {
		if quiet {
			return false
		}
		for _, form := range rec.Forms {
			if err := r.s.evalState(r.ctx, form); err != nil {
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
	if _, err := r.s.interpreter.EvalForm(r.ctx, &reader.Cell{}, form); err != nil {
		r.note("constant %s not restored: %v", strings.ToLower(name), err)
	}
	return true
}

// variable sets one recorded global from its record.
func (r *restorer) variable(name string) {
	rec := r.f.vars[name].rec
	sym := lisp.Intern(name)
	image := r.s.interpreter.Evaluator()
	tv := &trackedVar{rec: rec, recorded: true, group: r.f.vars[name].group}
	defer func() { r.s.img.vars[sym] = tv }()
	switch {
	case rec.Unbound:
		image.Unbind(sym)
	case rec.Forms == nil && rec.Why == "":
		v, err := r.read(name, r.groups)
		if err != nil {
			r.note("%s not restored: %v", strings.ToLower(name), err)
			return
		}
		image.SetSpecial(sym, v)
		tv.value = v
	case len(rec.Forms) == 0:
		r.note("%s not restored: its value %s and no top-level form of the cell that set it names it", strings.ToLower(name), rec.Why)
	default:
		for _, form := range rec.Forms {
			if err := r.s.evalState(r.ctx, form); err != nil {
				r.note("%s: evaluating its form again failed: %v", strings.ToLower(name), err)
			}
		}
		tv.value = image.Describe(sym).Value
		r.note("%s evaluated again (its value %s)", strings.ToLower(name), rec.Why)
	}
}

// evalState evaluates one form given as state text, printing nothing and
// appending nothing (ctx is a replay context: the file verbs refuse).
func (s *Session) evalState(ctx context.Context, text string) error {
	form, err := imagestate.Read(text)
	if err != nil {
		return err
	}
	_, err = s.interpreter.EvalForm(ctx, &reader.Cell{}, form)
	return err
}

// stateEvent is the state record of the cell just run, when it changed
// anything. It goes into the same append as the cell's result.
func (s *Session) stateEvent(cell *reader.Cell) (store.NewEvent, event.State, bool) {
	st := s.img
	p, ok := st.changes(s, cell)
	if !ok {
		return store.NewEvent{}, p, false
	}
	if st.replayed || st.depth+1 >= fullEvery {
		p = st.full()
		st.replayed = false
	} else {
		p.Base, p.Depth = st.seq, st.depth+1
	}
	return store.NewEvent{Kind: event.KindState, Turn: s.tree.head, Payload: event.Encode(p)}, p, true
}

// noteState makes record e (its payload p) the one the image stands on.
func (s *Session) noteState(e store.Event, p event.State) {
	s.img.seq, s.img.depth = e.Seq, p.Depth
}

// loadStateIndex reads which record stands after each turn, once.
func (s *Session) loadStateIndex(ctx context.Context) (*stateIndex, error) {
	if s.states != nil {
		return s.states, nil
	}
	r, err := s.st.Scan(ctx, store.Query{Session: s.info.ID, Kinds: []string{event.KindState}})
	if err != nil {
		return nil, fmt.Errorf("read state records of session %s: %w", s.info.ID, err)
	}
	idx := &stateIndex{byTurn: map[int64]int64{}}
	for i, e := range r.Events {
		idx.byTurn[e.Turn] = e.Seq
		if i == 0 {
			var p event.State
			if json.Unmarshal(e.Payload, &p) == nil && p.Replayed {
				idx.replayedAt = e.Seq
			}
		}
	}
	s.states = idx
	return idx, nil
}

// stateAfter is the record describing the image right after turn to: the
// newest record of to or, for a turn that changed nothing, of its nearest
// ancestor that did. legacy is set when the turn predates state records
// (its state is rebuilt by replay).
func (s *Session) stateAfter(ctx context.Context, to int64) (seq int64, legacy bool, err error) {
	idx, err := s.loadStateIndex(ctx)
	if err != nil {
		return 0, false, err
	}
	for t := to; t != 0; {
		if r, ok := idx.byTurn[t]; ok {
			return r, false, nil
		}
		if t < idx.replayedAt || len(idx.byTurn) == 0 {
			return 0, true, nil
		}
		n, ok := s.tree.turns[t]
		if !ok {
			break
		}
		t = n.Parent
	}
	return 0, false, nil
}

// recordReplayed writes the full state record of an image just rebuilt by
// replay, so the log's newest record describes head again.
func (s *Session) recordReplayed(ctx context.Context, turn int64) error {
	s.img.changes(s, nil)
	p := s.img.full()
	s.img.replayed = false
	out, err := s.append(ctx, store.NewEvent{Kind: event.KindState, Turn: turn, Payload: event.Encode(p)})
	if err != nil {
		return err
	}
	s.noteState(out[0], p)
	return nil
}
