package serve_test

import (
	"encoding/json"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/nodelisp/nodelisp/serve"
)

// stormCell doubles a string until the memory cap stops it: the cell that
// grew serve to 12 GB under its default 1 GiB cap (issue 29).
const stormCell = `(let ((s "ab")) (loop (setf s (concatenate 'string s s))))`

// defaultCap is serve's cap with no --cell-memory on a machine of more
// than 4 GiB: 1 GiB.
const defaultCap = 1 << 30

// TestDoublingStormUnderTheDefaultCap: with its default cap, the server
// answers another session's input while one session's cell doubles a
// string, the storm ends with the memory limit, and the process's peak
// stays under three times the cap (before: the server grew to 12 GB and
// the other session got no answer in 60 s).
func TestDoublingStormUnderTheDefaultCap(t *testing.T) {
	e := newEnv(t)
	c := startServe(t, e)
	r := newRouter(c)
	for _, s := range []string{"A", "B"} {
		if resp := r.wait("open "+s, r.send("open", obj{"id": s})); resp.Error != nil {
			t.Fatalf("open %s: %s", s, resp.Error.Message)
		}
	}
	if resp := r.wait("input A", r.send("input", obj{"session": "A", "text": "go"})); resp.Error != nil {
		t.Fatalf("input A: %s", resp.Error.Message)
	}
	storm := r.send("eval", obj{"session": "A", "code": stormCell, "timeout_ms": 600000})
	time.Sleep(20 * time.Millisecond) // let the storm get going
	for i := range 5 {
		resp := r.wait("B's input", r.send("input", obj{"session": "B", "text": "still here"}))
		if resp.Error != nil {
			t.Fatalf("B's input %d: %s", i+1, resp.raw)
		}
	}
	resp := r.wait("the storm", storm)
	var a serve.Cell
	if resp.Error != nil || json.Unmarshal(resp.Result, &a) != nil {
		t.Fatalf("A got %s", resp.raw)
	}
	if !a.Error || !strings.Contains(a.Text, "memory limit exceeded (1 GiB)") {
		t.Errorf("A got %q, want the memory limit", a.Text)
	}
	peak := vmHWM(t, c.cmd.Process.Pid)
	t.Logf("server peak resident memory: %d MiB (cap 1 GiB)", peak>>20)
	if peak > 3*defaultCap {
		t.Errorf("server peak resident memory %d MiB, over 3× the 1 GiB cap", peak>>20)
	}
}

// TestSIGTERMEndsServeDuringAStorm: SIGTERM ends the server within a
// second (tested with ten times that) while a session's cell doubles a
// string (before: still running after 5 s).
func TestSIGTERMEndsServeDuringAStorm(t *testing.T) {
	e := newEnv(t)
	c := startServe(t, e)
	r := newRouter(c)
	if resp := r.wait("open", r.send("open", obj{"id": "A"})); resp.Error != nil {
		t.Fatalf("open: %s", resp.Error.Message)
	}
	if resp := r.wait("input", r.send("input", obj{"session": "A", "text": "go"})); resp.Error != nil {
		t.Fatalf("input: %s", resp.Error.Message)
	}
	storm := r.send("eval", obj{"session": "A", "code": stormCell, "timeout_ms": 600000})
	time.Sleep(200 * time.Millisecond)
	select {
	case resp := <-storm:
		t.Fatalf("the storm ended before the signal: %s", resp.raw)
	default:
	}
	if err := c.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	go func() { c.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(10 * time.Second): // the bound is 1 s; 10× for a loaded machine
		c.cmd.Process.Kill()
		<-done
		t.Fatalf("SIGTERM did not end the server in 10 s")
	}
}
