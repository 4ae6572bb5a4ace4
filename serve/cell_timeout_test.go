package serve_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/nodelisp/nodelisp/serve"
)

// TestCellTimeoutDefault: a cell whose call gives no timeout_ms stops at
// the server's --cell-timeout (before: it ran until its step limit, 81 s
// for a counting loop); a call may lower the timeout, and raise it up to
// --max-cell-timeout but not past it, and a refused call runs nothing.
func TestCellTimeoutDefault(t *testing.T) {
	e := newEnv(t)
	c := startServe(t, e, "--cell-timeout", "300ms", "--max-cell-timeout", "20s")
	c.ok("open", obj{"id": "s"}, nil)
	c.ok("input", obj{"session": "s", "text": "go"}, nil)

	r := c.call("eval", obj{"session": "s", "code": "(let ((n 0)) (loop (incf n)))"})
	stoppedCell(t, r, "timeout", serve.CodeTimeout)
	r = c.call("turn", obj{"session": "s", "code": "(loop)"})
	if r.Error != nil && r.Error.Code != serve.CodeTimeout {
		t.Fatalf("turn with no timeout_ms: %s", r.raw)
	}
	if r.Error == nil {
		var tn struct{ Cell serve.Cell }
		if err := json.Unmarshal(r.Result, &tn); err != nil || tn.Cell.Stopped != "timeout" {
			t.Fatalf("turn with no timeout_ms: %v %s", err, r.raw)
		}
	}

	// Raised within the maximum: a cell longer than the default finishes.
	var cell serve.Cell
	c.ok("eval", obj{"session": "s", "code": "(sleep 1) :slept", "timeout_ms": 15000}, &cell)
	if cell.Error || !strings.HasPrefix(strings.ToUpper(cell.Text), ":SLEPT") {
		t.Fatalf("a cell given 15 s: %+v", cell)
	}

	// Past the maximum: refused, the cell not run.
	r = c.fails("eval", obj{"session": "s", "code": "(defvar *ran* t)", "timeout_ms": 20001}, serve.CodeInvalidParams)
	if !strings.Contains(r.Error.Message, "timeout_ms 20001 is over the server's maximum of 20000") {
		t.Errorf("refusal: %s", r.Error.Message)
	}
	c.ok("eval", obj{"session": "s", "code": "(boundp '*ran*)"}, &cell)
	if !strings.HasPrefix(strings.ToUpper(cell.Text), "NIL") {
		t.Errorf("the refused cell ran: %q", cell.Text)
	}
}

// TestCellTimeoutBadFlags: a timeout flag that cannot hold is a usage
// error naming the flag.
func TestCellTimeoutBadFlags(t *testing.T) {
	e := newEnv(t)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--cell-timeout", "0s"}, "--cell-timeout must be positive"},
		{[]string{"--cell-timeout", "2m", "--max-cell-timeout", "1m"}, "--max-cell-timeout 1m0s is below --cell-timeout 2m0s"},
	} {
		out, err := e.command(append([]string{"serve", "--db", e.db}, c.args...)...).CombinedOutput()
		if err == nil || !strings.Contains(string(out), c.want) {
			t.Errorf("%v: %v %q, want %q", c.args, err, out, c.want)
		}
	}
}

// TestMCPEvalSchemaStatesTheTimeout: the eval tool's timeout_ms says the
// server's default and maximum, and a call past the maximum is refused.
func TestMCPEvalSchemaStatesTheTimeout(t *testing.T) {
	e := newEnv(t)
	cs := mcpConnect(t, e, nil)
	tools, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var schema string
	for _, tool := range tools.Tools {
		if tool.Name == "eval" {
			b, _ := json.Marshal(tool.InputSchema)
			schema = string(b)
		}
	}
	if !strings.Contains(schema, "default 60000, the server's --cell-timeout; at most 600000") {
		t.Errorf("eval's schema does not state the default timeout: %s", schema)
	}
	res, text := callTool(t, cs, "eval", obj{"code": "(+ 1 2)", "timeout_ms": 600001})
	if !res.IsError || !strings.Contains(text, "timeout_ms 600001 is over the server's maximum of 600000") {
		t.Errorf("timeout_ms past the maximum: error %v, %q", res.IsError, text)
	}
}
