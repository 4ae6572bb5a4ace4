package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

// The REPL, serve --mcp and serve's JSON-RPC turn run a turn, and /evict,
// with the same code:
// the same cells leave the same events in the log, payload for payload,
// apart from the times, the session ids and how long a cell took.
func TestREPLAndServeLogTheSame(t *testing.T) {
	env := testEnv(t)
	cells := []string{"(+ 1 2)", ";; define f\n(defun f (x) (* 2 x))", "(car 5)", "(f 21)", "(length (recall-log))"}

	replDB := filepath.Join(t.TempDir(), "repl.db")
	stdin := strings.Join(cells[:3], "\n") + "\n/evict through 1\n" + strings.Join(cells[3:], "\n") + "\n"
	r := runBin(t, env, stdin, "--db", replDB)
	if r.code != 0 {
		t.Fatalf("REPL: exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}

	serveDB := filepath.Join(t.TempDir(), "serve.db")
	mcp := lineSession(t, bin, t.TempDir(), env, "serve", "--mcp", "--db", serveDB)
	mcp.exchange(`{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`, `"result"`)
	mcp.send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	call := func(id int, tool string, args any) {
		b, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": id, "method": "tools/call",
			"params": map[string]any{"name": tool, "arguments": args}})
		mcp.exchange(string(b), `"result"`)
	}
	for i, c := range cells[:3] {
		call(i+1, "eval", map[string]any{"code": c})
	}
	call(4, "evict", map[string]any{"arg": "through 1"})
	for i, c := range cells[3:] {
		call(i+5, "eval", map[string]any{"code": c})
	}
	mcp.close()

	rpcDB := filepath.Join(t.TempDir(), "rpc.db")
	rpc := lineSession(t, bin, t.TempDir(), env, "serve", "--db", rpcDB)
	rpc.exchange(`{"jsonrpc":"2.0","id":0,"method":"open","params":{"id":"rpc"}}`, `"result"`)
	rpcCall := func(id int, method string, params map[string]any) {
		params["session"] = "rpc"
		b, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": id, "method": method, "params": params})
		rpc.exchange(string(b), `"result"`)
	}
	for i, c := range cells[:3] {
		rpcCall(i+1, "turn", map[string]any{"code": c})
	}
	rpcCall(4, "evict", map[string]any{"arg": "through 1"})
	for i, c := range cells[3:] {
		rpcCall(i+5, "turn", map[string]any{"code": c})
	}
	rpc.close()

	repl, served := loggedEvents(t, env, replDB), loggedEvents(t, env, serveDB)
	compareLogs(t, "serve --mcp", repl, served)
	compareLogs(t, "serve (JSON-RPC turn)", repl, loggedEvents(t, env, rpcDB))
}

// compareLogs reports every event where the REPL's log and another front
// end's differ.
func compareLogs(t *testing.T, name string, repl, served []string) {
	t.Helper()
	if len(repl) != len(served) {
		t.Errorf("the REPL logged %d events, %s %d:\nREPL:\n%s\n%s:\n%s", len(repl), name, len(served), strings.Join(repl, "\n"), name, strings.Join(served, "\n"))
		return
	}
	for i := range repl {
		if repl[i] != served[i] {
			t.Errorf("event %d:\n REPL  %s\n %s %s", i, repl[i], name, served[i])
		}
	}
}

// loggedEvents exports the one session of the store at db and returns its
// events as text, without what differs between two runs of the same cells.
func loggedEvents(t *testing.T, env []string, db string) []string {
	t.Helper()
	r := runBin(t, env, "", "log", "export", "--db", db)
	if r.code != 0 {
		t.Fatalf("log export: exit %d, stderr %q", r.code, r.stderr)
	}
	var out []string
	for _, line := range strings.Split(strings.TrimSpace(r.stdout), "\n") {
		var rec map[string]any
		if err := json.Unmarshal([]byte(line), &rec); err != nil {
			t.Fatalf("export line %q: %v", line, err)
		}
		if rec["type"] != "event" {
			continue
		}
		if p, ok := rec["payload"].(map[string]any); ok {
			delete(p, "duration_ms")
		}
		delete(rec, "at")
		delete(rec, "session")
		b, _ := json.Marshal(rec)
		out = append(out, string(b))
	}
	return out
}
