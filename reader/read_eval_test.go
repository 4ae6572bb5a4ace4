package reader

import (
	"errors"
	"strings"
	"testing"

	"github.com/nodelisp/nodelisp/lisp"
)

// #. needs a host's evaluator: without one it is an error; with one its
// form's value is what was read; a cell read ahead marks the form to be
// read again when it runs, evaluating nothing yet.
func TestReadTimeEval(t *testing.T) {
	if _, err := New("#.(+ 1 2)").Read(); err == nil || !strings.Contains(err.Error(), "*read-eval* is nil") {
		t.Errorf("#. without an evaluator: %v", err)
	}
	var got []string
	r := New("(a #.(+ 1 2))")
	r.SetReadEval(func(form lisp.Value) (lisp.Value, error) {
		got = append(got, lisp.Prin1ToString(form))
		return lisp.MakeInt(3), nil
	})
	v, err := r.Read()
	if err != nil || lisp.Prin1ToString(v) != "(a 3)" || len(got) != 1 {
		t.Errorf("#. with an evaluator: %v, %v (evaluated %v)", v, err, got)
	}
	r = New("#.(boom)")
	r.SetReadEval(func(lisp.Value) (lisp.Value, error) { return nil, errors.New("it failed") })
	if _, err := r.Read(); err == nil || !strings.Contains(err.Error(), "#.: it failed") {
		t.Errorf("#. whose form fails: %v", err)
	}
	cell, err := ReadCell("(defun f () 1) (list #.(f))")
	if err != nil || cell.Unresolved(0) || !cell.Unresolved(1) {
		t.Errorf("a cell read ahead: %v, unresolved %v %v", err, cell.Unresolved(0), cell.Unresolved(1))
	}
}
