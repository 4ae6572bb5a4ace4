package sqlite_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nodelisp/nodelisp/store/sqlite"
)

// TestReadOnlyHomeSaysWhat: a store in a directory that cannot be written
// says which directory and why, not only SQLite's "unable to open database
// file". Permissions do not bind root, so as root there is nothing to see.
func TestReadOnlyHomeSaysWhat(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("running as root: directory permissions do not apply")
	}
	dir := filepath.Join(t.TempDir(), "home")
	if err := os.Mkdir(dir, 0o500); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Chmod(dir, 0o700) })
	_, err := sqlite.Open(context.Background(), filepath.Join(dir, "log.db"))
	if err == nil || !strings.Contains(err.Error(), "directory "+dir+" is not writable (permission denied)") {
		t.Fatalf("got %v, want an error naming the unwritable directory", err)
	}
}
