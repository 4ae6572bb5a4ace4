package lisp

import (
	"strings"
	"unicode/utf8"
)

// The pretty printer's line breaker, after Waters' XP as SBCL runs it.
// Printing with *print-pretty* true writes text and, between the
// characters, operations: the start and end of logical blocks,
// conditional newlines of four kinds and indentation changes. layout
// then decides, operation by operation and left to right, which
// newlines break:
//   - a logical block whose section (the text from its start up to the
//     next newline outside it) fits on the line prints as it is;
//   - in a block that does not, a linear newline breaks;
//   - a fill newline breaks when the section after it does not fit, when
//     a nested block broke since the block's last break, or in miser
//     style when the section does not fit;
//   - a miser newline breaks as a linear one, but only in miser style
//     (the block starts within *print-miser-width* of the right margin);
//   - a mandatory newline always breaks, and makes every section around it
//     too long for one line.
// After a break the line starts with the block's indentation
// (and per-line prefix). With *print-lines* the output stops at that
// many lines with " .." and the suffixes of the open blocks.

// ppKind is the kind of one pretty-printing operation.
type ppKind uint8

const (
	ppLinear ppKind = iota
	ppFill
	ppMiser
	ppMandatory
	ppLiteral // a newline character written inside a logical block
	ppBlockStart
	ppBlockEnd
	ppIndentBlock
	ppIndentCurrent
)

// ppOp is one operation, at byte offset pos of the printed text.
type ppOp struct {
	kind  ppKind
	pos   int
	depth int // blocks open around it (newlines and block starts)
	// end is the index of the op ending the section this newline or block
	// start begins: the next newline as deep or shallower; -1 if none.
	end int
	// forced: a mandatory or literal newline comes after this op and
	// before end, so its section cannot be printed on one line.
	forced bool
	// Block starts: the matching block end's index, the prefix when it is
	// a per-line prefix, and the suffix.
	blockEnd      int
	perLinePrefix string
	suffix        string
	indent        int // indentation amount
}

// ppStream collects the operations of one pretty print over the text the
// printer writes to its builder.
type ppStream struct {
	ops  []ppOp
	open []int // indexes of the block starts not yet ended
}

func (s *ppStream) newline(kind ppKind, pos int) {
	s.ops = append(s.ops, ppOp{kind: kind, pos: pos, depth: len(s.open), end: -1})
}

func (s *ppStream) startBlock(pos int, perLinePrefix, suffix string) {
	s.open = append(s.open, len(s.ops))
	s.ops = append(s.ops, ppOp{kind: ppBlockStart, pos: pos, depth: len(s.open) - 1, end: -1, perLinePrefix: perLinePrefix, suffix: suffix})
}

func (s *ppStream) endBlock(pos int) {
	start := s.open[len(s.open)-1]
	s.open = s.open[:len(s.open)-1]
	s.ops[start].blockEnd = len(s.ops)
	s.ops = append(s.ops, ppOp{kind: ppBlockEnd, pos: pos})
}

func (s *ppStream) indentation(kind ppKind, n, pos int) {
	s.ops = append(s.ops, ppOp{kind: kind, pos: pos, indent: n})
}

// link finds each section's end and whether a mandatory newline forces it.
func (s *ppStream) link() {
	var pending []int // newlines and block starts whose section is open
	for i := range s.ops {
		op := &s.ops[i]
		switch op.kind {
		case ppLinear, ppFill, ppMiser, ppMandatory, ppLiteral:
			keep := pending[:0]
			for _, j := range pending {
				if op.depth <= s.ops[j].depth {
					s.ops[j].end = i
				} else {
					if op.kind == ppMandatory || op.kind == ppLiteral {
						s.ops[j].forced = true
					}
					keep = append(keep, j)
				}
			}
			pending = append(keep, i)
		case ppBlockStart:
			pending = append(pending, i)
		}
	}
}

// ppBlock is a logical block being laid out.
type ppBlock struct {
	startColumn   int
	perLineEnd    int    // columns of per-line prefix that indentation cannot move left of
	prefixLength  int    // the indentation of its lines, per-line prefix included
	suffix        string // its suffix and those of the blocks around it
	sectionLine   int    // the line its current section started on
	perLinePrefix []rune // the per-line prefixes, padded, up to perLineEnd
}

// ppLayout is the state of laying out one print.
type ppLayout struct {
	text      string
	ops       []ppOp
	out       strings.Builder
	lineStart int // offset in text where the current output line's text begins
	lineCol   int // column at lineStart
	line      int
	blocks    []*ppBlock
	margin    int
	miser     int // *print-miser-width*; negative for nil
	lines     int // *print-lines*; negative for nil
	readably  bool
}

// linesExhausted ends a layout at *print-lines*.
type linesExhausted struct{}

// layoutPretty breaks text according to ops for a line width of margin
// columns, starting at column col.
func layoutPretty(text string, s *ppStream, col int, o PrintOptions) string {
	s.link()
	l := &ppLayout{text: text, ops: s.ops, lineCol: col, margin: o.margin(), miser: o.MiserWidth, lines: o.Lines, readably: o.Readably}
	l.blocks = []*ppBlock{{startColumn: 0}}
	l.run()
	return l.out.String()
}

func (o PrintOptions) margin() int {
	if o.RightMargin == 0 {
		return 80
	}
	return o.RightMargin
}

func (l *ppLayout) run() {
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(linesExhausted); !ok {
				panic(r)
			}
		}
	}()
	l.process()
	l.out.WriteString(l.text[l.lineStart:])
}

func (l *ppLayout) top() *ppBlock { return l.blocks[len(l.blocks)-1] }

// column is the column text offset pos prints at if no line breaks before it.
func (l *ppLayout) column(pos int) int {
	return l.lineCol + utf8.RuneCountInString(l.text[l.lineStart:pos])
}

func (l *ppLayout) misering() bool {
	return l.miser >= 0 && l.margin-l.top().startColumn <= l.miser
}

// fits reports whether the section op i begins fits on the line, and
// false for stop when that cannot be known: the print ends within the
// line with the section still open, so nothing after it breaks either.
func (l *ppLayout) fits(i int) (fit, known bool) {
	available := l.margin
	// SBCL keeps room for " .." and the suffixes on the line numbered
	// *print-lines*, which is never printed (the output stops when that
	// line would begin), so the room is never kept; nor is it here.
	if !l.readably && l.lines >= 0 && l.line == l.lines {
		available -= 3 + utf8.RuneCountInString(l.top().suffix)
	}
	op := l.ops[i]
	switch {
	case op.forced:
		return false, true
	case op.end >= 0:
		return l.within(l.ops[op.end].pos, available), true
	case !l.within(len(l.text), available):
		return false, true
	}
	return false, false
}

// within reports whether text offset pos prints at column available or
// before, if no line breaks before it; it counts no further than that, so
// a long unbroken line costs the margin, not its length.
func (l *ppLayout) within(pos, available int) bool {
	room := available - l.lineCol
	for i := l.lineStart; i < pos; {
		if room <= 0 {
			return false
		}
		_, size := utf8.DecodeRuneInString(l.text[i:])
		i += size
		room--
	}
	return room >= 0
}

func (l *ppLayout) process() {
	for i := 0; i < len(l.ops); i++ {
		op := l.ops[i]
		switch op.kind {
		case ppLinear, ppFill, ppMiser, ppMandatory, ppLiteral:
			var brk bool
			switch op.kind {
			case ppMandatory, ppLiteral, ppLinear:
				// A linear newline is reached only when its block did not
				// fit (one that fits is skipped whole): it breaks.
				brk = true
			case ppMiser:
				brk = l.misering()
			case ppFill:
				brk = l.misering() || l.line > l.top().sectionLine
				if !brk {
					fit, known := l.fits(i)
					if !known {
						return
					}
					brk = !fit
				}
			}
			if brk {
				l.breakLine(op)
			}
		case ppIndentBlock, ppIndentCurrent:
			if !l.misering() {
				base := l.top().startColumn
				if op.kind == ppIndentCurrent {
					base = l.column(op.pos)
				}
				l.setIndentation(base + op.indent)
			}
		case ppBlockStart:
			fit, known := l.fits(i)
			if !known {
				return
			}
			if fit {
				i = op.blockEnd // printed as it is
				continue
			}
			l.startBlock(op)
		case ppBlockEnd:
			l.blocks = l.blocks[:len(l.blocks)-1]
		}
	}
}

func (l *ppLayout) startBlock(op ppOp) {
	parent := l.top()
	col := l.column(op.pos)
	b := &ppBlock{startColumn: col, perLineEnd: parent.perLineEnd, prefixLength: parent.prefixLength,
		suffix: op.suffix + parent.suffix, sectionLine: l.line, perLinePrefix: parent.perLinePrefix}
	l.blocks = append(l.blocks, b)
	l.setIndentation(col)
	if op.perLinePrefix != "" {
		// The per-line prefix ends at the block's start column.
		p := []rune(op.perLinePrefix)
		row := make([]rune, col)
		copy(row, b.perLinePrefix)
		for k := len(b.perLinePrefix); k < col; k++ {
			row[k] = ' '
		}
		copy(row[max(0, col-len(p)):], p)
		b.perLinePrefix, b.perLineEnd = row, col
	}
}

func (l *ppLayout) setIndentation(col int) {
	b := l.top()
	b.prefixLength = max(col, b.perLineEnd)
}

// breakLine ends the current line at op's position and starts the next
// with the block's prefix.
func (l *ppLayout) breakLine(op ppOp) {
	line := l.text[l.lineStart:op.pos]
	if op.kind != ppLiteral {
		line = strings.TrimRight(line, " ")
	}
	l.out.WriteString(line)
	l.line++
	b := l.top()
	if !l.readably && l.lines >= 0 && l.line >= l.lines {
		l.out.WriteString(" ..")
		l.out.WriteString(b.suffix)
		l.lineStart = len(l.text)
		panic(linesExhausted{})
	}
	l.out.WriteByte('\n')
	prefix := b.prefixLength
	if op.kind == ppLiteral {
		prefix = b.perLineEnd
	}
	l.writePrefix(b, prefix)
	l.lineStart, l.lineCol = op.pos, prefix
	if op.kind != ppLiteral {
		b.sectionLine = l.line
	}
}

func (l *ppLayout) writePrefix(b *ppBlock, n int) {
	for k := range n {
		if k < len(b.perLinePrefix) {
			l.out.WriteRune(b.perLinePrefix[k])
		} else {
			l.out.WriteByte(' ')
		}
	}
}
