// Package golden is the one harness of the module's golden-file tests: a
// test's output is compared with a file under testdata, and with the
// -update flag (`go test ./pkg -run Name -update`) the file is rewritten
// from the output instead, for review with git diff. Every package whose
// tests keep golden files uses it, so there is one switch to learn.
//
// It is for tests only; no package of the command imports it.
package golden

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

var update = flag.Bool("update", false, "rewrite the golden files from the current output, for review")

// Updating reports whether the test run was asked to rewrite its golden
// files, for a harness that writes more than one file per case (serve
// also splices its transcripts into docs/serve.md).
func Updating() bool { return *update }

// Check compares got with the golden file at path, reporting a line diff
// when they differ. With -update it writes got to path instead (making
// its folder) and passes.
func Check(t testing.TB, path, got string) {
	t.Helper()
	if *update {
		Write(t, path, got)
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (write it with -update)", err)
	}
	if diff := cmp.Diff(strings.Split(string(want), "\n"), strings.Split(got, "\n")); diff != "" {
		t.Errorf("%s differs (-want +got); if the change is intended, run the test with -update:\n%s", path, diff)
	}
}

// Write writes got to the golden file at path, making its folder.
func Write(t testing.TB, path, got string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
		t.Fatal(err)
	}
}
