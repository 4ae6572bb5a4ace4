package files

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"unicode/utf8"
)

// Read returns the text of file name. It refuses a missing file, a
// directory, a file over the size limit and one that is not text.
func (d *Dir) Read(name string) (string, error) {
	text, ok, err := d.State(name)
	if err == nil && !ok {
		err = notExist(name)
	}
	return text, err
}

// State returns the text of file name, or ok false when there is no such
// file: what a change records as the contents before it. It fails as Read
// does on anything that is not a text file within the limit.
func (d *Dir) State(name string) (text string, ok bool, err error) {
	_, real, root, err := d.open(name)
	if err != nil {
		return "", false, err
	}
	defer root.Close()
	// A FIFO or device would block open(2) for ever: look first, and
	// open without blocking in case one is swapped in after the look.
	switch info, err := root.Stat(real); {
	case errors.Is(err, fs.ErrNotExist):
		return "", false, nil
	case err != nil:
		return "", false, d.opError(name, err)
	default:
		if err := d.checkRegular(name, info); err != nil {
			return "", false, err
		}
	}
	f, err := root.OpenFile(real, os.O_RDONLY|openNonblock, 0)
	if errors.Is(err, fs.ErrNotExist) {
		return "", false, nil
	}
	if err != nil {
		return "", false, d.opError(name, err)
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return "", false, &Error{Path: name, Problem: "cannot be read: " + err.Error(), Err: err}
	}
	if err := d.checkRegular(name, info); err != nil {
		return "", false, err
	}
	// Read one byte past the limit, so a file that grew since the stat is
	// still caught.
	data, err := io.ReadAll(io.LimitReader(f, d.limit+1))
	if err != nil {
		return "", false, &Error{Path: name, Problem: "cannot be read: " + err.Error(), Err: err}
	}
	if int64(len(data)) > d.limit {
		return "", false, tooLarge(name, "is at least", int64(len(data)), d.limit)
	}
	if err := checkText(name, "is not", data); err != nil {
		return "", false, err
	}
	return string(data), true, nil
}

func (d *Dir) checkRegular(name string, info fs.FileInfo) error {
	switch {
	case info.IsDir():
		return &Error{Path: name, Problem: "is a directory", Err: ErrIsDir}
	case !info.Mode().IsRegular():
		return &Error{Path: name, Problem: "is not a regular file (" + kindOf(info.Mode()) + "); only regular files and directories are used", Err: ErrNotRegular}
	case info.Size() > d.limit:
		return tooLarge(name, "is", info.Size(), d.limit)
	}
	return nil
}

// checkText refuses data holding a NUL byte or invalid UTF-8: the log
// could not carry it back unchanged. is is "is not" for a file read and
// "would not be" for text about to be written.
func checkText(name, is string, data []byte) error {
	switch {
	case bytes.IndexByte(data, 0) >= 0:
		return &Error{Path: name, Problem: is + " a text file (it holds NUL bytes)", Err: ErrNotText}
	case !utf8.Valid(data):
		return &Error{Path: name, Problem: is + " a text file (it is not valid UTF-8)", Err: ErrNotText}
	}
	return nil
}

// opError words an error os.Root gave for name; an escape it caught (a
// link swapped in after resolve looked) reads like any other.
func (d *Dir) opError(name string, err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) && pe.Err.Error() == "path escapes from parent" {
		return d.outside(name, " (a symbolic link leads out of it)")
	}
	return &Error{Path: name, Problem: "cannot be used: " + err.Error(), Err: err}
}

// Write replaces the contents of file name with text, creating the file
// and its missing parent directories if need be. It writes a temporary
// file beside the target and renames it over, so a reader sees the old
// contents or the new, never a mix. An existing file keeps its mode.
func (d *Dir) Write(name, text string) error {
	st, err := d.Stage(name, text)
	if err != nil {
		return err
	}
	return st.Commit()
}

func writeTemp(root *os.Root, tmp, text string, mode fs.FileMode, keepMode bool) error {
	f, err := root.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, mode)
	if err != nil {
		return err
	}
	_, err = f.WriteString(text)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil && keepMode {
		// The umask narrowed the mode OpenFile was given; put it back.
		err = root.Chmod(tmp, mode)
	}
	return err
}

func randomSuffix() string {
	b := make([]byte, 6)
	rand.Read(b)
	return hex.EncodeToString(b)
}

// Remove deletes file name. Directories are not removed.
func (d *Dir) Remove(name string) error {
	_, real, root, err := d.open(name)
	if err != nil {
		return err
	}
	defer root.Close()
	info, err := root.Lstat(real)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return notExist(name)
	case err != nil:
		return d.opError(name, err)
	case info.IsDir():
		return &Error{Path: name, Problem: "is a directory", Err: ErrIsDir}
	}
	if err := root.Remove(real); err != nil {
		return d.opError(name, err)
	}
	return nil
}

// List returns the entries of directory name ("" or "." for the working
// directory itself) as paths relative to the working directory, sorted,
// each directory's with a trailing "/", so every entry can be handed
// straight back to another operation.
func (d *Dir) List(name string) ([]string, error) {
	if name == "" {
		name = "."
	}
	logical, real, root, err := d.open(name)
	if err != nil {
		return nil, err
	}
	defer root.Close()
	info, err := root.Stat(real)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, notExist(name)
	case err != nil:
		return nil, d.opError(name, err)
	case !info.IsDir():
		return nil, &Error{Path: name, Problem: "is not a directory", Err: ErrNotDir}
	}
	entries, err := fs.ReadDir(root.FS(), filepath.ToSlash(real))
	if err != nil {
		return nil, d.opError(name, err)
	}
	out := make([]string, 0, len(entries))
	for _, e := range entries {
		p := e.Name()
		if logical != "." {
			p = logical + "/" + p
		}
		if e.IsDir() {
			p += "/"
		}
		out = append(out, p)
	}
	return out, nil
}
