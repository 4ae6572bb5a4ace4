package builtins

// subtypep over the standard type names. The atomic names form a lattice
// (each name's direct supertypes below); integer types are compared as
// ranges; array types by their parts (types_subtypep_arrays.go); or, and,
// member and eql are taken apart. Where the answer would
// need reasoning this does not do (not, satisfies, unions that cover a
// type, types of structures and classes), subtypep returns nil and nil, as
// CL allows: "not known", never a wrong "no".

import (
	"math/big"

	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
)

func registerTypesSubtypep() {
	defun("subtypep", "(type-1 type-2 &optional environment)", "Return whether type-1 is a subtype of type-2 and whether that answer is certain: t t, nil t, or nil nil when nodelisp cannot tell.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		sub, sure := subtypep(t, args[0], args[1])
		return t.Values(lisp.Bool(sub), lisp.Bool(sure))
	})
}

// typeParents are the direct supertypes of each standard atomic type name.
// Every name here has an object outside each type that is not one of its
// ancestors, so "not an ancestor" means "certainly not a subtype".
var typeParents = map[string][]string{
	"ATOM": {"T"}, "SEQUENCE": {"T"},
	"CONS": {"LIST"}, "LIST": {"SEQUENCE"}, "NULL": {"SYMBOL", "LIST", "BOOLEAN"},
	"SYMBOL": {"ATOM"}, "KEYWORD": {"SYMBOL"}, "BOOLEAN": {"SYMBOL"},
	"NUMBER": {"ATOM"}, "REAL": {"NUMBER"}, "COMPLEX": {"NUMBER"},
	"RATIONAL": {"REAL"}, "FLOAT": {"REAL"}, "INTEGER": {"RATIONAL"}, "RATIO": {"RATIONAL"},
	"SIGNED-BYTE": {"INTEGER"}, "UNSIGNED-BYTE": {"SIGNED-BYTE"}, "FIXNUM": {"SIGNED-BYTE"},
	"BIGNUM": {"SIGNED-BYTE"}, "BIT": {"UNSIGNED-BYTE", "FIXNUM"},
	"CHARACTER": {"ATOM"}, "BASE-CHAR": {"CHARACTER"}, "STANDARD-CHAR": {"BASE-CHAR"}, "EXTENDED-CHAR": {"CHARACTER"},
	"ARRAY": {"ATOM"}, "SIMPLE-ARRAY": {"ARRAY"}, "VECTOR": {"ARRAY", "SEQUENCE"},
	"SIMPLE-VECTOR": {"VECTOR", "SIMPLE-ARRAY"}, "STRING": {"VECTOR"},
	"SIMPLE-STRING": {"STRING", "SIMPLE-ARRAY"}, "BASE-STRING": {"STRING"},
	"SIMPLE-BASE-STRING": {"BASE-STRING", "SIMPLE-STRING"}, "BIT-VECTOR": {"VECTOR"},
	"SIMPLE-BIT-VECTOR": {"BIT-VECTOR", "SIMPLE-ARRAY"},
	"HASH-TABLE":        {"ATOM"}, "FUNCTION": {"ATOM"}, "COMPILED-FUNCTION": {"FUNCTION"},
	"STREAM": {"ATOM"}, "STRING-STREAM": {"STREAM"}, "PACKAGE": {"ATOM"}, "PATHNAME": {"ATOM"},
	"RANDOM-STATE": {"ATOM"}, "READTABLE": {"ATOM"}, "CONDITION": {"ATOM"}, "RESTART": {"ATOM"},
	"LOGICAL-PATHNAME": {"PATHNAME"},
	"BROADCAST-STREAM": {"STREAM"}, "CONCATENATED-STREAM": {"STREAM"}, "ECHO-STREAM": {"STREAM"},
	"FILE-STREAM": {"STREAM"}, "SYNONYM-STREAM": {"STREAM"}, "TWO-WAY-STREAM": {"STREAM"},
	// The classes of the object system (CLHS 4.3.7's table); a generic
	// function is a funcallable standard object, as in SBCL.
	"STANDARD-OBJECT": {"ATOM"}, "STRUCTURE-OBJECT": {"ATOM"},
	"GENERIC-FUNCTION": {"FUNCTION", "STANDARD-OBJECT"}, "STANDARD-GENERIC-FUNCTION": {"GENERIC-FUNCTION"},
	"CLASS": {"STANDARD-OBJECT"}, "BUILT-IN-CLASS": {"CLASS"}, "STRUCTURE-CLASS": {"CLASS"}, "STANDARD-CLASS": {"CLASS"},
	"METHOD": {"STANDARD-OBJECT"}, "STANDARD-METHOD": {"METHOD"}, "METHOD-COMBINATION": {"STANDARD-OBJECT"},
}

// typeAliases are names of the same type as another: SBCL's signed-byte
// is integer, and nodelisp's one float format makes the four float types
// one (CLHS 12.1.4.1).
var typeAliases = map[string]string{
	"SIGNED-BYTE": "INTEGER",
	"SHORT-FLOAT": "FLOAT", "SINGLE-FLOAT": "FLOAT", "DOUBLE-FLOAT": "FLOAT", "LONG-FLOAT": "FLOAT",
}

// subtypep answers (subtypep a b): whether a is a subtype of b, and
// whether that is certain.
func subtypep(t *eval.Thread, a, b lisp.Value) (sub, sure bool) {
	if a == lisp.Value(lisp.Nil) || b == lisp.Value(lisp.T) {
		return true, true
	}
	// A type a deftype defines is its expansion.
	a, _ = userTypeExpansion(t, a)
	b, _ = userTypeExpansion(t, b)
	if a == lisp.Value(lisp.Nil) || b == lisp.Value(lisp.T) {
		return true, true
	}
	a, b = subtypepClassNamed(a), subtypepClassNamed(b)
	a, b = canonicalCompound(a), canonicalCompound(b)
	if lisp.Equal(a, b) {
		return true, true
	}
	if sub, sure, done := subtypepConses(t, a, b); done {
		return sub, sure
	}
	if sub, sure, done := subtypepClasses(t, a, b); done {
		return sub, sure
	}
	if ca, ok := a.(*lisp.Cons); ok {
		if sub, sure, done := subtypepCompoundLeft(t, ca, b); done {
			return sub, sure
		}
	}
	if cb, ok := b.(*lisp.Cons); ok {
		if sub, sure, done := subtypepCompoundRight(t, a, cb); done {
			return sub, sure
		}
	}
	if sub, sure, done := subtypepArrays(t, a, b); done {
		return sub, sure
	}
	if ra, ok := intRange(a); ok {
		if rb, ok := intRange(b); ok {
			return ra.within(rb), true
		}
	}
	if ra, ok := realRange(a); ok {
		if rb, ok := realRange(b); ok {
			return ra.within(rb), true
		}
	}
	if sub, sure, done := subtypepDisjoint(t, a, b); done {
		return sub, sure
	}
	na, oka := atomicTypeName(t, a)
	nb, okb := atomicTypeName(t, b)
	if ca, ok := a.(*lisp.Cons); ok && okb {
		// (vector t 5) is a vector: a compound type is within its head's.
		if head, ok := ca.Car.(*lisp.Symbol); ok {
			if hn, ok := atomicTypeName(t, head); ok && typeAncestor(t, hn, nb) {
				return true, true
			}
		}
		return false, false
	}
	if !oka || !okb {
		return false, false
	}
	if typeAncestor(t, na, nb) {
		return true, true
	}
	return false, true
}

// subtypepCompoundLeft handles a left side of or, and, member or eql;
// done is false for any other.
func subtypepCompoundLeft(t *eval.Thread, a *lisp.Cons, b lisp.Value) (sub, sure, done bool) {
	head, _ := a.Car.(*lisp.Symbol)
	if head == nil {
		return false, false, false
	}
	params := lisp.ListToSlice("subtypep", a.Cdr)
	switch head.Name {
	case "OR":
		for _, p := range params {
			s, c := subtypep(t, p, b)
			if !s {
				if !c {
					return false, false, true
				}
				return false, true, true
			}
		}
		return true, true, true
	case "AND":
		for _, p := range params {
			if s, _ := subtypep(t, p, b); s {
				return true, true, true
			}
		}
		// (and x (not y)) with x within y has no object.
		for _, n := range params {
			if nc, ok := n.(*lisp.Cons); ok && nc.Car == lisp.Value(lisp.Intern("NOT")) {
				for _, p := range params {
					if s, _ := subtypep(t, p, lisp.Car(nc.Cdr)); s && p != n {
						return true, true, true
					}
				}
			}
		}
		return false, false, true
	case "MEMBER", "EQL":
		if head.Name == "EQL" && len(params) != 1 {
			return false, false, false
		}
		if _, ok := b.(*lisp.Cons); !ok {
			if _, known := atomicTypeName(t, b); !known {
				return false, false, true
			}
		}
		// A type typep cannot test leaves the answer unknown, never a
		// certain no.
		for _, p := range params {
			is, known := typepTested(t, p, b)
			if !known {
				return false, false, true
			}
			if !is {
				return false, true, true
			}
		}
		return true, true, true
	}
	return false, false, false
}

// subtypepCompoundRight handles a right side of or and and.
func subtypepCompoundRight(t *eval.Thread, a lisp.Value, b *lisp.Cons) (sub, sure, done bool) {
	head, _ := b.Car.(*lisp.Symbol)
	if head == nil {
		return false, false, false
	}
	params := lisp.ListToSlice("subtypep", b.Cdr)
	switch head.Name {
	case "OR":
		for _, p := range params {
			if s, _ := subtypep(t, a, p); s {
				return true, true, true
			}
		}
		return false, false, true
	case "AND":
		for _, p := range params {
			s, c := subtypep(t, a, p)
			if !s {
				return false, c, true
			}
		}
		return true, true, true
	case "NOT", "SATISFIES":
		return false, false, true
	}
	return false, false, false
}

// typepKnown is typep, false when the type cannot be tested.
func typepKnown(t *eval.Thread, v, spec lisp.Value) bool {
	is, _ := typepTested(t, v, spec)
	return is
}

// typepTested is typep; known is false when the type cannot be tested
// (typep signals for it).
func typepTested(t *eval.Thread, v, spec lisp.Value) (is, known bool) {
	defer func() {
		if recover() != nil {
			is, known = false, false
		}
	}()
	return predTypep(t, v, spec), true
}

// atomicTypeName returns the lattice name of a type symbol, or a
// condition class; false for anything else.
func atomicTypeName(t *eval.Thread, v lisp.Value) (string, bool) {
	s, ok := v.(*lisp.Symbol)
	if !ok || s.Keyword {
		return "", false
	}
	name := s.Name
	if alias, ok := typeAliases[name]; ok {
		name = alias
	}
	if _, ok := typeParents[name]; ok || name == "T" {
		return name, true
	}
	if lisp.IsConditionClassIn(t.ConditionClasses(), s) {
		return name, true
	}
	return "", false
}

// typeAncestor reports whether b is a or one of a's supertypes.
func typeAncestor(t *eval.Thread, a, b string) bool {
	if a == b || b == "T" {
		return true
	}
	if a == "T" {
		return false
	}
	if ps, ok := typeParents[a]; ok {
		for _, p := range ps {
			if typeAncestor(t, p, b) {
				return true
			}
		}
		return false
	}
	// a is a condition class.
	if b == "ATOM" || b == "CONDITION" {
		return true
	}
	user := t.ConditionClasses()
	if !lisp.IsConditionClassIn(user, lisp.Intern(b)) {
		return false
	}
	return lisp.SubclassOfIn(user, lisp.Intern(a), lisp.Intern(b))
}

// intSet is an integer range; a nil bound is unbounded.
type intSet struct{ lo, hi *big.Int }

func (r intSet) within(s intSet) bool {
	if r.lo != nil && r.hi != nil && r.lo.Cmp(r.hi) > 0 {
		return true // empty
	}
	if s.lo != nil && (r.lo == nil || r.lo.Cmp(s.lo) < 0) {
		return false
	}
	if s.hi != nil && (r.hi == nil || r.hi.Cmp(s.hi) > 0) {
		return false
	}
	return true
}

// typeSpecParts splits a type specifier into its name and parameters: a
// symbol is a name alone, (name param…) a name with parameters; false for
// anything else.
func typeSpecParts(spec lisp.Value) (name string, params []lisp.Value, ok bool) {
	switch s := spec.(type) {
	case *lisp.Symbol:
		return s.Name, nil, true
	case *lisp.Cons:
		h, ok := s.Car.(*lisp.Symbol)
		if !ok || !lisp.IsList(s.Cdr) {
			return "", nil, false
		}
		return h.Name, lisp.ListToSlice("subtypep", s.Cdr), true
	}
	return "", nil, false
}

// intRange reads the integer types as ranges: integer, fixnum, bit,
// unsigned-byte, signed-byte, mod and (integer lo hi).
func intRange(spec lisp.Value) (intSet, bool) {
	pow := func(n int64) *big.Int { return new(big.Int).Lsh(big.NewInt(1), uint(n)) }
	name, params, ok := typeSpecParts(spec)
	if !ok {
		return intSet{}, false
	}
	switch name {
	case "INTEGER":
		if len(params) == 0 {
			return intSet{}, true
		}
		lo, ok1 := intBound(params[0], 1)
		hi := (*big.Int)(nil)
		ok2 := true
		if len(params) > 1 {
			hi, ok2 = intBound(params[1], -1)
		}
		return intSet{lo, hi}, ok1 && ok2 && len(params) <= 2
	case "FIXNUM":
		return intSet{big.NewInt(predMostNegativeFixnum), big.NewInt(predMostPositiveFixnum)}, len(params) == 0
	case "BIT":
		return intSet{big.NewInt(0), big.NewInt(1)}, len(params) == 0
	case "UNSIGNED-BYTE", "SIGNED-BYTE", "MOD":
		if len(params) == 0 || params[0] == lisp.Value(predSymStar) {
			if name == "UNSIGNED-BYTE" {
				return intSet{lo: big.NewInt(0)}, len(params) <= 1
			}
			return intSet{}, name == "SIGNED-BYTE"
		}
		n, ok := params[0].(lisp.Fixnum)
		if !ok || n < 0 || n > 1<<20 || len(params) > 1 {
			return intSet{}, false
		}
		switch name {
		case "UNSIGNED-BYTE":
			return intSet{big.NewInt(0), new(big.Int).Sub(pow(int64(n)), big.NewInt(1))}, true
		case "MOD":
			return intSet{big.NewInt(0), new(big.Int).Sub(big.NewInt(int64(n)), big.NewInt(1))}, n > 0
		}
		if n == 0 {
			return intSet{}, false
		}
		m := pow(int64(n) - 1)
		return intSet{new(big.Int).Neg(m), new(big.Int).Sub(m, big.NewInt(1))}, true
	}
	return intSet{}, false
}

// intBound reads one bound of (integer lo hi): * for none, an integer, or
// (n) for the exclusive bound n, moved inwards by step.
func intBound(v lisp.Value, step int64) (*big.Int, bool) {
	if v == lisp.Value(predSymStar) {
		return nil, true
	}
	if c, ok := v.(*lisp.Cons); ok && c.Cdr == lisp.Value(lisp.Nil) && lisp.IsInteger(c.Car) {
		return new(big.Int).Add(lisp.ToBig(c.Car), big.NewInt(step)), true
	}
	if lisp.IsInteger(v) {
		return lisp.ToBig(v), true
	}
	return nil, false
}
