package serve_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// serve --mcp --follow, driven by the MCP SDK's own client: the recall
// tools are listed, say how to find the current conversation, and find a
// word written to a followed Claude Code transcript after the server
// started; recall_log and recall_entry read that session, as structured
// content and as text.
func TestMCPRecallFollow(t *testing.T) {
	e := newEnv(t)
	projects := filepath.Join(t.TempDir(), "projects")
	if err := os.MkdirAll(filepath.Join(projects, "-work-demo"), 0o755); err != nil {
		t.Fatal(err)
	}
	cs := mcpConnect(t, e, nil, "--follow", "claude-code="+projects)
	tools, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	byName := map[string]*mcp.Tool{}
	for _, tool := range tools.Tools {
		byName[tool.Name] = tool
	}
	for _, name := range []string{"recall_search", "recall_log", "recall_entry"} {
		if byName[name] == nil {
			t.Fatalf("no tool %s", name)
		}
	}
	if d := byName["recall_search"].Description; !strings.Contains(d, "claude-code-<id>") || !strings.Contains(d, "<id>.jsonl") {
		t.Errorf("recall_search does not say how to find the conversation: %s", d)
	}

	id := "7a7a7a7a-0000-4000-8000-000000000001"
	path := filepath.Join(projects, "-work-demo", id+".jsonl")
	lines := []string{
		`{"type":"user","uuid":"u1","sessionId":"%s","timestamp":"2026-12-05T13:00:00Z","message":{"role":"user","content":"before compaction: the staging password rotates on thursdays, ticket OPS-4471"}}`,
		`{"type":"assistant","uuid":"a1","sessionId":"%s","timestamp":"2026-12-05T13:00:05Z","message":{"role":"assistant","content":[{"type":"text","text":"Noted: OPS-4471, thursdays."}]}}`,
	}
	var body string
	for _, l := range lines {
		body += fmt.Sprintf(l, id) + "\n"
	}
	if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	session := "claude-code-" + id
	var res *mcp.CallToolResult
	var text string
	for end := time.Now().Add(20 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		res, text = callTool(t, cs, "recall_search", obj{"query": "OPS-4471 thursdays", "rank": "best"})
		if strings.Contains(text, session) || time.Now().After(end) {
			break
		}
	}
	if res.IsError || !strings.Contains(text, "session-id: "+session) || !strings.Contains(text, "staging password") {
		t.Fatalf("recall_search did not find the followed line: %v %q", res.IsError, text)
	}
	rows := structuredRows(t, res)
	if len(rows) != 2 || rows[0]["session-id"] != session || rows[0]["source"] != "claude-code" {
		t.Fatalf("structured rows: %v", rows)
	}
	seq := rows[0]["seq"]

	res, text = callTool(t, cs, "recall_log", obj{"session": session, "match": "%password%"})
	if got := structuredRows(t, res); res.IsError || len(got) != 1 || !strings.Contains(text, "the staging password") {
		t.Errorf("recall_log: %v %q", res.IsError, text)
	}
	res, text = callTool(t, cs, "recall_entry", obj{"session": session, "seq": seq})
	entry, _ := res.StructuredContent.(map[string]any)["entry"].(map[string]any)
	if res.IsError || entry == nil || !strings.Contains(fmt.Sprint(entry["payload"]), `"source_id":"`) {
		t.Errorf("recall_entry: %v %q %v", res.IsError, text, res.StructuredContent)
	}
	res, text = callTool(t, cs, "recall_search", obj{"query": "OPS-4471", "session": "claude-code-other"})
	if res.IsError || len(structuredRows(t, res)) != 0 || text != "no rows" {
		t.Errorf("recall_search of another session: %v %q", res.IsError, text)
	}
	res, text = callTool(t, cs, "recall_search", obj{"query": "OPS-4471", "rank": "worst"})
	if !res.IsError || !strings.Contains(text, ":rank must be") {
		t.Errorf("a bad rank is recall's own error: %v %q", res.IsError, text)
	}
	res, text = callTool(t, cs, "recall_search", obj{"query": "OPS-4471", "kinds": []string{"assistant answer"}})
	if got := structuredRows(t, res); res.IsError || len(got) != 1 || !strings.Contains(text, "Noted") {
		t.Errorf("recall_search by kind: %v %q", res.IsError, text)
	}

	// Dates: the transcript's own times bound the rows (13:00:00 and
	// 13:00:05 on 2026-12-05).
	for _, c := range []struct {
		tool string
		args obj
		rows int
	}{
		{"recall_search", obj{"query": "OPS-4471", "since": "2026-12-05T13:00:01Z"}, 1},
		{"recall_search", obj{"query": "OPS-4471", "until": "2026-12-05T13:00:01Z"}, 1},
		{"recall_search", obj{"query": "OPS-4471", "since": "2026-12-05", "until": "2026-12-05"}, 2},
		{"recall_search", obj{"query": "OPS-4471", "until": "2026-12-04", "rank": "relevance"}, 0},
		{"recall_log", obj{"session": session, "since": "2026-12-05T13:00:01Z"}, 1},
		{"recall_log", obj{"session": session, "until": "2026-12-06"}, 2},
	} {
		res, text := callTool(t, cs, c.tool, c.args)
		if got := structuredRows(t, res); res.IsError || len(got) != c.rows {
			t.Errorf("%s %v: %d rows, want %d: %v %q", c.tool, c.args, len(got), c.rows, res.IsError, text)
		}
	}
	res, text = callTool(t, cs, "recall_log", obj{"session": session, "since": "last thursday"})
	if !res.IsError || !strings.Contains(text, `:since must be an ISO date`) {
		t.Errorf("a bad date is recall's own error: %v %q", res.IsError, text)
	}
}

func structuredRows(t *testing.T, res *mcp.CallToolResult) []map[string]any {
	t.Helper()
	m, ok := res.StructuredContent.(map[string]any)
	if !ok {
		t.Fatalf("no structured content: %#v", res.StructuredContent)
	}
	raw, _ := m["rows"].([]any)
	var out []map[string]any
	for _, r := range raw {
		row, _ := r.(map[string]any)
		out = append(out, row)
	}
	return out
}
