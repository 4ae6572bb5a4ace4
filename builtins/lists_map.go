package builtins

// The list mapping functions: mapcar, mapc and mapcan call the function on
// successive elements; maplist, mapl and mapcon on successive tails. All
// take any number of lists and stop at the shortest.

import (
	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
)

// lstMapResult says what a mapping function returns.
type lstMapResult int

const (
	mapCollect lstMapResult = iota // a list of the results (mapcar, maplist)
	mapFirst                       // the first list (mapc, mapl)
	mapNconc                       // the results joined by nconc (mapcan, mapcon)
)

func registerListsMap() {
	for _, d := range []struct {
		name, doc string
		tails     bool
		result    lstMapResult
	}{
		{"mapcar", "Call the function on successive elements of the lists and return a list of the results.", false, mapCollect},
		{"mapc", "Call the function on successive elements of the lists for effect; return the first list.", false, mapFirst},
		{"mapcan", "Call the function on successive elements of the lists and join the resulting lists with nconc.", false, mapNconc},
		{"maplist", "Call the function on successive tails of the lists and return a list of the results.", true, mapCollect},
		{"mapl", "Call the function on successive tails of the lists for effect; return the first list.", true, mapFirst},
		{"mapcon", "Call the function on successive tails of the lists and join the resulting lists with nconc.", true, mapNconc},
	} {
		d := d
		defun(d.name, "(function list &rest more-lists)", d.doc, func(t *eval.Thread, args []lisp.Value) lisp.Value {
			return lstMap(t, d.name, d.tails, d.result, args[0], args[1:])
		})
		borrowsArgs()
	}
}

func lstMap(t *eval.Thread, op string, tails bool, result lstMapResult, f lisp.Value, lists []lisp.Value) lisp.Value {
	for _, l := range lists {
		listArg(op, l)
	}
	var out lisp.ListBuilder
	var nconcTail *lisp.Cons
	var nconcHead lisp.Value = lisp.Nil
	// lastAtom is the latest result when it is not a cons: nconc makes the
	// last one the final cdr, and SBCL drops those a later list follows.
	var lastAtom lisp.Value = lisp.Nil
	emit := func(v lisp.Value) {
		switch result {
		case mapCollect:
			out.Add(v)
		case mapNconc:
			c, ok := v.(*lisp.Cons)
			if !ok {
				lastAtom = v
				return
			}
			lastAtom = lisp.Nil
			if nconcTail == nil {
				nconcHead = c
			} else {
				nconcTail.Cdr = c
			}
			nconcTail = lstLastCons(c)
		}
	}
	if len(lists) == 1 {
		for v := lists[0]; ; {
			c, ok := v.(*lisp.Cons)
			if !ok {
				lstMapEnd(op, v)
				break
			}
			if tails {
				emit(t.Call(f, c))
			} else {
				emit(t.Call(f, c.Car))
			}
			v = c.Cdr
		}
	} else {
		cur := append([]lisp.Value(nil), lists...)
		for {
			callArgs := make([]lisp.Value, len(cur))
			done := false
			for i, v := range cur {
				c, ok := v.(*lisp.Cons)
				if !ok {
					lstMapEnd(op, v)
					done = true
					break
				}
				if tails {
					callArgs[i] = c
				} else {
					callArgs[i] = c.Car
				}
				cur[i] = c.Cdr
			}
			if done {
				break
			}
			emit(t.Apply(f, callArgs))
		}
	}
	switch result {
	case mapFirst:
		return lists[0]
	case mapNconc:
		if lastAtom != lisp.Value(lisp.Nil) {
			if nconcTail == nil {
				return lastAtom
			}
			nconcTail.Cdr = lastAtom
		}
		return nconcHead
	}
	return out.List()
}

// lstMapEnd checks the end of a list the mapping stops at: a dotted list's
// final atom is a type-error, as in SBCL, not a quiet stop. Only the list
// that runs out is checked, so a longer dotted list beside a shorter
// proper one maps without error.
func lstMapEnd(op string, end lisp.Value) {
	if end != lisp.Value(lisp.Nil) {
		lisp.TypeError(op, end, "a list")
	}
}
