package main

import (
	"os"

	"github.com/nodelisp/nodelisp/internal/cli"
	"github.com/nodelisp/nodelisp/settings"
	"github.com/nodelisp/nodelisp/view"
)

func init() { subcommands["view"] = (*command).view }

// view is `nodelisp view`, the read-only web page over the store. It
// parses its own --db, --home and --model, so the settings are resolved
// for the flags as it read them.
func (c *command) view(args []string) int {
	resolve := func(o cli.Options) (settings.Settings, error) {
		userHome, _ := os.UserHomeDir()
		return settings.Resolve(settings.Flags{Home: o.Home, DB: o.DB, Model: o.Model}, os.Getenv, userHome)
	}
	return view.Command(args, view.Edge{Opts: c.opts, Stdout: c.stdout, Stderr: c.stderr, Resolve: resolve})
}
