package builtins

import (
	"errors"
	"fmt"

	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
)

// Packages: the functions and macros of CLHS chapter 11 over an image's
// packages (lisp/package.go). A package designator is a package or a
// string designator naming one by name or nickname.

var (
	kwInternal  = lisp.InternKeyword("INTERNAL")
	kwExternal  = lisp.InternKeyword("EXTERNAL")
	kwInherited = lisp.InternKeyword("INHERITED")
)

func statusValue(st lisp.PackageStatus) lisp.Value {
	switch st {
	case lisp.StatusInternal:
		return kwInternal
	case lisp.StatusExternal:
		return kwExternal
	case lisp.StatusInherited:
		return kwInherited
	}
	return lisp.Nil
}

// packageArg resolves a package designator; one naming no package is a
// package-error, in SBCL's words.
func packageArg(t *eval.Thread, op string, v lisp.Value) *lisp.Package {
	if p, ok := v.(*lisp.Package); ok {
		if p.Deleted() {
			lisp.SignalClass(lisp.ClassPackageError, "%s: the package %s has been deleted", op, p.Name)
		}
		return p
	}
	name := stringDesignator(op, v)
	p, ok := t.Interp().Packages().Find(name)
	if !ok {
		lisp.SignalClass(lisp.ClassPackageError, "%s: the name %s does not designate any package", op, lisp.PrintString(name))
	}
	return p
}

// optionalPackage is the package argument at a[i], *package* without one.
func optionalPackage(t *eval.Thread, op string, a []lisp.Value, i int) *lisp.Package {
	if len(a) > i {
		return packageArg(t, op, a[i])
	}
	return t.CurrentPackage()
}

// correctable reports whether err is the package error of this kind that
// a program may continue past.
func correctable(err error, kind string) bool {
	var pe *lisp.PackageError
	return errors.As(err, &pe) && pe.Correctable == kind
}

// packageErr signals a package operation's error as a package-error.
func packageErr(op string, err error) {
	if err == nil {
		return
	}
	var pe *lisp.PackageError
	if errors.As(err, &pe) {
		lisp.SignalClass(lisp.ClassPackageError, "%s", pe.Message)
	}
	lisp.SignalClass(lisp.ClassPackageError, "%s: %v", op, err)
}

// listDesignator is a symbol or package designator, or a list of them.
func listDesignator(v lisp.Value) []lisp.Value {
	if _, ok := v.(*lisp.Cons); ok || v == lisp.Value(lisp.Nil) {
		return listElems(v)
	}
	return []lisp.Value{v}
}

func listElems(v lisp.Value) []lisp.Value {
	var out []lisp.Value
	for c, ok := v.(*lisp.Cons); ok; c, ok = c.Cdr.(*lisp.Cons) {
		out = append(out, c.Car)
	}
	return out
}

func packageList(ps []*lisp.Package) lisp.Value {
	vs := make([]lisp.Value, len(ps))
	for i, p := range ps {
		vs[i] = p
	}
	return lisp.List(vs...)
}

func stringList(ss []string) lisp.Value {
	vs := make([]lisp.Value, len(ss))
	for i, s := range ss {
		vs[i] = lisp.NewString(s)
	}
	return lisp.List(vs...)
}

func registerPackages() {
	defun("find-package", "(name)", "The package a name or nickname names, or nil.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		if p, ok := a[0].(*lisp.Package); ok {
			return p
		}
		if p, ok := t.Interp().Packages().Find(stringDesignator("find-package", a[0])); ok {
			return p
		}
		return lisp.Nil
	})
	defun("make-package", "(name &key nicknames use)", "Make a package with nicknames, using the packages of use.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		kw := parseKeys("make-package", a[1:], "nicknames", "use")
		p := makePackage(t, "make-package", stringDesignator("make-package", a[0]), kwOr(kw, "nicknames"))
		for _, u := range listDesignator(kwOr(kw, "use")) {
			packageErr("make-package", p.Use(packageArg(t, "make-package", u)))
		}
		return p
	})
	defun("delete-package", "(package)", "Remove a package the program made.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		p, ok := a[0].(*lisp.Package)
		if !ok {
			if p, ok = t.Interp().Packages().Find(stringDesignator("delete-package", a[0])); !ok {
				// A correctable error (CLHS delete-package): continuing
				// deletes nothing and returns nil.
				t.SignalContinuable(&lisp.Condition{Class: lisp.ClassPackageError,
					Message: fmt.Sprintf("delete-package: the name %s does not designate any package", lisp.Prin1ToString(a[0]))},
					"Delete nothing and return nil.")
				return lisp.Nil
			}
		}
		if p.Deleted() {
			return lisp.Nil
		}
		err := t.Interp().Packages().Delete(p)
		if correctable(err, lisp.UsedByOthers) {
			t.SignalContinuable(&lisp.Condition{Class: lisp.ClassPackageError, Message: err.Error()},
				"Make the packages that use "+p.Name+" stop using it, and delete it.")
			for _, user := range p.UsedBy() {
				packageErr("delete-package", user.Unuse(p))
			}
			err = t.Interp().Packages().Delete(p)
		}
		packageErr("delete-package", err)
		return lisp.T
	})
	defun("packagep", "(object)", "True if the object is a package.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		_, ok := a[0].(*lisp.Package)
		return lisp.Bool(ok)
	})
	defun("package-name", "(package)", "The name of a package, a string.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		if p, ok := a[0].(*lisp.Package); ok && p.Deleted() {
			return lisp.Nil
		}
		return lisp.NewString(packageArg(t, "package-name", a[0]).Name)
	})
	defun("package-nicknames", "(package)", "The nicknames of a package, strings.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		return stringList(packageArg(t, "package-nicknames", a[0]).Nicknames)
	})
	defun("package-use-list", "(package)", "The packages a package uses.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		return packageList(packageArg(t, "package-use-list", a[0]).UseList())
	})
	defun("package-used-by-list", "(package)", "The packages that use a package.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		return packageList(packageArg(t, "package-used-by-list", a[0]).UsedBy())
	})
	defun("package-shadowing-symbols", "(package)", "The shadowing symbols of a package.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		ss := packageArg(t, "package-shadowing-symbols", a[0]).ShadowingSymbols()
		vs := make([]lisp.Value, len(ss))
		for i, s := range ss {
			vs[i] = s
		}
		return lisp.List(vs...)
	})
	defun("list-all-packages", "()", "Every package of the image.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		return packageList(t.Interp().Packages().All())
	})
	defun("symbol-package", "(symbol)", "The home package of a symbol; nil for an uninterned one.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		if p := t.Interp().Packages().HomeOf(symbolArg("symbol-package", a[0])); p != nil {
			return p
		}
		return lisp.Nil
	})
	defun("intern", "(string &optional package)", "The symbol named string in package (made if need be); second value :internal, :external, :inherited or nil (new).", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		name := stringArg("intern", a[0])
		s, st, err := optionalPackage(t, "intern", a, 1).Intern(name)
		packageErr("intern", err)
		return t.Values(s, statusValue(st))
	})
	defun("find-symbol", "(string &optional package)", "The symbol named string in package, or nil; second value :internal, :external, :inherited or nil.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		s, st := optionalPackage(t, "find-symbol", a, 1).Find(stringArg("find-symbol", a[0]))
		if st == lisp.StatusNone {
			return t.Values(lisp.Nil, lisp.Nil)
		}
		return t.Values(s, statusValue(st))
	})
	symbolsOp := func(name, doc string, do func(p *lisp.Package, s *lisp.Symbol) error) {
		defun(name, "(symbols &optional package)", doc, func(t *eval.Thread, a []lisp.Value) lisp.Value {
			p := optionalPackage(t, name, a, 1)
			for _, v := range listDesignator(a[0]) {
				packageErr(name, do(p, symbolArg(name, v)))
			}
			return lisp.T
		})
	}
	symbolsOp("export", "Make symbols external in package.", (*lisp.Package).Export)
	symbolsOp("unexport", "Make external symbols of package internal.", (*lisp.Package).Unexport)
	defun("import", "(symbols &optional package)", "Make symbols present in package.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		p := optionalPackage(t, "import", a, 1)
		for _, v := range listDesignator(a[0]) {
			s := symbolArg("import", v)
			err := p.Import(s)
			if correctable(err, lisp.ConflictOnImport) {
				// Continuing keeps the symbol already there, as the
				// continue restart around a form does in SBCL; a program
				// that wants the new one calls shadowing-import.
				t.SignalContinuable(&lisp.Condition{Class: lisp.ClassPackageError, Message: err.Error()},
					"Don't import "+s.Name+", keeping the symbol accessible in "+p.Name+".")
				continue
			}
			packageErr("import", err)
		}
		return lisp.T
	})
	symbolsOp("shadowing-import", "Make symbols present in package, shadowing any of the same name.", (*lisp.Package).ShadowingImport)
	defun("shadow", "(symbol-names &optional package)", "Make symbols of these names present in package, shadowing inherited ones.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		p := optionalPackage(t, "shadow", a, 1)
		for _, v := range listDesignator(a[0]) {
			packageErr("shadow", p.Shadow(stringDesignator("shadow", v)))
		}
		return lisp.T
	})
	useOp := func(name, doc string, do func(p, q *lisp.Package) error) {
		defun(name, "(packages &optional package)", doc, func(t *eval.Thread, a []lisp.Value) lisp.Value {
			p := optionalPackage(t, name, a, 1)
			for _, v := range listDesignator(a[0]) {
				packageErr(name, do(p, packageArg(t, name, v)))
			}
			return lisp.T
		})
	}
	useOp("use-package", "Make package inherit the external symbols of packages.", (*lisp.Package).Use)
	useOp("unuse-package", "Stop package inheriting from packages.", (*lisp.Package).Unuse)
	defun("unintern", "(symbol &optional package)", "Remove a symbol from package; true if it was present.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		ok, err := optionalPackage(t, "unintern", a, 1).Unintern(symbolArg("unintern", a[0]))
		packageErr("unintern", err)
		return lisp.Bool(ok)
	})
	defun("%package-symbols", "(package which)", "The symbols do-symbols walks: all accessible ones (which nil), the external ones (t) or the present ones (:present).", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		var out []lisp.Value
		presentOnly := a[1] == lisp.Value(lisp.InternKeyword("PRESENT"))
		external := lisp.Truthy(a[1]) && !presentOnly
		packageArg(t, "do-symbols", a[0]).Symbols(external, func(s *lisp.Symbol, st lisp.PackageStatus) bool {
			t.Poll()
			if !presentOnly || st != lisp.StatusInherited {
				out = append(out, s)
			}
			return true
		})
		return lisp.List(out...)
	})
	defun("%all-symbols", "()", "The symbols do-all-symbols walks.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		var out []lisp.Value
		seen := map[*lisp.Symbol]bool{}
		for _, p := range t.Interp().Packages().All() {
			p.Symbols(false, func(s *lisp.Symbol, st lisp.PackageStatus) bool {
				t.Poll()
				if st != lisp.StatusInherited && !seen[s] {
					seen[s] = true
					out = append(out, s)
				}
				return true
			})
		}
		return lisp.List(out...)
	})
	defun("%defpackage", "(name options)", "defpackage's work.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		return defpackage(t, stringDesignator("defpackage", a[0]), a[1])
	})
	macro("in-package", "(in-package name) makes the package name names current: *package* is set to it.", func(t *eval.Thread, form lisp.Value) lisp.Value {
		args := macroArgs("in-package", form, 1, 1)
		name := lisp.NewString(stringDesignator("in-package", args[0]))
		return lisp.List(lisp.Sym("setq"), lisp.Sym("*package*"), lisp.List(lisp.Sym("%in-package"), name))
	})
	defun("%in-package", "(name)", "The package in-package makes current.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		return packageArg(t, "in-package", a[0])
	})
	macro("defpackage", "(defpackage name option…) makes or changes a package: :use, :export, :import-from, :shadow, :shadowing-import-from, :nicknames, :intern, :documentation, :size.", func(t *eval.Thread, form lisp.Value) lisp.Value {
		args := macroArgs("defpackage", form, 1, -1)
		name := lisp.NewString(stringDesignator("defpackage", args[0]))
		return lisp.List(lisp.Sym("%defpackage"), name, quoted(lisp.List(args[1:]...)))
	})
	doSymbols := func(name string, external bool) {
		macro(name, "("+name+" (var [package [result]]) body…) runs body with var bound to each symbol of package.", func(t *eval.Thread, form lisp.Value) lisp.Value {
			args := macroArgs(name, form, 1, -1)
			spec := listElems(args[0])
			if len(spec) < 1 || len(spec) > 3 {
				lisp.SignalClass(lisp.ClassProgramError, "%s: the spec %s is not (var [package [result]])", name, lisp.Prin1ToString(args[0]))
			}
			var pkg lisp.Value = lisp.Sym("*package*")
			if len(spec) > 1 {
				pkg = spec[1]
			}
			var result lisp.Value = lisp.Nil
			if len(spec) > 2 {
				result = spec[2]
			}
			walk := lisp.List(lisp.Sym("%package-symbols"), pkg, lisp.Bool(external))
			return consOf(lisp.Sym("dolist"), consOf(lisp.List(spec[0], walk, result), lisp.List(args[1:]...)))
		})
	}
	doSymbols("do-symbols", false)
	doSymbols("do-external-symbols", true)
	macro("do-all-symbols", "(do-all-symbols (var [result]) body…) runs body with var bound to each symbol of every package.", func(t *eval.Thread, form lisp.Value) lisp.Value {
		args := macroArgs("do-all-symbols", form, 1, -1)
		spec := listElems(args[0])
		if len(spec) < 1 || len(spec) > 2 {
			lisp.SignalClass(lisp.ClassProgramError, "do-all-symbols: the spec %s is not (var [result])", lisp.Prin1ToString(args[0]))
		}
		var result lisp.Value = lisp.Nil
		if len(spec) > 1 {
			result = spec[1]
		}
		return consOf(lisp.Sym("dolist"), consOf(lisp.List(spec[0], lisp.List(lisp.Sym("%all-symbols")), result), lisp.List(args[1:]...)))
	})
}

func kwOr(kw kwargs, name string) lisp.Value {
	if v, ok := kw.get(name); ok {
		return v
	}
	return lisp.Nil
}

func makePackage(t *eval.Thread, op, name string, nicknames lisp.Value) *lisp.Package {
	var nicks []string
	for _, n := range listDesignator(nicknames) {
		nicks = append(nicks, stringDesignator(op, n))
	}
	// A name already taken is a correctable error (CLHS make-package), as
	// in SBCL: continuing gives the package that has the name, or drops a
	// nickname taken.
	taken := func(n, then string) *lisp.Package {
		old, ok := t.Interp().Packages().Find(n)
		if !ok || old == nil {
			return nil
		}
		msg := fmt.Sprintf("%s: a package named %s already exists", op, n)
		t.SignalContinuable(&lisp.Condition{Class: lisp.ClassPackageError, Message: msg}, then)
		return old
	}
	if old := taken(name, "Use the existing package "+name+"."); old != nil {
		return old
	}
	kept := nicks[:0]
	for _, n := range nicks {
		if taken(n, "Leave out the nickname "+n+".") == nil {
			kept = append(kept, n)
		}
	}
	nicks = kept
	p, err := t.Interp().Packages().Make(name, nicks)
	packageErr(op, err)
	return p
}

func consOf(car, cdr lisp.Value) *lisp.Cons { return &lisp.Cons{Car: car, Cdr: cdr} }
