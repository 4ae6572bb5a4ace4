package serve_test

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/nodelisp/nodelisp/serve"
)

// A server killed with SIGKILL in the middle of a cell loses nothing it
// had recorded: the session resumes, its window rebuilds as it was, its
// image is rebuilt from the log, and it goes on (issue 17).
func TestKilledServerLosesNothingRecorded(t *testing.T) {
	e := newEnv(t)
	c := startServe(t, e)
	open := obj{"id": "A", "model": "test/m", "system": "You write Lisp."}
	c.ok("open", open, nil)
	c.ok("input", obj{"session": "A", "text": "keep a number"}, nil)
	for _, code := range []string{";; keep 41\n(defparameter *kept* 41)", "(print \"hello\")", "(car 5)"} {
		c.ok("eval", obj{"session": "A", "code": code}, nil)
	}
	var before serve.Window
	c.ok("window", obj{"session": "A"}, &before)

	c.request("eval", obj{"session": "A", "code": ";; never ends\n(loop)"})
	time.Sleep(300 * time.Millisecond) // the cell is running
	if err := c.cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	c.cmd.Wait()

	c2 := startServe(t, e)
	c2.ok("resume", obj{"session": "A", "model": "test/m", "system": "You write Lisp."}, nil)
	var after serve.Window
	c2.ok("window", obj{"session": "A"}, &after)
	if len(after.Messages) < len(before.Messages) {
		t.Fatalf("after the kill the window has %d messages, before it %d", len(after.Messages), len(before.Messages))
	}
	if d := cmp.Diff(before.Messages, after.Messages[:len(before.Messages)]); d != "" {
		t.Errorf("the window before the kill is not rebuilt (-before +after):\n%s", d)
	}

	r := cell(t, c2, "A", "(mapcar (lambda (e) (getf e :seq)) (recall-log :limit 1000))")
	for _, m := range before.Messages {
		if m.Seq != 0 && !strings.Contains(" "+strings.Trim(firstLine(r.Text), "()")+" ", fmt.Sprintf(" %d ", m.Seq)) {
			t.Errorf("seq %d (%s) is not in the log after the kill: %s", m.Seq, m.Role, firstLine(r.Text))
		}
	}
	if got := cell(t, c2, "A", "*kept*").Text; !strings.HasPrefix(got, "41\n") {
		t.Errorf("the image is not rebuilt: *kept* gave %q", got)
	}
	if got := cell(t, c2, "A", "(+ 1 2)").Text; !strings.HasPrefix(got, "3\n") {
		t.Errorf("after resume (+ 1 2) gave %q", got)
	}
}

// cell evaluates code in session, opening a turn first when the session
// has none running.
func cell(t *testing.T, c *client, session, code string) serve.Cell {
	t.Helper()
	r := c.call("eval", obj{"session": session, "code": code})
	if r.Error != nil && r.Error.Code == serve.CodeNoTurn {
		c.ok("input", obj{"session": session, "text": "go on"}, nil)
		r = c.call("eval", obj{"session": session, "code": code})
	}
	if r.Error != nil {
		t.Fatalf("eval %s: %d %s", code, r.Error.Code, r.Error.Message)
	}
	var cl serve.Cell
	if err := json.Unmarshal(r.Result, &cl); err != nil {
		t.Fatal(err)
	}
	return cl
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}

// SIGTERM and SIGINT end serve within a second whatever its cells do
// (issue 23), and what was recorded stays.
func TestSignalEndsServeWithinASecond(t *testing.T) {
	for _, sig := range []os.Signal{syscall.SIGTERM, os.Interrupt} {
		e := newEnv(t)
		c := startServe(t, e)
		c.ok("open", obj{"id": "A"}, nil)
		c.ok("input", obj{"session": "A", "text": "go"}, nil)
		c.request("eval", obj{"session": "A", "code": "(loop)"})
		time.Sleep(200 * time.Millisecond)
		start := time.Now()
		if err := c.cmd.Process.Signal(sig); err != nil {
			t.Fatal(err)
		}
		done := make(chan struct{})
		go func() { c.cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			c.cmd.Process.Kill()
			t.Fatalf("%v: serve still running after 10 s", sig)
		}
		took := time.Since(start)
		t.Logf("%v: serve ended after %v", sig, took)
		if took > 10*signalGrace {
			t.Errorf("%v: serve took %v to end", sig, took)
		}
	}
}

// signalGrace is the bound the command promises (cmd/nodelisp-host).
const signalGrace = time.Second
