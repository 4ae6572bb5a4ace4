package golden

import (
	"os"
	"path/filepath"
	"testing"
)

// recorder is a testing.TB that keeps whether an error was reported.
type recorder struct {
	testing.TB
	failed bool
}

func (r *recorder) Errorf(string, ...any) { r.failed = true }
func (r *recorder) Fatalf(string, ...any) { r.failed = true }

// Check passes on equal text and fails on a difference; -update writes
// the file, and a check after it passes.
func TestCheck(t *testing.T) {
	path := filepath.Join(t.TempDir(), "sub", "case.out")
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte("one\ntwo\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	saved := *update
	defer func() { *update = saved }()
	*update = false

	r := &recorder{TB: t}
	Check(r, path, "one\ntwo\n")
	if r.failed {
		t.Error("equal text failed the check")
	}
	r = &recorder{TB: t}
	Check(r, path, "one\nthree\n")
	if !r.failed {
		t.Error("a changed line passed the check")
	}

	*update = true
	Check(t, path, "one\nthree\n")
	*update = false
	r = &recorder{TB: t}
	Check(r, path, "one\nthree\n")
	if r.failed {
		t.Error("the check after -update failed")
	}
}
