package settings

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/nodelisp/nodelisp/evict"
)

func vars(m map[string]string) Getenv { return func(k string) string { return m[k] } }

// Every path follows the same rules: the flag, then the variable of
// nodelisp's own, then an absolute XDG variable, then the user's home.
func TestPaths(t *testing.T) {
	tests := []struct {
		name                 string
		flags                Flags
		vars                 map[string]string
		home                 string
		nodeHome, cfg, cache string
	}{
		{"defaults", Flags{}, nil, "/home/u",
			"/home/u/.local/share/nodecode", "/home/u/.config/nodecode/config.jsonc", "/home/u/.cache/nodecode/models.dev/api.json"},
		{"xdg", Flags{}, map[string]string{"XDG_DATA_HOME": "/x/data", "XDG_CONFIG_HOME": "/x/conf", "XDG_CACHE_HOME": "/x/cache"}, "/home/u",
			"/x/data/nodecode", "/x/conf/nodecode/config.jsonc", "/x/cache/nodecode/models.dev/api.json"},
		{"nodelisp's own variables win", Flags{}, map[string]string{"NODECODE_HOME": "/n", "NODECODE_CONFIG": "rel/my.jsonc", "XDG_DATA_HOME": "/x/data", "XDG_CONFIG_HOME": "/x/conf"}, "/home/u",
			"/n", "rel/my.jsonc", "/home/u/.cache/nodecode/models.dev/api.json"},
		{"--home wins over NODECODE_HOME", Flags{Home: "/flag"}, map[string]string{"NODECODE_HOME": "/n"}, "/home/u",
			"/flag", "/home/u/.config/nodecode/config.jsonc", "/home/u/.cache/nodecode/models.dev/api.json"},
		{"relative xdg ignored", Flags{}, map[string]string{"XDG_DATA_HOME": "data", "XDG_CONFIG_HOME": "conf", "XDG_CACHE_HOME": "cache"}, "/home/u",
			"/home/u/.local/share/nodecode", "/home/u/.config/nodecode/config.jsonc", "/home/u/.cache/nodecode/models.dev/api.json"},
		{"no home", Flags{}, nil, "", filepath.Join(".local", "share", "nodecode"), "", ""},
	}
	for _, tt := range tests {
		s, err := Resolve(tt.flags, vars(tt.vars), tt.home)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if s.Home != tt.nodeHome || s.ConfigPath != tt.cfg || s.CachePath != tt.cache {
			t.Errorf("%s: home %q config %q cache %q; want %q %q %q", tt.name, s.Home, s.ConfigPath, s.CachePath, tt.nodeHome, tt.cfg, tt.cache)
		}
	}
}

// The store and the model: the flag, then the variable, then (for the
// model) config.jsonc.
func TestStoreAndModel(t *testing.T) {
	dir := t.TempDir()
	cfg := filepath.Join(dir, "config.jsonc")
	writeConfig(t, cfg, `{"model": "cfg/m"}`)
	env := map[string]string{"NODECODE_CONFIG": cfg, "NODECODE_CONTEXT_TOKENS": "9"}
	s, _ := Resolve(Flags{}, vars(env), dir)
	if s.Model != "cfg/m" || s.Store != "" || s.Tokens != "9" || s.BudgetEnv().Tokens != "9" {
		t.Errorf("from config: %+v", s)
	}
	env["NODECODE_MODEL"], env["NODECODE_DB"] = "env/m", "/e.db"
	s, _ = Resolve(Flags{}, vars(env), dir)
	if s.Model != "env/m" || s.Store != "/e.db" {
		t.Errorf("from the environment: %+v", s)
	}
	s, _ = Resolve(Flags{Model: "flag/m", DB: "/f.db"}, vars(env), dir)
	if s.Model != "flag/m" || s.Store != "/f.db" {
		t.Errorf("from the flags: %+v", s)
	}
	writeConfig(t, cfg, `{"model": 3}`)
	if _, err := Resolve(Flags{}, vars(env), dir); !errors.As(err, new(*evict.ConfigError)) {
		t.Errorf("a malformed config: %v", err)
	}
}

func writeConfig(t *testing.T, path, text string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestAllowRunFlagWinsOverConfigOverDefault(t *testing.T) {
	yes, no := true, false
	if (Settings{}).AllowRun(nil, true) != true || (Settings{}).AllowRun(nil, false) != false {
		t.Fatal("the mode's default is not used")
	}
	s := Settings{Config: &evict.Config{AllowRun: &yes}}
	if !s.AllowRun(nil, false) {
		t.Fatal("config.jsonc's allow_run is not used")
	}
	if s.AllowRun(&no, true) {
		t.Fatal("--allow-run=false does not win")
	}
}
