package session

import (
	"context"
	"fmt"

	"github.com/nodelisp/nodelisp/store"
)

// Two hosts may hold one session (two REPLs given the same --session, a
// REPL and serve). Before each turn and each head move a host takes the
// session's lease (lease.go), then looks at the log's newest seq: when
// another host appended since it last read or wrote, it follows: it
// reloads the tree and rebuilds the image from the newest state record,
// which describes the other host's head, so its turn continues from there.
// The lease makes the look and the append that follows it one step as far
// as other hosts are concerned, so two turns never both continue from one
// head (docs/sessions.md).

// follow takes the lease and brings the session up to what the log holds
// now; when it succeeds the caller must leave. It costs the lease's take
// and one read of the newest event when nothing changed, and nothing more
// inside a call that holds the lease already. A holder it took the lease
// over from may have died mid-cell: the cells it left without a result
// are recorded as interrupted.
func (s *Session) follow(ctx context.Context) error {
	nested := s.holding()
	replaced, err := s.enter(ctx, s.leaseWait())
	if err != nil || nested {
		return err
	}
	moved, err := s.catchUp(ctx)
	if err == nil && replaced != nil {
		err = s.closeTakenOver(ctx, *replaced, moved)
	}
	if err != nil {
		s.leave(ctx)
	}
	return err
}

// catchUp reloads the session when the log moved past what this host saw,
// and reports whether it did.
func (s *Session) catchUp(ctx context.Context) (bool, error) {
	e, ok, err := store.Last(ctx, s.st, s.info.ID)
	if err != nil {
		return false, err // the store's error names the read and the session
	}
	if !ok || e.Seq <= s.seen {
		return false, nil
	}
	from, first := s.tree.head, s.seen == 0
	s.last, s.edits, s.states = nil, nil, nil
	if err := s.load(ctx); err != nil {
		return false, err
	}
	if !first {
		s.followed = fmt.Sprintf("another host appended to session %s (through seq %d): head followed from %d to %d", s.info.ID, e.Seq, from, s.tree.head)
	}
	s.seen = e.Seq
	return true, nil
}

// closeTakenOver records the cells a holder that never released the lease
// left unfinished, and says so in Followed.
func (s *Session) closeTakenOver(ctx context.Context, gone store.Lease, followed bool) error {
	n, err := s.closeInterrupted(ctx)
	if err != nil {
		return fmt.Errorf("take over session %s from %s: %w", s.info.ID, gone.Holder, err)
	}
	if !followed {
		s.followed = ""
	}
	s.noteTakeover(gone, n)
	return nil
}

// noteTakeover adds to Followed that this host took the session over.
func (s *Session) noteTakeover(gone store.Lease, interrupted int) {
	cells := "cells"
	if interrupted == 1 {
		cells = "cell"
	}
	took := fmt.Sprintf("took session %s over from %s, which held it without releasing it; %d interrupted %s recorded", s.info.ID, gone.Holder, interrupted, cells)
	if s.followed != "" {
		took = s.followed + "; " + took
	}
	s.followed = took
}

// holdHead takes the lease for a call that writes into the head turn (a
// cell, an answer); when it succeeds the caller must leave. The call
// belongs to head, so when another host has written since this one last
// looked, head is no longer the session's: the host follows, and the call
// is refused rather than recorded in a turn the log has left.
func (s *Session) holdHead(ctx context.Context) error {
	nested := s.holding()
	replaced, err := s.enter(ctx, s.leaseWait())
	if err != nil || nested {
		return err
	}
	head := s.tree.head
	moved, err := s.catchUp(ctx)
	if err == nil && replaced != nil {
		err = s.closeTakenOver(ctx, *replaced, moved)
	}
	if err == nil && moved {
		err = fmt.Errorf("session %s: another host wrote to it since this host's turn %d, and head is now %d: start a new turn: %w", s.info.ID, head, s.tree.head, ErrNoTurn)
	}
	if err != nil {
		s.leave(ctx)
	}
	return err
}

// Followed says, in one line, what the last follow of another host's
// turns, or takeover of a holder that was gone, did; "" when this host
// has not had to.
func (s *Session) Followed() string { return s.followed }
