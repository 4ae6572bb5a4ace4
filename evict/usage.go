package evict

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
)

// Usage is what /context shows: the budget, what fills the window, the
// boundary. Token figures are the host's (estimates or provider reports).
type Usage struct {
	Budget int // effective budget; 0 unknown
	Source Source
	// The window's parts, in tokens.
	System, Stub, Warning, Finished, Running, Notes int
	// Boundary is the eviction boundary seq; 0 when nothing is evicted.
	Boundary int64
	// Warned: a warning was given since the last eviction.
	Warned bool
	// Reported is the window's tokens by the provider's last report plus
	// estimates of what came after it; 0 when there is no report to go
	// by, and the parts' estimates are the total.
	Reported int
}

// Used is the window's total tokens: the reported figure when there is
// one, so every figure of one answer (used, free, percent, the report's
// text) is the same count.
func (u Usage) Used() int {
	if u.Reported > 0 {
		return u.Reported
	}
	return u.estimated()
}

// estimated is the parts' estimates added up.
func (u Usage) estimated() int {
	return u.System + u.Stub + u.Warning + u.Finished + u.Running + u.Notes
}

// unsorted is how many tokens the provider's report counts beyond the
// parts' estimates: a part of its own in the bar, so the bar fills as far
// as the figure it is captioned with (issue 29: 2,594 tokens were in no
// part, and a bar at 86% showed one cell).
func (u Usage) unsorted() int {
	if u.Reported <= 0 {
		return 0
	}
	return max(u.Reported-u.estimated(), 0)
}

// Free is the budget left; 0 when unknown or spent.
func (u Usage) Free() int {
	return max(u.Budget-u.Used(), 0)
}

// segment is one part of the bar: its legend name, the glyph that draws it
// without colour, its ANSI colour, and its tokens.
type segment struct {
	name   string
	glyph  string
	colour string
	tokens int
}

const (
	ansiReset = "\x1b[0m"
	ansiDim   = "\x1b[2m"
	ansiRed   = "\x1b[31m"
)

func (u Usage) segments() []segment {
	return []segment{
		{"system", "#", "\x1b[34m", u.System},
		{"stub", "%", "\x1b[35m", u.Stub},
		{"warning", "!", "\x1b[33m", u.Warning},
		{"finished", "=", "\x1b[36m", u.Finished},
		{"running", "+", "\x1b[32m", u.Running},
		{"notes", "~", "\x1b[37m", u.Notes},
		{"reported", "?", "\x1b[90m", u.unsorted()},
		{"free", ".", ansiDim, u.Free()},
	}
}

// Bar renders u as two lines: a bar of width cells (at least 10) drawn in
// proportion to the budget, with the share and the budget after it, and a
// legend of every part that holds tokens, free always. Without colour each
// part has its own ASCII glyph (# system, % stub, ! warning, = finished,
// + running, ~ notes, ? reported beyond the estimates, . free); with
// colour the parts are coloured blocks.
// A "|" in the free part marks 50% and 85% of the budget. A window over
// its budget fills the bar in proportion to its own size; an unknown
// budget draws the window alone.
func Bar(u Usage, width int, color bool) string {
	width = max(width, 10)
	segs := u.segments()
	// A report below the estimates leaves the parts larger than the
	// figure: the bar is scaled to hold them.
	scale := max(u.Budget, u.Used(), u.estimated())
	cells := allot(segs, width, scale)

	var b strings.Builder
	b.WriteString("[")
	marks := map[int]bool{}
	if u.Budget > 0 {
		for _, share := range []float64{EvictTo, WarnAt} {
			marks[int(share*float64(u.Budget)*float64(width)/float64(scale))] = true
		}
	}
	col := 0
	for i, s := range segs {
		if cells[i] == 0 {
			continue
		}
		glyph := s.glyph
		if color {
			glyph = "█"
			if s.name == "free" {
				glyph = "·"
			}
			b.WriteString(s.colour)
		}
		for range cells[i] {
			if s.name == "free" && marks[col] {
				b.WriteString("|")
			} else {
				b.WriteString(glyph)
			}
			col++
		}
		if color {
			b.WriteString(ansiReset)
		}
	}
	b.WriteString("] ")
	b.WriteString(barCaption(u, color))
	b.WriteString("\n")
	b.WriteString(legend(segs, color))
	return b.String()
}

func barCaption(u Usage, color bool) string {
	used := u.Used()
	if u.Budget <= 0 {
		return fmt.Sprintf("%s tokens, budget unknown", Grouped(used))
	}
	text := fmt.Sprintf("%d%% of %s tokens (%s)", Percent(used, u.Budget), Grouped(u.Budget), u.Source)
	if used > u.Budget {
		text += ", over the budget"
		if color {
			text = ansiRed + text + ansiReset
		}
	}
	return text
}

func legend(segs []segment, color bool) string {
	var items []string
	for _, s := range segs {
		if s.tokens == 0 && s.name != "free" {
			continue
		}
		glyph := s.glyph
		if color {
			glyph = s.colour + "█" + ansiReset
			if s.name == "free" {
				glyph = s.colour + "·" + ansiReset
			}
		}
		items = append(items, fmt.Sprintf("%s %s %s", glyph, s.name, Grouped(s.tokens)))
	}
	return strings.Join(items, "  ")
}

// allot shares width cells among the segments in proportion to their
// tokens out of scale, by largest remainder, so that the cells add up to
// the bar's filled length; a part that holds tokens gets at least one
// cell, taken from the largest part.
func allot(segs []segment, width, scale int) []int {
	cells := make([]int, len(segs))
	if scale <= 0 {
		cells[len(cells)-1] = width // an empty window of unknown budget: all free
		return cells
	}
	type rest struct {
		i    int
		frac float64
	}
	var rests []rest
	total := 0
	for i, s := range segs {
		exact := float64(s.tokens) * float64(width) / float64(scale)
		cells[i] = int(math.Floor(exact))
		total += cells[i]
		rests = append(rests, rest{i, exact - math.Floor(exact)})
	}
	sort.SliceStable(rests, func(a, b int) bool { return rests[a].frac > rests[b].frac })
	for k := 0; total < width && k < len(rests); k++ {
		if rests[k].frac > 0 {
			cells[rests[k].i]++
			total++
		}
	}
	for i, s := range segs {
		if s.tokens > 0 && cells[i] == 0 {
			big := 0
			for j := range cells {
				if cells[j] > cells[big] {
					big = j
				}
			}
			if cells[big] > 1 {
				cells[big]--
				cells[i]++
			}
		}
	}
	return cells
}

// Report is /context's text: the bar and legend of Bar, then the
// thresholds in tokens with whether the warning was given, then the
// boundary.
func Report(u Usage, width int, color bool) string {
	var b strings.Builder
	b.WriteString(Bar(u, width, color))
	b.WriteString("\n")
	if u.Budget > 0 {
		warned := "no"
		if u.Warned {
			warned = "yes"
		}
		fmt.Fprintf(&b, "thresholds: warn over %s (85%%), evict down to %s (50%%); warned: %s\n",
			Grouped(u.Budget*warnPercent/100), Grouped(u.Budget*evictToPercent/100), warned)
	} else {
		b.WriteString("thresholds: none: with the budget unknown nothing is evicted ahead of time\n")
	}
	if u.Boundary > 0 {
		fmt.Fprintf(&b, "boundary: seq %d (turns with input seq ≤ %d are evicted)", u.Boundary, u.Boundary)
	} else {
		b.WriteString("boundary: none (nothing evicted)")
	}
	return b.String()
}

// Grouped writes n with commas between thousands, as /context shows
// figures: 200,000.
func Grouped(n int) string {
	s := strconv.Itoa(n)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var b strings.Builder
	if neg {
		b.WriteString("-")
	}
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}
