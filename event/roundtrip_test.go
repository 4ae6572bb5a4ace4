package event

import (
	"encoding/json"
	"reflect"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func ptr[T any](v T) *T { return &v }

// samples holds, for every kind, each payload type written as it, with
// every field set, and the bytes the log holds for it. The bytes are the
// format: a change to them is a change to every log already written.
var samples = []struct {
	payload Payload
	log     string
}{
	{Input{Text: "hi <there>", Parent: 3}, `{"text":"hi <there>","parent":3}`},
	{ImportedInput{Input: Input{Text: "hi", Parent: 3}, SourceID: "u1"}, `{"text":"hi","parent":3,"source_id":"u1"}`},
	{Answer{Text: "yes"}, `{"text":"yes"}`},
	{ImportedAnswer{Answer: Answer{Text: "yes"}, SourceID: "a1"}, `{"text":"yes","source_id":"a1"}`},
	{ToolCall{Code: "(+ 1 2)", Note: ptr("adds")}, `{"code":"(+ 1 2)","note":"adds"}`},
	{ToolCall{Code: "(+ 1 2)"}, `{"code":"(+ 1 2)","note":null}`},
	{ImportedToolCall{ToolCall: ToolCall{Code: "ls"}, Tool: "Bash", Input: json.RawMessage(`{"command":"ls"}`), CallID: "c1", SourceID: "t1"},
		`{"code":"ls","note":null,"tool":"Bash","input":{"command":"ls"},"call_id":"c1","source_id":"t1"}`},
	{ToolResult{Call: 4, Text: "3", DurationMS: 2, Error: true, Defined: []string{"f"}, Watching: map[string]string{"*x*": "1"},
		Recall: true, Clip: 4096, Interrupted: true,
		Condition: &Condition{Type: "type-error", Message: "car: 5", Position: "1:2", MoreFrames: 1,
			Backtrace: []Frame{{Function: "f", Call: "1:1", CallSeq: 2, CallFile: "a.lisp", Repeat: 1}}}},
		`{"call":4,"text":"3","duration_ms":2,"error":true,"defined":["f"],"watching":{"*x*":"1"},"recall":true,` +
			`"condition":{"type":"type-error","message":"car: 5","position":"1:2","backtrace":[{"function":"f","call":"1:1","call_seq":2,"call_file":"a.lisp","repeat":1}],"more_frames":1},` +
			`"clip":4096,"interrupted":true}`},
	{ToolResult{Call: 4, Text: "3", Defined: []string{}, Watching: map[string]string{}},
		`{"call":4,"text":"3","duration_ms":0,"error":false,"defined":[],"watching":{}}`},
	{ImportedToolResult{Call: 4, Text: "ok", Error: true, CallID: "c1", Record: json.RawMessage(`{"a":1}`), SourceID: "r1"},
		`{"call":4,"text":"ok","error":true,"call_id":"c1","record":{"a":1},"source_id":"r1"}`},
	{HeadMove{From: 5, To: 1, Why: "undo"}, `{"from":5,"to":1,"why":"undo"}`},
	{Eviction{Boundary: 9, Shed: map[string]int64{"12": 14}, Through: 9, Why: "auto",
		Span: Span{First: 1, Last: 9, Turns: 3, Defined: []string{"f"}, Watching: []SpanWatch{{Name: "*n*", Value: "2"}},
			Notes: []SpanNote{{Seq: 2, Text: "n"}}, EarlierNotes: 1}},
		`{"boundary":9,"shed":{"12":14},"through":9,"span":{"first":1,"last":9,"turns":3,"defined":["f"],"watching":[{"name":"*n*","value":"2"}],"notes":[{"seq":2,"text":"n"}],"earlier_notes":1},"why":"auto"}`},
	{Warning{Usage: 90, Budget: 100, Percent: 90, Text: "90% full"}, `{"usage":90,"budget":100,"percent":90,"text":"90% full"}`},
	{ContextEdit{Source: "call", Nonce: "n1", Drops: []string{"3"}, Rewrites: map[string]string{"4": "x"},
		Notes: []EditNote{{Text: "t", Turn: 1, After: 2}}, Restores: []string{"5"}},
		`{"source":"call","nonce":"n1","drops":["3"],"rewrites":{"4":"x"},"notes":[{"text":"t","turn":1,"after":2}],"restores":["5"]}`},
	{Usage{Request: 7, InputTokens: 1200}, `{"request":7,"input_tokens":1200}`},
	{ModelResponse{Provider: "anthropic", Model: "m", StopReason: "end_turn", LatencyMS: 5,
		Usage: ModelUsage{Input: 10, Output: 2, CacheRead: 3, CacheWrite: 4}, Thinking: []string{"t"}, Calls: []string{`{"code":"1"}`}, Error: "e", Text: "x"},
		`{"provider":"anthropic","model":"m","stop_reason":"end_turn","latency_ms":5,"usage":{"input":10,"output":2,"cache_read":3,"cache_write":4},"thinking":["t"],"calls":["{\"code\":\"1\"}"],"error":"e","text":"x"}`},
	{TurnInterrupted{Reason: "cancelled by the user"}, `{"reason":"cancelled by the user"}`},
	{Ceiling{Tokens: 8000, Lowest: 7000}, `{"tokens":8000,"lowest":7000}`},
	{FileChange{Path: "a.txt", Before: ptr("x"), After: nil, Move: 6, Reconciled: true},
		`{"path":"a.txt","before":"x","after":null,"move":6,"reconciled":true}`},
	{FileChange{Path: "a.txt", After: ptr("y")}, `{"path":"a.txt","before":null,"after":"y"}`},
	{Request{Messages: 3, Tokens: 400, Head: 5}, `{"messages":3,"tokens":400,"head":5}`},
	{Settings{Model: "m", System: "s", Overrides: map[string]int{"m": 9}}, `{"model":"m","system":"s","overrides":{"m":9}}`},
	{State{Base: 3, Full: true, Depth: 2, Replayed: true,
		Vars:   []Var{{Name: "*X*", Value: "1", Forms: []string{"(f)"}, Why: "w", Unbound: true, Constant: true, Group: 1}},
		Groups: []Group{{Names: []string{"*A*"}, Value: "(1)"}},
		Defs:   []Def{{Key: "defun f", Form: "(defun f ())", Nested: "let"}},
		Watch:  ptr([]string{"*X*"})},
		`{"base":3,"full":true,"depth":2,"replayed":true,"vars":[{"name":"*X*","value":"1","forms":["(f)"],"why":"w","unbound":true,"constant":true,"group":1}],` +
			`"groups":[{"names":["*A*"],"value":"(1)"}],"defs":[{"key":"defun f","form":"(defun f ())","nested":"let"}],"watch":["*X*"]}`},
	{SourceRecord{Text: "summary", Record: json.RawMessage(`{"type":"x"}`), SourceID: "s1"},
		`{"text":"summary","record":{"type":"x"},"source_id":"s1"}`},
}

// TestRoundTrip encodes each sample to the bytes the log holds and decodes
// those back to the sample, for every kind.
func TestRoundTrip(t *testing.T) {
	covered := map[string]bool{}
	for _, s := range samples {
		covered[s.payload.Kind()] = true
		got := Encode(s.payload)
		if string(got) != s.log {
			t.Errorf("%T encodes as\n%s\nwant\n%s", s.payload, got, s.log)
		}
		back := reflect.New(reflect.TypeOf(s.payload))
		if err := json.Unmarshal(got, back.Interface()); err != nil {
			t.Errorf("%T does not decode: %v", s.payload, err)
			continue
		}
		if d := cmp.Diff(s.payload, back.Elem().Interface()); d != "" {
			t.Errorf("%T round trip (-want +got):\n%s", s.payload, d)
		}
	}
	for _, k := range Kinds {
		if !covered[k] {
			t.Errorf("kind %q has no sample in the round-trip table", k)
		}
	}
	for k := range covered {
		if !slices.Contains(Kinds, k) {
			t.Errorf("a sample is of kind %q, which Kinds does not list", k)
		}
	}
}

// TestDecodeGeneric reads a payload with Decode, the way readers do.
func TestDecodeGeneric(t *testing.T) {
	p, err := Decode[HeadMove](json.RawMessage(`{"from":5,"to":1,"why":"undo","extra":true}`))
	if err != nil || p != (HeadMove{From: 5, To: 1, Why: "undo"}) {
		t.Errorf("Decode = %+v, %v", p, err)
	}
	if _, err := Decode[HeadMove](json.RawMessage(`{"to":"x"}`)); err == nil {
		t.Error("a string seq decoded without an error")
	}
	o, err := Decode[Origin](json.RawMessage(`{"text":"hi","source_id":"u1"}`))
	if err != nil || o.SourceID == nil || *o.SourceID != "u1" {
		t.Errorf("Origin = %+v, %v", o, err)
	}
}

// TestFieldReaders covers the readers of one key that log validation and
// recall use on records another host wrote.
func TestFieldReaders(t *testing.T) {
	bad := json.RawMessage(`{"text":"hi","parent":"x","duration_ms":2.5,"n":null}`)
	if got := Text(bad); got != "hi" {
		t.Errorf("Text = %q, want hi even with parent wrong", got)
	}
	if got := String(bad, "parent"); got != "x" {
		t.Errorf("String(parent) = %q", got)
	}
	if got := String(json.RawMessage(`{"text":5}`), "text"); got != "" {
		t.Errorf("String of a number = %q, want empty", got)
	}
	if n, err := Number(bad, "duration_ms"); err != nil || n.String() != "2.5" {
		t.Errorf("Number(duration_ms) = %v, %v", n, err)
	}
	if n, err := Number(bad, "n"); err != nil || n != nil {
		t.Errorf("Number(null) = %v, %v; want nil", n, err)
	}
	if n, err := Number(bad, "missing"); err != nil || n != nil {
		t.Errorf("Number(missing) = %v, %v; want nil", n, err)
	}
	if _, err := Number(json.RawMessage(`{"parent":[1]}`), "parent"); err == nil {
		t.Error("Number of a list: no error")
	}
	if _, err := Number(json.RawMessage(`[1]`), "parent"); err == nil {
		t.Error("Number of a payload that is not an object: no error")
	}
}

// TestMarshalRejectsBadRawJSON: a payload of raw JSON that is not JSON
// is an error from Marshal, never a silent record.
func TestMarshalRejectsBadRawJSON(t *testing.T) {
	if _, err := Marshal(SourceRecord{Record: json.RawMessage(`{bad`)}); err == nil {
		t.Error("Marshal took a record that is not JSON")
	}
}

// TestRecordFacts covers what the payload types say of themselves.
func TestRecordFacts(t *testing.T) {
	e := Eviction{Shed: map[string]int64{"12": 14}}
	if e.ShedThrough(12) != 14 || e.ShedThrough(13) != 0 {
		t.Errorf("ShedThrough(12, 13) = %d, %d; want 14, 0", e.ShedThrough(12), e.ShedThrough(13))
	}
	if (ContextEdit{Nonce: "n"}).Changes() || !(ContextEdit{Restores: []string{"3"}}).Changes() {
		t.Error("Changes: an edit of only a nonce changes something, or a restore changes nothing")
	}
	a := Settings{Model: "m", Overrides: map[string]int{"m": 1}}
	if !a.Equal(Settings{Model: "m", Overrides: map[string]int{"m": 1}}) || a.Equal(Settings{Model: "m"}) {
		t.Error("Equal does not compare the overrides")
	}
	if !(State{Base: 4, Depth: 2}).Empty() || (State{Watch: ptr([]string{})}).Empty() || (State{Full: true}).Empty() {
		t.Error("Empty: a pointer record is not empty, or a watch change or full record is")
	}
}
