package serve_test

import (
	"encoding/json"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/nodelisp/nodelisp/serve"
)

func TestSessionMethods(t *testing.T) {
	e := newEnv(t)
	c := startServe(t, e)
	s := obj{"session": "s1"}
	with := func(kv ...any) obj {
		m := obj{"session": "s1"}
		for i := 0; i < len(kv); i += 2 {
			m[kv[i].(string)] = kv[i+1]
		}
		return m
	}

	var info serve.SessionInfo
	c.ok("open", obj{"id": "s1", "title": "methods", "model": "test/m", "system": "You write Lisp."}, &info)
	if info.Session != "s1" || info.Title != "methods" || info.Model != "test/m" || info.Head != 0 || info.Store == "" {
		t.Fatalf("open: %+v", info)
	}
	c.fails("eval", with("code", "(+ 1 2)"), serve.CodeNoTurn)

	var in serve.Seq
	c.ok("input", with("text", "square some numbers"), &in)
	var w serve.Window
	c.ok("window", with("send", true), &w)
	if len(w.Messages) != 2 || w.Messages[0].ID != "system" || w.Messages[1].Role != "user" || w.Messages[1].Seq != in.Seq {
		t.Fatalf("window: %+v", w.Messages)
	}
	var ans serve.Seq
	c.ok("answer", with("text", "I will define sq."), &ans)

	var cell serve.Cell
	c.ok("eval", with("code", ";; define sq\n(defun sq (x) (* x x))"), &cell)
	if cell.Error || !strings.HasSuffix(cell.Text, "[seq "+itoa(cell.Seq)+"]") || cell.CallSeq != cell.Seq-1 ||
		len(cell.Defined) != 1 || cell.Defined[0] != "SQ" && cell.Defined[0] != "sq" {
		t.Fatalf("eval defun: %+v", cell)
	}
	c.ok("eval", with("code", "(print (sq 7))"), &cell)
	if cell.Error || cell.Text != "\n49 \n49\n[seq "+itoa(cell.Seq)+"]" {
		t.Fatalf("eval sq: %q", cell.Text)
	}
	c.ok("eval", with("code", "(car 5)"), &cell)
	if !cell.Error || !strings.Contains(cell.Text, "error:") {
		t.Fatalf("eval error: %+v", cell)
	}
	// Three earlier calls; the running cell is an echo (docs/recall.md).
	c.ok("eval", with("code", `(length (recall-log :kinds "tool call"))`), &cell)
	if !strings.HasPrefix(cell.Text, "3\n") {
		t.Fatalf("recall-log from a cell: %q", cell.Text)
	}

	c.ok("window", s, &w)
	roles := []string{}
	for _, m := range w.Messages {
		roles = append(roles, m.Role)
		if m.Tokens <= 0 {
			t.Errorf("message %s has %d tokens", m.ID, m.Tokens)
		}
	}
	if got := strings.Join(roles, " "); got != "system user assistant assistant tool assistant tool assistant tool assistant tool" {
		t.Fatalf("window roles: %s", got)
	}
	if w.Head != in.Seq || w.Usage <= 0 || w.Source != "unknown" {
		t.Fatalf("window figures: %+v", w)
	}

	c.ok("usage", with("input_tokens", 321), nil)
	var f serve.Figures
	c.ok("context", s, &f)
	if f.Used < 321 || !strings.Contains(f.Report, "budget unknown") || f.Parts.System == 0 {
		t.Fatalf("context after usage: %+v", f)
	}
	c.ok("too_large", with("tokens", 5000), nil)
	c.ok("context", s, &f)
	if f.Budget != 5000 || f.Source != "ceiling" || f.WarnAt != 4250 || f.EvictTo != 2500 {
		t.Fatalf("context after too_large: %+v", f)
	}
	c.fails("too_large", with("tokens", 0), serve.CodeInvalidParams)
	c.fails("usage", s, serve.CodeInvalidParams)

	var second serve.Seq
	c.ok("input", with("text", "second turn"), &second)
	c.ok("eval", with("code", "(sq 3)"), &cell)

	var tree serve.Tree
	c.ok("tree", s, &tree)
	if tree.Head != second.Seq || len(tree.Turns) != 2 || tree.Turns[1].Parent != in.Seq || !tree.Turns[1].Head {
		t.Fatalf("tree: %+v", tree)
	}
	var mv serve.Move
	c.ok("undo", s, &mv)
	if mv.From != second.Seq || mv.To != in.Seq || mv.Why != "undo" {
		t.Fatalf("undo: %+v", mv)
	}
	c.ok("redo", s, &mv)
	if mv.To != second.Seq || mv.Why != "redo" {
		t.Fatalf("redo: %+v", mv)
	}
	c.fails("redo", s, serve.CodeRefused)
	c.ok("continue", with("turn", in.Seq), &mv)
	if mv.To != in.Seq || mv.Why != "tree" {
		t.Fatalf("continue: %+v", mv)
	}
	c.ok("rewind", with("turn", second.Seq), &mv)
	if mv.To != second.Seq || mv.Why != "rewind" {
		t.Fatalf("rewind: %+v", mv)
	}
	c.fails("continue", with("turn", 9999), serve.CodeRefused)
	c.fails("rewind", s, serve.CodeInvalidParams)

	var ex serve.Export
	c.ok("export", s, &ex)
	data, err := os.ReadFile(ex.Path)
	if err != nil || !strings.HasPrefix(string(data), ";; context ") || !strings.HasPrefix(ex.Path, e.home) {
		t.Fatalf("export: %s: %v\n%s", ex.Path, err, data)
	}
	var plan serve.Plan
	c.ok("edit", with("drop", []any{in.Seq + 2}, "note", "sq squares"), &plan)
	if len(plan.Drop) == 0 || plan.Note != "sq squares" {
		t.Fatalf("edit: %+v", plan)
	}
	c.fails("edit", with("drop", "all"), serve.CodeInvalidParams)
	c.ok("window", with("send", true), &w)
	for _, m := range w.Messages {
		if m.Seq == in.Seq+2 {
			t.Fatalf("edit: message %d still in the window", m.Seq)
		}
	}

	var ev serve.Evicted
	c.fails("evict", with("arg", "lots"), serve.CodeInvalidParams)
	c.fails("evict", with("arg", "through "+itoa(second.Seq)), serve.CodeRefused)
	c.ok("evict", with("arg", "through "+itoa(in.Seq)), &ev)
	if ev.Boundary < in.Seq || len(ev.Turns) != 1 || ev.Turns[0] != in.Seq || ev.After >= ev.Before {
		t.Fatalf("evict: %+v", ev)
	}
	c.fails("evict", s, serve.CodeRefused)
	c.ok("window", s, &w)
	if w.Messages[1].ID != "stub" || w.Boundary != ev.Boundary {
		t.Fatalf("window after evict: %+v", w.Messages[:2])
	}

	var fork serve.SessionInfo
	c.ok("fork", with("title", "forked"), &fork)
	if fork.Session == "s1" || fork.Title != "forked" || fork.Head != second.Seq {
		t.Fatalf("fork: %+v", fork)
	}
	c.ok("eval", obj{"session": fork.Session, "code": "(sq 5)"}, &cell)
	if !strings.HasPrefix(cell.Text, "25\n") {
		t.Fatalf("eval in the fork: %q", cell.Text)
	}

	var list struct{ Sessions []serve.StoredSession }
	c.ok("sessions", nil, &list)
	if len(list.Sessions) != 2 || !list.Sessions[0].Open || !list.Sessions[1].Open {
		t.Fatalf("sessions: %+v", list)
	}

	c.ok("close", s, nil)
	c.fails("tree", s, serve.CodeNoSession)
	var again struct {
		serve.SessionInfo
		Notice *string `json:"notice"`
	}
	c.ok("resume", obj{"session": "s1", "model": "test/m"}, &again)
	if again.Head != second.Seq || again.Title != "methods" || again.Notice != nil {
		t.Fatalf("resume with the logged model: %+v", again)
	}
	c.ok("close", s, nil)
	c.ok("resume", obj{"session": "s1", "model": "test/other"}, &again)
	if again.Model != "test/other" || again.Notice == nil || !strings.Contains(*again.Notice, "model test/m → test/other") {
		t.Fatalf("resume with another model: %+v", again)
	}
	c.ok("input", with("text", "after resume"), nil)
	c.ok("eval", with("code", "(sq 4)"), &cell)
	if !strings.HasPrefix(cell.Text, "16\n") {
		t.Fatalf("definitions after resume: %q", cell.Text)
	}
	c.fails("resume", obj{"session": "s1"}, serve.CodeRefused)
	c.fails("resume", obj{"session": "nosuch"}, serve.CodeNotFound)
	c.fails("open", obj{"id": fork.Session}, serve.CodeRefused)
	c.ok("close", obj{"session": fork.Session}, nil)
	c.fails("open", obj{"id": fork.Session}, serve.CodeNotFound)
	if code := c.close(); code != 0 {
		t.Fatalf("exit status %d; stderr:\n%s", code, c.stderr)
	}
}

func TestUndoAtRootAndWorkdir(t *testing.T) {
	e := newEnv(t)
	c := startServe(t, e)
	var info serve.SessionInfo
	c.ok("open", obj{"id": "w"}, &info)
	if info.Workdir != e.workdir {
		t.Fatalf("default workdir %q, want the current directory %q", info.Workdir, e.workdir)
	}
	c.fails("undo", obj{"session": "w"}, serve.CodeRefused)
	c.fails("answer", obj{"session": "w", "text": "x"}, serve.CodeNoTurn)
	c.fails("open", obj{"workdir": "/no/such/dir"}, serve.CodeInvalidParams)
	c.ok("input", obj{"session": "w", "text": "files"}, nil)
	var cell serve.Cell
	c.ok("eval", obj{"session": "w", "code": `(write-file "a.txt" "hello")`}, &cell)
	if cell.Error {
		t.Fatalf("write-file: %s", cell.Text)
	}
	if b, err := os.ReadFile(e.workdir + "/a.txt"); err != nil || string(b) != "hello" {
		t.Fatalf("write-file wrote %q, %v", b, err)
	}
}

func TestBadInput(t *testing.T) {
	e := newEnv(t)
	c := startServe(t, e)
	expect := func(code int, id string) {
		t.Helper()
		r := c.recv()
		if r.Error == nil || r.Error.Code != code || string(r.ID) != id {
			t.Fatalf("got %s, want error %d with id %s", r.raw, code, id)
		}
	}
	c.send(`{"jsonrpc":"2.0","id":1,"method":`)
	expect(serve.CodeParseError, "null")
	c.send(`not json at all`)
	expect(serve.CodeParseError, "null")
	c.send(`{"jsonrpc":"2.0","id":2,"method":"frobnicate"}`)
	expect(serve.CodeMethodNotFound, "2")
	c.send(`{"jsonrpc":"1.0","id":3,"method":"tree"}`)
	expect(serve.CodeInvalidRequest, "3")
	c.send(`{"jsonrpc":"2.0","id":4,"method":7}`)
	expect(serve.CodeInvalidRequest, "4")
	c.send(`{"jsonrpc":"2.0","id":{"x":1},"method":"tree"}`)
	expect(serve.CodeInvalidRequest, "null")
	c.send(`{"jsonrpc":"2.0","id":5,"method":"tree","params":"s"}`)
	expect(serve.CodeInvalidRequest, "5")
	c.send(`42`)
	expect(serve.CodeInvalidRequest, "null")
	c.send(`[]`)
	expect(serve.CodeInvalidRequest, "null")

	c.ok("open", obj{"id": "b"}, nil)
	c.ok("input", obj{"session": "b", "text": "t"}, nil)
	c.fails("eval", obj{"session": "b"}, serve.CodeInvalidParams)
	c.fails("eval", obj{"session": "b", "code": 12}, serve.CodeInvalidParams)
	c.fails("eval", obj{"session": "b", "code": "1", "colour": "red"}, serve.CodeInvalidParams)
	c.fails("eval", []any{"b", "(+ 1 2)"}, serve.CodeInvalidParams)
	c.fails("eval", obj{"code": "1"}, serve.CodeInvalidParams)
	c.fails("eval", obj{"session": "nope", "code": "1"}, serve.CodeNoSession)
	c.fails("open", obj{"id": 5}, serve.CodeInvalidParams)
	c.fails("cancel", obj{}, serve.CodeInvalidParams)

	// A line over the 16 MiB cap is answered and skipped; the server goes on.
	big := `{"jsonrpc":"2.0","id":99,"method":"input","params":{"session":"b","text":"` + strings.Repeat("x", serve.DefaultMaxLine) + `"}}`
	c.send(big)
	expect(serve.CodeInvalidRequest, "null")

	// A notification gets no response, even an unknown one: the next line
	// out answers the request after it.
	c.send(`{"jsonrpc":"2.0","method":"no-such-method"}`)
	c.send(`{"jsonrpc":"2.0","method":"input","params":{"session":"b","text":"by notification"}}`)
	var tree serve.Tree
	c.ok("tree", obj{"session": "b"}, &tree)
	if len(tree.Turns) != 2 {
		t.Fatalf("the notification's input was not recorded: %+v", tree)
	}

	// A batch is answered with one array, notifications left out.
	c.send(`[{"jsonrpc":"2.0","id":"a","method":"tree","params":{"session":"b"}},{"jsonrpc":"2.0","method":"tree","params":{"session":"b"}},{"jsonrpc":"2.0","id":"z","method":"nope"},1]`)
	var batch []response
	line := c.recvLine()
	if err := json.Unmarshal([]byte(line), &batch); err != nil || len(batch) != 3 {
		t.Fatalf("batch: %v: %s", err, line)
	}
	codes := map[string]int{}
	for _, r := range batch {
		if r.Error != nil {
			codes[string(r.ID)] = r.Error.Code
		} else {
			codes[string(r.ID)] = 0
		}
	}
	if codes[`"a"`] != 0 || codes[`"z"`] != serve.CodeMethodNotFound || codes["null"] != serve.CodeInvalidRequest {
		t.Fatalf("batch responses: %s", line)
	}
	if code := c.close(); code != 0 {
		t.Fatalf("exit status %d; stderr:\n%s", code, c.stderr)
	}
}

// stoppedCell checks the answer to a cell that was cancelled or timed out:
// either the stopped cell's recorded result, or an error with code when
// the host could not record it.
func stoppedCell(t *testing.T, r response, why string, code int) {
	t.Helper()
	if r.Error != nil {
		if r.Error.Code != code {
			t.Fatalf("stopped cell: error %d %s, want %d", r.Error.Code, r.Error.Message, code)
		}
		return
	}
	var cell serve.Cell
	if err := json.Unmarshal(r.Result, &cell); err != nil || !cell.Error || cell.Stopped != why {
		t.Fatalf("stopped cell: %v %s", err, r.raw)
	}
}

func TestCancel(t *testing.T) {
	e := newEnv(t)
	c := startServe(t, e)
	c.ok("open", obj{"id": "c"}, nil)
	c.ok("input", obj{"session": "c", "text": "loop forever"}, nil)

	// cancel by request id, while the cell runs
	evalID := c.request("eval", obj{"session": "c", "code": "(loop)"})
	var other serve.Seq
	c.ok("open", obj{"id": "other"}, nil) // other sessions go on meanwhile
	c.ok("input", obj{"session": "other", "text": "meanwhile"}, &other)
	var n serve.Cancelled
	c.ok("cancel", obj{"id": json.RawMessage(evalID)}, &n)
	if n.Cancelled != 1 {
		t.Fatalf("cancel reached %d requests", n.Cancelled)
	}
	r := c.recv()
	if string(r.ID) != evalID {
		t.Fatalf("got %s, want the eval's answer", r.raw)
	}
	stoppedCell(t, r, "cancel", serve.CodeCancelled)

	// cancel by session: the running cell and the one queued behind it
	first := c.request("eval", obj{"session": "c", "code": "(loop)"})
	second := c.request("eval", obj{"session": "c", "code": "(+ 1 1)"})
	c.send(`{"jsonrpc":"2.0","method":"cancel","params":{"session":"c"}}`)
	got := map[string]response{}
	for range 2 {
		r := c.recv()
		got[string(r.ID)] = r
	}
	stoppedCell(t, got[first], "cancel", serve.CodeCancelled)
	if r := got[second]; r.Error == nil || r.Error.Code != serve.CodeCancelled {
		t.Fatalf("queued eval: %s", r.raw)
	}

	// a per-call timeout
	r = c.call("eval", obj{"session": "c", "code": "(loop)", "timeout_ms": 100})
	stoppedCell(t, r, "timeout", serve.CodeTimeout)

	// the session goes on
	var cell serve.Cell
	c.ok("eval", obj{"session": "c", "code": "(+ 1 2)"}, &cell)
	if !strings.HasPrefix(cell.Text, "3\n") {
		t.Fatalf("after cancel: %q", cell.Text)
	}
	c.ok("window", obj{"session": "c", "send": true}, nil)

	// an id still in flight cannot be reused
	busy := c.request("eval", obj{"session": "c", "code": "(loop)"})
	c.send(`{"jsonrpc":"2.0","id":` + busy + `,"method":"tree","params":{"session":"c"}}`)
	r = c.recv()
	if string(r.ID) != busy || r.Error == nil || r.Error.Code != serve.CodeInvalidRequest {
		t.Fatalf("reused id: %s", r.raw)
	}
	c.ok("cancel", obj{"id": json.RawMessage(busy)}, nil)
	c.recv()
	if code := c.close(); code != 0 {
		t.Fatalf("exit status %d; stderr:\n%s", code, c.stderr)
	}
}

func TestBudgetWarningAndEviction(t *testing.T) {
	e := newEnv(t, "NODECODE_CONTEXT_TOKENS=1000")
	c := startServe(t, e)
	c.ok("open", obj{"id": "e"}, nil)
	var w serve.Window
	warned, evicted := false, false
	for i := 0; i < 20 && !evicted; i++ {
		c.ok("input", obj{"session": "e", "text": "turn " + itoa(int64(i)) + " " + strings.Repeat("words ", 20)}, nil)
		c.ok("window", obj{"session": "e", "send": true}, &w)
		if w.Budget != 1000 || w.Source != "NODECODE_CONTEXT_TOKENS" {
			t.Fatalf("budget: %+v", w)
		}
		warned = warned || w.Warning
		evicted = evicted || w.Evicted
		c.ok("eval", obj{"session": "e", "code": ";; turn " + itoa(int64(i)) + "\n(list " + strings.Repeat("1 ", 40) + ")"}, nil)
	}
	if !warned || !evicted || w.Boundary == 0 || w.Messages[0].ID != "stub" {
		t.Fatalf("warned %v evicted %v: %+v", warned, evicted, w)
	}
	if !strings.Contains(w.Messages[0].Text, ";; turn") && !strings.Contains(w.Messages[0].Text, "turn 0") {
		t.Fatalf("stub without the notes: %q", w.Messages[0].Text)
	}
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// TestHomeFlag checks --home places the context files, whatever
// $NODECODE_HOME says.
func TestHomeFlag(t *testing.T) {
	e := newEnv(t)
	home := t.TempDir()
	c := startServe(t, e, "--home", home)
	c.ok("open", obj{"id": "h"}, nil)
	c.ok("input", obj{"session": "h", "text": "x"}, nil)
	var ex serve.Export
	c.ok("export", obj{"session": "h"}, &ex)
	if !strings.HasPrefix(ex.Path, home) {
		t.Fatalf("context file %s is not under --home %s", ex.Path, home)
	}
}
