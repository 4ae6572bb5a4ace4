package eval

import "testing"

func TestLambdaListArity(t *testing.T) {
	for _, c := range []struct {
		list        string
		least, most int
		ok          bool
	}{
		{"()", 0, 0, true},
		{"(list)", 1, 1, true},
		{"(char &optional (radix 10))", 1, 2, true},
		{"(size &key initial-element)", 1, -1, true},
		{"(string &optional stream &key start end)", 1, -1, true},
		{"(function &rest arguments)", 1, -1, true},
		{"(function &rest arguments list)", 2, -1, true},
		{"(sequence start [end] new)", 3, 4, true},
		{"(array subscript… value)", 2, -1, true},
		{"(name &body body)", 1, -1, true},
		{"(&whole form a &environment env b)", 2, 2, true},
		{"(a &key k &allow-other-keys)", 1, -1, true},
		{"(a &optional b &aux (c 1))", 1, 2, true},
		{" (x y) ", 2, 2, true},
		{"((a b) c)", 2, 2, true},
		{"(a (b)", 0, -1, false},
		{"(a b))", 0, -1, false},
		{"a b", 0, -1, false},
		{"(a &frob b)", 0, -1, false},
	} {
		least, most, ok := LambdaListArity(c.list)
		if least != c.least || most != c.most || ok != c.ok {
			t.Errorf("LambdaListArity(%q) = %d, %d, %v; want %d, %d, %v", c.list, least, most, ok, c.least, c.most, c.ok)
		}
	}
}

// The evaluator's own builtins derive their arity from their lambda
// lists too, so each must read.
func TestEvaluatorLambdaListsRead(t *testing.T) {
	for _, b := range evaluatorBuiltins {
		if _, _, ok := LambdaListArity(b.Args); !ok {
			t.Errorf("%s: lambda list %q does not read", b.Name, b.Args)
		}
	}
}

func BenchmarkLambdaListArity(b *testing.B) {
	for i := 0; i < b.N; i++ {
		LambdaListArity("(string1 string2 &key start1 end1 start2 end2)")
	}
}
