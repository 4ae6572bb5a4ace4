package transcript

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"github.com/nodelisp/nodelisp/event"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/nodelisp/nodelisp/internal/testdb"
	"github.com/nodelisp/nodelisp/store"
	"github.com/nodelisp/nodelisp/store/jsonl"
)

const fixtures = "../testdata/transcripts"

// fixture is one transcript of testdata/transcripts with the events it
// must become. The message counts were taken from the files with jq
// (user text blocks or string contents, assistant text blocks, tool_use /
// function_call / toolCall blocks, tool_result / function_call_output /
// toolResult entries); records are the remaining lines and the blocks that
// are neither text nor tool traffic (thinking, reasoning).
type fixture struct {
	format, file, session, title string
	counts                       map[string]int
}

var fixtureTable = []fixture{
	{ClaudeCode, "claude-code/projects/-home-marco-projects-spotter/d6e0bada-1959-4eec-a9d2-0bfade768d8f.jsonl",
		"claude-code-d6e0bada-1959-4eec-a9d2-0bfade768d8f", "start phoenix in background",
		counts(7, 2, 6, 6, 18)},
	{ClaudeCode, "claude-code/projects/-home-marco-projects-spotter/491e126e-1e71-469c-ade2-fcc8af567c74.jsonl",
		"claude-code-491e126e-1e71-469c-ade2-fcc8af567c74", "Create beads (epic + tasks + dependencies) with a structured preview before exec…",
		counts(2, 4, 8, 8, 8)},
	{ClaudeCode, "claude-code/projects/-home-marco-projects-spotter/6c2214d7-b87e-4432-8e41-22ba294ea584/subagents/agent-afc096d.jsonl",
		"claude-code-6c2214d7-b87e-4432-8e41-22ba294ea584-agent-afc096d", "Explore the Elixir/Phoenix project structure. I need to understand:",
		counts(1, 4, 8, 7, 20)},
	{ClaudeCode, "claude-code/projects/-Users-jnarowski-Dev-agentcmd/2d984148-cddb-4605-aac1-13e720fe613c.jsonl",
		"claude-code-2d984148-cddb-4605-aac1-13e720fe613c", "Can you add the first two initials of actual user who is logged into the NavUser",
		counts(4, 5, 9, 9, 3)},
	{ClaudeCode, "claude-code/projects/-Users-jnarowski-Dev-agentcmd/10cd5911-8704-4996-9e33-32010589c357.jsonl",
		"claude-code-10cd5911-8704-4996-9e33-32010589c357", "Frontend and SDK tool type synchronization analysis",
		counts(1, 3, 5, 4, 17)},
	{Codex, "codex/sessions/2025/09/25/rollout-2025-09-25T15-12-14-019982b8-3422-79e0-8b3b-05abaf4f3c3e.jsonl",
		"codex-019982b8-3422-79e0-8b3b-05abaf4f3c3e", "Evaluate @packages/services and create a new",
		counts(2, 0, 8, 8, 32)},
	{Codex, "codex/sessions/2025/09/25/rollout-2025-09-25T08-02-05-0199812e-64f0-7f73-91fc-095dda01c36e.jsonl",
		"codex-0199812e-64f0-7f73-91fc-095dda01c36e", "Quality score",
		counts(2, 0, 6, 6, 26)},
	{Codex, "codex/sessions/2026/06/05/rollout-2026-06-05T04-58-20-019e9625-802f-7e91-840a-cfe88d14117a.jsonl",
		"codex-019e9625-802f-7e91-840a-cfe88d14117a", "[REDACTED_PROMPT]",
		counts(2, 1, 0, 0, 8)},
	{Pi, "pi/sessions/--Users-badlogic-workspaces-pi-mono--/2025-11-20T23-33-50-805Z_d703a1a9-1b7b-4fb1-b512-c9738b1fe617.jsonl",
		"pi-d703a1a9-1b7b-4fb1-b512-c9738b1fe617", "read packages/coding-agent/docs/theme.md in full, then theme.ts, and then oauth-…",
		counts(4, 6, 12, 12, 2)},
	{Pi, "pi/sessions/--tmp-agent-history-real-agent-pi-workspace--/2026-06-05T05-24-28-246Z_019e963d-6bd6-7ade-8a49-256ac3391bdd.jsonl",
		"pi-019e963d-6bd6-7ade-8a49-256ac3391bdd", "agent-history pi smoke",
		counts(1, 1, 0, 0, 4)},
}

func counts(inputs, answers, calls, results, records int) map[string]int {
	m := map[string]int{event.KindInput: inputs, event.KindAnswer: answers, event.KindToolCall: calls,
		event.KindToolResult: results, event.KindSourceRecord: records}
	for k, n := range m {
		if n == 0 {
			delete(m, k)
		}
	}
	return m
}

// storedCounts counts a session's events by kind, as the store holds them.
func storedCounts(t *testing.T, st store.Store, session string) map[string]int {
	t.Helper()
	r, err := st.Scan(context.Background(), store.Query{Session: session, Own: true})
	if err != nil {
		t.Fatal(err)
	}
	n := map[string]int{}
	for _, e := range r.Events {
		n[e.Kind]++
	}
	return n
}

func importAll(t *testing.T, st store.Store) Stats {
	t.Helper()
	var total Stats
	for _, f := range Formats {
		s, err := Import(context.Background(), st, f, []string{filepath.Join(fixtures, f)}, Options{})
		if err != nil {
			t.Fatalf("import %s: %v", f, err)
		}
		total.Files += s.Files
		total.Sessions += s.Sessions
		total.Events += s.Events
	}
	return total
}

// TestImportFixtures imports every fixture, by directory, into each
// backend: each becomes its session with its title, source and counts of
// events by kind; a second import adds nothing.
func TestImportFixtures(t *testing.T) {
	for _, b := range testdb.Backends() {
		t.Run(b.Name, func(t *testing.T) {
			st := b.Open(t)
			ctx := context.Background()
			first := importAll(t, st)
			if first.Files != int64(len(fixtureTable)) || first.Sessions != int64(len(fixtureTable)) {
				t.Fatalf("import: %+v, want %d files and sessions", first, len(fixtureTable))
			}
			var events int64
			for _, f := range fixtureTable {
				s, err := st.Session(ctx, f.session)
				if err != nil {
					t.Fatalf("%s: %v", f.file, err)
				}
				if s.Title != f.title {
					t.Errorf("%s: title %q, want %q", f.file, s.Title, f.title)
				}
				src, ok := store.SourceOf(s.Source)
				abs, _ := filepath.Abs(filepath.Join(fixtures, f.file))
				if !ok || src.Tool != f.format || src.File != abs || !strings.Contains(f.session, src.ID) {
					t.Errorf("%s: source %s", f.file, s.Source)
				}
				got := storedCounts(t, st, f.session)
				if diff := cmp.Diff(f.counts, got); diff != "" {
					t.Errorf("%s: events by kind (-want +got):\n%s", f.file, diff)
				}
				for _, n := range got {
					events += int64(n)
				}
			}
			if first.Events != events {
				t.Errorf("import counted %d events, the store holds %d", first.Events, events)
			}

			again := importAll(t, st)
			if again.Events != 0 || again.Sessions != 0 || again.Grown != 0 {
				t.Errorf("second import: %+v, want nothing added", again)
			}
			for _, f := range fixtureTable {
				if diff := cmp.Diff(f.counts, storedCounts(t, st, f.session)); diff != "" {
					t.Errorf("%s after the second import (-want +got):\n%s", f.file, diff)
				}
			}
		})
	}
}

// TestSubAgentLinked: a sidechain transcript names the agent and the
// session it ran under.
func TestSubAgentLinked(t *testing.T) {
	st := testdb.SQLite(t)
	importAll(t, st)
	s, err := st.Session(context.Background(), "claude-code-6c2214d7-b87e-4432-8e41-22ba294ea584-agent-afc096d")
	if err != nil {
		t.Fatal(err)
	}
	src, _ := store.SourceOf(s.Source)
	want := store.Source{Tool: ClaudeCode, ID: "6c2214d7-b87e-4432-8e41-22ba294ea584", Agent: "afc096d",
		Parent: "claude-code-6c2214d7-b87e-4432-8e41-22ba294ea584"}
	src.File = ""
	if src != want {
		t.Errorf("source %+v, want %+v", src, want)
	}
}

// TestImportGrown: a transcript imported when shorter and again when it
// has grown gets only its new events appended, and ends up as a fresh
// import of the whole file would be: same seqs, times, kinds, turns and
// payloads, tool results linked to calls of the first import.
func TestImportGrown(t *testing.T) {
	for _, b := range testdb.Backends() {
		t.Run(b.Name, func(t *testing.T) {
			ctx := context.Background()
			for _, f := range fixtureTable {
				whole, err := os.ReadFile(filepath.Join(fixtures, f.file))
				if err != nil {
					t.Fatal(err)
				}
				lines := bytes.SplitAfter(whole, []byte("\n"))
				path := filepath.Join(t.TempDir(), filepath.Base(f.file))
				grown, fresh := b.Open(t), b.Open(t)
				if err := os.WriteFile(path, bytes.Join(lines[:len(lines)/2], nil), 0o644); err != nil {
					t.Fatal(err)
				}
				if _, err := Import(ctx, grown, f.format, []string{path}, Options{}); err != nil {
					t.Fatalf("%s, first half: %v", f.file, err)
				}
				if err := os.WriteFile(path, whole, 0o644); err != nil {
					t.Fatal(err)
				}
				s, err := Import(ctx, grown, f.format, []string{path}, Options{})
				if err != nil {
					t.Fatalf("%s, whole: %v", f.file, err)
				}
				if s.Sessions != 0 || s.Grown != 1 || s.Events == 0 {
					t.Errorf("%s: re-import of the grown file: %+v, want one session grown", f.file, s)
				}
				if _, err := Import(ctx, fresh, f.format, []string{path}, Options{}); err != nil {
					t.Fatal(err)
				}
				a, _ := store.Events(ctx, grown, f.session, 0, 0)
				z, _ := store.Events(ctx, fresh, f.session, 0, 0)
				if diff := cmp.Diff(z, a); diff != "" {
					t.Errorf("%s: grown import differs from a fresh one (-fresh +grown):\n%s", f.file, diff)
				}
			}
		})
	}
}

// TestImportTornLastLine: a file cut in the middle of its last line, as
// a file being written is, is no error: the whole lines go in and the
// torn one waits; once the line is finished the next import adds the
// rest, and the session is what a fresh import of the finished file is.
func TestImportTornLastLine(t *testing.T) {
	for _, b := range testdb.Backends() {
		t.Run(b.Name, func(t *testing.T) {
			ctx := context.Background()
			st, fresh := b.Open(t), b.Open(t)
			f := fixtureTable[0]
			whole, err := os.ReadFile(filepath.Join(fixtures, f.file))
			if err != nil {
				t.Fatal(err)
			}
			lines := bytes.SplitAfter(whole, []byte("\n"))
			cut := bytes.Join(lines[:20], nil)
			cut = append(cut, lines[20][:len(lines[20])/2]...)
			path := filepath.Join(t.TempDir(), "cut.jsonl")
			if err := os.WriteFile(path, cut, 0o644); err != nil {
				t.Fatal(err)
			}
			s, err := Import(ctx, st, ClaudeCode, []string{path}, Options{})
			if err != nil || s.Sessions != 1 || s.Lines != 20 {
				t.Fatalf("import of the torn file: %+v, %v; want one session of 20 lines", s, err)
			}
			if err := os.WriteFile(path, whole, 0o644); err != nil {
				t.Fatal(err)
			}
			if s, err := Import(ctx, st, ClaudeCode, []string{path}, Options{}); err != nil || s.Grown != 1 {
				t.Fatalf("import of the finished file: %+v, %v; want it grown", s, err)
			}
			if _, err := Import(ctx, fresh, ClaudeCode, []string{path}, Options{}); err != nil {
				t.Fatal(err)
			}
			a, _ := store.Events(ctx, st, f.session, 0, 0)
			z, _ := store.Events(ctx, fresh, f.session, 0, 0)
			if diff := cmp.Diff(z, a); diff != "" {
				t.Errorf("torn then finished differs from a fresh import (-fresh +torn):\n%s", diff)
			}
		})
	}
}

// TestImportMalformedMiddleLine: a corrupt line in the middle of a file
// is reported FILE:LINE and skipped; the rest of the file goes in.
func TestImportMalformedMiddleLine(t *testing.T) {
	for _, b := range testdb.Backends() {
		t.Run(b.Name, func(t *testing.T) {
			ctx := context.Background()
			st := b.Open(t)
			f := fixtureTable[0]
			whole, err := os.ReadFile(filepath.Join(fixtures, f.file))
			if err != nil {
				t.Fatal(err)
			}
			lines := bytes.SplitAfter(whole, []byte("\n"))
			lines[9] = []byte(`{"type":"user","uuid":` + "\n")
			path := filepath.Join(t.TempDir(), "bad.jsonl")
			if err := os.WriteFile(path, bytes.Join(lines, nil), 0o644); err != nil {
				t.Fatal(err)
			}
			good := filepath.Join(fixtures, fixtureTable[3].file)
			s, err := Import(ctx, st, ClaudeCode, []string{path, good}, Options{})
			var le *LineError
			if !errors.As(err, &le) || le.Line != 10 || !strings.Contains(err.Error(), "bad.jsonl:10: not a JSON object") {
				t.Fatalf("error %v, want bad.jsonl:10", err)
			}
			if s.Sessions != 2 || s.Problems != 1 {
				t.Errorf("stats %+v: both files should import, one line skipped", s)
			}
			r, err := st.Scan(ctx, store.Query{Session: f.session, Own: true})
			if err != nil {
				t.Fatal(err)
			}
			total := 0
			for _, n := range f.counts {
				total += n
			}
			if len(r.Events) >= total || len(r.Events) < total-3 {
				t.Errorf("%d events imported, want the file's %d less the bad line's", len(r.Events), total)
			}
		})
	}
}

// TestImportWrongFormat: a file of another format, or one with a line
// that is JSON but not a well-formed message, imports nothing and says
// why.
func TestImportWrongFormat(t *testing.T) {
	ctx := context.Background()
	st := testdb.SQLite(t)
	codex := filepath.Join(fixtures, fixtureTable[5].file)
	_, err := Import(ctx, st, ClaudeCode, []string{codex}, Options{})
	if err == nil || !strings.Contains(err.Error(), "no session id: not a claude-code transcript") {
		t.Errorf("codex file read as claude-code: %v", err)
	}
	bad := filepath.Join(t.TempDir(), "bad.jsonl")
	line := `{"type":"assistant","uuid":"u1","sessionId":"s9","timestamp":"2026-01-01T00:00:00Z"}`
	if err := os.WriteFile(bad, []byte(line+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = Import(ctx, st, ClaudeCode, []string{bad}, Options{})
	var le *LineError
	if !errors.As(err, &le) || le.Line != 1 || !strings.Contains(err.Error(), "assistant line without a message") {
		t.Errorf("message line without a message: %v", err)
	}
	if _, err := Import(ctx, st, "cursor", []string{bad}, Options{}); err == nil || !strings.Contains(err.Error(), `unknown transcript format "cursor"`) {
		t.Errorf("unknown format: %v", err)
	}
	if all, _ := st.Sessions(ctx); len(all) != 0 {
		t.Errorf("sessions after failed imports: %+v", all)
	}
}

// TestImportedTurns: what an import writes keeps the log model's rules
// that store.ValidateLog (being added beside log import) checks: every
// event's turn is zero or the seq of an input before it (its own for an
// input), every input's parent zero or an earlier input, and every tool
// result's call zero or a tool call before it.
func TestImportedTurns(t *testing.T) {
	ctx := context.Background()
	st := testdb.SQLite(t)
	importAll(t, st)
	for _, f := range fixtureTable {
		evs, err := store.Events(ctx, st, f.session, 0, 0)
		if err != nil {
			t.Fatal(err)
		}
		inputs, calls := map[int64]bool{0: true}, map[int64]bool{0: true}
		for _, e := range evs {
			var p struct{ Parent, Call int64 }
			if err := json.Unmarshal(e.Payload, &p); err != nil {
				t.Fatal(err)
			}
			switch e.Kind {
			case event.KindInput:
				if e.Turn != e.Seq || !inputs[p.Parent] {
					t.Errorf("%s: input %d: turn %d, parent %d", f.file, e.Seq, e.Turn, p.Parent)
				}
				inputs[e.Seq] = true
			case event.KindToolCall:
				calls[e.Seq] = true
			case event.KindToolResult:
				if !calls[p.Call] {
					t.Errorf("%s: result %d names call %d", f.file, e.Seq, p.Call)
				}
			}
			if !inputs[e.Turn] {
				t.Errorf("%s: seq %d (%s): turn %d is no input before it", f.file, e.Seq, e.Kind, e.Turn)
			}
		}
	}
}

// TestImportProgress: the progress callback counts the lines read and the
// events written, ending at the totals.
func TestImportProgress(t *testing.T) {
	st := testdb.SQLite(t)
	var last jsonl.Stats
	calls := 0
	s, err := Import(context.Background(), st, Codex, []string{filepath.Join(fixtures, Codex)},
		Options{Progress: func(p jsonl.Stats) { calls, last = calls+1, p }})
	if err != nil {
		t.Fatal(err)
	}
	if calls < 3 || last.Lines != 50+40+11 || last.Events != s.Events || s.Lines != last.Lines {
		t.Errorf("%d progress calls, last %+v; stats %+v", calls, last, s)
	}
}

// TestImportSkipsBareFiles: a file of summary lines alone, as Claude Code
// leaves in its projects folder, or an empty one, is skipped, not an
// error, and the directory's other transcripts go in.
func TestImportSkipsBareFiles(t *testing.T) {
	dir := t.TempDir()
	summaries := `{"type":"summary","summary":"Fixing the deploy script","leafUuid":"0b1c"}` + "\n" +
		`{"type":"summary","summary":"Another thread","leafUuid":"9f2e"}` + "\n"
	for name, text := range map[string]string{"summaries.jsonl": summaries, "empty.jsonl": ""} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	whole, err := os.ReadFile(filepath.Join(fixtures, fixtureTable[0].file))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "session.jsonl"), whole, 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := Import(context.Background(), testdb.SQLite(t), ClaudeCode, []string{dir}, Options{})
	if err != nil || s.Files != 3 || s.Skipped != 2 || s.Sessions != 1 {
		t.Errorf("import: %+v, %v; want 3 files, 2 skipped, 1 session", s, err)
	}
}
