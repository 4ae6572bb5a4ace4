package eval

import (
	"fmt"
	"math/big"
	"strconv"
	"strings"
	"sync/atomic"

	"github.com/nodelisp/nodelisp/lisp"
)

// The functions the evaluator itself provides: calling, evaluation,
// symbols' bindings, multiple values and conditions.

var evaluatorBuiltins []*Builtin

// defun adds an evaluator builtin. args is its lambda list, the one
// statement of its signature: describe shows it and its arity is derived
// from it (LambdaListArity).
func defun(name, args, doc string, fn func(t *Thread, args []lisp.Value) lisp.Value) {
	evaluatorBuiltins = append(evaluatorBuiltins, NewBuiltin(name, args, doc, fn)) // TestEvaluatorLambdaListsRead: every list reads
}

func symbolArg(op string, v lisp.Value) *lisp.Symbol {
	s, ok := v.(*lisp.Symbol)
	if !ok {
		lisp.TypeError(op, v, "a symbol")
	}
	return s
}

// fnameArg accepts a function name: a symbol or (setf symbol).
func (t *Thread) fnameArg(op string, v lisp.Value) *lisp.Symbol {
	if c, ok := v.(*lisp.Cons); ok && c.Car == symSetf {
		return t.in.functionName(op, v)
	}
	return symbolArg(op, v)
}

// checkFunctionName signals the type error SBCL's fboundp and fmakunbound
// do for a list that is not (setf symbol): (x), (setf), (setf . foo),
// (setf foo bar).
func checkFunctionName(op string, v lisp.Value) {
	if !setfNameWellFormed(v) {
		lisp.TypeError(op, v, "a function name")
	}
}

// setfNameWellFormed reports whether v, when a list, is (setf symbol).
func setfNameWellFormed(v lisp.Value) bool {
	c, ok := v.(*lisp.Cons)
	if !ok {
		return true
	}
	rest, ok := c.Cdr.(*lisp.Cons)
	if !ok || c.Car != symSetf || rest.Cdr != lisp.Value(lisp.Nil) {
		return false
	}
	_, ok = rest.Car.(*lisp.Symbol)
	return ok
}

// gentempCounter numbers gentemp's symbols (SBCL keeps a counter of its
// own for them too); gensym counts in *gensym-counter*.
var gentempCounter atomic.Int64

// numeral is an integer's decimal digits, whatever *print-base* says, as
// gensym names its symbols.
func numeral(n lisp.Value) string {
	if b, ok := n.(*big.Int); ok {
		return b.String()
	}
	return strconv.FormatInt(int64(n.(lisp.Fixnum)), 10)
}

// gentempPackage is gentemp's package argument: a package or its name.
func gentempPackage(t *Thread, v lisp.Value) *lisp.Package {
	switch x := v.(type) {
	case *lisp.Package:
		return x
	case *lisp.String, *lisp.Symbol, lisp.Char:
		name := lisp.PrincToString(x)
		if s, ok := x.(*lisp.Symbol); ok {
			name = s.Name
		}
		if p, ok := t.in.packages.Find(name); ok {
			return p
		}
		lisp.SignalClass(lisp.ClassPackageError, "gentemp: there is no package named %s", name)
	}
	lisp.TypeError("gentemp", v, "a package designator")
	return nil
}

// symGensymCounter is the variable gensym numbers its symbols from.
var symGensymCounter = lisp.Intern("*GENSYM-COUNTER*")

// builtinFuncall is recognised by analysis, which compiles a funcall form
// as a direct call (so that it can be a tail call).
var builtinFuncall = NewBuiltin("funcall", "(function &rest arguments)", "Call FUNCTION with the ARGUMENTS.",
	func(t *Thread, args []lisp.Value) lisp.Value { return t.callValue(args[0], args[1:]) })

var builtinApply = NewBuiltin("apply", "(function &rest arguments list)", "Call FUNCTION with the ARGUMENTS followed by the elements of the last one.",
	func(t *Thread, args []lisp.Value) lisp.Value {
		spread := append([]lisp.Value{}, args[1:len(args)-1]...)
		spread = append(spread, lisp.ListToSlice("apply", args[len(args)-1])...)
		return t.callValue(args[0], spread)
	})

func init() {
	forwardFuncall, forwardApply = builtinFuncall, builtinApply
	evaluatorBuiltins = append(evaluatorBuiltins, builtinFuncall)
	evaluatorBuiltins = append(evaluatorBuiltins, builtinApply)
	defun("eval", "(form)", "Evaluate FORM in the global environment.", func(t *Thread, args []lisp.Value) lisp.Value {
		return t.Eval(args[0])
	})
	defun("macroexpand-1", "(form &optional env)", "Expand FORM once if it is a macro form; the second value tells whether it was.", func(t *Thread, args []lisp.Value) lisp.Value {
		v, ok := t.Macroexpand1(args[0])
		return t.Values(v, lisp.Bool(ok))
	})
	defun("macroexpand", "(form &optional env)", "Expand FORM until it is no longer a macro form; the second value tells whether it was one.", func(t *Thread, args []lisp.Value) lisp.Value {
		form, any := args[0], false
		for i := 0; ; i++ {
			if i > maxExpansionsPerForm {
				lisp.Errorf("macroexpand: too many macro expansions (%d)", maxExpansionsPerForm)
			}
			v, ok := t.Macroexpand1(form)
			if !ok {
				return t.Values(form, lisp.Bool(any))
			}
			form, any = v, true
		}
	})
	defun("macro-function", "(symbol &optional env)", "Return the expander of the macro SYMBOL names, or nil.", func(t *Thread, args []lisp.Value) lisp.Value {
		s := symbolArg("macro-function", args[0])
		c := t.in.lookup(s)
		if c == nil || c.macro == nil {
			if m := specialFormMacro(s); m != nil && (c == nil || c.fn == nil) {
				return m
			}
			return lisp.Nil
		}
		m := c.macro
		// The expander's documentation is the macro's, as in SBCL.
		return NewBuiltin(printName(s), "(form env)", c.macroDoc, func(t *Thread, args []lisp.Value) lisp.Value {
			return m(t, args[0])
		})
	})
	defun("%set-macro-function", "(symbol env-or-function &optional function)", "Make function (of a form and an environment) the macro expander of symbol: the setf of macro-function, whose environment argument is read and ignored.", func(t *Thread, args []lisp.Value) lisp.Value {
		fn := args[len(args)-1]
		t.setMacroFunction(symbolArg("setf macro-function", args[0]), fn)
		return fn
	})
	defun("special-operator-p", "(symbol)", "True when SYMBOL names a special operator.", func(t *Thread, args []lisp.Value) lisp.Value {
		return lisp.Bool(isSpecialOperator(symbolArg("special-operator-p", args[0])))
	})
	defun("symbol-value", "(symbol)", "Return the global (dynamic) value of SYMBOL.", func(t *Thread, args []lisp.Value) lisp.Value {
		s := symbolArg("symbol-value", args[0])
		if s == lisp.Nil || s == lisp.T || s.Keyword {
			return s
		}
		if c := t.in.lookup(s); c != nil && c.value != nil {
			return c.value
		}
		unboundVariable(s, nil)
		return nil
	})
	defun("set", "(symbol value)", "Set the global (dynamic) value of SYMBOL.", func(t *Thread, args []lisp.Value) lisp.Value {
		s := symbolArg("set", args[0])
		c := t.in.cell(s)
		if c.constant || s == lisp.Nil || s == lisp.T || s.Keyword {
			lisp.Errorf("set: cannot assign the constant %s", printName(s))
		}
		c.value = args[1]
		return args[1]
	})
	defun("boundp", "(symbol)", "True when SYMBOL has a global value.", func(t *Thread, args []lisp.Value) lisp.Value {
		s := symbolArg("boundp", args[0])
		if s == lisp.Nil || s == lisp.T || s.Keyword {
			return lisp.T
		}
		c := t.in.lookup(s)
		return lisp.Bool(c != nil && c.value != nil)
	})
	defun("makunbound", "(symbol)", "Remove SYMBOL's global value.", func(t *Thread, args []lisp.Value) lisp.Value {
		s := symbolArg("makunbound", args[0])
		if c := t.in.lookup(s); c != nil {
			if c.constant {
				lisp.Errorf("makunbound: cannot unbind the constant %s", printName(s))
			}
			c.value = nil
		}
		return s
	})
	fn := func(op string) func(t *Thread, args []lisp.Value) lisp.Value {
		return func(t *Thread, args []lisp.Value) lisp.Value {
			s := t.fnameArg(op, args[0])
			c := t.in.lookup(s)
			if c != nil && c.fn != nil {
				return c.fn
			}
			if f := notAFunction(s, c); f != nil {
				return f
			}
			undefinedFunction(args[0], nil)
			return nil
		}
	}
	symbolFunction := fn("symbol-function")
	defun("symbol-function", "(symbol)", "Return the global function SYMBOL names.", func(t *Thread, args []lisp.Value) lisp.Value {
		symbolArg("symbol-function", args[0])
		return symbolFunction(t, args)
	})
	fdefinition := fn("fdefinition")
	defun("fdefinition", "(name)", "Return the global function NAME names.", func(t *Thread, args []lisp.Value) lisp.Value {
		checkFunctionName("fdefinition", args[0])
		return fdefinition(t, args)
	})
	defun("%set-fdefinition", "(name function)", "Make FUNCTION the global function of NAME, a symbol or (setf symbol), and return it (the setf of fdefinition).", func(t *Thread, args []lisp.Value) lisp.Value {
		checkFunctionName("setf fdefinition", args[0])
		t.SetFunction("setf fdefinition", t.fnameArg("setf fdefinition", args[0]), args[1])
		return args[1]
	})
	defun("fboundp", "(name)", "True when NAME names a function, macro or special operator.", func(t *Thread, args []lisp.Value) lisp.Value {
		checkFunctionName("fboundp", args[0])
		s := t.fnameArg("fboundp", args[0])
		if isSpecialOperator(s) {
			return lisp.T
		}
		c := t.in.lookup(s)
		return lisp.Bool(c != nil && (c.fn != nil || c.macro != nil))
	})
	defun("fmakunbound", "(name)", "Remove the global function or macro NAME names.", func(t *Thread, args []lisp.Value) lisp.Value {
		checkFunctionName("fmakunbound", args[0])
		s := t.fnameArg("fmakunbound", args[0])
		if c := t.in.lookup(s); c != nil {
			if c.holdsOwnBuiltin() {
				lisp.Errorf("fmakunbound: cannot remove the builtin function %s", printName(s))
			}
			c.fn, c.macro = nil, nil
		}
		return args[0]
	})
	defun("functionp", "(object)", "True when OBJECT is a function.", func(t *Thread, args []lisp.Value) lisp.Value {
		_, ok := args[0].(lisp.Function)
		return lisp.Bool(ok)
	})
	// Every function is compiled in nodelisp's sense (analysed once into
	// closures), as every one is in SBCL's: typep compiled-function agrees.
	defun("compiled-function-p", "(object)", "True when OBJECT is a compiled function: any function.", func(t *Thread, args []lisp.Value) lisp.Value {
		_, ok := args[0].(lisp.Function)
		return lisp.Bool(ok)
	})
	defun("function-lambda-expression", "(function)", "Return nil (nodelisp keeps no lambda expression, which the standard allows), t (the function may be a closure), and the function's name or nil.", func(t *Thread, args []lisp.Value) lisp.Value {
		f, ok := args[0].(lisp.Function)
		if !ok {
			lisp.TypeError("function-lambda-expression", args[0], "a function")
		}
		var name lisp.Value = lisp.Nil
		if n := f.FunctionName(); n != "" && !strings.ContainsAny(n, "( ") {
			name = lisp.Sym(n)
		}
		return t.Values(lisp.Nil, lisp.T, name)
	})
	defun("values", "(&rest objects)", "Return the OBJECTS as multiple values.", func(t *Thread, args []lisp.Value) lisp.Value {
		return t.Values(args...)
	})
	defun("values-list", "(list)", "Return the elements of LIST as multiple values.", func(t *Thread, args []lisp.Value) lisp.Value {
		return t.Values(lisp.ListToSlice("values-list", args[0])...)
	})
	defun("gensym", "(&optional x)", "Return a fresh uninterned symbol named by the prefix x (G by default) and *gensym-counter*, which counts up; an integer x is the suffix instead, and the counter stays.", func(t *Thread, args []lisp.Value) lisp.Value {
		prefix := "G"
		if len(args) == 1 {
			switch p := args[0].(type) {
			case *lisp.String:
				prefix = p.S
			case lisp.Fixnum, *big.Int:
				if lisp.Sign("gensym", p) < 0 {
					lisp.TypeError("gensym", p, "a string or a non-negative integer")
				}
				return &lisp.Symbol{Name: "G" + numeral(p)}
			default:
				lisp.TypeError("gensym", args[0], "a string or a non-negative integer")
			}
		}
		c := t.in.cell(symGensymCounter)
		n := c.value
		if !lisp.IsInteger(n) || lisp.Sign("gensym", n) < 0 {
			lisp.TypeError("gensym (the value of *gensym-counter*)", n, "a non-negative integer")
		}
		c.value = lisp.Add(n, lisp.Fixnum(1))
		return &lisp.Symbol{Name: prefix + numeral(n)}
	})
	defun("gentemp", "(&optional prefix package)", "Return a fresh symbol interned in package (the current one by default), named by prefix (T by default) and a counter of gentemp's own.", func(t *Thread, args []lisp.Value) lisp.Value {
		prefix := "T"
		if len(args) >= 1 {
			p, ok := args[0].(*lisp.String)
			if !ok {
				lisp.TypeError("gentemp", args[0], "a string")
			}
			prefix = p.S
		}
		pkg := t.CurrentPackage()
		if len(args) == 2 {
			pkg = gentempPackage(t, args[1])
		}
		for {
			t.Poll()
			name := fmt.Sprintf("%s%d", prefix, gentempCounter.Add(1))
			if _, status := pkg.Find(name); status == lisp.StatusNone {
				s, _, err := pkg.Intern(name)
				if err != nil {
					lisp.SignalClass(lisp.ClassPackageError, "gentemp: %v", err)
				}
				return s
			}
		}
	})
	defun("error", "(datum &rest arguments)", "Signal an error: a format control and arguments, a condition type and initargs, or a condition.", func(t *Thread, args []lisp.Value) lisp.Value {
		c := t.conditionFrom("error", lisp.ClassSimpleError, args[0], args[1:])
		t.signal(c)
		panic(c)
	})
	defun("cerror", "(continue-format datum &rest arguments)", "Signal an error with a continue restart, which returns nil from cerror.", func(t *Thread, args []lisp.Value) lisp.Value {
		// A condition datum leaves the arguments to the continue format.
		c, ok := args[1].(*lisp.Condition)
		if !ok {
			c = t.conditionFrom("cerror", lisp.ClassSimpleError, args[1], args[2:])
		}
		report := lisp.PrincToString(args[0])
		if s, ok := args[0].(*lisp.String); ok {
			report = t.format(s, args[2:])
		}
		t.withRestart(symContinue, report, func() {
			t.signal(c)
			panic(c)
		})
		return lisp.Nil
	})
	defun("signal", "(datum &rest arguments)", "Signal a condition; return nil when no handler takes it.", func(t *Thread, args []lisp.Value) lisp.Value {
		c := t.conditionFrom("signal", lisp.ClassSimpleCondition, args[0], args[1:])
		t.signal(c)
		return lisp.Nil
	})
	defun("warn", "(datum &rest arguments)", "Signal a warning; when no handler takes it, print it and return nil.", func(t *Thread, args []lisp.Value) lisp.Value {
		c := t.conditionFrom("warn", lisp.ClassSimpleWarning, args[0], args[1:])
		if !c.IsA(lisp.ClassWarning) {
			lisp.TypeError("warn", c, "a warning")
		}
		t.warnWith(c)
		return lisp.Nil
	})
	defun("make-condition", "(type &rest initargs)", "Make a condition of TYPE.", func(t *Thread, args []lisp.Value) lisp.Value {
		// The type may be given as its class object, (find-class 'error).
		if c, ok := args[0].(*lisp.Class); ok && c.Name != nil {
			return t.makeCondition(c.Name, args[1:])
		}
		return t.makeCondition(symbolArg("make-condition", args[0]), args[1:])
	})
	slot := func(name, slotName, doc string, field func(c *lisp.Condition) lisp.Value) {
		s := lisp.Sym(slotName)
		defun(name, "(condition)", doc, func(t *Thread, args []lisp.Value) lisp.Value {
			c, ok := args[0].(*lisp.Condition)
			if !ok {
				lisp.TypeError(name, args[0], "a condition")
			}
			if field != nil {
				if v := field(c); v != nil {
					return v
				}
			}
			return slotValue(c, s)
		})
	}
	slot("simple-condition-format-control", "format-control", "The format control of a simple condition.", func(c *lisp.Condition) lisp.Value {
		if !hasSlot(c, lisp.Sym("format-control")) {
			return lisp.NewString(c.Message)
		}
		return nil
	})
	slot("simple-condition-format-arguments", "format-arguments", "The format arguments of a simple condition.", nil)
	slot("type-error-datum", "datum", "The offending value of a type error.", func(c *lisp.Condition) lisp.Value { return c.Datum })
	slot("type-error-expected-type", "expected-type", "The type a type error wanted.", func(c *lisp.Condition) lisp.Value { return c.Expected })
	slot("file-error-pathname", "pathname", "The path a file error is about.", func(c *lisp.Condition) lisp.Value {
		// A file function's error names its path; one made with
		// make-condition keeps its :pathname in the slot.
		if c.Class == lisp.ClassFileError && c.Name != nil && c.Name != lisp.Value(lisp.Nil) {
			return c.Name
		}
		return nil
	})
	slot("cell-error-name", "name", "The name of the variable or function a cell error is about.", func(c *lisp.Condition) lisp.Value { return c.Name })
	slot("stream-error-stream", "stream", "The stream a stream error is about.", nil)
	slot("package-error-package", "package", "The package (or package designator) a package error is about.", nil)
	slot("unbound-slot-instance", "instance", "The object whose slot an unbound-slot error is about.", nil)
	slot("print-not-readable-object", "object", "The object a print-not-readable error could not print readably.", nil)
	slot("arithmetic-error-operation", "operation", "The function an arithmetic error happened in (/ for every division, as in SBCL), or nil.", nil)
	slot("arithmetic-error-operands", "operands", "The arguments of the operation an arithmetic error happened in, or nil.", nil)
}

// isSpecialOperator reports whether s names a special operator of CL or
// a standard macro nodelisp analyses as one (CLHS 3.1.2.1.2.2 allows it).
// declare is analysed as a form here but is no operator: it is allowed
// only where a body's declarations go.
func isSpecialOperator(s *lisp.Symbol) bool {
	_, ok := specialForms[s]
	return ok && s.Name != "DECLARE"
}

// setMacroFunction makes fn the global macro expander of sym, as (setf
// (macro-function sym) fn) does: a function sym named before is replaced
// by the macro. fn is called with the form and a null environment. The
// rules defmacro keeps hold: special operators and builtins cannot be
// redefined.
func (t *Thread) setMacroFunction(sym *lisp.Symbol, fn lisp.Value) {
	const op = "setf macro-function"
	if _, ok := specialForms[sym]; ok {
		lisp.SignalClass(lisp.ClassPackageError, "%s: cannot redefine the special operator %s", op, printName(sym))
	}
	c := t.in.cell(sym)
	if c.holdsOwnBuiltin() {
		lisp.SignalClass(lisp.ClassPackageError, "%s: cannot redefine the builtin function %s", op, printName(sym))
	}
	switch fn.(type) {
	case *Closure, *Builtin:
	default:
		lisp.TypeError(op, fn, "a function")
	}
	c.fn = nil
	c.macro = func(t *Thread, form lisp.Value) lisp.Value { return t.callValue(fn, []lisp.Value{form, lisp.Nil}) }
	c.macroInLisp = true
	c.macroDoc, c.macroArgs, c.macroLambda = "", "", nil
	t.noteDefined(sym)
}

// notAFunction is what symbol-function and fdefinition return for a
// symbol naming a macro or a special operator, as SBCL does: a function,
// named (:macro name) or (:special name), that signals undefined-function
// when it is called, for such a name cannot be called as a function. Nil
// when the symbol names neither.
func notAFunction(s *lisp.Symbol, c *cell) lisp.Value {
	kind := ""
	switch {
	case c != nil && c.macro != nil, isSpecialOperator(s) && specialFormMacro(s) != nil:
		kind = "macro"
	case isSpecialOperator(s):
		kind = "special operator"
	default:
		return nil
	}
	label := map[string]string{"macro": ":macro", "special operator": ":special"}[kind]
	return NewBuiltin("("+label+" "+printName(s)+")", "(&rest arguments)", printName(s)+" names a "+kind+", which cannot be called as a function.", func(t *Thread, _ []lisp.Value) lisp.Value {
		panic(&lisp.Condition{Class: lisp.ClassUndefinedFunction, Message: printName(s) + " names a " + kind + ", not a function: it can only be used as the operator of a form", Name: s})
	})
}
