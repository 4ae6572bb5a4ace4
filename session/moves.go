package session

import (
	"context"
	"errors"
	"fmt"

	"github.com/nodelisp/nodelisp/event"

	"github.com/nodelisp/nodelisp/store"
)

// Why a head move happened, as the head move payload records it.
const (
	WhyUndo   = "undo"
	WhyRedo   = "redo"
	WhyTree   = "tree"
	WhyRewind = "rewind"
)

// Errors of head moves.
var (
	ErrNothingToUndo = errors.New("nothing to undo: head is at the root")
	ErrNothingToRedo = errors.New("nothing to redo")
)

// Move is what a head move did.
type Move struct {
	From, To int64
	Why      string
	Seq      int64 // the head move event's seq
	// Files reports what happened to files the move crossed (docs/files.md),
	// one line each; empty when the move touched none.
	Files []string
	// Image reports, one line each, what the image could not be brought
	// back to exactly: a value with no state text whose forms were
	// evaluated again, or one that could not be restored at all.
	Image []string
}

// UndoOptions are the options of the head moves that restore files: Undo,
// Redo and Rewind.
type UndoOptions struct {
	// KeepFiles moves head only, leaving every file as it is
	// (/undo --keep-files).
	KeepFiles bool
}

// Undo moves head to the parent of the head turn and restores the files
// the head turn changed.
func (s *Session) Undo(ctx context.Context, opts UndoOptions) (Move, error) {
	if err := s.follow(ctx); err != nil {
		return Move{}, err
	}
	defer s.leave(ctx)
	head := s.tree.head
	if head == 0 {
		return Move{}, ErrNothingToUndo
	}
	return s.moveHead(ctx, s.tree.turns[head].Parent, WhyUndo, !opts.KeepFiles)
}

// Redo moves head back along the branch the last undo or rewind left and
// re-applies the file changes of the turn it returns to.
func (s *Session) Redo(ctx context.Context, opts UndoOptions) (Move, error) {
	if err := s.follow(ctx); err != nil {
		return Move{}, err
	}
	defer s.leave(ctx)
	if err := s.wholeTree(ctx); err != nil {
		return Move{}, err
	}
	to, ok := s.tree.redoTarget()
	if !ok {
		return Move{}, ErrNothingToRedo
	}
	return s.moveHead(ctx, to, WhyRedo, !opts.KeepFiles)
}

// Continue moves head to turn seq (/tree N), leaving files as they are.
func (s *Session) Continue(ctx context.Context, seq int64) (Move, error) {
	if err := s.follow(ctx); err != nil {
		return Move{}, err
	}
	defer s.leave(ctx)
	if err := s.wholeTree(ctx); err != nil {
		return Move{}, err
	}
	if err := s.checkTurn(seq); err != nil {
		return Move{}, err
	}
	return s.moveHead(ctx, seq, WhyTree, false)
}

// Rewind moves head to turn seq (/tree N rewind), restoring files to what
// they were right after that turn.
func (s *Session) Rewind(ctx context.Context, seq int64, opts UndoOptions) (Move, error) {
	if err := s.follow(ctx); err != nil {
		return Move{}, err
	}
	defer s.leave(ctx)
	if err := s.wholeTree(ctx); err != nil {
		return Move{}, err
	}
	if err := s.checkTurn(seq); err != nil {
		return Move{}, err
	}
	return s.moveHead(ctx, seq, WhyRewind, !opts.KeepFiles)
}

func (s *Session) checkTurn(seq int64) error {
	if _, ok := s.tree.turns[seq]; !ok {
		return fmt.Errorf("no turn %d in session %s", seq, s.info.ID)
	}
	return nil
}

// moveHead appends the head move, restores the files it crosses when
// restore is set (see planRestore), and brings the image to the state
// right after turn to (image.go, imagestate.Restore). The plans are made before
// anything is appended, so a log that cannot be read leaves head where it
// was. A state record that points at the target's state goes in the same
// append, so the log's newest state record always describes head.
func (s *Session) moveHead(ctx context.Context, to int64, why string, restore bool) (Move, error) {
	if err := s.wholeTree(ctx); err != nil {
		return Move{}, err
	}
	from := s.tree.head
	var plan restorePlan
	if restore {
		var err error
		if plan, err = s.planRestore(ctx, from, to); err != nil {
			return Move{}, err
		}
	}
	target, legacy, err := s.stateAfter(ctx, to)
	if err != nil {
		return Move{}, err
	}
	var chain []event.State
	if !legacy {
		if chain, err = s.stateChain(ctx, target); err != nil {
			return Move{}, err
		}
		// An earlier move's record changes nothing: point past it, so
		// moving back and forth does not lengthen the chain.
		for len(chain) > 0 && chain[0].Empty() {
			target, chain = chain[0].Base, chain[1:]
		}
	}
	events := []store.NewEvent{{
		Kind: event.KindHeadMove, Turn: to,
		Payload: event.Encode(event.HeadMove{From: from, To: to, Why: why}),
	}}
	pointer := event.State{Base: target, Depth: len(chain) + 1}
	if !legacy {
		events = append(events, store.NewEvent{Kind: event.KindState, Turn: to, Payload: event.Encode(pointer)})
	}
	out, err := s.append(ctx, events...)
	if err != nil {
		return Move{}, err
	}
	mv := Move{From: from, To: to, Why: why, Seq: out[0].Seq}
	mv.Files = s.applyRestore(ctx, plan, to, mv.Seq)
	if legacy {
		if err := s.replayImage(ctx, to); err != nil {
			return mv, err
		}
		return mv, s.recordReplayed(ctx, to)
	}
	mv.Image = s.restoreImage(ctx, target, chain)
	s.noteState(out[1], pointer)
	return mv, nil
}

// Fork makes a new session whose lineage is this one up to now, standing at
// the same head, and returns it open. This session stays open too.
func (s *Session) Fork(ctx context.Context, title string) (*Session, error) {
	if title == "" {
		title = s.info.Title
	}
	info, err := s.st.Fork(ctx, s.info.ID, 0, "", title)
	if err != nil {
		return nil, fmt.Errorf("fork session %s: %w", s.info.ID, err)
	}
	return Resume(ctx, s.st, info.ID, s.opts)
}
