package format

import (
	"fmt"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/nodelisp/nodelisp/lisp"
)

// directive is one element of a parsed control string: literal text
// (ch == 0) or a tilde directive with its parameters and modifiers.
type directive struct {
	ch        byte // the directive character, lower-cased; 0 for text
	text      string
	params    []param
	colon, at bool
	pos       int // offset of the directive character in the control string

	// Compound directives: ~[ and ~< hold clauses split by ~;, ~( and ~{
	// hold one clause. defaultLast marks a ~:; before the last ~[ clause;
	// closeColon a ~:} (iterate at least once).
	clauses     [][]*directive
	defaultLast bool
	closeColon  bool
	// overflow holds the parameters of the ~:; that ends a ~<'s first
	// clause (spare columns, line width); nil when there is none.
	overflow []param
}

type paramKind uint8

const (
	pNone   paramKind = iota // omitted: ~,5d
	pInt                     // a number
	pChar                    // 'c
	pArg                     // v: taken from the arguments
	pRemain                  // #: the number of arguments left
)

type param struct {
	kind paramKind
	n    int
	c    rune
}

// compiled is a parsed control string.
type compiled struct {
	control string
	dirs    []*directive
}

// The cache maps control strings to their parse. Agents format in loops
// with a handful of literal control strings, so a small bound suffices;
// when it is reached the cache simply starts over.
const cacheLimit = 512

var (
	cacheMu sync.RWMutex
	cache   = map[string]*compiled{}
)

func compile(control string) *compiled {
	cacheMu.RLock()
	c, ok := cache[control]
	cacheMu.RUnlock()
	if ok {
		return c
	}
	p := &parser{src: control}
	dirs, _ := p.parseUntil(0)
	c = &compiled{control: control, dirs: dirs}
	cacheMu.Lock()
	if len(cache) >= cacheLimit {
		cache = map[string]*compiled{}
	}
	cache[control] = c
	cacheMu.Unlock()
	return c
}

type parser struct {
	src string
	i   int
}

// closers maps each opening compound directive to its closing character.
var closers = map[byte]byte{'[': ']', '(': ')', '{': '}', '<': '>'}

// parseUntil reads directives up to the closing character close (0 for
// the end of the string) or a ~; separator, returning the directive that
// stopped it (nil at the end of the string).
func (p *parser) parseUntil(close byte) ([]*directive, *directive) {
	var out []*directive
	for p.i < len(p.src) {
		j := strings.IndexByte(p.src[p.i:], '~')
		if j < 0 {
			out = append(out, &directive{text: p.src[p.i:]})
			p.i = len(p.src)
			break
		}
		if j > 0 {
			out = append(out, &directive{text: p.src[p.i : p.i+j]})
		}
		start := p.i + j
		p.i = start + 1
		d := p.directive(start)
		switch d.ch {
		case ';':
			if close == 0 {
				p.fail(d.pos, "~; not inside ~[, ~( or ~<")
			}
			return out, d
		case ']', ')', '}', '>':
			if d.ch != close {
				p.fail(d.pos, "unmatched ~"+string(d.ch))
			}
			return out, d
		case '[', '(', '{', '<':
			p.compound(d)
		case '\n':
			p.skipNewline(d)
			if d.at {
				out = append(out, &directive{text: "\n"})
			}
			continue
		}
		out = append(out, d)
	}
	if close != 0 {
		p.fail(len(p.src), "missing ~"+string(close))
	}
	return out, nil
}

// compound reads the clauses of d up to its closing directive.
func (p *parser) compound(d *directive) {
	close := closers[d.ch]
	for {
		clause, stop := p.parseUntil(close)
		d.clauses = append(d.clauses, clause)
		if stop.ch == ';' {
			if d.ch == '(' || d.ch == '{' {
				p.fail(stop.pos, "~; not allowed inside ~"+string(d.ch))
			}
			if stop.colon {
				d.defaultLast = true
				if d.ch == '<' && len(d.clauses) == 1 {
					d.overflow = append([]param{}, stop.params...)
				}
			}
			continue
		}
		d.closeColon = stop.colon
		return
	}
}

// skipNewline handles a tilde before a newline: the newline is dropped and
// so is the whitespace after it, unless the colon keeps it.
func (p *parser) skipNewline(d *directive) {
	if d.colon {
		return
	}
	for p.i < len(p.src) && (p.src[p.i] == ' ' || p.src[p.i] == '\t') {
		p.i++
	}
}

// directive parses the parameters, modifiers and character after the tilde
// at start.
func (p *parser) directive(start int) *directive {
	d := &directive{}
	for {
		if p.i >= len(p.src) {
			p.fail(start, "string ended before directive was found")
		}
		c := p.src[p.i]
		switch {
		case c >= '0' && c <= '9' || c == '+' || c == '-':
			j := p.i + 1
			for j < len(p.src) && p.src[j] >= '0' && p.src[j] <= '9' {
				j++
			}
			n, ok := atoi(p.src[p.i:j])
			if !ok {
				p.fail(p.i, "bad numeric parameter")
			}
			d.params = append(d.params, param{kind: pInt, n: n})
			p.i = j
		case c == '\'':
			if p.i+1 >= len(p.src) {
				p.fail(p.i, "string ended after quote")
			}
			r, size := decodeRune(p.src[p.i+1:])
			d.params = append(d.params, param{kind: pChar, c: r})
			p.i += 1 + size
		case c == 'v' || c == 'V':
			d.params = append(d.params, param{kind: pArg})
			p.i++
		case c == '#':
			d.params = append(d.params, param{kind: pRemain})
			p.i++
		case c == ',':
			d.params = append(d.params, param{})
			p.i++
			continue
		default:
			p.modifiers(d)
			if p.i >= len(p.src) {
				p.fail(start, "string ended before directive was found")
			}
			r, size := decodeRune(p.src[p.i:])
			d.pos = p.i
			p.i += size
			if r >= 'A' && r <= 'Z' {
				r += 'a' - 'A'
			}
			if r >= 0x80 || !known(byte(r)) {
				p.fail(d.pos, "unknown directive ~"+string(r))
			}
			d.ch = byte(r)
			return d
		}
		// A parameter is followed by a comma, a modifier or the character.
		if p.i < len(p.src) && p.src[p.i] == ',' {
			p.i++
			if p.i < len(p.src) && !isParamStart(p.src[p.i]) {
				d.params = append(d.params, param{})
			}
		}
	}
}

func isParamStart(c byte) bool {
	return c >= '0' && c <= '9' || c == '+' || c == '-' || c == '\'' || c == 'v' || c == 'V' || c == '#' || c == ','
}

func (p *parser) modifiers(d *directive) {
	for p.i < len(p.src) {
		switch p.src[p.i] {
		case ':':
			if d.colon {
				p.fail(p.i, "too many colons supplied")
			}
			d.colon = true
		case '@':
			if d.at {
				p.fail(p.i, "too many at-signs supplied")
			}
			d.at = true
		default:
			return
		}
		p.i++
	}
}

// known reports whether c is a directive this engine implements.
func known(c byte) bool {
	return strings.IndexByte("asdboxrfeg$%&|~tcp*?[]{}()<>;^\nwi_", c) >= 0
}

func (p *parser) fail(pos int, msg string) {
	failAt(p.src, pos, msg)
}

// failAt signals a FORMAT-ERROR: `format: MSG at POS in "CONTROL"`. The
// condition keeps the place, so that the evaluator can point at it in
// the cell when the control string is a literal there.
func failAt(control string, pos int, msg string) {
	panic(&lisp.Condition{
		Class:   ClassFormatError,
		Message: fmt.Sprintf("format: %s at %d in %s", msg, pos, quote(control)),
		Within:  &lisp.StringPlace{Text: control, Offset: pos},
	})
}

// ClassFormatError is the condition type of a malformed control string or
// a directive given the wrong arguments; it is a subtype of ERROR.
var ClassFormatError = lisp.ClassFormatError

// quote writes s as a Lisp string literal.
func quote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		if r == '"' || r == '\\' {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	b.WriteByte('"')
	return b.String()
}

func decodeRune(s string) (rune, int) { return utf8.DecodeRuneInString(s) }

func atoi(s string) (int, bool) {
	neg := false
	switch {
	case strings.HasPrefix(s, "-"):
		neg, s = true, s[1:]
	case strings.HasPrefix(s, "+"):
		s = s[1:]
	}
	if s == "" || len(s) > 15 {
		return 0, false
	}
	n := 0
	for i := 0; i < len(s); i++ {
		n = n*10 + int(s[i]-'0')
	}
	if neg {
		n = -n
	}
	return n, true
}
