// Package reader turns nodelisp source text into Lisp values.
//
// It implements the Common Lisp reader syntax nodelisp supports (SPEC §1):
// integers of any size, ratios, floats (all read as double precision),
// #x/#o/#b/#NNr radix integers, strings, characters, symbols folded to
// upper case (|bars| and \escapes keep case), keywords, the quote,
// backquote and #' abbreviations, vectors, dotted lists, line and block
// comments, and #+/#- feature expressions (the features are :nodelisp and
// :common-lisp).
//
// Every list read from source remembers where it started: a side table
// keyed by the list's first cons maps it to a 1-based line and column
// (columns count runes). Errors are *Error values carrying that position and
// whether the input merely ended too soon (Incomplete), which a REPL uses to
// ask for another line.
//
// The reader builds values only; it does not evaluate anything (#. is
// refused) and knows nothing of the evaluator.
package reader
