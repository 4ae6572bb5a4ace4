package serve_test

import (
	"context"
	"fmt"
	"github.com/nodelisp/nodelisp/event"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/nodelisp/nodelisp/serve"
	"github.com/nodelisp/nodelisp/store"
	"github.com/nodelisp/nodelisp/store/sqlite"
)

// crashCell writes files in a loop, each write a file change event, so a
// kill lands between appends, between an append and its rename, or
// between a staged file and its append.
const crashCell = `(dotimes (i 40) (write-file (format nil "d~a/f~a.txt" (mod i 3) (mod i 7)) (format nil "trial ~a step ~a" %d i)))`

// TestCrashConsistency kills the real serve with SIGKILL at random points
// of a cell that writes files and appends events, then resumes the session
// in a new serve and checks that the log and the disk agree, that no
// staged temporary file is left, that every tool call has its result, and
// that undo restores every file it should. NODELISP_CRASH_TRIALS sets the
// number of trials (make soak runs more).
func TestCrashConsistency(t *testing.T) {
	trials := 50
	if n, err := strconv.Atoi(os.Getenv("NODELISP_CRASH_TRIALS")); err == nil && n > 0 {
		trials = n
	}
	e := newEnv(t)
	r := rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 23))
	// How long one uninterrupted cell takes, so kills fall inside it.
	c := startServe(t, e)
	c.ok("open", obj{"id": "s1", "title": "crash"}, nil)
	c.ok("input", obj{"session": "s1", "text": "warm up"}, nil)
	start := time.Now()
	var cell serve.Cell
	c.ok("eval", obj{"session": "s1", "code": fmt.Sprintf(crashCell, 0)}, &cell)
	span := time.Since(start)
	if cell.Error {
		t.Fatalf("the cell failed: %s", cell.Text)
	}
	c.close()
	t.Logf("one cell takes %v; %d trials", span, trials)
	for trial := 1; trial <= trials; trial++ {
		c := startServe(t, e)
		c.ok("resume", obj{"session": "s1"}, nil)
		c.ok("input", obj{"session": "s1", "text": fmt.Sprint("trial ", trial)}, nil)
		c.request("eval", obj{"session": "s1", "code": fmt.Sprintf(crashCell, trial)})
		time.Sleep(time.Duration(r.Int64N(int64(span + span/4))))
		c.cmd.Process.Kill()
		c.cmd.Wait()

		c = startServe(t, e)
		c.ok("resume", obj{"session": "s1"}, nil)
		checkLogMatchesDisk(t, e, trial, "after resume")
		var mv serve.Move
		c.ok("undo", obj{"session": "s1"}, &mv)
		for _, line := range mv.Files {
			if strings.HasPrefix(line, "left ") {
				t.Fatalf("trial %d: undo left a file: %q (all: %v)", trial, line, mv.Files)
			}
		}
		checkLogMatchesDisk(t, e, trial, "after undo")
		c.ok("redo", obj{"session": "s1"}, &mv)
		checkLogMatchesDisk(t, e, trial, "after redo")
		c.close()
	}
}

// checkLogMatchesDisk reads the store beside the stopped or running
// server: every file the log changed holds what its newest change left,
// no staged temporary file is left, and every tool call has a result.
func checkLogMatchesDisk(t *testing.T, e testEnv, trial int, when string) {
	t.Helper()
	ctx := context.Background()
	st, err := sqlite.Open(ctx, e.db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	r, err := st.Scan(ctx, store.Query{Session: "s1", Kinds: []string{event.KindFileChange, event.KindToolCall, event.KindToolResult}})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]*string{}
	calls, results := map[int64]bool{}, map[int64]bool{}
	for _, ev := range r.Events {
		switch ev.Kind {
		case event.KindFileChange:
			p, err := event.Decode[event.FileChange](ev.Payload)
			if err != nil {
				t.Fatal(err)
			}
			want[p.Path] = p.After
		case event.KindToolCall:
			calls[ev.Seq] = true
		case event.KindToolResult:
			p, _ := event.Decode[event.ToolResult](ev.Payload)
			results[p.Call] = true
		}
	}
	for seq := range calls {
		if !results[seq] {
			t.Fatalf("trial %d %s: tool call %d has no result", trial, when, seq)
		}
	}
	for path, after := range want {
		data, err := os.ReadFile(filepath.Join(e.workdir, path))
		switch {
		case after == nil && err == nil:
			t.Fatalf("trial %d %s: %s exists, the log says it was removed", trial, when, path)
		case after != nil && err != nil:
			t.Fatalf("trial %d %s: %s: %v, the log says it holds %q", trial, when, path, err, *after)
		case after != nil && string(data) != *after:
			t.Fatalf("trial %d %s: %s holds %q, the log says %q", trial, when, path, data, *after)
		}
	}
	filepath.WalkDir(e.workdir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && strings.HasSuffix(p, ".tmp") {
			t.Fatalf("trial %d %s: staged file %s left behind", trial, when, p)
		}
		return nil
	})
}
