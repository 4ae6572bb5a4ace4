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
		fmt.Fprintf(stderr, "nodelisp: %v\n", err)
		fmt.Fprintln(stderr, "Run 'nodelisp --help' for usage.")
		return cli.ExitUsage
	}
	if opts.Version {
		fmt.Fprintf(stdout, "nodelisp %s\n", cli.Version)
		return cli.ExitOK
	}
	var p cli.Program
	var fromStdin []byte // the program read from stdin, for the host to read again
	switch {
	case opts.Expr != "":
		p = cli.Program{Name: "-e", Source: opts.Expr, Args: rest}
	case len(rest) == 0 || cli.IsSubcommand(rest[0]):
		return handOver(args, nil, stderr)
	case rest[0] == "-":
		src, err := io.ReadAll(stdin)
		if err != nil {
			fmt.Fprintf(stderr, "nodelisp: reading stdin: %v\n", err)
			return cli.ExitError
		}
		fromStdin = src
		p = cli.Program{Name: "<stdin>", Source: string(src), Args: rest[1:]}
	default:
		src, err := os.ReadFile(rest[0])
		if err != nil {
			fmt.Fprintf(stderr, "nodelisp: %v\n", err)
			return cli.ExitError
		}
		p = cli.Program{Name: rest[0], Source: string(src), Args: rest[1:]}
	}
	if opts.Session != "" || cli.NamesHostForm(p.Source) {
		return handOver(args, fromStdin, stderr)
	}
	p.JSON, p.Stdout, p.Stderr = opts.JSON, stdout, stderr
	p.Install = defineHostStubs
	return p.Run()
}
