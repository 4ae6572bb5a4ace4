package files

import (
	"errors"
	"fmt"
	"io/fs"
)

// Kinds of failure, for errors.Is. A missing file is fs.ErrNotExist.
var (
	ErrOutside  = errors.New("outside the working directory")
	ErrNotText  = errors.New("not a text file")
	ErrTooLarge = errors.New("over the size limit")
	ErrIsDir    = errors.New("is a directory")
	ErrNotDir   = errors.New("not a directory")
	// ErrNotRegular is a FIFO, socket, device or the like: the verbs
	// refuse them before opening, as opening one can block for ever.
	// It is also an ErrNotText.
	ErrNotRegular = fmt.Errorf("not a regular file: %w", ErrNotText)
)

// Error is a failed operation on one path. Its message names the path as
// the caller wrote it and says what is wrong, in words a user can act on:
// "../x is outside the working directory /work/app".
type Error struct {
	Path    string
	Problem string // follows the path in the message
	Err     error  // one of the Err values above, fs.ErrNotExist, or a system error
}

func (e *Error) Error() string { return e.Path + " " + e.Problem }

func (e *Error) Unwrap() error { return e.Err }

func (d *Dir) outside(name, why string) error {
	return &Error{Path: name, Problem: "is outside the working directory " + d.given + why, Err: ErrOutside}
}

func notExist(name string) error {
	return &Error{Path: name, Problem: "does not exist", Err: fs.ErrNotExist}
}

func tooLarge(name, verb string, n, limit int64) error {
	return &Error{Path: name, Problem: fmt.Sprintf("%s %s, over the %s limit", verb, Size(n), Size(limit)), Err: ErrTooLarge}
}

// Size is a byte count as the messages give it: "512 B", "1.5 KiB",
// "1 MiB".
func Size(n int64) string {
	switch {
	case n < 1<<10:
		return fmt.Sprintf("%d B", n)
	case n < 1<<20:
		return unit(float64(n)/(1<<10), "KiB")
	}
	return unit(float64(n)/(1<<20), "MiB")
}

func unit(v float64, name string) string {
	s := fmt.Sprintf("%.1f", v)
	if len(s) > 2 && s[len(s)-2:] == ".0" {
		s = s[:len(s)-2]
	}
	return s + " " + name
}
