package builtins

import (
	"fmt"
	"sync/atomic"
	"time"

	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
)

// The library's macros are Go functions from a whole form to its expansion.
// They expand only into the evaluator's special forms and calls to library
// functions, so that the evaluator never needs to know about them. This
// file holds the helpers every macro file shares and the small macros that
// fit in a few lines.

// Symbols the expansions are built from.
var (
	sQuote               = lisp.Sym("quote")
	sFunction            = lisp.Sym("function")
	sIf                  = lisp.Sym("if")
	sProgn               = lisp.Sym("progn")
	sLet                 = lisp.Sym("let")
	sLetStar             = lisp.Sym("let*")
	sSetq                = lisp.Sym("setq")
	sBlock               = lisp.Sym("block")
	sReturnFrom          = lisp.Sym("return-from")
	sTagbody             = lisp.Sym("tagbody")
	sGo                  = lisp.Sym("go")
	sDeclare             = lisp.Sym("declare")
	sMacrolet            = lisp.Sym("macrolet")
	sMultipleValueBind   = lisp.Sym("multiple-value-bind")
	sDefun               = lisp.Sym("defun")
	sOr                  = lisp.Sym("or")
	sWhen                = lisp.Sym("when")
	sUnless              = lisp.Sym("unless")
	sCond                = lisp.Sym("cond")
	sAmpRest             = lisp.Sym("&rest")
	sAmpKey              = lisp.Sym("&key")
	sAmpAux              = lisp.Sym("&aux")
	sOtherwise           = lisp.Sym("otherwise")
	sCar                 = lisp.Sym("car")
	sCdr                 = lisp.Sym("cdr")
	sCons                = lisp.Sym("cons")
	sList                = lisp.Sym("list")
	sNull                = lisp.Sym("null")
	sAtom                = lisp.Sym("atom")
	sEndp                = lisp.Sym("endp")
	sNot                 = lisp.Sym("not")
	sEql                 = lisp.Sym("eql")
	sMember              = lisp.Sym("member")
	sTypep               = lisp.Sym("typep")
	sFuncall             = lisp.Sym("funcall")
	sApply               = lisp.Sym("apply")
	sValues              = lisp.Sym("values")
	sLength              = lisp.Sym("length")
	sAref                = lisp.Sym("aref")
	sGetf                = lisp.Sym("getf")
	sPlus                = lisp.Sym("+")
	sMinus               = lisp.Sym("-")
	sOnePlus             = lisp.Sym("1+")
	sOneMinus            = lisp.Sym("1-")
	sGE                  = lisp.Sym(">=")
	sLE                  = lisp.Sym("<=")
	sGT                  = lisp.Sym(">")
	sLT                  = lisp.Sym("<")
	sLast                = lisp.Sym("last")
	sCopyList            = lisp.Sym("copy-list")
	sError               = lisp.Sym("error")
	sSetCar              = lisp.Sym("%set-car")
	sSetCdr              = lisp.Sym("%set-cdr")
	sSetNth              = lisp.Sym("%set-nth")
	sSetElt              = lisp.Sym("%set-elt")
	sSetAref             = lisp.Sym("%set-aref")
	sPuthash             = lisp.Sym("%puthash")
	sPutf                = lisp.Sym("%putf")
	sDpb                 = lisp.Sym("dpb")
	sDepositField        = lisp.Sym("deposit-field")
	sSetChar             = lisp.Sym("%set-char")
	sSet                 = lisp.Sym("set")
	sMakeStringOutStream = lisp.Sym("make-string-output-stream")
	sGetOutStreamString  = lisp.Sym("get-output-stream-string")
)

// gensymCounter numbers the temporaries macros make.
var gensymCounter atomic.Int64

// gensym returns a fresh uninterned symbol: no program can name it, so a
// macro's temporaries never capture the user's variables.
func gensym(prefix string) *lisp.Symbol {
	return &lisp.Symbol{Name: fmt.Sprintf("%s%d", prefix, gensymCounter.Add(1))}
}

// syntaxError signals a PROGRAM-ERROR for a malformed macro form.
func syntaxError(op, format string, args ...any) {
	lisp.SignalClass(lisp.ClassProgramError, op+": "+format, args...)
}

// macroArgs returns the arguments of a macro form as a slice, checking the
// count (max < 0: any number).
func macroArgs(op string, form lisp.Value, min, max int) []lisp.Value {
	c, ok := form.(*lisp.Cons)
	if !ok || !properList(c.Cdr) {
		syntaxError(op, "malformed form %s", lisp.Prin1ToString(form))
	}
	args := lisp.ListToSlice(op, c.Cdr)
	if len(args) < min || (max >= 0 && len(args) > max) {
		syntaxError(op, "wrong number of arguments in %s", lisp.Prin1ToString(form))
	}
	return args
}

// properList reports whether v is a proper list.
func properList(v lisp.Value) bool {
	for {
		switch c := v.(type) {
		case *lisp.Cons:
			v = c.Cdr
		case *lisp.Symbol:
			return c == lisp.Nil
		default:
			return false
		}
	}
}

// listOf checks that v is a proper list and returns its elements.
func listOf(op, what string, v lisp.Value) []lisp.Value {
	if !properList(v) {
		syntaxError(op, "%s %s is not a list", what, lisp.Prin1ToString(v))
	}
	return lisp.ListToSlice(op, v)
}

// quoted returns (quote v).
func quoted(v lisp.Value) lisp.Value { return lisp.List(sQuote, v) }

// progn wraps forms in a progn, or returns the single form alone.
func progn(forms []lisp.Value) lisp.Value {
	if len(forms) == 1 {
		return forms[0]
	}
	return lisp.ListStar(lisp.List(forms...), sProgn)
}

// binding is one (var init) pair of a let.
type binding struct{ v, init lisp.Value }

// letForm builds (op ((v init)…) body…).
func letForm(op *lisp.Symbol, bs []binding, body ...lisp.Value) lisp.Value {
	items := make([]lisp.Value, len(bs))
	for i, b := range bs {
		items[i] = lisp.List(b.v, b.init)
	}
	return lisp.ListStar(lisp.List(body...), op, lisp.List(items...))
}

// isConstantForm reports whether evaluating form always gives the same
// value and has no effect, so a macro may evaluate it out of order or twice.
func isConstantForm(form lisp.Value) bool {
	switch x := form.(type) {
	case *lisp.Symbol:
		return x.Keyword || x == lisp.Nil || x == lisp.T
	case *lisp.Cons:
		return x.Car == lisp.Value(sQuote)
	}
	return true
}

// splitDeclarations separates the leading (declare …) forms of a body.
func splitDeclarations(body []lisp.Value) (decls, rest []lisp.Value) {
	i := 0
	for i < len(body) {
		c, ok := body[i].(*lisp.Cons)
		if !ok || c.Car != lisp.Value(sDeclare) {
			break
		}
		i++
	}
	return body[:i], body[i:]
}

// concat joins slices of forms.
func concat(parts ...[]lisp.Value) []lisp.Value {
	var out []lisp.Value
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}

// symbolNamed reports whether v is a symbol (or keyword) with this name,
// the way loop and case compare their keywords.
func symbolNamed(v lisp.Value, name string) bool {
	s, ok := v.(*lisp.Symbol)
	return ok && s.Name == name
}

func registerMacros() {
	macro("prog1", "(prog1 first form…) evaluates every form and returns the value of first.", expandProg1)
	macro("prog2", "(prog2 first second form…) evaluates every form and returns the value of second.", expandProg2)
	macro("prog", "(prog (var…) tag-or-form…) binds the vars in parallel around a tagbody in a block nil.", expandProg(sLet))
	macro("prog*", "(prog* (var…) tag-or-form…) binds the vars in sequence around a tagbody in a block nil.", expandProg(sLetStar))
	macro("declaim", "(declaim declaration…) makes global declarations as the form is read: special ones make variables special; inline, optimize, type and the like are accepted and ignored.", expandDeclaim)
	macro("with-output-to-string", "(with-output-to-string (var) body…) binds var to a string output stream and returns what body wrote to it.", expandWithOutputToString)
	macro("time", "(time form) evaluates form, prints how long it took, and returns its values.", expandTime)
	defun("%time-start", "()", "Returns the current time in nanoseconds, for time (internal).",
		func(t *eval.Thread, args []lisp.Value) lisp.Value { return lisp.MakeInt(time.Now().UnixNano()) })
	defun("%time-report", "(start)", "Prints the time elapsed since start, for time (internal).",
		func(t *eval.Thread, args []lisp.Value) lisp.Value {
			elapsed := time.Duration(time.Now().UnixNano() - int64(intArg("time", args[0])))
			out := t.Out()
			out.FreshLine()
			fmt.Fprintf(out, "Evaluation took:\n  %.6f seconds of real time\n", elapsed.Seconds())
			return lisp.Nil
		})
	defun("proclaim", "(declaration)", "Make a global declaration: (special var…) makes the variables special; others are accepted and ignored. Returns nil.",
		func(t *eval.Thread, args []lisp.Value) lisp.Value {
			t.Proclaim("proclaim", args[0])
			return lisp.Nil
		})
}

func expandProg1(t *eval.Thread, form lisp.Value) lisp.Value {
	args := macroArgs("prog1", form, 1, -1)
	if len(args) == 1 {
		return lisp.List(sValues, args[0])
	}
	g := gensym("FIRST")
	return letForm(sLet, []binding{{g, args[0]}}, append(args[1:], g)...)
}

func expandProg2(t *eval.Thread, form lisp.Value) lisp.Value {
	args := macroArgs("prog2", form, 2, -1)
	return lisp.List(sProgn, args[0], lisp.ListStar(lisp.List(args[1:]...), lisp.Sym("prog1")))
}

func expandProg(let *lisp.Symbol) eval.MacroFunc {
	return func(t *eval.Thread, form lisp.Value) lisp.Value {
		op := "prog"
		if let == sLetStar {
			op = "prog*"
		}
		args := macroArgs(op, form, 1, -1)
		decls, body := splitDeclarations(args[1:])
		inner := lisp.ListStar(lisp.List(concat(decls, []lisp.Value{lisp.ListStar(lisp.List(body...), sTagbody)})...), let, args[0])
		return lisp.List(sBlock, lisp.Nil, inner)
	}
}

// expandDeclaim proclaims while the form is analysed, as SBCL's declaim
// acts at compile time, so that the forms after it are analysed with the
// variables already special.
func expandDeclaim(t *eval.Thread, form lisp.Value) lisp.Value {
	for _, spec := range macroArgs("declaim", form, 0, -1) {
		t.Proclaim("declaim", spec)
	}
	return quoted(lisp.Nil)
}

func expandWithOutputToString(t *eval.Thread, form lisp.Value) lisp.Value {
	args := macroArgs("with-output-to-string", form, 1, -1)
	spec := listOf("with-output-to-string", "binding", args[0])
	if len(spec) == 0 {
		syntaxError("with-output-to-string", "expected (var) but got ()")
	}
	if len(spec) > 1 && spec[1] != lisp.Value(lisp.Nil) {
		syntaxError("with-output-to-string", "writing into an existing string is not supported")
	}
	decls, body := splitDeclarations(args[1:])
	v := spec[0]
	return letForm(sLet, []binding{{v, lisp.List(sMakeStringOutStream)}},
		concat(decls, body, []lisp.Value{lisp.List(sGetOutStreamString, v)})...)
}

func expandTime(t *eval.Thread, form lisp.Value) lisp.Value {
	args := macroArgs("time", form, 1, 1)
	start := gensym("START")
	return letForm(sLet, []binding{{start, lisp.List(lisp.Sym("%time-start"))}},
		lisp.List(lisp.Sym("multiple-value-prog1"), args[0], lisp.List(lisp.Sym("%time-report"), start)))
}
