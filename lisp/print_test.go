package lisp

import (
	"math"
	"math/big"
	"strings"
	"testing"
)

type namedFn string

func (f namedFn) FunctionName() string { return string(f) }

type lambdaFn struct{ params Value }

func (lambdaFn) FunctionName() string { return "" }
func (f lambdaFn) LambdaList() Value  { return f.params }

func TestPrintObjects(t *testing.T) {
	equalTable := NewHashTable(SymEqual)
	equalTable.Put(NewString("a"), MakeInt(1))
	equalTable.Put(NewString("b"), MakeInt(2))
	big2 := new(big.Int).Lsh(big.NewInt(1), 100)
	fill := &Vector{Items: []Value{MakeInt(0), MakeInt(0)}, FillPointer: true}
	str := NewStringStream()
	tests := []struct {
		name         string
		v            Value
		prin1, princ string
	}{
		{"hash table", equalTable, "#<hash-table :test equal :count 2>", "#<hash-table :test equal :count 2>"},
		{"eql table", NewHashTable(SymEql), "#<hash-table :test eql :count 0>", "#<hash-table :test eql :count 0>"},
		{"builtin", namedFn("CAR"), "#<function car>", "#<function car>"},
		{"lower-case name", namedFn("foo"), "#<function foo>", "#<function foo>"},
		{"lambda", lambdaFn{List(Sym("x"), Sym("&optional"), Sym("y"))}, "#<function (lambda (x &optional y))>", "#<function (lambda (x &optional y))>"},
		{"lambda no args", lambdaFn{Nil}, "#<function (lambda ())>", "#<function (lambda ())>"},
		{"simple error", &Condition{Class: ClassSimpleError, Message: "boom 1"}, `#<simple-error "boom 1">`, "boom 1"},
		{"type error", &Condition{Class: ClassTypeError, Message: "car: the value 5 is not a list", Datum: MakeInt(5), Expected: Sym("list")},
			"#<type-error expected-type: list datum: 5>", "car: the value 5 is not a list"},
		{"division by zero", &Condition{Class: ClassDivisionByZero, Message: "arithmetic error division-by-zero signalled"},
			"#<division-by-zero>", "arithmetic error division-by-zero signalled"},
		{"classless condition", &Condition{Message: "m"}, "#<condition>", "m"},
		{"string stream", str, "#<string-output-stream>", "#<string-output-stream>"},
		{"output stream", NewStream(&strings.Builder{}), "#<output-stream>", "#<output-stream>"},
		{"bignum", big2, "1267650600228229401496703205376", "1267650600228229401496703205376"},
		{"ratio", big.NewRat(-5, 2), "-5/2", "-5/2"},
		{"fill pointer", fill, "#(0 0)", "#(0 0)"},
		{"uninterned", &Symbol{Name: "G12"}, "#:g12", "g12"},
		{"uninterned shadowing", &Symbol{Name: "CAR"}, "#:car", "car"},
		{"keyword", Sym(":matched"), ":matched", "matched"},
		{"positive infinity", Float(math.Inf(1)), "#.double-float-positive-infinity", "#.double-float-positive-infinity"},
		{"negative infinity", Float(math.Inf(-1)), "#.double-float-negative-infinity", "#.double-float-negative-infinity"},
		{"nan", Float(math.NaN()), "#<double-float quiet NaN>", "#<double-float quiet NaN>"},
		{"string with quote", NewString(`say "hi"`), `"say \"hi\""`, `say "hi"`},
		{"char in list", List(Char('a'), NewString("b")), `(#\a "b")`, "(a b)"},
		{"negative char code", Char(-1), `#\UFFFFFFFF`, "\uFFFD"},
		{"go nil", nil, "#<go nil>", "#<go nil>"},
		{"go value", 3.5, "#<go float64>", "#<go float64>"},
		{"plist", List(Sym(":matched"), MakeInt(3), Sym(":showing"), MakeInt(2)), "(:matched 3 :showing 2)", "(matched 3 showing 2)"},
	}
	for _, tt := range tests {
		if got := Prin1ToString(tt.v); got != tt.prin1 {
			t.Errorf("%s: prin1 = %s, want %s", tt.name, got, tt.prin1)
		}
		if got := PrincToString(tt.v); got != tt.princ {
			t.Errorf("%s: princ = %s, want %s", tt.name, got, tt.princ)
		}
	}
}

func TestPrintStreams(t *testing.T) {
	s := NewStringStream()
	Prin1(s, NewString("a"))
	Princ(s, NewString("b"))
	WriteValue(s, Intern("x"), true)
	WriteValue(s, Char('c'), false)
	if got, want := s.TakeString(), `"a"b|x|c`; got != want {
		t.Errorf("stream = %q, want %q", got, want)
	}
}

func TestPrintString(t *testing.T) {
	if got, want := PrintString(`a"b\c`+"\n"), `"a\"b\\c`+"\n\""; got != want {
		t.Errorf("PrintString = %q, want %q", got, want)
	}
}

func TestPrintCircular(t *testing.T) {
	tail := &Cons{Car: MakeInt(1), Cdr: Nil}
	tail.Cdr = tail
	got := Prin1ToString(tail)
	if !strings.HasSuffix(got, " 1 ...)") || strings.Count(got, "1") != maxPrintLength {
		t.Errorf("circular cdr printed %d bytes ending %q", len(got), got[len(got)-20:])
	}

	head := &Cons{Car: Nil, Cdr: Nil}
	head.Car = head
	got = Prin1ToString(head)
	if want := strings.Repeat("(", maxPrintDepth) + "#" + strings.Repeat(")", maxPrintDepth); got != want {
		t.Errorf("circular car printed %q", got)
	}

	// Each level refers to itself twice, so the output would double at
	// every level without the object budget.
	both := &Cons{}
	both.Car, both.Cdr = both, &Cons{Car: both, Cdr: Nil}
	if got := Prin1ToString(both); len(got) > 8*maxPrintObjects {
		t.Errorf("doubly circular list printed %d bytes", len(got))
	}

	v := &Vector{}
	v.Items = []Value{v}
	if got := Prin1ToString(v); !strings.Contains(got, "#(#(#") || !strings.HasSuffix(got, "))") {
		t.Errorf("circular vector printed %q", got)
	}
}

func TestPrintLongVector(t *testing.T) {
	items := make([]Value, maxPrintLength+5)
	for i := range items {
		items[i] = MakeInt(0)
	}
	got := Prin1ToString(&Vector{Items: items})
	if !strings.HasSuffix(got, " 0 ...)") {
		t.Errorf("long vector ends %q", got[len(got)-12:])
	}
}

func TestCharName(t *testing.T) {
	tests := []struct {
		c    Char
		bare bool
		want string
	}{
		{'a', true, "a"},
		{'a', false, "LATIN_SMALL_LETTER_A"},
		{' ', true, "Space"},
		{'\n', true, "Newline"},
		{0x7f, true, "Rubout"},
		{0x85, true, "Next-Line"},
		{0xE9, true, "LATIN_SMALL_LETTER_E_WITH_ACUTE"},
		{0xAC00, true, "HANGUL_SYLLABLE_GA"},
		{0xD7A3, true, "HANGUL_SYLLABLE_HIH"},
		{0xD55C, true, "HANGUL_SYLLABLE_HAN"},
		{0x65E5, true, "U65E5"},
		{0x378, true, "U378"},
	}
	for _, tt := range tests {
		if got := CharName(tt.c, tt.bare); got != tt.want {
			t.Errorf("CharName(%U, %v) = %q, want %q", tt.c, tt.bare, got, tt.want)
		}
	}
}
