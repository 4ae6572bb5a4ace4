package builtins

import (
	"strings"
	"testing"
)

// A function a sequence builtin calls may change the sequence under it
// (shorten or lengthen a list, move a fill pointer). What it then answers
// is up to the builtin, as CL leaves it undefined, but it must be a value
// or a Lisp error, never a Go panic reported as an internal error.
func TestSequenceBuiltinsSurviveAMutatingFunction(t *testing.T) {
	list := "(let ((l (list 3 1 2 5 4))) %s)"
	grow := "(lambda (a b) (setf (cdr (last l)) (list 7)) (< a b))"
	growOne := "(lambda (x) (when (eql x 3) (setf (cdr (last l)) (list 8 9))) (evenp x))"
	cut := "(lambda (a b) (setf (cdr l) nil) (< a b))"
	vec := "(let ((v (make-array 5 :initial-contents '(3 1 2 5 4) :fill-pointer t :adjustable t))) %s)"
	shrink := "(lambda (a b) (setf (fill-pointer v) 1) (< a b))"
	push := "(lambda (a b) (vector-push-extend 1 v) (< a b))"
	str := `(let ((s (make-array 5 :element-type 'character :initial-contents "hello" :fill-pointer t))) %s)`
	forms := []string{
		sprintf(list, "(sort l "+grow+")"), sprintf(list, "(stable-sort l "+grow+")"),
		sprintf(list, "(sort l "+cut+")"), sprintf(list, "(nsubstitute-if 0 "+growOne+" l)"),
		sprintf(list, "(map 'list (lambda (x) (setf (cdr l) nil) x) l)"),
		sprintf(list, "(map-into l (lambda (x) (setf (cdr (last l)) (list 7)) x) l)"),
		sprintf(list, "(reduce (lambda (a b) (setf (cdr l) nil) (+ a b)) l :from-end t)"),
		sprintf(list, "(merge 'list l (list 0 9) "+grow+")"),
		sprintf(list, "(delete-duplicates l :test (lambda (a b) (setf (cdr l) nil) (eql a b)))"),
		sprintf(vec, "(sort v "+shrink+")"), sprintf(vec, "(stable-sort v "+push+")"),
		sprintf(vec, "(reduce (lambda (a b) (setf (fill-pointer v) 0) (+ a b)) v :from-end t)"),
		sprintf(vec, "(map 'list (lambda (a b) (setf (fill-pointer v) 0) (+ a b)) v v)"),
		sprintf(vec, "(map-into v (lambda (a) (setf (fill-pointer v) 0) a) v)"),
		sprintf(vec, "(nsubstitute-if 0 (lambda (a) (setf (fill-pointer v) 0) (evenp a)) v)"),
		sprintf(str, "(sort s (lambda (a b) (setf (fill-pointer s) 1) (char< a b)))"),
		sprintf(str, "(nsubstitute-if #\\x (lambda (a) (setf (fill-pointer s) 1) (char= a #\\l)) s)"),
		sprintf(str, "(map-into s (lambda (a) (setf (fill-pointer s) 0) a) s)"),
	}
	for _, src := range forms {
		_, _, err := libEval(t, src)
		if err != nil && strings.Contains(err.Error(), "internal error") {
			t.Errorf("%s: %v", src, err)
		}
	}
}

func sprintf(format, arg string) string { return strings.Replace(format, "%s", arg, 1) }
