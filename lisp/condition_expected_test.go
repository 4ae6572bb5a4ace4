package lisp

import (
	"strings"
	"testing"
)

// Every description with a type behind it parses whole into a type
// specifier, whose printed form is the entry itself.
func TestDescribedTypesParse(t *testing.T) {
	for desc, spec := range describedTypes {
		v, rest := parseTypeSpec(spec)
		if rest != "" {
			t.Errorf("%q: %q left after parsing %q", desc, rest, spec)
		}
		if got := strings.ToUpper(Prin1ToString(v)); got != spec {
			t.Errorf("%q: parsed %q as %s", desc, spec, got)
		}
	}
	if got := expectedType("a non-negative integer"); !Equal(got, List(Intern("INTEGER"), MakeInt(0))) {
		t.Errorf("a non-negative integer: expected type %v", got)
	}
	if got := expectedType("a number"); got != Value(Intern("NUMBER")) {
		t.Errorf("a number: expected type %v", got)
	}
}
