package session

import (
	"context"
	"fmt"
	"testing"

	"github.com/nodelisp/nodelisp/internal/testdb"
)

// BenchmarkStateCheck200Globals is the part of a turn state records add:
// comparing 200 globals (numbers, strings, lists, 20 hash tables of 20
// entries) with their last record after a cell that changed one number.
func BenchmarkStateCheck200Globals(b *testing.B) {
	ctx := context.Background()
	s, err := Open(ctx, testdb.SQLite(b), Options{Title: "bench", Home: b.TempDir()})
	if err != nil {
		b.Fatal(err)
	}
	if _, err := s.Input(ctx, "globals"); err != nil {
		b.Fatal(err)
	}
	for i := 0; i < 200; i++ {
		code := fmt.Sprintf(`(defvar *g%d* (list %d :a "b" (list 1 2 3)))`, i, i)
		switch i % 10 {
		case 0:
			code = fmt.Sprintf(`(defvar *g%d* (make-hash-table :test 'equal)) (dotimes (k 20) (setf (gethash (format nil "key~a" k) *g%d*) (list k "v")))`, i, i)
		case 1, 2, 3:
			code = fmt.Sprintf(`(defvar *g%d* %d)`, i, i)
		case 4, 5:
			code = fmt.Sprintf(`(defvar *g%d* "string number %d")`, i, i)
		}
		if _, err := s.Eval(ctx, code); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := s.image.Eval(ctx, "(incf *g1*)"); err != nil {
			b.Fatal(err)
		}
		if _, ok := s.img.changes(s, nil); !ok {
			b.Fatal("no change seen")
		}
	}
}
