package main

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// A REPL whose stdin is not a terminal reads cells and slash commands
// without prompts and prints each result on its own line.
func TestPipedSession(t *testing.T) {
	env := testEnv(t)
	script := `(defun sq (x)
  (* x x))
;; a note heads the cell below it
(sq 12)
(print "hi")
/undo
/redo
(car 5)
/quit
(sq 2)
`
	r := runBin(t, env, script)
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	want := `sq
144

"hi" 
"hi"
head 10 → 6 (undo)
head 6 → 10 (redo)
error: 1:1: car: the value 5 is not a list
`
	if diff := cmp.Diff(want, r.stdout); diff != "" {
		t.Errorf("stdout (-want +got):\n%s", diff)
	}
	if r.stderr != "" {
		t.Errorf("stderr: %q", r.stderr)
	}
}

// Each input is a turn: the typed cell is its input, then a request (the
// window rebuilt before the cell runs), then the cell as its one tool
// call with its result.
func TestPipedInputIsATurn(t *testing.T) {
	env := testEnv(t)
	mustRun(t, env, ";; square it\n(* 7 7)\n")
	var kinds []string
	var input, call, result map[string]any
	for _, line := range strings.Split(strings.TrimSpace(mustRun(t, env, "", "log", "export")), "\n") {
		var l struct {
			Type, Kind string
			Payload    map[string]any
		}
		if err := json.Unmarshal([]byte(line), &l); err != nil {
			t.Fatalf("%v: %s", err, line)
		}
		if l.Type != "event" {
			continue
		}
		kinds = append(kinds, l.Kind)
		switch l.Kind {
		case "input":
			input = l.Payload
		case "tool call":
			call = l.Payload
		case "tool result":
			result = l.Payload
		}
	}
	if diff := cmp.Diff([]string{"input", "request", "tool call", "tool result"}, kinds); diff != "" {
		t.Fatalf("event kinds (-want +got):\n%s", diff)
	}
	cell := ";; square it\n(* 7 7)"
	if input["text"] != cell || call["code"] != cell || call["note"] != "square it" || result["text"] != "49" {
		t.Errorf("input %v, call %v, result %v", input, call, result)
	}
}

func TestPipedSlashErrors(t *testing.T) {
	env := testEnv(t)
	r := runBin(t, env, "/frobnicate\n/tree x\n/undo\n/evict 200\n(+ 1 2)\n")
	if r.code != 0 {
		t.Fatalf("exit %d", r.code)
	}
	if r.stdout != "3\n" {
		t.Errorf("stdout %q, want the one cell's result", r.stdout)
	}
	lines := strings.Split(strings.TrimSpace(r.stderr), "\n")
	want := []string{
		"nodelisp: /frobnicate: unknown command",
		commandsLine,
		`nodelisp: /tree: "x" is not a turn: give the seq /tree shows`,
		commandsLine,
		"nodelisp: /undo: nothing to undo: head is at the root",
	}
	if len(lines) < len(want)+1 {
		t.Fatalf("stderr:\n%s", r.stderr)
	}
	if diff := cmp.Diff(want, lines[:len(want)]); diff != "" {
		t.Errorf("stderr (-want +got):\n%s", diff)
	}
	if !strings.HasPrefix(lines[len(want)], "nodelisp: /evict: ") || lines[len(want)+1] != commandsLine {
		t.Errorf("a bad /evict percent: %q", lines[len(want):])
	}
}

// commandsLine is the line that follows a slash command's usage error.
const commandsLine = "commands: /context, /evict [PERCENT | through TURN] (/compact), /tree [N [rewind [--keep-files]]] (/checkpoints), " +
	"/undo [--keep-files], /redo [--keep-files], /fork [TITLE], /help, /quit (/exit)"

func TestPipedEvictAndTree(t *testing.T) {
	env := testEnv(t)
	out := mustRun(t, env, "(+ 1 1)\n(+ 2 2)\n(+ 3 3)\n/evict through 5\n/context\n/tree 1\n/tree\n/tree 5 rewind\n")
	for _, want := range []string{
		"evicted seq 1–8 · 2 turns",
		"boundary seq 5",
		"boundary: seq 5 (turns with input seq ≤ 5 are evicted)",
		"head 9 → 1 (tree)",
		"1  (+ 1 1)  ← head\n5  (+ 2 2)  (hidden)\n9  (+ 3 3)  (hidden)\n",
		"head 1 → 5 (rewind)",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

// A malformed config.jsonc stops the REPL before anything runs, naming
// the place, with exit status 2.
func TestMalformedConfig(t *testing.T) {
	cfg := t.TempDir() + "/config.jsonc"
	writeFile(t, cfg, "{\n  \"model\": \"a/b\",\n  \"providers\": [}\n")
	r := runBin(t, testEnv(t, "NODECODE_CONFIG="+cfg), "(+ 1 2)\n")
	if r.code != 2 || !strings.HasPrefix(r.stderr, "nodelisp: "+cfg+":3:") || r.stdout != "" {
		t.Errorf("exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
}

// The model comes from --model, else NODECODE_MODEL, else config.jsonc;
// the budget from the config's context_window for it.
func TestModelPrecedence(t *testing.T) {
	cfg := t.TempDir() + "/config.jsonc"
	writeFile(t, cfg, `{
  // the default model
  "model": "acme/big",
  "providers": {"acme": {"models": [
    {"id": "big", "context_window": 9000},
    {"id": "small", "context_window": 3000},
  ]}},
}`)
	env := testEnv(t, "NODECODE_CONFIG="+cfg)
	for _, tc := range []struct {
		env  []string
		args []string
		want string
	}{
		{env, nil, "model acme/big"},
		{append(env, "NODECODE_MODEL=acme/small"), nil, "model acme/small"},
		{append(env, "NODECODE_MODEL=acme/small"), []string{"--model", "acme/big"}, "model acme/big"},
	} {
		out := mustRun(t, tc.env, "/context\n", tc.args...)
		if !strings.Contains(out, tc.want) {
			t.Errorf("%v: %s", tc.args, out)
		}
	}
	out := mustRun(t, append(env, "NODECODE_MODEL=acme/small"), "/context\n")
	if !strings.Contains(out, "budget: 3,000 tokens, from config.jsonc") {
		t.Errorf("budget: %s", out)
	}
}

// /tree draws a line of turns straight down and each branch off it with
// box-drawing characters.
func TestTreeBranches(t *testing.T) {
	out := mustRun(t, testEnv(t), "(+ 1 1)\n(+ 2 2)\n(+ 3 3)\n/undo\n/undo\n(* 1 1)\n/undo\n/undo\n(- 5)\n/tree\n")
	_, tree, _ := strings.Cut(out, "head 1 → root (undo)\n-5\n")
	want := `ID
├─ 1  (+ 1 1)  (hidden)
│  ├─ 5  (+ 2 2)  (hidden)
│  │  9  (+ 3 3)  (hidden)
│  17  (* 1 1)  (hidden)
25  (- 5)  ← head
`
	_, rest, _ := strings.Cut(tree, "\n") // the first line is the session id
	if diff := cmp.Diff(want, "ID\n"+rest); diff != "" {
		t.Errorf("/tree (-want +got):\n%s", diff)
	}
}

// A request over 85% of the budget warns; the next one still over it
// evicts. The REPL says so on stderr. The budget has room for the
// warning's own tokens (about 75) between 85% and 100%: a warning that
// would not fit is an eviction instead (issue 29).
func TestPipedWarningAndEviction(t *testing.T) {
	r := runBin(t, testEnv(t, "NODECODE_CONTEXT_TOKENS=1000"), strings.Repeat("(list 1 2 3 4 5 6 7 8)\n", 60))
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	warn := strings.Index(r.stderr, "of its budget; the next input still over 85% evicts down to 50%")
	evicted := strings.Index(r.stderr, "nodelisp: evicted: the window is now ")
	if warn < 0 || evicted < warn {
		t.Errorf("stderr:\n%s", r.stderr)
	}
	if n := strings.Count(r.stdout, "(1 2 3 4 5 6 7 8)\n"); n != 60 {
		t.Errorf("%d results, want 60:\n%s", n, r.stdout)
	}
}

// The REPL prints an error's frames under its line: calls in an earlier
// cell name it by its seq.
func TestPipedBacktrace(t *testing.T) {
	r := runBin(t, testEnv(t), "(defun c (x) (car x))\n(defun b (x) (list (c x)))\n(b 5)\n")
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	if !regexp.MustCompile(`error: 1:1: car: the value 5 is not a list \(at 1:14 in \[seq \d+\], in the earlier cell that defined the code\)
  c, called at 1:20 in \[seq \d+\]
  b, called at 1:1
$`).MatchString(r.stdout) {
		t.Errorf("stdout:\n%s", r.stdout)
	}
}

// /tree draws a line under the last evicted turn on the path to head
// (issue 29: nothing showed where eviction had reached).
func TestTreeMarksEvictionBoundary(t *testing.T) {
	out := mustRun(t, testEnv(t), "(+ 1 1)\n(+ 2 2)\n(+ 3 3)\n/tree\n/evict through 5\n/tree\n")
	before := "1  (+ 1 1)\n5  (+ 2 2)\n9  (+ 3 3)  ← head\n"
	after := "1  (+ 1 1)\n5  (+ 2 2)\n┄┄ evicted above: turns up to seq 5 are recalled from the log ┄┄\n9  (+ 3 3)  ← head\n"
	if !strings.Contains(out, before) || !strings.Contains(out, after) {
		t.Errorf("want the tree without a boundary line, then with it under seq 5:\n%s", out)
	}
}
