package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/nodelisp/nodelisp/evict"
	"github.com/nodelisp/nodelisp/internal/cli"
	"github.com/nodelisp/nodelisp/serve"
	"github.com/nodelisp/nodelisp/session"
)

func init() { subcommands["serve"] = (*command).serve }

const serveUsage = `Usage:
  nodelisp serve [flags]        JSON-RPC 2.0 over stdin/stdout, one message a line
  nodelisp serve --mcp [flags]  a Model Context Protocol server over stdio

The methods, params, results and error codes are in docs/serve.md.

Flags:
`

// serve runs the host protocol until stdin ends or the process is
// interrupted. The global --db, --home, --model and --workdir may also
// come after "serve".
func (c *command) serve(args []string) int {
	o := c.opts
	fs := flag.NewFlagSet("nodelisp serve", flag.ContinueOnError)
	mcpMode := fs.Bool("mcp", false, "serve the Model Context Protocol instead of plain JSON-RPC")
	fs.StringVar(&o.Session, "session", o.Session, "with --mcp, resume session `ID` (default: a new session)")
	fs.StringVar(&o.DB, "db", o.DB, "the log store: a postgres:// `URL` or an SQLite file (default: $NODECODE_DB, else log.db in the home)")
	fs.StringVar(&o.Home, "home", o.Home, "the nodelisp home `DIR` (default: $NODECODE_HOME, else $XDG_DATA_HOME/nodecode, else ~/.local/share/nodecode)")
	fs.StringVar(&o.Model, "model", o.Model, "new sessions' model as `provider/model-id` (default: $NODECODE_MODEL, else \"model\" in config.jsonc)")
	fs.StringVar(&o.Workdir, "workdir", o.Workdir, "the `DIR` the file verbs are confined to (default: the current directory)")
	fs.Var(cli.CellMemoryFlag(&o.CellMemory), "cell-memory", cli.UsageCellMemory)
	cellTimeout := fs.Duration("cell-timeout", serve.DefaultCellTimeout, "stop a cell after `DURATION` (e.g. 30s, 2m) when its call gives no timeout_ms")
	maxCellTimeout := fs.Duration("max-cell-timeout", serve.DefaultMaxCellTimeout, "the longest `DURATION` a call's timeout_ms may ask for")
	var follows followList
	fs.Var(&follows, "follow", "import `TOOL`'s transcripts (claude-code, codex or pi) as it writes them, from its own folder or TOOL=DIR; repeat for more")
	fs.Var(cli.AllowRunFlag(&o.AllowRun), "allow-run", cli.UsageAllowRun)
	fs.BoolVar(&o.Sandbox, "sandbox", o.Sandbox, cli.UsageSandbox)
	fs.SetOutput(io.Discard)
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprint(c.stdout, serveUsage)
			printServeFlags(c.stdout, fs)
			return cli.ExitOK
		}
		return c.serveUsageError(err)
	}
	if fs.NArg() > 0 {
		return c.serveUsageError(fmt.Errorf("serve: unexpected argument %q", fs.Arg(0)))
	}
	switch {
	case *cellTimeout <= 0:
		return c.serveUsageError(fmt.Errorf("serve: --cell-timeout must be positive, got %v", *cellTimeout))
	case *maxCellTimeout < *cellTimeout:
		return c.serveUsageError(fmt.Errorf("serve: --max-cell-timeout %v is below --cell-timeout %v", *maxCellTimeout, *cellTimeout))
	}
	if o.Session != "" && !*mcpMode {
		return c.serveUsageError(errors.New("serve: --session is for --mcp; JSON-RPC clients call resume"))
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	exitAfterSignal(ctx)
	c.opts = o
	set, err := c.settings()
	if err != nil {
		return c.fail(err)
	}
	st, err := c.openStore(ctx)
	if err != nil {
		return c.fail(err)
	}
	defer st.Close()
	for _, f := range follows {
		go c.serveFollow(ctx, st, f)
	}
	cfg := serve.Config{Store: st, Home: set.Home, Model: set.Model, Workdir: o.Workdir, Budgets: evict.NewResolver(set.BudgetEnv())}
	cfg.Limits.MaxMemory = o.CellMemory
	cfg.CellTimeout, cfg.MaxCellTimeout = *cellTimeout, *maxCellTimeout
	var runOpts session.Options
	if err := c.runOptions(set, false, &runOpts); err != nil {
		return c.fail(err)
	}
	cfg.AllowRun, cfg.Sandbox = runOpts.AllowRun, runOpts.Sandbox
	if *mcpMode {
		err = serve.RunMCP(ctx, cfg, serve.MCPOptions{Session: o.Session, Version: version, Notices: c.stderr}, c.stdin, c.stdout)
	} else {
		err = serve.NewServer(cfg).Run(ctx, c.stdin, c.stdout)
	}
	if err != nil && ctx.Err() == nil {
		fmt.Fprintf(c.stderr, "nodelisp: %v\n", err)
		return cli.ExitError
	}
	return cli.ExitOK
}

// printServeFlags lists the flags as --name VALUE, as the rest of the
// command's help does.
func printServeFlags(w io.Writer, fs *flag.FlagSet) {
	fs.VisitAll(func(f *flag.Flag) {
		name, usage := flag.UnquoteUsage(f)
		head := "  --" + f.Name
		if len(f.Name) == 1 {
			head = "  -" + f.Name // a one-letter flag is written as such: agent's -p
		}
		if name != "" {
			head += " " + name
		}
		fmt.Fprintf(w, "%s\n      %s\n", head, usage)
	})
}

func (c *command) serveUsageError(err error) int {
	fmt.Fprintf(c.stderr, "nodelisp: %v\n", err)
	fmt.Fprintln(c.stderr, "Run 'nodelisp serve --help' for usage.")
	return cli.ExitUsage
}
