package serve_test

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// notifications/cancelled during a cell's run kills the command's whole
// process tree, a child that ignores SIGTERM included, and the session
// goes on. The eval tool names run only where the server allows it.
func TestMCPCancelKillsARunsProcessTree(t *testing.T) {
	e := newEnv(t)
	// The client's reader goroutine writes the log while the test reads it.
	var log lockedLog
	cs := mcpConnect(t, e, &log, "--allow-run")
	tools, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tool := range tools.Tools {
		if tool.Name == "eval" && !strings.Contains(tool.Description, `(run "make test")`) {
			t.Fatalf("with --allow-run the eval tool does not name run: %s", tool.Description)
		}
	}

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	called := make(chan error, 1)
	go func() {
		_, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "eval", Arguments: obj{
			"code": `(run "trap '' TERM; (trap '' TERM; exec sleep 60) & echo $$ $! > pids.txt; sleep 60")`}})
		called <- err
	}()
	pids := readPids(t, filepath.Join(e.workdir, "pids.txt"))
	cancel()
	if err := <-called; err == nil {
		t.Fatal("a cancelled call returned no error")
	}
	for deadline := time.Now().Add(10 * time.Second); len(alive(pids)) > 0; time.Sleep(50 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("processes %v outlived the cancel by 10 s", alive(pids))
		}
	}
	// The client logs a message once its write returns, which may be after
	// the server has read it and killed the tree: wait for the line.
	for deadline := time.Now().Add(10 * time.Second); !strings.Contains(log.String(), "notifications/cancelled"); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("the client sent no notifications/cancelled:\n%s", log.String())
		}
	}
	res, text := callTool(t, cs, "eval", obj{"code": "(+ 2 2)"})
	if res.IsError || !strings.HasPrefix(text, "4\n") {
		t.Fatalf("after the cancelled run: %q", text)
	}
}

// Without --allow-run the eval tool does not mention run.
func TestMCPEvalToolOmitsRunWhereNotAllowed(t *testing.T) {
	cs := mcpConnect(t, newEnv(t), nil)
	tools, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tool := range tools.Tools {
		if tool.Name == "eval" && strings.Contains(tool.Description, "(run ") {
			t.Fatalf("the eval tool names run where it is refused: %s", tool.Description)
		}
	}
}

// readPids waits for the pids a command writes.
func readPids(t *testing.T, path string) []int {
	t.Helper()
	for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		data, err := os.ReadFile(path)
		if err != nil || !strings.HasSuffix(string(data), "\n") {
			continue
		}
		var pids []int
		for _, f := range strings.Fields(string(data)) {
			n, err := strconv.Atoi(f)
			if err != nil {
				t.Fatalf("pids file %q", data)
			}
			pids = append(pids, n)
		}
		return pids
	}
	t.Fatal("the command never wrote its pids")
	return nil
}

// alive is the pids still running: not gone and not zombies (a
// container's first process may never reap them).
func alive(pids []int) []int {
	var out []int
	for _, p := range pids {
		data, err := os.ReadFile("/proc/" + strconv.Itoa(p) + "/stat")
		if err != nil {
			continue
		}
		s := string(data)
		if i := strings.LastIndexByte(s, ')'); i >= 0 && i+2 < len(s) && s[i+2] == 'Z' {
			continue
		}
		out = append(out, p)
	}
	return out
}

// The end of an MCP connection closes its session: run's mirror of the
// working directory is not left in the home.
func TestMCPEndClosesTheSession(t *testing.T) {
	e := newEnv(t)
	cs := mcpConnect(t, e, nil, "--allow-run")
	if res, text := callTool(t, cs, "eval", obj{"code": `(getf (run "echo hi > a.txt") :files)`}); res.IsError || !strings.Contains(text, "created a.txt") {
		t.Fatalf("run: %q", text)
	}
	if err := cs.Close(); err != nil {
		t.Fatal(err)
	}
	var left []string
	filepath.WalkDir(filepath.Join(e.home, "runs"), func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			left = append(left, p)
		}
		return nil
	})
	if len(left) > 0 {
		t.Fatalf("the connection's end left run's mirror behind: %v", left)
	}
}

// lockedLog is a log the MCP client's reader goroutine may write while the
// test reads it.
type lockedLog struct {
	mu  sync.Mutex
	buf strings.Builder
}

func (l *lockedLog) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.Write(p)
}

func (l *lockedLog) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.String()
}
