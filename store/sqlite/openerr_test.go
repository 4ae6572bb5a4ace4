package sqlite_test

import (
	"context"
	"github.com/nodelisp/nodelisp/internal/testbin"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nodelisp/nodelisp/store/sqlite"
)

// TestReadOnlyHomeSaysWhat: a store in a directory that cannot be written
// says which directory and why, not only SQLite's "unable to open database
// file". Permissions do not bind root (CI runs as root), so there the
// directory is /sys, where the kernel refuses new files to root too.
func TestReadOnlyHomeSaysWhat(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "home")
	if os.Geteuid() == 0 {
		dir = "/sys"
		if _, err := os.Stat(dir); err != nil {
			testbin.SkipOutsideCI(t, "running as root with no /sys: no directory root cannot write")
		}
	} else {
		if err := os.Mkdir(dir, 0o500); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { os.Chmod(dir, 0o700) })
	}
	_, err := sqlite.Open(context.Background(), filepath.Join(dir, "log.db"))
	if err == nil || !strings.Contains(err.Error(), "directory "+dir+" is not writable (permission denied)") {
		t.Fatalf("got %v, want an error naming the unwritable directory", err)
	}
}
