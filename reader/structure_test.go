package reader

import (
	"testing"

	"github.com/nodelisp/nodelisp/lisp"
)

// #S reads as a placeholder instance carrying the name and the slot
// pairs, which prints back as it was written.
func TestReadStructureLiteral(t *testing.T) {
	for _, src := range []string{"#S(point :x 1 :y (2 3))", "#s(point)", "#S(point x \"s\")"} {
		v := readOne(t, src)
		x, ok := v.(*lisp.Instance)
		if !ok {
			t.Errorf("%s read as %T, want an instance", src, v)
			continue
		}
		if x.Class.Kind != lisp.UnresolvedClass || x.Class.Name != lisp.Sym("point") {
			t.Errorf("%s: class %v kind %d, want point unresolved", src, x.Class.Name, x.Class.Kind)
		}
	}
	if got := lisp.Prin1ToString(readOne(t, "#S(point :x 1 :y (2 3))")); got != "#S(point :x 1 :y (2 3))" {
		t.Errorf("printed %s", got)
	}
	if got := readOne(t, "(#+nothing #S(point :x 1) 2)"); lisp.Prin1ToString(got) != "(2)" {
		t.Errorf("#S under #+ read as %s", lisp.Prin1ToString(got))
	}
}

func TestReadStructureErrors(t *testing.T) {
	tests := []struct{ src, want string }{
		{"#S", "1:1: #S must be followed by a list"},
		{"#S point", "1:1: #S must be followed by a list"},
		{"#S()", "1:1: #S needs a structure name"},
		{"#S(1 :x 1)", "1:1: #S: 1 is not a structure name"},
		{"#S(point :x)", "1:1: #S: slot :x has no value"},
		{"#S(point 1 2)", "1:1: #S: 1 is not a slot name"},
		{"#S(point :x 1 . 2)", "1:1: #S: the slots are not a proper list"},
		{"#S(point :x 1", "1:3: unterminated list"},
	}
	for _, tc := range tests {
		_, err := ReadCell(tc.src)
		if err == nil {
			t.Errorf("%s: no error", tc.src)
			continue
		}
		if err.Error() != tc.want {
			t.Errorf("%s: got %q, want %q", tc.src, err.Error(), tc.want)
		}
	}
}
