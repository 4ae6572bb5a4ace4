package session

import (
	"bytes"
	"errors"
	"os"
	"strconv"
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
// rather than when it lapses. A process killed but not yet reaped by its
// parent (a zombie) no longer runs either, though signals still reach
// its pid: it is gone too (issue 29: a zombie server held its session
// for the lease's whole life). A holder elsewhere, or one whose process
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
	return errors.Is(err, os.ErrProcessDone) || errors.Is(err, syscall.ESRCH) || exited(h.PID)
}

// exited reports whether /proc says process pid has ended and waits only
// to be reaped: state Z (zombie) or X (dead). Without /proc (another
// system) nothing is known, and the process is taken to run.
func exited(pid int) bool {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return false
	}
	// The command name, in parentheses, may hold spaces and parentheses
	// itself: the state is the first field after the last ')'.
	i := bytes.LastIndexByte(b, ')')
	if i < 0 || i+2 >= len(b) {
		return false
	}
	state := b[i+2]
	return state == 'Z' || state == 'X'
}
