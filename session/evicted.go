package session

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/nodelisp/nodelisp/event"

	"github.com/nodelisp/nodelisp/store"
)

// evicted reports whether path turn turn is evicted under boundary: its
// input seq is at or below the boundary, and it is not the running turn.
// The boundary only moves forward and survives undo (docs/eviction.md), so an undo
// or /tree can put head on a turn at or below it; that turn runs again, and
// a running turn's input never leaves the window.
func (s *Session) evicted(turn, boundary int64) bool {
	return turn <= boundary && turn != s.tree.head
}

// spanRevisited reports whether head stood on an evicted turn after the
// eviction event at seq since: that turn ran again and may hold events the
// eviction's cached span does not count, so the stub's figures must be
// read back from the log. Head moves are few; reading those since the
// newest eviction costs next to nothing.
func (s *Session) spanRevisited(ctx context.Context, boundary, since int64) (bool, error) {
	r, err := s.st.Scan(ctx, store.Query{Session: s.info.ID, Kinds: []string{event.KindHeadMove}, After: since})
	if err != nil {
		return false, fmt.Errorf("stub of session %s: %w", s.info.ID, err)
	}
	for _, e := range r.Events {
		var p event.HeadMove
		if json.Unmarshal(e.Payload, &p) == nil && p.To != 0 && p.To <= boundary {
			return true, nil
		}
	}
	return false, nil
}
