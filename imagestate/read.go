package imagestate

import (
	"fmt"
	"math/big"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/nodelisp/nodelisp/lisp"
)

// Read parses one value's state text as Print writes it. Labels are
// resolved as they are read, so a #n# inside the object #n= labels (a
// cycle) is that very object. Text that holds a structure or class
// instance needs ReadIn, which knows the image's classes.
func Read(text string) (v lisp.Value, err error) {
	return ReadIn(text, nil)
}

// Classes finds the class an image defines under a name.
type Classes func(name *lisp.Symbol) (*lisp.Class, bool)

// ReadIn is Read with the classes instances are made of (#I(…)): an
// instance of a class the image does not define, or naming a slot the
// class lacks, is an error.
func ReadIn(text string, classes Classes) (v lisp.Value, err error) {
	return ReadInPackages(text, classes, nil)
}

// ReadInPackages is ReadIn for an image with packages of its own: a
// symbol written |PKG|::NAME is found, or made, in the package pkgs
// names.
func ReadInPackages(text string, classes Classes, pkgs *lisp.Packages) (v lisp.Value, err error) {
	r := &parser{s: text, labels: map[int]lisp.Value{}, classes: classes, pkgs: pkgs}
	defer func() {
		if p := recover(); p != nil {
			e, ok := p.(parseError)
			if !ok {
				panic(p)
			}
			err = e
		}
	}()
	v = r.value()
	r.space()
	if r.i < len(r.s) {
		r.fail("text after the value")
	}
	return v, nil
}

type parseError struct {
	at  int
	msg string
}

func (e parseError) Error() string { return fmt.Sprintf("state text at %d: %s", e.at, e.msg) }

type parser struct {
	s       string
	i       int
	labels  map[int]lisp.Value
	classes Classes
	depth   int            // nesting, bounded: state text may come from any log
	pkgs    *lisp.Packages // the image's, for |PKG|::NAME; nil: none
}

func (r *parser) fail(format string, args ...any) {
	panic(parseError{at: r.i, msg: fmt.Sprintf(format, args...)})
}

func (r *parser) space() {
	for r.i < len(r.s) && (r.s[r.i] == ' ' || r.s[r.i] == '\n' || r.s[r.i] == '\t') {
		r.i++
	}
}

func (r *parser) peek() byte {
	if r.i >= len(r.s) {
		r.fail("unexpected end")
	}
	return r.s[r.i]
}

func (r *parser) expect(b byte) {
	if r.peek() != b {
		r.fail("expected %q", b)
	}
	r.i++
}

func (r *parser) value() lisp.Value {
	r.depth++
	defer func() { r.depth-- }()
	if r.depth > lisp.MaxWalkDepth {
		r.fail("nested more than %d deep", lisp.MaxWalkDepth)
	}
	r.space()
	switch c := r.peek(); {
	case c == '(':
		r.i++
		return r.list(nil)
	case c == '"':
		return lisp.NewString(r.str())
	case c == '|' || c == ':' || c == '*' || c >= 'A' && c <= 'Z':
		return r.symbol(true)
	case c == '#':
		return r.dispatch()
	case c == '-' || c == '+' || c >= '0' && c <= '9':
		return r.number()
	}
	r.fail("unexpected %q", r.s[r.i])
	return nil
}

// list reads the rest of a list after its "("; into, when set, is the
// labelled cons the list's first cell must be, so a cycle through the
// label closes on it.
func (r *parser) list(into *lisp.Cons) lisp.Value {
	r.space()
	if r.peek() == ')' {
		r.i++
		return lisp.Nil
	}
	head := into
	if head == nil {
		head = &lisp.Cons{}
	}
	head.Car = r.value()
	tail := head
	for {
		r.space()
		switch r.peek() {
		case ')':
			r.i++
			tail.Cdr = lisp.Nil
			return head
		case '.':
			if r.i+1 < len(r.s) && r.s[r.i+1] == ' ' {
				r.i++
				tail.Cdr = r.value()
				r.space()
				r.expect(')')
				return head
			}
		}
		next := &lisp.Cons{Car: r.value()}
		tail.Cdr = next
		tail = next
	}
}

func (r *parser) dispatch() lisp.Value {
	r.i++ // '#'
	switch c := r.peek(); {
	case c == '(':
		r.i++
		return r.vector(&lisp.Vector{})
	case c == 'V':
		r.i++
		r.expect('(')
		flags := r.number()
		n, _ := flags.(lisp.Fixnum)
		return r.vector(&lisp.Vector{FillPointer: n&1 != 0, Adjustable: n&2 != 0, Bits: n&4 != 0})
	case c == 'A':
		r.i++
		r.expect('(')
		return r.array(&lisp.Array{})
	case c == 'I':
		r.i++
		r.expect('(')
		return r.instance(func(*lisp.Instance) {})
	case c == 'H':
		r.i++
		r.expect('(')
		return r.table(nil)
	case c == 'R':
		r.i++
		r.expect('(')
		hi, okHi := lisp.Uint64Of(r.number())
		r.space()
		lo, okLo := lisp.Uint64Of(r.number())
		r.space()
		r.expect(')')
		if !okHi || !okLo {
			r.fail("a random state's words must be integers from 0 below 2^64")
		}
		return lisp.NewRandomState(hi, lo)
	case c == 'P':
		r.i++
		r.expect('(')
		return r.pathname()
	case c == 'F':
		r.i++
		start := r.i
		for r.i < len(r.s) && !delimiter(r.s[r.i]) {
			r.i++
		}
		f, err := strconv.ParseFloat(r.s[start:r.i], 64)
		if err != nil {
			r.fail("bad float %q", r.s[start:r.i])
		}
		return lisp.Float(f)
	case c == '\\':
		r.i++
		return r.char()
	case c == ':':
		r.i++
		return r.symbol(false)
	case c >= '0' && c <= '9':
		return r.labelled()
	}
	r.fail("unknown # syntax")
	return nil
}

// labelled reads #n= object or #n#. A labelled cons, vector or table is
// made before its contents are read, so references inside it find it.
func (r *parser) labelled() lisp.Value {
	start := r.i
	for r.peek() >= '0' && r.peek() <= '9' {
		r.i++
	}
	n, _ := strconv.Atoi(r.s[start:r.i])
	switch r.peek() {
	case '#':
		r.i++
		v, ok := r.labels[n]
		if !ok {
			r.fail("label #%d# before #%d=", n, n)
		}
		return v
	case '=':
		r.i++
	default:
		r.fail("bad label")
	}
	switch {
	case r.peek() == '(':
		r.i++
		c := &lisp.Cons{}
		r.labels[n] = c
		if v := r.list(c); v == lisp.Nil {
			r.fail("a label on ()")
		}
		return c
	case strings.HasPrefix(r.s[r.i:], "#("):
		r.i += 2
		vec := &lisp.Vector{}
		r.labels[n] = vec
		return r.vector(vec)
	case strings.HasPrefix(r.s[r.i:], "#V("):
		r.i += 3
		flags, _ := r.number().(lisp.Fixnum)
		vec := &lisp.Vector{FillPointer: flags&1 != 0, Adjustable: flags&2 != 0, Bits: flags&4 != 0}
		r.labels[n] = vec
		return r.vector(vec)
	case strings.HasPrefix(r.s[r.i:], "#A("):
		r.i += 3
		a := &lisp.Array{}
		r.labels[n] = a
		return r.array(a)
	case strings.HasPrefix(r.s[r.i:], "#I("):
		r.i += 3
		return r.instance(func(x *lisp.Instance) { r.labels[n] = x })
	case strings.HasPrefix(r.s[r.i:], "#H("):
		r.i += 3
		return r.table(func(h *lisp.HashTable) { r.labels[n] = h })
	}
	v := r.value()
	r.labels[n] = v
	return v
}

// array reads #A((dims…) item…) after its "#A(".
func (r *parser) array(a *lisp.Array) lisp.Value {
	r.space()
	r.expect('(')
	total := 1
	for {
		r.space()
		if r.peek() == ')' {
			r.i++
			break
		}
		d, ok := r.number().(lisp.Fixnum)
		if !ok || d < 0 {
			r.fail("an array dimension must be a non-negative fixnum")
		}
		a.Dims = append(a.Dims, int(d))
		total *= int(d)
	}
	for {
		r.space()
		if r.peek() == ')' {
			r.i++
			break
		}
		a.Items = append(a.Items, r.value())
	}
	if len(a.Items) != total {
		r.fail("an array of %d items holds %d", total, len(a.Items))
	}
	return a
}

// instance reads #I(class slot value …) after its "#I("; made tells a
// label the instance exists before its slots are read.
func (r *parser) instance(made func(*lisp.Instance)) lisp.Value {
	name, ok := r.value().(*lisp.Symbol)
	if !ok {
		r.fail("an instance's class must be a symbol")
	}
	var c *lisp.Class
	if r.classes != nil {
		c, ok = r.classes(name)
	}
	if c == nil || !ok {
		r.fail("no class %s in this image", name.Name)
	}
	x := &lisp.Instance{Class: c, Slots: make([]lisp.Value, len(c.Slots))}
	made(x)
	for {
		r.space()
		if r.peek() == ')' {
			r.i++
			return x
		}
		slot, ok := r.value().(*lisp.Symbol)
		if !ok {
			r.fail("a slot name must be a symbol")
		}
		i := slices.Index(c.Slots, slot)
		if i < 0 {
			r.fail("class %s has no slot %s", name.Name, slot.Name)
		}
		x.Slots[i] = r.value()
	}
}

func (r *parser) vector(v *lisp.Vector) lisp.Value {
	for {
		r.space()
		if r.peek() == ')' {
			r.i++
			return v
		}
		v.Items = append(v.Items, r.value())
	}
}

// table reads #H(test key value …); made tells a label the table exists
// before its entries are read.
func (r *parser) table(made func(*lisp.HashTable)) lisp.Value {
	test, ok := r.value().(*lisp.Symbol)
	if !ok {
		r.fail("a hash table's test must be a symbol")
	}
	switch test {
	case lisp.SymEq, lisp.SymEql, lisp.SymEqual, lisp.SymEqualp:
	default:
		r.fail("unknown hash table test %s", test.Name)
	}
	h := lisp.NewHashTable(test)
	if made != nil {
		made(h)
	}
	for {
		r.space()
		if r.peek() == ')' {
			r.i++
			return h
		}
		k := r.value()
		h.Put(k, r.value())
	}
}

func (r *parser) str() string {
	r.i++ // '"'
	var b strings.Builder
	for {
		c := r.peek()
		r.i++
		switch c {
		case '"':
			return b.String()
		case '\\':
			b.WriteByte(r.peek())
			r.i++
		default:
			b.WriteByte(c)
		}
	}
}

func (r *parser) char() lisp.Value {
	c, size := utf8.DecodeRuneInString(r.s[r.i:])
	if size == 0 {
		r.fail("unexpected end")
	}
	r.i += size
	if c != 'U' {
		return lisp.Char(c)
	}
	r.expect('+')
	start := r.i
	for r.i < len(r.s) && !delimiter(r.s[r.i]) {
		r.i++
	}
	n, err := strconv.ParseInt(r.s[start:r.i], 16, 32)
	if err != nil {
		r.fail("bad character code %q", r.s[start:r.i])
	}
	return lisp.Char(rune(n))
}

// symbol reads a bare or barred name; intern is false for #: symbols,
// whose caller makes the fresh symbol.
func (r *parser) symbol(intern bool) *lisp.Symbol {
	keyword := false
	if intern && r.peek() == ':' {
		keyword = true
		r.i++
	}
	name := r.name()
	if intern && !keyword && strings.HasPrefix(r.s[r.i:], "::") {
		r.i += 2
		qualified := name + "::" + r.name()
		if r.pkgs == nil {
			r.fail("symbol %s: no packages to find it in", qualified)
		}
		s, err := r.pkgs.Resolve(qualified)
		if err != nil {
			r.fail("symbol %s: %v", qualified, err)
		}
		return s
	}
	switch {
	case !intern:
		return &lisp.Symbol{Name: name}
	case keyword:
		return lisp.InternKeyword(name)
	}
	return lisp.Intern(name)
}

// name reads a bare or barred symbol name.
func (r *parser) name() string {
	var name string
	if r.peek() == '|' {
		r.i++
		var b strings.Builder
		for {
			c := r.peek()
			r.i++
			if c == '|' {
				break
			}
			if c == '\\' {
				c = r.peek()
				r.i++
			}
			b.WriteByte(c)
		}
		name = b.String()
	} else {
		start := r.i
		for r.i < len(r.s) && !delimiter(r.s[r.i]) {
			r.i++
		}
		name = r.s[start:r.i]
		if name == "" {
			r.fail("empty symbol name")
		}
	}
	return name
}

func (r *parser) number() lisp.Value {
	start := r.i
	for r.i < len(r.s) && !delimiter(r.s[r.i]) {
		r.i++
	}
	tok := r.s[start:r.i]
	if n, err := strconv.ParseInt(tok, 10, 64); err == nil {
		return lisp.MakeInt(n)
	}
	if strings.Contains(tok, "/") {
		q, ok := new(big.Rat).SetString(tok)
		if !ok {
			r.fail("bad ratio %q", tok)
		}
		return q
	}
	z, ok := new(big.Int).SetString(tok, 10)
	if !ok {
		r.fail("bad number %q", tok)
	}
	return z
}

func delimiter(c byte) bool {
	return c == ' ' || c == '\n' || c == '\t' || c == '(' || c == ')'
}

// pathname reads the rest of #P(logical host device directory name type
// version) and interns it, so it is the image's one pathname equal to it.
func (r *parser) pathname() lisp.Value {
	var parts [7]lisp.Value
	for i := range parts {
		parts[i] = r.value()
	}
	r.space()
	r.expect(')')
	return lisp.InternPathname(&lisp.Pathname{Logical: parts[0] == lisp.Value(lisp.Fixnum(1)),
		Host: parts[1], Device: parts[2], Directory: parts[3], Name: parts[4], Type: parts[5], Version: parts[6]})
}
