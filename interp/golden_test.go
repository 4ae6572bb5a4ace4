package interp_test

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/nodelisp/nodelisp/internal/golden"

	"github.com/google/go-cmp/cmp"

	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/interp"
	"github.com/nodelisp/nodelisp/reader"
)

// The golden tests compare nodelisp with SBCL, the reference: each
// testdata/cl/NAME.lisp (and each testdata/bench/NAME.lisp) runs as one
// cell in a fresh interpreter, and what it prints must equal NAME.out byte
// for byte. The .out files come from SBCL (scripts/golden.sh, `make
// golden`); a mismatch is a difference from Common Lisp, never a reason to
// edit the .out.
//
// The error tests (testdata/errors) pin down what nodelisp itself says
// when things go wrong, which SBCL cannot tell us; their .out files are
// written by hand from docs/language.md, and -update rewrites them from the current
// behaviour for review.
//
// GOLDEN_ONLY=REGEXP limits both tests to the files whose base name
// matches, e.g. GOLDEN_ONLY='^closures$'.

// cellTimeout bounds one golden file, so a hang fails the file instead of
// the whole run.
const cellTimeout = 2 * time.Minute

func TestGolden(t *testing.T) {
	files := goldenFiles(t, "../testdata/cl/*.lisp", "../testdata/bench/*.lisp")
	for _, path := range files {
		name := strings.TrimSuffix(path[len("../testdata/"):], ".lisp")
		t.Run(name, func(t *testing.T) {
			src := readFile(t, path)
			want := readFile(t, strings.TrimSuffix(path, ".lisp")+".out")
			got, err := runCell(src)
			if err != nil {
				t.Errorf("evaluation failed: %v", err)
			}
			if got != want {
				t.Errorf("output differs from SBCL's (-want +got):\n%s", lineDiff(want, got))
			}
		})
	}
}

// runCell evaluates src as one cell in a fresh interpreter and returns what
// it printed to standard output; what it wrote to *error-output* is left
// out, as the .out files hold only SBCL's standard output.
func runCell(src string) (string, error) {
	var out strings.Builder
	it := interp.New(interp.Options{Stdout: &out, Stderr: io.Discard})
	ctx, cancel := context.WithTimeout(context.Background(), cellTimeout)
	defer cancel()
	_, err := it.Eval(ctx, src)
	return out.String(), err
}

func TestErrors(t *testing.T) {
	for _, path := range goldenFiles(t, "../testdata/errors/*.lisp") {
		name := strings.TrimSuffix(filepath.Base(path), ".lisp")
		t.Run(name, func(t *testing.T) {
			golden.Check(t, strings.TrimSuffix(path, ".lisp")+".out", runErrorFile(readFile(t, path)))
		})
	}
}

// errorLimits keep the limit cases of testdata/errors quick and their
// transcripts short: a runaway loop stops after a few million steps and
// endless output after a line of it. The call depth stays at its default,
// whose figure docs/language.md fixes in the message.
var errorLimits = eval.Limits{MaxSteps: 5_000_000, MaxOutput: 200}

// chunkSep separates the cells of an error file, so that a cell that does
// not read (an unterminated string) leaves the others testable.
var chunkSep = regexp.MustCompile(`(?m)^---\n`)

// runErrorFile evaluates an error file: its chunks (separated by lines of
// ---) are cells of one interpreter, and each top-level form of a chunk is
// evaluated on its own. The transcript holds, per form, what it printed
// (ended by a newline) and then "=> " and the prin1 of its value, or
// "error: " and the error as nodelisp reports it; a chunk that does not
// read gives one "error: " line for the reader error. Chunks are
// separated by "---" in the transcript too.
func runErrorFile(src string) string {
	it := interp.New(interp.Options{Limits: errorLimits})
	var b strings.Builder
	for i, chunk := range chunkSep.Split(src, -1) {
		if i > 0 {
			b.WriteString("---\n")
		}
		cell, err := reader.ReadCell(chunk)
		if err != nil {
			b.WriteString("error: " + err.Error() + "\n")
			continue
		}
		for i := range cell.Forms {
			ctx, cancel := context.WithTimeout(context.Background(), cellTimeout)
			res, err := it.EvalCell(ctx, cell.Form(i))
			cancel()
			b.WriteString(res.Output)
			if res.Output != "" && !strings.HasSuffix(res.Output, "\n") {
				b.WriteString("\n")
			}
			if err != nil {
				b.WriteString("error: " + err.Error() + "\n")
			} else {
				b.WriteString("=> " + res.Printed + "\n")
			}
		}
	}
	return b.String()
}

// goldenFiles lists the files matching the patterns, keeping only those
// GOLDEN_ONLY selects.
func goldenFiles(t testing.TB, patterns ...string) []string {
	t.Helper()
	var only *regexp.Regexp
	if s := os.Getenv("GOLDEN_ONLY"); s != "" {
		var err error
		if only, err = regexp.Compile(s); err != nil {
			t.Fatalf("GOLDEN_ONLY: %v", err)
		}
	}
	var files []string
	for _, p := range patterns {
		matches, err := filepath.Glob(p)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range matches {
			if only == nil || only.MatchString(strings.TrimSuffix(filepath.Base(m), ".lisp")) {
				files = append(files, m)
			}
		}
	}
	if len(files) == 0 && only == nil {
		t.Fatalf("no files match %v", patterns)
	}
	return files
}

func readFile(t testing.TB, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// lineDiff shows two outputs line by line. Each line keeps its newline, so
// a missing or extra one (print's leading newline, fresh-line) shows too.
func lineDiff(want, got string) string {
	return cmp.Diff(splitLines(want), splitLines(got))
}

func splitLines(s string) []string {
	lines := strings.SplitAfter(s, "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	return lines
}
