//go:build unix

package proc

import (
	"strings"
	"sync"
	"syscall"
)

// groupAttr puts the command in a new process group, led by its first
// process, so one kill reaches everything it starts. On Linux the first
// process also dies with the thread that started it, a backstop for a
// host killed where no handler runs.
func groupAttr() *syscall.SysProcAttr {
	a := &syscall.SysProcAttr{Setpgid: true}
	setDeathSignal(a)
	return a
}

// live holds the process groups of the commands running now, so KillAll
// can reach them when the host is told to end.
var live = struct {
	sync.Mutex
	groups map[int]bool
}{groups: map[int]bool{}}

type group struct{ pgid int }

func track(pid int) group {
	live.Lock()
	live.groups[pid] = true
	live.Unlock()
	return group{pgid: pid}
}

func (g group) forget() {
	live.Lock()
	delete(live.groups, g.pgid)
	live.Unlock()
}

// kill sends SIGKILL to the whole group. A command is given no grace: a
// process that ignores SIGTERM must not hold a cell, a cancel or the
// host's exit up. An empty group (ESRCH) is fine.
func (g group) kill() { syscall.Kill(-g.pgid, syscall.SIGKILL) }

// KillAll kills the process group of every command running now. A host
// calls it when it is told to end (SIGTERM), so no command outlives it.
func KillAll() {
	live.Lock()
	defer live.Unlock()
	for pgid := range live.groups {
		syscall.Kill(-pgid, syscall.SIGKILL)
	}
}

// signalName is "KILL" for SIGKILL.
func signalName(s syscall.Signal) string {
	name := strings.ToUpper(s.String())
	switch s {
	case syscall.SIGKILL:
		return "KILL"
	case syscall.SIGTERM:
		return "TERM"
	case syscall.SIGINT:
		return "INT"
	case syscall.SIGSEGV:
		return "SEGV"
	case syscall.SIGPIPE:
		return "PIPE"
	case syscall.SIGABRT:
		return "ABRT"
	}
	return name
}
