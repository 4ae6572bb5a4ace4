// Package reader turns nodelisp source text into Lisp values.
//
// It implements the Common Lisp reader syntax nodelisp supports (docs/language.md):
// integers of any size, ratios, floats (all read as double precision),
// #x/#o/#b/#NNr radix integers, strings, characters, symbols folded to
// upper case (|bars| and \escapes keep case), keywords, the quote,
// backquote and #' abbreviations, vectors, dotted lists, line and block
// comments, and #+/#- feature expressions (the features are :nodelisp and
// :common-lisp).
//
// Every list and string literal read from a cell remembers where it
// started: a side table keyed by the value maps it to a lisp.Pos, a
// 1-based line and column (columns count runes) in the cell's
// lisp.Source; lisp owns the type, so conditions carry it too. Errors are
// *Error values carrying that position and whether the input merely
// ended too soon (Incomplete), which a REPL uses to ask for another line.
// A Cell is read once and answers everything a front end asks of it: its
// forms, whether it is whole, and its ;; note, which the reader finds
// while skipping the comment.
//
// The reader builds values and knows nothing of the evaluator: #. runs
// its form only through a ReadEval function the host hands it (a cell's
// evaluator, under *read-eval* true), and is refused without one.
//
// A Readtable (readtable.go) holds a program's changes to the standard
// syntax and the readtable case; a program's reader macro functions are
// called through a MacroCall the host hands it (macro.go), as #. is. A
// cell read ahead in the standard syntax marks where the rest of it can
// be read again (Cell.After, Cell.Rest, Cell.ReadAt) once a form has
// changed the syntax.
package reader
