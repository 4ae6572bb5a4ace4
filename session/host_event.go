package session

import (
	"context"

	"github.com/nodelisp/nodelisp/store"
)

// Record appends an event of the host's own kind to the running turn: a
// host logs what the log's own kinds do not say (`nodelisp agent` logs
// each model response with its provider, usage and stop reason). The
// window never shows such an event; recall reads it like any other.
func (s *Session) Record(ctx context.Context, kind string, payload []byte) (int64, error) {
	if s.tree.head == 0 {
		return 0, ErrNoTurn
	}
	if err := s.holdHead(ctx); err != nil {
		return 0, err
	}
	defer s.leave(ctx)
	out, err := s.append(ctx, store.NewEvent{Kind: kind, Turn: s.tree.head, Payload: payload})
	if err != nil {
		return 0, err
	}
	return out[0].Seq, nil
}
