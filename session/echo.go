package session

import (
	"context"

	"github.com/nodelisp/nodelisp/recall"
)

// recallCell tells recall the cell whose tool call is at seq call is
// about to run under the returned context. The recall forms it runs
// leave that call out of what they find, and mark the cell, so that its
// result's payload says "recall": true and the store keeps both out of
// later reads (docs/recall.md, "Echoes").
func (s *Session) recallCell(ctx context.Context, call int64) (context.Context, *recall.Cell) {
	cell := &recall.Cell{Session: s.info.ID, Call: call}
	return recall.WithCell(ctx, cell), cell
}
