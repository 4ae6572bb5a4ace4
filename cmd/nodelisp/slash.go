package main

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/nodelisp/nodelisp/session"
)

// slashCommand is one of the REPL's commands.
type slashCommand struct {
	name    string
	aliases []string
	args    string // the arguments as /help shows them
	help    string
	run     func(r *repl, ctx context.Context, args []string) error
}

// slashCommands are the REPL's commands, in the order /help lists them.
// They are filled in by init, as /help's own entry reads the list.
var slashCommands []slashCommand

func init() {
	slashCommands = []slashCommand{
		{name: "context", help: "the budget and its source, what fills the window, the thresholds, the boundary", run: (*repl).contextCmd},
		{name: "evict", aliases: []string{"compact"}, args: "[PERCENT | through TURN]", help: "evict the oldest finished turns by hand (default 50% of the retained history)", run: (*repl).evictCmd},
		{name: "tree", aliases: []string{"checkpoints"}, args: "[N [rewind [--keep-files]]]", help: "draw the session tree; /tree N continues from turn N, /tree N rewind also restores its files", run: (*repl).treeCmd},
		{name: "undo", args: "[--keep-files]", help: "rewind the last turn, and its file changes unless --keep-files", run: (*repl).undoCmd},
		{name: "redo", args: "[--keep-files]", help: "return to the branch the last rewind left, re-applying its file changes", run: (*repl).redoCmd},
		{name: "fork", args: "[TITLE]", help: "fork a new session here and move the REPL to it", run: (*repl).forkCmd},
		{name: "help", help: "this list", run: (*repl).helpCmd},
		{name: "quit", aliases: []string{"exit"}, help: "leave the REPL (so do (exit), (quit), Ctrl-D, and Ctrl-C twice)", run: func(*repl, context.Context, []string) error { return errQuit }},
	}
}

// argError is a slash command used wrongly: the REPL answers with one line
// and the list of commands.
type argError struct{ msg string }

func (e *argError) Error() string { return e.msg }

func badArgs(format string, a ...any) error { return &argError{fmt.Sprintf(format, a...)} }

// slash runs one slash command line. Its failures are reported and the
// REPL goes on; only /quit ends it.
func (r *repl) slash(ctx context.Context, line string) error {
	fields := strings.Fields(line)
	name := strings.TrimPrefix(fields[0], "/")
	cmd, ok := findSlash(name)
	if !ok {
		r.commandError(fields[0], badArgs("unknown command"))
		return nil
	}
	err := cmd.run(r, ctx, fields[1:])
	if err == errQuit {
		return err
	}
	if err != nil {
		r.commandError("/"+cmd.name, err)
	}
	return nil
}

func findSlash(name string) (slashCommand, bool) {
	for _, c := range slashCommands {
		if c.name == name {
			return c, true
		}
		for _, a := range c.aliases {
			if a == name {
				return c, true
			}
		}
	}
	return slashCommand{}, false
}

// commandError prints a command's failure in one line; a wrong use also
// gets the list of commands.
func (r *repl) commandError(name string, err error) {
	fmt.Fprintf(r.msg, "nodelisp: %s: %v\n", name, err)
	if _, ok := err.(*argError); ok {
		fmt.Fprintf(r.msg, "commands: %s\n", commandList())
	}
}

// commandList is every command with its arguments, on one line.
func commandList() string {
	var items []string
	for _, c := range slashCommands {
		item := "/" + c.name
		if c.args != "" {
			item += " " + c.args
		}
		for _, a := range c.aliases {
			item += " (/" + a + ")"
		}
		items = append(items, item)
	}
	return strings.Join(items, ", ")
}

func (r *repl) helpCmd(_ context.Context, args []string) error {
	if len(args) > 0 {
		return badArgs("takes no arguments")
	}
	fmt.Fprintln(r.out, "Commands:")
	for _, c := range slashCommands {
		use := "/" + c.name
		if c.args != "" {
			use += " " + c.args
		}
		help := c.help
		for _, a := range c.aliases {
			help += "; alias /" + a
		}
		fmt.Fprintf(r.out, "  %-34s %s\n", use, help)
	}
	fmt.Fprintf(r.out, "Anything else is a cell: a turn of session %s. Tab completes names and commands.\n", r.sess.ID())
	return nil
}

func (r *repl) treeCmd(ctx context.Context, args []string) error {
	opts, args := keepFiles(args)
	switch len(args) {
	case 0:
		turns, err := r.sess.Tree(ctx)
		if err != nil {
			return err
		}
		w, err := r.sess.Window(ctx, session.WindowOptions{})
		if err != nil {
			return err
		}
		drawTree(r.out, r.sess.ID(), r.sess.Head(), w.Boundary, turns)
		return nil
	case 1, 2:
		seq, err := strconv.ParseInt(args[0], 10, 64)
		if err != nil || seq <= 0 {
			return badArgs("%q is not a turn: give the seq /tree shows", args[0])
		}
		if len(args) == 2 {
			if args[1] != "rewind" {
				return badArgs("unknown argument %q: the only one after N is rewind", args[1])
			}
			return r.showMove(r.sess.Rewind(ctx, seq, opts))
		}
		return r.showMove(r.sess.Continue(ctx, seq))
	}
	return badArgs("takes at most a turn and rewind")
}

func (r *repl) undoCmd(ctx context.Context, args []string) error {
	opts, args := keepFiles(args)
	if len(args) > 0 {
		return badArgs("unknown argument %q: the only one is --keep-files", args[0])
	}
	return r.showMove(r.sess.Undo(ctx, opts))
}

func (r *repl) redoCmd(ctx context.Context, args []string) error {
	opts, args := keepFiles(args)
	if len(args) > 0 {
		return badArgs("unknown argument %q: the only one is --keep-files", args[0])
	}
	return r.showMove(r.sess.Redo(ctx, opts))
}

// showMove reports a head move, what it did to files and what the image
// could not get back exactly.
func (r *repl) showMove(m session.Move, err error) error {
	if err != nil {
		return err
	}
	fmt.Fprintf(r.out, "head %s → %s (%s)\n", turnName(m.From), turnName(m.To), m.Why)
	for _, f := range m.Files {
		fmt.Fprintf(r.out, "  %s\n", f)
	}
	for _, line := range m.Image {
		fmt.Fprintf(r.out, "  image: %s\n", line)
	}
	return nil
}

// turnName is a turn as moves show it: its seq, or "root" for 0.
func turnName(seq int64) string {
	if seq == 0 {
		return "root"
	}
	return strconv.FormatInt(seq, 10)
}

func (r *repl) forkCmd(ctx context.Context, args []string) error {
	old := r.sess
	fork, err := old.Fork(ctx, strings.Join(args, " "))
	if err != nil {
		return err
	}
	r.sess = fork
	fmt.Fprintf(r.out, "forked %s from %s at head %s; the REPL is now in %s\n",
		fork.ID(), old.ID(), turnName(fork.Head()), fork.ID())
	for _, line := range fork.RestoreNotes() {
		fmt.Fprintf(r.out, "  image: %s\n", line)
	}
	return nil
}

func (r *repl) evictCmd(ctx context.Context, args []string) error {
	return r.evict(ctx, strings.Join(args, " "))
}
