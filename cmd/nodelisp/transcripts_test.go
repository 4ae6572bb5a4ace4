package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// log import --from reads a directory of Claude Code transcripts as the
// tool lays them out; a second run adds nothing; recall then finds a tool
// call of one of them; a torn last line waits, a corrupt line is named
// and skipped.
func TestLogImportTranscripts(t *testing.T) {
	env := testEnv(t)
	dir, err := filepath.Abs("../../testdata/transcripts/claude-code")
	if err != nil {
		t.Fatal(err)
	}
	r := runBin(t, env, "", "log", "import", "--from", "claude-code", dir)
	if r.code != 0 || r.stderr != "imported 5 files: 5 new sessions, 0 grown, 169 events\n" {
		t.Fatalf("import: exit %d, stderr %q", r.code, r.stderr)
	}
	r = runBin(t, env, "", "log", "import", "--from", "claude-code", dir)
	if r.code != 0 || r.stderr != "imported 5 files: 0 new sessions, 0 grown, 0 events\n" {
		t.Errorf("second import: exit %d, stderr %q", r.code, r.stderr)
	}
	out := mustRun(t, env, "", "-e", `(recall-search "mix phx.server" :kinds :tool-call :window 60)`)
	want := `((:session-id "claude-code-d6e0bada-1959-4eec-a9d2-0bfade768d8f" :title "start phoenix in background" :seq 5 :text "Bash {\"command\":\"mix phx.server\",\"description\":\"Start Phoeni" :source "claude-code"))` + "\n"
	if out != want {
		t.Errorf("recall-search:\n got %s\nwant %s", out, want)
	}

	whole, err := os.ReadFile(filepath.Join(dir, "projects/-home-marco-projects-spotter/d6e0bada-1959-4eec-a9d2-0bfade768d8f.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	// A torn last line waits for the rest; a corrupt line in the middle
	// is named and skipped, and the rest of its file goes in.
	cut := filepath.Join(t.TempDir(), "cut.jsonl")
	writeFile(t, cut, string(whole[:len(whole)-100]))
	fresh := testEnv(t)
	r = runBin(t, fresh, "", "log", "import", "--from", "claude-code", cut)
	if r.code != 0 || r.stderr != "imported 1 files: 1 new sessions, 0 grown, 38 events\n" {
		t.Errorf("torn last line: exit %d, stderr %q", r.code, r.stderr)
	}
	lines := strings.SplitAfter(string(whole), "\n")
	lines[4] = "{\"type\":\n"
	bad := filepath.Join(t.TempDir(), "bad.jsonl")
	writeFile(t, bad, strings.Join(lines, ""))
	r = runBin(t, testEnv(t), "", "log", "import", "--from", "claude-code", bad)
	if r.code != 1 || !strings.Contains(r.stderr, "nodelisp: "+bad+":5: not a JSON object") ||
		!strings.Contains(r.stderr, "line skipped, the rest of the file imported") || !strings.Contains(r.stderr, "1 new sessions") {
		t.Errorf("corrupt middle line: exit %d, stderr %q", r.code, r.stderr)
	}
	r = runBin(t, env, "", "log", "import", "--from", "cursor", dir)
	if r.code != 2 || !strings.Contains(r.stderr, `--from "cursor": give claude-code, codex, pi`) {
		t.Errorf("unknown tool: exit %d, stderr %q", r.code, r.stderr)
	}
}
