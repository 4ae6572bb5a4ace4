package session

import (
	"context"
	"testing"

	"github.com/nodelisp/nodelisp/internal/testdb"
)

// Head moves back and forth do not lengthen the chain a restore reads: a
// move's record points at the state its target turn stands on, never at
// an earlier move's record, which changes nothing.
func TestHeadMovesKeepChainsShort(t *testing.T) {
	ctx := context.Background()
	s, err := Open(ctx, testdb.SQLite(t), Options{Title: "moves", Home: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	for _, code := range []string{"(defvar *n* 0)", "(incf *n*)", "(incf *n*)"} {
		if _, err := s.RunTurn(ctx, code, TurnOptions{}); err != nil {
			t.Fatal(err)
		}
	}
	for range 20 {
		if _, err := s.Undo(ctx, UndoOptions{}); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Redo(ctx, UndoOptions{}); err != nil {
			t.Fatal(err)
		}
	}
	chain, err := s.stateChain(ctx, s.img.Seq())
	if err != nil {
		t.Fatal(err)
	}
	if len(chain) > 4 {
		t.Errorf("after 40 head moves the chain is %d records long, want at most 4", len(chain))
	}
	var n int64
	if err := s.Interpreter().Get("*n*", &n); err != nil || n != 2 {
		t.Errorf("*n* = %d (%v), want 2", n, err)
	}
}
