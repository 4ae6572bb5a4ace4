package builtins

// Hash tables: make-hash-table with an eq, eql, equal or equalp test,
// gethash (and %puthash, its setf), remhash, maphash, clrhash and the
// table queries. Entries are visited in insertion order, as in SBCL.

import (
	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
	"github.com/nodelisp/nodelisp/unpack"
)

func registerHashtables() {
	defun("make-hash-table", "(&key test size rehash-size rehash-threshold)", "Return a new empty hash table comparing keys with test: eq, eql (the default), equal or equalp.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		var testArg, rehashSize, rehashThreshold lisp.Value
		unpack.Args("make-hash-table", args, "&key", "test", &testArg,
			"size", nil, "rehash-size", &rehashSize, "rehash-threshold", &rehashThreshold, "weakness", nil, "synchronized", nil)
		test := lisp.SymEql
		if testArg != nil {
			test = hashTestName(testArg)
		}
		h := lisp.NewHashTable(test)
		if v := rehashSize; v != nil {
			if !(lisp.IsInteger(v) && lisp.Sign("make-hash-table", v) > 0) && !(lisp.IsNumber(v) && lisp.ToFloat(v) >= 1) {
				lisp.TypeError("make-hash-table", v, "a rehash size (an integer above 0 or a float of at least 1)")
			}
			h.RehashSize = v
		}
		if v := rehashThreshold; v != nil {
			if !lisp.IsNumber(v) || lisp.ToFloat(v) < 0 || lisp.ToFloat(v) > 1 {
				lisp.TypeError("make-hash-table", v, "a rehash threshold (a number from 0 to 1)")
			}
			h.RehashThreshold = v
		}
		return h
	})
	defun("hash-table-rehash-size", "(hash-table)", "Return the rehash size the hash table was made with (1.5 by default).", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		if v := hashArg("hash-table-rehash-size", args[0]).RehashSize; v != nil {
			return v
		}
		return lisp.Float(1.5)
	})
	defun("hash-table-rehash-threshold", "(hash-table)", "Return the rehash threshold the hash table was made with (1.0 by default).", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		if v := hashArg("hash-table-rehash-threshold", args[0]).RehashThreshold; v != nil {
			return v
		}
		return lisp.Float(1)
	})
	borrowsArgs()
	defun("gethash", "(key hash-table &optional default)", "Return the value stored under key and t, or default (nil) and nil when there is none.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		def := lisp.Value(lisp.Nil)
		if len(args) > 2 {
			def = args[2]
		}
		return hashGet(t, args[0], args[1], def)
	})
	borrowsArgs()
	fast2(func(t *eval.Thread, k, h lisp.Value) lisp.Value { return hashGet(t, k, h, lisp.Nil) })
	defun("%puthash", "(key hash-table value &optional default)", "Store value under key in the hash table and return the value (the setf of gethash).", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		hashArg("gethash", args[1]).Put(args[0], args[2])
		return args[2]
	})
	borrowsArgs()
	defun("remhash", "(key hash-table)", "Remove the entry for key; true if there was one.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		h := hashArg("remhash", args[1])
		if !h.Remove(args[0]) {
			return lisp.Nil
		}
		if _, still := h.Get(args[0]); still {
			hashReindex(h)
		}
		return lisp.T
	})
	defun("maphash", "(function hash-table)", "Call the function with each key and value of the hash table; return nil.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		f := args[0]
		hashArg("maphash", args[1]).Each(func(k, v lisp.Value) bool {
			t.Call(f, k, v)
			return true
		})
		return lisp.Nil
	})
	defun("clrhash", "(hash-table)", "Remove every entry of the hash table and return it.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		hashArg("clrhash", args[0]).Clear()
		return args[0]
	})
	defun("hash-table-count", "(hash-table)", "Return the number of entries in the hash table.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		return lisp.MakeInt(int64(hashArg("hash-table-count", args[0]).Count()))
	})
	defun("hash-table-test", "(hash-table)", "Return the symbol naming the hash table's test (eq, eql, equal or equalp).", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		return hashArg("hash-table-test", args[0]).Test
	})
	defun("hash-table-size", "(hash-table)", "Return the number of entries the hash table can hold before it grows (nodelisp: at least its count).", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		return lisp.MakeInt(int64(max(hashArg("hash-table-size", args[0]).Count(), 16)))
	})
}

// hashReindex rebuilds a table whose index still finds a removed key
// (lisp.HashTable.Remove leaves string and exact keys in its Go maps), so
// gethash and remhash see the removal. It costs a pass over the table and
// runs only while that is so.
func hashReindex(h *lisp.HashTable) {
	var keys, vals []lisp.Value
	h.Each(func(k, v lisp.Value) bool {
		keys, vals = append(keys, k), append(vals, v)
		return true
	})
	h.Clear()
	for i := range keys {
		h.Put(keys[i], vals[i])
	}
}

func hashArg(op string, v lisp.Value) *lisp.HashTable {
	h, ok := v.(*lisp.HashTable)
	if !ok {
		lisp.TypeError(op, v, "a hash table")
	}
	return h
}

// hashTestName maps a :test argument (a symbol or the function itself) to
// the table's test symbol.
func hashTestName(f lisp.Value) *lisp.Symbol {
	name := ""
	switch x := f.(type) {
	case *lisp.Symbol:
		if !x.Keyword {
			name = x.Name
		}
	case lisp.Function:
		name = x.FunctionName()
	}
	switch name {
	case "EQ", "eq":
		return lisp.SymEq
	case "EQL", "eql":
		return lisp.SymEql
	case "EQUAL", "equal":
		return lisp.SymEqual
	case "EQUALP", "equalp":
		return lisp.SymEqualp
	}
	lisp.Errorf("make-hash-table: the test %s is not one of eq, eql, equal or equalp", lisp.Prin1ToString(f))
	return nil
}

// hashGet is gethash: the value under k and t, or def and nil.
func hashGet(t *eval.Thread, k, h, def lisp.Value) lisp.Value {
	if v, ok := hashArg("gethash", h).Get(k); ok {
		return t.Values(v, lisp.T)
	}
	return t.Values(def, lisp.Nil)
}
