package format

import (
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/nodelisp/nodelisp/lisp"
)

// Format runs control over args, appending the output to b. col is the
// column the output starts at (for ~&, ~T). It panics with a FORMAT-ERROR
// condition on a malformed control string or missing arguments.
func Format(b *strings.Builder, col int, control string, args []lisp.Value) {
	FormatWith(b, col, control, args, nil)
}

// FormatWith is Format with the printer options ~A and ~S print under (the
// current *print-base*, *print-case* and the rest); nil means the defaults.
func FormatWith(b *strings.Builder, col int, control string, args []lisp.Value, opts *lisp.PrintOptions) {
	FormatRest(b, col, control, args, opts)
}

// FormatRest is FormatWith that returns the arguments the control left
// unused, as a function formatter makes returns them.
func FormatRest(b *strings.Builder, col int, control string, args []lisp.Value, opts *lisp.PrintOptions) []lisp.Value {
	c := compile(control)
	f := topPool.Get().(*top)
	f.out = output{b: b, base: col}
	if opts != nil {
		f.out.opts, f.out.hasOpts = *opts, true
	}
	f.st = state{out: &f.out, control: control, args: args}
	f.st.run(c.dirs)
	var rest []lisp.Value
	if f.st.pos < len(args) {
		rest = args[f.st.pos:]
	}
	// On a FORMAT-ERROR the panic skips this and the garbage collector
	// takes the frame instead.
	*f = top{}
	topPool.Put(f)
	return rest
}

// top is the state of one Format call, pooled: (format nil "k~d" i) runs
// in tight loops, and the state would otherwise be two allocations a call.
type top struct {
	out output
	st  state
}

var topPool = sync.Pool{New: func() any { return new(top) }}

// output is the text being built and the column it started at.
type output struct {
	b    *strings.Builder
	base int
	// opts are the printer options for ~A, ~S and ~W, when hasOpts.
	opts    lisp.PrintOptions
	hasOpts bool
}

// column is the current output column, in characters.
func (o *output) column() int {
	s := o.b.String()
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		return utf8.RuneCountInString(s[i+1:])
	}
	return o.base + utf8.RuneCountInString(s)
}

// state is one argument list being consumed: the whole call's, or the
// list a ~{ iterates over. outer is the enclosing state of a ~:{ step,
// which ~:^ tests.
type state struct {
	out     *output
	control string
	args    []lisp.Value
	pos     int
	outer   *state
}

// escape says how a run of directives ended.
type escape uint8

const (
	done     escape = iota
	up              // ~^: leave the innermost iteration or the whole format
	upAndOut        // ~:^: leave the enclosing ~:{ entirely
)

// maxParam bounds numeric parameters that produce output (widths, counts),
// so that a typo like ~1000000000a cannot exhaust memory.
const maxParam = 1 << 20

func (st *state) fail(d *directive, msg string) {
	failAt(st.control, d.pos, msg)
}

func (st *state) next(d *directive) lisp.Value {
	if st.pos >= len(st.args) {
		st.fail(d, "no more arguments")
	}
	v := st.args[st.pos]
	st.pos++
	return v
}

func (st *state) remaining() int { return len(st.args) - st.pos }

// param returns parameter i of d resolved (v and # looked up), and whether
// it was given.
func (st *state) param(d *directive, i int) (param, bool) {
	if i >= len(d.params) {
		return param{}, false
	}
	p := d.params[i]
	switch p.kind {
	case pNone:
		return p, false
	case pArg:
		v := st.next(d)
		switch x := v.(type) {
		case lisp.Fixnum:
			return param{kind: pInt, n: int(x)}, true
		case lisp.Char:
			return param{kind: pChar, c: rune(x)}, true
		}
		if v == lisp.Value(lisp.Nil) {
			return param{}, false
		}
		st.fail(d, "the v parameter "+printString(v, true)+" is not an integer or character")
	case pRemain:
		return param{kind: pInt, n: st.remaining()}, true
	}
	return p, true
}

// intParam returns parameter i as an integer, def when omitted.
func (st *state) intParam(d *directive, i, def int) int {
	p, ok := st.param(d, i)
	if !ok {
		return def
	}
	if p.kind != pInt {
		st.fail(d, "parameter "+string(p.c)+" is not an integer")
	}
	return p.n
}

// optInt returns parameter i and whether it was given.
func (st *state) optInt(d *directive, i int) (int, bool) {
	p, ok := st.param(d, i)
	if !ok {
		return 0, false
	}
	if p.kind != pInt {
		st.fail(d, "parameter "+string(p.c)+" is not an integer")
	}
	return p.n, true
}

// width is intParam bounded for parameters that produce output.
func (st *state) width(d *directive, i, def int) int {
	n := st.intParam(d, i, def)
	if n > maxParam {
		st.fail(d, "parameter too large")
	}
	return n
}

// charParam returns parameter i as a character, def when omitted.
func (st *state) charParam(d *directive, i int, def rune) rune {
	p, ok := st.param(d, i)
	if !ok {
		return def
	}
	if p.kind != pChar {
		st.fail(d, "parameter is not a character")
	}
	return p.c
}

// run executes directives until they end or an escape leaves them.
func (st *state) run(dirs []*directive) escape {
	b := st.out.b
	for _, d := range dirs {
		switch d.ch {
		case 0:
			b.WriteString(d.text)
		case 'a':
			st.aesthetic(d, false)
		case 's':
			st.aesthetic(d, true)
		case 'w':
			b.WriteString(st.out.written(st.next(d), st.out.column()))
		case 'd':
			st.integer(d, 10)
		case 'b':
			st.integer(d, 2)
		case 'o':
			st.integer(d, 8)
		case 'x':
			st.integer(d, 16)
		case 'r':
			st.radix(d)
		case 'f':
			st.fixed(d)
		case 'e':
			st.exponential(d)
		case 'g':
			st.general(d)
		case '$':
			st.dollars(d)
		case 'c':
			st.character(d)
		case 'p':
			st.plural(d)
		case '%':
			st.repeat(d, "\n")
		case '|':
			st.repeat(d, "\f")
		case '~':
			st.repeat(d, "~")
		case '&':
			if n := st.width(d, 0, 1); n > 0 {
				if st.out.column() != 0 {
					b.WriteByte('\n')
				}
				for range n - 1 {
					b.WriteByte('\n')
				}
			}
		case 't':
			st.tab(d)
		case '*':
			st.skip(d)
		case '?':
			st.indirect(d)
		case '[':
			if e := st.conditional(d); e != done {
				return e
			}
		case '{':
			if e := st.iterate(d); e != done {
				return e
			}
		case '(':
			if e := st.caseConvert(d); e != done {
				return e
			}
		case '^':
			if st.escapes(d) {
				if d.colon {
					return upAndOut
				}
				return up
			}
		case '<':
			if d.closeColon {
				st.fail(d, "~<…~:> logical blocks are not supported (pprint-logical-block is)")
			}
			if e := st.justify(d); e != done {
				return e
			}
		case 'i', '_':
			// Pretty-printer directives do nothing when *print-pretty* is
			// off; on, they belong to logical blocks, which format here
			// does not make.
			if st.out.hasOpts && st.out.opts.Pretty {
				st.fail(d, "~"+string(d.ch)+" under *print-pretty* t is not supported (pprint-newline and pprint-indent are)")
			}
		default:
			st.fail(d, "unknown directive ~"+string(d.ch))
		}
	}
	return done
}

func (st *state) repeat(d *directive, s string) {
	for range st.width(d, 0, 1) {
		st.out.b.WriteString(s)
	}
}

// aesthetic is ~A (princ) and ~S (prin1) with their padding parameters:
// mincol,colinc,minpad,padchar; @ pads on the left; : prints nil as ().
func (st *state) aesthetic(d *directive, escape bool) {
	if len(d.params) == 0 {
		// Printed where it lands: the pretty printer breaks lines from
		// the column the object starts at.
		st.out.b.WriteString(st.printed(st.next(d), d.colon, escape, st.out.column()))
		return
	}
	mincol, colinc, minpad, pad := st.fieldParams(d)
	s := st.printed(st.next(d), d.colon, escape, 0)
	writeField(st.out.b, s, mincol, colinc, minpad, pad, d.at)
}

// fieldParams are the padding parameters ~A, ~S and ~<…~> share:
// mincol,colinc,minpad,padchar, with colinc at least 1.
func (st *state) fieldParams(d *directive) (mincol, colinc, minpad int, pad rune) {
	mincol = st.width(d, 0, 0)
	colinc = st.width(d, 1, 1)
	minpad = st.width(d, 2, 0)
	pad = st.charParam(d, 3, ' ')
	if colinc < 1 {
		st.fail(d, "colinc must be positive")
	}
	return mincol, colinc, minpad, pad
}

// printed is v as ~A or ~S shows it; with the colon nil is ().
func (st *state) printed(v lisp.Value, colon, escape bool, col int) string {
	if colon && v == lisp.Value(lisp.Nil) {
		return "()"
	}
	return st.out.printValue(v, escape, col)
}

// writeField writes s padded with pad to at least mincol characters: minpad
// pad characters, then colinc more at a time; on the left when padLeft.
func writeField(b *strings.Builder, s string, mincol, colinc, minpad int, pad rune, padLeft bool) {
	if !padLeft {
		b.WriteString(s)
	}
	n := max(minpad, 0)
	for chars := utf8.RuneCountInString(s) + n; chars < mincol; chars += colinc {
		n += colinc
	}
	for range n {
		b.WriteRune(pad)
	}
	if padLeft {
		b.WriteString(s)
	}
}

func (st *state) character(d *directive) {
	v := st.next(d)
	c, ok := v.(lisp.Char)
	if !ok {
		lisp.TypeError("format", v, "a character")
	}
	switch {
	case d.at && !d.colon:
		st.out.b.WriteString(printString(c, true))
	case d.colon && (c == ' ' || !graphic(rune(c))):
		st.out.b.WriteString(lisp.CharName(c, true))
	default:
		st.out.b.WriteRune(rune(c))
	}
}

func graphic(r rune) bool { return r >= 32 && r != 127 && !(r >= 128 && r < 160) }

// plural is ~P: "s" unless the argument is 1; ~@P "y"/"ies"; the colon
// reuses the previous argument.
func (st *state) plural(d *directive) {
	if d.colon {
		if st.pos == 0 {
			st.fail(d, "no previous argument")
		}
		st.pos--
	}
	one := lisp.Eql(st.next(d), lisp.MakeInt(1))
	switch {
	case d.at && one:
		st.out.b.WriteByte('y')
	case d.at:
		st.out.b.WriteString("ies")
	case !one:
		st.out.b.WriteByte('s')
	}
}

// tab is ~colnum,colincT and the relative ~colrel,colinc@T.
func (st *state) tab(d *directive) {
	cur := st.out.column()
	var n int
	if d.at {
		rel, inc := st.width(d, 0, 1), st.width(d, 1, 1)
		n = rel
		if inc > 0 {
			n = (cur+rel+inc-1)/inc*inc - cur
		}
	} else {
		col, inc := st.width(d, 0, 1), st.width(d, 1, 1)
		switch {
		case cur < col:
			n = col - cur
		case inc > 0:
			n = inc - (cur-col)%inc
		}
	}
	for range n {
		st.out.b.WriteByte(' ')
	}
}

// skip is ~*: ~n* skips n arguments, ~n:* backs up n, ~n@* goes to
// argument n.
func (st *state) skip(d *directive) {
	var to int
	switch {
	case d.at:
		to = st.intParam(d, 0, 0)
	case d.colon:
		to = st.pos - st.intParam(d, 0, 1)
	default:
		to = st.pos + st.intParam(d, 0, 1)
	}
	if to < 0 || to > len(st.args) {
		st.fail(d, "~* moved outside the arguments")
	}
	st.pos = to
}

// indirect is ~?: the next argument is a control string run over the list
// after it; with @ over the remaining arguments instead.
func (st *state) indirect(d *directive) {
	v := st.next(d)
	s, ok := v.(*lisp.String)
	if !ok {
		lisp.TypeError("format", v, "a string")
	}
	c := compile(s.S)
	if d.at {
		sub := &state{out: st.out, control: s.S, args: st.args, pos: st.pos}
		sub.run(c.dirs)
		st.pos = sub.pos
		return
	}
	list := st.next(d)
	sub := &state{out: st.out, control: s.S, args: listItems(list)}
	sub.run(c.dirs)
}

// escapes reports whether a ~^ with its parameters fires.
func (st *state) escapes(d *directive) bool {
	a, okA := st.optInt(d, 0)
	b, okB := st.optInt(d, 1)
	c, okC := st.optInt(d, 2)
	switch {
	case okC:
		return a <= b && b <= c
	case okB:
		return a == b
	case okA:
		return a == 0
	case d.colon && st.outer != nil:
		return st.outer.remaining() == 0
	}
	return st.remaining() == 0
}

// conditional is ~[: a numbered clause, ~:[ false~;true~], or ~@[ which
// runs its clause only when the argument is true (and leaves it unread).
func (st *state) conditional(d *directive) escape {
	switch {
	case d.colon:
		if len(d.clauses) != 2 {
			st.fail(d, "~:[ needs exactly two clauses")
		}
		if lisp.Truthy(st.next(d)) {
			return st.run(d.clauses[1])
		}
		return st.run(d.clauses[0])
	case d.at:
		if len(d.clauses) != 1 {
			st.fail(d, "~@[ takes exactly one clause")
		}
		if !lisp.Truthy(st.next(d)) {
			return done
		}
		st.pos--
		return st.run(d.clauses[0])
	}
	n, ok := st.optInt(d, 0)
	if !ok {
		v := st.next(d)
		f, isInt := v.(lisp.Fixnum)
		if !isInt {
			lisp.TypeError("format", v, "an integer")
		}
		n = int(f)
	}
	switch {
	case n >= 0 && n < len(d.clauses) && !(d.defaultLast && n == len(d.clauses)-1):
		return st.run(d.clauses[n])
	case d.defaultLast:
		return st.run(d.clauses[len(d.clauses)-1])
	}
	return done
}

// iterate is ~{: over a list argument, over the remaining arguments (@),
// over sublists (:), or both. A first parameter bounds the passes; ~:}
// makes at least one pass. An empty body takes its control string from
// the arguments.
func (st *state) iterate(d *directive) escape {
	body := d.clauses[0]
	control := st.control
	if len(body) == 0 {
		v := st.next(d)
		s, ok := v.(*lisp.String)
		if !ok {
			lisp.TypeError("format", v, "a string")
		}
		body, control = compile(s.S).dirs, s.S
	}
	limit, bounded := st.optInt(d, 0)
	var items *state
	if d.at {
		items = st
	} else {
		items = &state{out: st.out, control: control, args: listItems(st.next(d))}
	}
	for pass := 0; ; pass++ {
		if bounded && pass >= limit {
			break
		}
		if items.remaining() == 0 && !(pass == 0 && d.closeColon) {
			break
		}
		before := items.pos
		if d.colon {
			var sublist lisp.Value = lisp.Nil
			if items.remaining() > 0 {
				sublist = items.next(d)
			}
			step := &state{out: st.out, control: control, args: listItems(sublist), outer: items}
			if step.run(body) == upAndOut {
				break
			}
		} else {
			if items.run(body) != done {
				break
			}
		}
		// A pass that consumes nothing would repeat forever (CL loops
		// here); stop instead, since no limit can interrupt Go code.
		if items.pos == before && !bounded {
			break
		}
	}
	return done
}

// caseConvert is ~( … ~): the body's output lower-cased; ~:( with every
// word capitalised, ~@( with the first word capitalised, ~:@( upper-cased.
func (st *state) caseConvert(d *directive) escape {
	var sb strings.Builder
	sub := *st
	sub.out = &output{b: &sb, base: st.out.column()}
	e := sub.run(d.clauses[0])
	st.pos = sub.pos
	s := sb.String()
	switch {
	case d.colon && d.at:
		s = strings.ToUpper(s)
	case d.colon:
		s = capitalizeWords(s, false)
	case d.at:
		s = capitalizeWords(s, true)
	default:
		s = strings.ToLower(s)
	}
	st.out.b.WriteString(s)
	return e
}

// capitalizeWords upcases the first letter of each word (of the first word
// only when firstOnly) and downcases the rest. A word is a run of letters
// and digits.
func capitalizeWords(s string, firstOnly bool) string {
	var b strings.Builder
	inWord, seenWord := false, false
	for _, r := range s {
		alnum := isAlnum(r)
		switch {
		case alnum && !inWord && !(firstOnly && seenWord):
			b.WriteString(strings.ToUpper(string(r)))
			seenWord = true
		default:
			b.WriteString(strings.ToLower(string(r)))
		}
		inWord = alnum
	}
	return b.String()
}

func isAlnum(r rune) bool {
	return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' ||
		r > 127 && (strings.ToUpper(string(r)) != strings.ToLower(string(r)))
}

// listItems returns the elements of a proper list argument.
func listItems(v lisp.Value) []lisp.Value {
	if !lisp.IsList(v) {
		lisp.TypeError("format", v, "a list")
	}
	return lisp.ListToSlice("format", v)
}
