package proc

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"time"
)

// Spec is one command to run.
type Spec struct {
	// Command is a shell command (run by /bin/sh -c) when Args is nil,
	// else the program to run with Args and no shell. A program without a
	// slash is looked up in PATH.
	Command string
	Args    []string
	// Shell is set when Command is to be run by /bin/sh -c even with no
	// Args; a nil Args and Shell false is a program run without arguments.
	Shell bool
	// Dir is the working directory, absolute.
	Dir string
	// Env is added to the host's environment ("NAME=value"), winning over it.
	Env []string
	// Stdin is the command's standard input; empty is none (/dev/null).
	Stdin string
	// Timeout ends the command when it passes; 0 is none but the context.
	Timeout time.Duration
	// OutputLimit caps the bytes kept of each stream; 0 is
	// DefaultOutputLimit.
	OutputLimit int
	// Sandbox runs the command under bubblewrap (sandbox.go).
	Sandbox bool
}

// Result is how a command ended.
type Result struct {
	// ExitCode is the exit status, -1 when a signal ended it.
	ExitCode int
	// Signal names the signal that ended it ("KILL"), "" when it exited.
	Signal string
	// TimedOut is set when Spec.Timeout ended it.
	TimedOut       bool
	Stdout, Stderr Output
	Elapsed        time.Duration
}

// ErrStart wraps a command that could not be started (no such program,
// no bubblewrap); the command never ran.
var ErrStart = errors.New("cannot start")

// Run runs spec and waits for it. When ctx ends first, the command's
// process group is killed and Run returns ctx's error with the result so
// far. A command that was started always yields a Result.
func Run(ctx context.Context, spec Spec) (Result, error) {
	cmd, err := command(spec)
	if err != nil {
		return Result{}, fmt.Errorf("%w: %v", ErrStart, err)
	}
	stdout, stderr := newCapped(spec.OutputLimit), newCapped(spec.OutputLimit)
	// Our own pipes, not exec's: Wait then waits for the process alone,
	// and the group is killed before the pipes are drained, so a
	// background child holding them open cannot hold Run up.
	outR, outW, err := os.Pipe()
	if err != nil {
		return Result{}, fmt.Errorf("%w: %v", ErrStart, err)
	}
	errR, errW, err := os.Pipe()
	if err != nil {
		outR.Close()
		outW.Close()
		return Result{}, fmt.Errorf("%w: %v", ErrStart, err)
	}
	cmd.Stdout, cmd.Stderr = outW, errW
	if spec.Stdin != "" {
		cmd.Stdin = strings.NewReader(spec.Stdin)
	}
	cmd.SysProcAttr = groupAttr()
	began := time.Now()
	err = cmd.Start()
	outW.Close()
	errW.Close()
	if err != nil {
		outR.Close()
		errR.Close()
		return Result{}, fmt.Errorf("%w: %v", ErrStart, err)
	}
	g := track(cmd.Process.Pid)
	defer g.forget()
	var drained sync.WaitGroup
	drained.Add(2)
	go drain(&drained, outR, stdout)
	go drain(&drained, errR, stderr)

	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	var timeout <-chan time.Time
	if spec.Timeout > 0 {
		t := time.NewTimer(spec.Timeout)
		defer t.Stop()
		timeout = t.C
	}
	var res Result
	var ctxErr error
	var waitErr error
	select {
	case waitErr = <-exited:
	case <-timeout:
		res.TimedOut = true
		g.kill()
		waitErr = <-exited
	case <-ctx.Done():
		ctxErr = ctx.Err()
		g.kill()
		waitErr = <-exited
	}
	// The first process is gone; what it left running goes with it.
	g.kill()
	drained.Wait()
	res.Elapsed = time.Since(began)
	res.Stdout, res.Stderr = stdout.output(), stderr.output()
	res.ExitCode, res.Signal = exitStatus(cmd.ProcessState, waitErr)
	return res, ctxErr
}

func drain(wg *sync.WaitGroup, r *os.File, w io.Writer) {
	defer wg.Done()
	defer r.Close()
	io.Copy(w, r)
}

// command builds the exec.Cmd for spec, inside the sandbox if asked.
func command(spec Spec) (*exec.Cmd, error) {
	if spec.Command == "" {
		return nil, errors.New("the command is empty")
	}
	argv := []string{spec.Command}
	switch {
	case spec.Args != nil || !spec.Shell:
		argv = append(argv, spec.Args...)
	default:
		argv = []string{"/bin/sh", "-c", spec.Command}
	}
	if spec.Sandbox {
		var err error
		if argv, err = sandboxArgv(spec.Dir, argv); err != nil {
			return nil, err
		}
	}
	cmd := exec.Command(argv[0], argv[1:]...)
	if cmd.Err != nil {
		return nil, cmd.Err
	}
	cmd.Dir = spec.Dir
	if len(spec.Env) > 0 {
		cmd.Env = append(os.Environ(), spec.Env...)
	}
	return cmd, nil
}

// exitStatus reads how the process ended.
func exitStatus(ps *os.ProcessState, err error) (code int, signal string) {
	if ps == nil {
		return -1, ""
	}
	if ws, ok := ps.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		return -1, signalName(ws.Signal())
	}
	return ps.ExitCode(), ""
}
