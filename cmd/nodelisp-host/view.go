package main

import (
	"os"

	"github.com/nodelisp/nodelisp/view"
)

func init() { subcommands["view"] = (*command).view }

// view is `nodelisp view`, the read-only web page over the store.
func (c *command) view(args []string) int {
	home, _ := os.UserHomeDir()
	return view.Command(args, view.Edge{Opts: c.opts, Stdout: c.stdout, Stderr: c.stderr, Getenv: os.Getenv, UserHome: home})
}
