package evict

import (
	"os"
	"sync"
	"time"
)

// Resolver answers Resolve for one Env and remembers each answer per model
// and runtime override, so a window does not re-read config.jsonc and the
// models.dev catalogue (over a megabyte) every time it is built. An answer
// is kept until a source file changes: each lookup stats config.jsonc and
// the cache, and a different size or modification time reads them again.
// Safe for concurrent use.
type Resolver struct {
	env Env

	mu      sync.Mutex
	config  stamp // of the file env.Config was loaded from
	answers map[resolveKey]answer
}

type resolveKey struct {
	model    string
	override int // the session's runtime override for model; 0 none
}

type answer struct {
	budget        Budget
	config, cache stamp
}

// stamp is what says a file changed: its size and modification time, or
// that it is missing.
type stamp struct {
	size    int64
	mod     time.Time
	missing bool
}

func stampOf(path string) stamp {
	if path == "" {
		return stamp{missing: true}
	}
	fi, err := os.Stat(path)
	if err != nil {
		return stamp{missing: true}
	}
	return stamp{size: fi.Size(), mod: fi.ModTime()}
}

// NewResolver resolves budgets from env. Its Overrides are ignored: each
// lookup names the session's own.
func NewResolver(env Env) *Resolver {
	env.Overrides = nil
	r := &Resolver{env: env, answers: map[resolveKey]answer{}}
	if env.Config != nil {
		r.config = stampOf(env.ConfigPath)
	}
	return r
}

// Env is what the resolver reads from.
func (r *Resolver) Env() Env { return r.env }

// Resolve is Resolve(model, env) with overrides as the runtime overrides,
// from memory when no source changed since it was last asked.
func (r *Resolver) Resolve(model string, overrides *Overrides) Budget {
	n, _ := overrides.Get(model)
	key := resolveKey{model, n}
	cfg, cache := stampOf(r.env.ConfigPath), stampOf(r.env.CachePath)
	r.mu.Lock()
	defer r.mu.Unlock()
	if a, ok := r.answers[key]; ok && a.config == cfg && a.cache == cache {
		return a.budget
	}
	env := r.env
	if env.Config != nil && cfg != r.config {
		// config.jsonc changed since it was loaded: Resolve reads it
		// again, and a malformed file is then a warning.
		env.Config = nil
	}
	env.Overrides = overrides
	b := Resolve(model, env)
	r.answers[key] = answer{budget: b, config: cfg, cache: cache}
	return b
}
