package evict

import (
	"fmt"
	"strconv"
	"strings"
)

// Source names where a budget came from, as /context shows it.
type Source string

// The budget sources, in the order Resolve consults them, then the two
// answers that are not a source: a recorded ceiling, and unknown.
const (
	SourceEnv       Source = "NODECODE_CONTEXT_TOKENS"
	SourceConfig    Source = "config.jsonc"
	SourceOverride  Source = "image override"
	SourceModelsDev Source = "models.dev cache"
	SourceBuiltin   Source = "built-in"
	SourceCeiling   Source = "ceiling"
	SourceUnknown   Source = "unknown"
)

// EnvTokens is the environment variable that sets the budget outright.
const EnvTokens = "NODECODE_CONTEXT_TOKENS"

// Budget is a model's context window in tokens and where the figure came
// from. Tokens is 0 when no source knows the model (Source is then
// SourceUnknown).
type Budget struct {
	Model  string
	Tokens int
	Source Source
	// Warnings are the sources that were skipped because they were
	// malformed, one sentence each, for the host to show.
	Warnings []string
}

// Env is what Resolve reads the budget from.
type Env struct {
	// Tokens is NODECODE_CONTEXT_TOKENS's value; "" when unset.
	Tokens string
	// Config is config.jsonc already loaded (hosts load it first for the
	// default model, and exit 2 when it is malformed). When nil, Resolve
	// loads ConfigPath itself and a malformed file becomes a warning.
	Config     *Config
	ConfigPath string
	// Overrides are the session's runtime overrides; nil is none.
	Overrides *Overrides
	// CachePath is the models.dev cache file.
	CachePath string
}

// Resolve finds the budget of model ("provider/model-id") from the sources
// of the reference pages, in order: NODECODE_CONTEXT_TOKENS; the
// context_window of the model's entry under providers.<id>.models[] in
// config.jsonc; the session's runtime overrides; the models.dev cache;
// the table compiled into the binary ("built-in"), which comes last as
// the cache is the fresher figure. The first source with a number wins. A source that is malformed (a variable that is
// not a positive whole number, a config or cache that does not parse) is
// skipped with a warning. Resolve reads files each time: a Resolver
// remembers its answers until a file changes.
func Resolve(model string, env Env) Budget {
	b := Budget{Model: model, Source: SourceUnknown}
	if v := strings.TrimSpace(env.Tokens); v != "" {
		n, err := strconv.Atoi(v)
		if err == nil && n > 0 {
			b.Tokens, b.Source = n, SourceEnv
			return b
		}
		b.Warnings = append(b.Warnings, fmt.Sprintf("%s=%q is not a positive whole number of tokens; ignored", EnvTokens, env.Tokens))
	}
	provider, id, ok := SplitModel(model)
	if !ok {
		if model != "" {
			b.Warnings = append(b.Warnings, fmt.Sprintf("model %q is not provider/model-id; only %s can give its budget", model, EnvTokens))
		}
		return b
	}
	cfg := env.Config
	if cfg == nil {
		var err error
		if cfg, err = LoadConfig(env.ConfigPath); err != nil {
			b.Warnings = append(b.Warnings, err.Error()+"; config.jsonc skipped")
		}
	}
	if n, ok := cfg.ContextWindow(model); ok {
		b.Tokens, b.Source = n, SourceConfig
		return b
	}
	if n, ok := env.Overrides.Get(model); ok {
		b.Tokens, b.Source = n, SourceOverride
		return b
	}
	n, warning := modelsDevWindow(env.CachePath, provider, id)
	if warning != "" {
		b.Warnings = append(b.Warnings, warning)
	}
	if n > 0 {
		b.Tokens, b.Source = n, SourceModelsDev
		return b
	}
	if n, ok := builtinWindows[model]; ok {
		b.Tokens, b.Source = n, SourceBuiltin
	}
	return b
}

// Effective bounds budget b by the lowest ceiling recorded in the session
// (a request the provider rejected as too large; 0 when none): the budget is
// the lower of the two, and a ceiling bounds an unknown budget too. The
// source is SourceCeiling when the ceiling decides. Tokens 0 means unknown
// and unbounded: nothing is evicted ahead of time.
func Effective(b Budget, lowestCeiling int) (tokens int, source Source) {
	if lowestCeiling > 0 && (b.Tokens <= 0 || lowestCeiling < b.Tokens) {
		return lowestCeiling, SourceCeiling
	}
	if b.Tokens <= 0 {
		return 0, SourceUnknown
	}
	return b.Tokens, b.Source
}
