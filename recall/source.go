package recall

import (
	"context"
	"encoding/json"

	"github.com/nodelisp/nodelisp/lisp"
	"github.com/nodelisp/nodelisp/store"
)

// kwSource ends the rows of recall-search and recall-entry that come from
// a session imported from another agent's transcript: :source "codex".
// Rows of nodelisp's own sessions keep the seeds' shape, without it.
var kwSource = lisp.InternKeyword("SOURCE")

// sourcePair is the :source pair of a row whose session has the given
// source, or nothing.
func sourcePair(raw json.RawMessage) []lisp.Value {
	src, ok := store.SourceOf(raw)
	if !ok {
		return nil
	}
	return []lisp.Value{kwSource, lisp.NewString(src.Tool)}
}

// sessionSource is the :source pair of a session's rows.
func sessionSource(ctx context.Context, st store.Store, op, session string) []lisp.Value {
	s, err := st.Session(ctx, session)
	if err != nil {
		storeFailed(ctx, op, session, err)
	}
	return sourcePair(s.Source)
}
