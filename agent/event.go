package agent

import "github.com/nodelisp/nodelisp/event"

// The agent's own event kinds in the log (package event owns them): recall
// reads them like any other, the window never shows them.
const (
	KindResponse    = event.KindModelResponse
	KindInterrupted = event.KindTurnInterrupted
)
