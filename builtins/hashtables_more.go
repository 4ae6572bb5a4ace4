package builtins

// sxhash and with-hash-table-iterator.

import (
	"fmt"
	"hash/fnv"
	"math"
	"math/big"

	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
)

func registerHashtablesMore() {
	defun("sxhash", "(object)", "Return a non-negative fixnum hash of the object, the same for objects that are equal.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		h := fnv.New64a()
		sxhashInto(h, args[0], 0)
		return lisp.MakeInt(int64(h.Sum64() & (1<<62 - 1)))
	})
	macro("with-hash-table-iterator", "(with-hash-table-iterator (name hash-table) body…) evaluates body with (name) a local macro returning, entry by entry, true, the key and the value, then nil.", expandWithHashTableIterator)
	defun("%hash-iterator", "(hash-table)", "Return a function that returns the next entry of the hash table as (values t key value), then nil (internal, for with-hash-table-iterator).", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		h := hashArg("with-hash-table-iterator", args[0])
		var keys, vals []lisp.Value
		h.Each(func(k, v lisp.Value) bool {
			keys, vals = append(keys, k), append(vals, v)
			return true
		})
		i := 0
		return eval.NewBuiltin("hash-table-iterator", "()", "", func(t *eval.Thread, _ []lisp.Value) lisp.Value {
			if i >= len(keys) {
				return lisp.Nil
			}
			i++
			return t.Values(lisp.T, keys[i-1], vals[i-1])
		})
	})
}

// hashWriter is what sxhashInto writes to.
type hashWriter interface {
	Write([]byte) (int, error)
}

// sxhashInto feeds h what equal looks at: conses and strings by content,
// numbers and characters by value and kind, symbols by name; other objects
// equal compares with eq, so their kind is all that may count.
func sxhashInto(h hashWriter, v lisp.Value, depth int) {
	if depth > 4 {
		return
	}
	write := func(tag byte, s string) {
		h.Write([]byte{tag})
		h.Write([]byte(s))
	}
	switch x := v.(type) {
	case *lisp.Cons:
		h.Write([]byte{'('})
		for i := 0; i < 8; i++ {
			sxhashInto(h, x.Car, depth+1)
			next, ok := x.Cdr.(*lisp.Cons)
			if !ok {
				sxhashInto(h, x.Cdr, depth+1)
				return
			}
			x = next
		}
	case *lisp.String:
		write('"', x.S)
	case *lisp.Symbol:
		if x.Keyword {
			write(':', x.Name)
		} else {
			write('\'', x.Name)
		}
	case lisp.Fixnum:
		write('i', lisp.Prin1ToString(x))
	case *big.Int:
		write('i', x.String())
	case *big.Rat:
		write('r', x.String())
	case lisp.Float:
		f := float64(x)
		write('f', lisp.Prin1ToString(lisp.MakeInt(int64(math.Float64bits(f)))))
	case lisp.Char:
		write('c', string(rune(x)))
	case *lisp.Pathname:
		write('p', x.Namestring())
	default:
		write('?', fmt.Sprintf("%T", v))
	}
}

func expandWithHashTableIterator(t *eval.Thread, form lisp.Value) lisp.Value {
	args := macroArgs("with-hash-table-iterator", form, 1, -1)
	spec := listOf("with-hash-table-iterator", "(name hash-table)", args[0])
	if len(spec) != 2 {
		syntaxError("with-hash-table-iterator", "expected (name hash-table) but got %s", lisp.Prin1ToString(args[0]))
	}
	name, ok := spec[0].(*lisp.Symbol)
	if !ok {
		syntaxError("with-hash-table-iterator", "%s is not a name", lisp.Prin1ToString(spec[0]))
	}
	next := gensym("NEXT-ENTRY")
	// (let ((next (%hash-iterator table))) (macrolet ((name () '(funcall next))) body…))
	call := lisp.List(sQuote, lisp.List(lisp.Sym("funcall"), next))
	return lisp.List(sLet, lisp.List(lisp.List(next, lisp.List(lisp.Sym("%hash-iterator"), spec[1]))),
		lisp.List(concat([]lisp.Value{lisp.Sym("macrolet"), lisp.List(lisp.List(name, lisp.Nil, call))}, args[1:])...))
}
