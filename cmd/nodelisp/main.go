// Command nodelisp runs Lisp: a REPL with no arguments, a script with a
// file name, an expression with -e, or stdin with -. Subcommands reach the
// log (sessions, log, db) and the host protocol (serve).
//
// docs/cli.md is the user's account of every mode and flag.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/nodelisp/nodelisp/evict"
)

// version is set at build time with -ldflags "-X main.version=…".
var version = "0.1.0-dev"

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// Exit statuses, as a Go CLI user expects them.
const (
	exitOK    = 0
	exitError = 1 // the program failed: a Lisp error, a store error
	exitUsage = 2 // the command line (or the config file) was wrong
)

// run is main without the process: it returns the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	opts, rest, err := parseFlags(args, stdout)
	c := &command{opts: opts, stdin: stdin, stdout: stdout, stderr: stderr}
	if err != nil {
		if err == errHelp {
			return exitOK
		}
		return c.usageError(err)
	}
	if opts.version {
		fmt.Fprintf(stdout, "nodelisp %s\n", version)
		return exitOK
	}
	switch {
	case opts.expr != "":
		return c.runSource("-e", opts.expr, rest)
	case len(rest) == 0:
		return c.repl()
	case rest[0] == "-":
		src, err := io.ReadAll(stdin)
		if err != nil {
			fmt.Fprintf(stderr, "nodelisp: reading stdin: %v\n", err)
			return exitError
		}
		return c.runSource("<stdin>", string(src), rest[1:])
	}
	if sub, ok := subcommands[rest[0]]; ok {
		return sub(c, rest[1:])
	}
	return c.runFile(rest[0], rest[1:])
}

// command carries what every mode of the command shares.
type command struct {
	opts           options
	stdin          io.Reader
	stdout, stderr io.Writer
}

// subcommands maps the first argument to a mode other than running a file.
// Each registers itself from its own file's init.
var subcommands = map[string]func(c *command, args []string) int{}

// usageError reports a wrong command line in one line and exits 2.
func (c *command) usageError(err error) int {
	fmt.Fprintf(c.stderr, "nodelisp: %v\n", err)
	fmt.Fprintln(c.stderr, "Run 'nodelisp --help' for usage.")
	return exitUsage
}

// fail reports an error of the command's work and exits 1; a malformed
// config file is the user's to fix before anything runs, and exits 2.
func (c *command) fail(err error) int {
	fmt.Fprintf(c.stderr, "nodelisp: %v\n", err)
	if errors.As(err, new(*evict.ConfigError)) {
		return exitUsage
	}
	return exitError
}
