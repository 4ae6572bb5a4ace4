package files_test

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/nodelisp/nodelisp/files"
)

// setup makes a working directory with a secret file beside it and
// returns the Dir, the directory and the secret's path.
func setup(t *testing.T, limit int64) (*files.Dir, string, string) {
	t.Helper()
	base := t.TempDir()
	work := filepath.Join(base, "work")
	if err := os.Mkdir(work, 0o755); err != nil {
		t.Fatal(err)
	}
	secret := filepath.Join(base, "secret.txt")
	writeFile(t, secret, "secret")
	d, err := files.New(work, limit)
	if err != nil {
		t.Fatal(err)
	}
	return d, work, secret
}

func writeFile(t *testing.T, p, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

func readFile(t *testing.T, p string) string {
	t.Helper()
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestRel(t *testing.T) {
	d, work, _ := setup(t, 0)
	for name, want := range map[string]string{
		"a.txt":                        "a.txt",
		"./src/../b.txt":               "b.txt",
		"src/app.go":                   "src/app.go",
		filepath.Join(work, "c/d.txt"): "c/d.txt",
		".":                            ".",
	} {
		got, err := d.Rel(name)
		if err != nil || got != want {
			t.Errorf("Rel(%q) = %q, %v; want %q", name, got, err, want)
		}
	}
}

func TestEscapesAreRefused(t *testing.T) {
	d, work, secret := setup(t, 0)
	if err := os.Symlink(secret, filepath.Join(work, "out.txt")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Dir(secret), filepath.Join(work, "up")); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"../secret.txt", "a/../../secret.txt", secret, "/etc/passwd", "out.txt", "up/secret.txt", "up/new.txt"} {
		if _, err := d.Read(name); !errors.Is(err, files.ErrOutside) {
			t.Errorf("Read(%q) = %v, want outside", name, err)
		} else if !strings.HasPrefix(err.Error(), name+" is outside the working directory ") {
			t.Errorf("Read(%q) message = %q", name, err)
		}
		if err := d.Write(name, "x"); !errors.Is(err, files.ErrOutside) {
			t.Errorf("Write(%q) = %v, want outside", name, err)
		}
		if err := d.Remove(name); !errors.Is(err, files.ErrOutside) {
			t.Errorf("Remove(%q) = %v, want outside", name, err)
		}
	}
	if got := readFile(t, secret); got != "secret" {
		t.Errorf("the secret was changed to %q", got)
	}
	if _, err := os.Stat(filepath.Join(filepath.Dir(secret), "new.txt")); err == nil {
		t.Errorf("a file was created outside")
	}
}

func TestLinksInsideAreFollowed(t *testing.T) {
	d, work, _ := setup(t, 0)
	writeFile(t, filepath.Join(work, "real/a.txt"), "a")
	// An absolute link that stays inside: os.Root alone would refuse it.
	if err := os.Symlink(filepath.Join(work, "real"), filepath.Join(work, "alias")); err != nil {
		t.Fatal(err)
	}
	if got, err := d.Read("alias/a.txt"); err != nil || got != "a" {
		t.Fatalf("Read through a link = %q, %v", got, err)
	}
	if err := d.Write("alias/b.txt", "b"); err != nil {
		t.Fatal(err)
	}
	if got := readFile(t, filepath.Join(work, "real/b.txt")); got != "b" {
		t.Errorf("written through a link: %q", got)
	}
}

func TestReadRefusals(t *testing.T) {
	d, work, _ := setup(t, 16)
	writeFile(t, filepath.Join(work, "big.txt"), strings.Repeat("x", 17))
	writeFile(t, filepath.Join(work, "nul.bin"), "a\x00b")
	writeFile(t, filepath.Join(work, "latin1.txt"), "caf\xe9")
	writeFile(t, filepath.Join(work, "dir/x"), "")
	cases := map[string]struct {
		msg string
		is  error
	}{
		"big.txt":    {"big.txt is 17 B, over the 16 B limit", files.ErrTooLarge},
		"nul.bin":    {"nul.bin is not a text file (it holds NUL bytes)", files.ErrNotText},
		"latin1.txt": {"latin1.txt is not a text file (it is not valid UTF-8)", files.ErrNotText},
		"dir":        {"dir is a directory", files.ErrIsDir},
		"none.txt":   {"none.txt does not exist", fs.ErrNotExist},
	}
	for name, want := range cases {
		_, err := d.Read(name)
		if err == nil || err.Error() != want.msg || !errors.Is(err, want.is) {
			t.Errorf("Read(%q) = %v, want %q", name, err, want.msg)
		}
	}
	if text, ok, err := d.State("none.txt"); err != nil || ok || text != "" {
		t.Errorf("State of a missing file = %q, %v, %v", text, ok, err)
	}
}

func TestWriteRefusals(t *testing.T) {
	d, _, _ := setup(t, 16)
	if err := d.Write("a.txt", strings.Repeat("x", 17)); err == nil || err.Error() != "a.txt would be 17 B, over the 16 B limit" {
		t.Errorf("Write over the limit: %v", err)
	}
	if err := d.Write("a.txt", "a\x00"); !errors.Is(err, files.ErrNotText) {
		t.Errorf("Write of a NUL: %v", err)
	}
}

func TestWriteIsAtomicAndKeepsMode(t *testing.T) {
	d, work, _ := setup(t, 0)
	p := filepath.Join(work, "run.sh")
	writeFile(t, p, "old")
	if err := os.Chmod(p, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := d.Write("run.sh", "new"); err != nil {
		t.Fatal(err)
	}
	if got := readFile(t, p); got != "new" {
		t.Errorf("contents %q", got)
	}
	info, err := os.Stat(p)
	if err != nil {
		t.Fatal(err)
	}
	if info.Mode().Perm() != 0o755 {
		t.Errorf("mode %v, want 0755", info.Mode().Perm())
	}
	if err := d.Write("deep/er/x.txt", "x"); err != nil {
		t.Fatal(err)
	}
	got, err := d.List(".")
	if err != nil {
		t.Fatal(err)
	}
	// No temporary file is left behind.
	if diff := cmp.Diff([]string{"deep/", "run.sh"}, got); diff != "" {
		t.Errorf("List (-want +got):\n%s", diff)
	}
}

func TestListAndRemove(t *testing.T) {
	d, work, _ := setup(t, 0)
	writeFile(t, filepath.Join(work, "src/b.go"), "b")
	writeFile(t, filepath.Join(work, "src/a.go"), "a")
	writeFile(t, filepath.Join(work, "src/lib/c.go"), "c")
	got, err := d.List("src")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"src/a.go", "src/b.go", "src/lib/"}, got); diff != "" {
		t.Errorf("List (-want +got):\n%s", diff)
	}
	if _, err := d.List("src/a.go"); !errors.Is(err, files.ErrNotDir) {
		t.Errorf("List of a file: %v", err)
	}
	if err := d.Remove("src/lib"); !errors.Is(err, files.ErrIsDir) {
		t.Errorf("Remove of a directory: %v", err)
	}
	if err := d.Remove("src/a.go"); err != nil {
		t.Fatal(err)
	}
	if err := d.Remove("src/a.go"); err == nil || err.Error() != "src/a.go does not exist" {
		t.Errorf("second Remove: %v", err)
	}
}

func TestSize(t *testing.T) {
	for n, want := range map[int64]string{0: "0 B", 1023: "1023 B", 1536: "1.5 KiB", 1 << 20: "1 MiB", 3 << 19: "1.5 MiB"} {
		if got := files.Size(n); got != want {
			t.Errorf("Size(%d) = %q, want %q", n, got, want)
		}
	}
}
