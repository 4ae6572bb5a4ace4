package lisp

import (
	"strings"
	"unicode/utf8"
)

// pprint-logical-block on a stream. While the outermost block runs, what
// is written to the stream (text, printed objects, conditional newlines,
// indentation) is collected by one printer; when it ends, the pretty
// printer lays the whole out from the column the stream was at and writes
// it. Blocks nested inside, by the program or by printing a list, join
// the same collection, as SBCL's pretty stream does.

type prettyContext struct {
	p      *printer
	col    int // the stream's column when the outermost block began
	levels int // logical blocks open, for *print-level*
	// scanned, under *print-circle*, is what the outermost block's list
	// reaches: the shared structure among it is labelled (#n=, #n#).
	scanned map[Value]bool
}

// CheckCircleText refuses, under *print-circle* in a logical block on s,
// text printed apart from the block (format's) that holds an object the
// circle printer could label: its labels would be the block's, which the
// text printed apart does not know.
func CheckCircleText(s *Stream, args []Value) {
	c := s.pretty
	if c == nil || c.scanned == nil {
		return
	}
	for _, v := range args {
		if hasIdentity(v) && (c.p.shared != nil || !c.scanned[v]) {
			Errorf("format: *print-circle* t: printing an object into a logical block whose list has shared structure is supported with write, not format")
		}
	}
}

// checkCircle refuses, under *print-circle*, to write into the block an
// object its list does not reach: whether that object is shared with
// what else the block prints is not known (SBCL runs the block's body
// twice to find out, which nodelisp does not), and a missing label would
// print it wrongly.
func (c *prettyContext) checkCircle(v Value) {
	if c.scanned != nil && hasIdentity(v) && !c.scanned[v] {
		Errorf("pprint-logical-block: *print-circle* t: an object written in the block is not part of the block's list, and only that list's shared structure is labelled")
	}
}

// column is where the next character written lands, if no line breaks.
func (c *prettyContext) column() int {
	text := c.p.b.String()
	last := -1
	for _, op := range c.p.pp.ops {
		if op.kind == ppLiteral {
			last = op.pos
		}
	}
	if last < 0 {
		return c.col + utf8.RuneCountInString(text)
	}
	return utf8.RuneCountInString(text[last:])
}

// ppText writes text in pretty mode: each newline in it is a literal
// newline of the pretty printer, so the lines after it get the block's
// per-line prefix and the layout counts columns from it.
func (p *printer) ppText(s string) {
	if p.pp == nil {
		p.b.WriteString(s)
		return
	}
	for {
		i := strings.IndexByte(s, '\n')
		if i < 0 {
			p.b.WriteString(s)
			return
		}
		p.b.WriteString(s[:i])
		p.pp.newline(ppLiteral, p.b.Len())
		s = s[i+1:]
	}
}

// PrettyBlock is one pprint-logical-block running on a stream, with the
// list it pops elements from.
type PrettyBlock struct {
	s     *Stream
	ctx   *prettyContext
	outer bool
	list  ppList
}

// BeginPrettyBlock starts a logical block on s over list, printed under
// o, writing prefix (the per-line prefix, when perLine). It returns nil
// when *print-level* is reached, after printing "#".
func BeginPrettyBlock(s *Stream, o PrintOptions, list Value, prefix, suffix string, perLine bool) *PrettyBlock {
	b := &PrettyBlock{s: s, ctx: s.pretty}
	if b.ctx == nil {
		b.ctx = &prettyContext{p: &printer{}, col: s.Column()}
		b.ctx.p.ctx = b.ctx
		b.ctx.p.init(o)
		b.ctx.p.pp = &ppStream{}
		b.outer = true
		s.pretty = b.ctx
	}
	p := b.ctx.p
	if b.outer && o.Circle {
		b.ctx.scanned = p.findShared(list, true)
	} else {
		b.ctx.checkCircle(list)
	}
	if p.shared != nil && p.label(list) {
		// The list was printed before: #n# stands for the whole block.
		b.flush()
		return nil
	}
	if p.tooDeep(b.ctx.levels) {
		p.b.WriteByte('#')
		b.flush()
		return nil
	}
	b.ctx.levels++
	p.ppText(prefix)
	perLinePrefix := ""
	if perLine {
		perLinePrefix = prefix
	}
	p.pp.startBlock(p.b.Len(), perLinePrefix, suffix)
	b.list = ppList{p: p, rest: list, depth: b.ctx.levels - 1}
	return b
}

// Pop is pprint-pop: the next element, or false when the block must end
// (the list ran out into a dotted tail, or *print-length* was reached),
// having printed ". tail" or "...".
func (b *PrettyBlock) Pop() (Value, bool) {
	if b.list.rest == Value(Nil) && !b.list.ended {
		// Past the end pprint-pop gives nil, still counted against
		// *print-length*, as SBCL's does.
		if b.list.n == b.list.p.lengthCap() {
			b.list.p.b.WriteString("...")
			b.list.ended = true
			return nil, false
		}
		b.list.n++
		return Nil, true
	}
	return b.list.pop()
}

// Exhausted reports whether the list has no elements left.
func (b *PrettyBlock) Exhausted() bool { return b.list.rest == Value(Nil) || b.list.ended }

// End closes the block, writing its suffix; the outermost block's end
// lays out and writes everything.
func (b *PrettyBlock) End() {
	p := b.ctx.p
	if len(p.pp.open) > 0 {
		suffix := p.pp.ops[p.pp.open[len(p.pp.open)-1]].suffix
		p.pp.endBlock(p.b.Len())
		p.ppText(suffix)
		b.ctx.levels--
	}
	b.flush()
}

// flush lays out and writes everything when b is the outermost block.
func (b *PrettyBlock) flush() {
	p := b.ctx.p
	if !b.outer {
		return
	}
	b.s.pretty = nil
	out := p.b.String()
	if p.o.Pretty {
		out = layoutPretty(out, p.pp, b.ctx.col, p.o)
		if p.unsure != "" {
			checkPrettyWidth(out, b.ctx.col, p.o, p.unsure)
		}
	} else {
		out = rawText(out, p.pp)
	}
	b.s.WriteString(out)
}

// Abandon drops a block left by a non-local exit: the stream writes
// directly again.
func (b *PrettyBlock) Abandon() {
	if b.outer {
		b.s.pretty = nil
	}
}

// rawText is the collected text with its literal newlines put back, for
// a block run with *print-pretty* nil.
func rawText(text string, s *ppStream) string {
	var out strings.Builder
	last := 0
	for _, op := range s.ops {
		if op.kind == ppLiteral {
			out.WriteString(text[last:op.pos])
			out.WriteByte('\n')
			last = op.pos
		}
	}
	out.WriteString(text[last:])
	return out.String()
}

// PrettyNewline is pprint-newline of kind ("linear", "fill", "miser",
// "mandatory") on s; it does nothing outside a logical block or with
// *print-pretty* nil.
func PrettyNewline(s *Stream, kind string) {
	c := s.pretty
	if c == nil || !c.p.o.Pretty {
		return
	}
	k := map[string]ppKind{"linear": ppLinear, "fill": ppFill, "miser": ppMiser, "mandatory": ppMandatory}[kind]
	c.p.pp.newline(k, c.p.b.Len())
}

// PrettyIndent is pprint-indent relative to the block ("block") or the
// current column ("current").
func PrettyIndent(s *Stream, relativeTo string, n int) {
	c := s.pretty
	if c == nil || !c.p.o.Pretty {
		return
	}
	kind := ppIndentBlock
	if relativeTo == "current" {
		kind = ppIndentCurrent
	}
	c.p.pp.indentation(kind, n, c.p.b.Len())
}

// InPrettyBlock reports whether a logical block runs on s with
// *print-pretty* true.
func InPrettyBlock(s *Stream) bool { return s.pretty != nil && s.pretty.p.o.Pretty }

// PrettyList prints list as pprint-fill (fill) or pprint-linear does, in
// parentheses when parens.
func PrettyList(s *Stream, o PrintOptions, list Value, parens, fillNewlines bool) {
	if !IsList(list) {
		Write(s, list, o)
		return
	}
	prefix, suffix := "", ""
	if parens {
		prefix, suffix = "(", ")"
	}
	b := BeginPrettyBlock(s, o, list, prefix, suffix, false)
	if b == nil {
		return
	}
	kind := ppLinear
	if fillNewlines {
		kind = ppFill
	}
	separated(&b.list, kind)
	b.End()
}
