package builtins

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// TestNoIgnoredKeywords scans the library's source for keyword arguments
// that a builtin accepts and then ignores. A builtin takes keywords in two
// ways, and each is checked:
//   - unpack.Args(op, args, …, "&key", "start", &start, …): the variable a
//     keyword fills must be read somewhere else in the function that makes
//     the call (the innermost function literal around it); a keyword given
//     no destination (nil) is accepted and ignored on purpose, and must be
//     listed below.
//   - parseKeys(op, args, "start", …), for builtins whose helpers take the
//     keywords as a set: every name allowed must be read in the function
//     that makes the call or in the package functions it calls, directly
//     or not. A keyword read means its name appears there as a string
//     literal (kw.get("start"), strBounds(…, "start", "end"), a helper's
//     kw.or("test", …)). Names parseKeys takes from a variable rather than
//     literals (write's option list) are checked where that list is
//     consumed, not here.
//
// ignoredKeywords lists the deliberate exceptions, each with the reason
// ignoring it is no silent difference. A new keyword that is accepted and
// never read fails this test.
var ignoredKeywords = map[string]string{
	"make-hash-table :size":                   "a sizing hint with no observable effect",
	"make-hash-table :weakness":               "weak entries differ only under garbage collection, which a cell cannot observe",
	"make-hash-table :synchronized":           "a cell runs one thread",
	"make-string-output-stream :element-type": "string streams hold characters, the only element type SBCL gives them",
	"open :direction":                         "a bare image opens no file whatever the options: open signals its file-error (a session's open reads them)",
	"open :element-type":                      "a bare image opens no file whatever the options: open signals its file-error (a session's open reads them)",
	"open :if-exists":                         "a bare image opens no file whatever the options: open signals its file-error (a session's open reads them)",
	"open :if-does-not-exist":                 "a bare image opens no file whatever the options: open signals its file-error (a session's open reads them)",
	"open :external-format":                   "a bare image opens no file whatever the options: open signals its file-error (a session's open reads them)",
	"load :external-format":                   "files are read as UTF-8, the only encoding open reads",
	"compile-file :external-format":           "files are read as UTF-8, the only encoding open reads",
	"compile-file :print":                     "nothing is compiled, so there is no per-form report to print",
	"close :abort":                            "a string stream has no output to discard",
	"parse-namestring :junk-allowed":          "every string parses as a Unix namestring, so none holds junk (nor does SBCL's for Unix)",
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
			if ok && isUnpackCall(call) {
				for _, u := range unreadDestinations(fset, enclosingFunc(stack), call, &checked) {
					used[u.id] = true
					if _, ok := ignoredKeywords[u.id]; !ok {
						ignored = append(ignored, u.id+" at "+u.where)
					}
				}
				return true
			}
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
		t.Fatalf("checked only %d keywords: the scan no longer finds the parseKeys and unpack.Args calls", checked)
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

// isUnpackCall reports whether call is unpack.Args(…).
func isUnpackCall(call *ast.CallExpr) bool {
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "Args" {
		return false
	}
	pkg, ok := sel.X.(*ast.Ident)
	return ok && pkg.Name == "unpack"
}

// unread is a keyword accepted and not read: id is "op :keyword", where
// its place in the source.
type unread struct{ id, where string }

// unreadDestinations checks the keywords of an unpack.Args call and
// returns those whose destination is nil or a variable that body never
// reads outside the call.
func unreadDestinations(fset *token.FileSet, body ast.Node, call *ast.CallExpr, checked *int) []unread {
	op, ok := stringLit(call.Args[0])
	if !ok {
		op = "(" + fset.Position(call.Pos()).String() + ")"
	}
	params := call.Args[2:]
	start := -1
	for i, p := range params {
		if s, ok := stringLit(p); ok && s == "&key" {
			start = i + 1
		}
	}
	if start < 0 {
		return nil
	}
	var out []unread
	for i := start; i+1 < len(params); i += 2 {
		kw, ok := stringLit(params[i])
		if !ok {
			continue
		}
		*checked++
		u := unread{id: op + " :" + kw, where: fset.Position(params[i].Pos()).String()}
		dest := params[i+1]
		if isNil(dest) {
			out = append(out, u)
			continue
		}
		addr, ok := dest.(*ast.UnaryExpr)
		if !ok || addr.Op != token.AND {
			continue // a value of the builtin's own type reads itself
		}
		if !readElsewhere(body, call, types.ExprString(addr.X)) {
			out = append(out, u)
		}
	}
	return out
}

func isNil(e ast.Expr) bool {
	id, ok := e.(*ast.Ident)
	return ok && id.Name == "nil"
}

// readElsewhere reports whether an expression printed as name appears in
// body outside call.
func readElsewhere(body ast.Node, call *ast.CallExpr, name string) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if found || n == ast.Node(call) {
			return false
		}
		switch x := n.(type) {
		case *ast.Ident, *ast.SelectorExpr:
			if types.ExprString(x.(ast.Expr)) == name {
				if !isDeclaration(body, x.(ast.Expr)) {
					found = true
				}
			}
		}
		return true
	})
	return found
}

// isDeclaration reports whether e is the name a var statement or := declares.
func isDeclaration(body ast.Node, e ast.Expr) bool {
	decl := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.ValueSpec:
			for _, name := range x.Names {
				if ast.Expr(name) == e {
					decl = true
				}
			}
		case *ast.AssignStmt:
			if x.Tok == token.DEFINE {
				for _, l := range x.Lhs {
					if l == e {
						decl = true
					}
				}
			}
		}
		return !decl
	})
	return decl
}
