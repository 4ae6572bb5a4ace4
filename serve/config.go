package serve

import (
	"context"
	"os"

	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/evict"
	"github.com/nodelisp/nodelisp/paths"
	"github.com/nodelisp/nodelisp/store"
	"github.com/nodelisp/nodelisp/store/storeopen"
)

// Config is what every session a server opens shares.
type Config struct {
	// Store is the log. The server does not close it.
	Store store.Store
	// Home is the nodelisp home (context files live under it).
	Home string
	// Model is the default model of new sessions, "provider/model-id";
	// an open or resume call may name another.
	Model string
	// Workdir is the default root of the file verbs; "" is the current
	// directory.
	Workdir string
	// BudgetEnv is where budgets are looked up; nil reads the process
	// environment and the user's files.
	BudgetEnv *evict.Env
	// Limits bound each cell.
	Limits eval.Limits
	// MaxLine caps one input line in bytes; 0 is DefaultMaxLine.
	MaxLine int
}

// DefaultMaxLine is the longest input line the JSON-RPC server reads
// (16 MiB); a longer one is answered with an error and skipped.
const DefaultMaxLine = 16 << 20

// Setup is how the command line finds what a Config needs: the home from
// --home or the environment, the store from --db or NODECODE_DB, and the
// default model from --model, NODECODE_MODEL or "model" in config.jsonc.
type Setup struct {
	DB, Home, Model, Workdir string
	// Getenv reads the environment; nil is os.Getenv.
	Getenv func(string) string
}

// Open opens the store and resolves the defaults. A malformed config.jsonc
// is an *evict.ConfigError, which the command reports with exit status 2.
// The caller closes the returned Config's Store.
func (s Setup) Open(ctx context.Context) (Config, error) {
	getenv := s.Getenv
	if getenv == nil {
		getenv = os.Getenv
	}
	userHome, _ := os.UserHomeDir()
	env := evict.EnvFrom(getenv, userHome)
	cfg, err := evict.LoadConfig(env.ConfigPath)
	if err != nil {
		return Config{}, err
	}
	env.Config = cfg
	model := s.Model
	if model == "" {
		model = getenv("NODECODE_MODEL")
	}
	if model == "" {
		model = cfg.Model
	}
	home := paths.Home(s.Home, paths.Env(getenv))
	var target string
	if s.DB != "" {
		target = s.DB
	} else {
		target = getenv("NODECODE_DB")
	}
	st, err := storeopen.Open(ctx, target, home)
	if err != nil {
		return Config{}, err
	}
	return Config{Store: st, Home: home, Model: model, Workdir: s.Workdir, BudgetEnv: &env}, nil
}
