package serve

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
)

// The JSON-RPC 2.0 error codes, and the application codes of this server
// (JSON-RPC leaves -32000 to -32099 to the server). docs/serve.md lists
// them with when each is used.
const (
	CodeParseError     = -32700 // the line is not JSON
	CodeInvalidRequest = -32600 // not a request object, or a line over the cap
	CodeMethodNotFound = -32601
	CodeInvalidParams  = -32602
	CodeInternal       = -32603

	CodeServer    = -32000 // the log or the host failed
	CodeNoSession = -32001 // the session is not open in this server
	CodeNotFound  = -32002 // no such session in the store, or the id is taken
	CodeNoTurn    = -32003 // the call needs a running turn: send input first
	CodeCancelled = -32004 // cancelled by a cancel request, or the server stopped
	CodeTimeout   = -32005 // the call's timeout_ms passed
	CodeRefused   = -32006 // the session cannot do it now: nothing to undo, no such turn …
)

// Error is a JSON-RPC error object.
type Error struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
	Data    any    `json:"data,omitempty"`
}

func (e *Error) Error() string { return fmt.Sprintf("%s (%d)", e.Message, e.Code) }

func errorf(code int, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// request is one decoded request or notification. id is nil for a
// notification, the raw JSON (possibly null) otherwise.
type request struct {
	id     json.RawMessage
	method string
	params json.RawMessage
}

func (r request) notification() bool { return r.id == nil }

// response is a JSON-RPC response: exactly one of Result and Error is set.
type response struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Result  json.RawMessage `json:"result,omitempty"`
	Error   *Error          `json:"error,omitempty"`
}

var nullID = json.RawMessage("null")

// decodeRequest checks one element of the input against JSON-RPC 2.0. The
// id is returned whenever it could be read, so an invalid request is
// answered with its own id.
func decodeRequest(raw json.RawMessage) (request, *Error) {
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(raw, &fields); err != nil || fields == nil {
		return request{id: nullID}, errorf(CodeInvalidRequest, "invalid request: not a JSON object")
	}
	var r request
	if id, ok := fields["id"]; ok {
		if !validID(id) {
			return request{id: nullID}, errorf(CodeInvalidRequest, "invalid request: id must be a string, a number or null")
		}
		r.id = compact(id)
	}
	fail := func(msg string) (request, *Error) {
		id := r.id
		if id == nil {
			id = nullID
		}
		return request{id: id}, errorf(CodeInvalidRequest, "invalid request: %s", msg)
	}
	var version string
	if json.Unmarshal(fields["jsonrpc"], &version) != nil || version != "2.0" {
		return fail(`"jsonrpc" must be "2.0"`)
	}
	if json.Unmarshal(fields["method"], &r.method) != nil || r.method == "" {
		return fail(`"method" must be a non-empty string`)
	}
	if p, ok := fields["params"]; ok {
		p = bytes.TrimSpace(p)
		if len(p) == 0 || (p[0] != '{' && p[0] != '[') {
			return fail(`"params" must be an object or an array`)
		}
		r.params = p
	}
	return r, nil
}

func validID(id json.RawMessage) bool {
	var v any
	if json.Unmarshal(id, &v) != nil {
		return false
	}
	switch v.(type) {
	case nil, string, float64:
		return true
	}
	return false
}

func compact(raw json.RawMessage) json.RawMessage {
	var b bytes.Buffer
	if json.Compact(&b, raw) != nil {
		return raw
	}
	return b.Bytes()
}

// decodeParams reads params into dst, refusing unknown members and
// by-position params, so a misspelt param is an error and not ignored.
func decodeParams(params json.RawMessage, dst any) *Error {
	if len(params) == 0 {
		params = json.RawMessage("{}")
	}
	if params[0] != '{' {
		return errorf(CodeInvalidParams, "invalid params: params must be an object (by name)")
	}
	dec := json.NewDecoder(bytes.NewReader(params))
	dec.DisallowUnknownFields()
	if err := dec.Decode(dst); err != nil {
		return errorf(CodeInvalidParams, "invalid params: %v", trimJSONError(err))
	}
	return nil
}

// trimJSONError words a decode error for a client in another language,
// without encoding/json's Go type names.
func trimJSONError(err error) string {
	var te *json.UnmarshalTypeError
	if !errors.As(err, &te) {
		return strings.TrimPrefix(err.Error(), "json: ")
	}
	want := "of another type"
	switch te.Type.Kind() {
	case reflect.String:
		want = "a string"
	case reflect.Bool:
		want = "a boolean"
	case reflect.Int, reflect.Int64, reflect.Int32:
		want = "an integer"
	case reflect.Float64:
		want = "a number"
	case reflect.Slice:
		want = "an array"
	case reflect.Struct, reflect.Map:
		want = "an object"
	}
	return fmt.Sprintf("%s must be %s, got %s", te.Field, want, te.Value)
}
