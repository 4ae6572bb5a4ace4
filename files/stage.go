package files

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
)

// Staged is a write made ready but not yet visible: the new contents sit
// in a temporary file beside the target (".NAME.RANDOM.tmp") until Commit
// renames it over. A caller that records the change somewhere (the log)
// does so between the two, so the record always leads the disk.
type Staged struct {
	d         *Dir
	name      string // as the caller wrote it, for messages
	real, tmp string // relative to d.real
}

// Stage checks a write of text to file name and writes the temporary file,
// creating missing parent directories. Nothing at name changes until
// Commit; Abort removes the temporary file.
func (d *Dir) Stage(name, text string) (*Staged, error) {
	_, real, err := d.resolve(name)
	if err != nil {
		return nil, err
	}
	if int64(len(text)) > d.limit {
		return nil, tooLarge(name, "would be", int64(len(text)), d.limit)
	}
	if err := checkText(name, "would not be", []byte(text)); err != nil {
		return nil, err
	}
	root, err := os.OpenRoot(d.real)
	if err != nil {
		return nil, err
	}
	defer root.Close()
	mode, keepMode := fs.FileMode(0o666), false
	switch info, err := root.Stat(real); {
	case err == nil && info.IsDir():
		return nil, &Error{Path: name, Problem: "is a directory", Err: ErrIsDir}
	case err == nil && !info.Mode().IsRegular():
		return nil, &Error{Path: name, Problem: "is not a regular file (" + kindOf(info.Mode()) + "); only regular files and directories are used", Err: ErrNotRegular}
	case err == nil:
		mode, keepMode = info.Mode().Perm(), true
	case !errors.Is(err, fs.ErrNotExist):
		return nil, d.opError(name, err)
	}
	dir := filepath.Dir(real)
	if err := root.MkdirAll(dir, 0o777); err != nil {
		return nil, d.opError(name, err)
	}
	tmp := filepath.Join(dir, "."+filepath.Base(real)+"."+randomSuffix()+tempSuffix)
	if err := writeTemp(root, tmp, text, mode, keepMode); err != nil {
		_ = root.Remove(tmp)
		return nil, d.opError(name, err)
	}
	return &Staged{d: d, name: name, real: real, tmp: tmp}, nil
}

// Commit makes the staged contents the file's, in one rename.
func (s *Staged) Commit() error {
	root, err := os.OpenRoot(s.d.real)
	if err != nil {
		return err
	}
	defer root.Close()
	if err := root.Rename(s.tmp, s.real); err != nil {
		_ = root.Remove(s.tmp)
		return s.d.opError(s.name, err)
	}
	return nil
}

// Abort drops the staged contents; the file stays as it was.
func (s *Staged) Abort() {
	if root, err := os.OpenRoot(s.d.real); err == nil {
		_ = root.Remove(s.tmp)
		root.Close()
	}
}
