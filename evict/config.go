package evict

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/tailscale/hujson"
)

// Config is the part of config.jsonc this package reads: the default model
// and each provider's model entries. Other keys are left for other readers.
type Config struct {
	// Path is the file the config was read from.
	Path string
	// Model is the default model, "provider/model-id"; "" when not set.
	Model string
	// Providers maps a provider id to its entries, in file order.
	Providers map[string]ProviderConfig
}

// ProviderConfig is one entry under "providers".
type ProviderConfig struct {
	Models []ModelConfig
	// BaseURL is the provider's endpoint ("base_url"); "" for the SDK's
	// default. `nodelisp agent` reads it, and APIKeyEnv.
	BaseURL string
	// APIKeyEnv names the environment variable that holds the key
	// ("api_key_env"); "" for the provider's usual one.
	APIKeyEnv string
}

// ModelConfig is one element of providers.<id>.models[].
type ModelConfig struct {
	ID string
	// ContextWindow is the entry's context_window in tokens; 0 when absent.
	ContextWindow int
}

// ContextWindow returns the context_window of the first entry for model
// ("provider/model-id") that has one.
func (c *Config) ContextWindow(model string) (int, bool) {
	provider, id, ok := SplitModel(model)
	if c == nil || !ok {
		return 0, false
	}
	for _, m := range c.Providers[provider].Models {
		if m.ID == id && m.ContextWindow > 0 {
			return m.ContextWindow, true
		}
	}
	return 0, false
}

// ConfigError is a malformed config.jsonc. It prints as "FILE:LINE:COL:
// message", LINE and COL counted from 1, COL in characters; the command line
// exits 2 on it.
type ConfigError struct {
	Path      string
	Line, Col int
	Msg       string
}

func (e *ConfigError) Error() string {
	if e.Line == 0 {
		return e.Path + ": " + e.Msg
	}
	return fmt.Sprintf("%s:%d:%d: %s", e.Path, e.Line, e.Col, e.Msg)
}

// LoadConfig reads config.jsonc at path: JSON with comments and trailing
// commas. A missing file (or an empty path) is no error and gives an empty
// Config. A file that does not parse, or whose "model", "providers" or
// model entries have the wrong shape, is a *ConfigError naming the place.
func LoadConfig(path string) (*Config, error) {
	cfg := &Config{Path: path}
	if path == "" {
		return cfg, nil
	}
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return cfg, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read config %s: %w", path, err)
	}
	root, err := hujson.Parse(b)
	if err != nil {
		return nil, hujsonError(path, b, err)
	}
	p := configParser{path: path, src: b}
	if err := p.root(&root, cfg); err != nil {
		return nil, err
	}
	return cfg, nil
}

// hujsonError turns hujson's "hujson: line L, column C: msg" (C counted in
// bytes) into a ConfigError whose column counts characters, as an editor
// shows it.
func hujsonError(path string, src []byte, err error) error {
	var line, col int
	text := err.Error()
	if _, scanErr := fmt.Sscanf(text, "hujson: line %d, column %d:", &line, &col); scanErr != nil {
		return &ConfigError{Path: path, Msg: text}
	}
	msg := text
	if i := strings.Index(text, ": "); i >= 0 {
		if j := strings.Index(text[i+2:], ": "); j >= 0 {
			msg = text[i+2+j+2:]
		}
	}
	line, col = lineCol(src, byteOffset(src, line, col))
	return &ConfigError{Path: path, Line: line, Col: col, Msg: msg}
}

// byteOffset is the offset of 1-based line and byte column in src.
func byteOffset(src []byte, line, col int) int {
	off := 0
	for l := 1; l < line; l++ {
		i := bytes.IndexByte(src[off:], '\n')
		if i < 0 {
			break
		}
		off += i + 1
	}
	return min(off+col-1, len(src))
}

// lineCol gives the 1-based line and character column of byte offset off.
func lineCol(src []byte, off int) (line, col int) {
	off = min(max(off, 0), len(src))
	start := 0
	line = 1
	for i, c := range src[:off] {
		if c == '\n' {
			line++
			start = i + 1
		}
	}
	return line, utf8.RuneCount(src[start:off]) + 1
}

// configParser walks a parsed config.jsonc, reporting shape errors at the
// offending value.
type configParser struct {
	path string
	src  []byte
}

func (p configParser) errorAt(v *hujson.Value, format string, args ...any) error {
	line, col := lineCol(p.src, v.StartOffset)
	return &ConfigError{Path: p.path, Line: line, Col: col, Msg: fmt.Sprintf(format, args...)}
}

func isNull(v *hujson.Value) bool {
	lit, ok := v.Value.(hujson.Literal)
	return ok && lit.Kind() == 'n'
}

func (p configParser) object(v *hujson.Value, where string) (*hujson.Object, error) {
	obj, ok := v.Value.(*hujson.Object)
	if !ok {
		return nil, p.errorAt(v, "%s must be an object", where)
	}
	return obj, nil
}

func (p configParser) str(v *hujson.Value, where string) (string, error) {
	lit, ok := v.Value.(hujson.Literal)
	if !ok || lit.Kind() != '"' {
		return "", p.errorAt(v, "%s must be a string", where)
	}
	return lit.String(), nil
}

func (p configParser) root(v *hujson.Value, cfg *Config) error {
	obj, err := p.object(v, "the top level")
	if err != nil {
		return err
	}
	for i := range obj.Members {
		m := &obj.Members[i]
		if isNull(&m.Value) {
			continue
		}
		switch m.Name.Value.(hujson.Literal).String() {
		case "model":
			if cfg.Model, err = p.str(&m.Value, `"model"`); err != nil {
				return err
			}
		case "providers":
			if cfg.Providers, err = p.providers(&m.Value); err != nil {
				return err
			}
		}
	}
	return nil
}

func (p configParser) providers(v *hujson.Value) (map[string]ProviderConfig, error) {
	obj, err := p.object(v, `"providers"`)
	if err != nil {
		return nil, err
	}
	out := make(map[string]ProviderConfig, len(obj.Members))
	for i := range obj.Members {
		m := &obj.Members[i]
		id := m.Name.Value.(hujson.Literal).String()
		if isNull(&m.Value) {
			continue
		}
		prov, err := p.object(&m.Value, "providers."+id)
		if err != nil {
			return nil, err
		}
		var pc ProviderConfig
		for j := range prov.Members {
			pm := &prov.Members[j]
			if isNull(&pm.Value) {
				continue
			}
			switch pm.Name.Value.(hujson.Literal).String() {
			case "models":
				pc.Models, err = p.models(&pm.Value, "providers."+id+".models")
			case "base_url":
				pc.BaseURL, err = p.str(&pm.Value, "providers."+id+".base_url")
			case "api_key_env":
				pc.APIKeyEnv, err = p.str(&pm.Value, "providers."+id+".api_key_env")
			}
			if err != nil {
				return nil, err
			}
		}
		out[id] = pc
	}
	return out, nil
}

func (p configParser) models(v *hujson.Value, where string) ([]ModelConfig, error) {
	arr, ok := v.Value.(*hujson.Array)
	if !ok {
		return nil, p.errorAt(v, "%s must be an array", where)
	}
	out := make([]ModelConfig, 0, len(arr.Elements))
	for i := range arr.Elements {
		el := &arr.Elements[i]
		at := fmt.Sprintf("%s[%d]", where, i)
		obj, err := p.object(el, at)
		if err != nil {
			return nil, err
		}
		var mc ModelConfig
		for j := range obj.Members {
			m := &obj.Members[j]
			if isNull(&m.Value) {
				continue
			}
			switch m.Name.Value.(hujson.Literal).String() {
			case "id":
				if mc.ID, err = p.str(&m.Value, at+".id"); err != nil {
					return nil, err
				}
			case "context_window":
				if mc.ContextWindow, err = p.tokens(&m.Value, at+".context_window"); err != nil {
					return nil, err
				}
			}
		}
		out = append(out, mc)
	}
	return out, nil
}

// tokens reads a token count: a whole number, at least 1 (200000.0 is
// accepted as the whole number it is).
func (p configParser) tokens(v *hujson.Value, where string) (int, error) {
	lit, ok := v.Value.(hujson.Literal)
	if ok && lit.Kind() == '0' {
		f, err := strconv.ParseFloat(string(lit), 64)
		if err == nil && f >= 1 && f <= maxTokens && f == math.Trunc(f) {
			return int(f), nil
		}
	}
	return 0, p.errorAt(v, "%s must be a positive whole number of tokens, got %s", where, p.src[v.StartOffset:v.EndOffset])
}

// maxTokens bounds every token count read from a file, far above any real
// context window, so the arithmetic on budgets cannot overflow.
const maxTokens = 1 << 40
