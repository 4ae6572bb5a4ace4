package store

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// Source is what Session.Source holds for a session imported from another
// agent's transcript (package transcript): the tool that wrote it, that
// tool's id for the session and the file it was read from. A sub-agent's
// transcript also names the agent and the session it ran under (Parent,
// a session id of this store, which need not have been imported).
type Source struct {
	Tool   string `json:"tool"`
	ID     string `json:"id"`
	File   string `json:"file"`
	Agent  string `json:"agent,omitempty"`
	Parent string `json:"parent,omitempty"`
}

// SourceOf decodes a session's Source; ok is false for a session with
// none, or one whose source is not this shape.
func SourceOf(raw json.RawMessage) (src Source, ok bool) {
	if len(raw) == 0 || json.Unmarshal(raw, &src) != nil || src.Tool == "" {
		return Source{}, false
	}
	return src, true
}

// CheckSource reports whether raw can be stored as a session's source:
// absent, or one JSON object on one line (as CheckPayload).
func CheckSource(raw json.RawMessage) error {
	if raw == nil {
		return nil
	}
	if err := CheckPayload(raw); err != nil {
		return fmt.Errorf("source: %w", err)
	}
	return nil
}

// NullSource is raw with a JSON null read as no source.
func NullSource(raw json.RawMessage) json.RawMessage {
	if bytes.Equal(bytes.TrimSpace(raw), []byte("null")) {
		return nil
	}
	return raw
}
