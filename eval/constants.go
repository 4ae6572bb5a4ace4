package eval

import (
	"math"

	"github.com/nodelisp/nodelisp/lisp"
)

// The standard numeric and implementation-limit constants, with SBCL's
// values on 64-bit machines. Floats are all double-floats here, so the
// double- and long-float constants are defined and the single- and
// short-float ones are not (reading one is an unbound-variable error that
// names it, never a double passed off as a single).

const mostPositiveFixnum = 1<<62 - 1 // SBCL's, though nodelisp's fixnums are wider

var standardConstants = []struct {
	name  string
	value lisp.Value
}{
	{"PI", lisp.Float(math.Pi)},
	{"MOST-POSITIVE-FIXNUM", lisp.Fixnum(mostPositiveFixnum)},
	{"MOST-NEGATIVE-FIXNUM", lisp.Fixnum(-mostPositiveFixnum - 1)},
	{"DOUBLE-FLOAT-EPSILON", lisp.Float(1.1102230246251568e-16)},
	{"DOUBLE-FLOAT-NEGATIVE-EPSILON", lisp.Float(5.551115123125784e-17)},
	{"LONG-FLOAT-EPSILON", lisp.Float(1.1102230246251568e-16)},
	{"LONG-FLOAT-NEGATIVE-EPSILON", lisp.Float(5.551115123125784e-17)},
	{"MOST-POSITIVE-DOUBLE-FLOAT", lisp.Float(math.MaxFloat64)},
	{"MOST-NEGATIVE-DOUBLE-FLOAT", lisp.Float(-math.MaxFloat64)},
	{"MOST-POSITIVE-LONG-FLOAT", lisp.Float(math.MaxFloat64)},
	{"MOST-NEGATIVE-LONG-FLOAT", lisp.Float(-math.MaxFloat64)},
	{"LEAST-POSITIVE-DOUBLE-FLOAT", lisp.Float(math.SmallestNonzeroFloat64)},
	{"LEAST-NEGATIVE-DOUBLE-FLOAT", lisp.Float(-math.SmallestNonzeroFloat64)},
	{"LEAST-POSITIVE-NORMALIZED-DOUBLE-FLOAT", lisp.Float(2.2250738585072014e-308)},
	{"LEAST-NEGATIVE-NORMALIZED-DOUBLE-FLOAT", lisp.Float(-2.2250738585072014e-308)},
	{"CALL-ARGUMENTS-LIMIT", lisp.Fixnum(mostPositiveFixnum)},
	{"LAMBDA-PARAMETERS-LIMIT", lisp.Fixnum(mostPositiveFixnum)},
	{"MULTIPLE-VALUES-LIMIT", lisp.Fixnum(mostPositiveFixnum)},
	{"ARRAY-DIMENSION-LIMIT", lisp.Fixnum(mostPositiveFixnum - 2)},
	{"ARRAY-TOTAL-SIZE-LIMIT", lisp.Fixnum(mostPositiveFixnum - 2)},
	{"ARRAY-RANK-LIMIT", lisp.Fixnum(129)},
	{"CHAR-CODE-LIMIT", lisp.Fixnum(1114112)},
	{"INTERNAL-TIME-UNITS-PER-SECOND", lisp.Fixnum(1000000)},
}

func (in *Interp) defineConstants() {
	for _, k := range standardConstants {
		c := in.cell(lisp.Intern(k.name))
		c.value, c.constant = k.value, true
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
