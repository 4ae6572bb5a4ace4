package files

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
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
	cs, _, err := c.Changes(ctx)
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
	if cs, _, err := c.Changes(ctx); err != nil || len(cs) != 0 {
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
	cs, _, err := c.Changes(ctx)
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
	cs, _, err := c.Changes(ctx)
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
	if _, _, err := c.Changes(ctx); err != nil {
		t.Fatal(err)
	}
	if live := c.pack.live; live != int64(len("two!")) {
		t.Fatalf("the mirror holds %d live bytes for one 4-byte file", live)
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

// TestCaptureWatchAgreesWithWalk runs the same commands, done by hand,
// under a capture that follows the watch and one that walks every time:
// both must tell the same changes, including directories moved, removed
// and replaced by a file.
func TestCaptureWatchAgreesWithWalk(t *testing.T) {
	dir := t.TempDir()
	d, _ := New(dir, 0)
	watched, err := d.NewCapture(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer watched.Close()
	walked, _ := d.NewCapture(t.TempDir())
	defer walked.Close()
	walked.w.close()
	walked.w = nil
	if watched.w == nil && runtime.GOOS == "linux" {
		t.Fatal("no inotify watch on Linux")
	}
	ctx := context.Background()
	put(t, dir, "a/b/c.txt", "c", 0o644)
	put(t, dir, "a/d.txt", "d", 0o644)
	put(t, dir, "top.txt", "top", 0o644)
	steps := []struct {
		name string
		do   func()
	}{
		{"nested tree made", func() { put(t, dir, "n/e/w/f.txt", "deep", 0o644) }},
		{"directory moved", func() { os.Rename(filepath.Join(dir, "a"), filepath.Join(dir, "n/moved")) }},
		{"moved directory edited", func() { put(t, dir, "n/moved/b/c.txt", "C", 0o644) }},
		{"directory removed", func() { os.RemoveAll(filepath.Join(dir, "n/e")) }},
		{"directory replaced by a file", func() {
			os.RemoveAll(filepath.Join(dir, "n/moved/b"))
			put(t, dir, "n/moved/b", "now a file", 0o600)
		}},
		{"same size rewritten and chmod", func() {
			put(t, dir, "top.txt", "TOP", 0o644)
			os.Chmod(filepath.Join(dir, "n/moved/d.txt"), 0o755)
		}},
		{"ignore file added", func() { put(t, dir, IgnoreFile, "n/\n", 0o644) }},
	}
	for _, c := range []*Capture{watched, walked} {
		if err := c.Scan(ctx); err != nil {
			t.Fatal(err)
		}
	}
	for _, s := range steps {
		s.do()
		var got [2]string
		for i, c := range []*Capture{watched, walked} {
			cs, _, err := c.Changes(ctx)
			if err != nil {
				t.Fatalf("%s: %v", s.name, err)
			}
			got[i] = describe(cs)
			if err := c.Scan(ctx); err != nil {
				t.Fatal(err)
			}
		}
		if got[0] != got[1] || got[0] == "" {
			t.Fatalf("%s: the watch told\n%s\nthe walk told\n%s", s.name, got[0], got[1])
		}
	}
	if watched.Files() != walked.Files() {
		t.Fatalf("the watched picture holds %d files, the walked one %d", watched.Files(), walked.Files())
	}
}

// A command that makes more files than a run records yields the limit's
// worth of changes and a count of the rest, and copies only those.
func TestCaptureCountsChangesPastTheLimit(t *testing.T) {
	c, dir := newCapture(t, 0)
	c.MaxChanges = 3
	ctx := context.Background()
	if err := c.Scan(ctx); err != nil {
		t.Fatal(err)
	}
	for i := range 10 {
		put(t, dir, fmt.Sprintf("many/f%02d.txt", i), fmt.Sprintf("file %d", i), 0o644)
	}
	cs, more, err := c.Changes(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(cs) != 3 || more != 7 {
		t.Fatalf("%d changes and %d more, want 3 and 7", len(cs), more)
	}
	if c.Files() != 10 {
		t.Fatalf("the picture holds %d files, want all 10 (the next run must not tell them again)", c.Files())
	}
	if live := c.pack.live; live != 3*int64(len("file 0")) {
		t.Fatalf("the mirror holds %d bytes, want the 3 recorded files' 18", live)
	}
	if err := c.Scan(ctx); err != nil {
		t.Fatal(err)
	}
	if cs, more, err := c.Changes(ctx); len(cs) != 0 || more != 0 || err != nil {
		t.Fatalf("a quiet directory told %d changes and %d more (%v)", len(cs), more, err)
	}
}

// The byte cap counts the text changes carry.
func TestCaptureCountsChangesPastTheByteCap(t *testing.T) {
	c, dir := newCapture(t, 0)
	c.MaxChangeBytes = 10
	ctx := context.Background()
	c.Scan(ctx)
	put(t, dir, "a.txt", "0123456789", 0o644)
	put(t, dir, "b.txt", "0123456789", 0o644)
	cs, more, err := c.Changes(ctx)
	if err != nil || len(cs) != 1 || more != 1 {
		t.Fatalf("%d changes and %d more (%v), want 1 and 1", len(cs), more, err)
	}
}

// The mirror is rewritten once what no file holds outweighs what is held.
func TestCapturePackCompacts(t *testing.T) {
	c, dir := newCapture(t, compactFloor)
	ctx := context.Background()
	big := strings.Repeat("x", compactFloor/4)
	for i := range 6 {
		put(t, dir, "f.txt", big+fmt.Sprint(i), 0o644)
		if err := c.Scan(ctx); err != nil {
			t.Fatal(err)
		}
	}
	if c.pack.garbage >= compactFloor {
		t.Fatalf("%d bytes of garbage left in the pack", c.pack.garbage)
	}
	put(t, dir, "f.txt", "y", 0o644)
	cs, _, err := c.Changes(ctx)
	if err != nil || len(cs) != 1 || cs[0].Before.Text == nil || *cs[0].Before.Text != big+"5" {
		t.Fatalf("after compaction the old text reads back wrong (%v)", err)
	}
}
