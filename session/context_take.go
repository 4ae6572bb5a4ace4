package session

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strconv"
	"strings"

	"github.com/nodelisp/nodelisp/event"

	ctxfile "github.com/nodelisp/nodelisp/context"
	"github.com/nodelisp/nodelisp/store"
)

// takeContext is a request's first step (docs/context.md): it takes or refuses
// what is pending — (context …) calls, or an edited context file — records
// a taken edit as a context edit event, and writes the receipt beside the
// file. It returns the receipt, nil when nothing was pending. A
// refused edit changes nothing in the log.
func (s *Session) takeContext(ctx context.Context) (*ctxfile.Receipt, error) {
	p, err := s.readPending()
	var damaged *errPendingDamaged
	if errors.As(err, &damaged) {
		return s.refuseUnreadable(damaged.Error() + "; the edit cannot be checked against its export, so it is not taken")
	}
	if err != nil {
		return nil, err
	}
	if p.Export == nil && len(p.Calls) == 0 && p.Settled == "" {
		return nil, nil
	}
	data, err := os.ReadFile(s.contextFile())
	exists := err == nil
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return s.refuseUnreadable(unreadableContext(s.contextFile(), err))
	}
	changed := exists && hashBytes(data) != p.Settled
	if len(p.Calls) == 0 && !changed {
		return nil, nil
	}
	a, _, err := s.look(ctx)
	if err != nil {
		return nil, err
	}
	var (
		payload *event.ContextEdit
		rc      *ctxfile.Receipt
	)
	switch {
	case len(p.Calls) > 0:
		if a.edits.nonces[p.Calls[len(p.Calls)-1].ID] {
			return nil, s.settle(p, data, exists) // taken already, before a restart
		}
		payload, rc = a.planCalls(p.Calls)
		if changed && p.Export != nil {
			rc.Remarks = append(rc.Remarks, fmt.Sprintf(
				"refused: the edited file of context %s: %s: a (context …) call was pending too, and the call wins", p.Export.Nonce, ctxfile.ReasonStale))
		}
	case p.Export == nil:
		rc = &ctxfile.Receipt{FromFile: true, Refused: &ctxfile.Refusal{Reason: ctxfile.ReasonStale,
			Detail: "this file's export was settled already (taken or refused); run (context) for a fresh one"}}
	case a.edits.nonces[p.Export.Nonce]:
		return nil, s.settle(p, data, exists)
	case a.edits.lastSeq > p.Export.AfterEdit:
		rc = &ctxfile.Receipt{Nonce: p.Export.Nonce, Refused: &ctxfile.Refusal{Reason: ctxfile.ReasonStale,
			Detail: fmt.Sprintf("the export is older than the last taken edit (context edit seq %d)", a.edits.lastSeq)}}
	default:
		edit, refusal := ctxfile.Compare(&p.Export.Export, data, ctxfile.CompareOptions{
			Evicted: func(id string) bool { return s.evictedID(ctx, a, id) },
		})
		if refusal == nil {
			refusal = a.guardRunning(edit.Deleted)
		}
		if refusal != nil {
			rc = &ctxfile.Receipt{Nonce: p.Export.Nonce, Refused: refusal}
		} else {
			payload, rc = a.planFile(edit, p.Export.Nonce)
		}
	}
	if payload != nil && payload.Changes() {
		out, err := s.append(ctx, store.NewEvent{Kind: event.KindContextEdit, Turn: s.tree.head, Payload: event.Encode(payload)})
		if err != nil {
			return nil, err
		}
		rc.EditSeq = out[0].Seq
		for k := range payload.Notes {
			rc.Noted = append(rc.Noted, noteID(rc.EditSeq, k))
		}
	}
	if err := writeContextFile(s.receiptFile(), []byte(rc.Text())); err != nil {
		return nil, err
	}
	return rc, s.settle(p, data, exists)
}

// settle ends what was pending: the calls are done, the export no longer
// waits, and the file as it now stands is nothing to do.
func (s *Session) settle(p pendingContext, data []byte, exists bool) error {
	p.Export, p.Calls, p.Settled = nil, nil, ""
	if exists {
		p.Settled = hashBytes(data)
	}
	return s.writePending(p)
}

// windowIndex is what an edit is checked against: the retained window's
// log events by seq, tool calls and results paired, and the live notes.
type windowIndex struct {
	events map[int64]store.Event
	pair   map[int64]int64
	notes  map[string]contextNote
	first  int64 // the first retained turn
}

func (a *assembly) index() windowIndex {
	ix := windowIndex{events: map[int64]store.Event{}, pair: map[int64]int64{}, notes: map[string]contextNote{}}
	for _, t := range a.turns {
		if ix.first == 0 {
			ix.first = t.input.Seq
		}
		for _, e := range t.windowEvents() {
			if _, ok := logMessage(e); !ok {
				continue
			}
			ix.events[e.Seq] = e
			if e.Kind == event.KindToolResult {
				var r event.ToolResult
				if json.Unmarshal(e.Payload, &r) == nil && r.Call > 0 {
					ix.pair[e.Seq], ix.pair[r.Call] = r.Call, e.Seq
				}
			}
		}
		for _, n := range a.edits.notes[t.input.Seq] {
			if !t.noteShed(n) {
				ix.notes[n.ID] = n
			}
		}
	}
	return ix
}

// has reports whether id names a message of the retained window (dropped
// or not).
func (ix windowIndex) has(id string) bool {
	if _, ok := ix.notes[id]; ok {
		return true
	}
	seq, err := strconv.ParseInt(id, 10, 64)
	_, ok := ix.events[seq]
	return err == nil && ok
}

// withPair is id and, for a tool call or result, its partner.
func (ix windowIndex) withPair(id string) []string {
	seq, err := strconv.ParseInt(id, 10, 64)
	if err != nil {
		return []string{id}
	}
	if other, ok := ix.pair[seq]; ok {
		if _, in := ix.events[other]; in {
			return []string{id, strconv.FormatInt(other, 10)}
		}
	}
	return []string{id}
}

// position places a note standing after message id: its turn and the seq
// it follows. A note never comes between a tool call and its result; one
// with nothing above it in the window stands before the first turn's
// input.
func (ix windowIndex) position(id string) (turn, after int64) {
	if n, ok := ix.notes[id]; ok {
		return n.Turn, n.After
	}
	seq, err := strconv.ParseInt(id, 10, 64)
	e, ok := ix.events[seq]
	if err != nil || !ok {
		return ix.first, 0
	}
	after = e.Seq
	if e.Kind == event.KindToolCall {
		if r, ok := ix.pair[e.Seq]; ok {
			after = r
		}
	}
	return e.Turn, after
}

// evictedID reports whether id names a message the window held once and
// eviction took: a log message of an evicted or shed path turn, or a note
// standing in one.
func (s *Session) evictedID(ctx context.Context, a *assembly, id string) bool {
	ix := a.index()
	if ix.has(id) {
		return false
	}
	var turn int64
	if n, ok := a.noteByID(id); ok {
		turn = n.Turn
	} else {
		seq, err := strconv.ParseInt(id, 10, 64)
		if err != nil {
			return false
		}
		e, err := s.st.Event(ctx, s.info.ID, seq)
		if err != nil {
			return false
		}
		if _, ok := logMessage(e); !ok {
			return false
		}
		turn = e.Turn
	}
	// On the path but not retained: evicted whole, or shed from the
	// running turn.
	on, err := s.onPath(ctx, turn)
	return err == nil && on
}

// noteByID finds any note the edits made, live or not.
func (a *assembly) noteByID(id string) (contextNote, bool) {
	for _, list := range a.edits.notes {
		for _, n := range list {
			if n.ID == id {
				return n, true
			}
		}
	}
	return contextNote{}, false
}

// planFile turns what an edited file asks for into a context edit, checked
// against the window as it stands now, and the receipt that tells it.
func (a *assembly) planFile(edit *ctxfile.Edit, nonce string) (*event.ContextEdit, *ctxfile.Receipt) {
	ix := a.index()
	p := &event.ContextEdit{Source: "file", Nonce: nonce, Rewrites: map[string]string{}}
	rc := &ctxfile.Receipt{Nonce: nonce, Kept: edit.Kept}
	dropped := map[string]bool{}
	drop := func(id string) {
		for _, d := range ix.withPair(id) {
			if !dropped[d] && !a.edits.dropped[d] {
				dropped[d] = true
				p.Drops = append(p.Drops, d)
				if d != id {
					rc.Remarks = append(rc.Remarks, fmt.Sprintf("dropped: %s went with %s (a tool call and its result go together)", d, id))
				}
			}
		}
	}
	for _, id := range edit.Deleted {
		if !ix.has(id) {
			rc.Remarks = append(rc.Remarks, fmt.Sprintf("left: %s had left the window with its turn already", id))
			continue
		}
		drop(id)
	}
	for _, r := range edit.Rewritten {
		switch {
		case dropped[r.ID]:
			rc.Remarks = append(rc.Remarks, fmt.Sprintf("not rewritten: %s was dropped with its pair", r.ID))
		case !ix.has(r.ID):
			rc.Remarks = append(rc.Remarks, fmt.Sprintf("not rewritten: %s had left the window with its turn; (recall-entry %s) reads it", r.ID, r.ID))
		default:
			p.Rewrites[r.ID] = rewriteText(r.ID, r.Text)
			rc.Rewritten = append(rc.Rewritten, r.ID)
		}
	}
	for _, n := range edit.Notes {
		turn, after := ix.position(n.After)
		p.Notes = append(p.Notes, event.EditNote{Text: n.Text, Turn: turn, After: after})
	}
	restored := map[string]bool{}
	for _, r := range edit.Restored {
		if !ix.has(r.ID) {
			rc.Remarks = append(rc.Remarks, evictedRemark(r.ID))
			continue
		}
		for _, id := range ix.withPair(r.ID) {
			if a.edits.dropped[id] && !restored[id] {
				restored[id] = true
				p.Restores = append(p.Restores, id)
				rc.Restored = append(rc.Restored, id)
			}
		}
		if r.Text != "" {
			p.Rewrites[r.ID] = rewriteText(r.ID, r.Text)
			rc.Rewritten = append(rc.Rewritten, r.ID)
		}
	}
	for _, id := range edit.Evicted {
		rc.Remarks = append(rc.Remarks, evictedRemark(id))
	}
	for _, line := range edit.EmptyNotes {
		rc.Remarks = append(rc.Remarks, fmt.Sprintf("left out: the [[note]] on line %d has no text", line))
	}
	rc.Dropped = p.Drops
	return p, rc
}

// rewriteText is what a rewrite records: the block's text without the
// edited mark a rewritten log message already carried.
func rewriteText(id, text string) string {
	if isNoteID(id) {
		return text
	}
	return ctxfile.StripEditedMark(text, id)
}

func evictedRemark(id string) string {
	if isNoteID(id) {
		edit := strings.SplitN(strings.TrimPrefix(id, "note-"), "-", 2)[0]
		return fmt.Sprintf("not restored: %s left the window with its turn when it was evicted; (recall-entry %s) reads the edit that made it", id, edit)
	}
	return fmt.Sprintf("not restored: %s was evicted with its turn and cannot come back into the window; (recall-entry %s) reads it", id, id)
}

// planCalls merges the pending (context …) calls into one context edit.
func (a *assembly) planCalls(calls []pendingCall) (*event.ContextEdit, *ctxfile.Receipt) {
	ix := a.index()
	p := &event.ContextEdit{Source: "call", Nonce: calls[len(calls)-1].ID}
	rc := &ctxfile.Receipt{}
	seen := map[string]bool{}
	for _, c := range calls {
		for _, id := range c.Drops {
			if !ix.has(id) {
				rc.Remarks = append(rc.Remarks, fmt.Sprintf("left: %s had left the window with its turn already", id))
				continue
			}
			for _, d := range ix.withPair(id) {
				if !seen[d] && !a.edits.dropped[d] {
					seen[d] = true
					p.Drops = append(p.Drops, d)
				}
			}
		}
		if c.Note != "" {
			turn, after := c.NoteTurn, c.NoteAfter
			if turn < ix.first {
				turn, after = ix.first, 0
			}
			p.Notes = append(p.Notes, event.EditNote{Text: c.Note, Turn: turn, After: after})
		}
	}
	rc.Dropped = p.Drops
	return p, rc
}
