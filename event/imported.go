package event

import "encoding/json"

// The records of a transcript imported from another agent (package
// transcript). Each carries the source's own id for it (SourceID), which
// makes an import idempotent, after the fields its kind has in a log
// nodelisp wrote; tool calls and results also carry the source's id
// linking them (CallID).

// ImportedInput is an input read from a transcript.
type ImportedInput struct {
	Input
	SourceID string `json:"source_id"`
}

// ImportedAnswer is an answer read from a transcript.
type ImportedAnswer struct {
	Answer
	SourceID string `json:"source_id"`
}

// ImportedToolCall is a tool call read from a transcript: Code is what the
// call did in words, Tool and Input the call as the source recorded it.
type ImportedToolCall struct {
	ToolCall
	Tool     string          `json:"tool"`
	Input    json.RawMessage `json:"input,omitempty"`
	CallID   string          `json:"call_id,omitempty"`
	SourceID string          `json:"source_id"`
}

// ImportedToolResult is a tool result read from a transcript. It is not a
// ToolResult with more keys: a transcript has no duration, definitions or
// watch list, and the imported logs already written hold error after
// text.
type ImportedToolResult struct {
	Call     int64           `json:"call"`
	Text     string          `json:"text"`
	Error    bool            `json:"error"`
	CallID   string          `json:"call_id,omitempty"`
	Record   json.RawMessage `json:"record,omitempty"`
	SourceID string          `json:"source_id"`
}

// SourceRecord keeps what a transcript held besides messages, verbatim in
// Record, with a one-line summary in Text.
type SourceRecord struct {
	Text     string          `json:"text"`
	Record   json.RawMessage `json:"record,omitempty"`
	SourceID string          `json:"source_id"`
}

// Origin is the keys every imported record carries, read back from any
// kind: SourceID is nil in a record that was not imported.
type Origin struct {
	SourceID *string `json:"source_id"`
	CallID   string  `json:"call_id"`
}

func (ImportedToolResult) Kind() string { return KindToolResult }
func (SourceRecord) Kind() string       { return KindSourceRecord }
