package main

import (
	"context"
	"fmt"
	"os"

	"github.com/nodelisp/nodelisp/internal/cli"
	"github.com/nodelisp/nodelisp/interp"
	"github.com/nodelisp/nodelisp/recall"
	"github.com/nodelisp/nodelisp/store"
)

// runFile runs a script file.
func (c *command) runFile(path string, args []string) int {
	src, err := os.ReadFile(path)
	if err != nil {
		fmt.Fprintf(c.stderr, "nodelisp: %v\n", err)
		return cli.ExitError
	}
	return c.runSource(path, string(src), args)
}

// runSource runs a whole program with the recall forms installed. They
// read the log of --session, or search the whole store without it.
func (c *command) runSource(name, src string, args []string) int {
	return cli.Program{
		Name: name, Source: src, Args: args, JSON: c.opts.JSON,
		Stdout: c.stdout, Stderr: c.stderr,
		Install: func(it *interp.Interpreter) func() {
			lazy := &lazyStore{c: c}
			recall.InstallLazy(it.Image(), lazy.open, c.opts.Session)
			return lazy.close
		},
	}.Run()
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
