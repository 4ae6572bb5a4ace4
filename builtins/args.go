package builtins

import (
	"strings"

	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
)

// Argument helpers shared by every builtin file: keyword parsing, type
// checks that name the operator, :test and :key functions, and sequences.

// kwargs holds parsed keyword arguments.
type kwargs map[*lisp.Symbol]lisp.Value

// parseKeys parses args as keyword/value pairs. allowed lists the keywords
// without colons ("key", "test"); any other keyword is an error unless
// :allow-other-keys t is present.
func parseKeys(op string, args []lisp.Value, allowed ...string) kwargs {
	if len(args)%2 != 0 {
		lisp.SignalClass(lisp.ClassProgramError, "%s: odd number of keyword arguments", op)
	}
	kw := kwargs{}
	// The leftmost :allow-other-keys decides, as CL has it; with it true
	// any symbol may name an argument, a non-keyword one (never read) too.
	other := false
	for i := 0; i < len(args); i += 2 {
		if k, ok := args[i].(*lisp.Symbol); ok && k.Keyword && k.Name == "ALLOW-OTHER-KEYS" {
			other = lisp.Truthy(args[i+1])
			break
		}
	}
	for i := 0; i < len(args); i += 2 {
		k, ok := args[i].(*lisp.Symbol)
		if !ok || !k.Keyword && !other {
			lisp.SignalClass(lisp.ClassProgramError, "%s: %s is not a keyword", op, lisp.Prin1ToString(args[i]))
		}
		if !k.Keyword {
			continue
		}
		if _, seen := kw[k]; !seen { // the leftmost occurrence wins, as in CL
			kw[k] = args[i+1]
		}
	}
	if !other {
		for k := range kw {
			if k.Name == "ALLOW-OTHER-KEYS" {
				continue
			}
			known := false
			for _, a := range allowed {
				if strings.EqualFold(a, k.Name) {
					known = true
					break
				}
			}
			if !known {
				lisp.SignalClass(lisp.ClassProgramError, "%s: unknown keyword argument %s", op, lisp.Prin1ToString(k))
			}
		}
	}
	return kw
}

// get returns the value of keyword name (without colon, lower case).
func (k kwargs) get(name string) (lisp.Value, bool) {
	v, ok := k[lisp.InternKeyword(strings.ToUpper(name))]
	return v, ok
}

// or returns the value of keyword name, or def when absent.
func (k kwargs) or(name string, def lisp.Value) lisp.Value {
	if v, ok := k.get(name); ok {
		return v
	}
	return def
}

// intArg returns v as an int, or signals a type error naming op.
func intArg(op string, v lisp.Value) int {
	n, ok := v.(lisp.Fixnum)
	if !ok {
		lisp.TypeError(op, v, "an integer")
	}
	return int(n)
}

// indexArg returns v as a non-negative int.
func indexArg(op string, v lisp.Value) int {
	n, ok := v.(lisp.Fixnum)
	if !ok || n < 0 {
		lisp.TypeError(op, v, "a non-negative integer")
	}
	return int(n)
}

// optIndex returns v as an int, or def when v is nil (for :end nil).
func optIndex(op string, v lisp.Value, def int) int {
	if v == lisp.Value(lisp.Nil) || v == nil {
		return def
	}
	return indexArg(op, v)
}

// numberArg checks that v is a number.
func numberArg(op string, v lisp.Value) lisp.Value {
	if !lisp.IsNumber(v) {
		lisp.TypeError(op, v, "a number")
	}
	return v
}

// stringArg returns the Go string of a Lisp string.
func stringArg(op string, v lisp.Value) string {
	s, ok := v.(*lisp.String)
	if !ok {
		lisp.TypeError(op, v, "a string")
	}
	return s.S
}

// stringDesignator accepts a string, a symbol (its name) or a character, as
// CL's string functions do.
func stringDesignator(op string, v lisp.Value) string {
	switch x := v.(type) {
	case *lisp.String:
		return x.S
	case *lisp.Symbol:
		return x.Name
	case lisp.Char:
		return string(rune(x))
	}
	lisp.TypeError(op, v, "a string designator")
	return ""
}

// symbolArg returns v as a symbol.
func symbolArg(op string, v lisp.Value) *lisp.Symbol {
	s, ok := v.(*lisp.Symbol)
	if !ok {
		lisp.TypeError(op, v, "a symbol")
	}
	return s
}

// charArg returns v as a character.
func charArg(op string, v lisp.Value) lisp.Char {
	c, ok := v.(lisp.Char)
	if !ok {
		lisp.TypeError(op, v, "a character")
	}
	return c
}

// listArg checks that v is a list (a cons or nil).
func listArg(op string, v lisp.Value) lisp.Value {
	if !lisp.IsList(v) {
		lisp.TypeError(op, v, "a list")
	}
	return v
}

// keyFunc builds the :key function, identity by default.
func keyFunc(t *eval.Thread, kw kwargs) func(v lisp.Value) lisp.Value {
	if f, ok := kw.get("key"); ok && lisp.Truthy(f) {
		return func(v lisp.Value) lisp.Value { return t.Call(f, v) }
	}
	return func(v lisp.Value) lisp.Value { return v }
}

// seqItems returns the elements of a list, vector or string.
func seqItems(op string, v lisp.Value) []lisp.Value {
	switch x := v.(type) {
	case *lisp.Vector:
		return x.Items
	case *lisp.String:
		out := make([]lisp.Value, 0, len(x.S))
		for _, r := range x.S {
			out = append(out, lisp.Char(r))
		}
		return out
	case *lisp.Cons:
		return lisp.ListToSlice(op, x)
	case *lisp.Symbol:
		if x == lisp.Nil {
			return nil
		}
	}
	lisp.TypeError(op, v, "a sequence")
	return nil
}
