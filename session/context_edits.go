package session

import (
	"context"
	"encoding/json"
	"fmt"
	"github.com/nodelisp/nodelisp/event"
	"sort"
	"strconv"
	"strings"

	"github.com/nodelisp/nodelisp/store"
)

// contextNote is one note as the window shows it.
type contextNote struct {
	ID    string
	Text  string
	Turn  int64
	After int64
	Edit  int64 // the context edit event's seq: the N of a stub's note line
	K     int
}

// contextState is every taken context edit folded together, in log order.
type contextState struct {
	dropped  map[string]bool
	rewrites map[string]string
	notes    map[int64][]contextNote // by turn, in window order
	lastSeq  int64                   // the newest context edit
	nonces   map[string]bool
}

func newContextState() *contextState {
	return &contextState{dropped: map[string]bool{}, rewrites: map[string]string{},
		notes: map[int64][]contextNote{}, nonces: map[string]bool{}}
}

// loadContextState reads every context edit of the session's lineage.
// Edits are few next to the log: the read follows them, not the log.
// It reads the log once; append folds later edits into the kept state,
// and each caller gets its own copy.
func (s *Session) loadContextState(ctx context.Context) (*contextState, error) {
	if s.edits == nil {
		cs, err := s.readContextState(ctx)
		if err != nil {
			return nil, err
		}
		s.edits = cs
	}
	return s.edits.clone(), nil
}

// clone copies the state, so a window built from it does not change when
// a later edit is folded in.
func (cs *contextState) clone() *contextState {
	out := newContextState()
	for k, v := range cs.dropped {
		out.dropped[k] = v
	}
	for k, v := range cs.rewrites {
		out.rewrites[k] = v
	}
	for k, v := range cs.notes {
		out.notes[k] = append([]contextNote(nil), v...)
	}
	for k, v := range cs.nonces {
		out.nonces[k] = v
	}
	out.lastSeq = cs.lastSeq
	return out
}

func (s *Session) readContextState(ctx context.Context) (*contextState, error) {
	r, err := s.st.Scan(ctx, store.Query{Session: s.info.ID, Kinds: []string{event.KindContextEdit}})
	if err != nil {
		return nil, fmt.Errorf("context edits of session %s: %w", s.info.ID, err)
	}
	cs := newContextState()
	for _, e := range r.Events {
		cs.apply(e)
	}
	return cs, nil
}

// apply folds one context edit event in.
func (cs *contextState) apply(e store.Event) {
	var p event.ContextEdit
	if json.Unmarshal(e.Payload, &p) != nil {
		return
	}
	cs.lastSeq = max(cs.lastSeq, e.Seq)
	if p.Nonce != "" {
		cs.nonces[p.Nonce] = true
	}
	for _, id := range p.Drops {
		cs.dropped[id] = true
	}
	for id, text := range p.Rewrites {
		cs.rewrites[id] = text
	}
	for _, id := range p.Restores {
		delete(cs.dropped, id)
	}
	for k, n := range p.Notes {
		note := contextNote{ID: noteID(e.Seq, k), Text: n.Text, Turn: n.Turn, After: n.After, Edit: e.Seq, K: k}
		list := append(cs.notes[n.Turn], note)
		sort.SliceStable(list, func(i, j int) bool { return list[i].After < list[j].After })
		cs.notes[n.Turn] = list
	}
}

func noteID(edit int64, k int) string { return fmt.Sprintf("note-%d-%d", edit, k) }

// liveNotes are a turn's notes not dropped, with their rewrites applied.
func (cs *contextState) liveNotes(turn int64) []contextNote {
	if cs == nil {
		return nil
	}
	var out []contextNote
	for _, n := range cs.notes[turn] {
		if cs.dropped[n.ID] {
			continue
		}
		if text, ok := cs.rewrites[n.ID]; ok {
			n.Text = text
		}
		out = append(out, n)
	}
	return out
}

// noteRecords are a turn's live notes as stub note lines, numbered by the
// edit that made them.
func (cs *contextState) noteRecords(turn int64, keep func(contextNote) bool) []event.SpanNote {
	var out []event.SpanNote
	for _, n := range cs.liveNotes(turn) {
		if keep == nil || keep(n) {
			out = append(out, event.SpanNote{Seq: n.Edit, Text: n.Text})
		}
	}
	return out
}

// isDropped reports whether the log message seq was dropped by an edit.
func (cs *contextState) isDropped(seq int64) bool {
	return cs != nil && cs.dropped[strconv.FormatInt(seq, 10)]
}

// rewrite returns the rewritten text of log message seq, if any.
func (cs *contextState) rewrite(seq int64) (string, bool) {
	if cs == nil {
		return "", false
	}
	t, ok := cs.rewrites[strconv.FormatInt(seq, 10)]
	return t, ok
}

// isNoteID reports whether a window message id names a context-edit note.
func isNoteID(id string) bool { return strings.HasPrefix(id, "note-") }
