package main

import (
	"bufio"
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// installed is nodelisp as `go install ./cmd/nodelisp` leaves it in an
// empty GOBIN, with an environment whose PATH holds that GOBIN alone: no
// Go toolchain, no other binary of the project.
func installed(t *testing.T) (exe string, env []string) {
	t.Helper()
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Fatal("the go tool is not on PATH")
	}
	gobin := t.TempDir()
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	install := exec.Command(goTool, "install", "./cmd/nodelisp")
	install.Dir = root
	install.Env = append(os.Environ(), "GOBIN="+gobin)
	if out, err := install.CombinedOutput(); err != nil {
		t.Fatalf("go install ./cmd/nodelisp: %v\n%s", err, out)
	}
	entries, err := os.ReadDir(gobin)
	if err != nil || len(entries) != 1 || entries[0].Name() != "nodelisp" {
		t.Fatalf("GOBIN holds %v (%v), want nodelisp alone", entries, err)
	}
	for _, kv := range testEnv(t) {
		if !strings.HasPrefix(kv, "PATH=") {
			env = append(env, kv)
		}
	}
	env = append(env, "PATH="+gobin)
	return filepath.Join(gobin, "nodelisp"), env
}

// The one installed binary runs the REPL, a script that reads the log, and
// both kinds of serve, with no toolchain and nothing beside it.
func TestInstalledAlone(t *testing.T) {
	exe, env := installed(t)
	dir := t.TempDir()
	db := filepath.Join(t.TempDir(), "log.db")

	r := runIn(t, exe, dir, env, "(defun sq (x) (* x x))\n(sq 12)\n", "--db", db)
	if r.code != 0 || !strings.Contains(r.stdout, "144") {
		t.Fatalf("REPL: exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}

	writeFile(t, filepath.Join(dir, "calls.lisp"), `(print (length (recall-search "sq")))`+"\n")
	r = runIn(t, exe, dir, env, "", "--db", db, "calls.lisp")
	if r.code != 0 || strings.TrimSpace(r.stdout) == "0" || strings.TrimSpace(r.stdout) == "" {
		t.Fatalf("recall script: exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}

	rpc := lineSession(t, exe, dir, env, "serve", "--db", db)
	rpc.exchange(`{"jsonrpc":"2.0","id":1,"method":"open","params":{"id":"inst"}}`, `"session":"inst"`)
	rpc.exchange(`{"jsonrpc":"2.0","id":2,"method":"input","params":{"session":"inst","text":"add"}}`, `"seq"`)
	rpc.exchange(`{"jsonrpc":"2.0","id":3,"method":"eval","params":{"session":"inst","code":"(+ 40 2)"}}`, `"text":"42\n`)
	rpc.close()

	mcp := lineSession(t, exe, dir, env, "serve", "--mcp", "--db", db)
	mcp.exchange(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`, `"name":"nodelisp"`)
	mcp.send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	mcp.exchange(`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"eval","arguments":{"code":"(* 5 5)"}}}`, `"text":"25\n`)
	mcp.close()
}

// lines drives a subprocess that answers one line per line sent.
type lines struct {
	t   *testing.T
	cmd *exec.Cmd
	in  io.WriteCloser
	out chan string
}

func lineSession(t *testing.T, exe, dir string, env []string, args ...string) *lines {
	t.Helper()
	cmd := exec.Command(exe, args...)
	cmd.Env, cmd.Dir = env, dir
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	l := &lines{t: t, cmd: cmd, in: in, out: make(chan string, 16)}
	go func() {
		sc := bufio.NewScanner(out)
		sc.Buffer(make([]byte, 1<<20), 1<<24)
		for sc.Scan() {
			l.out <- sc.Text()
		}
		close(l.out)
	}()
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	return l
}

func (l *lines) send(line string) {
	l.t.Helper()
	if _, err := io.WriteString(l.in, line+"\n"); err != nil {
		l.t.Fatalf("writing %s: %v", line, err)
	}
}

// exchange sends one request and checks that the next line is JSON holding
// want.
func (l *lines) exchange(line, want string) {
	l.t.Helper()
	l.send(line)
	select {
	case got, ok := <-l.out:
		if !ok || !json.Valid([]byte(got)) || !strings.Contains(got, want) {
			l.t.Fatalf("%s\n  answered %q (open %v), want it to hold %q", line, got, ok, want)
		}
	case <-time.After(30 * time.Second):
		l.t.Fatalf("%s: no answer in 30s", line)
	}
}

// close ends the input and waits for a clean exit.
func (l *lines) close() {
	l.t.Helper()
	l.in.Close()
	if err := l.cmd.Wait(); err != nil {
		l.t.Errorf("%v: %v", l.cmd.Args, err)
	}
}
