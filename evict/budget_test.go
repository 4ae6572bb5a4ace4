package evict

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// catalogue is the models.dev excerpt kept for these tests.
const catalogue = "../testdata/models.dev/api.json"

func writeFile(t *testing.T, name, text string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

const goodConfig = `// the user's config
{
  "model": "anthropic/claude-sonnet-4-5",
  "providers": {
    "anthropic": {
      "models": [
        {"id": "claude-sonnet-4-5", "context_window": 150000}, // smaller on purpose
        {"id": "claude-opus-4-5", "name": "no window here"},
      ],
    },
    "acme": {"models": [{"id": "big", "context_window": 64000.0}]},
  },
}
`

func TestResolveSources(t *testing.T) {
	config := writeFile(t, "config.jsonc", goodConfig)
	overrides := &Overrides{}
	overrides.Set("openai/gpt-5-mini", 99000)
	overrides.Set("anthropic/claude-sonnet-4-5", 123)
	env := func(tokens string) Env {
		return Env{Tokens: tokens, ConfigPath: config, Overrides: overrides, CachePath: catalogue}
	}
	tests := []struct {
		name  string
		model string
		env   Env
		want  Budget
	}{
		{"env wins over all", "anthropic/claude-sonnet-4-5", env("12345"),
			Budget{Tokens: 12345, Source: SourceEnv}},
		{"env with spaces", "acme/none", env(" 777 "),
			Budget{Tokens: 777, Source: SourceEnv}},
		{"env wins for a model of no provider", "gpt-4o", env("5000"),
			Budget{Tokens: 5000, Source: SourceEnv}},
		{"config over override and cache", "anthropic/claude-sonnet-4-5", env(""),
			Budget{Tokens: 150000, Source: SourceConfig}},
		{"config with a whole float", "acme/big", env(""),
			Budget{Tokens: 64000, Source: SourceConfig}},
		{"runtime override over cache", "openai/gpt-5-mini", env(""),
			Budget{Tokens: 99000, Source: SourceOverride}},
		{"the cache over the built-in table", "openai/gpt-4o", env(""),
			Budget{Tokens: 128000, Source: SourceModelsDev}},
		{"built-in when the cache lacks the model", "openai/gpt-4o", Env{ConfigPath: config, Overrides: overrides},
			Budget{Tokens: 128000, Source: SourceBuiltin}},
		{"config entry without a window falls through", "anthropic/claude-opus-4-5", env(""),
			Budget{Tokens: 200000, Source: SourceModelsDev}},
		{"cache: input below context", "openai/gpt-5.3-codex-spark", env(""),
			Budget{Tokens: 100000, Source: SourceModelsDev}},
		{"cache: context", "anthropic/claude-opus-4-1", env(""),
			Budget{Tokens: 200000, Source: SourceModelsDev}},
		{"cache: input equal to context", "stepfun/step-2-16k", env(""),
			Budget{Tokens: 16384, Source: SourceModelsDev}},
		{"cache: model id with a slash", "synthetic/hf:deepseek-ai/DeepSeek-V3.2", env(""),
			Budget{Tokens: 162816, Source: SourceModelsDev}},
		{"cache: context 0 is no number", "nvidia/openai/whisper-large-v3", env(""),
			Budget{Source: SourceUnknown}},
		{"unknown model", "acme/none", env(""),
			Budget{Source: SourceUnknown}},
		{"unknown provider", "nobody/none", env(""),
			Budget{Source: SourceUnknown}},
		{"no sources at all", "openai/gpt-5-mini", Env{},
			Budget{Source: SourceUnknown}},
		{"no model", "", env(""),
			Budget{Source: SourceUnknown}},
		{"bad env falls through", "openai/gpt-4o", env("lots"),
			Budget{Tokens: 128000, Source: SourceModelsDev, Warnings: []string{
				`NODECODE_CONTEXT_TOKENS="lots" is not a positive whole number of tokens; ignored`}}},
		{"zero env falls through", "acme/big", env("0"),
			Budget{Tokens: 64000, Source: SourceConfig, Warnings: []string{
				`NODECODE_CONTEXT_TOKENS="0" is not a positive whole number of tokens; ignored`}}},
		{"model not provider/id", "gpt-4o", env(""),
			Budget{Source: SourceUnknown, Warnings: []string{
				`model "gpt-4o" is not provider/model-id; only NODECODE_CONTEXT_TOKENS can give its budget`}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.want.Model = tt.model
			got := Resolve(tt.model, tt.env)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("Resolve(%q) (-want +got):\n%s", tt.model, diff)
			}
		})
	}
}

func TestResolveLoadedConfig(t *testing.T) {
	cfg := &Config{Providers: map[string]ProviderConfig{
		"openai": {Models: []ModelConfig{{ID: "gpt-4o", ContextWindow: 1000}}},
	}}
	got := Resolve("openai/gpt-4o", Env{Config: cfg, ConfigPath: "/does/not/matter"})
	if got.Tokens != 1000 || got.Source != SourceConfig {
		t.Errorf("Resolve with a loaded config = %+v, want 1000 from config.jsonc", got)
	}
}

func TestResolveMalformedConfigWarns(t *testing.T) {
	config := writeFile(t, "config.jsonc", "{\"model\": 5}")
	got := Resolve("openai/gpt-4o", Env{ConfigPath: config})
	want := Budget{Model: "openai/gpt-4o", Tokens: 128000, Source: SourceBuiltin, Warnings: []string{
		config + `:1:11: "model" must be a string; config.jsonc skipped`}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

func TestResolveCacheShapes(t *testing.T) {
	tests := []struct {
		name, cache, model string
		tokens             int
		warning            string // with PATH for the cache file
	}{
		{"float context rounds down", `{"p":{"models":{"m":{"limit":{"context":128000.7,"output":1}}}}}`, "p/m", 128000, ""},
		{"input 0 falls back to context", `{"p":{"models":{"m":{"limit":{"context":9000,"input":0}}}}}`, "p/m", 9000, ""},
		{"no limit", `{"p":{"models":{"m":{"id":"m"}}}}`, "p/m", 0, ""},
		{"null limit", `{"p":{"models":{"m":{"limit":null}}}}`, "p/m", 0, ""},
		{"no models", `{"p":{"id":"p"}}`, "p/m", 0, ""},
		{"odd entry elsewhere is not read", `{"p":{"models":{"m":{"limit":{"context":500}}}},"q":[1]}`, "p/m", 500, ""},
		{"not JSON", `{"p": {`, "p/m", 0, "models.dev cache PATH:1:8: unexpected end of JSON input; skipped"},
		{"bad character", "{\n  \"p\": x}", "p/m", 0, "models.dev cache PATH:2:8: invalid character 'x' looking for beginning of value; skipped"},
		{"top level array", `[1, 2]`, "p/m", 0, "models.dev cache PATH: the top level is an array, not an object; skipped"},
		{"provider not an object", `{"p": "x"}`, "p/m", 0, "models.dev cache PATH: p is a string, not an object; skipped"},
		{"models not an object", `{"p": {"models": []}}`, "p/m", 0, "models.dev cache PATH: p.models is an array, not an object; skipped"},
		{"context a string", `{"p":{"models":{"m":{"limit":{"context":"big"}}}}}`, "p/m", 0, "models.dev cache PATH: p.models.m.limit.context is a string, not a number; skipped"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cache := writeFile(t, "api.json", tt.cache)
			got := Resolve(tt.model, Env{CachePath: cache})
			want := Budget{Model: tt.model, Tokens: tt.tokens, Source: SourceModelsDev}
			if tt.tokens == 0 {
				want.Source = SourceUnknown
			}
			if tt.warning != "" {
				want.Warnings = []string{strings.ReplaceAll(tt.warning, "PATH", cache)}
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func TestResolveMissingFiles(t *testing.T) {
	dir := t.TempDir()
	got := Resolve("acme/none", Env{ConfigPath: filepath.Join(dir, "no.jsonc"), CachePath: filepath.Join(dir, "no.json")})
	if diff := cmp.Diff(Budget{Model: "acme/none", Source: SourceUnknown}, got); diff != "" {
		t.Errorf("missing files should be silent (-want +got):\n%s", diff)
	}
}

// TestRealCatalogue reads a full models.dev catalogue, kept in the
// repository so a clone has it: every provider and model decodes, and a
// few figures.
func TestRealCatalogue(t *testing.T) {
	const full = "../testdata/models.dev/full/api.json"
	for model, want := range map[string]int{
		"openai/gpt-5":                   272000,
		"anthropic/claude-sonnet-4-5":    200000,
		"google/gemini-2.5-pro":          1048576,
		"poe/openai/sora-2":              0,
		"deepseek/deepseek-chat":         128000,
		"nvidia/openai/whisper-large-v3": 0,
	} {
		provider, id, _ := SplitModel(model)
		got, warning := modelsDevWindow(full, provider, id)
		if got != want || warning != "" {
			t.Errorf("%s: %d %q, want %d", model, got, warning, want)
		}
	}
}

func TestEffective(t *testing.T) {
	known := Budget{Tokens: 200000, Source: SourceModelsDev}
	unknown := Budget{Source: SourceUnknown}
	tests := []struct {
		name    string
		b       Budget
		ceiling int
		tokens  int
		source  Source
	}{
		{"no ceiling", known, 0, 200000, SourceModelsDev},
		{"ceiling below", known, 150000, 150000, SourceCeiling},
		{"ceiling above", known, 250000, 200000, SourceModelsDev},
		{"ceiling equal", known, 200000, 200000, SourceModelsDev},
		{"ceiling bounds unknown", unknown, 90000, 90000, SourceCeiling},
		{"unknown and unbounded", unknown, 0, 0, SourceUnknown},
		{"zero-value budget", Budget{}, 0, 0, SourceUnknown},
	}
	for _, tt := range tests {
		tokens, source := Effective(tt.b, tt.ceiling)
		if tokens != tt.tokens || source != tt.source {
			t.Errorf("%s: Effective = %d %q, want %d %q", tt.name, tokens, source, tt.tokens, tt.source)
		}
	}
}

func TestOverrides(t *testing.T) {
	var nilO *Overrides
	if n, ok := nilO.Get("openai/gpt-4o"); ok {
		t.Errorf("nil Overrides: %d, want none (the built-in table is a source of its own)", n)
	}
	o := &Overrides{}
	o.Set("openai/gpt-4o", 64000)
	if n, _ := o.Get("openai/gpt-4o"); n != 64000 {
		t.Errorf("runtime override: %d, want 64000", n)
	}
	o.Set("openai/gpt-4o", 0)
	if n, ok := o.Get("openai/gpt-4o"); ok {
		t.Errorf("after clearing: %d, want none", n)
	}
	if got := o.All(); len(got) != 0 {
		t.Errorf("All after clearing: %v", got)
	}
	if _, ok := o.Get("acme/x"); ok {
		t.Error("acme/x has an override")
	}
	done := make(chan bool)
	for i := range 4 {
		go func() {
			for j := range 200 {
				o.Set("acme/x", i*1000+j+1)
				o.Get("acme/x")
			}
			done <- true
		}()
	}
	for range 4 {
		<-done
	}
	if BuiltinWindows()["openai/gpt-5"] != 272000 {
		t.Error("compiled-in table lacks openai/gpt-5")
	}
}

func TestSplitModel(t *testing.T) {
	tests := []struct{ in, provider, id string }{
		{"openai/gpt-5", "openai", "gpt-5"},
		{"nvidia/openai/whisper-large-v3", "nvidia", "openai/whisper-large-v3"},
		{"gpt-5", "", ""},
		{"/gpt-5", "", ""},
		{"openai/", "", ""},
	}
	for _, tt := range tests {
		p, id, ok := SplitModel(tt.in)
		if p != tt.provider || id != tt.id || ok != (tt.provider != "") {
			t.Errorf("SplitModel(%q) = %q %q %v", tt.in, p, id, ok)
		}
	}
}

// A Resolver answers from memory until a source file changes, and then
// reads it again.
func TestResolverRereadsOnChange(t *testing.T) {
	config := writeFile(t, "config.jsonc", `{"providers": {"acme": {"models": [{"id": "m", "context_window": 1000}]}}}`)
	cache := writeFile(t, "api.json", `{"acme": {"models": {"n": {"limit": {"context": 500}}}}}`)
	cfg, err := LoadConfig(config)
	if err != nil {
		t.Fatal(err)
	}
	r := NewResolver(Env{Config: cfg, ConfigPath: config, CachePath: cache})
	if b := r.Resolve("acme/m", nil); b.Tokens != 1000 || b.Source != SourceConfig {
		t.Fatalf("config: %+v", b)
	}
	if b := r.Resolve("acme/n", nil); b.Tokens != 500 {
		t.Fatalf("cache: %+v", b)
	}
	// The same size and time would hide a change; a different size cannot.
	os.WriteFile(cache, []byte(`{"acme": {"models": {"n": {"limit": {"context": 12345}}}}}`), 0o644)
	if b := r.Resolve("acme/n", nil); b.Tokens != 12345 {
		t.Errorf("after the cache changed: %+v", b)
	}
	os.WriteFile(config, []byte(`{"providers": {"acme": {"models": [{"id": "m", "context_window": 2000}]}}}`), 0o644)
	if b := r.Resolve("acme/m", nil); b.Tokens != 2000 {
		t.Errorf("after the config changed: %+v", b)
	}
	o := &Overrides{}
	o.Set("acme/n", 77)
	if b := r.Resolve("acme/n", o); b.Tokens != 77 || b.Source != SourceOverride {
		t.Errorf("with a session's override: %+v", b)
	}
	if b := r.Resolve("acme/n", nil); b.Tokens != 12345 {
		t.Errorf("another session, no override: %+v", b)
	}
}
