package session

import (
	"context"
	"fmt"
	"sort"
	"strconv"

	ctxfile "github.com/nodelisp/nodelisp/context"
)

// ContextCall is a (context :drop SPANS :keep IDS :note TEXT) call made
// from Go: the same edit as an edited file, without the file.
type ContextCall struct {
	// DropAll drops every message of the finished turns that can be
	// dropped (:drop t). The running turn stays whole: it holds the ask
	// and the call being answered.
	DropAll bool
	// Drop are seqs (as text) and note ids; Spans are seq ranges, both
	// ends included, over the messages the window holds.
	Drop  []string
	Spans []SeqSpan
	// Keep and KeepSpans hold seqs and note ids back from the drop.
	Keep      []string
	KeepSpans []SeqSpan
	// Note is placed after the last finished turn, before the running
	// turn, as the agent's words, so the window never ends with them.
	Note string
}

// SeqSpan is a (from . to) span of seqs.
type SeqSpan struct{ From, To int64 }

// ContextPlan is what a call will do at the next request.
type ContextPlan struct {
	Drop []string // the messages that will leave, tool pairs included
	Keep []string // what :keep held back, as given
	Note string
}

// EditContext resolves a (context …) call against the window as it stands
// and leaves it pending: the next request takes it, writes the receipt,
// and records the context edit. Several calls before one request are
// taken together, in order. An id that is not a message of the window is
// an error, and so is dropping the system prompt, a stub or the warning.
func (s *Session) EditContext(ctx context.Context, c ContextCall) (ContextPlan, error) {
	if s.tree.head == 0 {
		return ContextPlan{}, ErrNoTurn
	}
	a, _, err := s.look(ctx)
	if err != nil {
		return ContextPlan{}, err
	}
	ix := a.index()
	want := map[string]bool{}
	if c.DropAll {
		for _, t := range a.turns[:len(a.turns)-1] {
			for _, e := range t.windowEvents() {
				if _, ok := ix.events[e.Seq]; ok && !a.edits.isDropped(e.Seq) {
					want[strconv.FormatInt(e.Seq, 10)] = true
				}
			}
			for _, n := range a.edits.liveNotes(t.input.Seq) {
				if _, ok := ix.notes[n.ID]; ok {
					want[n.ID] = true
				}
			}
		}
	}
	for _, id := range c.Drop {
		if err := s.checkDroppable(ctx, a, ix, id); err != nil {
			return ContextPlan{}, err
		}
		want[id] = true
	}
	for _, sp := range c.Spans {
		if sp.From > sp.To {
			return ContextPlan{}, fmt.Errorf("context: span (%d . %d) runs backwards", sp.From, sp.To)
		}
		for seq := range ix.events {
			if seq >= sp.From && seq <= sp.To && !a.edits.isDropped(seq) {
				want[strconv.FormatInt(seq, 10)] = true
			}
		}
	}
	for id := range want {
		for _, d := range ix.withPair(id) {
			want[d] = true
		}
	}
	keep := append([]string(nil), c.Keep...)
	for _, sp := range c.KeepSpans {
		for seq := range ix.events {
			if seq >= sp.From && seq <= sp.To {
				keep = append(keep, strconv.FormatInt(seq, 10))
			}
		}
	}
	for _, id := range keep {
		for _, k := range ix.withPair(id) {
			delete(want, k)
		}
	}
	if run := a.runningInput(); want[run] {
		return ContextPlan{}, fmt.Errorf("context: message %s is the running turn's input, the ask being answered, and cannot be dropped", run)
	}
	plan := ContextPlan{Keep: c.Keep, Note: c.Note}
	for id := range want {
		if !a.edits.dropped[id] {
			plan.Drop = append(plan.Drop, id)
		}
	}
	sortIDs(plan.Drop)
	if len(plan.Drop) == 0 && c.Note == "" {
		return plan, nil
	}
	call := pendingCall{ID: ctxfile.NewNonce(), Drops: plan.Drop, Note: c.Note}
	call.NoteTurn, call.NoteAfter = a.notePlace()
	p, err := s.readPendingToWrite()
	if err != nil {
		return ContextPlan{}, err
	}
	p.Calls = append(p.Calls, call)
	return plan, s.writePending(p)
}

// checkDroppable says why id cannot be dropped, if it cannot.
func (s *Session) checkDroppable(ctx context.Context, a *assembly, ix windowIndex, id string) error {
	switch {
	case !ctxfile.Editable(id):
		return fmt.Errorf("context: the %s message cannot be dropped", id)
	case ix.has(id):
		return nil
	case s.evictedID(ctx, a, id):
		return fmt.Errorf("context: %s was evicted already; (recall-entry %s) reads it", id, id)
	}
	return fmt.Errorf("context: %s is not a message of the window", id)
}

// notePlace is where a call's note stands: after the last finished turn's
// last event, or before the running turn's input when no finished turn is
// left in the window.
func (a *assembly) notePlace() (turn, after int64) {
	if len(a.turns) < 2 {
		return a.turns[0].input.Seq, 0
	}
	t := a.turns[len(a.turns)-2]
	after = t.input.Seq
	for _, r := range t.rounds {
		after = max(after, r[len(r)-1].Seq)
	}
	return t.input.Seq, after
}

// sortIDs orders ids as the window does: seqs by number, then note ids.
func sortIDs(ids []string) {
	sort.Slice(ids, func(i, j int) bool {
		a, errA := strconv.ParseInt(ids[i], 10, 64)
		b, errB := strconv.ParseInt(ids[j], 10, 64)
		switch {
		case errA == nil && errB == nil:
			return a < b
		case errA == nil || errB == nil:
			return errA == nil
		}
		return ids[i] < ids[j]
	})
}
