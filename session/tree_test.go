package session_test

import (
	"errors"
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/nodelisp/nodelisp/evict"
	"github.com/nodelisp/nodelisp/session"
	"github.com/nodelisp/nodelisp/store"
)

// treeModel is what a session's tree and window should be, kept by the
// test alongside the session: each turn's parent and the window lines of
// its messages (as texts prints them), and head.
type treeModel struct {
	parent map[int64]int64
	text   map[int64]string
	lines  map[int64][]string
	head   int64
}

func newTreeModel() *treeModel {
	return &treeModel{parent: map[int64]int64{}, text: map[int64]string{}, lines: map[int64][]string{}}
}

// clone is the model a fork starts from: everything its parent had.
func (m *treeModel) clone() *treeModel {
	c := newTreeModel()
	for k, v := range m.parent {
		c.parent[k] = v
	}
	for k, v := range m.text {
		c.text[k] = v
	}
	for k, v := range m.lines {
		c.lines[k] = append([]string(nil), v...)
	}
	c.head = m.head
	return c
}

func (m *treeModel) path(seq int64) []int64 {
	var out []int64
	for ; seq != 0; seq = m.parent[seq] {
		out = append([]int64{seq}, out...)
	}
	return out
}

// window is the window the path to head makes, turn after turn.
func (m *treeModel) window() []string {
	var out []string
	for _, t := range m.path(m.head) {
		out = append(out, m.lines[t]...)
	}
	return out
}

// tree is Tree's listing: depth first, each level in seq order.
func (m *treeModel) tree() []session.TreeTurn {
	onPath := map[int64]bool{}
	for _, t := range m.path(m.head) {
		onPath[t] = true
	}
	kids := map[int64][]int64{}
	for seq, p := range m.parent {
		kids[p] = append(kids[p], seq)
	}
	var out []session.TreeTurn
	var walk func(parent int64, depth int)
	walk = func(parent int64, depth int) {
		list := kids[parent]
		sort.Slice(list, func(i, j int) bool { return list[i] < list[j] })
		for _, seq := range list {
			out = append(out, session.TreeTurn{
				Seq: seq, Parent: parent, FirstLine: strings.SplitN(m.text[seq], "\n", 2)[0], Depth: depth,
				Head: seq == m.head, OnPath: onPath[seq], Hidden: !onPath[seq],
			})
			walk(seq, depth+1)
		}
	}
	walk(0, 0)
	return out
}

// treeHost is a session with its model.
type treeHost struct {
	*host
	m *treeModel
}

// turn records an input and one cell defining a function named for the
// turn, so the image can be checked after every move.
func (h *treeHost) turn(label string) int64 {
	h.t.Helper()
	text := label + "\nsecond line of " + label
	seq := h.input(text)
	h.m.parent[seq], h.m.text[seq], h.m.head = h.m.head, text, seq
	h.m.lines[seq] = []string{"user " + seqID(seq) + ": " + text}
	r := h.eval(fmt.Sprintf("(defun f%d () %d)", seq, seq))
	h.m.lines[seq] = append(h.m.lines[seq],
		"assistant "+seqID(r.CallSeq)+": "+fmt.Sprintf("(defun f%d () %d)", seq, seq),
		"tool "+seqID(r.ResultSeq)+": "+r.Window)
	h.check("after turn " + label)
	return seq
}

// moved checks a head move's figures and folds it into the model.
func (h *treeHost) moved(what string, mv session.Move, err error, want session.Move) {
	h.t.Helper()
	if err != nil {
		h.t.Fatalf("%s: %v", what, err)
	}
	if mv.From != want.From || mv.To != want.To || mv.Why != want.Why {
		h.t.Fatalf("%s: move %d → %d (%s), want %d → %d (%s)", what, mv.From, mv.To, mv.Why, want.From, want.To, want.Why)
	}
	h.m.head = want.To
	h.check(what)
}

func (h *treeHost) undo(to int64) {
	h.t.Helper()
	mv, err := h.s.Undo(h.ctx, session.UndoOptions{})
	h.moved("undo", mv, err, session.Move{From: h.m.head, To: to, Why: session.WhyUndo})
}

func (h *treeHost) redo(to int64) {
	h.t.Helper()
	mv, err := h.s.Redo(h.ctx, session.UndoOptions{})
	h.moved("redo", mv, err, session.Move{From: h.m.head, To: to, Why: session.WhyRedo})
}

func (h *treeHost) cont(to int64) {
	h.t.Helper()
	mv, err := h.s.Continue(h.ctx, to)
	h.moved(fmt.Sprintf("continue %d", to), mv, err, session.Move{From: h.m.head, To: to, Why: session.WhyTree})
}

func (h *treeHost) rewind(to int64) {
	h.t.Helper()
	mv, err := h.s.Rewind(h.ctx, to, session.UndoOptions{})
	h.moved(fmt.Sprintf("rewind %d", to), mv, err, session.Move{From: h.m.head, To: to, Why: session.WhyRewind})
}

func (h *treeHost) fork(title string) *treeHost {
	h.t.Helper()
	f, err := h.s.Fork(h.ctx, title)
	if err != nil {
		h.t.Fatal(err)
	}
	fh := &treeHost{host: &host{t: h.t, ctx: h.ctx, s: f}, m: h.m.clone()}
	fh.check("fork " + title)
	return fh
}

// check compares the session's head, tree, window and image with the
// model's.
func (h *treeHost) check(what string) {
	h.t.Helper()
	if h.s.Head() != h.m.head {
		h.t.Fatalf("%s (%s): head %d, want %d", what, h.s.Title(), h.s.Head(), h.m.head)
	}
	if diff := cmp.Diff(h.m.tree(), treeOf(h.t, h.s)); diff != "" {
		h.t.Errorf("%s (%s): tree (-want +got):\n%s", what, h.s.Title(), diff)
	}
	if diff := cmp.Diff(h.m.window(), texts(h.look())); diff != "" {
		h.t.Errorf("%s (%s): window (-want +got):\n%s", what, h.s.Title(), diff)
	}
	onPath := map[int64]bool{}
	for _, t := range h.m.path(h.m.head) {
		onPath[t] = true
	}
	for seq := range h.m.parent {
		r, err := h.s.Interpreter().Eval(h.ctx, fmt.Sprintf("(fboundp 'f%d)", seq))
		if err != nil {
			h.t.Fatal(err)
		}
		if got := r.Printed != "nil"; got != onPath[seq] {
			h.t.Errorf("%s (%s): f%d defined %v, want %v (on the path)", what, h.s.Title(), seq, got, onPath[seq])
		}
	}
}

// TestTreeMovesForksOfForks walks a session tree several levels deep with
// every head move, forks it, and forks the fork, checking head, tree,
// window and image after each step, then restarts every session and finds
// the same trees and windows.
func TestTreeMovesForksOfForks(t *testing.T) {
	eachBackend(t, func(t *testing.T, st store.Store) {
		a := &treeHost{host: openHost(t, st, ""), m: newTreeModel()}
		t1 := a.turn("t1")
		t2 := a.turn("t2")
		t3 := a.turn("t3")
		a.undo(t2)
		a.undo(t1)
		t4 := a.turn("t4 from t1") // t2–t3 hidden now
		if _, err := a.s.Redo(a.ctx, session.UndoOptions{}); !errors.Is(err, session.ErrNothingToRedo) {
			t.Errorf("redo after a new input: %v, want ErrNothingToRedo", err)
		}
		a.cont(t3)
		t5 := a.turn("t5 from t3")
		a.rewind(t2)
		t6 := a.turn("t6 from t2")
		a.undo(t2)
		a.undo(t1)
		a.undo(0)
		if _, err := a.s.Undo(a.ctx, session.UndoOptions{}); !errors.Is(err, session.ErrNothingToUndo) {
			t.Errorf("undo at the root: %v, want ErrNothingToUndo", err)
		}
		a.redo(t1)
		a.redo(t2)
		a.redo(t6)
		if _, err := a.s.Redo(a.ctx, session.UndoOptions{}); !errors.Is(err, session.ErrNothingToRedo) {
			t.Errorf("a fourth redo: %v, want ErrNothingToRedo", err)
		}

		// A fork at t6, and a tree of its own under it.
		f := a.fork("fork")
		f7 := f.turn("f7 from t6")
		f.undo(t6)
		f.turn("f8 from t6")
		f.cont(t4)
		f.turn("f9 from t4")
		f.rewind(t5)
		if _, err := f.s.Redo(f.ctx, session.UndoOptions{}); !errors.Is(err, session.ErrNothingToRedo) {
			t.Errorf("redo at a turn no move left: %v, want ErrNothingToRedo", err)
		}

		// The parent goes on, untouched by the fork.
		a.cont(t5)
		a11 := a.turn("a11 from t5")
		a.undo(t5)
		a.redo(a11)

		// A fork of the fork, at head t5, and moves inside it.
		g := f.fork("fork of fork")
		g.turn("g from t5")
		g.cont(f7)
		gf := g.turn("g from f7")
		g.undo(f7)
		g.undo(t6)
		g.rewind(t1)
		g.turn("g from t1")
		g.cont(gf)

		// A restart rebuilds each session's tree, window and image.
		for _, h := range []*treeHost{a, f, g} {
			tree, w := treeOf(h.t, h.s), h.look()
			again, err := session.Resume(h.ctx, st, h.s.ID(), session.Options{Home: t.TempDir(), BudgetEnv: &evict.Env{}})
			if err != nil {
				t.Fatal(err)
			}
			// The window first: it is built from the partial tree a resume reads.
			if diff := cmp.Diff(w, must[*session.Window](t)(again.Window(h.ctx, session.WindowOptions{}))); diff != "" {
				t.Errorf("%s: window after restart (-before +after):\n%s", h.s.Title(), diff)
			}
			if diff := cmp.Diff(tree, treeOf(t, again)); diff != "" {
				t.Errorf("%s: tree after restart (-before +after):\n%s", h.s.Title(), diff)
			}
			(&treeHost{host: &host{t: t, ctx: h.ctx, s: again}, m: h.m}).check("restart")
		}
	})
}
