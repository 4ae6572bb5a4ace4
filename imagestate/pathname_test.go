package imagestate

import (
	"testing"

	"github.com/nodelisp/nodelisp/lisp"
)

// A pathname held in a global comes back equal and, pathnames being
// interned, the very pathname the image already holds; a logical one
// stays logical.
func TestPathnameRoundTrip(t *testing.T) {
	unix := lisp.ParseNamestring("/a/**/b*.lisp")
	logical := lisp.ParseLogicalNamestring("HOST", "SRC;MAIN.LISP.3")
	v := lisp.List(unix, logical, unix)
	back := lisp.ListToSlice("test", roundTrip(t, v))
	if back[0] != lisp.Value(unix) || back[2] != lisp.Value(unix) {
		t.Errorf("the Unix pathname came back as another object: %s", lisp.Prin1ToString(back[0]))
	}
	if p, ok := back[1].(*lisp.Pathname); !ok || !p.Logical || !lisp.Equal(p, logical) {
		t.Errorf("the logical pathname came back as %s", lisp.Prin1ToString(back[1]))
	}
}
