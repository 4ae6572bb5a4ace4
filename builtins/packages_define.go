package builtins

import (
	"fmt"
	"strings"

	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
)

// defpackage makes the package name names, or changes the one there is,
// applying its options in CLHS's order: :shadow and
// :shadowing-import-from, then :use, then :import-from and :intern, then
// :export.
func defpackage(t *eval.Thread, name string, options lisp.Value) lisp.Value {
	const op = "defpackage"
	byKind := map[string][][]lisp.Value{}
	var nicknames []lisp.Value
	doc, hasUse := "", false
	once := map[string]bool{}
	for _, o := range listElems(options) {
		parts := listElems(o)
		key, ok := lisp.Value(nil), false
		if len(parts) > 0 {
			var k *lisp.Symbol
			k, ok = parts[0].(*lisp.Symbol)
			ok = ok && k.Keyword
			key = k
		}
		if !ok {
			lisp.SignalClass(lisp.ClassProgramError, "defpackage %s: the option %s is not a list starting with a keyword", name, lisp.Prin1ToString(o))
		}
		kw := key.(*lisp.Symbol).Name
		if kw == "SIZE" || kw == "DOCUMENTATION" {
			if once[kw] {
				lisp.SignalClass(lisp.ClassProgramError, "defpackage %s: the option :%s is given twice", name, strings.ToLower(kw))
			}
			once[kw] = true
		}
		switch kw {
		case "USE", "EXPORT", "SHADOW", "INTERN":
			byKind[kw] = append(byKind[kw], parts[1:])
			hasUse = hasUse || kw == "USE"
		case "IMPORT-FROM", "SHADOWING-IMPORT-FROM":
			if len(parts) < 2 {
				lisp.SignalClass(lisp.ClassProgramError, "defpackage %s: %s needs a package", name, lisp.Prin1ToString(o))
			}
			byKind[kw] = append(byKind[kw], parts[1:])
		case "NICKNAMES":
			nicknames = append(nicknames, parts[1:]...)
		case "DOCUMENTATION":
			if len(parts) != 2 {
				lisp.SignalClass(lisp.ClassProgramError, "defpackage %s: %s takes one string", name, lisp.Prin1ToString(o))
			}
			doc = stringArg(op, parts[1])
		case "SIZE":
		default:
			lisp.SignalClass(lisp.ClassProgramError, "defpackage %s: the option %s is not supported by nodelisp", name, lisp.Prin1ToString(o))
		}
	}
	defpackageDisjoint(name, byKind)
	p, exists := t.Interp().Packages().Find(name)
	if !exists {
		p = makePackage(t, op, name, lisp.List(nicknames...))
	} else if p == nil || p.Locked() {
		lisp.SignalClass(lisp.ClassPackageError, "defpackage: the package %s is locked", name)
	}
	if doc != "" {
		p.Doc = doc
	}
	names := func(vs []lisp.Value) []string {
		out := make([]string, len(vs))
		for i, v := range vs {
			out[i] = stringDesignator(op, v)
		}
		return out
	}
	for _, group := range byKind["SHADOW"] {
		for _, n := range names(group) {
			packageErr(op, p.Shadow(n))
		}
	}
	for _, group := range byKind["SHADOWING-IMPORT-FROM"] {
		from := packageArg(t, op, group[0])
		for _, n := range names(group[1:]) {
			packageErr(op, p.ShadowingImport(externalOrPresent(t, op, from, n)))
		}
	}
	if !hasUse && !exists {
		// Packages take CL-USER's defaults when they name none (SBCL
		// uses none), so recall and context are reachable from them.
		for _, u := range t.Interp().Packages().CLUser.UseList() {
			packageErr(op, p.Use(u))
		}
	}
	for _, group := range byKind["USE"] {
		for _, u := range group {
			packageErr(op, p.Use(packageArg(t, op, u)))
		}
	}
	for _, group := range byKind["IMPORT-FROM"] {
		from := packageArg(t, op, group[0])
		for _, n := range names(group[1:]) {
			packageErr(op, p.Import(externalOrPresent(t, op, from, n)))
		}
	}
	for _, group := range byKind["INTERN"] {
		for _, n := range names(group) {
			_, _, err := p.Intern(n)
			packageErr(op, err)
		}
	}
	for _, group := range byKind["EXPORT"] {
		for _, n := range names(group) {
			s, _, err := p.Intern(n)
			packageErr(op, err)
			packageErr(op, p.Export(s))
		}
	}
	return p
}

// externalOrPresent is the symbol :import-from names: it must be
// accessible in from, as CLHS says. A missing one is a correctable
// package-error, as in SBCL: continuing interns the name in from.
func externalOrPresent(t *eval.Thread, op string, from *lisp.Package, name string) *lisp.Symbol {
	s, st := from.Find(name)
	if st == lisp.StatusNone {
		msg := fmt.Sprintf("%s: the symbol %s is not accessible in package %s", op, name, from.Name)
		t.SignalContinuable(&lisp.Condition{Class: lisp.ClassPackageError, Message: msg}, "Intern "+name+" in "+from.Name+".")
		s, _, err := from.Intern(name)
		packageErr(op, err)
		return s
	}
	return s
}

// defpackageDisjoint checks the standard's rule that a symbol name appears
// in at most one of :shadow, :shadowing-import-from, :import-from and
// :intern, and not in both :intern and :export: a name in two is a
// program-error.
func defpackageDisjoint(name string, byKind map[string][][]lisp.Value) {
	namesOf := func(kind string) map[string]bool {
		out := map[string]bool{}
		for _, group := range byKind[kind] {
			if kind == "IMPORT-FROM" || kind == "SHADOWING-IMPORT-FROM" {
				group = group[1:] // the package the names come from
			}
			for _, v := range group {
				out[stringDesignator("defpackage", v)] = true
			}
		}
		return out
	}
	conflict := func(a, b string) {
		as, bs := namesOf(a), namesOf(b)
		for n := range as {
			if bs[n] {
				lisp.SignalClass(lisp.ClassProgramError, "defpackage %s: %s is named by both :%s and :%s", name, n, strings.ToLower(a), strings.ToLower(b))
			}
		}
	}
	kinds := []string{"SHADOW", "SHADOWING-IMPORT-FROM", "IMPORT-FROM", "INTERN"}
	for i, a := range kinds {
		for _, b := range kinds[i+1:] {
			conflict(a, b)
		}
	}
	conflict("INTERN", "EXPORT")
}
