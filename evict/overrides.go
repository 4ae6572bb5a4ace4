package evict

import (
	"maps"
	"strings"
	"sync"
)

// builtinWindows is the table of context windows compiled into the binary:
// a few well-known models, so that they have a budget before any models.dev
// cache exists. The figures are the providers' published input limits.
var builtinWindows = map[string]int{
	"anthropic/claude-haiku-4-5":  200_000,
	"anthropic/claude-opus-4-5":   200_000,
	"anthropic/claude-sonnet-4-5": 200_000,
	"google/gemini-2.5-pro":       1_048_576,
	"openai/gpt-4.1":              1_047_576,
	"openai/gpt-4o":               128_000,
	"openai/gpt-5":                272_000,
}

// Overrides are the context windows recorded in the running image: the
// compiled-in table plus the ones set while it runs, by
// (set-context-window "provider/id" N) or the host API. A runtime setting
// hides the compiled-in figure for the same model. The zero value holds
// only the compiled-in table and is ready to use; a nil *Overrides reads as
// the zero value. Safe for concurrent use.
type Overrides struct {
	mu  sync.RWMutex
	set map[string]int
}

// Set records tokens as model's context window. tokens ≤ 0 removes the
// runtime setting, so the compiled-in figure (if any) applies again.
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

// Get returns model's context window: the runtime setting, else the
// compiled-in one.
func (o *Overrides) Get(model string) (int, bool) {
	if o != nil {
		o.mu.RLock()
		n, ok := o.set[model]
		o.mu.RUnlock()
		if ok {
			return n, true
		}
	}
	n, ok := builtinWindows[model]
	return n, ok
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
