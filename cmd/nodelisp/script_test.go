package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestEval(t *testing.T) {
	if out := mustRun(t, testEnv(t), "", "-e", "(+ 1 2)"); out != "3\n" {
		t.Errorf("-e: %q", out)
	}
}

// A script that never reads the log never opens the store.
func TestScriptOpensNoStore(t *testing.T) {
	env := testEnv(t)
	mustRun(t, env, "", "-e", `(format t "~a~%" (list 1 2))`)
	if entries, _ := os.ReadDir(envValue(env, "NODECODE_HOME")); len(entries) != 0 {
		t.Errorf("the home holds %v after a script that never read the log", entries)
	}
}

// --json prints each top-level result as a JSON line: plists as objects,
// lists as arrays.
func TestScriptJSON(t *testing.T) {
	dir := t.TempDir()
	script := filepath.Join(dir, "rows.lisp")
	writeFile(t, script, `(list :name "sq" :arity 1)
(list 1 2.5 "three" nil t)
(length *args*)
`)
	out := mustRun(t, testEnv(t), "", "--json", script, "a", "b")
	var got []any
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var v any
		if err := json.Unmarshal([]byte(line), &v); err != nil {
			t.Fatalf("%q is not JSON: %v", line, err)
		}
		got = append(got, v)
	}
	want := []any{
		map[string]any{"name": "sq", "arity": 1.0},
		[]any{1.0, 2.5, "three", nil, true},
		2.0,
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("--json (-want +got):\n%s", diff)
	}
}

func TestScriptArgsAndStdin(t *testing.T) {
	dir := t.TempDir()
	script := filepath.Join(dir, "args.lisp")
	writeFile(t, script, "(format t \"~{~a~^,~}~%\" *args*)\n")
	if out := mustRun(t, testEnv(t), "", script, "x", "y"); out != "x,y\n" {
		t.Errorf("*args*: %q", out)
	}
	if out := mustRun(t, testEnv(t), "(print (expt 2 100))", "-"); out != "\n1267650600228229401496703205376 " {
		t.Errorf("stdin: %q", out)
	}
}

// Errors go to stderr as FILE:LINE:COL: message with exit status 1.
func TestScriptErrors(t *testing.T) {
	dir := t.TempDir()
	script := filepath.Join(dir, "bad.lisp")
	writeFile(t, script, "(print 1)\n\n  (car 5)\n")
	r := runBin(t, testEnv(t), "", script)
	if r.code != 1 || r.stderr != script+":3:3: car: the value 5 is not a list\n" {
		t.Errorf("exit %d, stderr %q", r.code, r.stderr)
	}
	r = runBin(t, testEnv(t), "", "-e", "(+ 1")
	if r.code != 1 || !strings.HasPrefix(r.stderr, "-e:1:1: ") {
		t.Errorf("reader error: exit %d, stderr %q", r.code, r.stderr)
	}
	r = runBin(t, testEnv(t), "", filepath.Join(dir, "missing.lisp"))
	if r.code != 1 || !strings.Contains(r.stderr, "missing.lisp") {
		t.Errorf("missing file: exit %d, stderr %q", r.code, r.stderr)
	}
}

// A script's warnings and what it writes to *error-output* go to stderr,
// as in every Common Lisp; standard output keeps only what it printed.
func TestScriptErrorOutputIsStderr(t *testing.T) {
	r := runBin(t, testEnv(t), "", "-e", `(progn (warn "careful ~a" 1) (format *error-output* "to err~%") (princ "to out") nil)`)
	if r.code != 0 || r.stdout != "to outnil\n" || r.stderr != "WARNING: careful 1\nto err\n" {
		t.Errorf("exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
}

// Usage errors exit 2 with a one-line reason.
func TestUsageErrors(t *testing.T) {
	for _, args := range [][]string{
		{"--no-such-flag"},
		{"-e"},
		{"log"},
		{"log", "frob"},
		{"log", "import"},
		{"db"},
		{"sessions", "extra"},
		{"log", "gen", "--sessions", "0"},
	} {
		r := runBin(t, testEnv(t), "", args...)
		if r.code != 2 || r.stderr == "" {
			t.Errorf("%v: exit %d, stderr %q", args, r.code, r.stderr)
		}
	}
}

// --session runs a script against a session's log: recall reads it.
func TestScriptSession(t *testing.T) {
	env := testEnv(t)
	mustRun(t, env, ";; the deploy script\n(+ 40 2)\n")
	var row struct{ ID string }
	if err := json.Unmarshal([]byte(mustRun(t, env, "", "sessions", "--json")), &row); err != nil {
		t.Fatal(err)
	}
	out := mustRun(t, env, "", "--session", row.ID, "--json", "-e", `(recall-log :match "%deploy%" :kinds "tool call")`)
	var rows []map[string]any
	if err := json.Unmarshal([]byte(out), &rows); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	if len(rows) != 1 || rows[0]["kind"] != "tool call" || rows[0]["body"] != ";; the deploy script\n(+ 40 2)" {
		t.Errorf("recall-log over --session: %v", rows)
	}
}

func TestVersion(t *testing.T) {
	if out := mustRun(t, testEnv(t), "", "--version"); !strings.HasPrefix(out, "nodelisp ") {
		t.Errorf("--version: %q", out)
	}
}

// A script's error prints the Lisp frames under its line; with --json the
// error is also a record on stdout with its type and the frames as a list.
func TestScriptBacktrace(t *testing.T) {
	script := filepath.Join(t.TempDir(), "chain.lisp")
	writeFile(t, script, "(defun c (x) (car x))\n(defun b (x) (list (c x)))\n(defun a (x) (list (b x)))\n(a 5)\n")
	r := runBin(t, testEnv(t), "", script)
	want := script + ":1:14: car: the value 5 is not a list\n  c, called at 2:20\n  b, called at 3:20\n  a, called at 4:1\n"
	if r.code == 0 || r.stderr != want {
		t.Errorf("exit %d, stderr (-want +got):\n%s", r.code, cmp.Diff(want, r.stderr))
	}
	r = runBin(t, testEnv(t), "", "--json", script)
	lines := strings.Split(strings.TrimSpace(r.stdout), "\n")
	var rec struct {
		Error struct {
			Type      string `json:"type"`
			Position  string `json:"position"`
			Backtrace []struct {
				Function string `json:"function"`
				Call     string `json:"call"`
			} `json:"backtrace"`
		} `json:"error"`
	}
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &rec); err != nil {
		t.Fatalf("last line %q: %v", lines[len(lines)-1], err)
	}
	e := rec.Error
	if e.Type != "type-error" || e.Position != "1:14" || len(e.Backtrace) != 3 || e.Backtrace[0].Function != "c" || e.Backtrace[2].Call != "4:1" {
		t.Errorf("error record %+v", e)
	}
}
