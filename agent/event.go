package agent

// The agent's own event kinds in the log. The store takes a host's kinds
// as they are (SPEC §2); recall reads them like any other, the window
// never shows them.
const (
	// KindResponse is one model response: the request's provider, model,
	// usage, cache figures, stop reason and latency, and any thinking.
	// Its answer text and eval calls are logged as the log's own answer
	// and tool call events, after it.
	KindResponse = "model response"
	// KindInterrupted ends a turn that did not end with an answer: the
	// provider failed, the user pressed Ctrl-C, or the rounds ran out.
	KindInterrupted = "turn interrupted"
)

// responsePayload is a KindResponse event's payload.
type responsePayload struct {
	Provider   string   `json:"provider"`
	Model      string   `json:"model"`
	StopReason string   `json:"stop_reason"`
	LatencyMS  int64    `json:"latency_ms"`
	Usage      Usage    `json:"usage"`
	Thinking   []string `json:"thinking,omitempty"`
	// Calls are the eval calls' arguments exactly as the model sent them.
	Calls []string `json:"calls,omitempty"`
	// Error is set when the response did not complete; Text then holds
	// what arrived before it did.
	Error string `json:"error,omitempty"`
	Text  string `json:"text,omitempty"`
}

// interruptedPayload is a KindInterrupted event's payload.
type interruptedPayload struct {
	Reason string `json:"reason"`
}
