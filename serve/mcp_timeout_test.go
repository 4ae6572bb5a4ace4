package serve_test

import (
	"strings"
	"testing"
)

// TestMCPNegativeTimeout: timeout_ms -1 was taken (as no limit); it is an
// error that says what is wrong, and no cell runs.
func TestMCPNegativeTimeout(t *testing.T) {
	e := newEnv(t)
	cs := mcpConnect(t, e, nil)
	res, text := callTool(t, cs, "eval", obj{"code": "(defvar *ran* t)", "timeout_ms": -1})
	if !res.IsError || !strings.Contains(text, "timeout_ms must be a positive number of milliseconds, got -1") {
		t.Fatalf("timeout_ms -1: error %v, %q", res.IsError, text)
	}
	if res, text := callTool(t, cs, "eval", obj{"code": "(boundp '*ran*)"}); res.IsError || !strings.HasPrefix(text, "NIL") && !strings.HasPrefix(text, "nil") {
		t.Errorf("the refused cell ran: %q", text)
	}
}
