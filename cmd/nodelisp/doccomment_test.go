package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
)

// A doc comment starts with the name of what it documents, so `go doc`
// reads well and a comment left above the wrong declaration after a move
// shows (STYLE.md, "Names and comments"). The test reads every Go file of
// the module, tests and generated files left out, and names each
// function, method and type whose doc comment starts with the name of
// another declaration of its package, or with a word written as a Go
// name (camelCase, MixedCase, an underscore or a digit) that is not its
// own.
func TestDocCommentsNameTheirDeclaration(t *testing.T) {
	fset := token.NewFileSet()
	packages := map[string][]*ast.File{}
	err := filepath.WalkDir("../..", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); path != "../.." && (strings.HasPrefix(name, ".") || name == "testdata") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.ParseComments)
		if err != nil {
			return err
		}
		if !ast.IsGenerated(f) {
			packages[filepath.Dir(path)] = append(packages[filepath.Dir(path)], f)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, files := range packages {
		declared := declaredNames(files)
		for _, f := range files {
			for _, decl := range f.Decls {
				switch d := decl.(type) {
				case *ast.FuncDecl:
					if msg := wrongDocName(d.Doc, d.Name.Name, declared); msg != "" {
						t.Errorf("%s: %s", fset.Position(d.Doc.Pos()), msg)
					}
				case *ast.GenDecl:
					if d.Tok != token.TYPE {
						continue
					}
					for _, spec := range d.Specs {
						ts := spec.(*ast.TypeSpec)
						doc := ts.Doc
						if doc == nil && len(d.Specs) == 1 {
							doc = d.Doc
						}
						if msg := wrongDocName(doc, ts.Name.Name, declared); msg != "" {
							t.Errorf("%s: %s", fset.Position(doc.Pos()), msg)
						}
					}
				}
			}
		}
	}
}

// declaredNames are the package-level names of a package's files.
func declaredNames(files []*ast.File) map[string]bool {
	names := map[string]bool{}
	for _, f := range files {
		for _, decl := range f.Decls {
			switch d := decl.(type) {
			case *ast.FuncDecl:
				names[d.Name.Name] = true
			case *ast.GenDecl:
				for _, spec := range d.Specs {
					switch s := spec.(type) {
					case *ast.TypeSpec:
						names[s.Name.Name] = true
					case *ast.ValueSpec:
						for _, n := range s.Names {
							names[n.Name] = true
						}
					}
				}
			}
		}
	}
	return names
}

// wrongDocName says what is wrong when doc, documenting name, starts with
// another declaration's name; "" when nothing is.
func wrongDocName(doc *ast.CommentGroup, name string, declared map[string]bool) string {
	if doc == nil {
		return ""
	}
	first, _, _ := strings.Cut(strings.TrimSpace(doc.Text()), " ")
	first = strings.TrimSuffix(strings.TrimRight(first, ",.:;"), "'s")
	if first == name || !declared[first] && !goStyleName(first) {
		return ""
	}
	return "the doc comment of " + name + " starts with " + first
}

// goStyleName reports whether word is written as a Go identifier rather
// than an English word: letters and digits only, with an upper-case
// letter, an underscore or a digit after the first character.
func goStyleName(word string) bool {
	for i, r := range word {
		letter := r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z'
		if !letter && (i == 0 || r != '_' && (r < '0' || r > '9')) {
			return false
		}
	}
	for _, r := range word[min(1, len(word)):] {
		if r >= 'A' && r <= 'Z' || r == '_' || r >= '0' && r <= '9' {
			return true
		}
	}
	return false
}
