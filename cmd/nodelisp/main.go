// Command nodelisp runs Lisp: a REPL with no arguments, a script with a
// file name, an expression with -e, or stdin with -. Subcommands reach the
// log (sessions, log, db, models) and the host protocol (serve).
//
// It is one binary. The store is opened on first use, so a program that
// never reads the log pays only for having the store's code linked in.
//
// docs/cli.md is the user's account of every mode and flag.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/nodelisp/nodelisp/evict"
	"github.com/nodelisp/nodelisp/internal/cli"
	"github.com/nodelisp/nodelisp/settings"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// version is the version the command prints.
var version = cli.Version

// run is main without the process: it returns the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	opts, rest, err := cli.ParseFlags(args, stdout)
	c := &command{opts: opts, stdin: stdin, stdout: stdout, stderr: stderr}
	if err != nil {
		if err == cli.ErrHelp {
			return cli.ExitOK
		}
		return c.usageError(err)
	}
	if opts.Version {
		fmt.Fprintf(stdout, "nodelisp %s\n", version)
		return cli.ExitOK
	}
	if opts.Expr == "" && len(rest) == 0 {
		return c.repl()
	}
	if opts.Expr == "" && !cli.FromStdin(opts, rest) {
		if sub, ok := subcommands[rest[0]]; ok {
			return sub(c, rest[1:])
		}
	}
	p, ok := cli.ReadProgram(opts, rest, stdin, stderr)
	if !ok {
		return cli.ExitError
	}
	return c.runProgram(p)
}

// command carries what every mode of the command shares.
type command struct {
	opts           cli.Options
	stdin          io.Reader
	stdout, stderr io.Writer
	// resolved are the settings, once resolved (settings), and
	// resolveErr what resolving them found wrong.
	resolved   *settings.Settings
	resolveErr error
}

// subcommands maps the first argument to a mode other than running a file.
// Each registers itself from its own file's init.
var subcommands = map[string]func(c *command, args []string) int{}

// usageError reports a wrong command line in one line and exits 2.
func (c *command) usageError(err error) int { return cli.UsageError(c.stderr, err) }

// fail reports an error of the command's work and exits 1; a malformed
// config file is the user's to fix before anything runs, and exits 2.
func (c *command) fail(err error) int {
	fmt.Fprintf(c.stderr, "nodelisp: %v\n", err)
	if errors.As(err, new(*evict.ConfigError)) {
		return cli.ExitUsage
	}
	return cli.ExitError
}
