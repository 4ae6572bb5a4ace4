package builtins

// Sequences of a named type: map, map-into, concatenate and coerce, which
// take a result type such as 'list, 'vector or 'string.

import (
	"fmt"
	"strings"

	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
)

// seqKind is the kind of sequence a result type names.
type seqKind int

const (
	kindNone seqKind = iota // nil: no result (map for effect)
	kindList
	kindVector
	kindString
	kindBits // a bit vector
	// kindNothing is a vector of element type nil: no object is of
	// type nil, so only an empty one can be made. SBCL's is no string
	// (stringp is false), so here it is an empty general vector.
	kindNothing
)

func registerSequencesMap() {
	defun("map", "(result-type function sequence &rest more-sequences)", "Call the function on successive elements of the sequences and return the results as a sequence of the result type (nil: none).", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		kind := seqResultKind(t, "map", args[0])
		var out []lisp.Value
		seqWalkN(t, "map", args[2:], func(elems []lisp.Value) bool {
			v := t.Apply(args[1], elems)
			if kind != kindNone {
				out = append(out, v)
			}
			return true
		})
		seqAbstractType(t, "map", args[0])
		result := seqMake("map", kind, out)
		if kind != kindNone {
			seqCheckLength("map", args[0], seqLength("map", result))
		}
		return result
	})
	defun("map-into", "(result-sequence function &rest sequences)", "Store the results of calling the function on successive elements of the sequences into the result sequence, and return it.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		n := seqLength("map-into", args[0])
		// A vector with a fill pointer is filled up to its whole size and
		// its fill pointer left after the last element stored.
		fp, hasFP := args[0].(*lisp.Vector)
		hasFP = hasFP && fp.FillPointer
		if hasFP {
			n = cap(fp.Items)
		}
		str, strFP := args[0].(*lisp.String)
		strFP = strFP && str.Shape().FillPointer
		if strFP {
			n = seqArraySize("map-into", str)
		}
		var out []lisp.Value
		if len(args) == 2 {
			for i := 0; i < n; i++ {
				out = append(out, t.Call(args[1]))
			}
		} else {
			seqWalkN(t, "map-into", args[2:], func(elems []lisp.Value) bool {
				if len(out) == n {
					return false
				}
				out = append(out, t.Apply(args[1], elems))
				return true
			})
		}
		if strFP {
			// The whole size is stored into, and the fill pointer left
			// after the last character stored.
			all := []rune(str.S + str.Shape().Spare)
			for i, c := range out {
				all[i] = rune(charArg("map-into", c))
			}
			str.S, str.Reshape().Spare = string(all[:len(out)]), string(all[len(out):])
			strChanged(str)
			return str
		}
		if hasFP {
			full := fp.Items[:cap(fp.Items)]
			copy(full, out)
			fp.Items = full[:len(out)]
			return fp
		}
		items := append([]lisp.Value(nil), seqValues(t, "map-into", args[0])...)
		copy(items, out)
		seqStore("map-into", args[0], items)
		return args[0]
	})
	defun("concatenate", "(result-type &rest sequences)", "Return a new sequence of the result type holding the elements of all the sequences in order.", func(t *eval.Thread, args []lisp.Value) (r lisp.Value) {
		kind := seqResultKind(t, "concatenate", args[0])
		if kind == kindNone {
			lisp.Errorf("concatenate: nil is not a sequence type")
		}
		seqAbstractType(t, "concatenate", args[0])
		defer func() {
			if r == nil {
				return
			}
			seqCheckLength("concatenate", args[0], seqLength("concatenate", r))
		}()
		reserveConcatenation(t, "concatenate", kind, args[1:])
		if kind == kindString {
			var b strings.Builder
			for _, s := range args[1:] {
				if str, ok := s.(*lisp.String); ok {
					b.WriteString(str.S)
					continue
				}
				b.WriteString(seqCharsToString("concatenate", seqValues(t, "concatenate", s)))
			}
			return lisp.NewString(b.String())
		}
		var out []lisp.Value
		for _, s := range args[1:] {
			out = append(out, seqValues(t, "concatenate", s)...)
		}
		return seqMake("concatenate", kind, out)
	})
	defun("coerce", "(object result-type)", "Convert the object to the result type: a sequence type, character, float or function.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		return seqCoerce(t, args[0], args[1])
	})
}

// seqResultKind reads a result type specifier.
func seqResultKind(t *eval.Thread, op string, spec lisp.Value) seqKind {
	if c, ok := spec.(*lisp.Class); ok && c.Name != nil {
		spec = c.Name // a class names the type of its instances
	}
	name := ""
	var params []lisp.Value
	switch s := spec.(type) {
	case *lisp.Symbol:
		name = s.Name
	case *lisp.Cons:
		if head, ok := s.Car.(*lisp.Symbol); ok {
			name = head.Name
			params = lisp.ListToSlice(op, s.Cdr)
		}
	}
	switch name {
	case "NIL":
		if spec == lisp.Value(lisp.Nil) {
			return kindNone
		}
	case "LIST", "CONS", "NULL", "SEQUENCE":
		return kindList
	case "STRING", "SIMPLE-STRING", "BASE-STRING", "SIMPLE-BASE-STRING":
		return kindString
	case "SIMPLE-VECTOR":
		return kindVector
	case "BIT-VECTOR", "SIMPLE-BIT-VECTOR":
		return kindBits
	case "VECTOR", "ARRAY", "SIMPLE-ARRAY":
		if name != "VECTOR" && len(params) > 1 && !seqRankOne(params[1]) {
			break
		}
		if len(params) > 0 && params[0] != lisp.Value(predSymStar) {
			switch upgradedElementName(t, params[0]) {
			case "CHARACTER", "BASE-CHAR":
				return kindString
			case "BIT":
				return kindBits
			case "NIL":
				return kindNothing
			}
		}
		return kindVector
	}
	if sub, sure := subtypep(t, spec, lisp.Intern("SEQUENCE")); !sub && sure {
		// A type that is surely no sequence type ('integer) is the
		// type-error SBCL signals, not an unsupported sequence type.
		panic(&lisp.Condition{
			Class:    lisp.ClassSimpleTypeError,
			Message:  fmt.Sprintf("%s: %s is not a sequence type", op, lisp.Prin1ToString(spec)),
			Datum:    spec,
			Expected: lisp.Intern("SEQUENCE"),
		})
	}
	lisp.Errorf("%s: %s is not a sequence type nodelisp supports", op, lisp.Prin1ToString(spec))
	return kindNone
}

// seqRankOne reports whether an array type's dimensions, the second
// parameter of (array et dims), allow a vector: *, 1 or a list of one.
func seqRankOne(dims lisp.Value) bool {
	switch d := dims.(type) {
	case lisp.Fixnum:
		return d == 1
	case *lisp.Cons:
		return d.Cdr == lisp.Value(lisp.Nil)
	}
	return dims == lisp.Value(predSymStar)
}

func seqMake(op string, kind seqKind, items []lisp.Value) lisp.Value {
	switch kind {
	case kindBits:
		if items == nil {
			items = []lisp.Value{}
		}
		for _, b := range items {
			arrBit(op, b)
		}
		return &lisp.Vector{Items: items, Bits: true}
	case kindList:
		return lisp.List(items...)
	case kindVector:
		if items == nil {
			items = []lisp.Value{}
		}
		return &lisp.Vector{Items: items}
	case kindString:
		return lisp.NewString(seqCharsToString(op, items))
	case kindNothing:
		if len(items) > 0 {
			panic(&lisp.Condition{
				Class:    lisp.ClassTypeError,
				Message:  fmt.Sprintf("%s: the value %s is not of type nil (a vector of element type nil holds nothing)", op, lisp.Prin1ToString(items[0])),
				Datum:    items[0],
				Expected: lisp.Nil,
			})
		}
		return &lisp.Vector{Items: []lisp.Value{}}
	}
	return lisp.Nil
}

func seqCoerce(t *eval.Thread, v, spec lisp.Value) lisp.Value {
	if c, ok := spec.(*lisp.Class); ok && c.Name != nil {
		spec = c.Name
	}
	name := ""
	switch s := spec.(type) {
	case *lisp.Symbol:
		name = s.Name
	case *lisp.Cons:
		if head, ok := s.Car.(*lisp.Symbol); ok {
			name = head.Name
		}
	}
	switch name {
	case "T":
		return v
	case "CHARACTER", "BASE-CHAR", "STANDARD-CHAR":
		switch x := v.(type) {
		case lisp.Char:
			return x
		case *lisp.String:
			if seqStrLen(x) == 1 {
				return lisp.Char(seqRuneAt(x.S, 0))
			}
		case *lisp.Symbol:
			if len([]rune(x.Name)) == 1 {
				return lisp.Char([]rune(x.Name)[0])
			}
		}
		seqCoerceError(v, spec)
	case "FLOAT", "DOUBLE-FLOAT", "SINGLE-FLOAT", "SHORT-FLOAT", "LONG-FLOAT":
		if !lisp.IsNumber(v) {
			seqCoerceError(v, spec)
		}
		return lisp.Float(lisp.ToFloat(v))
	case "COMPLEX":
		return numCoerceComplex(t, v, spec)
	case "FUNCTION":
		if _, ok := v.(lisp.Function); ok {
			return v
		}
		if sym, ok := v.(*lisp.Symbol); ok {
			return t.Eval(lisp.List(lisp.Intern("FUNCTION"), sym))
		}
		if c, ok := v.(*lisp.Cons); ok && c.Car == lisp.Value(lisp.Intern("LAMBDA")) {
			return t.Eval(lisp.List(lisp.Intern("FUNCTION"), c))
		}
		seqCoerceError(v, spec)
	case "LIST", "CONS", "NULL", "SEQUENCE", "STRING", "SIMPLE-STRING", "BASE-STRING", "SIMPLE-BASE-STRING", "SIMPLE-VECTOR", "VECTOR", "ARRAY", "SIMPLE-ARRAY", "BIT-VECTOR", "SIMPLE-BIT-VECTOR":
		if predTypep(t, v, spec) {
			return v
		}
		if !lisp.IsList(v) && !predVector(v) {
			seqCoerceError(v, spec)
		}
		kind := seqResultKind(t, "coerce", spec)
		reserveConcatenation(t, "coerce", kind, []lisp.Value{v})
		items := seqValues(t, "coerce", v)
		if kind != kindList {
			items = append([]lisp.Value(nil), items...)
		}
		// The result must be of the type: nil is no cons, and three
		// elements make no (vector * 2) (SBCL's type-error).
		out := seqMake("coerce", kind, items)
		if !predTypep(t, out, spec) {
			seqCoerceError(v, spec)
		}
		return out
	}
	if predTypep(t, v, spec) {
		return v
	}
	seqCoerceError(v, spec)
	return nil
}

func seqCoerceError(v, spec lisp.Value) {
	panic(&lisp.Condition{
		Class:    lisp.ClassTypeError,
		Message:  "coerce: " + lisp.Prin1ToString(v) + " can't be converted to type " + lisp.Prin1ToString(spec),
		Datum:    v,
		Expected: spec,
	})
}

// reserveConcatenation reserves, before concatenate or coerce builds it,
// the sequence of the given kind holding every element of seqs: the
// elements gathered into a slice, then the result made from them.
func reserveConcatenation(t *eval.Thread, op string, kind seqKind, seqs []lisp.Value) {
	n := int64(0)
	for _, s := range seqs {
		n += int64(seqLength(op, s))
	}
	unit := valueBytes
	switch kind {
	case kindString:
		unit = 4 // a character is up to four bytes of UTF-8
	case kindList:
		unit += consBytes
	case kindVector, kindBits:
		unit *= 2
	}
	reserve(t, n*unit, op, int(n), "elements")
}

// seqAbstractType refuses sequence itself as the result type of map and
// concatenate: it names no kind of sequence to make, and SBCL signals a
// type-error (coerce to sequence keeps its argument, which is one).
func seqAbstractType(t *eval.Thread, op string, spec lisp.Value) {
	if s, ok := spec.(*lisp.Symbol); ok && s.Name == "SEQUENCE" {
		panic(&lisp.Condition{Class: lisp.ClassSimpleTypeError,
			Message: op + ": sequence is not a type of sequence that can be made (list, vector, string, …)",
			Datum:   spec, Expected: lisp.List(lisp.Intern("OR"), lisp.Intern("LIST"), lisp.Intern("VECTOR"))})
	}
}
