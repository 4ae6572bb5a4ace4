package main

import (
	"context"
	"fmt"
	"os"

	"github.com/nodelisp/nodelisp/evict"
	"github.com/nodelisp/nodelisp/paths"
	"github.com/nodelisp/nodelisp/store"
	"github.com/nodelisp/nodelisp/store/storeopen"
)

// home is the nodelisp home: --home, else the environment's (SPEC §2).
func (c *command) home() string { return paths.Home(c.opts.Home, os.Getenv) }

// openStore opens the store --db or $NODECODE_DB names, else the embedded
// one in the home.
func (c *command) openStore(ctx context.Context) (store.Store, error) {
	return storeopen.Open(ctx, storeopen.Target(c.opts.DB), c.home())
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

// budgetEnv loads config.jsonc and picks the session's model: --model,
// else $NODECODE_MODEL, else "model" in the config. A malformed config is
// an *evict.ConfigError, which exits 2.
func (c *command) budgetEnv() (model string, env *evict.Env, err error) {
	userHome, _ := os.UserHomeDir()
	e := evict.EnvFrom(os.Getenv, userHome)
	cfg, err := evict.LoadConfig(e.ConfigPath)
	if err != nil {
		return "", nil, err
	}
	e.Config = cfg
	model = c.opts.Model
	if model == "" {
		model = os.Getenv("NODECODE_MODEL")
	}
	if model == "" {
		model = cfg.Model
	}
	return model, &e, nil
}
