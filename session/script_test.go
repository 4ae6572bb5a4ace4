package session_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/nodelisp/nodelisp/evict"
	"github.com/nodelisp/nodelisp/internal/golden"
	"github.com/nodelisp/nodelisp/session"
	"github.com/nodelisp/nodelisp/store"
)

// TestScripts runs the session scripts of testdata/session, in the manner
// of pebble's datadriven tests: each file is a list of commands, each with
// the text it is given and, after a "----" line, what it must answer,
// ended by a blank line. With -update (internal/golden) the answers are
// rewritten from what the session does, for review with git diff.
//
// The commands, one session per file:
//
//	open tokens=N        the session's budget (before any other command)
//	input                the body is the user's text; answers its seq
//	eval                 the body is a cell; answers its result text
//	send                 a request's window (warning, eviction, edits)
//	window               the window as it stands, changing nothing
//	                     (a window's answer is its figures on one line,
//	                     then each message's id, role and first line)
//	undo [keep-files]    answers the move
//	redo                 answers the move
//	tree N               /tree N: head to turn N, files left as they are
//	evict [ARG]          /evict ARG; answers the boundary and the figures
func TestScripts(t *testing.T) {
	files, err := filepath.Glob("../testdata/session/*.txt")
	if err != nil || len(files) == 0 {
		t.Fatalf("no session scripts in testdata/session (%v)", err)
	}
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txt"), func(t *testing.T) {
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			cases := parseScript(t, file, string(src))
			eachBackend(t, func(t *testing.T, st store.Store) {
				r := &scriptRun{t: t, st: st, ctx: context.Background()}
				for i := range cases {
					cases[i].got = r.run(cases[i])
				}
				if golden.Updating() {
					golden.Write(t, file, formatScript(cases))
					return
				}
				for _, c := range cases {
					if d := cmp.Diff(c.want, c.got); d != "" {
						t.Errorf("%s:%d: %s (-want +got):\n%s", file, c.line, c.cmd, d)
					}
				}
			})
		})
	}
}

// scriptCase is one command of a script.
type scriptCase struct {
	line      int    // where the command stands in its file
	cmd       string // the command line
	comment   string // lines of # comment before it, kept by -update
	body      string
	want, got string
}

// parseScript reads a script into its cases.
func parseScript(t *testing.T, file, src string) []scriptCase {
	t.Helper()
	lines := strings.Split(strings.TrimRight(src, "\n"), "\n")
	var cases []scriptCase
	var comment []string
	for i := 0; i < len(lines); i++ {
		line := lines[i]
		switch {
		case strings.TrimSpace(line) == "":
			continue
		case strings.HasPrefix(line, "#"):
			comment = append(comment, line)
			continue
		}
		c := scriptCase{line: i + 1, cmd: line, comment: strings.Join(comment, "\n")}
		comment = nil
		var body []string
		for i++; i < len(lines) && lines[i] != "----"; i++ {
			body = append(body, lines[i])
		}
		if i == len(lines) {
			t.Fatalf("%s:%d: %s has no ---- line", file, c.line, c.cmd)
		}
		var want []string
		for i++; i < len(lines) && lines[i] != ""; i++ {
			want = append(want, lines[i])
		}
		c.body, c.want = strings.Join(body, "\n"), strings.Join(want, "\n")
		cases = append(cases, c)
	}
	return cases
}

// formatScript writes the cases back with their answers.
func formatScript(cases []scriptCase) string {
	var b strings.Builder
	for i, c := range cases {
		if i > 0 {
			b.WriteString("\n")
		}
		if c.comment != "" {
			b.WriteString(c.comment + "\n")
		}
		b.WriteString(c.cmd + "\n")
		if c.body != "" {
			b.WriteString(c.body + "\n")
		}
		b.WriteString("----\n")
		if c.got != "" {
			b.WriteString(c.got + "\n")
		}
	}
	return b.String()
}

// scriptRun is one script under way on one store.
type scriptRun struct {
	t   *testing.T
	st  store.Store
	ctx context.Context
	s   *session.Session
}

// session is the script's session, opened with no budget when the script
// did not open it.
func (r *scriptRun) session() *session.Session {
	if r.s == nil {
		r.open("")
	}
	return r.s
}

func (r *scriptRun) open(tokens string) {
	s, err := session.Open(r.ctx, r.st, session.Options{Title: "script", Home: r.t.TempDir(), BudgetEnv: &evict.Env{Tokens: tokens}})
	if err != nil {
		r.t.Fatal(err)
	}
	r.s = s
}

// run does one command and returns its answer; an error is an answer too
// ("error: …"), so a script can pin what a command refuses.
func (r *scriptRun) run(c scriptCase) string {
	fields := strings.Fields(c.cmd)
	args := fields[1:]
	switch fields[0] {
	case "open":
		if r.s != nil {
			r.t.Fatalf("line %d: open after the session was used", c.line)
		}
		tokens := ""
		for _, a := range args {
			if v, ok := strings.CutPrefix(a, "tokens="); ok {
				tokens = v
			}
		}
		r.open(tokens)
		return ""
	case "input":
		seq, err := r.session().Input(r.ctx, c.body)
		return answer(fmt.Sprintf("seq %d", seq), err)
	case "eval":
		res, err := r.session().Eval(r.ctx, c.body, session.TurnOptions{})
		if err != nil {
			return answer("", err)
		}
		text := strings.TrimRight(res.Text, "\n")
		if res.Error {
			text = "error " + text
		}
		return noBlankLines(text)
	case "send", "window":
		w, err := r.session().Window(r.ctx, session.WindowOptions{Send: fields[0] == "send"})
		if err != nil {
			return answer("", err)
		}
		return formatWindow(w)
	case "undo":
		mv, err := r.session().Undo(r.ctx, session.UndoOptions{KeepFiles: len(args) > 0 && args[0] == "keep-files"})
		return formatMove(mv, err)
	case "redo":
		mv, err := r.session().Redo(r.ctx, session.UndoOptions{})
		return formatMove(mv, err)
	case "tree":
		var seq int64
		if len(args) != 1 {
			r.t.Fatalf("line %d: tree takes a turn's seq", c.line)
		}
		if _, err := fmt.Sscan(args[0], &seq); err != nil {
			r.t.Fatalf("line %d: tree %s: %v", c.line, args[0], err)
		}
		mv, err := r.session().Continue(r.ctx, seq)
		return formatMove(mv, err)
	case "evict":
		res, err := r.session().Evict(r.ctx, strings.Join(args, " "))
		if err != nil {
			return answer("", err)
		}
		return fmt.Sprintf("boundary %d · turns %v · tokens %d → %d", res.Boundary, res.Turns, res.Before, res.After)
	}
	r.t.Fatalf("line %d: unknown command %q", c.line, fields[0])
	return ""
}

func answer(ok string, err error) string {
	if err != nil {
		return "error: " + err.Error()
	}
	return ok
}

func formatMove(mv session.Move, err error) string {
	if err != nil {
		return answer("", err)
	}
	out := []string{fmt.Sprintf("head %d → %d (%s)", mv.From, mv.To, mv.Why)}
	out = append(out, mv.Files...)
	out = append(out, mv.Image...)
	return strings.Join(out, "\n")
}

// formatWindow is a window's figures on one line, then each message: its
// id, role and first line, cut at 100 characters.
func formatWindow(w *session.Window) string {
	figures := fmt.Sprintf("head %d · budget %d (%s) · used %d · boundary %d", w.Head, w.Budget, w.Source, w.Used(), w.Boundary)
	for _, flag := range []struct {
		on   bool
		name string
	}{{w.Warned, "warned"}, {w.Warning, "warning given"}, {w.Evicted, "evicted"}} {
		if flag.on {
			figures += " · " + flag.name
		}
	}
	out := []string{figures}
	for _, m := range w.Messages {
		first, _, _ := strings.Cut(m.Text, "\n")
		if r := []rune(first); len(r) > 100 {
			first = string(r[:100]) + "…"
		}
		out = append(out, fmt.Sprintf("%s %s: %s", m.ID, m.Role, first))
	}
	return noBlankLines(strings.Join(out, "\n"))
}

// noBlankLines keeps an answer a block: a blank line ends one.
func noBlankLines(s string) string {
	return strings.ReplaceAll(s, "\n\n", "\n.\n")
}
