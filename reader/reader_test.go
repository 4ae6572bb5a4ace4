package reader

import (
	"errors"
	"io"
	"math"
	"math/big"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/nodelisp/nodelisp/lisp"
)

// valueCmp compares Lisp values structurally: numbers by value (and floats
// by sign too, so -0.0 is not 0.0), packages by identity.
var valueCmp = cmp.Options{
	cmp.Comparer(func(a, b *big.Int) bool { return a.Cmp(b) == 0 }),
	cmp.Comparer(func(a, b *big.Rat) bool { return a.Cmp(b) == 0 }),
	cmp.Comparer(func(a, b lisp.Float) bool {
		return math.Float64bits(float64(a)) == math.Float64bits(float64(b))
	}),
	// A package is one object, as a symbol's home.
	cmp.Comparer(func(a, b *lisp.Package) bool { return a == b }),
}

func sym(s string) lisp.Value { return lisp.Sym(s) }

func bigInt(s string) *big.Int {
	b, _ := new(big.Int).SetString(s, 10)
	return b
}

func str(s string) lisp.Value { return lisp.NewString(s) }

func readOne(t *testing.T, src string) lisp.Value {
	t.Helper()
	cell, err := ReadCell(src)
	if err != nil {
		t.Fatalf("ReadCell(%q): %v", src, err)
	}
	if len(cell.Forms) != 1 {
		t.Fatalf("ReadCell(%q): %d forms, want 1", src, len(cell.Forms))
	}
	return cell.Forms[0]
}

func TestReadNumbers(t *testing.T) {
	tests := []struct {
		src  string
		want lisp.Value
	}{
		{"0", lisp.Fixnum(0)},
		{"42", lisp.Fixnum(42)},
		{"-17", lisp.Fixnum(-17)},
		{"+5", lisp.Fixnum(5)},
		{"1.", lisp.Fixnum(1)},
		{"9223372036854775807", lisp.Fixnum(math.MaxInt64)},
		{"-9223372036854775808", lisp.Fixnum(math.MinInt64)},
		{"9223372036854775808", bigInt("9223372036854775808")},
		{"-123456789012345678901234567890", bigInt("-123456789012345678901234567890")},
		{"1/3", big.NewRat(1, 3)},
		{"-5/2", big.NewRat(-5, 2)},
		{"4/2", lisp.Fixnum(2)},
		{"-2/4", big.NewRat(-1, 2)},
		{"0/5", lisp.Fixnum(0)},
		{"1.5", lisp.Float(1.5)},
		{".5", lisp.Float(0.5)},
		{"-.5", lisp.Float(-0.5)},
		{"+.5", lisp.Float(0.5)},
		{"1e10", lisp.Float(1e10)},
		{"1E10", lisp.Float(1e10)},
		{"1.5d0", lisp.Float(1.5)},
		{"1.5f0", lisp.Float(1.5)},
		{"1.5s0", lisp.Float(1.5)},
		{"2.5l-1", lisp.Float(0.25)},
		{"1.e5", lisp.Float(1e5)},
		{"1.5e+3", lisp.Float(1500)},
		{"-0.0", lisp.Float(math.Copysign(0, -1))},
		{"0.0", lisp.Float(0)},
		{"0.1", lisp.Float(0.1)},
		{"1d-400", lisp.Float(0)},
		{"#x1F", lisp.Fixnum(31)},
		{"#XFF", lisp.Fixnum(255)},
		{"#x-1a", lisp.Fixnum(-26)},
		{"#x-1/2", big.NewRat(-1, 2)},
		{"#b101", lisp.Fixnum(5)},
		{"#o17", lisp.Fixnum(15)},
		{"#36rZZ", lisp.Fixnum(36*36 - 1)},
		{"#3r12", lisp.Fixnum(5)},
		{"#xFFFFFFFFFFFFFFFFFF", bigInt("4722366482869645213695")},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, readOne(t, tt.src), valueCmp); diff != "" {
			t.Errorf("read %q (-want +got):\n%s", tt.src, diff)
		}
	}
}

func TestReadSymbols(t *testing.T) {
	tests := []struct {
		src  string
		want lisp.Value
	}{
		{"foo", lisp.Intern("FOO")},
		{"FooBar", lisp.Intern("FOOBAR")},
		{"nil", lisp.Nil},
		{"NIL", lisp.Nil},
		{"t", lisp.T},
		{"|Foo Bar|", lisp.Intern("Foo Bar")},
		{"a|b c|d", lisp.Intern("Ab cD")},
		{`f\oo`, lisp.Intern("FoO")},
		{`\1`, lisp.Intern("1")},
		{`|a\|b|`, lisp.Intern("a|b")},
		{":match", lisp.InternKeyword("MATCH")},
		{":Test", lisp.InternKeyword("TEST")},
		{"cl:car", lisp.Intern("CAR")},
		{"common-lisp:car", lisp.Intern("CAR")},
		{"cl-user::foo", lisp.Intern("FOO")},
		{"CL-USER::foo", lisp.Intern("FOO")},
		{"keyword:foo", lisp.InternKeyword("FOO")},
		{`a\:b`, lisp.Intern("A:B")},
		{"|a:b|", lisp.Intern("a:b")},
		{"1+", lisp.Intern("1+")},
		{"1-", lisp.Intern("1-")},
		{"+", lisp.Intern("+")},
		{"-", lisp.Intern("-")},
		{"3.x", lisp.Intern("3.X")},
		{"1/-2", lisp.Intern("1/-2")},
		{"1e", lisp.Intern("1E")},
		{"1.5e+", lisp.Intern("1.5E+")},
		{"+.", lisp.Intern("+.")},
		{"a.b", lisp.Intern("A.B")},
		{"1/", lisp.Intern("1/")},
		{"/", lisp.Intern("/")},
		{"--1", lisp.Intern("--1")},
		{"a#b", lisp.Intern("A#B")},
		{"straße", lisp.Intern("STRAßE")},
		{"é", lisp.Intern("É")},
		{"||", lisp.Intern("")},
	}
	for _, tt := range tests {
		got := readOne(t, tt.src)
		if got != tt.want {
			t.Errorf("read %q = %#v, want %#v", tt.src, got, tt.want)
		}
	}
}

func TestReadUninterned(t *testing.T) {
	got, ok := readOne(t, "#:foo").(*lisp.Symbol)
	if !ok || got.Name != "FOO" || got == lisp.Intern("FOO") {
		t.Errorf("read #:foo = %#v, want a fresh symbol named FOO", got)
	}
}

func TestReadStringsAndChars(t *testing.T) {
	tests := []struct {
		src  string
		want lisp.Value
	}{
		{`""`, str("")},
		{`"abc"`, str("abc")},
		{`"a\"b"`, str(`a"b`)},
		{`"a\\b"`, str(`a\b`)},
		{`"a\nb"`, str("anb")},
		{"\"two\nlines\"", str("two\nlines")},
		{`"é ☃"`, str("é ☃")},
		{`#\a`, lisp.Char('a')},
		{`#\A`, lisp.Char('A')},
		{`#\(`, lisp.Char('(')},
		{`#\)`, lisp.Char(')')},
		{`#\;`, lisp.Char(';')},
		{`#\\`, lisp.Char('\\')},
		{`#\"`, lisp.Char('"')},
		{`#\ `, lisp.Char(' ')},
		{`#\é`, lisp.Char('é')},
		{`#\Space`, lisp.Char(' ')},
		{`#\space`, lisp.Char(' ')},
		{`#\SPACE`, lisp.Char(' ')},
		{`#\Newline`, lisp.Char('\n')},
		{`#\Linefeed`, lisp.Char('\n')},
		{`#\Tab`, lisp.Char('\t')},
		{`#\Return`, lisp.Char('\r')},
		{`#\Backspace`, lisp.Char('\b')},
		{`#\Page`, lisp.Char('\f')},
		{`#\Rubout`, lisp.Char(0x7f)},
		{`#\Nul`, lisp.Char(0)},
		{`#\Null`, lisp.Char(0)},
		{`#\Esc`, lisp.Char(0x1b)},
		{`#\U+41`, lisp.Char('A')},
		{`#\u263a`, lisp.Char('☺')},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, readOne(t, tt.src), valueCmp); diff != "" {
			t.Errorf("read %q (-want +got):\n%s", tt.src, diff)
		}
	}
}

func TestReadStructure(t *testing.T) {
	a, b, c := sym("a"), sym("b"), sym("c")
	tests := []struct {
		src  string
		want lisp.Value
	}{
		{"()", lisp.Nil},
		{"( )", lisp.Nil},
		{"(a)", lisp.List(a)},
		{"(a b c)", lisp.List(a, b, c)},
		{"(a (b) ((c)))", lisp.List(a, lisp.List(b), lisp.List(lisp.List(c)))},
		{"(a . b)", &lisp.Cons{Car: a, Cdr: b}},
		{"(a b . c)", lisp.ListStar(c, a, b)},
		{"(a . (b c))", lisp.List(a, b, c)},
		{"(a .b)", lisp.List(a, sym(".b"))},
		{"(a ,@b)", nil},
		{"'x", lisp.List(sym("quote"), sym("x"))},
		{"''x", lisp.List(sym("quote"), lisp.List(sym("quote"), sym("x")))},
		{"'(a b)", lisp.List(sym("quote"), lisp.List(a, b))},
		{"' x", lisp.List(sym("quote"), sym("x"))},
		{"`x", lisp.List(lisp.SymQuasiquote, sym("x"))},
		{"`(a ,b ,@c)", lisp.List(lisp.SymQuasiquote, lisp.List(a,
			lisp.List(lisp.SymUnquote, b), lisp.List(lisp.SymUnquoteSplicing, c)))},
		{"`(a ,.c)", lisp.List(lisp.SymQuasiquote, lisp.List(a, lisp.List(lisp.SymUnquoteNsplicing, c)))},
		{"``,,a", lisp.List(lisp.SymQuasiquote, lisp.List(lisp.SymQuasiquote,
			lisp.List(lisp.SymUnquote, lisp.List(lisp.SymUnquote, a))))},
		{"#'f", lisp.List(sym("function"), sym("f"))},
		{"#'(lambda (x) x)", lisp.List(sym("function"), lisp.List(sym("lambda"), lisp.List(sym("x")), sym("x")))},
		{"#(1 2 3)", &lisp.Vector{Items: []lisp.Value{lisp.Fixnum(1), lisp.Fixnum(2), lisp.Fixnum(3)}}},
		{"#()", &lisp.Vector{Items: []lisp.Value{}}},
		{"#(a #(b))", &lisp.Vector{Items: []lisp.Value{a, &lisp.Vector{Items: []lisp.Value{b}}}}},
		{"(a;comment\nb)", lisp.List(a, b)},
		{"(a #| block |# b)", lisp.List(a, b)},
		{"(a #| outer #| inner |# still |# b)", lisp.List(a, b)},
		{"(a#|x|#)", lisp.List(lisp.Intern("A#x#"))},
		{"(a\"s\"b)", lisp.List(a, str("s"), b)},
		{"(a'b)", lisp.List(a, lisp.List(sym("quote"), b))},
		{"(#+sbcl 1 #-sbcl 2 #+(or) 3 #+(and) 4)", lisp.List(lisp.Fixnum(2), lisp.Fixnum(4))},
		{"(#+nodelisp 1 #+:common-lisp 2 #-(not nodelisp) 3 #+(and nodelisp (or sbcl ccl)) 4)",
			lisp.List(lisp.Fixnum(1), lisp.Fixnum(2), lisp.Fixnum(3))},
		{"(#+sbcl (sb-ext:quit :foo #\\Bogus 1/0 ...) a)", lisp.List(a)},
		{"(#+sbcl #+ccl x y z)", lisp.List(sym("z"))},
		{"(a #+sbcl . b)", nil},
	}
	for _, tt := range tests {
		if tt.want == nil {
			continue
		}
		if diff := cmp.Diff(tt.want, readOne(t, tt.src), valueCmp); diff != "" {
			t.Errorf("read %q (-want +got):\n%s", tt.src, diff)
		}
	}
}

func TestReadErrors(t *testing.T) {
	tests := []struct {
		src        string
		want       string
		incomplete bool
	}{
		{"(a b", "1:1: unterminated list", true},
		{"(a\n  (b c", "2:3: unterminated list", true},
		{"x (a . b", "1:3: unterminated list", true},
		{"(a .", "1:1: unterminated list", true},
		{`"abc`, "1:1: unterminated string", true},
		{"(print\n  (foo \"bar", "2:8: unterminated string", true},
		{`"abc\`, "1:1: unterminated string", true},
		{"#| never closed", "1:1: unterminated #| comment", true},
		{"#| a #| b |# c", "1:1: unterminated #| comment", true},
		{"#(1 2", "1:1: unterminated vector", true},
		{"'", "1:1: end of input after '", true},
		{"(a ')", "1:4: missing form after '", false},
		{"`", "1:1: end of input after `", true},
		{"`,", "1:2: end of input after ,", true},
		{"#'", "1:1: end of input after #'", true},
		{"#", "1:1: end of input after #", true},
		{`#\`, `1:1: end of input after #\`, true},
		{`abc\`, `1:4: end of input after \`, true},
		{"|abc", "1:1: unterminated |symbol|", true},
		{"#+sbcl", "1:1: end of input after #+ expression", true},
		{"#+", "1:1: end of input after #+", true},
		{"#x", "1:1: end of input after #x", true},
		{")", "1:1: unbalanced )", false},
		{"(a) )", "1:5: unbalanced )", false},
		{"a\n  )", "2:3: unbalanced )", false},
		{"(a . b c)", "1:8: more than one form after dot", false},
		{"(. a)", "1:2: dot in wrong place", false},
		{"(a . )", "1:4: dot in wrong place", false},
		{"(a . . b)", "1:4: dot in wrong place", false},
		{".", "1:1: dot in wrong place", false},
		{"'.", "1:2: dot in wrong place", false},
		{"#(a . b)", "1:5: dot in wrong place", false},
		{"...", "1:1: too many dots", false},
		{"(a ..)", "1:4: too many dots", false},
		{`  #\Foo`, `1:3: bad character name #\Foo`, false},
		{"1/0", "1:1: division by zero in ratio 1/0", false},
		{"#x1/0", "1:1: division by zero in ratio 1/0", false},
		{"1d400", "1:1: floating-point overflow reading 1d400", false},
		{"#xZZ", "1:1: bad number #xZZ", false},
		{"#b102", "1:1: bad number #b102", false},
		{"#x)", "1:1: missing number after #x", false},
		{"#1r0", "1:1: bad radix in #1r", false},
		{"#r0", "1:1: bad radix in #r", false},
		{",a", "1:1: comma not inside a backquote", false},
		{"`(a ,,b)", "1:6: comma not inside a backquote", false},
		{"#c(1 2 3)", "1:1: #C needs a list of two reals, not (1 2 3)", false},
		{"#*102", "1:1: bad bit vector: 2 is not 0 or 1", false},
		{"#1#", "1:1: #1# refers to no label defined before it", false},
		{"(#1=a #1=b)", "1:7: label #1= is defined twice", false},
		{"a:b:c", "1:1: too many colons in a:b:c", false},
		{"::a", "1:1: too many colons in ::a", false},
		{"cl:", "1:1: missing symbol name after package marker in cl:", false},
		{"#+(xor a) 1", "1:1: bad feature expression (xor a)", false},
		{"#+3 1", "1:1: bad feature expression 3", false},
	}
	for _, tt := range tests {
		_, err := ReadCell(tt.src)
		var re *Error
		if !errors.As(err, &re) {
			t.Errorf("ReadCell(%q) error = %v, want a *reader.Error", tt.src, err)
			continue
		}
		if re.Error() != tt.want || re.Incomplete != tt.incomplete {
			t.Errorf("ReadCell(%q) error = %q (incomplete %v), want %q (incomplete %v)",
				tt.src, re.Error(), re.Incomplete, tt.want, tt.incomplete)
		}
	}
}

func TestReadCellFormsBeforeError(t *testing.T) {
	cell, err := ReadCell("(a) b (c")
	if err == nil {
		t.Fatal("want an error")
	}
	want := []lisp.Value{lisp.List(sym("a")), sym("b")}
	if diff := cmp.Diff(want, cell.Forms, valueCmp); diff != "" {
		t.Errorf("forms before the error (-want +got):\n%s", diff)
	}
}

func TestPositions(t *testing.T) {
	src := "(a)\n  (b (c d)\n     'e)\n\t;; x\n  ☃ (f)"
	source := &lisp.Source{Seq: 7}
	cell, err := ReadSource(src, source)
	if err != nil {
		t.Fatal(err)
	}
	first, second, third := cell.Forms[0], cell.Forms[1], cell.Forms[3]
	inner := lisp.Car(lisp.Cdr(second))
	quoted := lisp.Car(lisp.Cdr(lisp.Cdr(second)))
	tests := []struct {
		name string
		v    lisp.Value
		want lisp.Pos
	}{
		{"first", first, lisp.Pos{Line: 1, Col: 1, Source: source}},
		{"second", second, lisp.Pos{Line: 2, Col: 3, Source: source}},
		{"inner", inner, lisp.Pos{Line: 2, Col: 6, Source: source}},
		{"quote", quoted, lisp.Pos{Line: 3, Col: 6, Source: source}},
		{"after a rune", third, lisp.Pos{Line: 5, Col: 5, Source: source}},
	}
	for _, tt := range tests {
		got, ok := cell.Pos(tt.v)
		if !ok || got != tt.want {
			t.Errorf("%s: Pos = %v, %v; want %v", tt.name, got, ok, tt.want)
		}
	}
	if _, ok := cell.Pos(sym("a")); ok {
		t.Error("a symbol has no position")
	}
	if _, ok := cell.Pos(lisp.Cdr(first)); ok {
		t.Error("nil has no position")
	}
}

func TestNote(t *testing.T) {
	tests := []struct {
		src     string
		note    string
		hasNote bool
	}{
		{";; look first\n(a)", "look first", true},
		{"\n\n  ;; indented note\n(a)", "indented note", true},
		{";;;  x\n", " x", true},
		{";;;;no space", "no space", true},
		{";;", "", true},
		{"; one semicolon\n(a)", "", false},
		{"(a) ;; too late", "", false},
		{"(a)\n;; second line", "", false},
		{"", "", false},
		{";; trailing space   \r\n(a)", "trailing space", true},
		{"#| block |#\n;; after a block comment", "", false},
		{"#|\n;; inside a block comment\n|#", "", false},
	}
	for _, tt := range tests {
		cell, err := ReadCell(tt.src)
		if err != nil {
			t.Fatalf("ReadCell(%q): %v", tt.src, err)
		}
		if cell.Note != tt.note || cell.HasNote != tt.hasNote {
			t.Errorf("ReadCell(%q) note = %q, %v; want %q, %v", tt.src, cell.Note, cell.HasNote, tt.note, tt.hasNote)
		}
	}
}

func TestReaderOffsets(t *testing.T) {
	tests := []struct {
		src    string
		offset int
	}{
		{"abc def", 4},
		{"(a) b", 3},
		{"abc(def", 3},
		{"#x1F  z", 5},
		{`#\a  z`, 4},
		{`"s" t`, 3},
		{"  ; c\n x", 8},
		{"é b", 3},
	}
	for _, tt := range tests {
		r := New(tt.src)
		if _, err := r.Read(); err != nil {
			t.Fatalf("Read(%q): %v", tt.src, err)
		}
		if r.Offset() != tt.offset {
			t.Errorf("Read(%q) offset = %d, want %d", tt.src, r.Offset(), tt.offset)
		}
	}
}

func TestReaderEOF(t *testing.T) {
	r := New(" 1 (2) ; done\n #| c |# ")
	var got []lisp.Value
	for {
		v, err := r.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, v)
	}
	want := []lisp.Value{lisp.Fixnum(1), lisp.List(lisp.Fixnum(2))}
	if diff := cmp.Diff(want, got, valueCmp); diff != "" {
		t.Errorf("forms (-want +got):\n%s", diff)
	}
	if p, ok := r.Pos(got[1]); !ok || p != (lisp.Pos{Line: 1, Col: 4}) {
		t.Errorf("Reader.Pos = %v, %v", p, ok)
	}
}

func TestDeepNesting(t *testing.T) {
	deep := make([]byte, 0, 2*maxDepth+10)
	for range maxDepth + 5 {
		deep = append(deep, '(')
	}
	_, err := ReadCell(string(deep))
	var re *Error
	if !errors.As(err, &re) || re.Msg != "forms nested too deeply" {
		t.Errorf("deep nesting error = %v", err)
	}
}

func TestReadPrintedCharNames(t *testing.T) {
	for _, c := range []rune{'é', '☃', 0x85, 0xAC00, 0xA0, 1, 0x1F600, 'a', '(', 0x0301} {
		src := lisp.Prin1ToString(lisp.Char(c))
		if got := readOne(t, src); got != lisp.Char(c) {
			t.Errorf("read %s = %#v, want %U", src, got, c)
		}
	}
	if got := readOne(t, `#\latin_small_letter_e_with_acute`); got != lisp.Char('é') {
		t.Errorf("lower-case long name read as %#v", got)
	}
}

// One read answers whether the cell is whole, with its forms, its note
// and its text: a front end never reads a cell twice.
func TestCellReadOnce(t *testing.T) {
	tests := []struct {
		src        string
		forms      int
		incomplete bool
		malformed  bool
		note       string
	}{
		{";; sum\n(+ 1 2)", 1, false, false, "sum"},
		{";; open\n(+ 1", 0, true, false, "open"},
		{"\"unterminated", 0, true, false, ""},
		{"(a) )", 1, false, true, ""},
		{";; only a note", 0, false, false, "only a note"},
	}
	for _, tt := range tests {
		cell, err := ReadCell(tt.src)
		if cell.Err() != err {
			t.Errorf("%q: Err() = %v, ReadCell gave %v", tt.src, cell.Err(), err)
		}
		if len(cell.Forms) != tt.forms || cell.Incomplete() != tt.incomplete || (err != nil && !tt.incomplete) != tt.malformed {
			t.Errorf("%q: %d forms, incomplete %v, error %v", tt.src, len(cell.Forms), cell.Incomplete(), err)
		}
		if cell.Note != tt.note || cell.Text() != tt.src {
			t.Errorf("%q: note %q, text %q", tt.src, cell.Note, cell.Text())
		}
	}
}

// A place inside a string literal is a position in the cell's text:
// across a newline in the string, and past escapes, which take two
// characters of the text for one of the string.
func TestInString(t *testing.T) {
	src := "(f \"ab ~q\")\n  (g \"x\\\"y\nz☃~w\")"
	cell, err := ReadCell(src)
	if err != nil {
		t.Fatal(err)
	}
	first := lisp.Car(lisp.Cdr(cell.Forms[0])).(*lisp.String)
	second := lisp.Car(lisp.Cdr(cell.Forms[1])).(*lisp.String)
	tests := []struct {
		s         *lisp.String
		off       int
		line, col int
	}{
		{first, 0, 1, 5},
		{first, 3, 1, 8},  // the ~
		{first, 4, 1, 9},  // the q
		{second, 1, 2, 8}, // the escaped quote, at its backslash's end
		{second, 2, 2, 10},
		{second, strings.Index(second.S, "~"), 3, 3},
	}
	for _, tt := range tests {
		p, ok := cell.InString(tt.s, tt.off)
		if !ok || p.Line != tt.line || p.Col != tt.col || p.Source != cell.Source() {
			t.Errorf("%q at %d: %v, %v; want %d:%d", tt.s.S, tt.off, p, ok, tt.line, tt.col)
		}
	}
	if _, ok := cell.InString(lisp.NewString("ab ~q"), 3); ok {
		t.Error("a string the cell did not read has a place in it")
	}
}

// A newline given the syntax of ; begins a comment that runs to the next
// newline, so this text is all comment: the reader looped forever on it
// before (the ANSI reader chapter's set-syntax-from-char tests hung it).
func TestNewlineAsCommentCharacter(t *testing.T) {
	rt := NewReadtable()
	rt.SetSyntaxFrom('\n', ';', nil)
	r := New("x\n\n  y")
	r.SetReadtable(rt)
	v, err := r.Read()
	if err != nil || lisp.Prin1ToString(v) != "x" {
		t.Fatalf("got %v, %v; want x", v, err)
	}
	if v, err := r.Read(); !errors.Is(err, io.EOF) {
		t.Errorf("got %v, %v; want the end: the rest is comment", v, err)
	}
}
