package files

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func newCapture(t *testing.T, limit int64) (*Capture, string) {
	t.Helper()
	dir := t.TempDir()
	d, err := New(dir, limit)
	if err != nil {
		t.Fatal(err)
	}
	c, err := d.NewCapture(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c, dir
}

func put(t *testing.T, dir, rel, text string, mode os.FileMode) {
	t.Helper()
	p := filepath.Join(dir, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(text), mode); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(p, mode); err != nil {
		t.Fatal(err)
	}
}

// describe writes changes as one line each, for comparing.
func describe(cs []Change) string {
	var b strings.Builder
	side := func(v *Version) string {
		switch {
		case v == nil:
			return "-"
		case v.Text == nil:
			return "#" + v.Sum[:8] + " " + v.Mode.String()
		}
		return *v.Text + " " + v.Mode.String()
	}
	for _, c := range cs {
		b.WriteString(c.Path + ": " + side(c.Before) + " => " + side(c.After) + "\n")
	}
	return b.String()
}

func TestCaptureTellsCreatedModifiedDeletedAndModes(t *testing.T) {
	c, dir := newCapture(t, 0)
	ctx := context.Background()
	put(t, dir, "keep.txt", "same", 0o644)
	put(t, dir, "edit.txt", "old", 0o644)
	put(t, dir, "gone.txt", "bye", 0o644)
	put(t, dir, "run.sh", "echo", 0o644)
	if err := c.Scan(ctx); err != nil {
		t.Fatal(err)
	}
	// The command, done by hand: the same size rewritten at once, so only
	// the racy check can see it.
	put(t, dir, "edit.txt", "new", 0o644)
	os.Remove(filepath.Join(dir, "gone.txt"))
	put(t, dir, "sub/made.txt", "hello", 0o600)
	os.Chmod(filepath.Join(dir, "run.sh"), 0o755)
	cs, err := c.Changes(ctx)
	if err != nil {
		t.Fatal(err)
	}
	want := "edit.txt: old -rw-r--r-- => new -rw-r--r--\n" +
		"gone.txt: bye -rw-r--r-- => -\n" +
		"run.sh: echo -rw-r--r-- => echo -rwxr-xr-x\n" +
		"sub/made.txt: - => hello -rw-------\n"
	if got := describe(cs); got != want {
		t.Fatalf("got\n%s\nwant\n%s", got, want)
	}
	// Nothing happened since: nothing to tell.
	if err := c.Scan(ctx); err != nil {
		t.Fatal(err)
	}
	if cs, err := c.Changes(ctx); err != nil || len(cs) != 0 {
		t.Fatalf("a quiet directory told %s (%v)", describe(cs), err)
	}
}

func TestCaptureLeavesOutGitIgnoredLinksAndTemps(t *testing.T) {
	c, dir := newCapture(t, 0)
	ctx := context.Background()
	outside := t.TempDir()
	put(t, outside, "secret.txt", "outside", 0o644)
	put(t, dir, IgnoreFile, "# generated\nnode_modules/\n*.o\n/build/out\n", 0o644)
	if err := os.Symlink(outside, filepath.Join(dir, "link")); err != nil {
		t.Fatal(err)
	}
	if err := c.Scan(ctx); err != nil {
		t.Fatal(err)
	}
	put(t, dir, ".git/HEAD", "ref", 0o644)
	put(t, dir, "node_modules/x/index.js", "js", 0o644)
	put(t, dir, "src/main.o", "obj", 0o644)
	put(t, dir, "build/out", "bin", 0o644)
	put(t, dir, "build/keep", "kept", 0o644)
	put(t, dir, "src/.main.go.0123456789ab.tmp", "staged", 0o644)
	put(t, outside, "secret.txt", "changed outside", 0o644)
	cs, err := c.Changes(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := describe(cs), "build/keep: - => kept -rw-r--r--\n"; got != want {
		t.Fatalf("got\n%s\nwant\n%s", got, want)
	}
}

func TestCaptureKnowsBinaryAndLargeFilesByHash(t *testing.T) {
	c, dir := newCapture(t, 16)
	ctx := context.Background()
	put(t, dir, "data.bin", "a\x00b", 0o644)
	put(t, dir, "big.txt", strings.Repeat("x", 40), 0o644)
	if err := c.Scan(ctx); err != nil {
		t.Fatal(err)
	}
	put(t, dir, "data.bin", "a\x00c", 0o644)
	put(t, dir, "big.txt", strings.Repeat("y", 40), 0o644)
	cs, err := c.Changes(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(cs) != 2 || cs[0].Before.Text != nil || cs[0].After.Text != nil || cs[0].Before.Sum == cs[0].After.Sum || cs[1].After.Size != 3 {
		t.Fatalf("got %s", describe(cs))
	}
}

func TestCaptureMirrorHoldsOnlyWhatTheDirectoryHolds(t *testing.T) {
	dir := t.TempDir()
	mirror := t.TempDir()
	d, _ := New(dir, 0)
	c, _ := d.NewCapture(mirror)
	ctx := context.Background()
	put(t, dir, "a.txt", "one", 0o644)
	put(t, dir, "b.txt", "one", 0o644)
	c.Scan(ctx)
	put(t, dir, "a.txt", "two!", 0o644)
	os.Remove(filepath.Join(dir, "b.txt"))
	if _, err := c.Changes(ctx); err != nil {
		t.Fatal(err)
	}
	entries, _ := os.ReadDir(mirror)
	if len(entries) != 1 {
		t.Fatalf("the mirror holds %d copies for 1 file", len(entries))
	}
}

func TestCaptureStopsWhenCancelled(t *testing.T) {
	c, dir := newCapture(t, 0)
	for i := range 600 {
		put(t, dir, filepath.Join("d", strings.Repeat("f", 1+i%7)+string(rune('a'+i%26))+".txt"), "x", 0o644)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := c.Scan(ctx); err == nil {
		t.Fatal("a cancelled scan ran to its end")
	}
}
