package sqlite

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// explainOpen words an error opening the store file when SQLite's own
// says only "unable to open database file" or "attempt to write a readonly
// database": it finds which of the file and its directory cannot be
// written. SQLite needs both: the directory for the -wal and -shm files
// beside the store, even when the store file itself exists.
func explainOpen(path string, err error) error {
	msg := err.Error()
	if !strings.Contains(msg, "unable to open database file") && !strings.Contains(msg, "readonly database") {
		return err
	}
	dir := filepath.Dir(path)
	if _, serr := os.Stat(path); errors.Is(serr, fs.ErrNotExist) {
		if werr := probeDir(dir); werr != nil {
			return fmt.Errorf("cannot create the store file: directory %s is not writable (%v): %w", dir, werr, err)
		}
	} else if f, oerr := os.OpenFile(path, os.O_RDWR, 0); oerr != nil {
		return fmt.Errorf("the store file cannot be written (%v): %w", oerr, err)
	} else {
		f.Close()
	}
	if werr := probeDir(dir); werr != nil {
		return fmt.Errorf("directory %s is not writable (%v), and SQLite keeps the store's -wal and -shm files there: %w", dir, werr, err)
	}
	return err
}

// probeDir reports whether a file can be created in dir.
func probeDir(dir string) error {
	f, err := os.CreateTemp(dir, ".nodelisp-probe-*")
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			return pe.Err
		}
		return err
	}
	f.Close()
	return os.Remove(f.Name())
}
