// Package testbin holds what end-to-end tests share: building the
// nodelisp command once for a package's tests, which drive the real binary
// as a person or a client would, and skipping a test whose requirement is
// missing only outside CI.
package testbin

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// Main builds the nodelisp command into a temporary directory, sets *bin
// to its path, runs the tests and exits with
// their status. Call it from TestMain.
func Main(m *testing.M, bin *string) {
	dir, err := os.MkdirTemp("", "nodelisp-bin-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	*bin = filepath.Join(dir, "nodelisp")
	build := exec.Command("go", "build", "-o", *bin, "github.com/nodelisp/nodelisp/cmd/nodelisp")
	build.Stdout, build.Stderr = os.Stderr, os.Stderr
	if err := build.Run(); err != nil {
		fmt.Fprintln(os.Stderr, "building nodelisp:", err)
		os.RemoveAll(dir)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// UnderCI reports whether the tests run under CI: CI set to any non-empty
// value, as CI services set it ("true", "1", "yes", a service's name).
func UnderCI() bool { return os.Getenv("CI") != "" }

// SkipOutsideCI skips a test whose requirement (named by why) is missing,
// or fails it under CI, where every requirement must be there.
func SkipOutsideCI(t testing.TB, why string) {
	t.Helper()
	if UnderCI() {
		t.Fatalf("%s (required under CI)", why)
	}
	t.Skip(why)
}
