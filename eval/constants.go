package eval

import (
	"fmt"
	"math"

	"github.com/nodelisp/nodelisp/lisp"
)

// The standard numeric and implementation-limit constants, with SBCL's
// values on 64-bit machines. nodelisp has one float format, a double,
// which CLHS 12.1.4.1 makes every float type at once: the short-, single-
// and long-float constants are the double-float ones.

const mostPositiveFixnum = 1<<62 - 1 // SBCL's, though nodelisp's fixnums are wider

var standardConstants = []struct {
	name  string
	value lisp.Value
}{
	{"PI", lisp.Float(math.Pi)},
	{"MOST-POSITIVE-FIXNUM", lisp.Fixnum(mostPositiveFixnum)},
	{"MOST-NEGATIVE-FIXNUM", lisp.Fixnum(-mostPositiveFixnum - 1)},
	{"CALL-ARGUMENTS-LIMIT", lisp.Fixnum(mostPositiveFixnum)},
	{"LAMBDA-PARAMETERS-LIMIT", lisp.Fixnum(mostPositiveFixnum)},
	{"MULTIPLE-VALUES-LIMIT", lisp.Fixnum(mostPositiveFixnum)},
	{"ARRAY-DIMENSION-LIMIT", lisp.Fixnum(mostPositiveFixnum - 2)},
	{"ARRAY-TOTAL-SIZE-LIMIT", lisp.Fixnum(mostPositiveFixnum - 2)},
	{"ARRAY-RANK-LIMIT", lisp.Fixnum(129)},
	{"CHAR-CODE-LIMIT", lisp.Fixnum(1114112)},
	{"INTERNAL-TIME-UNITS-PER-SECOND", lisp.Fixnum(1000000)},
}

// floatConstants are the limits of the one float format, each defined
// once per float type name (short, single, double, long).
var floatConstants = []struct {
	pattern string // with %s for the float type name
	value   float64
}{
	{"%s-FLOAT-EPSILON", 1.1102230246251568e-16},
	{"%s-FLOAT-NEGATIVE-EPSILON", 5.551115123125784e-17},
	{"MOST-POSITIVE-%s-FLOAT", math.MaxFloat64},
	{"MOST-NEGATIVE-%s-FLOAT", -math.MaxFloat64},
	{"LEAST-POSITIVE-%s-FLOAT", math.SmallestNonzeroFloat64},
	{"LEAST-NEGATIVE-%s-FLOAT", -math.SmallestNonzeroFloat64},
	{"LEAST-POSITIVE-NORMALIZED-%s-FLOAT", 2.2250738585072014e-308},
	{"LEAST-NEGATIVE-NORMALIZED-%s-FLOAT", -2.2250738585072014e-308},
}

// standardVariables are the standard variables of facilities nodelisp
// leaves out (compiling files, loading, the debugger, modules), bound to
// SBCL's defaults so a program can read and bind them; setting them
// changes nothing in nodelisp. *features* lists the features #+ and #-
// know, which the reader keeps itself (pushing to it adds none).
var standardVariables = []struct {
	name  string
	value func() lisp.Value
}{
	{"*BREAK-ON-SIGNALS*", nil}, {"*DEBUGGER-HOOK*", nil},
	{"*COMPILE-FILE-PATHNAME*", nil}, {"*COMPILE-FILE-TRUENAME*", nil},
	{"*COMPILE-PRINT*", nil}, {"*COMPILE-VERBOSE*", nil},
	{"*LOAD-PATHNAME*", nil}, {"*LOAD-TRUENAME*", nil}, {"*LOAD-PRINT*", nil}, {"*LOAD-VERBOSE*", nil},
	// A bare image's files are nowhere; a session sets the working
	// directory's pathname.
	{"*DEFAULT-PATHNAME-DEFAULTS*", func() lisp.Value { return lisp.ParseNamestring("") }},
	{"*MACROEXPAND-HOOK*", func() lisp.Value { return lisp.Intern("FUNCALL") }},
	{"*FEATURES*", func() lisp.Value { return lisp.List(lisp.Sym(":nodelisp"), lisp.Sym(":common-lisp")) }},
}

// stateVariables are standard variables the library's functions consult
// and change: gensym names its symbols from *gensym-counter* and counts
// it up; random draws from the random state in *random-state*; provide
// and require keep *modules*. Every fresh image starts with the same
// random state, as every SBCL does, so the same program draws the same
// numbers, and an image a session restores starts where the recorded one
// did ((make-random-state t) gives a state seeded afresh).
var stateVariables = []struct {
	name  string
	value func() lisp.Value
}{
	{"*GENSYM-COUNTER*", func() lisp.Value { return lisp.Fixnum(1) }},
	{"*RANDOM-STATE*", func() lisp.Value { return lisp.NewRandomState(initialRandomWords[0], initialRandomWords[1]) }},
	{"*MODULES*", nil},
}

// initialRandomWords are the generator words of a fresh image's
// *random-state*: any fixed pair would do.
var initialRandomWords = [2]uint64{0x6e6f64656c697370, 0x72616e646f6d2121}

// lambdaListKeywords is the value of lambda-list-keywords: those nodelisp's
// lambda lists take.
var lambdaListKeywords = []string{"&OPTIONAL", "&REST", "&KEY", "&ALLOW-OTHER-KEYS", "&AUX", "&BODY", "&WHOLE", "&ENVIRONMENT"}

func (in *Interp) defineConstants() {
	kws := make([]lisp.Value, len(lambdaListKeywords))
	for i, k := range lambdaListKeywords {
		kws[i] = lisp.Intern(k)
	}
	c := in.cell(lisp.Intern("LAMBDA-LIST-KEYWORDS"))
	c.value, c.constant = lisp.List(kws...), true
	for _, v := range append(stateVariables, standardVariables...) {
		c := in.cell(lisp.Intern(v.name))
		if c.value != nil {
			continue // defined elsewhere, with its meaning
		}
		c.value, c.special = lisp.Nil, true
		if v.value != nil {
			c.value = v.value()
		}
	}
	for _, k := range standardConstants {
		c := in.cell(lisp.Intern(k.name))
		c.value, c.constant = k.value, true
	}
	for _, format := range []string{"SHORT", "SINGLE", "DOUBLE", "LONG"} {
		for _, k := range floatConstants {
			c := in.cell(lisp.Intern(fmt.Sprintf(k.pattern, format)))
			c.value, c.constant = lisp.Float(k.value), true
		}
	}
}

// DefineConstant makes name a constant of the image with value v, as
// (defconstant name v) would; the library defines its own constants with
// it.
func (in *Interp) DefineConstant(name string, v lisp.Value) {
	c := in.cell(lisp.Sym(name))
	c.value = v
	c.constant = true
}
