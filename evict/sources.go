package evict

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"
)

// FetchHint is how a user gets the models.dev cache, for messages that
// find it missing.
const FetchHint = "`nodelisp models fetch` downloads it (or `nodelisp models fetch --file api.json` loads a copy)"

// Consulted says, in one line, which sources Resolve looked at for model
// and what each said: what /context and the start-up warning show when no
// source knows the model. With paths the files are named by path (for
// /context); without, by name only (a warning that reads the same on
// every machine).
func Consulted(model string, env Env, overrides *Overrides, paths bool) string {
	var parts []string
	if strings.TrimSpace(env.Tokens) == "" {
		parts = append(parts, EnvTokens+" (unset)")
	} else {
		parts = append(parts, fmt.Sprintf("%s (%q, not a number of tokens)", EnvTokens, env.Tokens))
	}
	if cfg := fileState(env.ConfigPath, paths); strings.HasSuffix(cfg, "missing") {
		parts = append(parts, "config.jsonc ("+cfg+")")
	} else {
		parts = append(parts, "config.jsonc ("+cfg+", no context_window for "+model+")")
	}
	if _, ok := overrides.Get(model); !ok {
		parts = append(parts, "the session's overrides (none for "+model+")")
	}
	cache := fileState(env.CachePath, paths)
	if strings.HasSuffix(cache, "missing") {
		parts = append(parts, "the models.dev cache ("+cache+": "+FetchHint+")")
	} else {
		parts = append(parts, "the models.dev cache ("+cache+", no entry for "+model+")")
	}
	parts = append(parts, "built-in (no entry)")
	return "looked at " + strings.Join(parts, "; ")
}

// fileState is a source file as a message names it: its path and whether
// it is there.
func fileState(path string, paths bool) string {
	if path == "" {
		return "no path: no home directory"
	}
	name := path + " "
	if !paths {
		name = ""
	}
	_, err := os.Stat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return name + "missing"
	case err != nil:
		return name + "unreadable"
	}
	return strings.TrimSpace(name + "present")
}
