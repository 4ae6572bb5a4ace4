package session

import (
	"bytes"
	"encoding/json"

	"github.com/nodelisp/nodelisp/interp"
)

// The payloads of SPEC §2, field for field. Struct field order is the key
// order written to the log.

type inputPayload struct {
	Text   string `json:"text"`
	Parent int64  `json:"parent"`
}

type answerPayload struct {
	Text string `json:"text"`
}

type callPayload struct {
	Code string  `json:"code"`
	Note *string `json:"note"`
}

type resultPayload struct {
	Call       int64             `json:"call"`
	Text       string            `json:"text"`
	DurationMS int64             `json:"duration_ms"`
	Error      bool              `json:"error"`
	Defined    []string          `json:"defined"`
	Watching   map[string]string `json:"watching"`
	// Recall is set, and only then written, when the cell called a
	// recall builtin (session/echo.go).
	Recall bool `json:"recall,omitempty"`
	// Condition is set, and only then written, when the cell ended in an
	// error: its type, position and backtrace (interp.ErrorReport).
	Condition *interp.ErrorReport `json:"condition,omitempty"`
	// Clip is the window's clip limit in bytes, fixed when the result
	// was recorded (clip.go); 0 in results recorded before clipping.
	Clip int `json:"clip,omitempty"`
}

type headMovePayload struct {
	From int64  `json:"from"`
	To   int64  `json:"to"`
	Why  string `json:"why"`
}

// requestPayload marks a request: the window as it was sent. Rounds are the
// events between two requests, so the log must say where requests were.
type requestPayload struct {
	Messages int   `json:"messages"`
	Tokens   int   `json:"tokens"`
	Head     int64 `json:"head"`
}

// KindRequest is the host-defined kind that marks a request (SPEC §4 leaves
// it to the host; see docs/sessions.md).
const KindRequest = "request"

// encode writes v as JSON with HTML escaping off, so the log holds '<' as
// '<' and recall's :match sees the text as written.
func encode(v any) json.RawMessage {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		// Every payload type here is plain data; failing to encode one is
		// a programming error, not an input error.
		panic("session: encoding payload: " + err.Error())
	}
	return bytes.TrimRight(buf.Bytes(), "\n")
}
