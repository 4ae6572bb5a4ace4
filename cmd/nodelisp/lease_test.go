package main

import (
	"context"
	"fmt"
	"github.com/nodelisp/nodelisp/event"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/nodelisp/nodelisp/internal/testdb"
	"github.com/nodelisp/nodelisp/session"
	"github.com/nodelisp/nodelisp/store"
	"github.com/nodelisp/nodelisp/store/storeopen"
)

// TestTwoREPLsOnOneSession drives the real binary: while one REPL runs a
// cell of session S, a second REPL's turn on S is refused with the first
// named (its pid), and writes nothing. Once the first is killed with
// SIGKILL mid-cell, a third REPL on S is not locked out: it takes the
// session over at once, records the killed cell as interrupted, says so,
// and its turn continues from the killed one's.
func TestTwoREPLsOnOneSession(t *testing.T) { onSharedSession(t, twoREPLs) }

// onSharedSession runs test on each backend, given a store target holding
// session "shared" whose first turn defined *x*, the environment, and the
// arguments that open that session.
func onSharedSession(t *testing.T, test func(t *testing.T, target string, st store.Store, env, args []string)) {
	targets := map[string]func(t testing.TB) string{
		"sqlite":   func(t testing.TB) string { return filepath.Join(t.TempDir(), "log.sqlite") },
		"postgres": testdb.PostgresURL,
	}
	for _, name := range []string{"sqlite", "postgres"} {
		t.Run(name, func(t *testing.T) {
			target := targets[name](t)
			ctx := context.Background()
			st, err := storeopen.Open(ctx, target, "")
			if err != nil {
				t.Fatal(err)
			}
			defer st.Close()
			if _, err := st.CreateSession(ctx, "shared", "shared"); err != nil {
				t.Fatal(err)
			}
			env := testEnv(t)
			args := []string{"--db", target, "--session", "shared"}
			mustRun(t, env, "(defvar *x* 1)\n", args...)
			test(t, target, st, env, args)
		})
	}
}

func twoREPLs(t *testing.T, target string, st store.Store, env, args []string) {

	first := exec.Command(bin, args...)
	first.Env, first.Dir = env, t.TempDir()
	in, err := first.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := first.Start(); err != nil {
		t.Fatal(err)
	}
	killed := false
	t.Cleanup(func() {
		if !killed {
			first.Process.Kill()
			first.Wait()
		}
	})
	io.WriteString(in, "(sleep 3600)\n") // the pipe stays open: the REPL waits on the cell
	call := waitForCall(t, st, "(sleep 3600)")

	refused := runBin(t, env, "(+ 1 2)\n", args...)
	t.Logf("the refusal: %s", refused.stderr)
	holder := fmt.Sprintf("held by repl (pid %d on host ", first.Process.Pid)
	if !strings.Contains(refused.stderr, holder) || refused.code == 0 || strings.Contains(refused.stdout, "3") {
		t.Errorf("second REPL while the first runs a cell: exit %d\nstdout: %s\nstderr: %s\nwant a refusal naming %q",
			refused.code, refused.stdout, refused.stderr, holder)
	}
	if n := len(events(t, st, event.KindInput)); n != 2 {
		t.Errorf("%d inputs after the refusal, want 2: the refused turn wrote", n)
	}

	if err := first.Process.Signal(os.Kill); err != nil {
		t.Fatal(err)
	}
	first.Wait() // reaped, so its pid is gone
	killed = true
	in.Close()

	third := runBin(t, env, "*x*\n", args...)
	if third.code != 0 || strings.TrimSpace(third.stdout) != "1" {
		t.Fatalf("third REPL after the kill: exit %d\nstdout: %s\nstderr: %s", third.code, third.stdout, third.stderr)
	}
	t.Logf("the takeover: %s", third.stderr)
	took := fmt.Sprintf("took session shared over from repl (pid %d", first.Process.Pid)
	if !strings.Contains(third.stderr, took) {
		t.Errorf("third REPL's notices %q do not say %q", third.stderr, took)
	}
	var interrupted []string
	for _, e := range events(t, st, event.KindToolResult) {
		p, _ := event.Decode[event.ToolResult](e.Payload)
		if p.Call == call.Seq {
			interrupted = append(interrupted, p.Text)
		}
	}
	if len(interrupted) != 1 || interrupted[0] != session.InterruptedText {
		t.Errorf("the killed cell's results: %q, want the interruption only", interrupted)
	}
	inputs := events(t, st, event.KindInput)
	last, _ := event.Decode[event.Input](inputs[len(inputs)-1].Payload)
	if len(inputs) != 3 || last.Parent != call.Turn {
		t.Errorf("inputs %d, the last continuing from %d: want 3, from the killed turn %d", len(inputs), last.Parent, call.Turn)
	}
}

// waitForCall waits until the session's log holds a tool call of code.
// The generous bound only turns a REPL that never starts into a failure.
func waitForCall(t *testing.T, st store.Store, code string) store.Event {
	t.Helper()
	for start := time.Now(); time.Since(start) < time.Minute; time.Sleep(20 * time.Millisecond) {
		for _, e := range events(t, st, event.KindToolCall) {
			if p, err := event.Decode[event.ToolCall](e.Payload); err == nil && p.Code == code {
				return e
			}
		}
	}
	t.Fatalf("no tool call %s in the log", code)
	return store.Event{}
}

func events(t *testing.T, st store.Store, kind string) []store.Event {
	t.Helper()
	r, err := st.Scan(context.Background(), store.Query{Session: "shared", Kinds: []string{kind}})
	if err != nil {
		t.Fatal(err)
	}
	return r.Events
}

// TestREPLAndServeOnOneSession drives a REPL and serve on one session:
// the REPL follows serve's turns and sees their definitions; while serve
// runs a cell, the REPL is refused with serve named; once serve is killed
// with SIGKILL, the REPL takes the session over and records the cell.
func TestREPLAndServeOnOneSession(t *testing.T) { onSharedSession(t, replAndServe) }

func replAndServe(t *testing.T, target string, st store.Store, env, args []string) {
	srv := lineSession(t, bin, t.TempDir(), env, "serve", "--db", target)
	srv.exchange(`{"jsonrpc":"2.0","id":1,"method":"resume","params":{"session":"shared"}}`, `"result"`)
	srv.exchange(`{"jsonrpc":"2.0","id":2,"method":"turn","params":{"session":"shared","code":"(defun from-serve () (+ *x* 1))"}}`, `"result"`)
	followed := runBin(t, env, "(from-serve)\n", args...)
	if followed.code != 0 || strings.TrimSpace(followed.stdout) != "2" {
		t.Fatalf("REPL after serve's turn: exit %d\nstdout: %s\nstderr: %s", followed.code, followed.stdout, followed.stderr)
	}

	srv.send(`{"jsonrpc":"2.0","id":3,"method":"turn","params":{"session":"shared","code":"(sleep 3600)"}}`)
	call := waitForCall(t, st, "(sleep 3600)")
	refused := runBin(t, env, "(+ 1 2)\n", args...)
	holder := fmt.Sprintf("held by serve (pid %d on host ", srv.cmd.Process.Pid)
	if !strings.Contains(refused.stderr, holder) || refused.code == 0 {
		t.Errorf("REPL while serve runs a cell: exit %d\nstderr: %s\nwant a refusal naming %q", refused.code, refused.stderr, holder)
	}

	if err := srv.cmd.Process.Signal(os.Kill); err != nil {
		t.Fatal(err)
	}
	srv.cmd.Wait() // reaped, so its pid is gone
	after := runBin(t, env, "(from-serve)\n", args...)
	if after.code != 0 || strings.TrimSpace(after.stdout) != "2" {
		t.Fatalf("REPL after serve was killed: exit %d\nstdout: %s\nstderr: %s", after.code, after.stdout, after.stderr)
	}
	if took := fmt.Sprintf("took session shared over from serve (pid %d", srv.cmd.Process.Pid); !strings.Contains(after.stderr, took) {
		t.Errorf("REPL's notices %q do not say %q", after.stderr, took)
	}
	var results []string
	for _, e := range events(t, st, event.KindToolResult) {
		p, _ := event.Decode[event.ToolResult](e.Payload)
		if p.Call == call.Seq {
			results = append(results, p.Text)
		}
	}
	if len(results) != 1 || results[0] != session.InterruptedText {
		t.Errorf("the killed cell's results: %q, want the interruption only", results)
	}
}
