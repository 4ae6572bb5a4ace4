package session

import (
	"context"
	"encoding/json"
	"fmt"
	"github.com/nodelisp/nodelisp/event"

	"github.com/nodelisp/nodelisp/store"
)

// Reading the session tree. A resume (and a follow of another host) reads
// only the end of the path to head: from head back to the newest turn the
// newest eviction's boundary took, or to the root, in pages of inputs read
// newest first, each starting at the turn the walk needs next. The rest
// of the history stays in the log until something needs every turn
// (wholeTree): a head move, redo, /tree, a legacy replay or a stub whose
// cached span no longer holds.

// Path pages grow from firstPathPage inputs to lastPathPage: a window of
// up to a hundred-odd turns costs one read (one round trip to
// PostgreSQL), a long one few.
const (
	firstPathPage = 128
	lastPathPage  = 1024
)

// loadPathTree replaces the tree by a partial one holding head and the
// path to it back to its newest evicted turn (or the root). Every turn it
// reads is checked as checkLineage would: an input whose parent is not
// an earlier input, or a head that is not a turn, is an error, never a
// walk that loops.
func (s *Session) loadPathTree(ctx context.Context) error {
	head, err := s.readHead(ctx)
	if err != nil {
		return err
	}
	boundary, err := s.readBoundary(ctx)
	if err != nil {
		return err
	}
	t := &tree{turns: map[int64]*turnNode{}, head: head}
	child, want, page := int64(0), head, firstPathPage
walk:
	for want != 0 {
		r, err := s.st.Scan(ctx, store.Query{Session: s.info.ID, Kinds: []string{event.KindInput}, Before: want + 1, Newest: true, Limit: page})
		if err != nil {
			return fmt.Errorf("load session %s: %w", s.info.ID, err)
		}
		if n := len(r.Events); n == 0 || r.Events[n-1].Seq != want {
			return s.missingTurn(want, child)
		}
		read := make(map[int64]store.Event, len(r.Events))
		for _, e := range r.Events {
			read[e.Seq] = e
		}
		for want != 0 {
			e, ok := read[want]
			if !ok {
				break
			}
			n := t.add(e, child)
			if n.Parent >= want {
				return s.impossible(want, fmt.Sprintf("input's parent %d is not an earlier input of the session", n.Parent))
			}
			if want <= boundary && want != head {
				break walk
			}
			child, want = want, n.Parent
		}
		page = min(2*page, lastPathPage)
	}
	t.rooted = want == 0 || t.turns[want].Parent == 0
	s.tree = t
	return nil
}

// add puts an input event into a partial tree above child, the turn the
// walk up from head read before it (0 for head itself).
func (t *tree) add(e store.Event, child int64) *turnNode {
	var p event.Input
	_ = json.Unmarshal(e.Payload, &p)
	n := &turnNode{Seq: e.Seq, Parent: p.Parent, Text: p.Text}
	if child != 0 {
		n.Children = []int64{child}
	}
	t.turns[e.Seq] = n
	return n
}

// missingTurn is the error for a walk that needed seq and found no input
// there: head's (child 0) or child's parent.
func (s *Session) missingTurn(seq, child int64) error {
	if child == 0 {
		return s.impossible(seq, fmt.Sprintf("head move's to %d is not a turn of the session", seq))
	}
	return s.impossible(child, fmt.Sprintf("input's parent %d is not an earlier input of the session", seq))
}

// impossible is the error for a log no session writes, as checkLineage
// words it.
func (s *Session) impossible(seq int64, rule string) error {
	err := &store.LogError{Session: s.info.ID, Seq: seq, Rule: rule}
	return fmt.Errorf("load session %s: the log cannot be resumed: %w", s.info.ID, err)
}

// readHead is the turn head stands on by the log: the newest input, or
// where the newest head move went when one came after it. Two seeks of
// the (session, kind, seq) index.
func (s *Session) readHead(ctx context.Context) (int64, error) {
	in, inOK, err := store.Last(ctx, s.st, s.info.ID, event.KindInput)
	if err != nil {
		return 0, fmt.Errorf("load session %s: %w", s.info.ID, err)
	}
	mv, mvOK, err := store.Last(ctx, s.st, s.info.ID, event.KindHeadMove)
	if err != nil {
		return 0, fmt.Errorf("load session %s: %w", s.info.ID, err)
	}
	if mvOK && (!inOK || mv.Seq > in.Seq) {
		var p event.HeadMove
		if json.Unmarshal(mv.Payload, &p) != nil || p.To < 0 {
			return 0, s.impossible(mv.Seq, "head move's to is not a seq")
		}
		return p.To, nil
	}
	if inOK {
		return in.Seq, nil
	}
	return 0, nil
}

// readBoundary is the newest eviction's boundary: path turns at or below
// it are out of the window. The boundary only moves forward.
func (s *Session) readBoundary(ctx context.Context) (int64, error) {
	e, ok, err := store.Last(ctx, s.st, s.info.ID, event.KindEviction)
	if err != nil || !ok {
		return 0, err
	}
	var p event.Eviction
	if json.Unmarshal(e.Payload, &p) != nil {
		return 0, nil
	}
	return p.Boundary, nil
}

// wholeTree makes the tree whole, reading every input and head move of
// the log and checking them (checkLineage), when it is partial.
func (s *Session) wholeTree(ctx context.Context) error {
	if s.tree.whole {
		return nil
	}
	r, err := s.st.Scan(ctx, store.Query{Session: s.info.ID, Kinds: []string{event.KindInput, event.KindHeadMove}})
	if err != nil {
		return fmt.Errorf("load session %s: %w", s.info.ID, err)
	}
	if err := s.checkLineage(ctx, r.Events); err != nil {
		return err
	}
	t := newTree()
	for _, e := range r.Events {
		t.apply(e)
	}
	s.tree = t
	return nil
}

// onPath reports whether turn is on the path to head, reading the whole
// tree only when the partial one cannot say.
func (s *Session) onPath(ctx context.Context, turn int64) (bool, error) {
	if on, known := s.tree.pathHolds(turn); known {
		return on, nil
	}
	if err := s.wholeTree(ctx); err != nil {
		return false, err
	}
	on, _ := s.tree.pathHolds(turn)
	return on, nil
}
