package builtins

import (
	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
)

// The file system functions of the pathnames chapter in an image with no
// working directory. A session defines them over its working directory
// (package session), which confines them; here each exists, so a program
// can test for it, and signals a file-error saying why it cannot run.
// user-homedir-pathname and compile-file-pathname need no files.

var fileFunctions = []struct{ name, args string }{
	{"probe-file", "(pathspec)"},
	{"truename", "(filespec)"},
	{"directory", "(pathspec &key)"},
	{"ensure-directories-exist", "(pathspec &key verbose)"},
	{"rename-file", "(filespec new-name)"},
	{"delete-file", "(filespec)"},
	{"file-author", "(pathspec)"},
	{"file-write-date", "(pathspec)"},
}

func registerPathnameFiles() {
	for _, f := range fileFunctions {
		defun(f.name, f.args, "Needs a session's working directory: file access is confined to it, and this image has none.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
			c := &lisp.Condition{Class: lisp.ClassFileError, Message: f.name + ": file access needs a session's working directory, and this image has none"}
			if len(a) > 0 {
				c.Name = a[0]
			}
			lisp.Signal(c)
			return nil
		})
	}
	defun("user-homedir-pathname", "(&optional host)", "Return the directory of *default-pathname-defaults*'s global value: the working directory in a session, the only home nodelisp's files have.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		d := defaultPathname(t)
		return lisp.InternPathname(&lisp.Pathname{Host: d.Host, Device: d.Device, Directory: d.Directory, Name: lisp.Nil, Type: lisp.Nil, Version: lisp.Nil, Logical: d.Logical})
	})
	defun("compile-file-pathname", "(input-file &key output-file)", "Return the pathname compile-file would write for INPUT-FILE: its type fasl, merged with *default-pathname-defaults*.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		const op = "compile-file-pathname"
		kw := parseKeys(op, a[1:], "output-file")
		in := lisp.MergePathnames(pathnameArg(t, op, a[0]), defaultPathname(t), kwNewest)
		out := *in
		out.Type = lisp.NewString("fasl")
		if v, ok := kw.get("output-file"); ok && v != lisp.Value(lisp.Nil) {
			return lisp.MergePathnames(pathnameArg(t, op, v), &out, kwNewest)
		}
		return lisp.InternPathname(&out)
	})
}
