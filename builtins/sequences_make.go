package builtins

// Making sequences of a given type: make-sequence, and merge, which
// interleaves two sorted sequences into a new one of the result type.

import (
	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
)

func registerSequencesMake() {
	defun("make-sequence", "(result-type size &key initial-element)", "Return a new sequence of the result type and size, each element the initial element.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		kw := parseKeys("make-sequence", args[2:], "initial-element")
		kind := seqResultKind(t, "make-sequence", args[0])
		n := indexArg("make-sequence", args[1])
		checkSize("make-sequence", n)
		seqCheckLength("make-sequence", args[0], n)
		init, given := kw.get("initial-element")
		if !given {
			init = lisp.Nil
			switch kind {
			case kindString:
				init = lisp.Char(0)
			case kindBits:
				init = lisp.MakeInt(0)
			}
		}
		items := make([]lisp.Value, n)
		for i := range items {
			items[i] = init
		}
		return seqMake("make-sequence", kind, items)
	})
	defun("merge", "(result-type sequence-1 sequence-2 predicate &key key)", "Return a sequence of the result type holding the elements of both sorted sequences in the predicate's order; of equal elements, those of sequence-1 come first.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		kw := parseKeys("merge", args[4:], "key")
		kind := seqResultKind(t, "merge", args[0])
		a, b := seqValues(t, "merge", args[1]), seqValues(t, "merge", args[2])
		seqCheckLength("merge", args[0], len(a)+len(b))
		key, pred := keyFunc(t, kw), args[3]
		out := make([]lisp.Value, 0, len(a)+len(b))
		i, j := 0, 0
		for i < len(a) && j < len(b) {
			// b's element goes first only when it is strictly before a's.
			if lisp.Truthy(t.Call(pred, key(b[j]), key(a[i]))) {
				out = append(out, b[j])
				j++
			} else {
				out = append(out, a[i])
				i++
			}
		}
		out = append(append(out, a[i:]...), b[j:]...)
		return seqMake("merge", kind, out)
	})
}

// seqCheckLength signals a type error when a sequence of n elements cannot
// be of type spec: a (vector * 3) of 5 elements, a null of 1, a cons of 0.
func seqCheckLength(op string, spec lisp.Value, n int) {
	ok := true
	switch s := spec.(type) {
	case *lisp.Symbol:
		switch s.Name {
		case "NULL":
			ok = n == 0
		case "CONS":
			ok = n > 0
		}
	case *lisp.Cons:
		params := lisp.ListToSlice(op, s.Cdr)
		head, _ := s.Car.(*lisp.Symbol)
		size := lisp.Value(nil)
		switch {
		case head == nil:
		case head.Name == "VECTOR" && len(params) >= 2, head.Name == "SIMPLE-ARRAY" && len(params) >= 2, head.Name == "ARRAY" && len(params) >= 2:
			size = params[1]
			if c, isList := size.(*lisp.Cons); isList {
				size = c.Car
			}
		case head.Name == "STRING" || head.Name == "SIMPLE-STRING" || head.Name == "SIMPLE-VECTOR" || head.Name == "BASE-STRING" || head.Name == "SIMPLE-BASE-STRING" || head.Name == "BIT-VECTOR" || head.Name == "SIMPLE-BIT-VECTOR":
			if len(params) >= 1 {
				size = params[0]
			}
		}
		if m, isInt := size.(lisp.Fixnum); isInt {
			ok = int(m) == n
		}
	}
	if !ok {
		panic(&lisp.Condition{
			Class:    lisp.ClassTypeError,
			Message:  op + ": a sequence of " + lisp.Prin1ToString(lisp.MakeInt(int64(n))) + " elements is not of type " + lisp.Prin1ToString(spec),
			Datum:    lisp.MakeInt(int64(n)),
			Expected: spec,
		})
	}
}
