package interp_test

import (
	"context"
	"encoding/json"
	"errors"
	"math"
	"math/big"
	"reflect"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/nodelisp/nodelisp/interp"
	"github.com/nodelisp/nodelisp/lisp"
)

// readValue evaluates src and returns its value, for tables that start
// from Lisp data.
func readValue(t *testing.T, src string) lisp.Value {
	t.Helper()
	it := interp.New(interp.Options{})
	res, err := it.Eval(context.Background(), src)
	if err != nil {
		t.Fatalf("%s: %v", src, err)
	}
	return res.Value
}

type celsius float64
type label string

func TestToLisp(t *testing.T) {
	n := 7
	tests := []struct {
		name string
		in   any
		want string // as prin1 prints the result
	}{
		{"nil", nil, "nil"},
		{"string", "a \"q\"", `"a \"q\""`},
		{"true", true, "t"},
		{"false", false, "nil"},
		{"int", 42, "42"},
		{"int64", int64(-9), "-9"},
		{"int8", int8(-128), "-128"},
		{"uint8", uint8(255), "255"},
		{"uint64 beyond int64", uint64(math.MaxUint64), "18446744073709551615"},
		{"float64", 1.5, "1.5"},
		{"float32", float32(0.25), "0.25"},
		{"whole float", 2.0, "2.0"},
		{"named float", celsius(36.6), "36.6"},
		{"named string", label("x"), `"x"`},
		{"time in UTC", time.Date(2024, 3, 4, 5, 6, 7, 890_000_000, time.FixedZone("X", 3600)), `"2024-03-04T04:06:07.890000Z"`},
		{"slice", []int{1, 2, 3}, "(1 2 3)"},
		{"empty slice", []string{}, "nil"},
		{"nil slice", []string(nil), "nil"},
		{"array", [2]bool{true, false}, "(t nil)"},
		{"bytes are integers", []byte("hi"), "(104 105)"},
		{"nested", [][]string{{"a"}, {}}, `(("a") nil)`},
		{"mixed", []any{"s", 1, 2.5, nil, true}, `("s" 1 2.5 nil t)`},
		{"map sorted by key", map[string]int{"b": 2, "a": 1, "c": 3}, "(:a 1 :b 2 :c 3)"},
		{"map keys upper-cased as keywords", map[string]any{"Mixed-Case": "v"}, `(:mixed-case "v")`},
		{"named key type", map[label]int{"k": 1}, "(:k 1)"},
		{"nil map", map[string]int(nil), "nil"},
		{"nested map", map[string]any{"xs": []int{1}, "m": map[string]bool{"ok": true}}, "(:m (:ok t) :xs (1))"},
		{"pointer", &n, "7"},
		{"nil pointer", (*int)(nil), "nil"},
		{"lisp fixnum", lisp.MakeInt(3), "3"},
		{"lisp symbol", lisp.Sym("foo"), "foo"},
		{"lisp keyword", lisp.Sym(":key"), ":key"},
		{"lisp list", lisp.List(lisp.MakeInt(1), lisp.NewString("a")), `(1 "a")`},
		{"lisp char", lisp.Char('x'), `#\x`},
		{"big int", new(big.Int).Lsh(big.NewInt(1), 70), "1180591620717411303424"},
		{"ratio", big.NewRat(1, 3), "1/3"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			v, err := interp.ToLisp(tc.in)
			if err != nil {
				t.Fatalf("ToLisp: %v", err)
			}
			if diff := cmp.Diff(tc.want, lisp.Prin1ToString(v)); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func TestToLispRejects(t *testing.T) {
	tests := []struct {
		name string
		in   any
		want string
	}{
		{"channel", make(chan int), "cannot convert chan int to a Lisp value"},
		{"struct", struct{ A int }{1}, "cannot convert struct { A int } to a Lisp value"},
		{"int-keyed map", map[int]string{1: "a"}, "cannot convert map[int]string to a Lisp value"},
		{"func", func() {}, "cannot convert func() to a Lisp value"},
		{"inside a slice", []any{1, make(chan int)}, "cannot convert chan int to a Lisp value"},
		{"inside a map", map[string]any{"f": func() {}}, "cannot convert func() to a Lisp value"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			v, err := interp.ToLisp(tc.in)
			if err == nil {
				t.Fatalf("ToLisp accepted it as %s", lisp.Prin1ToString(v))
			}
			if diff := cmp.Diff(tc.want, err.Error()); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// TestFromLisp stores Lisp values into Go variables of each supported kind.
// Each case makes a fresh destination with newDst and compares what it
// holds afterwards.
func TestFromLisp(t *testing.T) {
	tests := []struct {
		name   string
		src    string
		newDst func() any // a pointer to a zero destination
		want   any        // what the pointer holds afterwards
	}{
		{"string", `"hi"`, func() any { return new(string) }, "hi"},
		{"symbol as string", `'hello-world`, func() any { return new(string) }, "hello-world"},
		{"keyword as string", `:key`, func() any { return new(string) }, "key"},
		{"char as string", `#\z`, func() any { return new(string) }, "z"},
		{"nil as string", `nil`, func() any { return new(string) }, "nil"},
		{"int64", `-12`, func() any { return new(int64) }, int64(-12)},
		{"int", `12`, func() any { return new(int) }, 12},
		{"uint8", `255`, func() any { return new(uint8) }, uint8(255)},
		{"float from float", `2.5`, func() any { return new(float64) }, 2.5},
		{"float from integer", `3`, func() any { return new(float64) }, 3.0},
		{"float from ratio", `1/4`, func() any { return new(float64) }, 0.25},
		{"float32", `0.5`, func() any { return new(float32) }, float32(0.5)},
		{"bool t", `t`, func() any { return new(bool) }, true},
		{"bool nil", `nil`, func() any { return new(bool) }, false},
		{"bool from any value", `0`, func() any { return new(bool) }, true},
		{"time", `"2024-01-02T03:04:05.123456Z"`, func() any { return new(time.Time) },
			time.Date(2024, 1, 2, 3, 4, 5, 123456000, time.UTC)},
		{"list to slice", `'(1 2 3)`, func() any { return new([]int64) }, []int64{1, 2, 3}},
		{"vector to slice", `#("a" "b")`, func() any { return new([]string) }, []string{"a", "b"}},
		{"nil to slice", `nil`, func() any { return new([]int) }, []int{}},
		{"nested slices", `'((1) (2 3) ())`, func() any { return new([][]int) }, [][]int{{1}, {2, 3}, {}}},
		{"plist to map", `'(:a 1 :b 2)`, func() any { return new(map[string]int) }, map[string]int{"a": 1, "b": 2}},
		{"plist with symbol keys", `'(x "1" y "2")`, func() any { return new(map[string]string) }, map[string]string{"x": "1", "y": "2"}},
		{"plist with string keys", `'("k" t)`, func() any { return new(map[string]bool) }, map[string]bool{"k": true}},
		{"alist to map", `'((a . 1) ("b" . 2))`, func() any { return new(map[string]int) }, map[string]int{"a": 1, "b": 2}},
		{"hash table to map", `(let ((h (make-hash-table :test 'equal))) (setf (gethash "x" h) '(1 2)) h)`,
			func() any { return new(map[string][]int) }, map[string][]int{"x": {1, 2}}},
		{"empty map", `nil`, func() any { return new(map[string]int) }, map[string]int{}},
		{"map of slices", `'(:xs (1 2) :ys nil)`, func() any { return new(map[string][]int64) },
			map[string][]int64{"xs": {1, 2}, "ys": {}}},
		{"slice of maps", `'((:n 1) (:n 2))`, func() any { return new([]map[string]int) },
			[]map[string]int{{"n": 1}, {"n": 2}}},
		{"any string", `"s"`, func() any { return new(any) }, "s"},
		{"any fixnum", `5`, func() any { return new(any) }, int64(5)},
		{"any float", `0.5`, func() any { return new(any) }, 0.5},
		{"any char", `#\a`, func() any { return new(any) }, "a"},
		{"any t", `t`, func() any { return new(any) }, true},
		{"any nil", `nil`, func() any { return new(any) }, nil},
		{"any symbol", `'foo`, func() any { return new(any) }, "foo"},
		{"any keyword", `:foo`, func() any { return new(any) }, ":foo"},
		{"any list", `'(1 "a" nil)`, func() any { return new(any) }, []any{int64(1), "a", nil}},
		{"any vector", `#(1 2)`, func() any { return new(any) }, []any{int64(1), int64(2)}},
		{"any plist", `'(:name "x" :tags ("a") :n 1)`, func() any { return new(any) },
			map[string]any{"name": "x", "tags": []any{"a"}, "n": int64(1)}},
		{"slice of any", `'(1 nil "x")`, func() any { return new([]any) }, []any{int64(1), nil, "x"}},
		{"map of any", `'(:a nil :b 2)`, func() any { return new(map[string]any) }, map[string]any{"a": nil, "b": int64(2)}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dst := tc.newDst()
			if err := interp.FromLisp(readValue(t, tc.src), dst); err != nil {
				t.Fatalf("FromLisp: %v", err)
			}
			if diff := cmp.Diff(tc.want, deref(dst)); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// TestFromLispKeepsLispValues checks that into an any, values with no Go
// counterpart stay Lisp values.
func TestFromLispKeepsLispValues(t *testing.T) {
	for _, src := range []string{`1/3`, `(expt 2 100)`, `(make-hash-table)`, `'(1 . 2)`, `#'car`} {
		v := readValue(t, src)
		var got any
		if err := interp.FromLisp(v, &got); err != nil {
			t.Fatalf("%s: %v", src, err)
		}
		if got != v {
			t.Errorf("%s: got %#v, want the Lisp value itself", src, got)
		}
	}
}

func TestFromLispRejects(t *testing.T) {
	tests := []struct {
		name   string
		src    string
		newDst func() any
		want   string
	}{
		{"number into string", `5`, func() any { return new(string) }, "FromLisp: cannot store 5 in a string"},
		{"string into int", `"5"`, func() any { return new(int) }, `FromLisp: cannot store "5" in a int`},
		{"float into int", `1.0`, func() any { return new(int64) }, "FromLisp: cannot store 1.0 in a int64"},
		{"overflow", `300`, func() any { return new(int8) }, "FromLisp: cannot store 300 in a int8"},
		{"big integer", `(expt 2 64)`, func() any { return new(int64) }, "FromLisp: cannot store 18446744073709551616 in a int64"},
		{"negative into unsigned", `-1`, func() any { return new(uint) }, "FromLisp: cannot store -1 in a uint"},
		{"string into float", `"1.5"`, func() any { return new(float64) }, `FromLisp: cannot store "1.5" in a float64`},
		{"bad time", `"noon"`, func() any { return new(time.Time) }, `FromLisp: "noon" is not a time: parsing time "noon" as "2006-01-02T15:04:05.999999999Z07:00": cannot parse "noon" as "2006"`},
		{"number into time", `1`, func() any { return new(time.Time) }, "FromLisp: cannot store 1 in a time.Time"},
		{"atom into slice", `5`, func() any { return new([]int) }, "FromLisp: 5 is not a list or vector"},
		{"string into slice", `"ab"`, func() any { return new([]string) }, `FromLisp: "ab" is not a list or vector`},
		{"dotted list into slice", `'(1 2 . 3)`, func() any { return new([]int) }, "FromLisp: (1 2 . 3) is not a proper list"},
		{"bad element", `'(1 "x")`, func() any { return new([]int) }, `FromLisp: cannot store "x" in a int`},
		{"odd plist", `'(:a 1 :b)`, func() any { return new(map[string]int) }, "FromLisp: (:a 1 :b) is not a plist"},
		{"number key", `'(1 2)`, func() any { return new(map[string]int) }, "FromLisp: plist key 1 is not a symbol"},
		{"bad alist", `'((a . 1) 2)`, func() any { return new(map[string]int) }, "FromLisp: ((a . 1) 2) is not an alist"},
		{"bad hash key", `(let ((h (make-hash-table))) (setf (gethash 1 h) 2) h)`, func() any { return new(map[string]int) },
			"FromLisp: hash key 1 is not a string or symbol"},
		{"int-keyed map", `'(:a 1)`, func() any { return new(map[int]int) }, "FromLisp: cannot store (:a 1) in a map[int]int"},
		{"struct", `'(:a 1)`, func() any { return new(struct{ A int }) }, "FromLisp: cannot store (:a 1) in a struct { A int }"},
		{"interface it does not implement", `5`, func() any { return new(error) }, "FromLisp: cannot store 5 in a error"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := interp.FromLisp(readValue(t, tc.src), tc.newDst())
			if err == nil {
				t.Fatal("FromLisp accepted it")
			}
			if diff := cmp.Diff(tc.want, err.Error()); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func TestFromLispNeedsAPointer(t *testing.T) {
	var s string
	var nilPtr *string
	for _, dst := range []any{s, nilPtr, nil} {
		if err := interp.FromLisp(lisp.NewString("x"), dst); err == nil {
			t.Errorf("FromLisp into %T succeeded", dst)
		}
	}
}

// TestRoundTrip converts Go values into Lisp and back.
func TestRoundTrip(t *testing.T) {
	tests := []struct {
		name   string
		in     any
		newDst func() any
	}{
		{"strings", []string{"a", "b c", ""}, func() any { return new([]string) }},
		{"ints", []int64{0, -1, math.MaxInt64, math.MinInt64}, func() any { return new([]int64) }},
		{"floats", []float64{0.1, -2.5, 1e300}, func() any { return new([]float64) }},
		{"counts", map[string]int64{"x": 1, "y-z": 2}, func() any { return new(map[string]int64) }},
		{"nested", map[string][]string{"tags": {"a", "b"}}, func() any { return new(map[string][]string) }},
		{"time", time.Date(2023, 12, 31, 23, 59, 59, 999999000, time.UTC), func() any { return new(time.Time) }},
		{"natural", map[string]any{"s": "x", "n": int64(3), "f": 0.5, "ok": true, "xs": []any{int64(1), "two"}},
			func() any { return new(any) }},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			v, err := interp.ToLisp(tc.in)
			if err != nil {
				t.Fatalf("ToLisp: %v", err)
			}
			dst := tc.newDst()
			if err := interp.FromLisp(v, dst); err != nil {
				t.Fatalf("FromLisp(%s): %v", lisp.Prin1ToString(v), err)
			}
			if diff := cmp.Diff(tc.in, deref(dst)); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func TestSetGet(t *testing.T) {
	it := interp.New(interp.Options{})
	if err := it.Set("*people*", []map[string]any{{"name": "ada", "age": 36}, {"name": "alan", "age": 41}}); err != nil {
		t.Fatal(err)
	}
	got := run(t, it, `(mapcar (lambda (p) (getf p :name)) *people*)`)
	if diff := cmp.Diff(ok(`("ada" "alan")`), got); diff != "" {
		t.Errorf("reading the global (-want +got):\n%s", diff)
	}
	run(t, it, `(defparameter *oldest* (reduce #'max (mapcar (lambda (p) (getf p :age)) *people*)))`)
	var oldest int
	if err := it.Get("*oldest*", &oldest); err != nil {
		t.Fatal(err)
	}
	if oldest != 41 {
		t.Errorf("*oldest* = %d, want 41", oldest)
	}
	var names []string
	if err := it.Get("*oldest*", &names); err == nil {
		t.Errorf("Get of a number into []string succeeded: %v", names)
	}
	if err := it.Set("*bad*", make(chan int)); err == nil {
		t.Error("Set of a channel succeeded")
	}
	var missing any
	err := it.Get("*missing*", &missing)
	var c *lisp.Condition
	if !errors.As(err, &c) || c.Class != lisp.ClassUnboundVariable {
		t.Errorf("Get of an unbound variable: %v, want an unbound-variable condition", err)
	}
}

func TestToJSON(t *testing.T) {
	tests := []struct {
		src  string
		want string
	}{
		{`"s"`, `"s"`},
		{`42`, `42`},
		{`-0.5`, `-0.5`},
		{`t`, `true`},
		{`nil`, `null`},
		{`'sym`, `"sym"`},
		{`:key`, `":key"`},
		{`#\a`, `"a"`},
		{`1/3`, `"1/3"`},
		{`(expt 2 80)`, `"1208925819614629174706176"`},
		{`'(1 "two" 3.0)`, `[1,"two",3]`},
		{`#(1 #(2))`, `[1,[2]]`},
		{`'(:a 1 :b (:c nil))`, `{"a":1,"b":{"c":null}}`},
		{`'(:a)`, `[":a"]`},
		{`'(:a 1 b 2)`, `[":a",1,"b",2]`},
		{`'(1 . 2)`, `"(1 . 2)"`},
		{`(make-hash-table)`, `"#\u003chash-table :test eql :count 0\u003e"`},
	}
	for _, tc := range tests {
		t.Run(tc.src, func(t *testing.T) {
			b, err := json.Marshal(interp.ToJSON(readValue(t, tc.src)))
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, string(b)); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// deref returns what the pointer p points to.
func deref(p any) any { return reflect.ValueOf(p).Elem().Interface() }
