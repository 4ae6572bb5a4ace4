package session_test

import (
	"context"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"strings"

	"github.com/nodelisp/nodelisp/evict"
	"github.com/nodelisp/nodelisp/session"
	"github.com/nodelisp/nodelisp/store"
	"github.com/nodelisp/nodelisp/store/sqlite"
)

// exampleStore opens an SQLite store in a fresh temporary directory; done
// closes it and removes the directory. A fresh store numbers its events
// from 1, so the seqs the examples print are always the same.
func exampleStore(ctx context.Context) (st store.Store, dir string, done func()) {
	dir, err := os.MkdirTemp("", "nodelisp-example-")
	if err != nil {
		log.Fatal(err)
	}
	st, err = sqlite.Open(ctx, filepath.Join(dir, "log.db"))
	if err != nil {
		log.Fatal(err)
	}
	return st, dir, func() { st.Close(); os.RemoveAll(dir) }
}

// printWindow prints one line per message: role, id and the first line of
// its text.
func printWindow(w *session.Window) {
	for _, m := range w.Messages {
		first, _, _ := strings.Cut(m.Text, "\n")
		fmt.Printf("%-9s %-6s %s\n", m.Role, m.ID, first)
	}
}

// A minimal agent loop: open a session, record the user's input, evaluate
// the model's cells, and build the window for the next model request.
func Example() {
	ctx := context.Background()
	st, dir, done := exampleStore(ctx)
	defer done()

	s, err := session.Open(ctx, st, session.Options{
		Title:     "squares",
		System:    "You answer by evaluating Lisp cells.",
		Home:      dir,                          // where context files go
		BudgetEnv: &evict.Env{Tokens: "100000"}, // the budget, as NODECODE_CONTEXT_TOKENS would set it
	})
	if err != nil {
		log.Fatal(err)
	}
	if _, err := s.Input(ctx, "What is the square of 12?\nShow your work."); err != nil {
		log.Fatal(err)
	}
	for _, cell := range []string{
		";; square: the function asked for\n(defun square (x) (* x x))",
		"(square 12)",
	} {
		if _, err := s.Eval(ctx, cell, session.TurnOptions{}); err != nil {
			log.Fatal(err)
		}
	}
	// Send marks this window a request: the one the host sends the model.
	w, err := s.Window(ctx, session.WindowOptions{Send: true})
	if err != nil {
		log.Fatal(err)
	}
	printWindow(w)
	fmt.Printf("budget %d from %s, %d tokens used\n", w.Budget, w.Source, w.Used())
	// Output:
	// system    system You answer by evaluating Lisp cells.
	// user      2      What is the square of 12?
	// assistant 3      ;; square: the function asked for
	// tool      4      square
	// assistant 6      (square 12)
	// tool      7      144
	// budget 100000 from NODECODE_CONTEXT_TOKENS, 69 tokens used
}

// Undo moves head to the turn before, and Redo back; the window follows
// head, and nothing is deleted from the log.
func ExampleSession_Undo() {
	ctx := context.Background()
	st, dir, done := exampleStore(ctx)
	defer done()

	s, err := session.Open(ctx, st, session.Options{Title: "undo", Home: dir, BudgetEnv: &evict.Env{}})
	if err != nil {
		log.Fatal(err)
	}
	for _, text := range []string{"first", "second"} {
		if _, err := s.Input(ctx, text); err != nil {
			log.Fatal(err)
		}
		if _, err := s.Eval(ctx, "(length \""+text+"\")", session.TurnOptions{}); err != nil {
			log.Fatal(err)
		}
	}
	show := func(what string) {
		w, err := s.Window(ctx, session.WindowOptions{})
		if err != nil {
			log.Fatal(err)
		}
		fmt.Printf("%s: head %d\n", what, s.Head())
		printWindow(w)
	}
	mv, err := s.Undo(ctx, session.UndoOptions{})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("undo %d → %d (head move seq %d)\n", mv.From, mv.To, mv.Seq)
	show("after undo")
	if _, err := s.Redo(ctx, session.UndoOptions{}); err != nil {
		log.Fatal(err)
	}
	show("after redo")
	// Output:
	// undo 4 → 1 (head move seq 7)
	// after undo: head 1
	// user      1      first
	// assistant 2      (length "first")
	// tool      3      5
	// after redo: head 4
	// user      1      first
	// assistant 2      (length "first")
	// tool      3      5
	// user      4      second
	// assistant 5      (length "second")
	// tool      6      6
}

// Fork makes a new session standing where this one stands; from there the
// two go their own ways.
func ExampleSession_Fork() {
	ctx := context.Background()
	st, dir, done := exampleStore(ctx)
	defer done()

	s, err := session.Open(ctx, st, session.Options{ID: "main", Title: "main", Home: dir, BudgetEnv: &evict.Env{}})
	if err != nil {
		log.Fatal(err)
	}
	if _, err := s.Input(ctx, "define a"); err != nil {
		log.Fatal(err)
	}
	if _, err := s.Eval(ctx, "(defvar *a* 42)", session.TurnOptions{}); err != nil {
		log.Fatal(err)
	}
	fork, err := s.Fork(ctx, "experiment")
	if err != nil {
		log.Fatal(err)
	}
	if _, err := fork.Input(ctx, "use a in the fork"); err != nil {
		log.Fatal(err)
	}
	// The fork's image has the definitions of the path it was forked on.
	r, err := fork.Eval(ctx, "(* *a* 2)", session.TurnOptions{})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("fork %q: (* *a* 2) = %s\n", fork.Title(), r.Text)
	for _, x := range []*session.Session{s, fork} {
		w, err := x.Window(ctx, session.WindowOptions{})
		if err != nil {
			log.Fatal(err)
		}
		fmt.Printf("%s, head %d:\n", x.Title(), x.Head())
		printWindow(w)
	}
	// Output:
	// fork "experiment": (* *a* 2) = 84
	// main, head 1:
	// user      1      define a
	// assistant 2      (defvar *a* 42)
	// tool      3      *a*
	// experiment, head 5:
	// user      1      define a
	// assistant 2      (defvar *a* 42)
	// tool      3      *a*
	// user      5      use a in the fork
	// assistant 6      (* *a* 2)
	// tool      7      84
}
