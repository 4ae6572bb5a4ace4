package main

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/nodelisp/nodelisp/evict"
	"github.com/nodelisp/nodelisp/session"
)

// keepFiles reads the --keep-files flag of /undo, /redo and /tree N
// rewind out of args.
func keepFiles(args []string) (session.UndoOptions, []string) {
	var opts session.UndoOptions
	var rest []string
	for _, a := range args {
		if a == "--keep-files" {
			opts.KeepFiles = true
			continue
		}
		rest = append(rest, a)
	}
	return opts, rest
}

// evict is /evict: the session parses and runs the argument; a wrong one
// is answered as a wrong use, with the list of commands.
func (r *repl) evict(ctx context.Context, arg string) error {
	res, err := r.sess.Evict(ctx, arg)
	if err != nil {
		// The session's errors name the command already, as commandError does.
		msg := strings.TrimPrefix(err.Error(), "/evict: ")
		if errors.As(err, new(*session.EvictArgError)) {
			return &argError{msg}
		}
		return errors.New(msg)
	}
	n := len(res.Turns)
	turns := "turns"
	if n == 1 {
		turns = "turn"
	}
	grew := ""
	if res.After > res.Before {
		// /evict still evicts (the seeds say it forces an eviction), but
		// a stub longer than the turns it stands for is said, not hidden.
		grew = " (larger: the stub is longer than what it replaced; the log keeps every turn)"
	}
	fmt.Fprintf(r.out, "evicted seq %d–%d · %d %s · window %s → %s tokens%s · boundary seq %d\n",
		res.First, res.Last, n, turns, evict.Grouped(res.Before), evict.Grouped(res.After), grew, res.Boundary)
	return nil
}
