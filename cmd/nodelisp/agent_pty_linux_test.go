//go:build linux

package main

import (
	"strings"
	"testing"
	"time"

	"github.com/nodelisp/nodelisp/internal/providerstub"
)

// Ctrl-C while the answer streams cancels the request: "cancelled", the
// prompt again, what arrived kept in the log, and the next line is a
// turn as usual.
func TestAgentCtrlCDuringStreamedAnswer(t *testing.T) {
	stub := providerstub.Start(providerstub.Reply{Text: "Streaming a long answer", Hold: true}, providerstub.Reply{Text: "the next answer"})
	defer stub.Close()
	env := anthropicEnv(t, stub)
	tm := startTerminal(t, env, "agent")
	tm.expect(" > ")
	tm.send("tell me\r")
	select {
	case <-stub.Held:
	case <-time.After(deadline):
		t.Fatal("the request never reached the stand-in")
	}
	tm.expect("Streami")
	tm.waitMode(true)
	tm.send("\x03")
	tm.expect("cancelled")
	tm.expect(" > ")
	tm.send("again\r")
	tm.expect("the next answer")
	tm.expect(" > ")
	tm.send("\x04")
	if code := tm.exit(); code != 0 {
		t.Errorf("exit %d", code)
	}
	log := mustRun(t, env, "", "log", "export")
	if !strings.Contains(log, `"kind":"turn interrupted"`) || !strings.Contains(log, `cancelled by the user`) || !strings.Contains(log, `"text":"Streami`) {
		t.Errorf("the log lacks the interrupted turn:\n%s", log)
	}
}

// Ctrl-C while the model's cell runs stops the cell, whose result is
// recorded; the turn ends there and the agent carries on.
func TestAgentCtrlCDuringCell(t *testing.T) {
	stub := providerstub.Start(
		providerstub.Reply{Calls: []string{`(progn (write-file "started" "yes") (loop))`}},
		providerstub.Reply{Text: "after the loop"})
	defer stub.Close()
	env := anthropicEnv(t, stub)
	tm := startTerminal(t, env, "agent")
	tm.expect(" > ")
	tm.send("loop forever\r")
	tm.expect("eval> ")
	waitLogged(t, env, `"kind":"file change"`)
	tm.send("\x03")
	tm.expect("cancelled")
	tm.expect(" > ")
	tm.send("and now\r")
	tm.expect("after the loop")
	tm.send("\x04")
	tm.exit()
	log := mustRun(t, env, "", "log", "export")
	if !strings.Contains(log, `"kind":"tool result"`) || !strings.Contains(log, `"kind":"turn interrupted"`) {
		t.Errorf("the stopped cell's result or the interruption is missing:\n%s", log)
	}
}
