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

// lone copies the nodelisp binary into a directory of its own, with no
// nodelisp-host beside it, and returns its path.
func lone(t *testing.T) string {
	t.Helper()
	data, err := os.ReadFile(bin)
	if err != nil {
		t.Fatal(err)
	}
	exe := filepath.Join(t.TempDir(), "nodelisp")
	if err := os.WriteFile(exe, data, 0o755); err != nil {
		t.Fatal(err)
	}
	return exe
}

// withoutHostOnPath is env with a PATH that holds no nodelisp-host.
func withoutHostOnPath(t *testing.T, env []string) []string {
	t.Helper()
	var dirs []string
	for _, d := range filepath.SplitList(envValue(env, "PATH")) {
		if _, err := os.Stat(filepath.Join(d, "nodelisp-host")); err != nil {
			dirs = append(dirs, d)
		}
	}
	return append(env, "PATH="+strings.Join(dirs, string(filepath.ListSeparator)))
}

// A program that does not read the log runs in nodelisp alone: no host is
// needed, found or started.
func TestProgramRunsWithoutHost(t *testing.T) {
	exe := lone(t)
	env := withoutHostOnPath(t, testEnv(t))
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
		r := runIn(t, exe, dir, env, c.stdin, c.args...)
		if r.code != 0 || r.stdout != c.want || r.stderr != "" {
			t.Errorf("nodelisp %q: exit %d, stdout %q, stderr %q; want %q", c.args, r.code, r.stdout, r.stderr, c.want)
		}
	}
}

// Without a host to hand over to, the command lines that need one fail
// with a message that says what is missing and how to get it.
func TestNoHostSaysWhatIsMissing(t *testing.T) {
	exe := lone(t)
	env := withoutHostOnPath(t, testEnv(t))
	for _, args := range [][]string{
		{"sessions"},
		{"-e", "(recall-search \"x\")"},
		{"--session", "s1", "-e", "(+ 1 2)"},
	} {
		r := runIn(t, exe, t.TempDir(), env, "", args...)
		if r.code != 1 || !strings.Contains(r.stderr, "nodelisp-host is not beside this binary nor on $PATH") ||
			!strings.Contains(r.stderr, "make build") {
			t.Errorf("nodelisp %q: exit %d, stderr %q", args, r.code, r.stderr)
		}
	}
}

// A program that builds a recall form's name at run time, where nodelisp
// cannot see it, meets a stub whose error says why the form is missing.
func TestHostFormStub(t *testing.T) {
	exe := lone(t)
	env := withoutHostOnPath(t, testEnv(t))
	r := runIn(t, exe, t.TempDir(), env, "", "-e",
		`(handler-case (funcall (intern (concatenate 'string "RECALL" "-LOG"))) (error (e) (princ-to-string e)))`)
	want := `"recall-log: this program ran without the log, which nodelisp opens only when the program's text names recall-log or --session is given"` + "\n"
	if r.code != 0 || r.stdout != want {
		t.Errorf("exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
}

// A program read from stdin that needs the log is handed to the host with
// its text: the host reads it again from a pipe, and its exit status and
// error come back unchanged.
func TestStdinProgramHandedOver(t *testing.T) {
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

// In a source checkout, nodelisp without a host beside it builds one from
// the checkout — this is how `go run ./cmd/nodelisp` starts the REPL — and
// builds it only once.
func TestCheckoutBuildsHost(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Fatal("the go tool is not on PATH")
	}
	exe := lone(t)
	env := withoutHostOnPath(t, testEnv(t))
	// The toolchain's caches are the caller's, or the build starts cold.
	for _, key := range []string{"GOCACHE", "GOMODCACHE", "GOPATH"} {
		out, err := exec.Command(goTool, "env", key).Output()
		if err != nil {
			t.Fatal(err)
		}
		env = append(env, key+"="+strings.TrimSpace(string(out)))
	}
	cache := t.TempDir()
	env = append(env, "XDG_CACHE_HOME="+cache)
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	r := runIn(t, exe, filepath.Join(root, "docs"), env, "", "sessions")
	if r.code != 0 || !strings.Contains(r.stderr, "nodelisp: building nodelisp-host from "+root) {
		t.Fatalf("first run: exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
	matches, _ := filepath.Glob(filepath.Join(cache, "nodelisp", "checkout-*", "nodelisp-host"))
	if len(matches) != 1 {
		t.Errorf("built hosts in the cache: %v", matches)
	}
	r = runIn(t, exe, root, env, "", "sessions")
	if r.code != 0 || r.stderr != "" {
		t.Errorf("second run: exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
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

// A host that turns out to be nodelisp itself is refused, instead of the
// two handing the command to each other forever.
func TestHostThatHandsBack(t *testing.T) {
	exe := lone(t)
	env := append(withoutHostOnPath(t, testEnv(t)), "NODECODE_HOST_BIN="+exe)
	r := runIn(t, exe, t.TempDir(), env, "", "sessions")
	if r.code != 1 || !strings.Contains(r.stderr, "handed the command back: it is not nodelisp-host") {
		t.Errorf("exit %d, stderr %q", r.code, r.stderr)
	}
}
