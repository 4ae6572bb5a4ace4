package builtins

// Type predicates (null, consp, numberp, …), the four equality predicates,
// typep over nodelisp's type specifiers, and type-of with SBCL's answers.

import (
	"math/big"
	"strings"

	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
	"github.com/nodelisp/nodelisp/reader"
)

// SBCL's fixnums are 62-bit; typep and type-of use its range so that
// programs see the same answers as under SBCL.
const (
	predMostPositiveFixnum = 1<<62 - 1
	predMostNegativeFixnum = -(1 << 62)
)

func registerPredicates() {
	predFn("null", "True if the object is nil.", func(v lisp.Value) bool { return v == lisp.Value(lisp.Nil) })
	predFn("not", "True if the object is nil (false).", func(v lisp.Value) bool { return v == lisp.Value(lisp.Nil) })
	predFn("atom", "True if the object is not a cons.", func(v lisp.Value) bool { _, ok := v.(*lisp.Cons); return !ok })
	predFn("consp", "True if the object is a cons.", func(v lisp.Value) bool { _, ok := v.(*lisp.Cons); return ok })
	predFn("listp", "True if the object is a cons or nil.", lisp.IsList)
	predFn("numberp", "True if the object is a number.", lisp.IsNumber)
	predFn("realp", "True if the object is a real number.", lisp.IsReal)
	predFn("integerp", "True if the object is an integer.", lisp.IsInteger)
	predFn("rationalp", "True if the object is an integer or a ratio.", lisp.IsRational)
	predFn("floatp", "True if the object is a float.", func(v lisp.Value) bool { _, ok := v.(lisp.Float); return ok })
	predFn("complexp", "True if the object is a complex number.", func(v lisp.Value) bool { _, ok := v.(*lisp.Complex); return ok })
	predFn("stringp", "True if the object is a string.", func(v lisp.Value) bool { _, ok := v.(*lisp.String); return ok })
	predFn("simple-string-p", "True if the object is a string with neither fill pointer nor adjustable flag.", predSimpleString)
	predFn("symbolp", "True if the object is a symbol (nil and keywords included).", func(v lisp.Value) bool { _, ok := v.(*lisp.Symbol); return ok })
	predFn("keywordp", "True if the object is a keyword.", func(v lisp.Value) bool { s, ok := v.(*lisp.Symbol); return ok && s.Keyword })
	predFn("characterp", "True if the object is a character.", func(v lisp.Value) bool { _, ok := v.(lisp.Char); return ok })
	predFn("vectorp", "True if the object is a vector (strings included).", predVector)
	predFn("arrayp", "True if the object is an array (a vector, string, bit vector or array of another rank).", predArray)
	predFn("simple-vector-p", "True if the object is a vector without fill pointer that is not a string.", predSimpleVector)
	predFn("hash-table-p", "True if the object is a hash table.", func(v lisp.Value) bool { _, ok := v.(*lisp.HashTable); return ok })

	predEquality("eq", "True if the two objects are the same object.", lisp.Eq)
	predEquality("eql", "True if the objects are eq, or numbers of the same type and value, or the same character.", lisp.Eql)
	predEquality("equal", "True if the objects are eql, strings of the same characters, or conses with equal cars and cdrs.", lisp.Equal)
	predEquality("equalp", "As equal, but ignoring case, comparing numbers with =, and descending into vectors and hash tables.", lisp.Equalp)

	defun("typep", "(object type-specifier &optional environment)", "True if the object is of the given type.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		return lisp.Bool(predTypep(t, args[0], args[1]))
	})
	defun("type-of", "(object)", "Return a type specifier for the object's type, as SBCL names it.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		if v, ok := classTypeOf(t, args[0]); ok {
			return v
		}
		return predTypeOf(args[0])
	})
}

func predFn(name, doc string, p func(lisp.Value) bool) {
	defun(name, "(object)", doc, func(t *eval.Thread, args []lisp.Value) lisp.Value {
		return lisp.Bool(p(args[0]))
	})
}

func predEquality(name, doc string, p func(a, b lisp.Value) bool) {
	defun(name, "(x y)", doc, func(t *eval.Thread, args []lisp.Value) lisp.Value {
		return lisp.Bool(p(args[0], args[1]))
	})
}

func predVector(v lisp.Value) bool {
	switch v.(type) {
	case *lisp.Vector, *lisp.String:
		return true
	}
	return false
}

func predSimpleVector(v lisp.Value) bool {
	x, ok := v.(*lisp.Vector)
	return ok && !x.FillPointer && !x.Adjustable && !x.Bits && x.DisplacedTo == nil
}

// predSimpleString is true of a string with neither fill pointer nor
// the adjustable flag.
func predSimpleString(v lisp.Value) bool {
	s, ok := v.(*lisp.String)
	return ok && !s.Shape().FillPointer && !s.Shape().Adjustable && s.Shape().DisplacedTo == nil
}

// predSimpleArray is true of an array that is neither displaced,
// adjustable nor fill-pointered.
func predSimpleArray(v lisp.Value) bool {
	switch x := v.(type) {
	case *lisp.Vector:
		return !x.FillPointer && !x.Adjustable && x.DisplacedTo == nil
	case *lisp.String:
		return predSimpleString(v)
	}
	a, ok := v.(*lisp.Array)
	return ok && a.DisplacedTo == nil
}

func predFixnumRange(v lisp.Value) bool {
	n, ok := v.(lisp.Fixnum)
	return ok && n >= predMostNegativeFixnum && n <= predMostPositiveFixnum
}

var predSymStar = lisp.Intern("*")

// predTypep reports whether v is of type spec.
func predTypep(t *eval.Thread, v lisp.Value, spec lisp.Value) bool {
	if c, ok := spec.(*lisp.Class); ok && c.Name != nil {
		// A class is a type specifier: the type of its instances. A
		// structure or standard class its name no longer names ((setf
		// find-class) nil) is asked directly.
		if c.Kind == lisp.StructureClass || c.Kind == lisp.StandardClass {
			if closOf(t).classes[c.Name] != c {
				x, ok := v.(*lisp.Instance)
				return ok && closOf(t).resolve(t, x).Class.IsSubclassOf(c)
			}
		}
		spec = c.Name
	}
	if exp, ok := userTypeExpansion(t, spec); ok {
		spec = exp
	}
	switch s := spec.(type) {
	case *lisp.Symbol:
		return predAtomicType(t, v, s)
	case *lisp.Cons:
		head, ok := s.Car.(*lisp.Symbol)
		if !ok {
			break
		}
		params := lisp.ListToSlice("typep", s.Cdr)
		return predCompoundType(t, v, head, params, spec)
	}
	lisp.Errorf("typep: unknown type specifier: %s", lisp.Prin1ToString(spec))
	return false
}

func predAtomicType(t *eval.Thread, v lisp.Value, s *lisp.Symbol) bool {
	switch s.Name {
	case "T":
		return true
	case "NIL":
		return false
	case "ATOM":
		_, ok := v.(*lisp.Cons)
		return !ok
	case "NULL":
		return v == lisp.Value(lisp.Nil)
	case "CONS":
		_, ok := v.(*lisp.Cons)
		return ok
	case "LIST":
		return lisp.IsList(v)
	case "SEQUENCE":
		return lisp.IsList(v) || predVector(v)
	case "NUMBER":
		return lisp.IsNumber(v)
	case "REAL":
		return lisp.IsReal(v)
	case "COMPLEX":
		_, ok := v.(*lisp.Complex)
		return ok
	case "INTEGER", "SIGNED-BYTE":
		return lisp.IsInteger(v)
	case "UNSIGNED-BYTE":
		return lisp.IsInteger(v) && lisp.Sign("typep", v) >= 0
	case "BIT":
		return v == lisp.Value(lisp.Fixnum(0)) || v == lisp.Value(lisp.Fixnum(1))
	case "FIXNUM":
		return predFixnumRange(v)
	case "BIGNUM":
		return lisp.IsInteger(v) && !predFixnumRange(v)
	case "RATIO":
		_, ok := v.(*big.Rat)
		return ok
	case "RATIONAL":
		return lisp.IsRational(v)
	case "FLOAT", "SHORT-FLOAT", "SINGLE-FLOAT", "DOUBLE-FLOAT", "LONG-FLOAT":
		// nodelisp has one float format, so each of its floats is of all
		// four float types at once, as CLHS 12.1.4.1 has it.
		_, ok := v.(lisp.Float)
		return ok
	case "STRING", "BASE-STRING":
		_, ok := v.(*lisp.String)
		return ok
	case "SIMPLE-STRING", "SIMPLE-BASE-STRING":
		return predSimpleString(v)
	case "SYMBOL":
		_, ok := v.(*lisp.Symbol)
		return ok
	case "KEYWORD":
		sym, ok := v.(*lisp.Symbol)
		return ok && sym.Keyword
	case "BOOLEAN":
		return v == lisp.Value(lisp.Nil) || v == lisp.Value(lisp.T)
	case "CHARACTER":
		_, ok := v.(lisp.Char)
		return ok
	case "BASE-CHAR":
		c, ok := v.(lisp.Char)
		return ok && c < 128
	case "STANDARD-CHAR":
		c, ok := v.(lisp.Char)
		return ok && predStandardChar(c)
	case "EXTENDED-CHAR":
		c, ok := v.(lisp.Char)
		return ok && c >= 128
	case "VECTOR":
		return predVector(v)
	case "ARRAY":
		return predArray(v)
	case "SIMPLE-ARRAY":
		return predSimpleArray(v)
	case "BIT-VECTOR", "SIMPLE-BIT-VECTOR":
		return predBitVector(v)
	case "SIMPLE-VECTOR":
		return predSimpleVector(v)
	case "HASH-TABLE":
		_, ok := v.(*lisp.HashTable)
		return ok
	case "RANDOM-STATE":
		_, ok := v.(*lisp.RandomState)
		return ok
	case "FUNCTION", "COMPILED-FUNCTION":
		_, ok := v.(lisp.Function)
		return ok
	case "STREAM":
		return isStream(v)
	case "STRING-STREAM", "FILE-STREAM", "ECHO-STREAM", "BROADCAST-STREAM", "CONCATENATED-STREAM", "SYNONYM-STREAM", "TWO-WAY-STREAM":
		return streamClassName(v) == s.Name
	case "PACKAGE":
		_, ok := v.(*lisp.Package)
		return ok
	case "RESTART":
		_, ok := v.(*lisp.Restart)
		return ok
	case "PATHNAME":
		_, ok := v.(*lisp.Pathname)
		return ok
	case "LOGICAL-PATHNAME":
		p, ok := v.(*lisp.Pathname)
		return ok && p.Logical
	case "READTABLE":
		_, ok := v.(*reader.Readtable)
		return ok
	case "PPRINT-DISPATCH-TABLE":
		// nodelisp's name for the type of *print-pprint-dispatch*'s
		// values (SBCL's is in its own SB-PRETTY package).
		_, ok := v.(*lisp.PprintTable)
		return ok
	}
	if is, known := classTypep(t, v, s); known {
		return is
	}
	if lisp.IsConditionClassIn(t.ConditionClasses(), s) {
		c, ok := v.(*lisp.Condition)
		return ok && c.IsA(s)
	}
	lisp.Errorf("typep: unknown type specifier: %s", lisp.Prin1ToString(s))
	return false
}

func predStandardChar(c lisp.Char) bool {
	return c == '\n' || (c >= ' ' && c <= '~')
}

func predCompoundType(t *eval.Thread, v lisp.Value, head *lisp.Symbol, params []lisp.Value, spec lisp.Value) bool {
	switch head.Name {
	case "OR":
		for _, p := range params {
			if predTypep(t, v, p) {
				return true
			}
		}
		return false
	case "AND":
		for _, p := range params {
			if !predTypep(t, v, p) {
				return false
			}
		}
		return true
	case "NOT":
		if len(params) == 1 {
			return !predTypep(t, v, params[0])
		}
	case "MEMBER":
		for _, p := range params {
			if lisp.Eql(v, p) {
				return true
			}
		}
		return false
	case "EQL":
		if len(params) == 1 {
			return lisp.Eql(v, params[0])
		}
	case "SATISFIES":
		if len(params) == 1 {
			return lisp.Truthy(t.Call(params[0], v))
		}
	case "INTEGER":
		return lisp.IsInteger(v) && predInRange(v, params)
	case "RATIONAL":
		return lisp.IsRational(v) && predInRange(v, params)
	case "REAL":
		return lisp.IsReal(v) && predInRange(v, params)
	case "COMPLEX":
		// Each part of a complex is its own upgraded part type, so
		// (complex integer) holds exactly the complexes of integers.
		c, ok := v.(*lisp.Complex)
		return ok && (len(params) == 0 || predTypepStar(t, c.Re, params[0]) && predTypepStar(t, c.Im, params[0]))
	case "FLOAT", "SHORT-FLOAT", "SINGLE-FLOAT", "DOUBLE-FLOAT", "LONG-FLOAT":
		_, ok := v.(lisp.Float)
		return ok && predInRange(v, params)
	case "MOD":
		if len(params) == 1 && lisp.IsInteger(params[0]) {
			return lisp.IsInteger(v) && lisp.Sign("typep", v) >= 0 && lisp.Compare("typep", v, params[0]) < 0
		}
	case "UNSIGNED-BYTE", "SIGNED-BYTE":
		return predByteType(v, head.Name == "SIGNED-BYTE", params)
	case "CONS":
		c, ok := v.(*lisp.Cons)
		if !ok {
			return false
		}
		if len(params) > 0 && !predTypepStar(t, c.Car, params[0]) {
			return false
		}
		return len(params) < 2 || predTypepStar(t, c.Cdr, params[1])
	case "STRING", "SIMPLE-STRING", "BASE-STRING", "SIMPLE-BASE-STRING":
		s, ok := v.(*lisp.String)
		if strings.HasPrefix(head.Name, "SIMPLE-") && !predSimpleString(v) {
			return false
		}
		return ok && (len(params) == 0 || predSizeMatches(seqStrLen(s), params[0]))
	case "SIMPLE-VECTOR":
		x, ok := v.(*lisp.Vector)
		return ok && predSimpleVector(v) && (len(params) == 0 || predSizeMatches(len(x.Items), params[0]))
	case "BIT-VECTOR", "SIMPLE-BIT-VECTOR":
		// (bit-vector size): a bit vector of that length.
		if !predBitVector(v) || head.Name == "SIMPLE-BIT-VECTOR" && !predSimpleArray(v) {
			return false
		}
		return len(params) == 0 || predSizeMatches(arrDimensions("typep", v)[0], params[0])
	case "VECTOR", "ARRAY", "SIMPLE-ARRAY":
		if head.Name == "VECTOR" && !predVector(v) || !predArray(v) {
			return false
		}
		if head.Name == "SIMPLE-ARRAY" && !predSimpleArray(v) {
			return false
		}
		if len(params) > 0 && params[0] != lisp.Value(predSymStar) && !predElementTypeMatches(t, v, params[0]) {
			return false
		}
		if len(params) < 2 || params[1] == lisp.Value(predSymStar) {
			return true
		}
		dims := arrDimensions("typep", v)
		if head.Name == "VECTOR" {
			return predSizeMatches(dims[0], params[1])
		}
		// An array's dimensions are a rank or a list of sizes and *s.
		if rank, ok := params[1].(lisp.Fixnum); ok {
			return int(rank) == len(dims)
		}
		want := lisp.ListToSlice("typep", params[1])
		if len(want) != len(dims) {
			return false
		}
		for i, w := range want {
			if !predSizeMatches(dims[i], w) {
				return false
			}
		}
		return true
	}
	lisp.Errorf("typep: unknown type specifier: %s", lisp.Prin1ToString(spec))
	return false
}

func predTypepStar(t *eval.Thread, v, spec lisp.Value) bool {
	return spec == lisp.Value(predSymStar) || predTypep(t, v, spec)
}

func predSizeMatches(n int, size lisp.Value) bool {
	if size == lisp.Value(predSymStar) {
		return true
	}
	m, ok := size.(lisp.Fixnum)
	return ok && int(m) == n
}

// predElementTypeMatches says whether a vector's element type is the
// upgraded type of the one named: strings hold characters (of either
// kind: nodelisp does not tell base strings apart), bit vectors bits, and
// other vectors anything (t).
func predElementTypeMatches(t *eval.Thread, v, et lisp.Value) bool {
	up := upgradedElementName(t, et)
	switch x := v.(type) {
	case *lisp.String:
		return up == "CHARACTER" || up == "BASE-CHAR"
	case *lisp.Vector:
		if x.Bits {
			return up == "BIT"
		}
	case *lisp.Array:
		if x.ElementType != nil {
			return up == x.ElementType.Name || up == "BASE-CHAR" && x.ElementType.Name == "CHARACTER"
		}
	}
	return up == "T"
}

func predByteType(v lisp.Value, signed bool, params []lisp.Value) bool {
	if !lisp.IsInteger(v) {
		return false
	}
	if !signed && lisp.Sign("typep", v) < 0 {
		return false
	}
	if len(params) == 0 || params[0] == lisp.Value(predSymStar) {
		return true
	}
	bitsN, ok := params[0].(lisp.Fixnum)
	if !ok || bitsN <= 0 {
		lisp.Errorf("typep: bad byte size %s", lisp.Prin1ToString(params[0]))
	}
	n := lisp.ToBig(v)
	if signed {
		if n.Sign() < 0 {
			n.Not(n)
		}
		return n.BitLen() < int(bitsN)
	}
	return n.BitLen() <= int(bitsN)
}

// predInRange checks the (type low high) bounds: * for none, a number for
// an inclusive bound, (number) for an exclusive one.
func predInRange(v lisp.Value, params []lisp.Value) bool {
	for i, p := range params {
		if i > 1 {
			break
		}
		if p == lisp.Value(predSymStar) {
			continue
		}
		exclusive := false
		if c, ok := p.(*lisp.Cons); ok {
			p, exclusive = c.Car, true
		}
		if !lisp.IsReal(p) {
			lisp.Errorf("typep: bad bound %s in a numeric type", lisp.Prin1ToString(p))
		}
		c := lisp.Compare("typep", v, p)
		if i == 0 && (c < 0 || exclusive && c == 0) {
			return false
		}
		if i == 1 && (c > 0 || exclusive && c == 0) {
			return false
		}
	}
	return true
}

// predTypeOf answers type-of as SBCL does for the common cases.
func predTypeOf(v lisp.Value) lisp.Value {
	sym := lisp.Sym
	switch x := v.(type) {
	case lisp.Fixnum:
		switch {
		case x == 0 || x == 1:
			return sym("bit")
		case x > 1 && x <= predMostPositiveFixnum:
			return lisp.List(sym("integer"), lisp.MakeInt(0), lisp.MakeInt(predMostPositiveFixnum))
		case x > predMostPositiveFixnum:
			return lisp.List(sym("integer"), lisp.MakeInt(predMostPositiveFixnum+1))
		case x >= predMostNegativeFixnum:
			return sym("fixnum")
		}
		return sym("bignum")
	case *big.Int:
		if x.Sign() > 0 {
			return lisp.List(sym("integer"), lisp.MakeInt(predMostPositiveFixnum+1))
		}
		return sym("bignum")
	case *big.Rat:
		return sym("ratio")
	case lisp.Float:
		return sym("double-float")
	case *lisp.Complex:
		return complexTypeOf(x)
	case lisp.Char:
		switch {
		case predStandardChar(x):
			return sym("standard-char")
		case x < 128:
			return sym("base-char")
		}
		return sym("extended-char")
	case *lisp.String:
		if x.Shape().FillPointer || x.Shape().Adjustable {
			return lisp.List(sym("vector"), sym("character"), lisp.MakeInt(int64(seqArraySize("type-of", x))))
		}
		return lisp.List(sym("simple-array"), sym("character"), lisp.List(lisp.MakeInt(int64(seqStrLen(x)))))
	case *lisp.Array:
		et := lisp.Value(lisp.T)
		if x.ElementType != nil {
			et = x.ElementType
		}
		return lisp.List(sym("simple-array"), et, arrDimList(x.Dims))
	case *lisp.Vector:
		if x.Bits {
			return lisp.List(sym("simple-bit-vector"), lisp.MakeInt(int64(len(x.Items))))
		}
		if x.FillPointer || x.Adjustable {
			return lisp.List(sym("vector"), lisp.T, lisp.MakeInt(int64(cap(x.Items))))
		}
		return lisp.List(sym("simple-vector"), lisp.MakeInt(int64(len(x.Items))))
	case *lisp.Cons:
		return sym("cons")
	case *lisp.Symbol:
		switch {
		case x == lisp.Nil:
			return sym("null")
		case x == lisp.T:
			return sym("boolean")
		case x.Keyword:
			return sym("keyword")
		}
		return sym("symbol")
	case *lisp.HashTable:
		return sym("hash-table")
	case *lisp.RandomState:
		return sym("random-state")
	case *lisp.Pathname:
		if x.Logical {
			return sym("logical-pathname")
		}
		return sym("pathname")
	case *lisp.Condition:
		return x.Class
	case *lisp.Stream, *lisp.InputStream, *lisp.CompositeStream:
		return sym(strings.ToLower(streamClassName(x)))
	case lisp.Function:
		return sym("compiled-function")
	case *reader.Readtable:
		return sym("readtable")
	}
	return lisp.T
}
