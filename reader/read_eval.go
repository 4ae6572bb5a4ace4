package reader

import "github.com/nodelisp/nodelisp/lisp"

// ReadEval evaluates the form after #. when *read-eval* is true. The
// reader cannot evaluate (the evaluator sits above it), so a host that
// allows read-time evaluation hands it this function; without one, #. is
// an error, as it is under *read-eval* nil.
type ReadEval func(form lisp.Value) (lisp.Value, error)

// SetReadEval makes #. evaluate its form with eval; nil refuses #..
func (r *Reader) SetReadEval(eval ReadEval) { r.readEval = eval }

// readTimeEval reads #.FORM. Skipped by a feature expression, the form
// is read and dropped. Read ahead as part of a cell, nothing may run
// yet (an earlier form of the cell may define what FORM calls), so the
// form is marked to be read again when it runs, when a host's ReadEval
// evaluates it.
func (r *Reader) readTimeEval(start lisp.Pos) lisp.Value {
	form := r.readObject(start, "#.")
	switch {
	case r.suppress:
		return lisp.Nil
	case r.lenient:
		r.unresolved = true
		return lisp.Nil
	case r.readEval == nil:
		r.fail(start, "#. (read-time evaluation) is not allowed here: *read-eval* is nil, or nothing can evaluate while this text is read")
	}
	v, err := r.readEval(form)
	if err != nil {
		r.fail(start, "#.: "+err.Error())
	}
	return v
}
