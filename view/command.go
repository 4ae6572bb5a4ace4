package view

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"runtime"
	"syscall"

	"github.com/nodelisp/nodelisp/internal/cli"
	"github.com/nodelisp/nodelisp/settings"
	"github.com/nodelisp/nodelisp/store/storeopen"
)

// Edge is what the command hands the view from its process: the flags
// given before "view", its output, and its environment, read there once.
type Edge struct {
	Opts   cli.Options
	Stdout io.Writer
	Stderr io.Writer
	// Resolve resolves the settings for the flags as the view parsed
	// them (the command's settings.Resolve over its environment).
	Resolve func(cli.Options) (settings.Settings, error)
}

const usage = `Usage: nodelisp view [flags]

Serves a read-only web page over the store: the sessions, each session's
turn tree, timeline, the window every request sent with its token bar,
usage over the requests, every event whole, and recall-search across
sessions. It listens on loopback only unless --public is given, and then
asks for the token it prints on every request. Stop it with Ctrl-C.

Flags:
`

// Command is nodelisp view: it parses args, opens the store and
// serves until interrupted, and returns the exit status.
func Command(args []string, e Edge) int {
	o := e.Opts
	fs := cli.NewFlagSet("nodelisp view", usage)
	cli.StoreFlags(fs, &o)
	fs.StringVar(&o.Model, "model", o.Model, "the model budgets are resolved for, `provider/model-id` (default: $NODECODE_MODEL, else \"model\" in config.jsonc)")
	addr := fs.String("addr", DefaultAddr, "the `HOST:PORT` to listen on; a port of 0 picks a free one")
	public := fs.Bool("public", false, "allow an --addr that is not loopback; every request must then carry the token printed at start")
	open := fs.Bool("open", false, "open the view in the browser once it listens")
	if err := cli.ParseArgs(fs, args, e.Stdout); err != nil {
		if err == cli.ErrHelp {
			return cli.ExitOK
		}
		return cli.UsageError(e.Stderr, err)
	}
	if fs.NArg() > 0 {
		return cli.UsageError(e.Stderr, fmt.Errorf("view: unexpected argument %q", fs.Arg(0)))
	}
	if loopback, err := isLoopback(*addr); err != nil {
		return cli.UsageError(e.Stderr, err)
	} else if !loopback && !*public {
		return cli.UsageError(e.Stderr, fmt.Errorf("view: --addr %s is not a loopback address; add --public to serve it to others (a token then guards every request)", *addr))
	}
	set, err := e.Resolve(o)
	if err != nil {
		fmt.Fprintf(e.Stderr, "nodelisp: %v\n", err)
		return cli.ExitUsage
	}
	env := set.BudgetEnv()
	model := set.Model

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	st, err := storeopen.Open(ctx, set.Store, set.Home)
	if err != nil {
		fmt.Fprintf(e.Stderr, "nodelisp: %v\n", err)
		return cli.ExitError
	}
	defer st.Close()
	opts := Options{Addr: *addr, Public: *public, Model: model, BudgetEnv: &env}
	opts.Ready = func(url string) {
		fmt.Fprintf(e.Stdout, "nodelisp view: store %s at %s\n", st.ID(), url)
		if *public {
			fmt.Fprintln(e.Stdout, "nodelisp view: open that address (it holds the token); every request needs it")
		}
		fmt.Fprintln(e.Stdout, "nodelisp view: read-only; Ctrl-C stops it")
		if *open {
			if err := openBrowser(url); err != nil {
				fmt.Fprintf(e.Stderr, "nodelisp view: --open: %v\n", err)
			}
		}
	}
	if err := Serve(ctx, st, opts); err != nil && !errors.Is(err, context.Canceled) {
		fmt.Fprintf(e.Stderr, "nodelisp: %v\n", err)
		return cli.ExitError
	}
	return cli.ExitOK
}

// openBrowser asks the desktop to open url, without waiting for it.
func openBrowser(url string) error {
	var cmd *exec.Cmd
	switch runtime.GOOS {
	case "darwin":
		cmd = exec.Command("open", url)
	case "windows":
		cmd = exec.Command("rundll32", "url.dll,FileProtocolHandler", url)
	default:
		cmd = exec.Command("xdg-open", url)
	}
	if err := cmd.Start(); err != nil {
		return err
	}
	go cmd.Wait() // reap it whenever it ends
	return nil
}
