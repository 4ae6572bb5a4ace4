package unpack

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/nodelisp/nodelisp/lisp"
)

// signalled runs f and returns the condition it signals, nil if none.
func signalled(f func()) (c *lisp.Condition) {
	defer func() {
		if r := recover(); r != nil {
			var ok bool
			if c, ok = r.(*lisp.Condition); !ok {
				panic(r)
			}
		}
	}()
	f()
	return nil
}

func kw(name string) lisp.Value { return lisp.InternKeyword(name) }

func str(s string) lisp.Value { return lisp.NewString(s) }

func TestFillsEverySection(t *testing.T) {
	var (
		seq     int64
		label   = "none"
		count   int
		test    lisp.Value
		fromEnd bool
		sym     *lisp.Symbol
		ch      lisp.Char
	)
	args := []lisp.Value{lisp.MakeInt(4), str("x"), lisp.MakeInt(8), kw("FROM-END"), lisp.T, kw("TEST"), lisp.Intern("EQ"), kw("SYM"), lisp.Intern("A"), kw("CH"), lisp.Char('q')}
	Args("f", args, "seq", &seq, "&optional", "label", &label, "count", &count,
		"&key", "test", &test, "from-end", &fromEnd, "sym", &sym, "ch", &ch)
	got := []any{seq, label, count, test, fromEnd, sym.Name, ch}
	want := []any{int64(4), "x", 8, lisp.Value(lisp.Intern("EQ")), true, "A", lisp.Char('q')}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("(-want +got)\n%s", d)
	}
}

func TestAbsentOptionalLeavesDefault(t *testing.T) {
	label, count := "none", 7
	Args("f", []lisp.Value{str("x")}, "&optional", "label", &label, "count", &count)
	if label != "x" || count != 7 {
		t.Errorf("label %q count %d: want \"x\" and the default 7", label, count)
	}
}

func TestAbsentKeywordLeavesDefault(t *testing.T) {
	var test lisp.Value
	end := 9
	Args("f", []lisp.Value{kw("END"), lisp.MakeInt(3), kw("END"), lisp.MakeInt(5)}, "&key", "test", &test, "end", &end)
	if test != nil || end != 3 {
		t.Errorf("test %v end %d: want nil (absent) and 3 (the leftmost wins)", test, end)
	}
}

func TestFormTakesNilAsAbsent(t *testing.T) {
	limit := 20
	Form("recall-log", []lisp.Value{kw("LIMIT"), lisp.Nil}, "&key", "limit", &limit)
	if limit != 20 {
		t.Errorf(":limit nil gave %d, want the default 20", limit)
	}
}

func TestAllowOtherKeys(t *testing.T) {
	var key lisp.Value
	Args("member", []lisp.Value{kw("BOGUS"), lisp.T, kw("ALLOW-OTHER-KEYS"), lisp.T}, "&key", "key", &key)
	c := signalled(func() {
		Form("recall-log", []lisp.Value{kw("ALLOW-OTHER-KEYS"), lisp.T}, "&key", "limit", &key)
	})
	if c == nil {
		t.Fatal("a form accepted :allow-other-keys")
	}
}

// custom is a destination that takes only positive integers.
type custom int

func (c *custom) UnpackLisp(v lisp.Value) error {
	n, ok := v.(lisp.Fixnum)
	switch {
	case ok && n > 0:
		*c = custom(n)
		return nil
	case v == lisp.Value(lisp.Intern("BOOM")):
		return errBoom
	}
	return &Mismatch{Want: "a positive integer", Type: lisp.Intern("INTEGER")}
}

var errBoom = errors.New("boom")

func TestErrors(t *testing.T) {
	one := lisp.MakeInt(1)
	cases := []struct {
		name  string
		call  func()
		msg   string
		class *lisp.Symbol
	}{
		{"too few", func() { var a, b lisp.Value; Args("f", []lisp.Value{one}, "a", &a, "b", &b) },
			"f: expected 2 arguments, got 1", lisp.ClassProgramError},
		{"too many", func() { var a lisp.Value; Args("f", []lisp.Value{one, one}, "&optional", "a", &a) },
			"f: expected 0 to 1 arguments, got 2", lisp.ClassProgramError},
		{"odd keywords", func() { var a lisp.Value; Args("f", []lisp.Value{kw("A")}, "&key", "a", &a) },
			"f: odd number of keyword arguments", lisp.ClassProgramError},
		{"not a keyword", func() { var a lisp.Value; Args("f", []lisp.Value{one, one}, "&key", "a", &a) },
			"f: 1 is not a keyword", lisp.ClassProgramError},
		{"unknown keyword", func() { var a lisp.Value; Args("f", []lisp.Value{kw("B"), one}, "&key", "a", &a) },
			"f: unknown keyword argument :b", lisp.ClassProgramError},
		{"no keywords at all", func() { Args("f", []lisp.Value{kw("B"), one}, "&key") },
			"f: unknown keyword argument :b", lisp.ClassProgramError},
		{"wrong type", func() { var s string; Args("f", []lisp.Value{one}, "s", &s) },
			"f: the value 1 is not a string", lisp.ClassTypeError},
		{"form: no value", func() { var a lisp.Value; Form("g", []lisp.Value{kw("A")}, "&key", "a", &a) },
			"g: keyword :a has no value", lisp.ClassProgramError},
		{"form: not a keyword", func() { var a lisp.Value; Form("g", []lisp.Value{str("x")}, "&key", "a", &a) },
			`g: expected a keyword, got "x"`, lisp.ClassProgramError},
		{"form: unknown keyword", func() {
			var a, b, c lisp.Value
			Form("g", []lisp.Value{kw("Z"), one}, "&key", "drop", &a, "keep", &b, "note", &c)
		}, "g: unknown keyword :z: it takes :drop, :keep and :note", lisp.ClassProgramError},
		{"form: keyword type", func() { var s string; Form("g", []lisp.Value{kw("MATCH"), one}, "&key", "match", &s) },
			"g: :match must be a string, got 1", lisp.ClassTypeError},
		{"form: positional type", func() { var n int64; Form("g", []lisp.Value{str("4")}, "seq", &n) },
			`g: seq must be an integer, got "4"`, lisp.ClassTypeError},
		{"custom mismatch", func() { var c custom; Form("g", []lisp.Value{kw("LIMIT"), lisp.MakeInt(-3)}, "&key", "limit", &c) },
			"g: :limit must be a positive integer, got -3", lisp.ClassTypeError},
		{"custom error", func() { var c custom; Args("f", []lisp.Value{lisp.Intern("BOOM")}, "c", &c) },
			"f: boom", lisp.ClassSimpleError},
		{"bad list", func() { Args("f", nil, "a") },
			"f: bad parameter list for unpacking: parameter a has no destination", lisp.ClassSimpleError},
		{"bad destination", func() { var f float32; Args("f", []lisp.Value{one}, "a", &f) },
			"f: bad parameter list for unpacking: parameter a has a destination of unknown type *float32", lisp.ClassSimpleError},
	}
	for _, tc := range cases {
		c := signalled(tc.call)
		if c == nil {
			t.Errorf("%s: no error, want %q", tc.name, tc.msg)
			continue
		}
		if c.Message != tc.msg || c.Class != tc.class {
			t.Errorf("%s: got %s %q, want %s %q", tc.name, c.Class.Name, c.Message, tc.class.Name, tc.msg)
		}
	}
}

func TestUnknownKeywordBeforeTypes(t *testing.T) {
	var s string
	c := signalled(func() { Form("g", []lisp.Value{kw("MATCH"), one(), kw("FOO"), one()}, "&key", "match", &s) })
	if c == nil || c.Message != "g: unknown keyword :foo: it takes :match" {
		t.Errorf("got %v, want the unknown keyword reported first", c)
	}
}

func one() lisp.Value { return lisp.MakeInt(1) }

func TestMismatchKeepsTheType(t *testing.T) {
	var c custom
	cond := signalled(func() { Args("f", []lisp.Value{lisp.MakeInt(0)}, "n", &c) })
	if cond == nil || cond.Datum != lisp.MakeInt(0) || cond.Expected != lisp.Value(lisp.Intern("INTEGER")) {
		t.Errorf("got %+v, want datum 0 and expected type INTEGER", cond)
	}
}

func TestIgnoredDestination(t *testing.T) {
	Args("close", []lisp.Value{kw("ABORT"), lisp.T}, "&key", "abort", nil)
}

// BenchmarkKeywords is a call like (member x list :test #'eq :key #'car).
func BenchmarkKeywords(b *testing.B) {
	args := []lisp.Value{kw("TEST"), lisp.Intern("EQ"), kw("KEY"), lisp.Intern("CAR")}
	b.ReportAllocs()
	for b.Loop() {
		var key, test, testNot lisp.Value
		Args("member", args, "&key", "key", &key, "test", &test, "test-not", &testNot)
	}
}
