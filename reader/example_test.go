package reader_test

import (
	"errors"
	"fmt"
	"io"

	"github.com/nodelisp/nodelisp/lisp"
	"github.com/nodelisp/nodelisp/reader"
)

// ReadCell reads a whole cell: its forms, where each list form started, and
// the note of a cell that opens with a ";;" comment.
func ExampleReadCell() {
	cell, err := reader.ReadCell(`;; count the words
(defvar *words* (list "a" "b"))
  (length *words*)`)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("note %q (has note: %v)\n", cell.Note, cell.HasNote)
	for _, form := range cell.Forms {
		pos, _ := cell.Pos(form)
		fmt.Printf("%s %s\n", pos, lisp.Prin1ToString(form))
	}
	// Output:
	// note "count the words" (has note: true)
	// 2:1 (defvar *words* (list "a" "b"))
	// 3:3 (length *words*)
}

// A cell that ends inside a form gives an *Error with Incomplete set, so a
// REPL can ask for another line; malformed input is an error whatever
// follows. Either way the cell holds the forms read before the error.
func ExampleError() {
	for _, src := range []string{
		"(defun f (x)\n  (* x 2)",
		`(print "unterminated)`,
		"(+ 1 2) )",
	} {
		cell, err := reader.ReadCell(src)
		var re *reader.Error
		if errors.As(err, &re) {
			fmt.Printf("%v (incomplete: %v, forms read: %d)\n", re, re.Incomplete, len(cell.Forms))
		}
	}
	// Output:
	// 1:1: unterminated list (incomplete: true, forms read: 0)
	// 1:8: unterminated string (incomplete: true, forms read: 0)
	// 1:9: unbalanced ) (incomplete: false, forms read: 1)
}

// A Reader reads one form at a time, as read-from-string does, and reports
// io.EOF when only whitespace and comments remain.
func ExampleReader_Read() {
	r := reader.New("a (b . c) #(1 2) ; the end")
	for {
		v, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(lisp.Prin1ToString(v))
	}
	// Output:
	// a
	// (b . c)
	// #(1 2)
}
