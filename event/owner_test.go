package event

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestPayloadsHaveOneOwner fails when a Go file outside this package, a
// test or not, declares a struct of two or more JSON keys that are all keys
// of one payload type: a second copy of a payload's shape, which would
// still compile and decode as zero after a field of the real one was
// renamed. Inside a function every struct counts (it can only be there to
// decode something); at package level only one with json tags does, as a
// plain Go value type of the same field names (evict.Watch) is no JSON
// shape.
func TestPayloadsHaveOneOwner(t *testing.T) {
	shapes := map[string]map[string]bool{} // payload type → its keys
	for _, s := range samples {
		shapes[reflect.TypeOf(s.payload).Name()] = keysOf(reflect.TypeOf(s.payload))
	}
	for _, extra := range []any{Span{}, SpanWatch{}, SpanNote{}, EditNote{}, Condition{}, Frame{}, Var{}, Group{}, Def{}} {
		shapes[reflect.TypeOf(extra).Name()] = keysOf(reflect.TypeOf(extra))
	}
	fset := token.NewFileSet()
	err := filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			name := d.Name()
			if path != ".." && (name == "event" || name == "testdata" || strings.HasPrefix(name, ".")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		for _, st := range structsOf(f) {
			keys, tagged := astKeys(st.s)
			if len(keys) < 2 || !(tagged || st.inFunc) {
				continue
			}
			for name, shape := range shapes {
				if subset(keys, shape) {
					t.Errorf("%s: a struct with the keys %v of event.%s: use the event type", fset.Position(st.s.Pos()), sortedKeys(keys), name)
					break
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// keysOf is the JSON keys of a payload type, its embedded types' included.
func keysOf(t reflect.Type) map[string]bool {
	keys := map[string]bool{}
	for i := range t.NumField() {
		f := t.Field(i)
		if f.Anonymous {
			for k := range keysOf(f.Type) {
				keys[k] = true
			}
			continue
		}
		if name, _, _ := strings.Cut(f.Tag.Get("json"), ","); name != "" && name != "-" {
			keys[name] = true
		} else if name == "" {
			keys[strings.ToLower(f.Name)] = true
		}
	}
	return keys
}

type foundStruct struct {
	s      *ast.StructType
	inFunc bool
}

// structsOf is the outermost structs of a file: a struct that is a
// field's type is part of its parent's shape (a golden file's record whose
// list holds name/value pairs is not a copy of a payload that does too).
func structsOf(f *ast.File) []foundStruct {
	var out []foundStruct
	for _, decl := range f.Decls {
		_, inFunc := decl.(*ast.FuncDecl)
		ast.Inspect(decl, func(n ast.Node) bool {
			if s, ok := n.(*ast.StructType); ok {
				out = append(out, foundStruct{s, inFunc})
				return false
			}
			return true
		})
	}
	return out
}

// astKeys is the JSON keys a struct decodes: its tags' names, or a field's
// name in lower case (encoding/json matches names regardless of case).
// Embedded fields are left out: their keys are their own type's. tagged
// says whether any field has a json tag.
func astKeys(s *ast.StructType) (keys map[string]bool, tagged bool) {
	keys = map[string]bool{}
	for _, f := range s.Fields.List {
		tag := ""
		if f.Tag != nil {
			tag, _ = strconv.Unquote(f.Tag.Value)
		}
		jsonTag, ok := reflect.StructTag(tag).Lookup("json")
		tagged = tagged || ok
		name, _, _ := strings.Cut(jsonTag, ",")
		if name == "-" {
			continue
		}
		for _, id := range f.Names {
			if !id.IsExported() {
				continue
			}
			if name != "" {
				keys[name] = true
			} else {
				keys[strings.ToLower(id.Name)] = true
			}
		}
	}
	return keys, tagged
}

func subset(a, b map[string]bool) bool {
	for k := range a {
		if !b[k] {
			return false
		}
	}
	return true
}

func sortedKeys(m map[string]bool) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}
