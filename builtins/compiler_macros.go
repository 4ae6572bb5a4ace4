package builtins

// Compiler macros. nodelisp applies none (the standard lets an
// implementation ignore them), so every call reaches its function; but
// define-compiler-macro defines the expander, and compiler-macro-function
// returns it, so a program may call one itself, as SBCL allows.

import (
	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
)

// compilerMacrosKey keys the image's compiler macros (compilerMacros) in
// its extensions.
type compilerMacrosKey struct{}

// compilerMacros maps a function name (a symbol, or the symbol of a
// (setf name)) to its compiler macro function.
type compilerMacros struct {
	plain, setf map[*lisp.Symbol]lisp.Value
}

func compilerMacrosOf(t *eval.Thread) *compilerMacros {
	return t.Interp().Extension(compilerMacrosKey{}, func() any {
		return &compilerMacros{plain: map[*lisp.Symbol]lisp.Value{}, setf: map[*lisp.Symbol]lisp.Value{}}
	}).(*compilerMacros)
}

// table returns the map that holds name's compiler macro and the symbol
// it is kept under.
func (cm *compilerMacros) table(op string, name lisp.Value) (map[*lisp.Symbol]lisp.Value, *lisp.Symbol) {
	if _, ok := functionNameArg(name); !ok {
		lisp.TypeError(op, name, "a function name")
	}
	if s, ok := name.(*lisp.Symbol); ok {
		return cm.plain, s
	}
	return cm.setf, lisp.Car(lisp.Cdr(name)).(*lisp.Symbol)
}

func registerCompilerMacros() {
	defun("compiler-macro-function", "(name &optional environment)", "Return the compiler macro function of the function name, or nil. nodelisp applies no compiler macros; a program may call one itself.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		m, s := compilerMacrosOf(t).table("compiler-macro-function", args[0])
		if fn, ok := m[s]; ok {
			return fn
		}
		return lisp.Nil
	})
	defun("(setf compiler-macro-function)", "(function name &optional environment)", "Make function (a function of a form and an environment) the compiler macro of name, or remove it when function is nil; return function.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		m, s := compilerMacrosOf(t).table("(setf compiler-macro-function)", args[1])
		switch fn := args[0].(type) {
		case lisp.Function:
			m[s] = fn
		default:
			if fn != lisp.Value(lisp.Nil) {
				lisp.TypeError("(setf compiler-macro-function)", fn, "a function or nil")
			}
			delete(m, s)
		}
		return args[0]
	})
	macro("define-compiler-macro", "(define-compiler-macro name lambda-list form…) defines the compiler macro of the function name and returns NAME. nodelisp applies no compiler macros, which the standard allows, so calls always reach the function; compiler-macro-function returns the expander.", func(t *eval.Thread, form lisp.Value) lisp.Value {
		args := macroArgs("define-compiler-macro", form, 2, -1)
		if _, ok := functionNameArg(args[0]); !ok {
			lisp.TypeError("define-compiler-macro", args[0], "a function name")
		}
		listOf("define-compiler-macro", "lambda list", args[1])
		return lisp.List(sProgn,
			lisp.List(lisp.Sym("setf"), lisp.List(lisp.Sym("compiler-macro-function"), quoted(args[0])), compilerMacroLambda(args[1], lisp.List(args[2:]...))),
			quoted(args[0]))
	})
}

// compilerMacroLambda is the expander of a compiler macro: a function of
// the form and the environment that destructures the form's arguments
// with the macro lambda list, its &whole taking the form and its
// &environment the environment.
func compilerMacroLambda(lambdaList, body lisp.Value) lisp.Value {
	whole, env := lisp.Value(&lisp.Symbol{Name: "FORM"}), lisp.Value(&lisp.Symbol{Name: "ENV"})
	ampWhole, ampEnv := lisp.Value(lisp.Sym("&whole")), lisp.Value(lisp.Sym("&environment"))
	if c, ok := lambdaList.(*lisp.Cons); ok && c.Car == ampWhole {
		if rest, ok := c.Cdr.(*lisp.Cons); ok {
			whole, lambdaList = rest.Car, rest.Cdr
		}
	}
	var kept []lisp.Value
	var tail lisp.Value = lisp.Nil
	for ll := lambdaList; ll != lisp.Value(lisp.Nil); {
		c, ok := ll.(*lisp.Cons)
		if !ok {
			tail = ll // a dotted rest variable
			break
		}
		if c.Car == ampEnv {
			if rest, ok := c.Cdr.(*lisp.Cons); ok {
				env, ll = rest.Car, rest.Cdr
				continue
			}
		}
		kept = append(kept, c.Car)
		ll = c.Cdr
	}
	args := lisp.ListStar(tail, kept...)
	return lisp.List(lisp.Sym("lambda"), lisp.List(whole, env),
		lisp.List(sDeclare, lisp.List(lisp.Sym("ignorable"), whole, env)),
		lisp.ListStar(body, lisp.Sym("destructuring-bind"), args, lisp.List(sCdr, whole)))
}
