package view

import (
	"encoding/json"
	"github.com/nodelisp/nodelisp/event"
	"strings"
)

// A file change records a file's whole text before and after; the event
// page shows the change as a line diff. The diff is Myers' shortest edit
// script, bounded: past maxEdits differing lines it gives up and shows the
// rest as replaced, so a rewritten megabyte file costs no more than a
// linear pass.

const (
	maxEdits    = 1000
	diffContext = 3
)

// fileDiff is a file change ready to show.
type fileDiff struct {
	Path         string
	Created      bool
	Deleted      bool
	Hunks        []hunk
	Added, Taken int
}

type hunk struct {
	OldStart, NewStart int // 1-based line numbers of the hunk's first line
	Lines              []diffLine
}

type diffLine struct {
	Op   string // " ", "+" or "-"
	Text string
	Old  int // line number before, 0 for an added line
	New  int // line number after, 0 for a taken line
}

// changeDiff reads a file change payload into its diff; nil when the
// payload is not a file change.
func changeDiff(payload json.RawMessage) *fileDiff {
	p, err := event.Decode[event.FileChange](payload)
	if err != nil {
		return nil
	}
	d := &fileDiff{Path: p.Path, Created: p.Before == nil, Deleted: p.After == nil}
	var before, after string
	if p.Before != nil {
		before = *p.Before
	}
	if p.After != nil {
		after = *p.After
	}
	lines := diffLines(splitLines(before), splitLines(after))
	for _, l := range lines {
		switch l.Op {
		case "+":
			d.Added++
		case "-":
			d.Taken++
		}
	}
	d.Hunks = hunks(lines, diffContext)
	return d
}

// splitLines cuts text into lines without their newlines.
func splitLines(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(strings.TrimSuffix(s, "\n"), "\n")
}

// diffLines is the line diff of a and b, every line of both in order.
func diffLines(a, b []string) []diffLine {
	// The common head and tail need no search.
	head := 0
	for head < len(a) && head < len(b) && a[head] == b[head] {
		head++
	}
	tail := 0
	for tail < len(a)-head && tail < len(b)-head && a[len(a)-1-tail] == b[len(b)-1-tail] {
		tail++
	}
	var out []diffLine
	for i := 0; i < head; i++ {
		out = append(out, diffLine{Op: " ", Text: a[i], Old: i + 1, New: i + 1})
	}
	out = append(out, middle(a[head:len(a)-tail], b[head:len(b)-tail], head)...)
	for i := 0; i < tail; i++ {
		ai, bi := len(a)-tail+i, len(b)-tail+i
		out = append(out, diffLine{Op: " ", Text: a[ai], Old: ai + 1, New: bi + 1})
	}
	return out
}

// middle diffs the differing middles of two texts, whose lines are
// numbered from offset+1.
func middle(a, b []string, offset int) []diffLine {
	n, m := len(a), len(b)
	off := n + m
	if off == 0 {
		return nil
	}
	// v[k+off] is the furthest x reached on diagonal k; trace[d] keeps
	// diagonals -d..d of v as step d found it (index k+d), for the walk
	// back. It grows as d², which maxEdits bounds.
	v := make([]int, 2*off+2)
	var trace [][]int
	found := -1
	for d := 0; d <= off && d <= maxEdits; d++ {
		lo, hi := off-d, min(off+d+1, len(v))
		trace = append(trace, append([]int(nil), v[lo:hi]...))
		for k := -d; k <= d; k += 2 {
			var x int
			if k == -d || (k != d && v[k-1+off] < v[k+1+off]) {
				x = v[k+1+off]
			} else {
				x = v[k-1+off] + 1
			}
			y := x - k
			for x < n && y < m && a[x] == b[y] {
				x, y = x+1, y+1
			}
			v[k+off] = x
			if x >= n && y >= m {
				found = d
				break
			}
		}
		if found >= 0 {
			break
		}
	}
	if found < 0 {
		return replaced(a, b, offset)
	}
	// Walk back through the trace to recover the edits, newest first.
	var rev []diffLine
	x, y := n, m
	for d := found; d > 0; d-- {
		vd := trace[d]
		k := x - y
		var prevK int
		if k == -d || (k != d && vd[k-1+d] < vd[k+1+d]) {
			prevK = k + 1
		} else {
			prevK = k - 1
		}
		prevX := vd[prevK+d]
		prevY := prevX - prevK
		for x > prevX && y > prevY {
			x, y = x-1, y-1
			rev = append(rev, diffLine{Op: " ", Text: a[x], Old: offset + x + 1, New: offset + y + 1})
		}
		if x == prevX {
			y--
			rev = append(rev, diffLine{Op: "+", Text: b[y], New: offset + y + 1})
		} else {
			x--
			rev = append(rev, diffLine{Op: "-", Text: a[x], Old: offset + x + 1})
		}
	}
	for x > 0 && y > 0 {
		x, y = x-1, y-1
		rev = append(rev, diffLine{Op: " ", Text: a[x], Old: offset + x + 1, New: offset + y + 1})
	}
	out := make([]diffLine, len(rev))
	for i, l := range rev {
		out[len(rev)-1-i] = l
	}
	return out
}

// replaced is the diff that takes every line of a and adds every line of b.
func replaced(a, b []string, offset int) []diffLine {
	var out []diffLine
	for i, s := range a {
		out = append(out, diffLine{Op: "-", Text: s, Old: offset + i + 1})
	}
	for i, s := range b {
		out = append(out, diffLine{Op: "+", Text: s, New: offset + i + 1})
	}
	return out
}

// hunks keeps the changed lines with context lines of unchanged text
// around each, joining changes that are close.
func hunks(lines []diffLine, context int) []hunk {
	keep := make([]bool, len(lines))
	for i, l := range lines {
		if l.Op == " " {
			continue
		}
		for j := max(i-context, 0); j <= min(i+context, len(lines)-1); j++ {
			keep[j] = true
		}
	}
	var out []hunk
	for i := 0; i < len(lines); i++ {
		if !keep[i] {
			continue
		}
		h := hunk{}
		for ; i < len(lines) && keep[i]; i++ {
			h.Lines = append(h.Lines, lines[i])
		}
		h.OldStart, h.NewStart = firstNumbers(h.Lines)
		out = append(out, h)
	}
	return out
}

func firstNumbers(lines []diffLine) (old, new int) {
	for _, l := range lines {
		if old == 0 && l.Old > 0 {
			old = l.Old
		}
		if new == 0 && l.New > 0 {
			new = l.New
		}
	}
	return old, new
}
