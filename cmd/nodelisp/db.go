package main

import (
	"context"
	"fmt"

	"github.com/nodelisp/nodelisp/internal/cli"
)

func init() { subcommands["db"] = (*command).db }

const dbUsage = `Usage: nodelisp db migrate [flags]

Applies the schema migrations this binary knows and the store lacks (opening
a store does it too, under a lock), and says which store it is.

Flags:
`

// db is `nodelisp db migrate`.
func (c *command) db(args []string) int {
	fs := cli.NewFlagSet("nodelisp db migrate", dbUsage)
	cli.StoreFlags(fs, &c.opts)
	switch {
	case len(args) > 0 && args[0] == "migrate":
		args = args[1:]
	case len(args) > 0 && (args[0] == "-h" || args[0] == "-help" || args[0] == "--help"):
	default:
		return c.usageError(fmt.Errorf("db: give a command: migrate"))
	}
	if status, done := c.subFlags(fs, args); done {
		return status
	}
	if fs.NArg() > 0 {
		return c.usageError(fmt.Errorf("db migrate: unexpected argument %q", fs.Arg(0)))
	}
	ctx := context.Background()
	st, err := c.openStore(ctx)
	if err != nil {
		return c.fail(err)
	}
	defer st.Close()
	if err := st.Migrate(ctx); err != nil {
		return c.fail(err)
	}
	fmt.Fprintf(c.stdout, "store %s: schema up to date\n", st.ID())
	return cli.ExitOK
}
