package serve_test

import (
	"bufio"
	"encoding/json"
	"fmt"
	"github.com/nodelisp/nodelisp/internal/testbin"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// bin is the nodelisp binary TestMain builds: the tests drive the real
// command as a subprocess, over its stdio, as a client in any language would.
var bin string

func TestMain(m *testing.M) { testbin.Main(m, &bin) }

// testEnv is the environment of one test's server: a fresh home, store and
// work directory, and no config or budget from the user's machine.
type testEnv struct {
	home, db, workdir string
	extra             []string // more NAME=value entries
}

func newEnv(t *testing.T, extra ...string) testEnv {
	dir := t.TempDir()
	e := testEnv{home: filepath.Join(dir, "home"), db: filepath.Join(dir, "log.db"), workdir: filepath.Join(dir, "work"), extra: extra}
	for _, d := range []string{e.home, e.workdir} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	return e
}

func (e testEnv) environ() []string {
	var env []string
	for _, kv := range os.Environ() {
		name, _, _ := strings.Cut(kv, "=")
		if strings.HasPrefix(name, "NODECODE_") || strings.HasPrefix(name, "XDG_") || name == "HOME" {
			continue
		}
		env = append(env, kv)
	}
	env = append(env, "NODECODE_HOME="+e.home, "HOME="+e.home,
		"NODECODE_CONFIG="+filepath.Join(e.home, "no-config.jsonc"))
	return append(env, e.extra...)
}

// command is nodelisp with args, in the test's environment.
func (e testEnv) command(args ...string) *exec.Cmd {
	cmd := exec.Command(bin, args...)
	cmd.Env = e.environ()
	cmd.Dir = e.workdir
	return cmd
}

// client drives one `nodelisp serve` subprocess line by line, keeping a
// transcript of everything sent and received.
type client struct {
	t      *testing.T
	cmd    *exec.Cmd
	in     io.WriteCloser
	lines  chan string
	stderr *strings.Builder

	mu         sync.Mutex
	transcript strings.Builder
	nextID     int
}

func startServe(t *testing.T, e testEnv, args ...string) *client {
	t.Helper()
	cmd := e.command(append([]string{"serve", "--db", e.db}, args...)...)
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	c := &client{t: t, cmd: cmd, in: in, lines: make(chan string, 100), stderr: &strings.Builder{}}
	cmd.Stderr = c.stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() {
		sc := bufio.NewScanner(out)
		sc.Buffer(make([]byte, 1<<20), 1<<26)
		for sc.Scan() {
			c.lines <- sc.Text()
		}
		close(c.lines)
	}()
	t.Cleanup(func() { c.close() })
	return c
}

// close ends the input and waits for the server to exit.
func (c *client) close() int {
	if c.cmd.ProcessState != nil {
		return c.cmd.ProcessState.ExitCode()
	}
	c.in.Close()
	done := make(chan error, 1)
	go func() { done <- c.cmd.Wait() }()
	select {
	case <-done:
	case <-time.After(20 * time.Second):
		c.cmd.Process.Kill()
		<-done
		c.t.Errorf("serve did not exit after its input closed; stderr:\n%s", c.stderr)
	}
	return c.cmd.ProcessState.ExitCode()
}

// send writes one raw line.
func (c *client) send(line string) {
	c.t.Helper()
	c.mu.Lock()
	if len(line) < 4096 {
		c.transcript.WriteString("-> " + line + "\n")
	}
	c.mu.Unlock()
	if _, err := io.WriteString(c.in, line+"\n"); err != nil {
		c.t.Fatalf("writing to serve: %v", err)
	}
}

// response is one decoded response line.
type response struct {
	ID     json.RawMessage `json:"id"`
	Result json.RawMessage `json:"result"`
	Error  *struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
	raw string
}

// recvLine waits for the next output line.
func (c *client) recvLine() string {
	c.t.Helper()
	select {
	case line, ok := <-c.lines:
		if !ok {
			c.t.Fatalf("serve closed its output; stderr:\n%s", c.stderr)
		}
		c.mu.Lock()
		c.transcript.WriteString("<- " + line + "\n")
		c.mu.Unlock()
		return line
	case <-time.After(20 * time.Second):
		c.t.Fatalf("no response from serve in 20s; stderr:\n%s", c.stderr)
	}
	return ""
}

func (c *client) recv() response {
	c.t.Helper()
	line := c.recvLine()
	var r response
	if err := json.Unmarshal([]byte(line), &r); err != nil {
		c.t.Fatalf("response is not JSON: %v: %s", err, line)
	}
	r.raw = line
	return r
}

// request sends method with params under a fresh numeric id, and returns
// the id's JSON.
func (c *client) request(method string, params any) string {
	c.t.Helper()
	c.nextID++
	id := fmt.Sprint(c.nextID)
	msg := struct {
		JSONRPC string `json:"jsonrpc"`
		ID      int    `json:"id"`
		Method  string `json:"method"`
		Params  any    `json:"params,omitempty"`
	}{"2.0", c.nextID, method, params}
	b, err := json.Marshal(msg)
	if err != nil {
		c.t.Fatal(err)
	}
	c.send(string(b))
	return id
}

// call sends a request and waits for its response, which must be the next
// line.
func (c *client) call(method string, params any) response {
	c.t.Helper()
	id := c.request(method, params)
	r := c.recv()
	if string(r.ID) != id {
		c.t.Fatalf("%s: got the response for id %s, want %s: %s", method, r.ID, id, r.raw)
	}
	return r
}

// ok calls and decodes a successful result into dst (which may be nil).
func (c *client) ok(method string, params any, dst any) {
	c.t.Helper()
	r := c.call(method, params)
	if r.Error != nil {
		c.t.Fatalf("%s: error %d %s", method, r.Error.Code, r.Error.Message)
	}
	if dst != nil {
		if err := json.Unmarshal(r.Result, dst); err != nil {
			c.t.Fatalf("%s: decoding result: %v: %s", method, err, r.Result)
		}
	}
}

// fails calls and checks the error code.
func (c *client) fails(method string, params any, code int) response {
	c.t.Helper()
	r := c.call(method, params)
	if r.Error == nil {
		c.t.Fatalf("%s: got a result, want error %d: %s", method, code, r.raw)
	}
	if r.Error.Code != code {
		c.t.Fatalf("%s: error %d (%s), want %d", method, r.Error.Code, r.Error.Message, code)
	}
	return r
}

type obj = map[string]any
