package main

import (
	"bytes"
	"errors"
	"github.com/nodelisp/nodelisp/internal/testbin"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// bin is the nodelisp binary TestMain builds: the tests drive it as a
// person or a script would.
var bin string

func TestMain(m *testing.M) { testbin.Main(m, &bin) }

// testEnv is a process environment with a home of the test's own: the
// nodelisp home, the user's home (so no real config.jsonc or models.dev
// cache is read) and nothing of the caller's nodelisp settings. extra are
// KEY=VALUE pairs added on top.
func testEnv(t *testing.T, extra ...string) []string {
	t.Helper()
	var env []string
	for _, kv := range os.Environ() {
		k, _, _ := strings.Cut(kv, "=")
		if strings.HasPrefix(k, "NODECODE_") || strings.HasPrefix(k, "XDG_") || k == "NO_COLOR" || k == "TERM" || k == "HOME" {
			continue
		}
		env = append(env, kv)
	}
	env = append(env, "NODECODE_HOME="+t.TempDir(), "HOME="+t.TempDir())
	return append(env, extra...)
}

// envValue returns the value of key in env.
func envValue(env []string, key string) string {
	v := ""
	for _, kv := range env {
		if k, val, ok := strings.Cut(kv, "="); ok && k == key {
			v = val
		}
	}
	return v
}

// result is what one run of the binary gave.
type result struct {
	stdout, stderr string
	code           int
}

// runBin runs the binary with args and stdin in dir ("" for a temporary
// one) and returns what it printed and its exit status.
func runBin(t *testing.T, env []string, stdin string, args ...string) result {
	t.Helper()
	return runIn(t, bin, t.TempDir(), env, stdin, args...)
}

// runIn runs the binary exe in dir with args and stdin.
func runIn(t *testing.T, exe, dir string, env []string, stdin string, args ...string) result {
	t.Helper()
	cmd := exec.Command(exe, args...)
	cmd.Env = env
	cmd.Dir = dir
	cmd.Stdin = strings.NewReader(stdin)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	code := 0
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		code = exit.ExitCode()
	} else if err != nil {
		t.Fatalf("running nodelisp %v: %v", args, err)
	}
	return result{out.String(), errb.String(), code}
}

// mustRun is runBin that fails the test unless the exit status is 0.
func mustRun(t *testing.T, env []string, stdin string, args ...string) string {
	t.Helper()
	r := runBin(t, env, stdin, args...)
	if r.code != 0 {
		t.Fatalf("nodelisp %v: exit %d\nstdout:\n%s\nstderr:\n%s", args, r.code, r.stdout, r.stderr)
	}
	return r.stdout
}

func writeFile(t *testing.T, path, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}
