package recall

import (
	"context"
	"github.com/nodelisp/nodelisp/event"
	"slices"
	"sync/atomic"
)

// Cell is the cell a host is evaluating, told to recall through the
// context the cell runs under (WithCell). The recall forms the cell runs
// mark it, so that the host can flag its tool result ("recall": true in
// the payload: store.FlagEcho), and they leave the cell's own tool call,
// already in the log, out of what they return: a recall cell names the
// words it looks for, so it would find itself.
type Cell struct {
	// Session and Call are the session and seq of the cell's tool call.
	Session string
	Call    int64

	recalled atomic.Bool
}

// Recalled reports whether a recall form ran in the cell.
func (c *Cell) Recalled() bool { return c != nil && c.recalled.Load() }

type cellKey struct{}

// WithCell returns ctx carrying the cell being evaluated under it.
func WithCell(ctx context.Context, c *Cell) context.Context {
	return context.WithValue(ctx, cellKey{}, c)
}

// runningCell marks the cell evaluating under ctx, if a host told recall
// of one, and returns it.
func runningCell(ctx context.Context) *Cell {
	c, _ := ctx.Value(cellKey{}).(*Cell)
	if c != nil {
		c.recalled.Store(true)
	}
	return c
}

// is reports whether an event is the cell's own tool call.
func (c *Cell) is(session string, seq int64) bool {
	return c != nil && c.Session == session && c.Call == seq
}

// repeats reports whether a read of kinds (nil: every kind) sees both a
// turn's input and its tool call, so that an input its call repeats is
// counted once, as the call.
func repeats(kinds []string) bool {
	return kinds == nil || slices.Contains(kinds, event.KindInput) && slices.Contains(kinds, event.KindToolCall)
}
