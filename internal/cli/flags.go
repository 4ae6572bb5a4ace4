// Package cli holds the nodelisp command's flags, its help text, and
// running a program to its end; cmd/nodelisp adds the log, sessions and
// serve around it.
package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
)

// Options are the command line's flags.
type Options struct {
	Expr    string
	JSON    bool
	Session string
	DB      string
	Home    string
	Model   string
	Workdir string
	Version bool
	// CellMemory caps each cell's live memory in bytes (0: the default).
	CellMemory int64
	// AllowRun is --allow-run, nil when not given (each mode has its
	// default, and config.jsonc's "allow_run" may say); Sandbox is
	// --sandbox.
	AllowRun *bool
	Sandbox  bool
	// Echo is --echo: the REPL on piped input prints each prompt and the
	// lines typed after it, as a terminal shows them.
	Echo bool
}

// ErrHelp is what parsing returns when it printed the help instead.
var ErrHelp = errors.New("help requested")

// UsageText heads the command's --help.
const UsageText = `Usage:
  nodelisp [flags]                   start the REPL (a turn of a session per input)
  nodelisp [flags] FILE.lisp [ARGS]  run a script (ARGS are in *args*)
  nodelisp [flags] -e EXPR           evaluate EXPR and print its value
  nodelisp [flags] -                 run the program on standard input
  nodelisp sessions                  list the store's sessions, one a line
  nodelisp log export|import|gen     move sessions in and out of the store
  nodelisp db migrate                apply the store's schema migrations
  nodelisp agent [-p PROMPT]         a model drives a session through eval (docs/agent.md)
  nodelisp serve                     the host protocol over stdio (JSON-RPC 2.0)
  nodelisp view                      a read-only web page over the store
  nodelisp models fetch              fetch the models.dev catalogue the budgets are read from
  nodelisp help [COMMAND]            this help, or a command's

Run 'nodelisp COMMAND --help' for a subcommand's flags.

Flags:
`

// Usages of the flags every mode shares; the subcommands that open the
// store take --db and --home too, after their name.
const (
	UsageDB   = "the log store: a postgres:// `URL` or an SQLite file (default: $NODECODE_DB, else log.db in the home)"
	UsageHome = "the nodelisp home `DIR` (default: $NODECODE_HOME, else $XDG_DATA_HOME/nodecode, else ~/.local/share/nodecode)"
)

// ParseFlags parses the flags that come before the file name or subcommand;
// everything from the first non-flag argument on is returned as rest.
func ParseFlags(args []string, stdout io.Writer) (Options, []string, error) {
	var o Options
	fs := NewFlagSet("nodelisp", UsageText)
	fs.Var((*onceString)(&o.Expr), "e", "evaluate `EXPR` and print its value; give it once (default: none)")
	fs.BoolVar(&o.JSON, "json", false, "print each top-level result as one JSON line")
	fs.StringVar(&o.Session, "session", "", "resume session `ID` in the REPL; a script's recall forms read its log (default: a new session for the REPL, none for scripts)")
	fs.StringVar(&o.DB, "db", "", UsageDB)
	fs.StringVar(&o.Home, "home", "", UsageHome)
	fs.StringVar(&o.Model, "model", "", "the session's model as `provider/model-id` (default: $NODECODE_MODEL, else \"model\" in config.jsonc)")
	fs.StringVar(&o.Workdir, "workdir", "", "the `DIR` the file verbs are confined to (default: the current directory)")
	fs.BoolVar(&o.Version, "version", false, "print the version and exit")
	fs.Var(CellMemoryFlag(&o.CellMemory), "cell-memory", UsageCellMemory)
	fs.Var(AllowRunFlag(&o.AllowRun), "allow-run", UsageAllowRun)
	fs.BoolVar(&o.Sandbox, "sandbox", false, UsageSandbox)
	fs.BoolVar(&o.Echo, "echo", false, "with the REPL on piped input, print each prompt and input line as a terminal would show them")
	if err := ParseArgs(fs, args, stdout); err != nil {
		return o, nil, err
	}
	if err := CellMemoryDefault(&o.CellMemory); err != nil {
		return o, nil, err
	}
	return o, fs.Args(), nil
}

// NewFlagSet makes a flag set whose help is head followed by every flag,
// each with its default.
func NewFlagSet(name, head string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), head)
		PrintFlags(fs)
	}
	return fs
}

// ParseArgs parses args into fs. Asked for help, it prints it to stdout
// (so it pages and greps) and returns errHelp; any other problem is the
// returned error, for the caller to print as one line.
func ParseArgs(fs *flag.FlagSet, args []string, stdout io.Writer) error {
	fs.SetOutput(io.Discard)
	err := fs.Parse(args)
	if errors.Is(err, flag.ErrHelp) {
		fs.SetOutput(stdout)
		fs.Usage()
		return ErrHelp
	}
	return err
}

// PrintFlags lists every flag as --name VALUE with its usage and default.
// The flag package leaves out zero defaults; a user reading --help wants
// to see them all, so a usage that does not say its default gets one.
func PrintFlags(fs *flag.FlagSet) {
	fs.VisitAll(func(f *flag.Flag) {
		name, usage := flag.UnquoteUsage(f)
		head := "  --" + f.Name
		if len(f.Name) == 1 {
			head = "  -" + f.Name
		}
		if name != "" {
			head += " " + name
		}
		if !strings.Contains(usage, "(default") {
			def := f.DefValue
			if def == "" {
				def = `""`
			}
			usage += " (default " + def + ")"
		}
		fmt.Fprintf(fs.Output(), "%s\n      %s\n", head, usage)
	})
}

// StoreFlags adds --db and --home to a subcommand's flags, filling the
// same options the global flags do.
func StoreFlags(fs *flag.FlagSet, o *Options) {
	fs.StringVar(&o.DB, "db", o.DB, UsageDB)
	fs.StringVar(&o.Home, "home", o.Home, UsageHome)
}

// onceString is a string flag that may be given only once: a second -e
// would otherwise silently replace the first.
type onceString string

func (s *onceString) String() string { return string(*s) }

func (s *onceString) Set(v string) error {
	if *s != "" {
		return errors.New("given twice: put both forms in one expression, as -e '(progn A B)'")
	}
	*s = onceString(v)
	return nil
}
