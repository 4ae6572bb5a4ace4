package eval

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"testing"
)

func TestLambdaListArity(t *testing.T) {
	for _, c := range []struct {
		list        string
		least, most int
		ok          bool
	}{
		{"()", 0, 0, true},
		{"(list)", 1, 1, true},
		{"(char &optional (radix 10))", 1, 2, true},
		{"(size &key initial-element)", 1, -1, true},
		{"(string &optional stream &key start end)", 1, -1, true},
		{"(function &rest arguments)", 1, -1, true},
		{"(function &rest arguments list)", 2, -1, true},
		{"(sequence start [end] new)", 3, 4, true},
		{"(array subscript… value)", 2, -1, true},
		{"(name &body body)", 1, -1, true},
		{"(&whole form a &environment env b)", 2, 2, true},
		{"(a &key k &allow-other-keys)", 1, -1, true},
		{"(a &optional b &aux (c 1))", 1, 2, true},
		{" (x y) ", 2, 2, true},
		{"((a b) c)", 2, 2, true},
		{"(a (b)", 0, -1, false},
		{"(a b))", 0, -1, false},
		{"a b", 0, -1, false},
		{"(a &frob b)", 0, -1, false},
	} {
		least, most, ok := LambdaListArity(c.list)
		if least != c.least || most != c.most || ok != c.ok {
			t.Errorf("LambdaListArity(%q) = %d, %d, %v; want %d, %d, %v", c.list, least, most, ok, c.least, c.most, c.ok)
		}
	}
}

// The evaluator's own builtins derive their arity from their lambda
// lists too, so each must read.
func TestEvaluatorLambdaListsRead(t *testing.T) {
	for _, b := range evaluatorBuiltins {
		if _, _, ok := LambdaListArity(b.Args); !ok {
			t.Errorf("%s: lambda list %q does not read", b.Name, b.Args)
		}
	}
}

func BenchmarkLambdaListArity(b *testing.B) {
	for i := 0; i < b.N; i++ {
		LambdaListArity("(string1 string2 &key start1 end1 start2 end2)")
	}
}

// Every lambda list the code writes as a literal, in a defun or a
// NewBuiltin of this package or of builtins, must read: one made while a
// program runs (a structure's accessor) is not registered where
// TestEvaluatorLambdaListsRead and builtins' TestLambdaListsRead look.
func TestWrittenLambdaListsRead(t *testing.T) {
	files, _ := filepath.Glob("*.go")
	more, _ := filepath.Glob("../builtins/*.go")
	fset := token.NewFileSet()
	seen := 0
	for _, path := range append(files, more...) {
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || len(call.Args) < 2 {
				return true
			}
			var name string
			switch fun := call.Fun.(type) {
			case *ast.Ident:
				name = fun.Name
			case *ast.SelectorExpr:
				name = fun.Sel.Name
			}
			if name != "defun" && name != "NewBuiltin" {
				return true
			}
			lit, ok := call.Args[1].(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			list, err := strconv.Unquote(lit.Value)
			if err != nil {
				t.Fatal(err)
			}
			seen++
			if _, _, ok := LambdaListArity(list); !ok {
				t.Errorf("%s: lambda list %s does not read", fset.Position(lit.Pos()), lit.Value)
			}
			return true
		})
	}
	if seen < 300 {
		t.Errorf("found %d lambda lists; the search has lost its way", seen)
	}
}
