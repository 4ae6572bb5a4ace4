package main

import (
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"github.com/nodelisp/nodelisp/proc"
	"github.com/nodelisp/nodelisp/session"
	"github.com/nodelisp/nodelisp/settings"
)

// runOptions sets the run verb's options of a session the command opens:
// allowed by --allow-run, else config.jsonc, else def (the mode's
// default); sandboxed by --sandbox, which fails here, at start, when
// bubblewrap cannot be had, never later and never silently unsandboxed.
func (c *command) runOptions(set settings.Settings, def bool, opts *session.Options) error {
	opts.AllowRun = set.AllowRun(c.opts.AllowRun, def)
	opts.Sandbox = c.opts.Sandbox
	if opts.Sandbox && opts.AllowRun {
		return proc.CheckSandbox()
	}
	return nil
}

// killCommandsOnTerm makes SIGTERM kill the process groups of the commands
// cells are running before the process ends as SIGTERM ends it, so no
// command outlives a host that was told to stop. serve has its own
// handling, which cancels the cells and so kills their commands.
func killCommandsOnTerm() (stop func()) {
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, syscall.SIGTERM)
	done := make(chan struct{})
	go func() {
		select {
		case <-sig:
			proc.KillAll()
			signal.Reset(syscall.SIGTERM)
			syscall.Kill(os.Getpid(), syscall.SIGTERM)
		case <-done:
			signal.Stop(sig)
		}
	}()
	return func() { close(done) }
}

// closeSession releases what an interactive session holds outside the
// log when the command is done with it; a failure is said, not fatal: the
// log is whole, and the next open of the session clears what was left.
func closeSession(c *command, sess *session.Session) {
	if err := sess.Close(); err != nil {
		fmt.Fprintf(c.stderr, "nodelisp: warning: closing the session: %v\n", err)
	}
}
