package eval

import (
	"github.com/nodelisp/nodelisp/lisp"
)

// Checking a lambda list's shape before it is parsed, so that a mistake
// (a keyword out of order, &rest with no variable, a variable named twice)
// is an error at definition time instead of a function that silently
// binds something else. The rules are SBCL's; unknown &-symbols are
// ordinary variables there, and here too.

// Ranks of the lambda-list sections, in the order they must appear.
const (
	llRequired = iota
	llOptional
	llRest
	llKey
	llAllowOtherKeys
	llAux
)

// llSection maps a section keyword to its rank.
var llSection = map[*lisp.Symbol]int{
	symOptional:       llOptional,
	symRest:           llRest,
	symBody:           llRest,
	symKey:            llKey,
	symAllowOtherKeys: llAllowOtherKeys,
	symAux:            llAux,
}

// checkLambdaList signals a program-error naming op when list is not a
// well-formed lambda list: ordinary, or (destructuring) a macro or
// destructuring-bind one, which may also nest, take &whole first,
// &environment and a dotted tail. It does not look inside nested lists;
// parsing checks each as it reaches it.
func checkLambdaList(op string, list lisp.Value, destructuring bool) {
	malformed := func() {
		lisp.SignalClass(lisp.ClassProgramError, "%s: malformed lambda list", op)
	}
	var vars []lisp.Value // variables named outside &aux, for the repeat check
	state := llRequired
	pending := false // a keyword that takes one variable (&rest, &whole, &environment) awaits it
	seenEnv := false
	for i := 0; list != lisp.Value(lisp.Nil); i++ {
		c, ok := list.(*lisp.Cons)
		if !ok {
			// A dotted tail (a b . rest) is &rest rest; a lambda list that
			// is a bare symbol is not a list at all.
			if _, sym := list.(*lisp.Symbol); !sym || !destructuring || i == 0 || pending || state >= llRest {
				malformed()
			}
			vars = append(vars, list)
			break
		}
		x := c.Car
		list = c.Cdr
		if s, ok := x.(*lisp.Symbol); ok && (llSection[s] != 0 || s == symWhole || s == symEnvironment) {
			if pending {
				malformed()
			}
			switch rank := llSection[s]; {
			case s == symWhole:
				if !destructuring || i != 0 {
					malformed()
				}
				pending = true
			case s == symEnvironment:
				if !destructuring || seenEnv {
					malformed()
				}
				seenEnv, pending = true, true
			case rank <= state, rank == llAllowOtherKeys && state != llKey:
				malformed()
			default:
				state = rank
				pending = rank == llRest
			}
			continue
		}
		if pending {
			pending = false
			vars = append(vars, x)
			continue
		}
		switch state {
		case llRequired:
			vars = append(vars, x)
		case llOptional:
			vars = append(vars, checkOptional(x, 3, malformed)...)
		case llRest, llAllowOtherKeys:
			malformed()
		case llKey:
			vars = append(vars, checkKey(op, x)...)
		case llAux:
			checkOptional(x, 2, malformed)
		}
	}
	if pending {
		malformed()
	}
	if !destructuring {
		checkRepeats(op, vars)
	}
}

// checkOptional checks an &optional or &aux parameter, var or (var [init
// [supplied-p]]) with at most max elements, and returns its variables.
func checkOptional(x lisp.Value, max int, malformed func()) []lisp.Value {
	c, ok := x.(*lisp.Cons)
	if !ok {
		return []lisp.Value{x}
	}
	parts := properElems(c)
	if parts == nil || len(parts) > max {
		malformed()
	}
	if len(parts) == 3 {
		return []lisp.Value{parts[0], parts[2]}
	}
	return parts[:1]
}

// checkKey checks a &key parameter, var or ({var | (keyword var)} [init
// [supplied-p]]), and returns its variables.
func checkKey(op string, x lisp.Value) []lisp.Value {
	bad := func() {
		lisp.SignalClass(lisp.ClassProgramError, "%s: malformed keyword parameter %s", op, lisp.Prin1ToString(x))
	}
	switch p := x.(type) {
	case *lisp.Symbol:
		return []lisp.Value{p}
	case *lisp.Cons:
		parts := properElems(p)
		if parts == nil || len(parts) > 3 {
			bad()
		}
		name := parts[0]
		if nc, ok := name.(*lisp.Cons); ok {
			pair := properElems(nc)
			if _, sym := lisp.Car(nc).(*lisp.Symbol); len(pair) != 2 || !sym {
				bad()
			}
			name = pair[1]
		} else if _, ok := name.(*lisp.Symbol); !ok {
			bad()
		}
		if len(parts) == 3 {
			return []lisp.Value{name, parts[2]}
		}
		return []lisp.Value{name}
	}
	bad()
	return nil
}

// checkRepeats rejects a variable bound twice by one lambda list.
func checkRepeats(op string, vars []lisp.Value) {
	seen := make(map[*lisp.Symbol]bool, len(vars))
	for _, v := range vars {
		s, ok := v.(*lisp.Symbol)
		if !ok {
			continue
		}
		if seen[s] {
			lisp.SignalClass(lisp.ClassProgramError, "%s: the variable %s occurs more than once in the lambda list", op, printName(s))
		}
		seen[s] = true
	}
}

// properElems returns the elements of a proper list, or nil when it is
// dotted.
func properElems(c *lisp.Cons) []lisp.Value {
	var out []lisp.Value
	var v lisp.Value = c
	for {
		x, ok := v.(*lisp.Cons)
		if !ok {
			break
		}
		out = append(out, x.Car)
		v = x.Cdr
	}
	if v != lisp.Value(lisp.Nil) {
		return nil
	}
	return out
}
