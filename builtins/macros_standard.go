package builtins

import (
	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
)

// Standard macros a program may use that need little of their own:
// with-open-stream, with-compilation-unit, step, trace and untrace,
// define-modify-macro (define-compiler-macro is in compiler_macros.go).

var (
	sDefmacro             = lisp.Sym("defmacro")
	sModifyMacroExpansion = lisp.Sym("%modify-macro-expansion")
	sAmpOptional          = lisp.Sym("&optional")
	sListStar             = lisp.Sym("list*")
)

func registerMacrosStandard() {
	macro("with-open-stream", "(with-open-stream (var stream) form…) runs the forms with VAR bound to STREAM and closes it however they are left.", expandWithOpenStream)
	macro("with-compilation-unit", "(with-compilation-unit (option…) form…) runs the forms: nodelisp compiles no files, so there are no warnings to defer.", func(t *eval.Thread, form lisp.Value) lisp.Value {
		args := macroArgs("with-compilation-unit", form, 1, -1)
		listOf("with-compilation-unit", "option list", args[0])
		return progn(args[1:])
	})
	macro("step", "(step form) evaluates FORM: nodelisp has no stepper.", func(t *eval.Thread, form lisp.Value) lisp.Value {
		return macroArgs("step", form, 1, 1)[0]
	})
	// Without arguments trace lists the traced functions (none) and
	// untrace returns t, as SBCL's do.
	untraced := func(op string, result lisp.Value) eval.MacroFunc {
		return func(t *eval.Thread, form lisp.Value) lisp.Value {
			if args := macroArgs(op, form, 0, -1); len(args) > 0 {
				lisp.Errorf("%s: tracing functions is not supported by nodelisp", op)
			}
			return result
		}
	}
	macro("trace", "(trace) returns the traced functions, none: nodelisp does not trace (naming functions is an error).", untraced("trace", lisp.Nil))
	macro("untrace", "(untrace) returns t: nodelisp traces no function (naming functions is an error).", untraced("untrace", lisp.T))
	macro("define-modify-macro", "(define-modify-macro name lambda-list function [doc]) defines a macro (NAME place arg…) that stores (FUNCTION place-value arg…) in the place.", expandDefineModifyMacro)
	defun("%modify-macro-expansion", "(place function arguments)", "The expansion of a call of a macro define-modify-macro defined (internal).",
		func(t *eval.Thread, a []lisp.Value) lisp.Value {
			p := expandPlace(t, "define-modify-macro", a[0])
			call := lisp.ListStar(a[2], a[1], p.read)
			if p.simple {
				return lisp.List(sSetq, p.read, call)
			}
			// The call reads the temporaries, so no direct store.
			return withPlace(concat2(p.temps, []binding{{p.store, call}}), p.write)
		})
	// Standard macros nodelisp leaves out: each is a macro, as the
	// standard says, whose use is an error naming it.
	unsupported := func(op, why string) {
		macro(op, "Not supported by nodelisp: "+why+".", func(t *eval.Thread, form lisp.Value) lisp.Value {
			lisp.Errorf("%s is not supported by nodelisp: %s", op, why)
			return nil
		})
	}
	unsupported("define-symbol-macro", "global symbol macros are left out (symbol-macrolet defines local ones)")
}

// functionNameArg reports whether v is a function name: a symbol or
// (setf symbol).
func functionNameArg(v lisp.Value) (lisp.Value, bool) {
	switch x := v.(type) {
	case *lisp.Symbol:
		return x, true
	case *lisp.Cons:
		if x.Car == lisp.Value(lisp.Sym("setf")) {
			if rest, ok := x.Cdr.(*lisp.Cons); ok && rest.Cdr == lisp.Value(lisp.Nil) {
				_, isSym := rest.Car.(*lisp.Symbol)
				return x, isSym
			}
		}
	}
	return nil, false
}

// expandWithOpenStream: (let ((var stream)) (unwind-protect (progn body…)
// (close var))).
func expandWithOpenStream(t *eval.Thread, form lisp.Value) lisp.Value {
	args := macroArgs("with-open-stream", form, 1, -1)
	spec := listOf("with-open-stream", "stream specification", args[0])
	if len(spec) != 2 {
		syntaxError("with-open-stream", "the specification %s is not (var stream)", lisp.Prin1ToString(args[0]))
	}
	decls, body := splitDeclarations(args[1:])
	protected := lisp.List(sUnwindProtect, progn(body), lisp.List(sClose, spec[0]))
	return lisp.ListStar(lisp.List(append(decls, protected)...), sLet, lisp.List(lisp.List(spec[0], spec[1])))
}

// expandDefineModifyMacro defines NAME as a macro whose lambda list is
// (place . LAMBDA-LIST): its expansion reads the place once, calls
// FUNCTION with the value and the other arguments' forms, and stores the
// result.
func expandDefineModifyMacro(t *eval.Thread, form lisp.Value) lisp.Value {
	args := macroArgs("define-modify-macro", form, 3, 4)
	name, ok := args[0].(*lisp.Symbol)
	if !ok {
		lisp.TypeError("define-modify-macro", args[0], "a symbol")
	}
	fnName, ok := args[2].(*lisp.Symbol)
	if !ok {
		lisp.TypeError("define-modify-macro", args[2], "a symbol")
	}
	// The forms of the arguments, in order: required and optional
	// variables are listed, a rest variable is spliced.
	var vars []lisp.Value
	var rest lisp.Value = lisp.Nil
	var mode lisp.Value
	for _, x := range listOf("define-modify-macro", "lambda list", args[1]) {
		if x == lisp.Value(sAmpOptional) || x == lisp.Value(sAmpRest) {
			mode = x
			continue
		}
		v := x
		if c, ok := x.(*lisp.Cons); ok && mode == lisp.Value(sAmpOptional) {
			v = c.Car
		}
		if _, ok := v.(*lisp.Symbol); !ok {
			syntaxError("define-modify-macro", "malformed lambda list %s", lisp.Prin1ToString(args[1]))
		}
		if mode == lisp.Value(sAmpRest) {
			rest = v
		} else {
			vars = append(vars, v)
		}
	}
	argForms := lisp.List(append(append([]lisp.Value{sListStar}, vars...), rest)...)
	place := gensym("PLACE")
	body := []lisp.Value{lisp.List(sModifyMacroExpansion, place, lisp.List(sQuote, fnName), argForms)}
	if len(args) == 4 {
		body = append([]lisp.Value{args[3]}, body...)
	}
	return lisp.ListStar(lisp.List(body...), sDefmacro, name, &lisp.Cons{Car: place, Cdr: args[1]})
}
