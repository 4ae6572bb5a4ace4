package files_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestStageCommitAbort checks that a staged write changes nothing until
// Commit, and that Abort leaves no temporary file.
func TestStageCommitAbort(t *testing.T) {
	d, work, _ := setup(t, 0)
	writeFile(t, filepath.Join(work, "a.txt"), "old")
	st, err := d.Stage("a.txt", "new")
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := d.Read("a.txt"); got != "old" {
		t.Errorf("before Commit the file holds %q, want old", got)
	}
	if err := st.Commit(); err != nil {
		t.Fatal(err)
	}
	if got, _ := d.Read("a.txt"); got != "new" {
		t.Errorf("after Commit the file holds %q, want new", got)
	}
	st, err = d.Stage("a.txt", "never")
	if err != nil {
		t.Fatal(err)
	}
	st.Abort()
	if got, _ := d.Read("a.txt"); got != "new" {
		t.Errorf("after Abort the file holds %q, want new", got)
	}
	if names, _ := d.List(""); !cmp.Equal(names, []string{"a.txt"}) {
		t.Errorf("after Abort the directory holds %v", names)
	}
}

// TestRemoveTemps checks that the temporary files a staged write leaves
// behind (the process died before Commit) are removed, and nothing else:
// not a user's dot file, not a name that only looks close.
func TestRemoveTemps(t *testing.T) {
	d, work, _ := setup(t, 0)
	if _, err := d.Stage("sub/b.txt", "staged"); err != nil {
		t.Fatal(err)
	}
	for _, n := range []string{".keep.tmp", ".b.txt.xyz.tmp", "sub/.notes", "sub/plain.tmp"} {
		writeFile(t, filepath.Join(work, n), "mine")
	}
	entries, _ := os.ReadDir(filepath.Join(work, "sub"))
	if len(entries) != 3 {
		t.Fatalf("setup: sub holds %d entries, want 3", len(entries))
	}
	removed, err := d.RemoveTemps("sub")
	if err != nil || len(removed) != 1 || filepath.Dir(removed[0]) != "sub" {
		t.Fatalf("RemoveTemps: %v %v, want the one staged file", removed, err)
	}
	if names, _ := d.List("sub"); !cmp.Equal(names, []string{"sub/.notes", "sub/plain.tmp"}) {
		t.Errorf("after RemoveTemps sub holds %v", names)
	}
	if removed, err := d.RemoveTemps(""); err != nil || len(removed) != 0 {
		t.Errorf("RemoveTemps of the top: %v %v, want none", removed, err)
	}
	if removed, err := d.RemoveTemps("missing"); err != nil || len(removed) != 0 {
		t.Errorf("RemoveTemps of a missing directory: %v %v", removed, err)
	}
}
