package session

import (
	"errors"
	"fmt"
	"strconv"

	ctxfile "github.com/nodelisp/nodelisp/context"
)

// The context file's edge cases: each ends in a receipt or an error that
// says what is wrong, and the window stays as it was.

// runningInput is the id of the running turn's input in the assembly's
// window, "" when there is none.
func (a *assembly) runningInput() string {
	if len(a.turns) == 0 || a.turns[len(a.turns)-1].input.Seq == 0 {
		return ""
	}
	return strconv.FormatInt(a.turns[len(a.turns)-1].input.Seq, 10)
}

// guardRunning refuses an edit that would delete the running turn's
// input: a file cut short (to its first line, say) reads as "delete every
// block", which would leave a window without the ask being answered.
func (a *assembly) guardRunning(deleted []string) *ctxfile.Refusal {
	run := a.runningInput()
	for _, id := range deleted {
		if id == run {
			return &ctxfile.Refusal{Reason: ctxfile.ReasonRunningInput, Detail: fmt.Sprintf(
				"message %s is the input of the running turn, the ask being answered, and always stays; a file cut short deletes every block it lost", run)}
		}
	}
	return nil
}

// errPendingDamaged is a context.pending.json that does not decode.
type errPendingDamaged struct{ err error }

func (e *errPendingDamaged) Error() string {
	return "context.pending.json, which remembers the pending export, is damaged: " + e.err.Error()
}

// refuseUnreadable answers a request whose pending context cannot be
// checked (the state file is damaged, or context.txt is not a file): the
// receipt says why, the pending state is cleared so the next request is
// not refused again, and the request goes on with the window as it was.
func (s *Session) refuseUnreadable(detail string) (*ctxfile.Receipt, error) {
	rc := &ctxfile.Receipt{FromFile: true, Refused: &ctxfile.Refusal{Reason: ctxfile.ReasonUnreadable, Detail: detail}}
	if err := writeContextFile(s.receiptFile(), []byte(rc.Text())); err != nil {
		return nil, err
	}
	if err := s.writePending(pendingContext{}); err != nil {
		return nil, err
	}
	return rc, nil
}

// unreadableContext words why the context file could not be read.
func unreadableContext(path string, err error) string {
	return fmt.Sprintf("%s cannot be read (%v); remove whatever is at that path and run (context) for a fresh export", path, err)
}

// readPendingToWrite reads the pending state for a call or an export that
// is about to add to it and write it back: a damaged file is replaced by
// what this one writes, as there is nothing in it to keep.
func (s *Session) readPendingToWrite() (pendingContext, error) {
	p, err := s.readPending()
	var damaged *errPendingDamaged
	if errors.As(err, &damaged) {
		return pendingContext{}, nil
	}
	return p, err
}
