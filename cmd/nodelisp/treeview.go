package main

import (
	"fmt"
	"io"

	"github.com/nodelisp/nodelisp/session"
)

// maxTreeLine is how much of an input's first line /tree shows.
const maxTreeLine = 60

// drawTree draws the session tree: one line a turn with its seq (what
// /tree N takes) and the first line of its input, the head marked, and
// the turns off the path to head (branches an undo or rewind left) marked
// hidden. A line of turns runs straight down; a branch leaves it with
// box-drawing characters, drawn before the turn the line goes on with, so
// a long history without branches reads as a plain list. A boundary
// above 0 draws a line under the last turn on the path to head that
// eviction took (its input seq at or below the boundary): the turns above
// it are recalled from the log, not sent.
func drawTree(w io.Writer, id string, head, boundary int64, turns []session.TreeTurn) {
	if len(turns) == 0 {
		fmt.Fprintf(w, "%s: no turns yet\n", id)
		return
	}
	top := id
	if head == 0 {
		top += "  ← head"
	}
	fmt.Fprintln(w, top)
	kids := session.Children(turns)
	var chain func(next []session.TreeTurn, lead, rest string)
	chain = func(next []session.TreeTurn, lead, rest string) {
		for len(next) > 0 {
			main := mainLine(next)
			for _, b := range next {
				if b.Seq != main.Seq {
					chain([]session.TreeTurn{b}, rest+"├─ ", rest+"│  ")
				}
			}
			fmt.Fprintln(w, lead+treeLabel(main))
			lead = rest
			next = kids[main.Seq]
			if lastEvicted(main, next, boundary) {
				fmt.Fprintf(w, "%s┄┄ evicted above: turns up to seq %d are recalled from the log ┄┄\n", rest, boundary)
			}
		}
	}
	chain(kids[0], "", "")
}

// lastEvicted reports whether t is the last turn on the path to head at
// or below the eviction boundary, next being its children: the boundary
// turn itself, or the last before a turn past it. A head moved back
// above the boundary shows no line, the evicted turns being off its path.
func lastEvicted(t session.TreeTurn, next []session.TreeTurn, boundary int64) bool {
	if boundary <= 0 || !t.OnPath || t.Seq > boundary {
		return false
	}
	if t.Seq == boundary {
		return true
	}
	for _, c := range next {
		if c.OnPath {
			return c.Seq > boundary
		}
	}
	return false
}

// mainLine picks the child a line of turns goes on with: the one on the
// path to head, else the newest.
func mainLine(ts []session.TreeTurn) session.TreeTurn {
	for _, t := range ts {
		if t.OnPath {
			return t
		}
	}
	return ts[len(ts)-1]
}

func treeLabel(t session.TreeTurn) string {
	label := fmt.Sprintf("%d  %s", t.Seq, clipRunes(t.FirstLine, maxTreeLine))
	switch {
	case t.Head:
		label += "  ← head"
	case t.Hidden:
		label += "  (hidden)"
	}
	return label
}

// clipRunes cuts s to n characters, marking a cut with "…".
func clipRunes(s string, n int) string {
	rs := []rune(s)
	if len(rs) <= n {
		return s
	}
	return string(rs[:n-1]) + "…"
}
