package main

import (
	"context"
	"fmt"
	"os"

	"github.com/nodelisp/nodelisp/evict"
	"github.com/nodelisp/nodelisp/paths"
	"github.com/nodelisp/nodelisp/settings"
	"github.com/nodelisp/nodelisp/store"
	"github.com/nodelisp/nodelisp/store/storeopen"
)

// settings resolves the command's settings once, from the flags, the
// process environment and the user's files; every mode and every package
// below gets its values from here. A malformed config.jsonc is an
// *evict.ConfigError (exit 2); the settings that do not depend on it are
// filled in even then.
func (c *command) settings() (settings.Settings, error) {
	if c.resolved == nil {
		userHome, _ := os.UserHomeDir()
		s, err := settings.Resolve(settings.Flags{Home: c.opts.Home, DB: c.opts.DB, Model: c.opts.Model}, os.Getenv, userHome)
		c.resolved, c.resolveErr = &s, err
	}
	return *c.resolved, c.resolveErr
}

// home is the nodelisp home: --home, else the environment's (docs/configuration.md).
func (c *command) home() string {
	s, _ := c.settings()
	return s.Home
}

// openStore opens the store --db or $NODECODE_DB names, else the embedded
// one in the home.
func (c *command) openStore(ctx context.Context) (store.Store, error) {
	s, _ := c.settings()
	return storeopen.Open(ctx, s.Store, s.Home)
}

// workdir is the absolute directory the file verbs are confined to:
// --workdir, else the current directory.
func (c *command) workdir() (string, error) {
	dir, err := paths.Workdir(c.opts.Workdir)
	if err != nil {
		return "", fmt.Errorf("--%w", err)
	}
	return dir, nil
}

// budgets is the resolver every session of this command looks its budget
// up in, over the sources the settings name.
func (c *command) budgets() (*evict.Resolver, error) {
	s, err := c.settings()
	if err != nil {
		return nil, err
	}
	return evict.NewResolver(s.BudgetEnv()), nil
}
