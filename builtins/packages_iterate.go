package builtins

// with-package-iterator and rename-package, the package operations the
// Rosetta Code tasks on packages use besides do-symbols.

import (
	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
)

func registerPackageIterator() {
	macro("with-package-iterator", "(with-package-iterator (name package-list symbol-type…) body…) evaluates body with (name) a local macro returning, symbol by symbol, true, the symbol, its accessibility (:internal, :external or :inherited) and the package it was found in, then nil.", expandWithPackageIterator)
	defun("%package-iterator", "(package-list symbol-types)", "Return a function that returns the next symbol of the packages as (values t symbol accessibility package), then nil (internal, for with-package-iterator).", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		wanted := map[lisp.PackageStatus]bool{}
		for _, ty := range listElems(a[1]) {
			switch ty {
			case lisp.Value(kwInternal):
				wanted[lisp.StatusInternal] = true
			case lisp.Value(kwExternal):
				wanted[lisp.StatusExternal] = true
			case lisp.Value(kwInherited):
				wanted[lisp.StatusInherited] = true
			default:
				lisp.SignalClass(lisp.ClassProgramError, "with-package-iterator: %s is not a symbol type (:internal, :external or :inherited)", lisp.Prin1ToString(ty))
			}
		}
		type entry struct {
			sym    *lisp.Symbol
			status lisp.PackageStatus
			pkg    *lisp.Package
		}
		var entries []entry
		for _, d := range listDesignator(a[0]) {
			p := packageArg(t, "with-package-iterator", d)
			p.Symbols(false, func(s *lisp.Symbol, st lisp.PackageStatus) bool {
				t.Poll()
				if wanted[st] {
					entries = append(entries, entry{s, st, p})
				}
				return true
			})
		}
		i := 0
		return eval.NewBuiltin("package-iterator", "()", "", func(t *eval.Thread, _ []lisp.Value) lisp.Value {
			if i >= len(entries) {
				return lisp.Nil
			}
			e := entries[i]
			i++
			return t.Values(lisp.T, e.sym, statusValue(e.status), e.pkg)
		})
	})
	defun("rename-package", "(package new-name &optional new-nicknames)", "Give a package a new name and new nicknames (replacing the old ones); return the package.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		p := packageArg(t, "rename-package", a[0])
		var nicks []string
		if len(a) > 2 {
			for _, n := range listElems(a[2]) {
				nicks = append(nicks, stringDesignator("rename-package", n))
			}
		}
		name := a[1]
		if q, ok := name.(*lisp.Package); ok {
			name = lisp.NewString(q.Name)
		}
		packageErr("rename-package", t.Interp().Packages().Rename(p, stringDesignator("rename-package", name), nicks))
		return p
	})
}

// expandWithPackageIterator expands (with-package-iterator (name list
// types…) body…) to (let ((next (%package-iterator list '(types…))))
// (macrolet ((name () '(funcall next))) body…)).
func expandWithPackageIterator(t *eval.Thread, form lisp.Value) lisp.Value {
	const op = "with-package-iterator"
	args := macroArgs(op, form, 1, -1)
	spec := listOf(op, "(name package-list symbol-type…)", args[0])
	if len(spec) < 3 {
		syntaxError(op, "expected (name package-list symbol-type…) with at least one symbol type but got %s", lisp.Prin1ToString(args[0]))
	}
	name, ok := spec[0].(*lisp.Symbol)
	if !ok {
		syntaxError(op, "%s is not a name", lisp.Prin1ToString(spec[0]))
	}
	next := gensym("NEXT-SYMBOL")
	call := lisp.List(sQuote, lisp.List(lisp.Sym("funcall"), next))
	iterator := lisp.List(lisp.Sym("%package-iterator"), spec[1], lisp.List(sQuote, lisp.List(spec[2:]...)))
	return lisp.List(sLet, lisp.List(lisp.List(next, iterator)),
		lisp.List(concat([]lisp.Value{lisp.Sym("macrolet"), lisp.List(lisp.List(name, lisp.Nil, call))}, args[1:])...))
}
