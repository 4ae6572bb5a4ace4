package main

import (
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// A program that does not read the log never opens the store: a --db
// that cannot be opened does not matter, and the home gets no log.db.
func TestProgramRunsWithoutStore(t *testing.T) {
	env := testEnv(t)
	home := envValue(env, "NODECODE_HOME")
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "sum.lisp"), "(print (reduce #'+ *args* :key #'parse-integer))\n")
	cases := []struct {
		args  []string
		stdin string
		want  string
	}{
		{[]string{"-e", "(+ 1 2)"}, "", "3\n"},
		{[]string{"sum.lisp", "4", "5"}, "", "\n9 "},
		{[]string{"--json", "-"}, "(list 1 \"a\")", "[1,\"a\"]\n"},
		{[]string{"--db", "/nonexistent/dir/x.db", "-e", "(length \"abc\")"}, "", "3\n"},
	}
	for _, c := range cases {
		r := runIn(t, bin, dir, env, c.stdin, c.args...)
		if r.code != 0 || r.stdout != c.want || r.stderr != "" {
			t.Errorf("nodelisp %q: exit %d, stdout %q, stderr %q; want %q", c.args, r.code, r.stdout, r.stderr, c.want)
		}
	}
	if _, err := os.Stat(filepath.Join(home, "log.db")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a program that never read the log made %s (stat: %v)", filepath.Join(home, "log.db"), err)
	}
}

// A program that builds a recall form's name at run time reaches the real
// form: there is no guessing from the program's text which forms it uses.
func TestRecallNameBuiltAtRunTime(t *testing.T) {
	r := runBin(t, testEnv(t), "", "-e",
		`(length (funcall (intern (concatenate 'string "RECALL" "-SEARCH")) "nothing-here"))`)
	if r.code != 0 || r.stdout != "0\n" {
		t.Errorf("exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
}

// A program read from stdin may read the log, and its exit status and
// error are the program's.
func TestStdinProgramReadsLog(t *testing.T) {
	env := testEnv(t)
	r := runBin(t, env, "(print (length (recall-search \"nothing-here\")))\n", "-")
	if r.code != 0 || r.stdout != "\n0 " {
		t.Errorf("exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
	r = runBin(t, env, "(recall-search \"\")\n", "-")
	if r.code != 1 || !strings.HasPrefix(r.stderr, "<stdin>:1:1: recall-search") {
		t.Errorf("an error: exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
}

// Ctrl-C cancels a running script once it has run past its first
// moments, with an error that says so and status 1.
func TestScriptInterrupted(t *testing.T) {
	cmd := exec.Command(bin, "-e", `(progn (princ "running") (finish-output) (loop))`)
	cmd.Env = testEnv(t)
	cmd.Dir = t.TempDir()
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	first := make([]byte, len("running"))
	if _, err := io.ReadFull(stdout, first); err != nil {
		t.Fatal(err)
	}
	// Well past the moment the handler is installed (handlerDelay).
	time.Sleep(300 * time.Millisecond)
	cmd.Process.Signal(os.Interrupt)
	rest, _ := io.ReadAll(stdout)
	err = cmd.Wait()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 1 {
		t.Errorf("exit: %v", err)
	}
	if len(rest) != 0 || !strings.HasSuffix(stderr.String(), ": evaluation cancelled\n") {
		t.Errorf("stdout after start %q, stderr %q", rest, stderr.String())
	}
}
