package session

import (
	"context"

	"github.com/nodelisp/nodelisp/files"
)

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

// fileContent is a file's content as the log records it, from what
// files.Dir.State returns: nil for an absent file.
func fileContent(text string, ok bool) *string {
	if !ok {
		return nil
	}
	return &text
}
