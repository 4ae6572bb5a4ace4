package main

import (
	"context"

	"github.com/nodelisp/nodelisp/internal/cli"
	"github.com/nodelisp/nodelisp/interp"
	"github.com/nodelisp/nodelisp/recall"
	"github.com/nodelisp/nodelisp/store"
)

// runProgram runs a whole program with the recall forms installed. They
// read the log of --session, or search the whole store without it.
func (c *command) runProgram(p cli.Program) int {
	p.JSON, p.Stdout, p.Stderr = c.opts.JSON, c.stdout, c.stderr
	p.Install = func(it *interp.Interpreter) func() {
		lazy := &lazyStore{c: c}
		recall.InstallLazy(it, lazy.open, c.opts.Session)
		return lazy.close
	}
	return p.Run()
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
