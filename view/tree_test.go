package view

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/nodelisp/nodelisp/session"
)

// The line to head runs straight down lane 0; a branch sits in the lane
// to its right, in the rows between its turn and the line's next turn.
func TestLayoutTree(t *testing.T) {
	// 1 ─ 2 ─ 3 ─ 5 (head), and 3 ─ 4 left by an undo, 2 ─ 6 ─ 7 by another.
	turns := []session.TreeTurn{
		{Seq: 1, OnPath: true}, {Seq: 2, Parent: 1, OnPath: true}, {Seq: 3, Parent: 2, OnPath: true},
		{Seq: 4, Parent: 3, Hidden: true}, {Seq: 5, Parent: 3, OnPath: true, Head: true},
		{Seq: 6, Parent: 2, Hidden: true}, {Seq: 7, Parent: 6, Hidden: true},
	}
	type placed struct {
		Seq  int64
		Lane int
	}
	var got []placed
	for _, r := range layoutTree(turns) {
		got = append(got, placed{r.Seq, r.Lane})
	}
	want := []placed{{1, 0}, {2, 0}, {6, 1}, {7, 1}, {3, 0}, {4, 1}, {5, 0}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("rows (-want +got):\n%s", diff)
	}
	d := drawTree(turns, 0, nil)
	if len(d.Rows) != 7 || len(d.Edges) != 6 || d.Width != laneLeft+laneWidth+laneLeft {
		t.Errorf("drawing: %d rows, %d edges, width %d", len(d.Rows), len(d.Edges), d.Width)
	}
}

// A long history pages, opening on head's page, and an edge that crosses
// a page's edge is still drawn on it.
func TestTreePages(t *testing.T) {
	var turns []session.TreeTurn
	for i := int64(1); i <= 450; i++ {
		turns = append(turns, session.TreeTurn{Seq: i, Parent: i - 1, OnPath: true, Head: i == 450})
	}
	d := drawTree(turns, 0, nil)
	if d.Pages != 3 || d.Page != 3 || len(d.Rows) != 50 || d.Rows[0].Seq != 401 {
		t.Fatalf("page %d of %d, %d rows from %d", d.Page, d.Pages, len(d.Rows), d.Rows[0].Seq)
	}
	if len(d.Edges) != 50 { // 400→401 comes in from the page above
		t.Errorf("%d edges on the last page, want 50", len(d.Edges))
	}
	if first := drawTree(turns, 1, nil); first.NextP != 2 || first.PrevP != 0 {
		t.Errorf("first page links: prev %d next %d", first.PrevP, first.NextP)
	}
}
