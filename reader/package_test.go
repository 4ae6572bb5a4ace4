package reader

import (
	"testing"

	"github.com/nodelisp/nodelisp/lisp"
)

// A cell is read ahead of running: a prefix naming a package that a
// defpackage earlier in the cell makes is not an error then, but the form
// is marked, and reading it again when it runs is strict.
func TestCellReadsUnknownPackageLeniently(t *testing.T) {
	cell, err := ReadCell("(defpackage :app)\n  app::x sb-ext:quit")
	if err != nil {
		t.Fatalf("ReadCell: %v", err)
	}
	if cell.Unresolved(0) || !cell.Unresolved(1) || !cell.Unresolved(2) {
		t.Fatalf("unresolved = %v %v %v, want false true true", cell.Unresolved(0), cell.Unresolved(1), cell.Unresolved(2))
	}
	_, err = cell.Reread(2, Env{Packages: lisp.NewPackages()})
	if err == nil || err.Error() != "2:10: package SB-EXT does not exist" {
		t.Fatalf("Reread(sb-ext:quit) error = %v", err)
	}
	pkgs := lisp.NewPackages()
	app, err := pkgs.Make("APP", nil)
	if err != nil {
		t.Fatal(err)
	}
	one, err := cell.Reread(1, Env{Packages: pkgs, Package: pkgs.CLUser})
	if err != nil {
		t.Fatalf("Reread(app::x): %v", err)
	}
	s := one.Forms[0].(*lisp.Symbol)
	if s.Home != app || s.Name != "X" {
		t.Fatalf("app::x read as %v in %v", s, s.Home)
	}
	if p, _ := one.FormPos(0); p.Line != 2 || p.Col != 3 {
		t.Fatalf("app::x read at %v, want 2:3", p)
	}
}

// A bare name is interned in the current package; pkg:name must be
// external there, as CLHS 2.3.5 says.
func TestReadInPackage(t *testing.T) {
	pkgs := lisp.NewPackages()
	app, _ := pkgs.Make("APP", nil)
	if err := app.Use(lisp.PackageCL); err != nil {
		t.Fatal(err)
	}
	read := func(src string) (lisp.Value, error) {
		r := New(src)
		r.SetPackage(pkgs, app)
		return r.Read()
	}
	v, err := read("foo")
	if err != nil || v.(*lisp.Symbol).Home != app {
		t.Fatalf("foo in APP = %v, %v", v, err)
	}
	if v, _ := read("car"); v != lisp.Intern("CAR") {
		t.Errorf("car in APP = %v, want CL's", v)
	}
	if _, err := read("app:foo"); err == nil || err.Error() != "1:1: the symbol FOO is not external in the APP package" {
		t.Errorf("app:foo error = %v", err)
	}
	if _, err := read("cl-user:foo"); err == nil {
		t.Errorf("cl-user:foo read without error")
	}
	if v, _ := read("cl-user::foo"); v != lisp.Intern("FOO") {
		t.Errorf("cl-user::foo = %v, want the shared FOO", v)
	}
}
