package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/signal"

	"github.com/nodelisp/nodelisp/interp"
	"github.com/nodelisp/nodelisp/lisp"
	"github.com/nodelisp/nodelisp/reader"
	"github.com/nodelisp/nodelisp/recall"
	"github.com/nodelisp/nodelisp/store"
)

// runFile runs a script file.
func (c *command) runFile(path string, args []string) int {
	src, err := os.ReadFile(path)
	if err != nil {
		fmt.Fprintf(c.stderr, "nodelisp: %v\n", err)
		return exitError
	}
	return c.runSource(path, string(src), args)
}

// runSource evaluates a whole program, form by form. With -e the value of
// the last form is printed; with --json every form's value is printed as a
// JSON line. An error stops the program: it goes to stderr as
// NAME:LINE:COL: message and the exit status is 1.
func (c *command) runSource(name, src string, args []string) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	it := interp.New(interp.Options{Stdout: c.stdout})
	lazy := &lazyStore{c: c}
	defer lazy.close()
	recall.InstallLazy(it.Image(), lazy.open, c.opts.session)
	if err := it.Set("*args*", args); err != nil {
		fmt.Fprintf(c.stderr, "nodelisp: %v\n", err)
		return exitError
	}
	cell, err := reader.ReadCell(src)
	if err != nil {
		c.reportError(name, err)
		return exitError
	}
	var last interp.Result
	for _, form := range cell.Forms {
		res, err := it.EvalForm(ctx, cell, form)
		if err != nil {
			c.reportError(name, err)
			return exitError
		}
		last = res
		if c.opts.json {
			if err := c.printJSON(res.Value); err != nil {
				fmt.Fprintf(c.stderr, "nodelisp: %v\n", err)
				return exitError
			}
		}
	}
	if name == "-e" && !c.opts.json && len(cell.Forms) > 0 {
		fmt.Fprintln(c.stdout, last.Printed)
	}
	return exitOK
}

// lazyStore opens the store the first time a recall form asks for it, so
// a script that never reads the log starts without opening one.
type lazyStore struct {
	c  *command
	st store.Store
}

func (l *lazyStore) open(ctx context.Context) (store.Store, error) {
	st, err := l.c.openStore(ctx)
	if err != nil {
		return nil, err
	}
	l.st = st
	return st, nil
}

func (l *lazyStore) close() {
	if l.st != nil {
		l.st.Close()
	}
}

// reportError prints a Lisp or reader error as NAME:LINE:COL: message.
func (c *command) reportError(name string, err error) {
	var cond *lisp.Condition
	var rerr *reader.Error
	switch {
	case errors.As(err, &rerr):
		fmt.Fprintf(c.stderr, "%s:%s\n", name, rerr.Error())
	case errors.As(err, &cond) && cond.Pos != "":
		fmt.Fprintf(c.stderr, "%s:%s: %s\n", name, cond.Pos, cond.Message)
	default:
		fmt.Fprintf(c.stderr, "%s: %v\n", name, err)
	}
}

func (c *command) printJSON(v lisp.Value) error {
	b, err := json.Marshal(interp.ToJSON(v))
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(c.stdout, "%s\n", b)
	return err
}
