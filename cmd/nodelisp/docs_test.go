package main

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// The examples of the user's docs are run against the built binary, and
// their output compared with what the page shows. Two kinds of fenced
// block are examples:
//
//   - ```sh: lines "$ COMMAND" run with sh in a directory of the page's own
//     (stdout and stderr together, as a terminal shows them); a heredoc
//     continues the command to its terminator. The lines after a command,
//     up to the next one, are its output. A line "..." stands for any
//     number of lines. "go run ./cmd/nodelisp" is the built binary, and
//     "make TARGET" is checked with make -n (make test cannot run
//     inside itself). The repository's testdata/ is there too, as a
//     symbolic link, so a command over a fixture reads as it is typed in
//     the repository.
//   - ```repl: a REPL transcript. Lines after a prompt "ID USAGE > " are
//     typed (a continuation line starts with spaces and ".. "); the other
//     lines are what the REPL printed. The inputs are piped into the REPL
//     under --echo, which prints the prompts and inputs as a terminal
//     does, and the whole transcript is compared, prompts and all. Transcripts with only prose
//     between them are one REPL run; a run after the first resumes the
//     session the previous one ended in (a /fork moves it).
//
// Session ids, store ids and times differ from run to run, so both sides
// have them replaced by placeholders before they are compared. Every page
// runs in a fresh home, which the page shows as the default one,
// /home/me/.local/share/nodecode, and in a fresh directory, shown as
// /home/me/app.
var docPages = []string{
	"../../docs/getting-started.md",
	"../../docs/cli.md",
	"../../docs/recall.md",
	"../../docs/context.md",
	"../../docs/eviction.md",
	"../../docs/files.md",
	"../../docs/configuration.md",
}

func TestDocExamples(t *testing.T) {
	for _, page := range docPages {
		t.Run(filepath.Base(page), func(t *testing.T) {
			blocks := docBlocks(t, page)
			if len(blocks) == 0 {
				t.Fatalf("%s has no examples", page)
			}
			d := &docRun{t: t, env: testEnv(t, "PATH="+filepath.Dir(bin)+":"+os.Getenv("PATH")), dir: t.TempDir()}
			testdata, err := filepath.Abs("../../testdata")
			if err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink(testdata, filepath.Join(d.dir, "testdata")); err != nil {
				t.Fatal(err)
			}
			// Transcripts with only prose between them are one REPL run.
			var run []docBlock
			for _, b := range blocks {
				if b.lang == "repl" {
					run = append(run, b)
					continue
				}
				d.transcript(run)
				run = nil
				d.shell(b)
			}
			d.transcript(run)
		})
	}
}

// docBlock is one fenced example and the line it starts on.
type docBlock struct {
	lang  string
	line  int
	lines []string
}

func docBlocks(t *testing.T, path string) []docBlock {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var blocks []docBlock
	var cur *docBlock
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		switch {
		case cur == nil && (line == "```sh" || line == "```repl"):
			cur = &docBlock{lang: strings.TrimPrefix(line, "```"), line: n + 1}
		case cur != nil && line == "```":
			blocks = append(blocks, *cur)
			cur = nil
		case cur != nil:
			cur.lines = append(cur.lines, line)
		}
	}
	if cur != nil {
		t.Fatalf("%s: the block at line %d is not closed", path, cur.line)
	}
	return blocks
}

// docRun is one page's examples, run in order in one home and directory.
type docRun struct {
	t       *testing.T
	env     []string
	dir     string
	session string // the session the last transcript ended in
}

var heredoc = regexp.MustCompile(`<<-?'?([A-Z]+)'?`)

func (d *docRun) shell(b docBlock) {
	t := d.t
	t.Helper()
	type example struct {
		line     int
		cmd      string
		expected []string
	}
	var examples []example
	for i := 0; i < len(b.lines); i++ {
		l := b.lines[i]
		if !strings.HasPrefix(l, "$ ") {
			if len(examples) == 0 {
				t.Fatalf("line %d: output before any command: %q", b.line+i, l)
			}
			e := &examples[len(examples)-1]
			e.expected = append(e.expected, l)
			continue
		}
		cmd := strings.TrimPrefix(l, "$ ")
		start := b.line + i
		if m := heredoc.FindStringSubmatch(cmd); m != nil {
			for i++; i < len(b.lines) && b.lines[i] != m[1]; i++ {
				cmd += "\n" + b.lines[i]
			}
			cmd += "\n" + m[1]
		}
		examples = append(examples, example{line: start, cmd: cmd})
	}
	for _, e := range examples {
		cmd := strings.ReplaceAll(e.cmd, "go run ./cmd/nodelisp", "nodelisp")
		if strings.HasPrefix(cmd, "make ") {
			d.checkMake(e.line, cmd)
			continue
		}
		c := exec.Command("sh", "-c", "exec 2>&1\n"+cmd)
		c.Env, c.Dir = d.env, d.dir
		out, _ := c.Output()
		d.compare(e.line, e.cmd, e.expected, string(out))
	}
}

// checkMake dry-runs a make target in the repository.
func (d *docRun) checkMake(line int, cmd string) {
	c := exec.Command("sh", "-c", strings.Replace(cmd, "make ", "make -n ", 1))
	c.Dir = "../.."
	if out, err := c.CombinedOutput(); err != nil {
		d.t.Errorf("line %d: %s: %v\n%s", line, cmd, err, out)
	}
}

var (
	promptLine = regexp.MustCompile(`^s-[a-z2-7]{8} [^>]* > (.*)$`)
	contLine   = regexp.MustCompile(`^ +\.\. (.*)$`)
)

func (d *docRun) transcript(run []docBlock) {
	if len(run) == 0 {
		return
	}
	var input []string
	var expected []string
	var lines []string
	for _, b := range run {
		lines = append(lines, b.lines...)
	}
	var env []string
	var args []string
	for _, l := range lines {
		switch {
		case strings.HasPrefix(l, "$ "):
			// how the REPL was started: VAR=VALUE… nodelisp ARGS…
			fields := strings.Fields(strings.TrimPrefix(l, "$ "))
			for len(fields) > 0 && strings.Contains(fields[0], "=") {
				env = append(env, fields[0])
				fields = fields[1:]
			}
			if len(fields) == 0 || fields[0] != "nodelisp" {
				d.t.Fatalf("line %d: a transcript starts nodelisp, not %q", run[0].line, l)
			}
			args = fields[1:]
		case strings.HasPrefix(l, "nodelisp ") && strings.Contains(l, " · session "):
			// the banner, printed only at a terminal
		case promptLine.MatchString(l):
			input = append(input, promptLine.FindStringSubmatch(l)[1])
			expected = append(expected, l)
		case contLine.MatchString(l) && len(input) > 0:
			input = append(input, contLine.FindStringSubmatch(l)[1])
			expected = append(expected, l)
		default:
			expected = append(expected, l)
		}
	}
	if d.session != "" {
		args = append(args, "--session", d.session)
	}
	// --echo prints the prompts and input as a terminal shows them, so
	// the page's prompts (the window's share after each turn) are
	// compared too.
	args = append([]string{"--echo"}, args...)
	c := exec.Command(bin, args...)
	c.Env, c.Dir = append(append([]string{}, d.env...), env...), d.dir
	c.Stdin = strings.NewReader(strings.Join(input, "\n") + "\n")
	out, _ := c.CombinedOutput()
	d.compare(run[0].line, "the REPL", expected, string(out))
	if m := regexp.MustCompile(`the REPL is now in (s-[a-z2-7]{8})`).FindAllStringSubmatch(string(out), -1); m != nil {
		d.session = m[len(m)-1][1]
	} else if d.session == "" {
		d.session = d.newestSession()
	}
}

// newestSession is the session a transcript's REPL opened: the newest.
func (d *docRun) newestSession() string {
	c := exec.Command(bin, "sessions")
	c.Env, c.Dir = d.env, d.dir
	out, err := c.Output()
	if err != nil {
		d.t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	id, _, _ := strings.Cut(lines[len(lines)-1], " ")
	return id
}

var volatile = []struct {
	re   *regexp.Regexp
	with string
}{
	{regexp.MustCompile(`\bs-[a-z2-7]{8}\b`), "s-SESSION"},
	{regexp.MustCompile(`\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z`), "TIME"},
	{regexp.MustCompile(`store [a-z0-9]{10,}`), "store STORE"},
	{regexp.MustCompile(`/context/[a-z0-9]{10,}/`), "/context/STORE/"},
}

// shownHome and shownDir are the home and directory a page shows in
// place of the test's.
const (
	shownHome = "/home/me/.local/share/nodecode"
	shownDir  = "/home/me/app"
)

func normalize(s string) string {
	for _, v := range volatile {
		s = v.re.ReplaceAllString(s, v.with)
	}
	return strings.TrimRight(s, " ")
}

// compare matches output against the expected lines, "..." matching any
// run of lines.
func (d *docRun) compare(line int, what string, expected []string, output string) {
	d.t.Helper()
	got := strings.Split(strings.TrimSuffix(output, "\n"), "\n")
	if output == "" {
		got = nil
	}
	shown := strings.NewReplacer(envValue(d.env, "NODECODE_HOME"), shownHome, d.dir, shownDir)
	for i := range got {
		got[i] = normalize(shown.Replace(got[i]))
	}
	want := make([]string, len(expected))
	for i, l := range expected {
		want[i] = normalize(l)
	}
	if !matchLines(want, got) {
		d.t.Errorf("line %d: %s printed\n%s\nthe page shows\n%s", line, what,
			strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func matchLines(want, got []string) bool {
	if len(want) == 0 {
		return len(got) == 0
	}
	if want[0] == "..." {
		for i := 0; i <= len(got); i++ {
			if matchLines(want[1:], got[i:]) {
				return true
			}
		}
		return false
	}
	return len(got) > 0 && want[0] == got[0] && matchLines(want[1:], got[1:])
}
