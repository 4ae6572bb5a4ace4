package session

import (
	"context"
	"fmt"

	"github.com/nodelisp/nodelisp/store"
)

// A session imported from another agent's transcript (its Source names
// the tool) belongs to that tool: a follower may still be appending what
// the tool writes, and turns of nodelisp's own would interleave with
// them. Resuming one therefore forks it, and the host says so.

// resumeImported resumes a fork of the imported session info, with a
// notice naming both.
func resumeImported(ctx context.Context, st store.Store, info store.Session, src store.Source, opts Options) (*Session, error) {
	fork, err := st.Fork(ctx, info.ID, 0, "", info.Title)
	if err != nil {
		return nil, fmt.Errorf("resume session %s: fork the imported session: %w", info.ID, err)
	}
	s, err := Resume(ctx, st, fork.ID, opts)
	if err != nil {
		return nil, err
	}
	note := fmt.Sprintf("session %s was imported from %s, which may still be appending to it: resumed as its fork %s", info.ID, src.Tool, fork.ID)
	if s.notice != "" {
		note += "; " + s.notice
	}
	s.notice = note
	return s, nil
}
