package serve_test

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/nodelisp/nodelisp/internal/testdb"
	"github.com/nodelisp/nodelisp/serve"
)

// mcpRaw sends lines to an in-process MCP server and returns its answers
// by id (the id as written), and the answers without one.
func mcpRaw(t *testing.T, lines ...string) (map[string]map[string]any, []map[string]any) {
	t.Helper()
	dir := t.TempDir()
	cfg := serve.Config{Store: testdb.SQLite(t), Home: dir, Workdir: dir, MaxLine: 1 << 12}
	var out bytes.Buffer
	in := strings.NewReader(strings.Join(lines, "\n") + "\n")
	if err := serve.RunMCP(context.Background(), cfg, serve.MCPOptions{Version: "t"}, in, &out); err != nil {
		t.Fatalf("RunMCP: %v", err)
	}
	byID := map[string]map[string]any{}
	var noID []map[string]any
	for _, l := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		var m map[string]any
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			t.Fatalf("answer %q is not JSON: %v", l, err)
		}
		if m["id"] == nil {
			noID = append(noID, m)
			continue
		}
		id, _ := json.Marshal(m["id"])
		byID[string(id)] = m
	}
	return byID, noID
}

func errorCode(m map[string]any) float64 {
	e, _ := m["error"].(map[string]any)
	c, _ := e["code"].(float64)
	return c
}

// toolText is a tools/call answer's first text block and its isError.
func toolText(t *testing.T, m map[string]any) (string, bool) {
	t.Helper()
	r, ok := m["result"].(map[string]any)
	if !ok {
		t.Fatalf("no result: %v", m)
	}
	content, _ := r["content"].([]any)
	if len(content) == 0 {
		t.Fatalf("no content: %v", m)
	}
	isErr, _ := r["isError"].(bool)
	return content[0].(map[string]any)["text"].(string), isErr
}

// The protocol's edges the SDK's client never sends: version
// negotiation, ping, unknown methods and tools, batches, responses, long
// lines, and arguments the schema does not allow.
func TestMCPProtocolEdges(t *testing.T) {
	byID, noID := mcpRaw(t,
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`,
		`{"jsonrpc":"2.0","id":2,"method":"initialize","params":{"protocolVersion":"1999-01-01","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`,
		`{"jsonrpc":"2.0","method":"notifications/initialized"}`,
		`{"jsonrpc":"2.0","id":"p","method":"ping"}`,
		`{"jsonrpc":"2.0","id":3,"method":"server/discover","params":{}}`,
		`{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"nope","arguments":{}}}`,
		`{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"eval","arguments":{"code":"(+ 1 2)","tmeout_ms":5}}}`,
		`{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"name":"eval","arguments":{}}}`,
		`{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"continue","arguments":{"turn":"4"}}}`,
		`[{"jsonrpc":"2.0","id":8,"method":"ping"}]`,
		`{"jsonrpc":"2.0","id":99,"result":{}}`,
		`not json`,
		`{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"eval","arguments":{"code":"`+strings.Repeat("1", 5000)+`"}}}`,
		`{"jsonrpc":"2.0","id":10,"method":"tools/list"}`,
	)
	if v := byID["1"]["result"].(map[string]any)["protocolVersion"]; v != "2025-06-18" {
		t.Errorf("a served revision is echoed: got %v", v)
	}
	if v := byID["2"]["result"].(map[string]any)["protocolVersion"]; v != "2025-11-25" {
		t.Errorf("an unknown revision is answered with the newest: got %v", v)
	}
	if byID[`"p"`]["result"] == nil {
		t.Errorf("ping: %v", byID[`"p"`])
	}
	if errorCode(byID["3"]) != serve.CodeMethodNotFound {
		t.Errorf("server/discover must be method-not-found so clients fall back: %v", byID["3"])
	}
	if errorCode(byID["4"]) != serve.CodeInvalidParams {
		t.Errorf("unknown tool: %v", byID["4"])
	}
	for id, want := range map[string]string{
		"5": `eval: unknown field "tmeout_ms"`,
		"6": `eval: the argument "code" is required`,
		"7": "continue: turn must be an integer",
	} {
		text, isErr := toolText(t, byID[id])
		if !isErr || !strings.Contains(text, want) {
			t.Errorf("call %s: isError %v, %q; want an error saying %q", id, isErr, text, want)
		}
	}
	if byID["8"] != nil || byID["99"] != nil {
		t.Errorf("a batch or a response got an answer by id: %v %v", byID["8"], byID["99"])
	}
	// the batch, the line that is not JSON and the long line, without ids
	codes := map[float64]int{}
	for _, m := range noID {
		codes[errorCode(m)]++
	}
	if codes[serve.CodeInvalidRequest] != 2 || codes[serve.CodeParseError] != 1 || len(noID) != 3 {
		t.Errorf("answers without an id: %v", noID)
	}
	tools, _ := byID["10"]["result"].(map[string]any)["tools"].([]any)
	if len(tools) != 14 { // eleven session tools, three recall tools
		t.Fatalf("tools/list: %d tools", len(tools))
	}
	eval := tools[0].(map[string]any)
	schema, _ := json.Marshal(eval["inputSchema"])
	if eval["name"] != "eval" || !strings.Contains(string(schema), `"required":["code"]`) {
		t.Errorf("eval's listing: %v", eval)
	}
}
