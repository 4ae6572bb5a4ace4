package session

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/nodelisp/nodelisp/event"
	"github.com/nodelisp/nodelisp/imagestate"
	"github.com/nodelisp/nodelisp/lisp"
	"github.com/nodelisp/nodelisp/reader"
	"github.com/nodelisp/nodelisp/store"
)

// The image's state records, the session's side: which record stands
// after each turn, reading a record's chain from the log, and appending a
// cell's record. What a record holds, and how an image is brought to one,
// is package imagestate's.

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
const maxChain = 10 * imagestate.FullEvery

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

// restoreImage makes a fresh image and brings it to the state of record
// seq (0: a fresh image), read as chain, without running any cell
// (imagestate.Restore); the file verbs refuse while it runs. It returns
// one note for each thing it could not restore exactly.
func (s *Session) restoreImage(ctx context.Context, seq int64, chain []event.State) []string {
	ctx = withReplay(ctx)
	s.freshImage()
	evalForm := func(ctx context.Context, form lisp.Value) error {
		_, err := s.interpreter.EvalForm(ctx, &reader.Cell{}, form)
		return err
	}
	img, notes := imagestate.Restore(ctx, s.interpreter.Evaluator(), evalForm, seq, chain)
	s.img = img
	s.watch = img.Watch()
	return notes
}

// stateEvent is the state record of the cell just run, when it changed
// anything. It goes into the same append as the cell's result.
func (s *Session) stateEvent(cell *reader.Cell) (store.NewEvent, event.State, bool) {
	p, ok := s.img.Record(s.interpreter.Evaluator(), s.watch, cell)
	if !ok {
		return store.NewEvent{}, p, false
	}
	return store.NewEvent{Kind: event.KindState, Turn: s.tree.head, Payload: event.Encode(p)}, p, true
}

// noteState makes record e (its payload p) the one the image stands on.
func (s *Session) noteState(e store.Event, p event.State) {
	s.img.Stand(e.Seq, p)
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
	p := s.img.RecordFull(s.interpreter.Evaluator(), s.watch)
	out, err := s.append(ctx, store.NewEvent{Kind: event.KindState, Turn: turn, Payload: event.Encode(p)})
	if err != nil {
		return err
	}
	s.noteState(out[0], p)
	return nil
}
