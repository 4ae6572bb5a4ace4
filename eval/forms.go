package eval

import (
	"github.com/nodelisp/nodelisp/lisp"
)

// specialForm analyses one special form.
type specialForm func(a *analyzer, form *lisp.Cons) *ir

// specialForms is filled by init so that the table can refer to functions
// that themselves consult it.
var specialForms map[*lisp.Symbol]specialForm

// specialDocs documents the special forms for describe.
var specialDocs = map[*lisp.Symbol]string{}

var (
	symQuote             = lisp.Sym("quote")
	symFunction          = lisp.Sym("function")
	symLambda            = lisp.Sym("lambda")
	symDeclare           = lisp.Sym("declare")
	symSetf              = lisp.Sym("setf")
	symPsetf             = lisp.Sym("psetf")
	symProgn             = lisp.Sym("progn")
	symIf                = lisp.Sym("if")
	symWhen              = lisp.Sym("when")
	symUnless            = lisp.Sym("unless")
	symGo                = lisp.Sym("go")
	symLoop              = lisp.Sym("loop")
	symFuncall           = lisp.Sym("funcall")
	symDestructuringBind = lisp.Sym("destructuring-bind")
	symQuasiquote        = lisp.SymQuasiquote // the reader's, in NODELISP-INTERNAL
	symUnquote           = lisp.SymUnquote
	symUnquoteSplicing   = lisp.SymUnquoteSplicing
	symStandardOutput    = lisp.Sym("*standard-output*")
	symErrorOutput       = lisp.Sym("*error-output*")
	symSpecial           = lisp.Sym("special")
	symDeclaration       = lisp.Sym("declaration")
	kwNoError            = lisp.Sym(":no-error")
	kwReport             = lisp.Sym(":report")
	kwInitarg            = lisp.Sym(":initarg")
	kwReader             = lisp.Sym(":reader")
	kwAccessor           = lisp.Sym(":accessor")
	kwInitform           = lisp.Sym(":initform")
)

func def(name, doc string, f specialForm) {
	s := lisp.Sym(name)
	specialForms[s] = f
	specialDocs[s] = doc
}

func init() {
	specialForms = map[*lisp.Symbol]specialForm{}
	def("quote", "Return the object unevaluated.", sfQuote)
	def("function", "Return the function named by a symbol or made by a lambda expression.", sfFunction)
	def("lambda", "Make an anonymous function (a closure).", sfLambda)
	def("if", "Evaluate THEN when TEST is true, else ELSE.", sfIf)
	def("progn", "Evaluate forms in order, returning the values of the last.", sfProgn)
	def("locally", "Evaluate the body under its declarations (special ones change what a variable reference reads; the others are ignored).", sfLocally)
	def("eval-when", "Evaluate the body when the situations include :execute (nodelisp compiles no file).", sfEvalWhen)
	def("the", "Return the values of FORM (the type is not checked).", sfThe)
	def("declare", "Declarations are accepted and ignored.", sfDeclare)
	def("load-time-value", "Evaluate FORM once, the first time it is reached.", sfLoadTimeValue)
	def("setq", "Assign values to variables, in order.", sfSetq)
	def("psetq", "Assign values to variables, in parallel.", sfPsetq)
	def("let", "Bind variables in parallel and evaluate the body.", sfLet)
	def("let*", "Bind variables in sequence and evaluate the body.", sfLetStar)
	def("and", "Evaluate forms until one is false; return the last value.", sfAnd)
	def("or", "Evaluate forms until one is true and return it.", sfOr)
	def("when", "Evaluate the body when TEST is true.", sfWhen)
	def("unless", "Evaluate the body when TEST is false.", sfUnless)
	def("cond", "Evaluate the body of the first clause whose test is true.", sfCond)
	def("defun", "Define a global function.", sfDefun)
	def("defmacro", "Define a global macro.", sfDefmacro)
	def("defvar", "Define a special variable, initialising it only when unbound.", sfDefvar)
	def("defparameter", "Define a special variable and set it.", sfDefparameter)
	def("defconstant", "Define a constant.", sfDefconstant)
	def("block", "Establish a named block that return-from can leave.", sfBlock)
	def("return-from", "Leave the named lexical block with values.", sfReturnFrom)
	def("return", "Leave the block named nil with values.", sfReturn)
	def("tagbody", "Evaluate statements, with go transferring to tags.", sfTagbody)
	def("go", "Transfer control to a tag of an enclosing tagbody.", sfGo)
	def("loop", "Repeat the body forever (inside a block nil); the extended loop is a macro.", sfLoop)
	def("flet", "Bind local functions (not visible to each other) and evaluate the body.", sfFlet)
	def("labels", "Bind mutually recursive local functions and evaluate the body.", sfLabels)
	def("macrolet", "Bind local macros and evaluate the body.", sfMacrolet)
	def("symbol-macrolet", "Bind symbol macros and evaluate the body.", sfSymbolMacrolet)
	def("destructuring-bind", "Bind the variables of a lambda list to the parts of a list.", sfDestructuringBind)
	def("catch", "Evaluate the body; a throw to TAG returns from it.", sfCatch)
	def("throw", "Return values from the dynamically innermost catch of TAG.", sfThrow)
	def("unwind-protect", "Evaluate PROTECTED, then CLEANUP forms however it is left.", sfUnwindProtect)
	def("handler-case", "Evaluate FORM; on a matching condition, unwind and run its clause.", sfHandlerCase)
	def("handler-bind", "Evaluate the body with condition handlers called at signal time.", sfHandlerBind)
	def("progv", "Bind the symbols of a list computed at run time as special variables to a list of values, and evaluate the body.", sfProgv)
	def("restart-case", "Evaluate FORM with restarts that, invoked, unwind here and run their clause.", sfRestartCase)
	def("restart-bind", "Evaluate the body with restarts that are functions called where they are invoked.", sfRestartBind)
	def("ignore-errors", "Evaluate the body; on an error return nil and the condition.", sfIgnoreErrors)
	def("multiple-value-bind", "Bind variables to the values of a form.", sfMultipleValueBind)
	def("multiple-value-call", "Call a function with all the values of the forms.", sfMultipleValueCall)
	def("multiple-value-prog1", "Evaluate forms, returning the values of the first.", sfMultipleValueProg1)
	def("multiple-value-list", "Return the values of a form as a list.", sfMultipleValueList)
	def("multiple-value-setq", "Assign variables the values of a form.", sfMultipleValueSetq)
	def("nth-value", "Return the Nth value of a form.", sfNthValue)
	// Backquote is a special form of the reader's internal operator, so a
	// program's own symbol quasiquote stays an ordinary symbol.
	specialForms[symQuasiquote] = sfQuasiquote
	specialDocs[symQuasiquote] = "Backquote: build a structure from a template."
	def("define-condition", "Define a condition type.", sfDefineCondition)
}

func sfQuote(a *analyzer, form *lisp.Cons) *ir {
	return constIR(a.literal(formArgs("quote", form, 1, 1)[0]))
}

func sfProgn(a *analyzer, form *lisp.Cons) *ir { return a.body(form.Cdr) }

func sfLocally(a *analyzer, form *lisp.Cons) *ir {
	saved := a.sc
	defer func() { a.sc = saved }()
	a.pushFreeSpecials(declaredSpecial(form.Cdr))
	_, body := a.splitBody(form.Cdr, false)
	return a.body(body)
}

// sfEvalWhen evaluates the body only when the situations include
// :execute (or the old eval): nodelisp evaluates every form and compiles
// no file, so :compile-toplevel and :load-toplevel alone never apply, as
// under SBCL's eval and load of a source file.
func sfEvalWhen(a *analyzer, form *lisp.Cons) *ir {
	xs := formArgs("eval-when", form, 1, -1)
	execute := false
	for _, s := range elems("eval-when", xs[0]) {
		switch s {
		case kwExecute, symEval:
			execute = true
		case kwCompileToplevel, kwLoadToplevel, symCompile, symLoad:
		default:
			lisp.SignalClass(lisp.ClassProgramError, "eval-when: unknown situation %s", lisp.Prin1ToString(s))
		}
	}
	if !execute {
		return constIR(lisp.Nil)
	}
	return a.body(form.Cdr.(*lisp.Cons).Cdr)
}

var (
	kwExecute         = lisp.Sym(":execute")
	kwCompileToplevel = lisp.Sym(":compile-toplevel")
	kwLoadToplevel    = lisp.Sym(":load-toplevel")
	symEval           = lisp.Sym("eval")
	symCompile        = lisp.Sym("compile")
	symLoad           = lisp.Sym("load")
)

func sfThe(a *analyzer, form *lisp.Cons) *ir {
	return a.analyze(formArgs("the", form, 2, 2)[1])
}

func sfLoadTimeValue(a *analyzer, form *lisp.Cons) *ir {
	n := a.analyze(formArgs("load-time-value", form, 1, 2)[0])
	return &ir{gen: func(bool) code {
		c := n.code()
		var cached lisp.Value
		return func(fr *frame) lisp.Value {
			if cached == nil {
				cached = c(fr)
			}
			return cached
		}
	}}
}

func sfIf(a *analyzer, form *lisp.Cons) *ir {
	xs := formArgs("if", form, 2, 3)
	test := a.analyze(xs[0])
	then := a.analyze(xs[1])
	els := constIR(lisp.Nil)
	if len(xs) == 3 {
		els = a.analyze(xs[2])
	}
	return ifIR(test, then, els)
}

// testCode generates a boolean test for a form.
func testCode(n *ir) func(fr *frame) bool {
	if n.test != nil {
		return n.test()
	}
	c := n.code()
	return func(fr *frame) bool { return c(fr) != lisp.Value(lisp.Nil) }
}

func ifIR(test, then, els *ir) *ir {
	if test.isConst {
		if lisp.Truthy(test.val) {
			return then
		}
		return els
	}
	return &ir{gen: func(tail bool) code {
		tc := testCode(test)
		th, el := then.gen(tail), els.gen(tail)
		return func(fr *frame) lisp.Value {
			if tc(fr) {
				fr.t.mvSet = false
				return th(fr)
			}
			fr.t.mvSet = false
			return el(fr)
		}
	}}
}

func sfWhen(a *analyzer, form *lisp.Cons) *ir {
	formArgs("when", form, 1, -1)
	c := form.Cdr.(*lisp.Cons)
	return ifIR(a.analyze(c.Car), a.body(c.Cdr), constIR(lisp.Nil))
}

func sfUnless(a *analyzer, form *lisp.Cons) *ir {
	formArgs("unless", form, 1, -1)
	c := form.Cdr.(*lisp.Cons)
	return ifIR(a.analyze(c.Car), constIR(lisp.Nil), a.body(c.Cdr))
}

func sfAnd(a *analyzer, form *lisp.Cons) *ir {
	xs := elems("and", form.Cdr)
	if len(xs) == 0 {
		return constIR(lisp.T)
	}
	nodes := make([]*ir, len(xs))
	for i, x := range xs {
		nodes[i] = a.analyze(x)
	}
	out := nodes[len(nodes)-1]
	for i := len(nodes) - 2; i >= 0; i-- {
		out = ifIR(nodes[i], out, constIR(lisp.Nil))
	}
	return out
}

func sfOr(a *analyzer, form *lisp.Cons) *ir {
	xs := elems("or", form.Cdr)
	if len(xs) == 0 {
		return constIR(lisp.Nil)
	}
	nodes := make([]*ir, len(xs))
	for i, x := range xs {
		nodes[i] = a.analyze(x)
	}
	return &ir{gen: func(tail bool) code {
		cs := codes(nodes[:len(nodes)-1])
		last := nodes[len(nodes)-1].gen(tail)
		return func(fr *frame) lisp.Value {
			for _, c := range cs {
				if v := c(fr); v != lisp.Value(lisp.Nil) {
					fr.t.mvSet = false
					return v
				}
			}
			fr.t.mvSet = false
			return last(fr)
		}
	}}
}

func sfCond(a *analyzer, form *lisp.Cons) *ir {
	clauses := elems("cond", form.Cdr)
	type clause struct {
		test, body *ir
	}
	cls := make([]clause, len(clauses))
	for i, x := range clauses {
		c, ok := x.(*lisp.Cons)
		if !ok {
			lisp.SignalClass(lisp.ClassProgramError, "cond: clause %s is not a list", lisp.Prin1ToString(x))
		}
		if properElems(c) == nil {
			lisp.SignalClass(lisp.ClassProgramError, "cond: malformed clause %s", lisp.Prin1ToString(x))
		}
		cls[i].test = a.analyze(c.Car)
		if c.Cdr != lisp.Value(lisp.Nil) {
			cls[i].body = a.body(c.Cdr)
		}
	}
	// Build from the last clause backwards as nested ifs; a clause
	// without body returns its test's value, like or.
	var out *ir = constIR(lisp.Nil)
	for i := len(cls) - 1; i >= 0; i-- {
		if cls[i].body != nil {
			out = ifIR(cls[i].test, cls[i].body, out)
			continue
		}
		test, rest := cls[i].test, out
		out = &ir{gen: func(tail bool) code {
			tc, rc := test.code(), rest.gen(tail)
			return func(fr *frame) lisp.Value {
				v := tc(fr)
				fr.t.mvSet = false
				if v != lisp.Value(lisp.Nil) {
					return v
				}
				return rc(fr)
			}
		}}
	}
	return out
}

func sfSetq(a *analyzer, form *lisp.Cons) *ir {
	xs := elems("setq", form.Cdr)
	if len(xs)%2 != 0 {
		lisp.SignalClass(lisp.ClassProgramError, "setq: odd number of arguments")
	}
	var nodes []*ir
	for i := 0; i < len(xs); i += 2 {
		nodes = append(nodes, a.assign("setq", xs[i], a.analyze(xs[i+1]), xs[i+1]))
	}
	return progn(nodes)
}

// assign analyses the assignment of val to the variable named x.
func (a *analyzer) assign(op string, x lisp.Value, val *ir, valForm lisp.Value) *ir {
	s, ok := x.(*lisp.Symbol)
	if !ok || s == lisp.Nil || s == lisp.T || s.Keyword {
		lisp.SignalClass(lisp.ClassProgramError, "%s: %s is not a variable", op, lisp.Prin1ToString(x))
	}
	if sc := a.find(sVar, s); sc != nil {
		return a.localSet(sc.v, val)
	}
	if sc := a.find(sSymbolMacro, s); sc != nil {
		return a.analyze(lisp.List(symSetf, sc.exp, valForm))
	}
	c := a.in.cell(s)
	if c.constant {
		lisp.Errorf("%s: cannot assign the constant %s", op, printName(s))
	}
	return &ir{gen: func(bool) code {
		vc := val.code()
		return func(fr *frame) lisp.Value {
			v := vc(fr)
			fr.t.mvSet = false
			c.value = v
			return v
		}
	}}
}

func sfPsetq(a *analyzer, form *lisp.Cons) *ir {
	xs := elems("psetq", form.Cdr)
	if len(xs)%2 != 0 {
		lisp.SignalClass(lisp.ClassProgramError, "psetq: odd number of arguments")
	}
	// With a symbol macro among the variables, psetq is psetf: the
	// expansions' subforms are evaluated in order with the values.
	for i := 0; i < len(xs); i += 2 {
		if s, ok := xs[i].(*lisp.Symbol); ok && a.find(sVar, s) == nil && a.find(sSymbolMacro, s) != nil {
			if c := a.in.lookup(symPsetf); c != nil && c.macro != nil {
				return a.analyze(&lisp.Cons{Car: symPsetf, Cdr: form.Cdr})
			}
		}
	}
	// Evaluate every value into a temporary, then assign.
	var temps []*varInfo
	var vals []*ir
	for i := 1; i < len(xs); i += 2 {
		vals = append(vals, a.analyze(xs[i]))
		temps = append(temps, a.newVar(nil))
	}
	var sets []*ir
	for i := 0; i < len(xs); i += 2 {
		sets = append(sets, a.assign("psetq", xs[i], a.localRef(temps[i/2]), xs[i+1]))
	}
	return &ir{gen: func(bool) code {
		vcs := codes(vals)
		scs := codes(sets)
		stores := make([]func(*frame, lisp.Value), len(temps))
		for i, v := range temps {
			stores[i] = binder(v)
		}
		return func(fr *frame) lisp.Value {
			for i, c := range vcs {
				stores[i](fr, c(fr))
			}
			for _, c := range scs {
				c(fr)
			}
			fr.t.mvSet = false
			return lisp.Nil
		}
	}}
}
