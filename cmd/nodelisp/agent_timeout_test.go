package main

import (
	"strings"
	"testing"

	"github.com/nodelisp/nodelisp/internal/providerstub"
)

// An eval call that gives no timeout_ms is stopped at the agent's cell
// timeout (issue 29: it ran until the step limit, as serve's did before
// --cell-timeout). The default is serve's, 60 s, which --help states;
// here --cell-timeout lowers it so the test need not wait a minute.
func TestAgentCellTimeout(t *testing.T) {
	stub := providerstub.Start(providerstub.Reply{Calls: []string{"(loop)"}, Input: 10}, providerstub.Reply{Text: "it ran too long", Input: 20})
	defer stub.Close()
	env := anthropicEnv(t, stub)
	out := mustRun(t, env, "", "agent", "-p", "spin", "--json", "--cell-timeout", "200ms")
	var result string
	for _, line := range strings.Split(out, "\n") {
		if strings.Contains(line, `"type":"result"`) {
			result = line
		}
	}
	if !strings.Contains(result, "timed out") {
		t.Errorf("the (loop) call's result does not say it timed out: %q\nall events:\n%s", result, out)
	}
	help := runBin(t, env, "", "agent", "--help")
	if !strings.Contains(help.stdout+help.stderr, "--cell-timeout") || !strings.Contains(help.stdout+help.stderr, "(default: 60s") {
		t.Errorf("agent --help does not state --cell-timeout and its 60 s default:\n%s%s", help.stdout, help.stderr)
	}
	if r := runBin(t, env, "", "agent", "-p", "x", "--cell-timeout", "0s"); r.code != 2 || !strings.Contains(r.stderr, "--cell-timeout must be positive") {
		t.Errorf("--cell-timeout 0s: exit %d, stderr %q", r.code, r.stderr)
	}
}
