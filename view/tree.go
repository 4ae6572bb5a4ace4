package view

import (
	"fmt"

	"github.com/nodelisp/nodelisp/session"
	"github.com/nodelisp/nodelisp/store"
)

// The tree is drawn like a commit graph: one row a turn, the line to head
// straight down its lane, and each branch an undo, rewind or redo left in a
// lane to the right, starting just below the turn it left from. Rows come
// in pre-order with the line to head last, so a branch's rows sit between
// its turn and the line's next turn, and no two lines cross.

// Geometry of the drawing, in pixels (view.css sizes the rows to match).
const (
	rowHeight = 26
	laneWidth = 18
	laneLeft  = 11
	treePage  = 200 // rows a page of the tree shows
)

// treeRow is one turn of the drawing.
type treeRow struct {
	session.TreeTurn
	Row, Lane int
	X, Y      int
	Evicted   bool            // on the path and behind the eviction boundary
	Inherited bool            // a turn of the session this one was forked from
	Forks     []store.Session // sessions forked from this turn
}

// treeEdge joins a turn to its parent: D is an SVG path.
type treeEdge struct {
	D      string
	OnPath bool
}

// treeDrawing is one page of the drawing.
type treeDrawing struct {
	Rows         []treeRow
	Edges        []treeEdge
	Width        int
	Height       int
	Page, Pages  int
	Total        int
	HeadAtRoot   bool
	HeadPage     int
	PrevP, NextP int
}

// layoutTree places every turn in a row and a lane.
func layoutTree(turns []session.TreeTurn) []treeRow {
	kids := session.Children(turns)
	rows := make([]treeRow, 0, len(turns))
	// place lays out a line of turns from first in lane, with the
	// branches off it in the lanes to its right. It loops down the line
	// and recurses only into branches, so a long history needs no deep
	// stack.
	var place func(next []session.TreeTurn, lane int)
	place = func(next []session.TreeTurn, lane int) {
		for len(next) > 0 {
			main := mainLine(next)
			for _, b := range next {
				if b.Seq != main.Seq {
					place([]session.TreeTurn{b}, lane+1)
				}
			}
			rows = append(rows, treeRow{TreeTurn: main, Row: len(rows), Lane: lane})
			next = kids[main.Seq]
		}
	}
	place(kids[0], 0)
	return rows
}

// mainLine picks the child a line goes on with: the one on the path to
// head, else the newest.
func mainLine(ts []session.TreeTurn) session.TreeTurn {
	for _, t := range ts {
		if t.OnPath {
			return t
		}
	}
	return ts[len(ts)-1]
}

// drawTree lays the turns out and keeps page (1-based; 0 for the page
// holding head) of the drawing.
func drawTree(turns []session.TreeTurn, page int, mark func(*treeRow)) treeDrawing {
	rows := layoutTree(turns)
	d := treeDrawing{Total: len(rows), Pages: max((len(rows)+treePage-1)/treePage, 1), HeadAtRoot: true}
	byRow := make(map[int64]int, len(rows))
	for i, r := range rows {
		byRow[r.Seq] = i
		if r.Head {
			d.HeadPage = i/treePage + 1
			d.HeadAtRoot = false
		}
	}
	if d.HeadPage == 0 {
		d.HeadPage = 1
	}
	if page <= 0 {
		page = d.HeadPage
	}
	d.Page = min(page, d.Pages)
	d.PrevP, d.NextP = d.Page-1, d.Page+1
	if d.NextP > d.Pages {
		d.NextP = 0
	}
	first := (d.Page - 1) * treePage
	last := min(first+treePage, len(rows)) // exclusive
	x := func(lane int) int { return laneLeft + lane*laneWidth }
	y := func(row int) int { return (row-first)*rowHeight + rowHeight/2 }
	lanes := 1
	for i := first; i < last; i++ {
		r := rows[i]
		r.X, r.Y = x(r.Lane), y(r.Row)
		if mark != nil {
			mark(&r)
		}
		d.Rows = append(d.Rows, r)
		lanes = max(lanes, r.Lane+1)
	}
	for _, child := range rows {
		p, ok := byRow[child.Parent]
		if !ok {
			continue
		}
		parent := rows[p]
		if parent.Row >= last || child.Row < first {
			continue // the edge lies wholly off this page
		}
		lanes = max(lanes, child.Lane+1)
		px, py, cx, cy := x(parent.Lane), y(parent.Row), x(child.Lane), y(child.Row)
		var path string
		if px == cx {
			path = fmt.Sprintf("M%d %dV%d", px, py, cy)
		} else {
			// Down the parent's lane to the row above the child, then a
			// curve into the child's lane.
			bend := cy - rowHeight
			path = fmt.Sprintf("M%d %dV%dC%d %d %d %d %d %d", px, py, max(bend, py), px, cy-rowHeight/3, cx, cy-2*rowHeight/3, cx, cy)
		}
		d.Edges = append(d.Edges, treeEdge{D: path, OnPath: child.OnPath && parent.OnPath})
	}
	d.Width = x(lanes-1) + laneLeft
	d.Height = (last - first) * rowHeight
	return d
}
