package builtins

import "testing"

// Expansion shapes of loop: the layout of the tagbody, parallel stepping
// under and, and the macrolet that only loops using loop-finish get.
func TestLoopExpansions(t *testing.T) {
	tests := []struct{ src, want string }{
		{"(loop (f))", "(block nil (tagbody #:1 (f) (go #:1)))"},
		{"(loop for x in l collect x)",
			"(block nil (let* ((#:1 l) (x nil) (#:2 nil) (#:3 nil)) (tagbody" +
				" (if (endp #:1) (go #:4)) (setq x (car #:1))" +
				" #:5 (if #:3 (setq #:3 (%set-cdr #:3 (list x))) (setq #:3 (setq #:2 (list x))))" +
				" (setq #:1 (cdr #:1)) (if (endp #:1) (go #:4)) (setq x (car #:1)) (go #:5)" +
				" #:4 (return-from nil #:2))))"},
		{"(loop for i from 1 to n sum i)",
			"(block nil (let* ((i 1) (#:1 n) (#:2 0)) (tagbody (if (> i #:1) (go #:3))" +
				" #:4 (setq #:2 (+ #:2 i)) (setq i (1+ i)) (if (> i #:1) (go #:3)) (go #:4)" +
				" #:3 (return-from nil #:2))))"},
		{"(loop for a = 0 then b and b = 1 then (+ a b) do (f a))",
			"(block nil (let* ((a 0) (b 1)) (tagbody #:1 (progn (f a))" +
				" (let ((#:2 b) (#:3 (+ a b))) (setq a #:2) (setq b #:3)) (go #:1)" +
				" #:4 (return-from nil nil))))"},
		{"(loop named outer for i downfrom 10 above 0 by 2 do (loop-finish))",
			"(block outer (let* ((i 10)) (macrolet ((loop-finish nil '(go #:1))) (tagbody" +
				" (if (<= i 0) (go #:1)) #:2 (progn (loop-finish)) (setq i (- i 2)) (if (<= i 0) (go #:1)) (go #:2)" +
				" #:1 (return-from outer nil)))))"},
		{"(loop for x in l when (f x) collect it)",
			"(block nil (let* ((#:1 l) (x nil) (#:2 nil) (#:3 nil) (#:4 nil)) (tagbody" +
				" (if (endp #:1) (go #:5)) (setq x (car #:1))" +
				" #:6 (if (setq #:4 (f x)) (if #:3 (setq #:3 (%set-cdr #:3 (list #:4))) (setq #:3 (setq #:2 (list #:4)))))" +
				" (setq #:1 (cdr #:1)) (if (endp #:1) (go #:5)) (setq x (car #:1)) (go #:6)" +
				" #:5 (return-from nil #:2))))"},
		{"(loop while (f) do (g) until (h))",
			"(block nil (tagbody (if (not (f)) (go #:1)) #:2 (progn (g)) (if (h) (go #:1))" +
				" (if (not (f)) (go #:1)) (go #:2) #:1 (return-from nil nil)))"},
	}
	for _, tc := range tests {
		if got := expand(t, tc.src); got != tc.want {
			t.Errorf("%s\n got %s\nwant %s", tc.src, got, tc.want)
		}
	}
}
