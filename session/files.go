package session

import (
	"context"

	"github.com/nodelisp/nodelisp/files"
)

// fileChangePayload is a file change event (SPEC §2): the contents of one
// file before and after, nil for absent. Move is set on the changes a head
// move made while restoring files: the seq of that head move. Those are
// kept out of their turn's own changes, so undoing the turn later undoes
// what its cells did, not what a restore did.
//
// The changes a run captured (run_record.go) say more: the permission bits
// on each side ("644"), and for a side whose contents the log cannot carry
// (a binary file, one over the size cap) its SHA-256 and size, with
// before or after null. A null side with no hash is an absent file.
type fileChangePayload struct {
	Path   string  `json:"path"`
	Before *string `json:"before"`
	After  *string `json:"after"`
	Move   int64   `json:"move,omitempty"`

	BeforeMode   string `json:"before_mode,omitempty"`
	AfterMode    string `json:"after_mode,omitempty"`
	BeforeSHA256 string `json:"before_sha256,omitempty"`
	AfterSHA256  string `json:"after_sha256,omitempty"`
	BeforeSize   int64  `json:"before_size,omitempty"`
	AfterSize    int64  `json:"after_size,omitempty"`
}

// fileDir is the working directory the session's file verbs and restores
// act in. It is opened afresh each time; files.New is a few system calls.
func (s *Session) fileDir() (*files.Dir, error) {
	return files.New(s.opts.Workdir, s.opts.FileLimit)
}

// replayKey marks the context of an image rebuild. Replaying a cell's
// definitions must append nothing and change nothing, so the verbs that
// change files refuse to run under it (a defvar whose initial value writes
// a file is replayed without that write).
type replayKey struct{}

func withReplay(ctx context.Context) context.Context {
	return context.WithValue(ctx, replayKey{}, true)
}

func replaying(ctx context.Context) bool {
	v, _ := ctx.Value(replayKey{}).(bool)
	return v
}

// sameText reports whether two file states (nil for absent) are equal.
func sameText(a, b *string) bool {
	if a == nil || b == nil {
		return a == b
	}
	return *a == *b
}

// state makes a file state from what files.Dir.State returns.
func state(text string, ok bool) *string {
	if !ok {
		return nil
	}
	return &text
}
