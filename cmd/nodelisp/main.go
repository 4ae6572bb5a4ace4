// Command nodelisp runs Lisp: a REPL with no arguments, a script with a
// file name, an expression with -e, or stdin with -. Subcommands reach the
// log (sessions, log, db) and the host protocol (serve).
//
// This binary links only the interpreter, so a program that does not read
// the log starts in about the time the Go runtime takes. Every other
// command line — the REPL, --session, the subcommands, a program that
// names a recall form — it hands unchanged to nodelisp-host, which holds
// the log stores, sessions and serve (see hostfind.go for where it looks).
//
// docs/cli.md is the user's account of every mode and flag.
package main

import (
	"fmt"
	"io"
	"os"

	"github.com/nodelisp/nodelisp/internal/cli"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run is main without the process: it returns the exit status, or hands
// the process over to the host.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	opts, rest, err := cli.ParseFlags(args, stdout)
	if err != nil {
		if err == cli.ErrHelp {
			return cli.ExitOK
		}
		return cli.UsageError(stderr, err)
	}
	if opts.Version {
		fmt.Fprintf(stdout, "nodelisp %s\n", cli.Version)
		return cli.ExitOK
	}
	if opts.Expr == "" && (len(rest) == 0 || cli.IsSubcommand(rest[0])) {
		return handOver(args, nil, stderr)
	}
	p, ok := cli.ReadProgram(opts, rest, stdin, stderr)
	if !ok {
		return cli.ExitError
	}
	if opts.Session != "" || cli.NamesHostForm(p.Source) {
		var fromStdin []byte // the program read from stdin, for the host to read again
		if cli.FromStdin(opts, rest) {
			fromStdin = []byte(p.Source)
		}
		return handOver(args, fromStdin, stderr)
	}
	p.JSON, p.Stdout, p.Stderr = opts.JSON, stdout, stderr
	p.Install = defineHostStubs
	return p.Run()
}
