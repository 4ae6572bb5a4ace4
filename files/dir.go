package files

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// DefaultLimit is the size cap on a file the verbs read or write, 1 MiB.
const DefaultLimit = 1 << 20

// Dir is a working directory the file operations are confined to. It holds
// no open handle: each operation opens the directory afresh, so a Dir may
// be kept for as long as the host runs.
type Dir struct {
	given string // the directory as named, made absolute
	real  string // the same with symbolic links resolved
	limit int64
}

// New confines operations to dir, which must exist. limit caps the size
// of a file read or written; 0 or less means DefaultLimit.
func New(dir string, limit int64) (*Dir, error) {
	if limit <= 0 {
		limit = DefaultLimit
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, fmt.Errorf("working directory %s: %w", dir, err)
	}
	real, err := filepath.EvalSymlinks(abs)
	if err != nil {
		return nil, fmt.Errorf("working directory %s: %w", dir, err)
	}
	info, err := os.Stat(real)
	if err != nil {
		return nil, fmt.Errorf("working directory %s: %w", dir, err)
	}
	if !info.IsDir() {
		return nil, fmt.Errorf("working directory %s is not a directory", dir)
	}
	return &Dir{given: abs, real: real, limit: limit}, nil
}

// Path is the working directory, absolute, with symbolic links resolved.
func (d *Dir) Path() string { return d.real }

// Limit is the size cap in bytes.
func (d *Dir) Limit() int64 { return d.limit }

// Rel returns name as the log records it: relative to the working
// directory, cleaned, with forward slashes. It fails when name leaves the
// directory.
func (d *Dir) Rel(name string) (string, error) {
	logical, _, err := d.resolve(name)
	return logical, err
}

// resolve checks name and returns it relative to the working directory,
// as written (logical) and with every symbolic link resolved (real, an OS
// path relative to d.real, on which operations act). The check is made
// twice: lexically here, and again by os.Root when the operation runs, so
// a link swapped in between cannot lead out either.
func (d *Dir) resolve(name string) (logical, real string, err error) {
	if name == "" {
		return "", "", errors.New("the path is empty")
	}
	p := filepath.FromSlash(name)
	if filepath.IsAbs(p) {
		p = filepath.Clean(p)
	} else {
		p = filepath.Join(d.real, p)
	}
	rel, ok := within(d.real, p)
	if !ok && d.given != d.real {
		rel, ok = within(d.given, p)
	}
	if !ok {
		return "", "", d.outside(name, "")
	}
	full, err := resolveExisting(filepath.Join(d.real, rel))
	if err != nil {
		return "", "", &Error{Path: name, Problem: "cannot be resolved: " + err.Error(), Err: err}
	}
	realRel, ok := within(d.real, full)
	if !ok {
		return "", "", d.outside(name, " (a symbolic link leads out of it)")
	}
	return filepath.ToSlash(rel), realRel, nil
}

// within returns p relative to dir when p is dir or lies beneath it. Both
// must be absolute and clean.
func within(dir, p string) (string, bool) {
	rel, err := filepath.Rel(dir, p)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return "", false
	}
	return rel, true
}

// resolveExisting resolves the symbolic links of p's deepest existing
// ancestor and joins the rest, which does not exist and so holds no link.
// A dangling link is refused: where it points cannot be checked until its
// target exists.
func resolveExisting(p string) (string, error) {
	var rest []string
	for {
		r, err := filepath.EvalSymlinks(p)
		if err == nil {
			return filepath.Join(append([]string{r}, rest...)...), nil
		}
		if !errors.Is(err, fs.ErrNotExist) {
			return "", err
		}
		if info, lerr := os.Lstat(p); lerr == nil && info.Mode()&fs.ModeSymlink != 0 {
			return "", errors.New("a symbolic link to a missing file")
		}
		parent := filepath.Dir(p)
		if parent == p {
			return "", err
		}
		rest = append([]string{filepath.Base(p)}, rest...)
		p = parent
	}
}

// open resolves name as resolve does and opens the working directory as a
// root that the operation on real then goes through, so no step of it can
// leave the directory; the caller closes the root.
func (d *Dir) open(name string) (logical, real string, root *os.Root, err error) {
	logical, real, err = d.resolve(name)
	if err != nil {
		return "", "", nil, err
	}
	root, err = os.OpenRoot(d.real)
	if err != nil {
		return "", "", nil, err
	}
	return logical, real, root, nil
}
