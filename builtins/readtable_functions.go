package builtins

// The functions get-macro-character and get-dispatch-macro-character give
// for the standard macro characters. The reader does their work in Go; a
// program that calls one reads the character's construct again from the
// stream, and set-macro-character given one copies the standard syntax
// instead of calling it.

import (
	"strconv"
	"sync"
	"unicode"

	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
	"github.com/nodelisp/nodelisp/reader"
)

var (
	standardMacrosMu sync.Mutex
	standardMacros   = map[rune]*eval.Builtin{}
	standardDispatch = map[rune]*eval.Builtin{}
	// standardMacroChars tells which standard character a function of
	// standardMacros stands for.
	standardMacroChars = map[lisp.Value]rune{}
)

// standardSubChars are the sub-characters of # the reader knows.
const standardSubChars = "\\'(XOBR+-:SC.=#*AP|"

// standardMacroFunction is the function of the standard macro character
// c, the same object each time.
func standardMacroFunction(c rune) lisp.Value {
	standardMacrosMu.Lock()
	defer standardMacrosMu.Unlock()
	if fn, ok := standardMacros[c]; ok {
		return fn
	}
	name := "read-" + lisp.PrincToString(lisp.Char(c)) + "-macro"
	fn := eval.NewBuiltin(name, "(stream char)", "The standard reader macro of "+lisp.Prin1ToString(lisp.Char(c))+".", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		return rereadConstruct(t, name, string(c), a[0])
	})
	standardMacros[c] = fn
	standardMacroChars[lisp.Value(fn)] = c
	return fn
}

// macroFunctionOf is a function for a dispatching character a program
// made: it reads the character's construct again.
func macroFunctionOf(c rune) lisp.Value {
	name := "read-dispatch-" + lisp.PrincToString(lisp.Char(c))
	return eval.NewBuiltin(name, "(stream char)", "The dispatching macro character "+lisp.Prin1ToString(lisp.Char(c))+".", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		return rereadConstruct(t, name, string(c), a[0])
	})
}

// standardDispatchFunction is the function of #sub, or nil when the
// reader has none.
func standardDispatchFunction(sub rune) lisp.Value {
	sub = unicode.ToUpper(sub)
	if !containsRune(standardSubChars, sub) {
		return nil
	}
	standardMacrosMu.Lock()
	defer standardMacrosMu.Unlock()
	if fn, ok := standardDispatch[sub]; ok {
		return fn
	}
	name := "read-sharp-" + lisp.PrincToString(lisp.Char(sub))
	fn := eval.NewBuiltin(name, "(stream sub-char arg)", "The standard reader macro of #"+string(sub)+".", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		prefix := "#"
		if n, ok := a[2].(lisp.Fixnum); ok {
			prefix += strconv.FormatInt(int64(n), 10)
		}
		return rereadConstruct(t, name, prefix+string(rune(charArg(name, a[1]))), a[0])
	})
	standardDispatch[sub] = fn
	return fn
}

func containsRune(s string, c rune) bool {
	for _, r := range s {
		if r == c {
			return true
		}
	}
	return false
}

// rereadConstruct reads the construct prefix begins, the rest of it
// from the stream, and moves the stream past it: no values for a
// comment.
func rereadConstruct(t *eval.Thread, op, prefix string, stream lisp.Value) lisp.Value {
	s := inStreamArg(t, op, stream)
	r := reader.New(prefix + s.Rest())
	r.Setup(t.ReadEnv(readTimeEval(t, t.ReadOptions())))
	if in, ok := s.(*lisp.InputStream); ok {
		r.Within(in, true)
	}
	v, ok, err := r.ReadConstruct()
	if err != nil {
		signalReadError(op, err, stream)
	}
	if n := r.Offset() - len(prefix); n > 0 {
		s.Skip(n)
	}
	if !ok {
		return t.Values()
	}
	return v
}
