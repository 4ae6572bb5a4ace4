package event

// The kinds of event. The first eleven are the log's own, the records every
// host writes (their payloads are the types of this package); the rest are
// records a host keeps for itself:
// the window it sent, its settings, the image's state, and what an
// imported transcript held besides messages. A host may append kinds of
// its own; the store takes any non-empty kind.
const (
	KindInput       = "input"
	KindAnswer      = "assistant answer"
	KindToolCall    = "tool call"
	KindToolResult  = "tool result"
	KindHeadMove    = "head move"
	KindEviction    = "eviction"
	KindWarning     = "warning"
	KindContextEdit = "context edit"
	KindUsage       = "usage"
	KindCeiling     = "ceiling"
	KindFileChange  = "file change"

	// KindRequest marks a request: the window as it was sent. Rounds are
	// the events between two requests, so the log must say where
	// requests were (docs/sessions.md).
	KindRequest = "request"
	// KindSettings records what the window depends on besides the turns:
	// the model whose budget it is, the system prompt and the budget
	// overrides. The newest holds them all.
	KindSettings = "settings"
	// KindState records what a cell changed in the image's global state
	// (package imagestate); a head move, a resume and a fork rebuild the
	// image from these alone.
	KindState = "state"
	// KindSourceRecord keeps what an imported transcript holds besides
	// messages, verbatim.
	KindSourceRecord = "source record"
	// KindModelResponse is one response of the model behind `nodelisp
	// agent`, with its figures.
	KindModelResponse = "model response"
	// KindTurnInterrupted ends an agent's turn that got no answer.
	KindTurnInterrupted = "turn interrupted"
)

// Kinds lists every kind above, in that order.
var Kinds = []string{
	KindInput, KindAnswer, KindToolCall, KindToolResult, KindHeadMove,
	KindEviction, KindWarning, KindContextEdit, KindUsage, KindCeiling,
	KindFileChange, KindRequest, KindSettings, KindState, KindSourceRecord,
	KindModelResponse, KindTurnInterrupted,
}

// Payload is a record's payload: the kind it is written as.
type Payload interface {
	Kind() string
}
