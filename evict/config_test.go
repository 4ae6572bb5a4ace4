package evict

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestLoadConfig(t *testing.T) {
	path := writeFile(t, "config.jsonc", goodConfig)
	got, err := LoadConfig(path)
	if err != nil {
		t.Fatal(err)
	}
	want := &Config{
		Path:  path,
		Model: "anthropic/claude-sonnet-4-5",
		Providers: map[string]ProviderConfig{
			"anthropic": {Models: []ModelConfig{{ID: "claude-sonnet-4-5", ContextWindow: 150000}, {ID: "claude-opus-4-5"}}},
			"acme":      {Models: []ModelConfig{{ID: "big", ContextWindow: 64000}}},
		},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

func TestLoadConfigMissing(t *testing.T) {
	for _, path := range []string{"", filepath.Join(t.TempDir(), "none.jsonc")} {
		got, err := LoadConfig(path)
		if err != nil || got == nil || got.Model != "" || got.Path != path {
			t.Errorf("LoadConfig(%q) = %+v, %v; want an empty config", path, got, err)
		}
	}
}

func TestLoadConfigErrors(t *testing.T) {
	tests := []struct {
		name, src, want string // want without the "PATH:" prefix
	}{
		{"missing comma",
			"{\n  \"model\": \"a/b\",\n  \"providers\": {\n    \"x\": { \"models\": [ { \"id\": \"m\" \"context_window\": 5 } ] }\n  }\n}\n",
			`4:36: invalid character '"' after object value (expecting ',' or '}')`},
		{"unexpected end", "{", "1:2: parsing value: unexpected EOF"},
		{"column counts characters", `{"model": "é" ,, }`, "1:16: invalid character ',' at start of value"},
		{"junk after the object", "// c\n{\"model\": \"x\"} junk", "2:16: invalid character 'j' after top-level value"},
		{"unterminated comment", `{"a": /* open`, "1:7: parsing comment: unexpected EOF"},
		{"top level not an object", "\n  [1]", "2:3: the top level must be an object"},
		{"model not a string", `{"model": ["a/b"]}`, `1:11: "model" must be a string`},
		{"providers not an object", `{"providers": []}`, `1:15: "providers" must be an object`},
		{"provider not an object", `{"providers": {"x": 1}}`, `1:21: providers.x must be an object`},
		{"models not an array", `{"providers": {"x": {"models": {}}}}`, `1:32: providers.x.models must be an array`},
		{"entry not an object", `{"providers": {"x": {"models": [1]}}}`, `1:33: providers.x.models[0] must be an object`},
		{"id not a string", `{"providers": {"x": {"models": [{"id": 7}]}}}`, `1:40: providers.x.models[0].id must be a string`},
		{"window a string",
			"{\"providers\": {\"x\": {\"models\": [\n  {\"id\": \"a\", \"context_window\": 1},\n  {\"id\": \"b\", \"context_window\": \"200k\"}]}}}",
			`3:33: providers.x.models[1].context_window must be a positive whole number of tokens, got "200k"`},
		{"window zero", `{"providers": {"x": {"models": [{"context_window": 0}]}}}`,
			`1:52: providers.x.models[0].context_window must be a positive whole number of tokens, got 0`},
		{"window fractional", `{"providers": {"x": {"models": [{"context_window": 1.5}]}}}`,
			`1:52: providers.x.models[0].context_window must be a positive whole number of tokens, got 1.5`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := writeFile(t, "config.jsonc", tt.src)
			_, err := LoadConfig(path)
			var ce *ConfigError
			if !errors.As(err, &ce) {
				t.Fatalf("LoadConfig = %v, want a *ConfigError", err)
			}
			if got, want := err.Error(), path+":"+tt.want; got != want {
				t.Errorf("error\n got %s\nwant %s", got, want)
			}
		})
	}
}

func TestLoadConfigNulls(t *testing.T) {
	path := writeFile(t, "config.jsonc", `{"model": null, "providers": {"x": null, "y": {"models": null}}, "other": [1]}`)
	got, err := LoadConfig(path)
	if err != nil {
		t.Fatal(err)
	}
	if got.Model != "" || len(got.Providers["y"].Models) != 0 {
		t.Errorf("nulls should read as absent: %+v", got)
	}
}

// A provider's base_url and api_key_env are read for `nodelisp agent`,
// and a value of the wrong type is an error naming the place.
func TestConfigProviderEndpoint(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "config.jsonc")
	if err := os.WriteFile(path, []byte(`{"providers": {"ollama": {"base_url": "http://127.0.0.1:11434/v1", "api_key_env": "OLLAMA_KEY", "models": []}}}`), 0o600); err != nil {
		t.Fatal(err)
	}
	cfg, err := LoadConfig(path)
	if err != nil {
		t.Fatal(err)
	}
	if p := cfg.Providers["ollama"]; p.BaseURL != "http://127.0.0.1:11434/v1" || p.APIKeyEnv != "OLLAMA_KEY" {
		t.Errorf("provider %+v", p)
	}
	if err := os.WriteFile(path, []byte(`{"providers": {"ollama": {"base_url": 11434}}}`), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := LoadConfig(path); err == nil || !strings.Contains(err.Error(), "providers.ollama.base_url") {
		t.Errorf("a number for base_url: %v", err)
	}
}
