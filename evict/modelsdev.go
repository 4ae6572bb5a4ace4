package evict

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"reflect"
	"strings"
)

// modelsDevWindow looks model provider/id up in the models.dev cache at
// path: <provider>.models.<id>.limit, its "input" where present (some models
// take less input than their context) else its "context". A figure below 1
// (the catalogue lists 0 for models with no text context) counts as absent;
// a fractional one is rounded down. A missing file, provider or model gives
// 0 and no warning; a file that is not the catalogue's JSON gives 0 and a
// warning saying why.
//
// Only the provider and model asked for are decoded past the top level, so
// an odd entry elsewhere in the catalogue does not cost the lookup.
func modelsDevWindow(path, provider, id string) (tokens int, warning string) {
	if path == "" {
		return 0, ""
	}
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return 0, ""
	}
	if err != nil {
		return 0, fmt.Sprintf("models.dev cache: %v; skipped", err)
	}
	var top map[string]json.RawMessage
	if err := json.Unmarshal(b, &top); err != nil {
		return 0, cacheWarning(path, b, "the top level", err)
	}
	raw, ok := top[provider]
	if !ok {
		return 0, ""
	}
	var prov struct {
		Models map[string]json.RawMessage `json:"models"`
	}
	if err := json.Unmarshal(raw, &prov); err != nil {
		return 0, cacheWarning(path, nil, provider, err)
	}
	raw, ok = prov.Models[id]
	if !ok {
		return 0, ""
	}
	var model struct {
		Limit *struct {
			Context *float64 `json:"context"`
			Input   *float64 `json:"input"`
		} `json:"limit"`
	}
	if err := json.Unmarshal(raw, &model); err != nil {
		return 0, cacheWarning(path, nil, provider+".models."+id, err)
	}
	if model.Limit == nil {
		return 0, ""
	}
	for _, f := range []*float64{model.Limit.Input, model.Limit.Context} {
		if f != nil && *f >= 1 && *f <= maxTokens {
			return int(math.Floor(*f)), ""
		}
	}
	return 0, ""
}

// cacheWarning words a cache that does not decode: at a place when the
// JSON does not parse (src is the whole file), or naming the entry (where)
// whose shape is not the catalogue's.
func cacheWarning(path string, src []byte, where string, err error) string {
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syn) && src != nil:
		// Offset counts the bytes read: the bad one included, or all of
		// them when the input ends too soon.
		off := int(syn.Offset)
		if !strings.Contains(syn.Error(), "unexpected end") {
			off--
		}
		line, col := lineCol(src, off)
		return fmt.Sprintf("models.dev cache %s:%d:%d: %v; skipped", path, line, col, err)
	case errors.As(err, &typ):
		if typ.Field != "" {
			where += "." + typ.Field
		}
		want := "an object"
		if typ.Type.Kind() == reflect.Float64 {
			want = "a number"
		}
		return fmt.Sprintf("models.dev cache %s: %s is %s %s, not %s; skipped", path, where, article(typ.Value), typ.Value, want)
	}
	return fmt.Sprintf("models.dev cache %s: %s: %v; skipped", path, where, err)
}

func article(noun string) string {
	if noun != "" && strings.IndexByte("aeiou", noun[0]) >= 0 {
		return "an"
	}
	return "a"
}
