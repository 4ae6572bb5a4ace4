package event

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// Marshal writes p as the log holds it: one line of JSON, keys in field
// order, HTML escaping off, so the log holds '<' as '<' and recall's
// :match sees the text as written.
func Marshal(p any) (json.RawMessage, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(p); err != nil {
		return nil, err
	}
	return bytes.TrimRight(buf.Bytes(), "\n"), nil
}

// Encode is Marshal for a payload of plain data, which cannot fail to
// encode: a failure is a programming error, and panics. A payload holding
// raw JSON from elsewhere (an imported record) goes through Marshal.
func Encode(p Payload) json.RawMessage {
	b, err := Marshal(p)
	if err != nil {
		panic(fmt.Sprintf("event: encoding a %s payload: %v", p.Kind(), err))
	}
	return b
}

// Decode reads a payload into its type (or, for Origin, the keys every
// imported record shares). Keys the type does not name are
// ignored and keys the payload lacks stay zero, so a record written before
// a field was added reads back as it was. On a key of the wrong JSON type
// it returns the error and the fields that did decode.
func Decode[T any](payload json.RawMessage) (T, error) {
	var p T
	err := json.Unmarshal(payload, &p)
	return p, err
}

// Text is the payload's "text" when it is a string, "" otherwise, however
// the rest of the payload reads: what recall shows of a message is its
// text even in a record another host wrote with other keys wrong.
func Text(payload json.RawMessage) string {
	return String(payload, "text")
}

// String is the payload's key when it is a string, "" otherwise.
func String(payload json.RawMessage, key string) string {
	var s string
	if raw, ok := field(payload, key); !ok || json.Unmarshal(raw, &s) != nil {
		return ""
	}
	return s
}

// Number is the payload's key as the number written (an integer or not),
// nil when it is absent or null; an error when it is there but not a
// number, or when the payload is not an object. Log validation and recall
// read seqs and durations this way, to tell 3 from 3.5 from "3" in a log
// another host wrote.
func Number(payload json.RawMessage, key string) (*json.Number, error) {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(payload, &m); err != nil {
		return nil, err
	}
	raw, ok := m[key]
	if !ok || string(raw) == "null" {
		return nil, nil
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var n json.Number
	if err := dec.Decode(&n); err != nil {
		return nil, fmt.Errorf("%s is not a number", key)
	}
	return &n, nil
}

func field(payload json.RawMessage, key string) (json.RawMessage, bool) {
	var m map[string]json.RawMessage
	if json.Unmarshal(payload, &m) != nil {
		return nil, false
	}
	raw, ok := m[key]
	return raw, ok
}
