package view

import "github.com/nodelisp/nodelisp/evict"

// tokenBar is the stacked bar of a window's parts against its budget.
type tokenBar struct {
	Parts    []barPart
	Marks    []barMark
	Width    int
	Used     int
	Free     int
	Budget   int
	Percent  int
	Source   evict.Source
	Over     bool
	Boundary int64
}

type barPart struct {
	Name   string
	Tokens int
	X, W   int
}

type barMark struct {
	X     int
	Label string
}

const barWidth = 900

// drawBar lays a window's parts out along a bar scaled to the budget (or
// to the window, when it is over the budget or the budget is unknown).
func drawBar(u evict.Usage) tokenBar {
	b := tokenBar{Width: barWidth, Used: u.Used(), Free: u.Free(), Budget: u.Budget,
		Percent: evict.Percent(u.Used(), u.Budget), Source: u.Source, Over: u.Budget > 0 && u.Used() > u.Budget,
		Boundary: u.Boundary}
	scale := max(u.Budget, u.Used(), 1)
	x := 0
	add := func(name string, tokens int) {
		w := int(int64(tokens) * barWidth / int64(scale))
		if tokens > 0 && w == 0 {
			w = 1
		}
		b.Parts = append(b.Parts, barPart{Name: name, Tokens: tokens, X: x, W: w})
		x += w
	}
	add("system", u.System)
	add("stub", u.Stub)
	add("warning", u.Warning)
	add("finished", u.Finished)
	add("running", u.Running)
	add("notes", u.Notes)
	add("free", u.Free())
	if u.Budget > 0 {
		for _, m := range []struct {
			share float64
			label string
		}{{evict.EvictTo, "evict to 50%"}, {evict.WarnAt, "warn 85%"}} {
			b.Marks = append(b.Marks, barMark{X: int(m.share * float64(u.Budget) * barWidth / float64(scale)), Label: m.label})
		}
	}
	return b
}
