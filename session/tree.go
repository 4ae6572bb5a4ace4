package session

import (
	"encoding/json"
	"sort"
	"strings"

	"github.com/nodelisp/nodelisp/event"

	"github.com/nodelisp/nodelisp/store"
)

// turnNode is one turn of the session tree: its input event and where it
// hangs.
type turnNode struct {
	Seq      int64  // the input event's seq
	Parent   int64  // the turn it continues from; 0 at the root
	Text     string // the input's text
	Children []int64
}

// tree is the session tree, rebuilt from the log's input and head move
// events and kept up to date as the session appends them.
//
// A resumed session's tree starts partial (tree_load.go): it holds head
// and the end of the path to it, the turns a window shows and the newest
// one it evicted, so a resume costs what the window costs, not what the
// history does. What needs every turn (a head move, redo, Tree) reads
// the whole tree first (Session.wholeTree).
type tree struct {
	turns map[int64]*turnNode
	head  int64
	// leaves records head moves that left a branch (undo, rewind, tree),
	// newest last: redo walks back towards the from of the newest one.
	// A partial tree has none.
	leaves []event.HeadMove
	// whole is set when turns holds every turn of the log, rooted when
	// they hold at least the whole path to head.
	whole, rooted bool
}

func newTree() *tree { return &tree{turns: map[int64]*turnNode{}, whole: true, rooted: true} }

// apply folds one input or head move event into the tree.
func (t *tree) apply(e store.Event) {
	switch e.Kind {
	case event.KindInput:
		var p event.Input
		_ = json.Unmarshal(e.Payload, &p)
		t.turns[e.Seq] = &turnNode{Seq: e.Seq, Parent: p.Parent, Text: p.Text}
		if parent, ok := t.turns[p.Parent]; ok {
			parent.Children = append(parent.Children, e.Seq)
		}
		t.head = e.Seq
	case event.KindHeadMove:
		var p event.HeadMove
		_ = json.Unmarshal(e.Payload, &p)
		t.head = p.To
		if p.Why != "redo" {
			t.leaves = append(t.leaves, p)
		}
	}
}

// path returns the turns from the root to turn seq, oldest first. In a
// partial tree it starts where the loaded turns do: at the newest evicted
// turn of the path to head, which is all a window needs.
func (t *tree) path(seq int64) []int64 {
	var out []int64
	for seq != 0 {
		n, ok := t.turns[seq]
		if !ok {
			break
		}
		out = append(out, seq)
		seq = n.Parent
	}
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out
}

// isAncestor reports whether a is b or one of b's ancestors (0, the root,
// is everyone's ancestor).
func (t *tree) isAncestor(a, b int64) bool {
	for {
		if a == b {
			return true
		}
		if b == 0 {
			return false
		}
		n, ok := t.turns[b]
		if !ok {
			return false
		}
		b = n.Parent
	}
}

// redoTarget is the turn redo moves head to: the child of head on the way
// back to the turn the newest branch-leaving move below head left. Walking
// the moves newest first lets successive redos retrace successive undos.
// ok is false when there is nothing to redo.
func (t *tree) redoTarget() (int64, bool) {
	for i := len(t.leaves) - 1; i >= 0; i-- {
		left := t.leaves[i].From
		if left == t.head || !t.isAncestor(t.head, left) {
			continue
		}
		p := t.path(left)
		if t.head == 0 {
			return p[0], true
		}
		for j, seq := range p {
			if seq == t.head && j+1 < len(p) {
				return p[j+1], true
			}
		}
	}
	return 0, false
}

// pathHolds reports whether turn is on the path to head. known is false
// when the tree is partial and turn is older than the loaded part of the
// path, which then cannot say.
func (t *tree) pathHolds(turn int64) (on, known bool) {
	p := t.path(t.head)
	for _, s := range p {
		if s == turn {
			return true, true
		}
	}
	if t.rooted || len(p) == 0 || turn > p[0] {
		return false, true
	}
	return false, false
}

// TreeTurn is one turn of the session tree as Tree returns it.
type TreeTurn struct {
	Seq       int64  // the input's seq: what /tree N takes
	Parent    int64  // 0 at the root
	FirstLine string // the input's first line
	Depth     int    // distance from the root, 0 for a root turn
	Head      bool   // the turn head stands on
	OnPath    bool   // on the path from the root to head
	Hidden    bool   // off the path: a branch an undo or rewind left
}

// Children groups turns under their parents, each group in the turns'
// order; a turn whose parent is not among them (a fork's first turn, whose
// parent is the parent session's) stands under 0, the root.
func Children(turns []TreeTurn) map[int64][]TreeTurn {
	known := make(map[int64]bool, len(turns))
	for _, t := range turns {
		known[t.Seq] = true
	}
	kids := map[int64][]TreeTurn{}
	for _, t := range turns {
		parent := t.Parent
		if !known[parent] {
			parent = 0
		}
		kids[parent] = append(kids[parent], t)
	}
	return kids
}

// list lists every turn, depth first in seq order, so a caller can draw it
// with one line per turn.
func (t *tree) list() []TreeTurn {
	onPath := map[int64]bool{}
	for _, s := range t.path(t.head) {
		onPath[s] = true
	}
	var roots []int64
	for seq, n := range t.turns {
		if _, ok := t.turns[n.Parent]; !ok {
			roots = append(roots, seq)
		}
	}
	sort.Slice(roots, func(i, j int) bool { return roots[i] < roots[j] })
	var out []TreeTurn
	var walk func(seq int64, depth int)
	walk = func(seq int64, depth int) {
		n := t.turns[seq]
		out = append(out, TreeTurn{
			Seq: seq, Parent: n.Parent, FirstLine: firstLine(n.Text), Depth: depth,
			Head: seq == t.head, OnPath: onPath[seq], Hidden: !onPath[seq],
		})
		kids := append([]int64(nil), n.Children...)
		sort.Slice(kids, func(i, j int) bool { return kids[i] < kids[j] })
		for _, k := range kids {
			walk(k, depth+1)
		}
	}
	for _, r := range roots {
		walk(r, 0)
	}
	return out
}

func firstLine(s string) string {
	s = strings.TrimLeft(s, "\n")
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}
