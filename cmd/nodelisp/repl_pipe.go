package main

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/nodelisp/nodelisp/internal/cli"
)

// piped is the REPL with stdin not a terminal: cells and slash commands
// are read from stdin without prompts, and each result is printed on its
// own line, so a session can be scripted. A cell may span lines; one left
// unfinished at the end of input is run as it stands, so its error shows.
// With --echo it shows the prompts and the input too (echo).
func (r *repl) piped(ctx context.Context) int {
	r.mu.Lock()
	r.onIdle = func() { os.Exit(130) } // Ctrl-C while waiting for input
	r.mu.Unlock()
	in := bufio.NewScanner(r.c.stdin)
	in.Buffer(make([]byte, 64<<10), 64<<20)
	status := cli.ExitOK
	var pending []string
	run := func(e entry) bool {
		err := r.run(ctx, e)
		switch {
		case err == errQuit:
			return false
		case err != nil:
			fmt.Fprintf(r.msg, "nodelisp: %v\n", err)
			status = cli.ExitError
		}
		return true
	}
	for in.Scan() {
		r.echo(ctx, pending, in.Text())
		pending = append(pending, in.Text())
		e, whole := r.readEntry(strings.Join(pending, "\n"))
		if !whole {
			continue
		}
		pending = nil
		if !run(e) {
			return status
		}
	}
	if err := in.Err(); err != nil {
		fmt.Fprintf(r.msg, "nodelisp: reading stdin: %v\n", err)
		return cli.ExitError
	}
	if len(pending) > 0 {
		e, _ := r.readEntry(strings.Join(pending, "\n"))
		run(e)
	}
	return status
}

// echo, under --echo, prints the prompt a terminal would show before
// line (the primary one, or a continuation when pending holds the lines
// of an unfinished cell) and the line itself: a piped run then reads as a
// terminal transcript, prompts and all, which is how the docs test checks
// the prompts the pages show.
func (r *repl) echo(ctx context.Context, pending []string, line string) {
	if !r.c.opts.Echo {
		return
	}
	if len(pending) == 0 {
		r.primary = r.prompt(ctx)
		fmt.Fprintln(r.out, r.primary+line)
		return
	}
	fmt.Fprintln(r.out, continuation(r.primary)+line)
}
