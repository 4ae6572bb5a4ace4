package eval

import "testing"

func TestMalformedLambdaLists(t *testing.T) {
	tests := []struct{ src, want string }{
		{"(lambda (&rest) 1)", "lambda: malformed lambda list"},
		{"(lambda (&optional &rest) 1)", "lambda: malformed lambda list"},
		{"(lambda (&rest a b) a)", "lambda: malformed lambda list"},
		{"(lambda (&key a &optional b) a)", "lambda: malformed lambda list"},
		{"(lambda (&optional a &optional b) a)", "lambda: malformed lambda list"},
		{"(lambda (&allow-other-keys) 1)", "lambda: malformed lambda list"},
		{"(lambda (&key a &allow-other-keys b) a)", "lambda: malformed lambda list"},
		{"(lambda (&whole w) w)", "lambda: malformed lambda list"},
		{"(lambda (a . b) a)", "lambda: malformed lambda list"},
		{"(lambda x x)", "lambda: malformed lambda list"},
		{"(lambda (&optional (a 1 b c)) a)", "lambda: malformed lambda list"},
		{"(lambda (&aux (a 1 2)) a)", "lambda: malformed lambda list"},
		{"(lambda (&key 5) 1)", "lambda: malformed keyword parameter 5"},
		{"(lambda (&key ((a))) a)", "lambda: malformed keyword parameter ((a))"},
		{"(lambda (x x) x)", "lambda: the variable x occurs more than once in the lambda list"},
		{"(lambda (x &optional (y 1 x)) x)", "lambda: the variable x occurs more than once in the lambda list"},
		{"(lambda (&key ((:a x)) ((:b x))) x)", "lambda: the variable x occurs more than once in the lambda list"},
		{"(defun f (a &rest) a)", "f: malformed lambda list"},
		{"(flet ((g (y y) y)) 1)", "g: the variable y occurs more than once in the lambda list"},
		{"(defmacro m 5)", "defmacro: malformed lambda list"},
		{"(defmacro m (a &rest) a)", "defmacro: malformed lambda list"},
		{"(macrolet ((m x 1)) 1)", "macrolet: malformed lambda list"},
		{"(destructuring-bind (a &rest b . c) '(1) a)", "destructuring-bind: malformed lambda list"},
		{"(funcall (lambda (&key a) a) :b 1)", "lambda: unknown keyword argument :b"},
	}
	for _, tc := range tests {
		got, _ := run(t, newTestInterp(), tc.src)
		if got != "error: 1:1: "+tc.want {
			t.Errorf("%s: got %q, want %q", tc.src, got, tc.want)
		}
	}
}

// Well-formed lambda lists, some unusual, still work.
func TestWellFormedLambdaLists(t *testing.T) {
	tests := []struct{ src, want string }{
		{"(funcall (lambda (&optional) 1))", "1"},
		{"(funcall (lambda (&key) 2))", "2"},
		{"(funcall (lambda (&bogus x) (list &bogus x)) 1 2)", "(1 2)"},
		{"(funcall (lambda (x &aux (x (list x))) x) 1)", "(1)"},
		{"(funcall (lambda (&key ((:k v) 3 v-p) &allow-other-keys) (list v v-p)) :z 1)", "(3 nil)"},
		{"(destructuring-bind (a a) '(1 2) a)", "2"},
		{"(destructuring-bind (a (b . c) &optional (d 4) . e) '(1 (2 3)) (list a b c d e))", "(1 2 (3) 4 nil)"},
		{"(defmacro wm (&whole w . r) (list 'quote (list w r))) (wm 1 2)", "((wm 1 2) (1 2))"},
		{"(defmacro em (a &environment e) (list 'quote a)) (em 5)", "5"},
	}
	for _, tc := range tests {
		if got, _ := run(t, newTestInterp(), tc.src); got != tc.want {
			t.Errorf("%s: got %s, want %s", tc.src, got, tc.want)
		}
	}
}

// An error in code a macro generated takes the position of the nearest
// enclosing form that was read, the macro call's, and names the call.
func TestExpansionErrorPosition(t *testing.T) {
	in := newTestInterp()
	defs := "(defmacro boom () (list 'car 5)) (defmacro twice () (list 'progn (list 'car 1) (list 'car 2)))"
	if got, _ := run(t, in, defs); got != "twice" {
		t.Fatalf("defining the macros: %s", got)
	}
	tests := []struct{ src, want string }{
		{"(progn\n  (boom))", "error: 2:3: car: the value 5 is not a list (in the expansion of macro boom, called as (boom))"},
		{"\n  (twice)", "error: 2:3: car: the value 1 is not a list (in the expansion of macro twice, called as (twice))"},
		{"(list 1\n (boom))", "error: 2:2: car: the value 5 is not a list (in the expansion of macro boom, called as (boom))"},
	}
	for _, tc := range tests {
		if got, _ := run(t, in, tc.src); got != tc.want {
			t.Errorf("%q: got %q, want %q", tc.src, got, tc.want)
		}
	}
}
