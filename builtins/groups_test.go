package builtins

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"testing"
)

// A group of builtins is a file: each file declares at most one register
// function, groups lists it under the file's name, and no register
// function calls another, so what a group holds is what its file says.
func TestGroupsAreFiles(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	listed := map[string]string{} // register function → its key in groups
	for key, g := range groups {
		listed[funcName(g.register)] = key
	}
	seen := map[string]bool{}
	fset := token.NewFileSet()
	for _, path := range files {
		if strings.HasSuffix(path, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		file := strings.TrimSuffix(path, ".go")
		var registers []string
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Recv != nil || !isRegister(fd.Name.Name) {
				continue
			}
			registers = append(registers, fd.Name.Name)
			if key, ok := listed[fd.Name.Name]; !ok || key != file {
				t.Errorf("%s: %s is listed in groups as %q, not under its file's name %q", path, fd.Name.Name, key, file)
			}
			seen[fd.Name.Name] = true
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				if call, ok := n.(*ast.CallExpr); ok {
					if id, ok := call.Fun.(*ast.Ident); ok && isRegister(id.Name) {
						t.Errorf("%s: %s registers another group, %s; list it in groups instead", fset.Position(call.Pos()), fd.Name.Name, id.Name)
					}
				}
				return true
			})
		}
		if len(registers) > 1 {
			t.Errorf("%s: %d register functions %v; a file is one group", path, len(registers), registers)
		}
	}
	for name, key := range listed {
		if !seen[name] {
			t.Errorf("groups[%q] is %s, which no file of the package declares", key, name)
		}
	}
}

func isRegister(name string) bool {
	return strings.HasPrefix(name, "register") && len(name) > len("register") &&
		'A' <= name[len("register")] && name[len("register")] <= 'Z'
}

// funcName is a package-level function's bare name, "registerLists".
func funcName(f func()) string {
	full := runtime.FuncForPC(reflect.ValueOf(f).Pointer()).Name()
	return full[strings.LastIndex(full, ".")+1:]
}
