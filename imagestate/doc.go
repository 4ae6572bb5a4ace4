// Package imagestate writes Lisp values as state text and reads them back:
// the form in which a session records the values of its image's global
// variables, so a head move or a resume can restore them without running
// any code.
//
// The text looks like Lisp but is its own small format, read only by this
// package, so it does not depend on the printer's user-visible variables
// or caps: every mutable object reached twice is labelled (#n= and #n#),
// so shared structure and cycles come back as they were; floats keep their
// exact bits (#F1.5); hash tables are #H(test key value …) in insertion
// order; vectors with a fill pointer, adjustable or of bits are
// #V(flags item …); arrays of any rank #A((dims…) item …); structures and
// class instances #I(class slot value …), their slots by name and read
// back (ReadIn) into the class the image defines under that name; a
// random state #R(hi lo), its generator's two words.
// Functions, streams and conditions have no state text: Print reports
// ErrUnreadable for a value that holds one. A Sharing prints many values
// (a session's globals) in one walk and tells which of them share an
// object, so those can be written together, as one list, in one label
// space.
//
// It is not a general printer (package lisp prints for people) nor a
// reader of source (package reader).
package imagestate
