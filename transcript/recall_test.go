package transcript

import (
	"context"
	"fmt"
	"github.com/nodelisp/nodelisp/event"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/nodelisp/nodelisp/internal/testdb"
	"github.com/nodelisp/nodelisp/interp"
	"github.com/nodelisp/nodelisp/recall"
	"github.com/nodelisp/nodelisp/store"
)

// known tool calls of the fixtures, one per format, with words of the
// call's arguments and of its result.
var knownCalls = []struct {
	format, session, call, result string
}{
	{ClaudeCode, "claude-code-d6e0bada-1959-4eec-a9d2-0bfade768d8f", "mix phx.server", "background with ID: bae407b"},
	{Codex, "codex-019982b8-3422-79e0-8b3b-05abaf4f3c3e", `"bash","-lc","ls"]`, "pnpm-workspace.yaml turbo.json"},
	{Pi, "pi-d703a1a9-1b7b-4fb1-b512-c9738b1fe617", `read {"path":"packages/coding-agent/docs/theme.md"}`, "Pi Coding Agent Themes"},
}

// TestRecallFindsImported: recall-search finds a known tool call and its
// result in each format's transcript, each row ending with the tool it
// came from; recall-entry shows the result linked to that call, and
// recall-log reads the session like any other.
func TestRecallFindsImported(t *testing.T) {
	seqOf := regexp.MustCompile(`:seq (\d+)`)
	for _, b := range testdb.Backends() {
		t.Run(b.Name, func(t *testing.T) {
			st := b.Open(t)
			importAll(t, st)
			eval := recallEval(t, st)
			for _, k := range knownCalls {
				call := eval(fmt.Sprintf(`(recall-search %q :kinds :tool-call)`, k.call))
				if !strings.Contains(call, `(:session-id "`+k.session+`"`) || strings.Count(call, ":session-id") != 1 {
					t.Errorf("search for the call %q: %s", k.call, call)
					continue
				}
				source := fmt.Sprintf(`:source %q)`, k.format)
				if !strings.HasSuffix(call, source+")") {
					t.Errorf("the call's row does not end with %s: %s", source, call)
				}
				callSeq := seqOf.FindStringSubmatch(call)[1]
				res := eval(fmt.Sprintf(`(recall-search %q :kinds :tool-result)`, k.result))
				if !strings.Contains(res, `(:session-id "`+k.session+`"`) {
					t.Errorf("search for the result %q: %s", k.result, res)
					continue
				}
				resSeq := seqOf.FindStringSubmatch(res)[1]
				entry := eval(fmt.Sprintf(`(recall-entry %s :session-id %q)`, resSeq, k.session))
				if !strings.HasSuffix(entry, source) {
					t.Errorf("recall-entry does not end with %s: %s", source, entry)
				}
				if !strings.Contains(entry, `:kind "tool result"`) || !strings.Contains(entry, `{\"call\":`+callSeq+`,`) {
					t.Errorf("result %s is not linked to call %s: %s", resSeq, callSeq, entry)
				}
				log := eval(fmt.Sprintf(`(recall-log :session-id %q :kinds :tool-call :limit 1 :clip 40)`, k.session))
				if !strings.Contains(log, `:kind "tool call"`) {
					t.Errorf("recall-log of %s: %s", k.session, log)
				}
			}
		})
	}
}

// TestRecallFindsEveryFixture: in every fixture that has tool calls,
// recall-search finds its first tool call and that call's result by the
// words of their own bodies, under the session with its :source.
func TestRecallFindsEveryFixture(t *testing.T) {
	for _, b := range testdb.Backends() {
		t.Run(b.Name, func(t *testing.T) {
			ctx := context.Background()
			st := b.Open(t)
			importAll(t, st)
			it := interp.New(interp.Options{})
			recall.Install(it, st, "")
			found := func(body, kind, session string, seq int64) bool {
				t.Helper()
				query := strings.Join(strings.Fields(string([]rune(body)[:min(len([]rune(body)), 60)])), " ")
				r, err := it.Eval(ctx, fmt.Sprintf(`(recall-search %q :kinds %q :limit 60 :window 1)`, query, kind))
				if err != nil {
					t.Fatalf("%s: %v", query, err)
				}
				return strings.Contains(r.Printed, fmt.Sprintf(`(:session-id %q`, session)) &&
					strings.Contains(r.Printed, fmt.Sprintf(`:seq %d :text`, seq))
			}
			for _, f := range fixtureTable {
				if f.counts[event.KindToolCall] == 0 {
					continue
				}
				r, err := st.Scan(ctx, store.Query{Session: f.session, Kinds: []string{event.KindToolCall, event.KindToolResult}})
				if err != nil {
					t.Fatal(err)
				}
				call := r.Events[0]
				if call.Kind != event.KindToolCall || !found(call.Body, "tool call", f.session, call.Seq) {
					t.Errorf("%s: the first tool call (seq %d, %q) is not found", f.file, call.Seq, call.Body)
					continue
				}
				linked := false
				for _, e := range r.Events {
					if e.Kind != event.KindToolResult {
						continue
					}
					if p, err := event.Decode[event.ImportedToolResult](e.Payload); err != nil || p.Call != call.Seq {
						continue
					}
					linked = true
					if strings.TrimSpace(e.Body) != "" && !found(e.Body, "tool result", f.session, e.Seq) {
						t.Errorf("%s: the result (seq %d) of call %d is not found", f.file, e.Seq, call.Seq)
					}
					break
				}
				if !linked {
					t.Errorf("%s: no tool result names call %d", f.file, call.Seq)
				}
			}
		})
	}
}

// TestImportedTimes: an imported event keeps its transcript's time (the
// time in the source line, not the import's), so recall's :since and
// :until find it by the day it happened.
func TestImportedTimes(t *testing.T) {
	atOf := regexp.MustCompile(`:at "([^"]+)"`)
	for _, b := range testdb.Backends() {
		t.Run(b.Name, func(t *testing.T) {
			st := b.Open(t)
			importAll(t, st)
			eval := recallEval(t, st)
			for _, k := range knownCalls {
				sources := readAll(t, filepath.Join(fixtures, k.format))
				seq := eval(fmt.Sprintf(`(getf (first (recall-search %q :kinds :tool-call)) :seq)`, k.call))
				row := eval(fmt.Sprintf(`(recall-entry %s :session-id %q)`, seq, k.session))
				m := atOf.FindStringSubmatch(row)
				if m == nil {
					t.Errorf("%s: no row for %q: %s", k.format, k.call, row)
					continue
				}
				at := m[1]
				// Transcripts write milliseconds; the store microseconds.
				if !strings.Contains(sources, `"`+at[:23]) {
					t.Errorf("%s: the call's time %s is not a time of its transcript", k.format, at)
				}
				day := at[:10]
				hit := fmt.Sprintf(`(:session-id %q`, k.session)
				if got := eval(fmt.Sprintf(`(recall-search %q :kinds :tool-call :since %q :until %q)`, k.call, day, day)); !strings.Contains(got, hit) {
					t.Errorf("%s: not found on its day %s: %s", k.format, day, got)
				}
				if got := eval(fmt.Sprintf(`(recall-search %q :kinds :tool-call :until %q)`, k.call, at)); strings.Contains(got, hit) {
					t.Errorf("%s: found before its own time %s: %s", k.format, at, got)
				}
				in := fmt.Sprintf(`(member %s (mapcar (lambda (r) (getf r :seq)) (recall-log :session-id %q :kinds :tool-call :limit 1000 :since %q :until %q)))`, seq, k.session, day, day)
				if got := eval(in); got == "nil" {
					t.Errorf("%s: recall-log does not find seq %s on its day %s", k.format, seq, day)
				}
				before := fmt.Sprintf(`(member %s (mapcar (lambda (r) (getf r :seq)) (recall-log :session-id %q :kinds :tool-call :limit 1000 :until %q)))`, seq, k.session, at)
				if got := eval(before); got != "nil" {
					t.Errorf("%s: recall-log finds seq %s before its own time %s", k.format, seq, at)
				}
			}
		})
	}
}

// readAll is the text of every file under dir.
func readAll(t *testing.T, dir string) string {
	t.Helper()
	var sb strings.Builder
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(path)
		sb.Write(b)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return sb.String()
}

// recallEval is an interpreter with recall installed over st: it returns
// what a form prints, failing the test on an error.
func recallEval(t *testing.T, st store.Store) func(src string) string {
	it := interp.New(interp.Options{})
	recall.Install(it, st, "")
	return func(src string) string {
		t.Helper()
		r, err := it.Eval(context.Background(), src)
		if err != nil {
			t.Fatalf("%s: %v", src, err)
		}
		return r.Printed
	}
}
