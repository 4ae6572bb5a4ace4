package session_test

import (
	"context"
	"testing"

	"github.com/nodelisp/nodelisp/internal/testdb"
	"github.com/nodelisp/nodelisp/reader"
	"github.com/nodelisp/nodelisp/session"
)

// A cell a front end read (to know it was whole) runs as it was read: its
// positions stay in the Source the front end holds, which the turn names
// with its call's seq.
func TestRunCellRunsTheCellRead(t *testing.T) {
	ctx := context.Background()
	o := opts("")
	o.Home = t.TempDir()
	s := must[*session.Session](t)(session.Open(ctx, testdb.SQLite(t), o))
	cell, _ := reader.ReadCell(";; fails\n  (car 5)")
	tn, err := s.RunCell(ctx, cell, session.TurnOptions{})
	if err != nil {
		t.Fatal(err)
	}
	c := tn.Cell.Condition
	if c == nil || c.Type != "type-error" || c.Position != "2:3" {
		t.Fatalf("condition %+v", c)
	}
	if cell.Source().Seq != tn.Cell.CallSeq || tn.Cell.CallSeq == 0 {
		t.Errorf("the cell's source is seq %d, its call %d", cell.Source().Seq, tn.Cell.CallSeq)
	}
}
