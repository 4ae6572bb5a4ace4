package session

import (
	"context"
	"fmt"

	"github.com/nodelisp/nodelisp/store"
)

// Two hosts may hold one session (two REPLs given the same --session, a
// REPL and serve). Neither holds a lock: before each turn and each head
// move a host looks at the log's newest seq, and when another host
// appended since it last read or wrote, it follows: it reloads the tree
// and rebuilds the image from the newest state record, which describes
// the other host's head, so its turn continues from there instead of
// silently branching from a head the log has left (docs/sessions.md).

// follow brings the session up to what the log holds now. It costs one
// read of the newest event when nothing changed.
func (s *Session) follow(ctx context.Context) error {
	e, ok, err := store.Last(ctx, s.st, s.info.ID)
	if err != nil {
		return err // the store's error names the read and the session
	}
	if !ok || e.Seq <= s.seen {
		return nil
	}
	from, first := s.tree.head, s.seen == 0
	s.state, s.edits, s.states = nil, nil, nil
	if err := s.load(ctx); err != nil {
		return err
	}
	if !first {
		s.followed = fmt.Sprintf("another host appended to session %s (through seq %d): head followed from %d to %d", s.info.ID, e.Seq, from, s.tree.head)
	}
	s.seen = e.Seq
	return nil
}

// Followed says, in one line, what the last follow of another host's
// turns did; "" when this host has not had to follow.
func (s *Session) Followed() string { return s.followed }
