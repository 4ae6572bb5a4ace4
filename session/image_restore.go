package session

import (
	"context"
	"encoding/json"
	"fmt"
	"github.com/nodelisp/nodelisp/builtins"
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

// stateChain reads the records that make up record seq's state, newest
// first, back to a full record or a fresh image.
func (s *Session) stateChain(ctx context.Context, seq int64) ([]statePayload, error) {
	var chain []statePayload
	for seq != 0 {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		e, err := s.st.Event(ctx, s.info.ID, seq)
		if err != nil {
			return nil, fmt.Errorf("read state record %d of session %s: %w", seq, s.info.ID, err)
		}
		var p statePayload
		if e.Kind != KindState || json.Unmarshal(e.Payload, &p) != nil {
			return nil, fmt.Errorf("read state record %d of session %s: not a state record: %w", seq, s.info.ID, store.ErrInvalid)
		}
		chain = append(chain, p)
		if p.Full || len(chain) > 10*fullEvery {
			break
		}
		seq = p.Base
	}
	return chain, nil
}

// foldedState is a chain of records folded into one state.
type foldedState struct {
	vars  map[string]varRecord
	defs  imageState // only its defs are used
	watch []string
}

func fold(chain []statePayload) foldedState {
	f := foldedState{vars: map[string]varRecord{}}
	for i := len(chain) - 1; i >= 0; i-- {
		p := chain[i]
		for _, v := range p.Vars {
			f.vars[v.Name] = v
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
// evaluated again, variables are set from their state text. It returns one
// line for each thing it could not restore exactly: a value with no state
// text that it evaluated the assigning forms for, or could not restore.
func (s *Session) restoreImage(ctx context.Context, seq int64, chain []statePayload) []string {
	ctx = withReplay(ctx)
	s.freshImage()
	st := s.newImageState()
	st.seq, st.depth = seq, len(chain)
	s.img = st
	f := fold(chain)
	var notes []string
	for _, d := range f.defs.defs {
		if err := s.evalState(ctx, d.Form); err != nil {
			notes = append(notes, fmt.Sprintf("definition %s failed again: %v", strings.ToLower(d.Key), err))
		}
	}
	st.defs = f.defs.defs
	names := make([]string, 0, len(f.vars))
	for name := range f.vars {
		names = append(names, name)
	}
	slices.Sort(names)
	image := s.image.Image()
	for _, name := range names {
		rec := f.vars[name]
		sym := lisp.Intern(name)
		tv := &trackedVar{rec: rec, recorded: true}
		switch {
		case rec.Unbound:
			image.Unbind(sym)
		case rec.Forms == nil && rec.Why == "":
			v, err := imagestate.ReadIn(rec.Value, func(name *lisp.Symbol) (*lisp.Class, bool) {
				return builtins.StructureOrClass(image, name)
			})
			if err != nil {
				notes = append(notes, fmt.Sprintf("%s not restored: %v", strings.ToLower(name), err))
				continue
			}
			image.SetSpecial(sym, v)
			tv.value = v
		case len(rec.Forms) == 0:
			notes = append(notes, fmt.Sprintf("%s not restored: its value %s and no top-level form of the cell that set it names it", strings.ToLower(name), rec.Why))
		default:
			for _, form := range rec.Forms {
				if err := s.evalState(ctx, form); err != nil {
					notes = append(notes, fmt.Sprintf("%s: evaluating its form again failed: %v", strings.ToLower(name), err))
				}
			}
			tv.value, _ = image.Global(name)
			notes = append(notes, fmt.Sprintf("%s evaluated again (its value %s)", strings.ToLower(name), rec.Why))
		}
		st.vars[sym] = tv
	}
	s.watch = f.watch
	st.watch = slices.Clone(f.watch)
	return notes
}

// evalState evaluates one form given as state text, printing nothing and
// appending nothing (ctx is a replay context: the file verbs refuse).
func (s *Session) evalState(ctx context.Context, text string) error {
	form, err := imagestate.Read(text)
	if err != nil {
		return err
	}
	_, err = s.image.EvalForm(ctx, &reader.Cell{}, form)
	return err
}

// stateEvent is the state record of the cell just run, when it changed
// anything. It goes into the same append as the cell's result.
func (s *Session) stateEvent(cell *reader.Cell) (store.NewEvent, statePayload, bool) {
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
	return store.NewEvent{Kind: KindState, Turn: s.tree.head, Payload: encode(p)}, p, true
}

// noteState makes record e (its payload p) the one the image stands on.
func (s *Session) noteState(e store.Event, p statePayload) {
	s.img.seq, s.img.depth = e.Seq, p.Depth
}

// loadStateIndex reads which record stands after each turn, once.
func (s *Session) loadStateIndex(ctx context.Context) (*stateIndex, error) {
	if s.states != nil {
		return s.states, nil
	}
	r, err := s.st.Scan(ctx, store.Query{Session: s.info.ID, Kinds: []string{KindState}})
	if err != nil {
		return nil, fmt.Errorf("read state records of session %s: %w", s.info.ID, err)
	}
	idx := &stateIndex{byTurn: map[int64]int64{}}
	for i, e := range r.Events {
		idx.byTurn[e.Turn] = e.Seq
		if i == 0 {
			var p statePayload
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
	out, err := s.append(ctx, store.NewEvent{Kind: KindState, Turn: turn, Payload: encode(p)})
	if err != nil {
		return err
	}
	s.noteState(out[0], p)
	return nil
}
