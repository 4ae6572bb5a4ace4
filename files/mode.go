package files

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io"
	"io/fs"
	"os"
)

// Mode returns the permission bits of file name; ok is false when there is
// no such file.
func (d *Dir) Mode(name string) (mode fs.FileMode, ok bool, err error) {
	_, real, root, err := d.open(name)
	if err != nil {
		return 0, false, err
	}
	defer root.Close()
	info, err := root.Lstat(real)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return 0, false, nil
	case err != nil:
		return 0, false, d.opError(name, err)
	}
	return info.Mode().Perm(), true, nil
}

// Chmod sets the permission bits of file name.
func (d *Dir) Chmod(name string, mode fs.FileMode) error {
	_, real, root, err := d.open(name)
	if err != nil {
		return err
	}
	defer root.Close()
	if err := root.Chmod(real, mode.Perm()); err != nil {
		return d.opError(name, err)
	}
	return nil
}

// Sum returns the hex SHA-256 of file name's contents, whatever they are
// and however large: how a change known by hash only is recognised.
func (d *Dir) Sum(name string) (string, error) {
	_, real, root, err := d.open(name)
	if err != nil {
		return "", err
	}
	defer root.Close()
	info, err := root.Stat(real)
	if err != nil {
		return "", d.opError(name, err)
	}
	if !info.Mode().IsRegular() {
		return "", &Error{Path: name, Problem: "is not a regular file", Err: ErrNotRegular}
	}
	f, err := root.OpenFile(real, os.O_RDONLY|openNonblock, 0)
	if err != nil {
		return "", d.opError(name, err)
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", &Error{Path: name, Problem: "cannot be read: " + err.Error(), Err: err}
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}
