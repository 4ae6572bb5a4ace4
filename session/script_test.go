package session_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
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
//	open tokens=N        the session's budget (before any other command);
//	                     the body, if any, is the system prompt
//	input                the body is the user's text; answers its seq
//	answer               the body is the assistant's answer; its seq
//	eval                 the body is a cell; answers its result text
//	send                 a request's window (warning, eviction, edits),
//	                     then the receipt of a context edit it took
//	window               the window as it stands, changing nothing
//	                     (a window's answer is its figures on one line,
//	                     then each message's id, role and first line;
//	                     send full and window full give every line,
//	                     and a message's seq where it is not its id)
//	undo [keep-files]    answers the move
//	redo                 answers the move
//	tree N               /tree N: head to turn N, files left as they are
//	evict [ARG]          /evict ARG; answers the boundary and the figures
//	export               (context): writes the context file, answers it
//	                     with its nonce shown as NONCE (and an earlier
//	                     export's as NONCE-1, NONCE-2, …)
//	edit-context         edits the context file as an agent would: the
//	                     body is whole lines to find, a "====" line, and
//	                     the lines to put instead (NONCE, STORE and
//	                     SESSION stand for the last export's nonce and
//	                     the ids); a file lacking them fails
//	events KIND          the session's events of a kind, "seq N: " and the
//	                     payload, one a line
//	receipt-file         the receipt file: "none", "the last send's
//	                     receipt" when it is that, else its text
//	turns                /tree's listing: each turn indented by depth, its
//	                     parent, head, on path or hidden, its first line
//	fork [TITLE]         the session forked at head; later commands go to
//	                     the fork; answers its head and whether its window
//	                     is the parent's, every field
//	resume               the session resumed by a new host, as after a
//	                     restart; answers "the same window" when the
//	                     window it rebuilds from the log is the one the
//	                     session had, every field, else the difference
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
	t       *testing.T
	st      store.Store
	ctx     context.Context
	s       *session.Session
	opts    session.Options
	nonce   string   // the last export's
	nonces  []string // every export's, oldest first
	latest  string   // the context file as the last export or edit left it
	receipt string   // the last send's receipt text, "" for none
}

// session is the script's session, opened with no budget when the script
// did not open it.
func (r *scriptRun) session() *session.Session {
	if r.s == nil {
		r.open("", "")
	}
	return r.s
}

func (r *scriptRun) open(tokens, system string) {
	r.opts = session.Options{Title: "script", Home: r.t.TempDir(), BudgetEnv: &evict.Env{Tokens: tokens}, System: system}
	s, err := session.Open(r.ctx, r.st, r.opts)
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
		r.open(tokens, c.body)
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
	case "answer":
		seq, err := r.session().Answer(r.ctx, c.body)
		return answer(fmt.Sprintf("seq %d", seq), err)
	case "send", "window":
		w, err := r.session().Window(r.ctx, session.WindowOptions{Send: fields[0] == "send"})
		if err != nil {
			return answer("", err)
		}
		out := formatWindow(w, len(args) > 0 && args[0] == "full")
		r.receipt = ""
		if w.Receipt != nil {
			r.receipt = w.Receipt.Text()
			out += "\nreceipt:\n" + noBlankLines(r.hideNonce(strings.TrimRight(r.receipt, "\n")))
		}
		return out
	case "receipt-file":
		data, err := os.ReadFile(filepath.Join(r.opts.Home, "context", r.st.ID(), r.session().ID(), "context.receipt.txt"))
		switch {
		case os.IsNotExist(err):
			return "none"
		case err != nil:
			r.t.Fatal(err)
		case string(data) == r.receipt:
			return "the last send's receipt"
		}
		return noBlankLines(r.hideNonce(strings.TrimRight(string(data), "\n")))
	case "export":
		path, err := r.session().ExportContext(r.ctx)
		if err != nil {
			return answer("", err)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			r.t.Fatal(err)
		}
		m := exportNonce.FindStringSubmatch(string(data))
		if m == nil {
			r.t.Fatalf("line %d: the context file's first line has no nonce: %q", c.line, data)
		}
		r.nonce, r.latest = m[1], string(data)
		r.nonces = append(r.nonces, r.nonce)
		return noBlankLines(r.hideNonce(strings.TrimRight(r.latest, "\n")))
	case "edit-context":
		old, repl, ok := strings.Cut(c.body, "\n====")
		if !ok {
			r.t.Fatalf("line %d: edit-context's body has no ==== line", c.line)
		}
		real := strings.NewReplacer("NONCE", r.nonce, "STORE", r.st.ID(), "SESSION", r.session().ID())
		old = "\n" + real.Replace(old) + "\n"
		repl = "\n" + strings.TrimPrefix(real.Replace(repl)+"\n", "\n")
		file := "\n" + r.latest // so that the first line is a whole line too
		if !strings.Contains(file, old) {
			r.t.Fatalf("line %d: the context file lacks %q:\n%s", c.line, old, r.latest)
		}
		r.latest = strings.Replace(file, old, repl, 1)[1:]
		if err := os.WriteFile(filepath.Join(r.opts.Home, "context", r.st.ID(), r.s.ID(), "context.txt"), []byte(r.latest), 0o644); err != nil {
			r.t.Fatal(err)
		}
		return ""
	case "events":
		res, err := r.st.Scan(r.ctx, store.Query{Session: r.session().ID(), Kinds: []string{strings.Join(args, " ")}})
		if err != nil {
			return answer("", err)
		}
		var out []string
		for _, e := range res.Events {
			out = append(out, fmt.Sprintf("seq %d: %s", e.Seq, r.hideNonce(string(e.Payload))))
		}
		return strings.Join(out, "\n")
	case "turns":
		turns, err := r.session().Tree(r.ctx)
		if err != nil {
			return answer("", err)
		}
		var out []string
		for _, t := range turns {
			line := fmt.Sprintf("%s%d (parent %d)", strings.Repeat("  ", t.Depth), t.Seq, t.Parent)
			line += flags(figureFlag{t.Head, "head"}, figureFlag{t.OnPath, "on path"}, figureFlag{t.Hidden, "hidden"})
			out = append(out, line+": "+t.FirstLine)
		}
		return strings.Join(out, "\n")
	case "fork":
		d, err := r.switchTo(func() (*session.Session, error) { return r.session().Fork(r.ctx, strings.Join(args, " ")) })
		if err != nil {
			return answer("", err)
		}
		if d != "" {
			return fmt.Sprintf("fork at head %d; its window differs (-parent +fork):\n%s", r.s.Head(), d)
		}
		return fmt.Sprintf("fork at head %d, the parent's window", r.s.Head())
	case "resume":
		d, err := r.switchTo(func() (*session.Session, error) { return session.Resume(r.ctx, r.st, r.session().ID(), r.opts) })
		if err != nil {
			return answer("", err)
		}
		if d != "" {
			return "the resumed window differs (-before +after):\n" + d
		}
		return "the same window"
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
		return fmt.Sprintf("boundary %d · turns %v · seq %d–%d · tokens %d → %d · event seq %d", res.Boundary, res.Turns, res.First, res.Last, res.Before, res.After, res.Seq)
	}
	r.t.Fatalf("line %d: unknown command %q", c.line, fields[0])
	return ""
}

// exportNonce finds the nonce on a context file's first line.
var exportNonce = regexp.MustCompile(`^;; context ([0-9a-f]+) · `)

// hideNonce shows what differs from run to run as words: the export's
// nonce as NONCE, the store's id as STORE and the session's as SESSION.
// An earlier export's nonce is NONCE-1, NONCE-2, … in the order of the
// exports, and a nonce no export made (a (context …) call's) is CALL.
func (r *scriptRun) hideNonce(s string) string {
	for i, n := range r.nonces {
		word := "NONCE"
		if i < len(r.nonces)-1 {
			word = fmt.Sprintf("NONCE-%d", i+1)
		}
		s = strings.ReplaceAll(s, n, word)
	}
	s = callNonce.ReplaceAllString(s, `"nonce":"CALL"`)
	return strings.NewReplacer(r.st.ID(), "STORE", r.session().ID(), "SESSION").Replace(s)
}

// callNonce is a nonce left in a payload after the exports' are hidden.
var callNonce = regexp.MustCompile(`"nonce":"[0-9a-f]{8,}"`)

// switchTo makes the session open returns the script's, and returns how
// its window differs from the one the script's session had, every field
// ("" for none).
func (r *scriptRun) switchTo(open func() (*session.Session, error)) (string, error) {
	before, err := r.session().Window(r.ctx, session.WindowOptions{})
	if err != nil {
		return "", err
	}
	s, err := open()
	if err != nil {
		return "", err
	}
	r.s = s
	after, err := s.Window(r.ctx, session.WindowOptions{})
	if err != nil {
		return "", err
	}
	return noBlankLines(cmp.Diff(before, after)), nil
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
func formatWindow(w *session.Window, full bool) string {
	figures := fmt.Sprintf("head %d · budget %d (%s) · used %d · boundary %d", w.Head, w.Budget, w.Source, w.Used(), w.Boundary)
	figures += flags(figureFlag{w.Warned, "warned"}, figureFlag{w.Warning, "warning given"}, figureFlag{w.Evicted, "evicted"})
	if w.Usage.Notes > 0 {
		figures += fmt.Sprintf(" · notes %d", w.Usage.Notes)
	}
	out := []string{figures}
	for _, m := range w.Messages {
		if full {
			id := m.ID
			if seq := fmt.Sprint(m.Seq); m.Seq != 0 && seq != id {
				id += " (seq " + seq + ")" // a message's seq is its id but for notes and the stub
			}
			out = append(out, fmt.Sprintf("%s %s: %s", id, m.Role, strings.ReplaceAll(m.Text, "\n", "\n  ")))
			continue
		}
		first, _, _ := strings.Cut(m.Text, "\n")
		if r := []rune(first); len(r) > 100 {
			first = string(r[:100]) + "…"
		}
		out = append(out, fmt.Sprintf("%s %s: %s", m.ID, m.Role, first))
	}
	return noBlankLines(strings.Join(out, "\n"))
}

// figureFlag is a yes/no figure of an answer, named when it is yes.
type figureFlag struct {
	on   bool
	name string
}

// flags is " · name" for each flag that is on.
func flags(fs ...figureFlag) string {
	var b strings.Builder
	for _, f := range fs {
		if f.on {
			b.WriteString(" · " + f.name)
		}
	}
	return b.String()
}

// noBlankLines keeps an answer a block: a blank line ends one.
func noBlankLines(s string) string {
	return strings.ReplaceAll(s, "\n\n", "\n.\n")
}
