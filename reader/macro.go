package reader

import (
	"strconv"
	"sync"
	"unicode"

	"github.com/nodelisp/nodelisp/lisp"
)

// MacroCall calls a program's reader macro function fn with args (an
// input stream over the text being read, the character, and for a
// dispatching character the sub-character and the numeric argument or
// nil) and returns its values. The reader cannot call a function (the
// evaluator sits above it), so a host that reads under a readtable with
// such functions hands it this one. An error it returns ends the read as
// a reader error placed at the macro character; a Lisp condition it
// panics with goes on up as the function's own error.
type MacroCall func(fn lisp.Value, args []lisp.Value) ([]lisp.Value, error)

// Env is what a read depends on besides the text: the packages and
// *package*, *read-base*, *readtable*, and the host's evaluator for #.
// and reader macro functions.
type Env struct {
	Packages  *lisp.Packages
	Package   *lisp.Package
	Base      int
	ReadEval  ReadEval
	Readtable *Readtable
	MacroCall MacroCall
}

// Setup makes the reader read in env.
func (r *Reader) Setup(env Env) {
	r.SetPackage(env.Packages, env.Package)
	if env.Base != 0 {
		r.SetBase(env.Base)
	}
	r.SetReadEval(env.ReadEval)
	r.SetReadtable(env.Readtable)
	r.macroCall = env.MacroCall
}

// callMacro runs a program's macro function for the character just
// consumed (what names it in errors) with the extra arguments after the
// stream, and goes on reading where the function stopped. A function
// returning no values read nothing, as a comment.
func (r *Reader) callMacro(start lisp.Pos, what string, fn lisp.Value, args ...lisp.Value) (lisp.Value, kind) {
	r.lastWasToken = false
	if r.macroCall == nil {
		r.fail(start, "the reader macro "+what+" cannot run here: nothing can call a function while this text is read")
	}
	s := lisp.NewStringInputStream(r.src, r.off, len(r.src))
	macroStreams.Store(s, r)
	defer macroStreams.Delete(s)
	vals, err := r.macroCall(fn, append([]lisp.Value{s}, args...))
	if err != nil {
		r.fail(start, "reader macro "+what+": "+err.Error())
	}
	for r.off < s.Pos {
		r.next()
	}
	if len(vals) == 0 {
		return nil, kNone
	}
	if r.suppress {
		return lisp.Nil, kValue
	}
	return vals[0], kValue
}

// macroName is how errors name a macro character.
func macroName(c rune) string { return lisp.Prin1ToString(lisp.Char(c)) }

// readUserMacro reads the construct a character with a program's syntax
// starts: its macro function's, or a dispatching character's.
func (r *Reader) readUserMacro(start lisp.Pos, c rune, s Syntax) (lisp.Value, kind) {
	r.next()
	if s.Fn != nil {
		return r.callMacro(start, macroName(c), s.Fn, lisp.Char(c))
	}
	arg, sub := r.dispatchArg(start, c)
	if fn, ok := s.Dispatch[unicode.ToUpper(sub)]; ok && fn != nil {
		return r.callMacro(start, macroName(c)+" "+macroName(sub), fn, lisp.Char(sub), arg)
	}
	r.fail(start, "no dispatch function is defined for "+macroName(sub)+" after the dispatching character "+macroName(c))
	return nil, kNone
}

// dispatchArg reads the decimal argument and the sub-character after a
// dispatching character; the argument is nil when there are no digits.
func (r *Reader) dispatchArg(start lisp.Pos, c rune) (lisp.Value, rune) {
	digits := ""
	for d, ok := r.peek(); ok && d >= '0' && d <= '9'; d, ok = r.peek() {
		r.next()
		digits += string(d)
	}
	sub, ok := r.next()
	if !ok {
		r.failEOF(start, "end of input after "+string(c))
	}
	var arg lisp.Value = lisp.Nil
	if digits != "" {
		n, err := strconv.ParseInt(digits, 10, 64)
		if err != nil {
			r.fail(start, "dispatch argument "+digits+" is too large")
		}
		arg = lisp.MakeInt(n)
	}
	return arg, sub
}

// ReadDelimited reads forms up to the character stop, which it consumes,
// and returns them as a list, as read-delimited-list does.
func (r *Reader) ReadDelimited(stop rune) (v lisp.Value, err error) {
	defer func() {
		if x := recover(); x != nil {
			f, ok := x.(failure)
			if !ok {
				panic(x)
			}
			v, err = nil, f.err
		}
	}()
	start := r.here()
	var items []lisp.Value
	for {
		if !r.skipSpace() {
			r.failEOF(start, "end of input before "+macroName(stop))
		}
		if r.at(stop) {
			r.next()
			return lisp.List(items...), nil
		}
		p := r.here()
		v, k := r.readAny()
		switch k {
		case kDot:
			r.fail(p, "dot in wrong place")
		case kValue:
			items = append(items, v)
		}
	}
}

// ReadConstruct reads the one construct that begins at the next rune, a
// macro character's: a form, or nothing for a comment. It is what a
// standard macro character's function does when a program calls it.
func (r *Reader) ReadConstruct() (v lisp.Value, ok bool, err error) {
	defer func() {
		if x := recover(); x != nil {
			f, isFailure := x.(failure)
			if !isFailure {
				panic(x)
			}
			v, ok, err = nil, false, f.err
		}
	}()
	c, more := r.peek()
	switch {
	case !more:
		r.failEOF(r.here(), "end of input")
	case r.isComment(c):
		r.next()
		for c, more := r.peek(); more && c != '\n'; c, more = r.peek() {
			r.next()
		}
		return nil, false, nil
	case r.atBlockComment(c):
		r.skipBlockComment()
		return nil, false, nil
	}
	p := r.here()
	v, k := r.readAny()
	switch k {
	case kDot:
		r.fail(p, "dot in wrong place")
	case kNone:
		return nil, false, nil
	}
	return v, true, nil
}

// macroStreams are the streams handed to macro functions now running,
// each with the reader that made it, so that a read from one inside the
// function goes on in that reader's context (Within).
var macroStreams sync.Map // *lisp.InputStream → *Reader

// Within makes r, about to read from s, read as part of the read that
// handed s to a macro function, if one did: inside its backquotes, as
// SBCL's dynamic backquote depth has it, and, for a recursive read
// (read's recursive-p), with its #n= labels and *read-suppress*.
func (r *Reader) Within(s *lisp.InputStream, recursive bool) {
	v, ok := macroStreams.Load(s)
	if !ok {
		return
	}
	outer := v.(*Reader)
	r.within = true
	r.backquote = outer.backquote
	if recursive {
		if outer.labels == nil {
			outer.labels = map[string]lisp.Value{}
		}
		r.labels, r.suppress = outer.labels, outer.suppress
	}
}
