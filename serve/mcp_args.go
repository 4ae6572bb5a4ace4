package serve

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"
)

// A tool's arguments are declared once, as fields, and give both the
// listing's JSON Schema and the decoding of a call: an unknown, missing or
// mistyped argument is the tool's error, worded for the model.

// field is one argument of a tool.
type field struct {
	name, kind, about string // kind is a JSON Schema type: string, integer, boolean, array (of strings)
	required          bool
}

func arg(name, kind, about string) field { return field{name: name, kind: kind, about: about} }

func required(name, kind, about string) field {
	return field{name: name, kind: kind, about: about, required: true}
}

// inputSchema is the JSON Schema of an object with fields.
func inputSchema(fields []field) json.RawMessage {
	var b strings.Builder
	b.WriteString(`{"type":"object"`)
	if len(fields) > 0 {
		b.WriteString(`,"properties":{`)
		for i, f := range fields {
			if i > 0 {
				b.WriteByte(',')
			}
			about, _ := marshal(f.about)
			items := ""
			if f.kind == "array" {
				items = `,"items":{"type":"string"}`
			}
			fmt.Fprintf(&b, `%q:{"type":%q%s,"description":%s}`, f.name, f.kind, items, about)
		}
		b.WriteByte('}')
	}
	var req []string
	for _, f := range fields {
		if f.required {
			req = append(req, fmt.Sprintf("%q", f.name))
		}
	}
	if len(req) > 0 {
		b.WriteString(`,"required":[` + strings.Join(req, ",") + `]`)
	}
	b.WriteString(`,"additionalProperties":false}`)
	return json.RawMessage(b.String())
}

// tool makes a tool whose arguments decode into A. fn answers the call:
// its result (nil for only the structured answer), the structured answer
// (a nil interface for none) and its error.
func tool[A, O any](name, about string, fields []field, fn func(ctx context.Context, a A) (*toolResult, O, error)) mcpTool {
	return mcpTool{
		Name: name, Description: about, InputSchema: inputSchema(fields),
		call: func(ctx context.Context, raw json.RawMessage) (*toolResult, error) {
			var a A
			if err := decodeArguments(raw, fields, &a); err != nil {
				return nil, fmt.Errorf("%s: %v", name, err)
			}
			res, out, err := fn(ctx, a)
			if err != nil {
				return nil, err
			}
			if res == nil {
				res = &toolResult{}
			}
			if any(out) != nil {
				b, err := marshal(out)
				if err != nil {
					return nil, fmt.Errorf("%s: %v", name, err)
				}
				res.Structured = json.RawMessage(b)
				if len(res.Content) == 0 {
					// MCP asks a structured answer to come as text as well.
					res.Content = []textContent{text(string(b))}
				}
			}
			if res.Content == nil {
				res.Content = []textContent{}
			}
			return res, nil
		},
	}
}

// decodeArguments reads a call's arguments into dst, refusing what the
// schema does not declare and requiring what it requires.
func decodeArguments(raw json.RawMessage, fields []field, dst any) error {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || string(raw) == "null" {
		raw = json.RawMessage("{}")
	}
	var present map[string]json.RawMessage
	if json.Unmarshal(raw, &present) != nil {
		return fmt.Errorf("the arguments must be a JSON object")
	}
	for _, f := range fields {
		if _, ok := present[f.name]; f.required && !ok {
			return fmt.Errorf("the argument %q is required", f.name)
		}
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(dst); err != nil {
		return fmt.Errorf("%s", trimJSONError(err))
	}
	return nil
}
