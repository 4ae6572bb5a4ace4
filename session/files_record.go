package session

import (
	"context"
	"fmt"
	"github.com/nodelisp/nodelisp/event"

	"github.com/nodelisp/nodelisp/files"
	"github.com/nodelisp/nodelisp/store"
)

// putRecorded makes file rel go from before to after and records it as a
// file change of turn, the log leading the disk: the new contents are
// staged beside the file, the change is appended, and only then does the
// rename make it visible. A crash between the append and the rename leaves
// a change the disk lacks, which resume reconciles (reconcile.go); the
// other order would leave a change the log lacks, which undo could then
// not undo. If the append fails the staged contents are dropped and
// nothing changed; if the rename fails after the append, a second change
// records the file back as it was.
func (s *Session) putRecorded(ctx context.Context, d *files.Dir, rel string, turn int64, p event.FileChange) error {
	var staged *files.Staged
	if p.After != nil {
		var err error
		if staged, err = d.Stage(rel, *p.After); err != nil {
			return err
		}
	}
	if _, err := s.append(ctx, store.NewEvent{Kind: event.KindFileChange, Turn: turn, Payload: event.Encode(p)}); err != nil {
		if staged != nil {
			staged.Abort()
		}
		return &unrecordedError{err: err}
	}
	var err error
	if staged != nil {
		err = staged.Commit()
	} else {
		err = d.Remove(rel)
	}
	if err == nil {
		return nil
	}
	back := p
	back.Before, back.After = p.After, p.Before
	if _, aerr := s.append(context.WithoutCancel(ctx), store.NewEvent{Kind: event.KindFileChange, Turn: turn, Payload: event.Encode(back)}); aerr != nil {
		return fmt.Errorf("%w (and recording that failed too: %v; resume will reconcile the log with the disk)", err, aerr)
	}
	return err
}

// unrecordedError is a change not made because the log refused it.
type unrecordedError struct{ err error }

func (e *unrecordedError) Error() string {
	return "the change could not be recorded, so it was not made: " + e.err.Error()
}

func (e *unrecordedError) Unwrap() error { return e.err }
