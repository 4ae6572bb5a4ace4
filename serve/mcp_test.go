package serve_test

import (
	"context"
	"encoding/json"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/nodelisp/nodelisp/serve"
)

// mcpConnect starts `nodelisp serve --mcp` and connects the SDK's own
// client to it over the subprocess's stdio. log, when not nil, receives
// every message either way.
func mcpConnect(t *testing.T, e testEnv, log io.Writer, args ...string) *mcp.ClientSession {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	t.Cleanup(cancel)
	cmd := e.command(append([]string{"serve", "--mcp", "--db", e.db}, args...)...)
	var transport mcp.Transport = &mcp.CommandTransport{Command: cmd}
	if log != nil {
		transport = &mcp.LoggingTransport{Transport: transport, Writer: log}
	}
	client := mcp.NewClient(&mcp.Implementation{Name: "nodelisp-test", Version: "v1"}, nil)
	cs, err := client.Connect(ctx, transport, nil)
	if err != nil {
		t.Fatalf("connect: %v", err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

func callTool(t *testing.T, cs *mcp.ClientSession, name string, args any) (*mcp.CallToolResult, string) {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	var text []string
	for _, c := range res.Content {
		if tc, ok := c.(*mcp.TextContent); ok {
			text = append(text, tc.Text)
		}
	}
	return res, strings.Join(text, "\n")
}

func TestMCP(t *testing.T) {
	e := newEnv(t)
	cs := mcpConnect(t, e, nil)
	if got := cs.InitializeResult().ServerInfo.Name; got != "nodelisp" {
		t.Fatalf("server name %q", got)
	}
	tools, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	byName := map[string]*mcp.Tool{}
	for _, tool := range tools.Tools {
		byName[tool.Name] = tool
	}
	for _, name := range []string{"eval", "context", "window", "evict", "tree", "undo", "redo", "continue", "rewind", "fork", "session"} {
		if byName[name] == nil {
			t.Errorf("no tool %s", name)
		}
	}
	if d := byName["eval"].Description; !strings.Contains(d, "(recall-log") || !strings.Contains(d, ";;") {
		t.Fatalf("eval description does not teach recall and notes: %s", d)
	}

	res, text := callTool(t, cs, "eval", obj{"code": ";; define sq\n(defun sq (x) (* x x))"})
	if res.IsError || !strings.HasSuffix(text, "[seq 4]") {
		t.Fatalf("eval defun: %v %q", res.IsError, text)
	}
	res, text = callTool(t, cs, "eval", obj{"code": `(mapcar (lambda (r) (getf r :body)) (recall-log :kinds "tool call"))`})
	if res.IsError || !strings.Contains(text, "define sq") {
		t.Fatalf("eval recall-log: %q", text)
	}
	var cell serve.Cell
	if b, _ := json.Marshal(res.StructuredContent); json.Unmarshal(b, &cell) != nil || cell.Seq == 0 || cell.Text != text {
		t.Fatalf("structured result: %s", b)
	}
	res, text = callTool(t, cs, "eval", obj{"code": "(car 5)"})
	if !res.IsError || !strings.Contains(text, "error:") {
		t.Fatalf("eval error: %v %q", res.IsError, text)
	}
	_, text = callTool(t, cs, "context", obj{})
	if !strings.Contains(text, "budget unknown") {
		t.Fatalf("context: %q", text)
	}
	_, text = callTool(t, cs, "window", obj{})
	var w serve.Window
	if err := json.Unmarshal([]byte(text), &w); err != nil || len(w.Messages) != 9 {
		t.Fatalf("window: %v %s", err, text)
	}
	// each eval was a turn whose input is the cell
	_, text = callTool(t, cs, "tree", obj{})
	var tree serve.Tree
	if err := json.Unmarshal([]byte(text), &tree); err != nil || len(tree.Turns) != 3 || tree.Turns[0].FirstLine != ";; define sq" {
		t.Fatalf("tree: %v %s", err, text)
	}
	res, text = callTool(t, cs, "undo", obj{})
	if res.IsError {
		t.Fatalf("undo: %s", text)
	}
	res, text = callTool(t, cs, "continue", obj{"turn": 999})
	if !res.IsError || !strings.Contains(text, "no turn 999") {
		t.Fatalf("continue to a missing turn: %v %s", res.IsError, text)
	}
	_, text = callTool(t, cs, "evict", obj{"arg": "through 1"})
	if !strings.Contains(text, `"boundary"`) {
		t.Fatalf("evict: %s", text)
	}
	_, text = callTool(t, cs, "session", obj{})
	var info serve.SessionInfo
	if err := json.Unmarshal([]byte(text), &info); err != nil || info.Session == "" {
		t.Fatalf("session: %v %s", err, text)
	}
	cs.Close()

	// a new connection resumes the session by id, definitions replayed
	cs = mcpConnect(t, e, nil, "--session", info.Session)
	res, text = callTool(t, cs, "eval", obj{"code": "(sq 12)"})
	if res.IsError || !strings.HasPrefix(text, "144\n") {
		t.Fatalf("eval after resume: %q", text)
	}
	_, text = callTool(t, cs, "fork", obj{"title": "forked"})
	var fork serve.SessionInfo
	if err := json.Unmarshal([]byte(text), &fork); err != nil || fork.Session == info.Session {
		t.Fatalf("fork: %v %s", err, text)
	}
	_, text = callTool(t, cs, "session", obj{})
	if !strings.Contains(text, fork.Session) {
		t.Fatalf("the connection did not move to the fork: %s", text)
	}
}

func TestMCPCancel(t *testing.T) {
	e := newEnv(t)
	cs := mcpConnect(t, e, nil)
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	_, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "eval", Arguments: obj{"code": "(loop)"}})
	if err == nil {
		t.Fatal("a cancelled call returned no error")
	}
	res, text := callTool(t, cs, "eval", obj{"code": "(+ 2 2)"})
	if res.IsError || !strings.HasPrefix(text, "4\n") {
		t.Fatalf("after a cancelled call: %q", text)
	}
	res, text = callTool(t, cs, "eval", obj{"code": "(loop)", "timeout_ms": 100})
	if !res.IsError || !strings.Contains(text, "time") {
		t.Fatalf("timeout: %v %q", res.IsError, text)
	}
}

func TestMCPBadSession(t *testing.T) {
	e := newEnv(t)
	cmd := e.command("serve", "--mcp", "--db", e.db, "--session", "no-such")
	out, err := cmd.CombinedOutput()
	if err == nil || !strings.Contains(string(out), "no-such") {
		t.Fatalf("resuming a missing session: %v %s", err, out)
	}
}
