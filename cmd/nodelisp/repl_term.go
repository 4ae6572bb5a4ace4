package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/peterh/liner"

	"github.com/nodelisp/nodelisp/internal/cli"
	"github.com/nodelisp/nodelisp/paths"
)

// terminal is the REPL at a terminal, on liner: line editing, history kept
// in the home, Tab completion, and a cell continued over lines until the
// reader finds it complete. Ctrl-C at the prompt clears the line (or the
// unfinished cell); pressed again with nothing typed since it leaves, as
// does Ctrl-D. A line wider than the terminal wraps onto the rows below
// (liner's multi-line mode), so it stays whole in the scrollback. While a
// cell runs the terminal is out of raw mode, so Ctrl-C arrives as SIGINT
// and cancels the cell (watchInterrupts).
func (r *repl) terminal(ctx context.Context) int {
	keys, restore, err := watchKeys()
	if err != nil {
		return r.c.fail(err)
	}
	defer restore()
	ln := liner.NewLiner()
	defer ln.Close()
	ln.SetCtrlCAborts(true)
	ln.SetMultiLineMode(true)
	ln.SetTabCompletionStyle(liner.TabPrints)
	ln.SetWordCompleter(r.completeWord)
	histPath := paths.History(r.c.home())
	loadHistory(ln, histPath)

	r.banner()
	var lines []string
	var primary string
	cleared := false // the last key at the prompt was a Ctrl-C
	for {
		p := ""
		if len(lines) == 0 {
			primary = r.prompt(ctx)
			p = primary
		} else {
			p = continuation(primary)
		}
		r.atPrompt()
		line, err := ln.Prompt(p)
		switch {
		case errors.Is(err, liner.ErrPromptAborted):
			quiet := keys.quietCtrlC()
			if cleared && quiet && len(lines) == 0 {
				return cli.ExitOK
			}
			fmt.Fprintln(r.out, "(Ctrl-C again to quit)")
			lines, cleared = nil, true
			continue
		case errors.Is(err, io.EOF):
			fmt.Fprintln(r.out)
			return cli.ExitOK
		case err != nil:
			return r.c.fail(err)
		}
		cleared = false
		lines = append(lines, line)
		e, whole := r.readEntry(strings.Join(lines, "\n"))
		if !whole {
			continue
		}
		lines = nil
		if strings.TrimSpace(e.src) == "" {
			continue
		}
		for _, h := range historyLines(e) {
			ln.AppendHistory(h)
		}
		if err := saveHistory(ln, histPath); err != nil {
			fmt.Fprintf(r.msg, "nodelisp: saving history: %v\n", err)
		}
		err = r.run(ctx, e)
		if err == errQuit {
			return cli.ExitOK
		}
		if err != nil {
			fmt.Fprintf(r.msg, "nodelisp: %v\n", err)
		}
	}
}

// banner says where the REPL stands when it starts.
func (r *repl) banner() {
	state := "a new session"
	if r.c.opts.Session != "" {
		state = fmt.Sprintf("resumed at head %s", turnName(r.sess.Head()))
	}
	fmt.Fprintf(r.out, "nodelisp %s · session %s, %s · /help lists the commands · Ctrl-D quits\n",
		version, r.sess.ID(), state)
}

// continuation is the prompt of a cell's later lines, as wide as the
// primary one so the code lines up.
func continuation(primary string) string {
	n := len([]rune(primary))
	if n < 4 {
		return ".. "
	}
	return strings.Repeat(" ", n-3) + ".. "
}
