package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
)

// options are the command line's flags.
type options struct {
	expr    string
	json    bool
	session string
	db      string
	home    string
	model   string
	workdir string
	version bool
}

var errHelp = errors.New("help requested")

const usageText = `Usage:
  nodelisp [flags]                  start the REPL
  nodelisp [flags] FILE.lisp [ARGS]  run a script (ARGS are in *args*)
  nodelisp [flags] -e EXPR          evaluate EXPR and print its value
  nodelisp [flags] -                run the program on standard input

Flags:
`

// parseFlags parses the flags that come before the file name or subcommand;
// everything from the first non-flag argument on is returned as rest.
func parseFlags(args []string, stderr io.Writer) (options, []string, error) {
	var o options
	fs := flag.NewFlagSet("nodelisp", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&o.expr, "e", "", "evaluate `EXPR` and print its value")
	fs.BoolVar(&o.json, "json", false, "print each top-level result as one JSON line")
	fs.StringVar(&o.session, "session", "", "run against session `ID` of the store (recall reads its log)")
	fs.StringVar(&o.db, "db", "", "the log store: postgres://… or an SQLite file `URL` (default: $NODECODE_DB, else the home's file)")
	fs.StringVar(&o.home, "home", "", "the nodelisp home `DIR` (default: $NODECODE_HOME, $XDG_DATA_HOME/nodecode, ~/.local/share/nodecode)")
	fs.StringVar(&o.model, "model", "", "the session's model as `provider/model-id` (default: $NODECODE_MODEL, or \"model\" in config.jsonc)")
	fs.StringVar(&o.workdir, "workdir", "", "the `DIR` the file verbs are confined to (default: the current directory)")
	fs.BoolVar(&o.version, "version", false, "print the version and exit")
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), usageText)
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return o, nil, errHelp
		}
		return o, nil, err
	}
	return o, fs.Args(), nil
}
