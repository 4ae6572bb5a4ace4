package session

import (
	"context"
	"fmt"

	"github.com/nodelisp/nodelisp/event"

	"github.com/nodelisp/nodelisp/evict"
	"github.com/nodelisp/nodelisp/store"
)

// EvictResult is what a manual eviction did.
type EvictResult struct {
	// Boundary is the eviction boundary after it.
	Boundary int64
	// Turns are the input seqs of the turns it evicted, oldest first.
	Turns []int64
	// First and Last are the seqs of the first and last evicted events of
	// those turns.
	First, Last int64
	// Before and After are the window's tokens (estimates) either side.
	Before, After int
	// Seq is the eviction event's seq.
	Seq int64
}

// EvictArgError is an /evict argument that does not parse: the caller's
// mistake, which front ends report as a wrong use rather than a refusal.
type EvictArgError struct{ Err error }

func (e *EvictArgError) Error() string { return e.Err.Error() }
func (e *EvictArgError) Unwrap() error { return e.Err }

// Evict is /evict (alias /compact): arg is "" (50%), a percent from 1 to
// 100 ("40" or "40%"), or "through TURN". With H the tokens of the
// retained history (the path turns after the boundary), a percent drops
// the oldest finished turns whole while the dropped total stays within
// that share of H, and at least one; "through TURN" evicts every finished
// path turn up to and including TURN. The newest turn always stays;
// naming the running turn, an evicted turn, or a turn not on the path is
// an error. The eviction is logged (why "manual"), so the window and its
// stub follow it, across restarts and undo, as an automatic one does.
func (s *Session) Evict(ctx context.Context, arg string) (EvictResult, error) {
	m, err := evict.ParseEvict(arg)
	if err != nil {
		return EvictResult{}, &EvictArgError{err}
	}
	st, err := s.loadLastEvents(ctx)
	if err != nil {
		return EvictResult{}, err
	}
	if m.Through != 0 && m.Through <= st.eviction.Boundary {
		on, err := s.onPath(ctx, m.Through)
		if err != nil {
			return EvictResult{}, err
		}
		if on {
			return EvictResult{}, fmt.Errorf("/evict: turn %d is evicted already", m.Through)
		}
	}
	a, err := s.assemble(ctx, st)
	if err != nil {
		return EvictResult{}, err
	}
	budget := s.budget(st)
	before := a.window(budget, st)
	turns := make([]evict.Turn, len(a.turns))
	for i, t := range a.turns {
		turns[i] = t.evictTurn(i < len(a.turns)-1)
	}
	boundary, err := m.Boundary(turns)
	if err != nil {
		return EvictResult{}, err
	}
	ev := s.advance(a, st.eviction, boundary, 0, "manual")
	out, err := s.append(ctx, store.NewEvent{Kind: event.KindEviction, Turn: s.tree.head, Payload: event.Encode(ev)})
	if err != nil {
		return EvictResult{}, err
	}
	res := EvictResult{Boundary: ev.Boundary, Before: before.Used(), Seq: out[0].Seq}
	for _, t := range a.turns {
		if !s.evicted(t.input.Seq, ev.Boundary) {
			break
		}
		res.Turns = append(res.Turns, t.input.Seq)
		for _, e := range t.events() {
			if res.First == 0 {
				res.First = e.Seq
			}
			res.Last = max(res.Last, e.Seq)
		}
	}
	st.eviction, st.evictionSeq = ev, out[0].Seq
	res.After = s.reassemble(a, ev).window(budget, st).Used()
	return res, nil
}

// events are all of the turn's events, shed rounds included, in seq order.
func (t *windowTurn) events() []store.Event {
	out := []store.Event{t.input}
	for _, r := range t.rounds {
		out = append(out, r...)
	}
	return out
}
