package main

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
)

// --home wins over $NODECODE_HOME everywhere, the REPL's context files too.
func TestHomeFlagPlacesContextFiles(t *testing.T) {
	env := testEnv(t)
	flagHome := filepath.Join(t.TempDir(), "flag-home")
	out := mustRun(t, env, "(context)\n", "--home", flagHome)
	if !strings.Contains(out, flagHome+string(filepath.Separator)) {
		t.Errorf("(context) wrote %q, want a file under --home %s", out, flagHome)
	}
}

// The command line says what is wrong with itself: `help` is the help,
// a second -e is refused rather than replacing the first, and --json,
// which the REPL cannot honour, is refused there.
func TestCommandLineMistakes(t *testing.T) {
	env := testEnv(t)
	if r := runBin(t, env, "", "help"); r.code != 0 || !strings.HasPrefix(r.stdout, "Usage:") {
		t.Errorf("help: exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
	if r := runBin(t, env, "", "help", "serve"); r.code != 0 || !strings.Contains(r.stdout, "--mcp") {
		t.Errorf("help serve: exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
	if r := runBin(t, env, "", "-e", "1", "-e", "2"); r.code != 2 || r.stdout != "" || !strings.Contains(r.stderr, "given twice") {
		t.Errorf("two -e: exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
	if r := runBin(t, env, "(+ 1 2)\n", "--json"); r.code != 2 || r.stdout != "" || !strings.Contains(r.stderr, "--json") {
		t.Errorf("--json in the REPL: exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
}

// A REPL that runs no turn leaves no session in the store; the first
// turn creates it.
func TestSessionCreatedAtFirstTurn(t *testing.T) {
	env := testEnv(t)
	db := filepath.Join(t.TempDir(), "log.db")
	mustRun(t, env, "/context\n/tree\n", "--db", db)
	if r := runBin(t, env, "", "sessions", "--db", db); r.code != 0 || r.stdout != "" || !strings.Contains(r.stderr, "no sessions in the store yet") {
		t.Errorf("after a REPL that only looked, sessions: exit %d, stdout %q, stderr %q; want nothing listed and the store said empty", r.code, r.stdout, r.stderr)
	}
	mustRun(t, env, "(+ 1 2)\n", "--db", db)
	if out := mustRun(t, env, "", "sessions", "--db", db); strings.Count(out, "\n") != 1 {
		t.Errorf("after one turn, sessions lists %q", out)
	}
}

// /evict of a turn shorter than its stub still evicts, and says the window
// grew, with its size before and after.
func TestEvictSaysWhenTheWindowGrows(t *testing.T) {
	out := mustRun(t, testEnv(t), "1\n2\n/evict through 1\n", "--db", filepath.Join(t.TempDir(), "log.db"))
	line := ""
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, "evicted seq") {
			line = l
		}
	}
	var before, after int
	if _, err := fmt.Sscanf(line[strings.Index(line, "window "):], "window %d → %d tokens", &before, &after); err != nil || after <= before ||
		!strings.Contains(line, "(larger: the stub is longer than what it replaced") {
		t.Errorf("evict line %q (%v)", line, err)
	}
}

// The agent edits its own context file with the file verbs, wherever the
// home is, and the REPL says in one line whether the edit was taken or
// refused. The rest of the home stays out of reach, and the edits are not
// file changes: undo restores nothing of them.
func TestContextFileByFileVerbs(t *testing.T) {
	env := testEnv(t)
	work := t.TempDir()
	stdin := `(+ 1 1)
(defvar *p* (context))
(let* ((tx (read-file *p*)) (h (subseq tx (search "[[m:" tx) (+ 2 (search "]]" tx))))) (edit-file *p* h (concatenate 'string "[[note]]" (string #\Newline) "remember this" (string #\Newline) h)) t)
(+ 2 2)
(progn (context) (write-file *p* "not a context file") t)
(+ 3 3)
(read-file (concatenate 'string (subseq *p* 0 (- (length *p*) 11)) "context.receipt.txt"))
(read-file (concatenate 'string (subseq *p* 0 (- (length *p*) 11)) "context.pending.json"))
(delete-file *p*)
/undo
`
	r := runIn(t, bin, work, env, stdin, "--db", filepath.Join(t.TempDir(), "log.db"), "--workdir", work)
	if r.code != 0 {
		t.Fatalf("exit %d, stderr %q", r.code, r.stderr)
	}
	for _, want := range []string{"context edit: context ", " · taken as context edit seq ", " · refused: first line changed"} {
		if !strings.Contains(r.stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, r.stderr)
		}
	}
	for _, want := range []string{`";; receipt · context `, "error: 1:1: read-file: ", "delete-file: the context file is not deleted"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("stdout lacks %q:\n%s", want, r.stdout)
		}
	}
	for _, line := range strings.Split(r.stdout, "\n") {
		if strings.HasPrefix(line, "  ") && strings.Contains(line, "context") {
			t.Errorf("undo touched the context files: %q", line)
		}
	}
}

// With --json every line of stdout is one JSON value, what a form printed
// a record of its own, and nothing is HTML-escaped.
func TestJSONLinesWithPrintedOutput(t *testing.T) {
	r := runBin(t, testEnv(t), `(print "a<b>&c") (list 1 "<x>") (format t "hi~%")`, "--json", "-")
	want := `{"output":"\n\"a<b>&c\" "}` + "\n" + `"a<b>&c"` + "\n" + `[1,"<x>"]` + "\n" + `{"output":"hi\n"}` + "\n" + "null\n"
	if r.code != 0 || r.stdout != want {
		t.Fatalf("exit %d, stdout %q, want %q; stderr %q", r.code, r.stdout, want, r.stderr)
	}
	for _, line := range strings.Split(strings.TrimSuffix(r.stdout, "\n"), "\n") {
		if !json.Valid([]byte(line)) {
			t.Errorf("not one JSON value: %q", line)
		}
	}
}

// The warning's figure on stderr is the one in the text the agent reads.
func TestWarningPercentAgrees(t *testing.T) {
	// A budget with room for the warning's own tokens (about 75) between
	// 85% and 100%, wider than a turn: a warning that would not fit is an
	// eviction instead (issue 29).
	env := append(testEnv(t), "NODECODE_CONTEXT_TOKENS=1000")
	db := filepath.Join(t.TempDir(), "log.db")
	var cells strings.Builder
	for i := range 60 {
		fmt.Fprintf(&cells, "(list %d \"twenty characters...\")\n", i)
	}
	r := runBin(t, env, cells.String(), "--db", db)
	at := strings.Index(r.stderr, "the window is at ")
	var shown int
	if at < 0 {
		t.Fatalf("no warning on stderr: %q", r.stderr)
	}
	if _, err := fmt.Sscanf(r.stderr[at:], "the window is at %d%%", &shown); err != nil {
		t.Fatalf("no warning on stderr: %q", r.stderr)
	}
	export := mustRun(t, env, "", "log", "export", "--db", db)
	if !strings.Contains(export, fmt.Sprintf(`"text":"[context at %d%% of the budget`, shown)) {
		t.Errorf("stderr says %d%%; the logged warning text: %s", shown, export)
	}
}

// (exit), (quit) and /exit leave the REPL as /quit does: nothing after
// them runs (issue 29: they were cells, and /exit an unknown command).
func TestExitAndQuitLeaveTheREPL(t *testing.T) {
	for _, leave := range []string{"(exit)", "(quit)", " ( QUIT ) ", "/exit", "/quit"} {
		r := runBin(t, testEnv(t), "(+ 40 2)\n"+leave+"\n(+ 1 2)\n", "--home", t.TempDir())
		if r.code != 0 || !strings.Contains(r.stdout, "42") || strings.Contains(r.stdout, "3\n") || strings.Contains(r.stdout+r.stderr, "unknown command") {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want 42, then the REPL left", leave, r.code, r.stdout, r.stderr)
		}
	}
}
