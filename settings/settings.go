// Package settings resolves, once, everything the nodelisp command takes
// from its flags, the process environment and the user's files
// (docs/configuration.md): the home, the store, the model, config.jsonc,
// the models.dev cache and the budget override. The command calls Resolve
// with the environment's lookup and the user's home directory, and passes
// the plain values down. One setting is still read below the command:
// internal/cli reads $NODECODE_CELL_MEMORY for a script run without
// --cell-memory (docs/architecture.md).
package settings

import (
	"path/filepath"

	"github.com/nodelisp/nodelisp/evict"
)

// Flags are the command line's own settings; each one, when given, wins
// over the environment and the files.
type Flags struct {
	Home  string // --home
	DB    string // --db
	Model string // --model
}

// Settings are the resolved values.
type Settings struct {
	// Home is the nodelisp home: --home, else $NODECODE_HOME, else
	// $XDG_DATA_HOME/nodecode, else ~/.local/share/nodecode.
	Home string
	// Store is the log store: --db, else $NODECODE_DB; "" is the home's
	// embedded log.db.
	Store string
	// Model is the default model, "provider/model-id": --model, else
	// $NODECODE_MODEL, else "model" in config.jsonc; "" when none says.
	Model string
	// ConfigPath is config.jsonc: $NODECODE_CONFIG, else
	// $XDG_CONFIG_HOME/nodecode/config.jsonc, else
	// ~/.config/nodecode/config.jsonc.
	ConfigPath string
	// Config is config.jsonc as loaded (empty when the file is missing).
	Config *evict.Config
	// CachePath is the models.dev cache: $XDG_CACHE_HOME/nodecode/models.dev/api.json,
	// else ~/.cache/nodecode/models.dev/api.json.
	CachePath string
	// Tokens is $NODECODE_CONTEXT_TOKENS as set ("" when unset): a budget
	// for every model, ahead of every other source.
	Tokens string
}

// Getenv looks up one environment variable; os.Getenv is one.
type Getenv func(string) string

// Resolve fills Settings from flags, the environment getenv reads and the
// user's home directory userHome ("" when unknown). Every XDG variable
// follows the XDG rule: one that is not an absolute path is ignored. A
// malformed config.jsonc is an *evict.ConfigError, which the command
// reports with exit status 2.
func Resolve(flags Flags, getenv Getenv, userHome string) (Settings, error) {
	if getenv == nil {
		getenv = func(string) string { return "" }
	}
	s := Settings{
		Home:       Home(flags.Home, getenv, userHome),
		Store:      first(flags.DB, getenv("NODECODE_DB")),
		ConfigPath: first(getenv("NODECODE_CONFIG"), xdg(getenv("XDG_CONFIG_HOME"), userHome, ".config", "config.jsonc")),
		CachePath:  xdg(getenv("XDG_CACHE_HOME"), userHome, ".cache", filepath.Join("models.dev", "api.json")),
		Tokens:     getenv(evict.EnvTokens),
	}
	cfg, err := evict.LoadConfig(s.ConfigPath)
	if err != nil {
		return s, err
	}
	s.Config = cfg
	s.Model = first(flags.Model, getenv("NODECODE_MODEL"), cfg.Model)
	return s, nil
}

// Home is the nodelisp home: explicit (--home), else $NODECODE_HOME, else
// $XDG_DATA_HOME/nodecode, else userHome/.local/share/nodecode.
func Home(explicit string, getenv Getenv, userHome string) string {
	if h := first(explicit, getenv("NODECODE_HOME")); h != "" {
		return h
	}
	if h := xdg(getenv("XDG_DATA_HOME"), userHome, filepath.Join(".local", "share"), ""); h != "" {
		return h
	}
	return filepath.Join(".local", "share", "nodecode")
}

// BudgetEnv is where the budget of a session is looked up.
func (s Settings) BudgetEnv() evict.Env {
	return evict.Env{Tokens: s.Tokens, Config: s.Config, ConfigPath: s.ConfigPath, CachePath: s.CachePath}
}

// xdg is base/nodecode/file when base (an XDG variable's value) is
// absolute, else userHome/fallback/nodecode/file, else "".
func xdg(base, userHome, fallback, file string) string {
	if filepath.IsAbs(base) {
		return filepath.Join(base, "nodecode", file)
	}
	if userHome == "" {
		return ""
	}
	return filepath.Join(userHome, fallback, "nodecode", file)
}

// first is the first of vs that is not "".
func first(vs ...string) string {
	for _, v := range vs {
		if v != "" {
			return v
		}
	}
	return ""
}

// AllowRun says whether sessions may run commands: flag (--allow-run)
// when given, else "allow_run" in config.jsonc, else def, the mode's own
// default (on for the REPL and agent, off for serve).
func (s Settings) AllowRun(flag *bool, def bool) bool {
	if flag != nil {
		return *flag
	}
	if s.Config != nil && s.Config.AllowRun != nil {
		return *s.Config.AllowRun
	}
	return def
}
