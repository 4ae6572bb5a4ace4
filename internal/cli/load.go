package cli

import (
	"fmt"
	"io"
	"os"
)

// UsageError reports a wrong command line in one line, with where to
// read the usage, and returns ExitUsage.
func UsageError(stderr io.Writer, err error) int {
	fmt.Fprintf(stderr, "nodelisp: %v\n", err)
	fmt.Fprintln(stderr, "Run 'nodelisp --help' for usage.")
	return ExitUsage
}

// FromStdin reports whether the command line's program is standard
// input.
func FromStdin(opts Options, rest []string) bool {
	return opts.Expr == "" && len(rest) > 0 && rest[0] == "-"
}

// ReadProgram reads the program a command line names after its flags:
// the -e expression, standard input for "-", else the file rest[0]; the
// arguments after it become its *args*. A file or stdin that cannot be
// read is reported to stderr and ok is false.
func ReadProgram(opts Options, rest []string, stdin io.Reader, stderr io.Writer) (p Program, ok bool) {
	p, ok = readProgram(opts, rest, stdin, stderr)
	p.Limits.MaxMemory = opts.CellMemory
	return p, ok
}

func readProgram(opts Options, rest []string, stdin io.Reader, stderr io.Writer) (p Program, ok bool) {
	switch {
	case opts.Expr != "":
		return Program{Name: "-e", Source: opts.Expr, Args: rest}, true
	case FromStdin(opts, rest):
		src, err := io.ReadAll(stdin)
		if err != nil {
			fmt.Fprintf(stderr, "nodelisp: reading stdin: %v\n", err)
			return p, false
		}
		return Program{Name: "<stdin>", Source: string(src), Args: rest[1:]}, true
	}
	src, err := os.ReadFile(rest[0])
	if err != nil {
		fmt.Fprintf(stderr, "nodelisp: %v\n", err)
		return p, false
	}
	return Program{Name: rest[0], Source: string(src), Args: rest[1:]}, true
}
