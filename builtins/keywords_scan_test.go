package builtins

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// TestNoIgnoredKeywords scans the library's source for keyword arguments
// that a builtin accepts and then ignores: every name a parseKeys call
// allows must be read somewhere in the function that makes the call (the
// innermost function literal around it) or in the package functions it
// calls, directly or not. A keyword read means its name appears there as
// a string literal (kw.get("start"), strBounds(…, "start", "end"), a
// helper's kw.or("test", …)). Names parseKeys takes from a variable rather
// than literals (write's option list) are checked where that list is
// consumed, not here.
//
// ignoredKeywords lists the deliberate exceptions, each with the reason
// ignoring it is no silent difference. A new keyword that is accepted and
// never read fails this test.
var ignoredKeywords = map[string]string{
	"make-hash-table :size":                   "a sizing hint with no observable effect",
	"make-hash-table :weakness":               "weak entries differ only under garbage collection, which a cell cannot observe",
	"make-hash-table :synchronized":           "a cell runs one thread",
	"make-string-output-stream :element-type": "string streams hold characters, the only element type SBCL gives them",
	"close :abort":                            "a string stream has no output to discard",
}

func TestNoIgnoredKeywords(t *testing.T) {
	fset := token.NewFileSet()
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	decls := map[string]*ast.FuncDecl{}
	var parsed []*ast.File
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		f, err := parser.ParseFile(fset, name, src, 0)
		if err != nil {
			t.Fatal(err)
		}
		parsed = append(parsed, f)
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv == nil {
				decls[fd.Name.Name] = fd
			}
		}
	}
	checked := 0
	var ignored []string
	used := map[string]bool{} // the exceptions met
	for _, f := range parsed {
		var stack []ast.Node
		ast.Inspect(f, func(n ast.Node) bool {
			if n == nil {
				stack = stack[:len(stack)-1]
				return true
			}
			stack = append(stack, n)
			call, ok := n.(*ast.CallExpr)
			if !ok || !isCallTo(call, "parseKeys") || len(call.Args) < 3 {
				return true
			}
			op, ok := stringLit(call.Args[0])
			if !ok {
				op = "(" + fset.Position(call.Pos()).String() + ")"
			}
			read := literalsRead(enclosingFunc(stack), call, decls)
			for _, arg := range call.Args[2:] {
				kw, ok := stringLit(arg)
				if !ok {
					continue
				}
				checked++
				if read[kw] {
					continue
				}
				id := op + " :" + kw
				used[id] = true
				if _, ok := ignoredKeywords[id]; !ok {
					ignored = append(ignored, id+" at "+fset.Position(arg.Pos()).String())
				}
			}
			return true
		})
	}
	if checked < 50 {
		t.Fatalf("checked only %d keywords: the scan no longer finds the parseKeys calls", checked)
	}
	for id := range ignoredKeywords {
		if !used[id] {
			t.Errorf("ignoredKeywords lists %s, which is no longer accepted and ignored: remove it", id)
		}
	}
	sort.Strings(ignored)
	for _, id := range ignored {
		t.Errorf("keyword accepted and never read (read it, refuse it, or list it in ignoredKeywords with the reason): %s", id)
	}
}

func isCallTo(call *ast.CallExpr, name string) bool {
	id, ok := call.Fun.(*ast.Ident)
	return ok && id.Name == name
}

func stringLit(e ast.Expr) (string, bool) {
	lit, ok := e.(*ast.BasicLit)
	if !ok || lit.Kind != token.STRING {
		return "", false
	}
	s, err := strconv.Unquote(lit.Value)
	return s, err == nil
}

// enclosingFunc is the innermost function literal or declaration on the
// stack.
func enclosingFunc(stack []ast.Node) ast.Node {
	for i := len(stack) - 1; i >= 0; i-- {
		switch stack[i].(type) {
		case *ast.FuncLit, *ast.FuncDecl:
			return stack[i]
		}
	}
	return nil
}

// literalsRead collects the string literals in body, outside the parseKeys
// call decl itself, and in every package function body calls, transitively.
func literalsRead(body ast.Node, decl *ast.CallExpr, decls map[string]*ast.FuncDecl) map[string]bool {
	out := map[string]bool{}
	seen := map[string]bool{}
	var visit func(n ast.Node)
	visit = func(n ast.Node) {
		ast.Inspect(n, func(m ast.Node) bool {
			if m == ast.Node(decl) {
				return false
			}
			switch x := m.(type) {
			case *ast.BasicLit:
				if s, ok := stringLit(x); ok {
					out[s] = true
				}
			case *ast.CallExpr:
				if id, ok := x.Fun.(*ast.Ident); ok && !seen[id.Name] {
					if fd, ok := decls[id.Name]; ok {
						seen[id.Name] = true
						visit(fd.Body)
					}
				}
			}
			return true
		})
	}
	if body != nil {
		visit(body)
	}
	return out
}
