package builtins

import (
	"strings"
	"testing"
)

// load and compile-file in a bare image, which has no working directory:
// a stream loads, a file is a file-error (the image's open and probe-file
// signal it), and ed refuses in words. The file cases run in a session
// (testdata/files/load-source.lisp and compile-file.lisp, SBCL's output).
func TestLoadInABareImage(t *testing.T) {
	tests := []struct{ name, src, want string }{
		{"a stream's forms in order",
			`(defvar *n* 0) (with-input-from-string (s "(incf *n*) (incf *n* 10)") (list (load s) *n*))`, "(t 11)"},
		{"in-package stays in the load",
			`(with-input-from-string (s "(in-package :keyword)") (load s)) (package-name *package*)`, `"COMMON-LISP-USER"`},
		// SBCL prints the values of each form after "; " (";; " in a
		// nested load), separated by commas.
		{":print shows each form's values",
			`(with-input-from-string (s "(values 1 2) (quote x)") (load s :print t))`, "; 1, 2\n; x\nt"},
		{"*load-print* is :print's default",
			`(let ((*load-print* t)) (with-input-from-string (s "7") (load s)))`, "; 7\nt"},
		{"a file is a file-error",
			`(handler-case (load "x.lisp") (file-error (c) (namestring (file-error-pathname c))))`, `"x.lisp"`},
		{"a missing file with :if-does-not-exist nil is still a file-error without a directory",
			`(handler-case (load "x.lisp" :if-does-not-exist nil) (file-error () :file-error))`, ":file-error"},
		{"compile-file is a file-error", `(handler-case (compile-file "x.lisp") (file-error () :file-error))`, ":file-error"},
		{"ed refuses", `(handler-case (ed "x.lisp") (error (c) (and (search "no editor" (princ-to-string c)) t)))`, "t"},
		{"a read error in a load is the reader's", `(handler-case (with-input-from-string (s "(a") (load s)) (end-of-file () :eof))`, ":eof"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := evalMacroTest(t, tc.src)
			if err != nil {
				t.Fatalf("%s: %v", tc.src, err)
			}
			if !strings.EqualFold(got, tc.want) {
				t.Errorf("%s\n got %q\nwant %q", tc.src, got, tc.want)
			}
		})
	}
}
