package main

import "github.com/nodelisp/nodelisp/internal/cli"

func init() { subcommands["help"] = (*command).help }

// help is `nodelisp help [COMMAND]`: the command's --help, or a
// subcommand's. A script named help is still run as ./help.
func (c *command) help(args []string) int {
	if len(args) > 0 {
		if sub, ok := subcommands[args[0]]; ok && args[0] != "help" {
			return sub(c, []string{"--help"})
		}
	}
	cli.ParseFlags([]string{"--help"}, c.stdout)
	return cli.ExitOK
}
