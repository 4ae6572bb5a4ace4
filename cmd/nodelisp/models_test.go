package main

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Offline, `models fetch` fails with a message that says so and how to
// load a copy instead, and leaves no cache behind.
func TestModelsFetchOffline(t *testing.T) {
	env := append(testEnv(t), "HTTPS_PROXY=http://127.0.0.1:1", "HTTP_PROXY=http://127.0.0.1:1", "NO_PROXY=")
	r := runBin(t, env, "", "models", "fetch")
	if r.code != 1 || !strings.Contains(r.stderr, "cannot reach https://models.dev/api.json (offline?)") || !strings.Contains(r.stderr, "--file PATH") {
		t.Errorf("exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
	cache := filepath.Join(envValue(env, "HOME"), ".cache", "nodecode", "models.dev", "api.json")
	if _, err := os.Stat(cache); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a failed fetch left %s (stat: %v)", cache, err)
	}
}

// A model no source knows: /context and the start-up warning say which
// sources were looked at and how to get the cache; `models fetch --file`
// loads a copy, after which the cache gives the budget.
func TestUnknownModelAndModelsFile(t *testing.T) {
	env := testEnv(t)
	db := filepath.Join(t.TempDir(), "log.db")
	r := runBin(t, env, "/context\n", "--db", db, "--model", "openai/gpt-5-mini")
	for _, want := range []string{"budget: unknown: no source knows openai/gpt-5-mini: looked at NODECODE_CONTEXT_TOKENS (unset); config.jsonc (",
		"the models.dev cache (", "missing: `nodelisp models fetch` downloads it", "built-in (no entry)"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("/context lacks %q:\n%s", want, r.stdout)
		}
	}
	if !strings.Contains(r.stderr, "warning: the budget is unknown") || !strings.Contains(r.stderr, "nodelisp models fetch") {
		t.Errorf("no warning at start: %q", r.stderr)
	}
	catalogue, _ := filepath.Abs("../../testdata/models.dev/api.json")
	out := mustRun(t, env, "", "models", "fetch", "--file", catalogue)
	if !strings.Contains(out, "models from "+catalogue) {
		t.Errorf("models fetch --file: %q", out)
	}
	out = mustRun(t, env, "/context\n", "--db", db, "--model", "openai/gpt-5-mini")
	if !strings.Contains(out, "budget: 272,000 tokens, from models.dev cache") {
		t.Errorf("after loading the catalogue: %s", out)
	}
	bad := filepath.Join(t.TempDir(), "bad.json")
	writeFile(t, bad, `[1, 2]`)
	if r := runBin(t, env, "", "models", "fetch", "--file", bad); r.code != 1 || !strings.Contains(r.stderr, "is not the models.dev catalogue") {
		t.Errorf("a bad file: exit %d, stderr %q", r.code, r.stderr)
	}
}
