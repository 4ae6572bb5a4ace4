//go:build unix

package main

import (
	"os"
	"os/exec"
	"syscall"
)

// replaceProcess execs the host in this process, with the same arguments
// and environment; it returns only if that failed.
func replaceProcess(host string, args []string) error {
	return syscall.Exec(host, append([]string{"nodelisp"}, args...), os.Environ())
}

// exitStatus is the child's exit status as a shell reports it: 128 plus
// the signal's number when a signal ended it.
func exitStatus(exit *exec.ExitError) int {
	if ws, ok := exit.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		return 128 + int(ws.Signal())
	}
	return exit.ExitCode()
}
