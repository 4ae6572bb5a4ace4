package evict

import (
	"maps"
	"strings"
	"sync"
)

// builtinWindows is the table of context windows compiled into the binary
// (the source "built-in"): a few well-known models, so that they have a
// budget before any models.dev cache exists; the cache, when it knows the
// model, is the fresher figure and wins. The figures are the providers' published input limits.
var builtinWindows = map[string]int{
	"anthropic/claude-haiku-4-5":  200_000,
	"anthropic/claude-opus-4-5":   200_000,
	"anthropic/claude-sonnet-4-5": 200_000,
	"google/gemini-2.5-pro":       1_048_576,
	"openai/gpt-4.1":              1_047_576,
	"openai/gpt-4o":               128_000,
	"openai/gpt-5":                272_000,
}

// Overrides are the context windows set while a session runs, by
// (set-context-window "provider/id" N) or the host API: the reference
// pages' source 3. Each session has its own. The zero value is empty and
// ready to use; a nil *Overrides reads as empty. Safe for concurrent use.
type Overrides struct {
	mu  sync.RWMutex
	set map[string]int
}

// Set records tokens as model's context window. tokens ≤ 0 removes the
// setting, so the later sources apply again.
func (o *Overrides) Set(model string, tokens int) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if tokens <= 0 {
		delete(o.set, model)
		return
	}
	if o.set == nil {
		o.set = make(map[string]int)
	}
	o.set[model] = tokens
}

// Get returns model's context window as set, if it is.
func (o *Overrides) Get(model string) (int, bool) {
	if o == nil {
		return 0, false
	}
	o.mu.RLock()
	defer o.mu.RUnlock()
	n, ok := o.set[model]
	return n, ok
}

// All returns a copy of every setting, for the log.
func (o *Overrides) All() map[string]int {
	if o == nil {
		return map[string]int{}
	}
	o.mu.RLock()
	defer o.mu.RUnlock()
	out := maps.Clone(o.set)
	if out == nil {
		out = map[string]int{}
	}
	return out
}

// BuiltinWindows returns a copy of the compiled-in table.
func BuiltinWindows() map[string]int {
	return maps.Clone(builtinWindows)
}

// SplitModel splits "provider/model-id" at its first slash: model ids may
// hold slashes of their own ("nvidia/openai/whisper-large-v3" is provider
// nvidia, model openai/whisper-large-v3). ok is false unless both parts are
// non-empty.
func SplitModel(model string) (provider, id string, ok bool) {
	provider, id, found := strings.Cut(model, "/")
	if !found || provider == "" || id == "" {
		return "", "", false
	}
	return provider, id, true
}
