package session

import (
	"errors"
	"os"
	"sync"
	"syscall"

	"github.com/nodelisp/nodelisp/store"
)

// thisPID is this process's id, as a lease names it.
var thisPID = os.Getpid()

// thisHost is this machine's name, as a lease names it ("" when the
// system will not say, and then no holder is judged gone by its pid).
var thisHost = sync.OnceValue(func() string {
	h, err := os.Hostname()
	if err != nil {
		return ""
	}
	return h
})

// holderGone reports whether a lease's holder is a process of this
// machine that no longer runs, so its lease can be taken over at once
// rather than when it lapses. A holder elsewhere, or one whose process
// cannot be asked about, is taken to be alive: its lease lapses on its
// own. (A pid the system has since given to another process reads as
// alive too, which only makes the taker wait for the lapse.)
func holderGone(h store.Holder) bool {
	if h.PID <= 0 || h.Host == "" || h.Host != thisHost() {
		return false
	}
	p, err := os.FindProcess(h.PID)
	if err != nil {
		return false
	}
	err = p.Signal(syscall.Signal(0))
	return errors.Is(err, os.ErrProcessDone) || errors.Is(err, syscall.ESRCH)
}
