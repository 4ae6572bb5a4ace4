package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"

	"github.com/nodelisp/nodelisp/internal/cli"
)

// handOver runs the command line args in the host. With stdin nil the
// host takes this process's place and its standard input as it is (a
// terminal stays a terminal); otherwise stdin is the program this process
// already read from its standard input, and the host runs as a child that
// reads it from a pipe.
func handOver(args []string, stdin []byte, stderr io.Writer) int {
	if os.Getenv(cli.HandedOverEnv) != "" {
		// What was found as the host is a nodelisp like this one (a
		// $NODECODE_HOST_BIN naming nodelisp itself, say): handing over
		// again would exec forever.
		fmt.Fprintf(stderr, "nodelisp: the program started as nodelisp-host handed the command back: it is not nodelisp-host (check $NODECODE_HOST_BIN)\n")
		return cli.ExitError
	}
	os.Setenv(cli.HandedOverEnv, "1")
	host, err := findHost(stderr)
	if err != nil {
		fmt.Fprintf(stderr, "nodelisp: %v\n", err)
		return cli.ExitError
	}
	if stdin == nil {
		err := replaceProcess(host, args)
		fmt.Fprintf(stderr, "nodelisp: starting %s: %v\n", host, err)
		return cli.ExitError
	}
	return runChild(host, args, stdin, stderr)
}

// runChild runs the host with stdin as its standard input and returns its
// exit status. Interrupts reach the child from the terminal (it shares the
// process group) or are passed on to it; this process only waits.
func runChild(host string, args []string, stdin []byte, stderr io.Writer) int {
	child := exec.Command(host, args...)
	child.Stdin = bytes.NewReader(stdin)
	child.Stdout, child.Stderr = os.Stdout, stderr
	interrupts := make(chan os.Signal, 1)
	signal.Notify(interrupts, os.Interrupt)
	defer signal.Stop(interrupts)
	if err := child.Start(); err != nil {
		fmt.Fprintf(stderr, "nodelisp: starting %s: %v\n", host, err)
		return cli.ExitError
	}
	done := make(chan error, 1)
	go func() { done <- child.Wait() }()
	for {
		select {
		case sig := <-interrupts:
			child.Process.Signal(sig)
		case err := <-done:
			var exit *exec.ExitError
			if errors.As(err, &exit) {
				return exitStatus(exit)
			}
			if err != nil {
				fmt.Fprintf(stderr, "nodelisp: %s: %v\n", host, err)
				return cli.ExitError
			}
			return cli.ExitOK
		}
	}
}
