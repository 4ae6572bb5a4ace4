package event

// ModelResponse is one model response of `nodelisp agent`: the request's
// provider, model, usage, cache figures, stop reason and latency, and any
// thinking the provider returned, verbatim. Its answer text and eval calls
// are logged as the log's own answer and tool call events, after it. The
// agent writes it; the window never shows it; /context reads the newest.
type ModelResponse struct {
	Provider   string     `json:"provider"`
	Model      string     `json:"model"`
	StopReason string     `json:"stop_reason"`
	LatencyMS  int64      `json:"latency_ms"`
	Usage      ModelUsage `json:"usage"`
	Thinking   []string   `json:"thinking,omitempty"`
	// Calls are the eval calls' arguments exactly as the model sent them.
	Calls []string `json:"calls,omitempty"`
	// Error is set when the response did not complete; Text then holds
	// what arrived before it did.
	Error string `json:"error,omitempty"`
	Text  string `json:"text,omitempty"`
}

// ModelUsage is a provider's token figures for one request.
type ModelUsage struct {
	// Input is every input token of the request: uncached, cache reads
	// and cache writes together (the window's size as the provider counts
	// it).
	Input      int `json:"input"`
	Output     int `json:"output"`
	CacheRead  int `json:"cache_read"`
	CacheWrite int `json:"cache_write"`
}

// TurnInterrupted ends a turn of `nodelisp agent` that did not end with an
// answer: the provider failed, the user pressed Ctrl-C, or the rounds ran
// out. Reason says which, in words.
type TurnInterrupted struct {
	Reason string `json:"reason"`
}

func (ModelResponse) Kind() string   { return KindModelResponse }
func (TurnInterrupted) Kind() string { return KindTurnInterrupted }
