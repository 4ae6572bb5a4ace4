package builtins

// Method combinations other than the standard one: the built-in
// operator combinations (+ and append list max min nconc or progn) and
// those define-method-combination's short form defines. A generic
// function using one runs its :around methods as the standard
// combination does, around the operator applied to the values of its
// primary methods, which are those qualified with the combination's name.

import (
	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
)

// combination is a short-form method combination.
type combination struct {
	name     *lisp.Symbol
	operator *lisp.Symbol
	// identity says a single primary method's values are the call's,
	// without calling the operator (:identity-with-one-argument).
	identity bool
	doc      lisp.Value
}

// builtinCombinations are CLHS 7.6.6.4's, each as if by the short form
// with its own name as the operator; all but list are the identity with
// one method.
var builtinCombinations = func() map[*lisp.Symbol]*combination {
	m := map[*lisp.Symbol]*combination{}
	for _, name := range []string{"+", "and", "append", "list", "max", "min", "nconc", "or", "progn"} {
		s := lisp.Sym(name)
		m[s] = &combination{name: s, operator: s, identity: name != "list"}
	}
	return m
}()

var (
	sStandard = lisp.Sym("standard")
	sAnd      = lisp.Sym("and")
	kwMost    = lisp.Sym(":most-specific-first")
	kwLast    = lisp.Sym(":most-specific-last")
)

// findCombination returns the combination a defgeneric's
// :method-combination option names, with its order argument: nil for
// the standard one.
func (ci *closImage) findCombination(op string, spec lisp.Value) (*combination, bool) {
	items := lisp.ListToSlice(op, spec)
	if len(items) == 0 {
		return nil, false
	}
	name := symbolArg(op, items[0])
	if name == sStandard {
		if len(items) > 1 {
			lisp.Errorf("%s: the standard method combination takes no arguments, not %s", op, lisp.Prin1ToString(lisp.List(items[1:]...)))
		}
		return nil, false
	}
	c, ok := ci.combinations[name]
	if !ok {
		c, ok = builtinCombinations[name]
	}
	if !ok {
		lisp.Errorf("%s: there is no method combination named %s", op, lisp.Prin1ToString(name))
	}
	last := false
	switch {
	case len(items) == 1:
	case len(items) == 2 && items[1] == lisp.Value(kwMost):
	case len(items) == 2 && items[1] == lisp.Value(kwLast):
		last = true
	default:
		lisp.Errorf("%s: the method combination %s takes one argument, :most-specific-first or :most-specific-last, not %s", op, lisp.Prin1ToString(name), lisp.Prin1ToString(lisp.List(items[1:]...)))
	}
	return c, last
}

// combineOperator builds the effective method of the applicable methods
// (most specific first) under g's operator combination. A method whose
// qualifier is neither :around nor the combination's name is an error
// when the call selects it (CLHS 7.6.6.4), as is a call with no primary
// method.
func (g *generic) combineOperator(applicable []*method) *effective {
	c := g.combo
	var arounds, primaries []*method
	for _, m := range applicable {
		switch m.qualifier {
		case kwAround:
			arounds = append(arounds, m)
		case c.name:
			primaries = append(primaries, m)
		default:
			q := m.qualifier
			return &effective{run: func(t *eval.Thread, args []lisp.Value) lisp.Value {
				what := "no qualifier"
				if q != nil {
					what = "the qualifier " + lisp.Prin1ToString(q)
				}
				lisp.Errorf("%s: a method with %s is invalid in the method combination %s (its methods are qualified %s or :around)", printName(g.name), what, lisp.Prin1ToString(c.name), lisp.Prin1ToString(c.name))
				return nil
			}}
		}
	}
	if len(primaries) == 0 {
		return &effective{run: func(t *eval.Thread, args []lisp.Value) lisp.Value {
			g.noApplicable(t, args, len(arounds) > 0)
			return nil
		}}
	}
	if g.mostSpecificLast {
		primaries = reversed(primaries)
	}
	inner := func(t *eval.Thread, args []lisp.Value) lisp.Value {
		return c.apply(t, primaries, args)
	}
	if len(arounds) == 0 {
		return &effective{run: inner}
	}
	return &effective{run: func(t *eval.Thread, args []lisp.Value) lisp.Value {
		return arounds[0].invoke(t, &nextMethods{gf: g, methods: arounds[1:], tail: inner, args: args}, args)
	}}
}

func reversed(ms []*method) []*method {
	out := make([]*method, len(ms))
	for i, m := range ms {
		out[len(ms)-1-i] = m
	}
	return out
}

// apply runs the primary methods under the operator: and, or and progn
// as the special forms do, evaluating no more than they would and
// returning the last method's values; any other operator is called on
// the methods' primary values.
func (c *combination) apply(t *eval.Thread, primaries []*method, args []lisp.Value) lisp.Value {
	if c.identity && len(primaries) == 1 {
		return primaries[0].invoke(t, nil, args)
	}
	last := len(primaries) - 1
	switch c.operator {
	case sAnd, sOr, sProgn:
		for i, m := range primaries {
			if i == last {
				return m.invoke(t, nil, args)
			}
			v := t.TakeValues(m.invoke(t, nil, args))
			first := lisp.Value(lisp.Nil)
			if len(v) > 0 {
				first = v[0]
			}
			if c.operator == sAnd && first == lisp.Value(lisp.Nil) || c.operator == sOr && first != lisp.Value(lisp.Nil) {
				return first
			}
		}
	}
	vals := make([]lisp.Value, len(primaries))
	for i, m := range primaries {
		v := t.TakeValues(m.invoke(t, nil, args))
		vals[i] = lisp.Nil
		if len(v) > 0 {
			vals[i] = v[0]
		}
	}
	if info := t.Interp().Describe(c.operator); info.Kind == "function" || info.Kind == "" {
		return t.ApplyKeepingValues(c.operator, vals)
	}
	// A macro or special operator: the form with the values quoted.
	form := []lisp.Value{c.operator}
	for _, v := range vals {
		form = append(form, quoted(v))
	}
	return t.Eval(lisp.List(form...))
}

// defineCombination is define-method-combination's short form at run
// time: (name operator identity documentation).
func defineCombination(t *eval.Thread, args []lisp.Value) lisp.Value {
	const op = "define-method-combination"
	name := symbolArg(op, args[0])
	ci := closOf(t)
	ci.combinations[name] = &combination{name: name, operator: symbolArg(op, args[1]), identity: args[2] != lisp.Value(lisp.Nil), doc: args[3]}
	ci.generation++
	return name
}

// expandDefineCombination expands (define-method-combination name
// {:operator op | :identity-with-one-argument b | :documentation s}*);
// the long form, with a lambda list, is not supported.
func expandDefineCombination(t *eval.Thread, form lisp.Value) lisp.Value {
	const op = "define-method-combination"
	args := macroArgs(op, form, 1, -1)
	name := symbolArg(op, args[0])
	rest := args[1:]
	if len(rest) > 0 {
		if _, isList := rest[0].(*lisp.Cons); isList || rest[0] == lisp.Value(lisp.Nil) {
			syntaxError(op, "the long form (with a lambda list) is not supported, only the short form")
		}
	}
	if len(rest)%2 != 0 {
		syntaxError(op, "options need keyword-value pairs")
	}
	var operator lisp.Value = name
	var identity, doc lisp.Value = lisp.Nil, lisp.Nil
	for i := 0; i < len(rest); i += 2 {
		switch {
		case symbolNamed(rest[i], "OPERATOR") && isKeyword(rest[i]):
			operator = symbolArg(op, rest[i+1])
		case symbolNamed(rest[i], "IDENTITY-WITH-ONE-ARGUMENT") && isKeyword(rest[i]):
			identity = rest[i+1]
		case rest[i] == lisp.Value(kwDocumentation):
			doc = rest[i+1]
		default:
			syntaxError(op, "unknown option %s", lisp.Prin1ToString(rest[i]))
		}
	}
	return lisp.List(sDefineCombinationRT, quoted(name), quoted(operator), identity, doc)
}

func isKeyword(v lisp.Value) bool {
	s, ok := v.(*lisp.Symbol)
	return ok && s.Keyword
}

var sDefineCombinationRT = lisp.Sym("%define-method-combination")

func registerClosCombination() {
	defun("%define-method-combination", "(name operator identity documentation)", "Defines a short-form method combination (internal).", defineCombination)
	macro("define-method-combination", "(define-method-combination name :operator op :identity-with-one-argument b :documentation s) defines a method combination whose primary methods, qualified with name, are combined by op (short form only).", expandDefineCombination)
	// Both are for a method combination's own code to report a method
	// or a combination it cannot accept: a simple-error whose message
	// says which kind of error it is.
	defun("invalid-method-error", "(method format-control &rest arguments)", "Signal an error saying the method is not acceptable to its method combination, with the message format-control and arguments make.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		msg := formatToString(t, args[1], args[2:])
		return t.Call(sError, lisp.NewString("invalid method error for ~S: ~A"), args[0], lisp.NewString(msg))
	})
	defun("method-combination-error", "(format-control &rest arguments)", "Signal an error about a method combination, with the message format-control and arguments make.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		msg := formatToString(t, args[0], args[1:])
		return t.Call(sError, lisp.NewString("method combination error: ~A"), lisp.NewString(msg))
	})
}
