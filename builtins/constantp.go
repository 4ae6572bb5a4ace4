package builtins

import (
	"strings"

	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
)

// constantp answers as SBCL's does: besides self-evaluating objects,
// quoted forms and constant names, SBCL calls a form constant when it is a
// call of a foldable function on constant arguments that returns without
// error ((+ 1 2), (car '(1)), not (list 1) or (car 1)), or an if, progn,
// block, unwind-protect, multiple-value-prog1 or the whose parts are.

func registerConstantp() {
	defun("constantp", "(form &optional environment)", "True if a form always evaluates to the same value, as SBCL judges it.",
		func(t *eval.Thread, a []lisp.Value) lisp.Value {
			if len(a) == 2 {
				environmentArg("constantp", a[1])
			}
			_, ok := constantValue(t, a[0], 0)
			return lisp.Bool(ok)
		})
}

// maxConstantDepth bounds how deeply constantp looks into nested forms.
const maxConstantDepth = 1000

// constantValue returns the value form always has, and whether it is a
// constant form.
func constantValue(t *eval.Thread, form lisp.Value, depth int) (lisp.Value, bool) {
	if depth > maxConstantDepth {
		return nil, false
	}
	switch x := form.(type) {
	case *lisp.Symbol:
		if x.Keyword || x == lisp.Nil || x == lisp.T {
			return x, true
		}
		info := t.Interp().Describe(x)
		return info.Value, info.Constant
	case *lisp.Cons:
		return constantCall(t, x, depth)
	}
	return form, true
}

func constantCall(t *eval.Thread, form *lisp.Cons, depth int) (lisp.Value, bool) {
	head, ok := form.Car.(*lisp.Symbol)
	args, proper := formArguments(form)
	if !ok || !proper {
		return nil, false
	}
	all := func(forms []lisp.Value) (lisp.Value, bool) {
		var last lisp.Value = lisp.Nil
		for _, f := range forms {
			v, ok := constantValue(t, f, depth+1)
			if !ok {
				return nil, false
			}
			last = v
		}
		return last, true
	}
	switch head.Name {
	case "QUOTE":
		if len(args) != 1 {
			return nil, false
		}
		return args[0], true
	case "IF":
		if len(args) < 2 || len(args) > 3 {
			return nil, false
		}
		test, ok := constantValue(t, args[0], depth+1)
		if !ok {
			return nil, false
		}
		if lisp.Truthy(test) {
			return constantValue(t, args[1], depth+1)
		}
		if len(args) == 3 {
			return constantValue(t, args[2], depth+1)
		}
		return lisp.Nil, true
	case "PROGN", "UNWIND-PROTECT", "MULTIPLE-VALUE-PROG1":
		if head.Name != "PROGN" && len(args) == 0 {
			return nil, false
		}
		v, ok := all(args)
		if ok && head.Name != "PROGN" {
			v, _ = constantValue(t, args[0], depth+1)
		}
		return v, ok
	case "BLOCK":
		if len(args) == 0 {
			return nil, false
		}
		return all(args[1:])
	case "THE":
		if len(args) != 2 {
			return nil, false
		}
		v, ok := constantValue(t, args[1], depth+1)
		if !ok || !typepKnown(t, v, args[0]) {
			return nil, false
		}
		return v, true
	}
	if !foldable[head.Name] || t.Interp().Describe(head).Kind != "function" {
		return nil, false
	}
	values := make([]lisp.Value, len(args))
	for i, f := range args {
		v, ok := constantValue(t, f, depth+1)
		if !ok {
			return nil, false
		}
		values[i] = v
	}
	return foldCall(t, head, values)
}

// formArguments returns the arguments of a form, false when the form is
// a dotted list (a circular one is an error naming constantp).
func formArguments(form *lisp.Cons) ([]lisp.Value, bool) {
	var args []lisp.Value
	var cycle lisp.Cycle
	for x := form.Cdr; x != lisp.Value(lisp.Nil); {
		c, ok := x.(*lisp.Cons)
		if !ok {
			return nil, false
		}
		cycle.Visit("constantp", c)
		args = append(args, c.Car)
		x = c.Cdr
	}
	return args, true
}

// foldCall calls fn on constant arguments; an error makes the form not
// constant, as SBCL then declines to fold it. Only errors are caught: a
// limit or a cancellation still ends the cell.
func foldCall(t *eval.Thread, fn *lisp.Symbol, args []lisp.Value) (v lisp.Value, ok bool) {
	defer func() {
		if r := recover(); r != nil {
			c, isCondition := r.(*lisp.Condition)
			if !isCondition || !c.IsA(lisp.ClassError) {
				panic(r)
			}
			v, ok = nil, false
		}
	}()
	return t.Call(fn, args...), true
}

// foldable are the standard functions SBCL 2.2.9 folds on constant
// arguments, found by asking its constantp about a call of every function
// of the COMMON-LISP package on constant arguments of several shapes.
var foldable = namesOf("* + - / /= 1+ 1- < <= = > >= ABS ACOS ACOSH ADJUSTABLE-ARRAY-P ALPHA-CHAR-P ALPHANUMERICP AREF " +
	"ARRAY-DIMENSION ARRAY-DIMENSIONS ARRAY-ELEMENT-TYPE ARRAY-HAS-FILL-POINTER-P ARRAY-IN-BOUNDS-P ARRAY-RANK " +
	"ARRAY-ROW-MAJOR-INDEX ARRAY-TOTAL-SIZE ARRAYP ASH ASIN ASINH ASSOC ATAN ATANH ATOM BIT-VECTOR-P BOOLE " +
	"BOTH-CASE-P BYTE BYTE-POSITION BYTE-SIZE CAR CDR CAAR CADR CDAR CDDR CAAAR CAADR CADAR CADDR CDAAR CDADR CDDAR CDDDR " +
	"CAAAAR CAAADR CAADAR CAADDR CADAAR CADADR CADDAR CADDDR CDAAAR CDAADR CDADAR CDADDR CDDAAR CDDADR CDDDAR CDDDDR " +
	"CEILING CHAR CHAR-CODE CHAR-DOWNCASE CHAR-EQUAL CHAR-GREATERP CHAR-INT CHAR-LESSP CHAR-NAME CHAR-NOT-EQUAL " +
	"CHAR-NOT-GREATERP CHAR-NOT-LESSP CHAR-UPCASE CHAR/= CHAR< CHAR<= CHAR= CHAR> CHAR>= CHARACTER CHARACTERP CIS " +
	"CODE-CHAR COMPILED-FUNCTION-P COMPLEX COMPLEXP CONJUGATE CONSP CONSTANTP COS COSH COUNT DECODE-FLOAT DENOMINATOR " +
	"DIGIT-CHAR DIGIT-CHAR-P EIGHTH ELT ENDP EQ EQL EQUAL EQUALP EVENP EXP EXPT FCEILING FFLOOR FIFTH FIND FIRST FLOAT " +
	"FLOAT-DIGITS FLOAT-PRECISION FLOAT-RADIX FLOAT-SIGN FLOATP FLOOR FOURTH FROUND FTRUNCATE FUNCTIONP GCD " +
	"GET-PROPERTIES GETF GRAPHIC-CHAR-P HASH-TABLE-P IDENTITY IMAGPART INTEGER-DECODE-FLOAT INTEGER-LENGTH INTEGERP " +
	"INTERSECTION ISQRT LAST LCM LENGTH LIST-LENGTH LISTP LOG LOGAND LOGANDC1 LOGANDC2 LOGBITP LOGCOUNT LOGEQV LOGIOR " +
	"LOGNAND LOGNOR LOGNOT LOGORC1 LOGORC2 LOGTEST LOGXOR LOWER-CASE-P MAX MEMBER MIN MINUSP MISMATCH MOD NAME-CHAR " +
	"NINTERSECTION NINTH NOT NSET-DIFFERENCE NSET-EXCLUSIVE-OR NTH NTHCDR NULL NUMBERP NUMERATOR NUNION ODDP PACKAGEP " +
	"PHASE PLUSP POSITION RANDOM-STATE-P RASSOC RATIONAL RATIONALIZE RATIONALP READTABLEP REALP REALPART REM REST " +
	"ROUND ROW-MAJOR-AREF SCHAR SEARCH SECOND SET-DIFFERENCE SET-EXCLUSIVE-OR SEVENTH SIGNUM SIMPLE-BIT-VECTOR-P " +
	"SIMPLE-STRING-P SIMPLE-VECTOR-P SIN SINH SIXTH SPECIAL-OPERATOR-P SQRT STANDARD-CHAR-P STREAMP STRING-EQUAL " +
	"STRING-GREATERP STRING-LESSP STRING-NOT-EQUAL STRING-NOT-GREATERP STRING-NOT-LESSP STRING/= STRING< STRING<= " +
	"STRING= STRING> STRING>= STRINGP SUBSETP SVREF SXHASH SYMBOL-NAME SYMBOLP TAILP TAN TANH TENTH THIRD TREE-EQUAL " +
	"TRUNCATE TYPE-OF TYPEP UNION UPPER-CASE-P VALUES-LIST VECTORP ZEROP")

func namesOf(names string) map[string]bool {
	set := map[string]bool{}
	for _, n := range strings.Fields(names) {
		set[n] = true
	}
	return set
}
