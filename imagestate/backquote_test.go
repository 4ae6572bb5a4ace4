package imagestate

import (
	"testing"

	"github.com/nodelisp/nodelisp/lisp"
)

// A global holding a backquote form keeps the reader's operators: read in
// an image's packages they come back as the very symbols of
// NODELISP-INTERNAL, which the evaluator knows, not as fresh ones.
func TestBackquoteOperatorsRoundTrip(t *testing.T) {
	ops := []*lisp.Symbol{lisp.SymQuasiquote, lisp.SymUnquote, lisp.SymUnquoteSplicing, lisp.SymUnquoteNsplicing}
	v := lisp.List(lisp.SymQuasiquote, lisp.List(lisp.Sym("a"), lisp.List(lisp.SymUnquote, lisp.Sym("b"))),
		lisp.SymUnquoteSplicing, lisp.SymUnquoteNsplicing)
	text, err := Print(v)
	if err != nil {
		t.Fatalf("print: %v", err)
	}
	read, err := ReadInPackages(text, nil, lisp.NewPackages())
	if err != nil {
		t.Fatalf("read %q: %v", text, err)
	}
	back := lisp.ListToSlice("test", read)
	inner := lisp.ListToSlice("test", back[1])
	got := []lisp.Value{back[0], lisp.ListToSlice("test", inner[1])[0], back[2], back[3]}
	for i, op := range ops {
		if got[i] != lisp.Value(op) {
			t.Errorf("%s came back as another symbol: %s", op.Name, lisp.Prin1ToString(got[i]))
		}
	}
}
