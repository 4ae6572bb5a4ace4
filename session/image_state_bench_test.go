package session_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/nodelisp/nodelisp/evict"
	"github.com/nodelisp/nodelisp/internal/testdb"
	"github.com/nodelisp/nodelisp/session"
)

// Issue 19's figures: what recording a cell's state costs, a head move's
// rebuild in a session of 1,000 turns with 200 globals, and a resume with
// its first request at 1k, 10k and 100k events (100k only with
// NODELISP_BENCH_SCALE=1, as make bench-scale runs it).

// globalCells define 200 globals: numbers, strings, lists and, every
// tenth, a hash table of 20 entries.
func globalCells() []string {
	var out []string
	for i := 0; i < 200; i++ {
		switch i % 10 {
		case 0:
			out = append(out, fmt.Sprintf(`(defvar *g%d* (make-hash-table :test 'equal)) (dotimes (k 20) (setf (gethash (format nil "key~a" k) *g%d*) (list k "v")))`, i, i))
		case 1, 2, 3:
			out = append(out, fmt.Sprintf(`(defvar *g%d* %d)`, i, i))
		case 4, 5:
			out = append(out, fmt.Sprintf(`(defvar *g%d* "string number %d")`, i, i))
		default:
			out = append(out, fmt.Sprintf(`(defvar *g%d* (list %d :a "b" (list 1 2 3)))`, i, i))
		}
	}
	return out
}

func benchTurn(b testing.TB, s *session.Session, code string) {
	tn, err := s.RunTurn(context.Background(), code, session.TurnOptions{})
	if err != nil || tn.Cell.Error {
		b.Fatalf("%s: %v %s", code, err, tn.Cell.Text)
	}
}

// BenchmarkCellWith200Globals is the part of a turn a state record
// touches, in an image of 200 globals: one cell evaluated and recorded
// (its tool call, then its result with its state record in one append),
// for a cell that changes one number and one that changes nothing. Whole
// turns (RunTurn) would measure the window too, which grows with each
// turn of the loop.
func BenchmarkCellWith200Globals(b *testing.B) {
	for _, be := range testdb.Backends() {
		b.Run(be.Name, func(b *testing.B) {
			ctx := context.Background()
			s, err := session.Open(ctx, be.Open(b), session.Options{Title: "bench", Home: b.TempDir(), BudgetEnv: &evict.Env{}})
			if err != nil {
				b.Fatal(err)
			}
			benchTurn(b, s, strings.Join(globalCells(), "\n"))
			if _, err := s.Input(ctx, "cells"); err != nil {
				b.Fatal(err)
			}
			for _, c := range []struct{ name, code string }{{"incf", "(incf *g1*)"}, {"nothing", "(+ 1 2)"}} {
				b.Run(c.name, func(b *testing.B) {
					b.ReportAllocs()
					for b.Loop() {
						if res, err := s.Eval(ctx, c.code, session.TurnOptions{}); err != nil || res.Error {
							b.Fatalf("%s: %v %s", c.code, err, res.Text)
						}
					}
				})
			}
		})
	}
}

// BenchmarkHeadMove1000Turns200Globals is an undo and a redo in a session
// of 1,000 turns, each of which changed one of 200 globals: two rebuilds.
func BenchmarkHeadMove1000Turns200Globals(b *testing.B) {
	for _, be := range testdb.Backends() {
		b.Run(be.Name, func(b *testing.B) {
			ctx := context.Background()
			s, err := session.Open(ctx, be.Open(b), session.Options{Title: "bench", Home: b.TempDir(), BudgetEnv: &evict.Env{}})
			if err != nil {
				b.Fatal(err)
			}
			for _, c := range globalCells() {
				benchTurn(b, s, c)
			}
			for i := 200; i < 1000; i++ {
				g := (i * 7) % 200
				code := fmt.Sprintf("(setf *g%d* (list %d \"turn\"))", g, i)
				if g%10 == 0 {
					code = fmt.Sprintf(`(setf (gethash "key3" *g%d*) %d)`, g, i)
				}
				benchTurn(b, s, code)
			}
			b.ReportAllocs()
			for b.Loop() {
				if _, err := s.Undo(ctx, session.UndoOptions{}); err != nil {
					b.Fatal(err)
				}
				if _, err := s.Redo(ctx, session.UndoOptions{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
