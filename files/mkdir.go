package files

import (
	"errors"
	"io/fs"
)

// MakeDirs creates directory name and its missing parents, as
// ensure-directories-exist asks; it reports whether it created any.
// Directories are not recorded as changes (docs/files.md), so this is a
// plain operation of the confined directory.
func (d *Dir) MakeDirs(name string) (created bool, err error) {
	_, real, root, err := d.open(name)
	if err != nil {
		return false, err
	}
	defer root.Close()
	info, err := root.Stat(real)
	switch {
	case err == nil && info.IsDir():
		return false, nil
	case err == nil:
		return false, &Error{Path: name, Problem: "is not a directory", Err: ErrNotDir}
	case !errors.Is(err, fs.ErrNotExist):
		return false, d.opError(name, err)
	}
	if err := root.MkdirAll(real, 0o777); err != nil {
		return false, d.opError(name, err)
	}
	return true, nil
}
