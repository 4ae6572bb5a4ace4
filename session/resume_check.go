package session

import (
	"context"
	"fmt"

	"github.com/nodelisp/nodelisp/store"
)

// checkLineage validates the inputs and head moves read for the session
// tree against the log model (store.ValidateLineage) before the tree is
// built from them. A store written by anything else may hold a log no
// session writes: input parents in a cycle would make every walk up the
// tree loop, a head move to a missing turn would leave head on nothing.
// Such a log is an error for this session, never a panic.
func (s *Session) checkLineage(ctx context.Context, events []store.Event) error {
	lineage, err := s.st.Lineage(ctx, s.info.ID)
	if err != nil {
		return fmt.Errorf("load session %s: %w", s.info.ID, err)
	}
	logs := make([]store.SessionLog, len(lineage))
	at := make(map[string]int, len(lineage))
	for i, l := range lineage {
		logs[i].Session = l
		at[l.ID] = i
	}
	for _, e := range events {
		i, ok := at[e.Session]
		if !ok {
			return fmt.Errorf("load session %s: seq %d belongs to session %s, outside its lineage: %w", s.info.ID, e.Seq, e.Session, store.ErrInvalid)
		}
		logs[i].Events = append(logs[i].Events, e)
	}
	if err := store.ValidateLineage(logs); err != nil {
		return fmt.Errorf("load session %s: the log cannot be resumed: %w", s.info.ID, err)
	}
	return nil
}
