package builtins

import (
	"path"
	"strings"

	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
)

// Pathnames as far as programs use them, kept as namestrings: nodelisp
// has no pathname objects, so pathname and merge-pathnames return strings
// and the accessors take a file's name and type apart from one, with
// slashes for directories. with-open-file is here too, over open and
// close, which a session defines when it has a working directory.

var (
	sOpen          = lisp.Sym("open")
	sClose         = lisp.Sym("close")
	sUnwindProtect = lisp.Sym("unwind-protect")
	sMVProg1       = lisp.Sym("multiple-value-prog1")
	kwAbort        = lisp.Sym(":abort")
)

// splitName takes the directory, name and type of a namestring apart: the
// type follows the last dot of the file name, except a leading one
// (".emacs" has no type).
func splitName(s string) (dir, name, typ string, hasType bool) {
	i := strings.LastIndex(s, "/")
	dir, file := s[:i+1], s[i+1:]
	if j := strings.LastIndex(file, "."); j > 0 {
		return dir, file[:j], file[j+1:], true
	}
	return dir, file, "", false
}

// namestringArg reads a pathname designator: a string, or a symbol's
// name is not one in CL, so only strings (and file streams are not
// pathnames here).
func namestringArg(op string, v lisp.Value) string {
	return stringArg(op, v)
}

func registerPathnames() {
	defun("pathname", "(pathspec)", "Return the pathname of a namestring (in nodelisp the namestring itself).", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		return lisp.NewString(namestringArg("pathname", a[0]))
	})
	for _, name := range []string{"namestring", "file-namestring", "directory-namestring"} {
		defun(name, "(pathname)", "Return the namestring of a pathname, or its file or directory part.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
			s := namestringArg(name, a[0])
			dir, _, _, _ := splitName(s)
			switch name {
			case "file-namestring":
				return lisp.NewString(s[len(dir):])
			case "directory-namestring":
				return lisp.NewString(dir)
			}
			return lisp.NewString(s)
		})
	}
	defun("pathname-name", "(pathname)", "Return the name of a file, without its directory and type; nil when there is none.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		_, name, _, _ := splitName(namestringArg("pathname-name", a[0]))
		if name == "" {
			return lisp.Nil
		}
		return lisp.NewString(name)
	})
	defun("pathname-type", "(pathname)", "Return the type of a file (what follows the last dot of its name), or nil.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		_, _, typ, ok := splitName(namestringArg("pathname-type", a[0]))
		if !ok {
			return lisp.Nil
		}
		return lisp.NewString(typ)
	})
	defun("merge-pathnames", "(pathname &optional defaults default-version)", "Fill in the directory and type a pathname lacks from DEFAULTS.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		s := namestringArg("merge-pathnames", a[0])
		if len(a) < 2 {
			return lisp.NewString(s)
		}
		defaults := namestringArg("merge-pathnames", a[1])
		dir, name, _, hasType := splitName(s)
		ddir, dname, dtyp, dHasType := splitName(defaults)
		if name == "" {
			name = dname
		}
		switch {
		case strings.HasPrefix(dir, "/"):
		case dir == "":
			dir = ddir
		default:
			dir = path.Join(ddir, dir) + "/"
		}
		out := dir + name
		if hasType {
			_, _, typ, _ := splitName(s)
			out += "." + typ
		} else if dHasType {
			out += "." + dtyp
		}
		return lisp.NewString(out)
	})
	macro("with-open-file", "(with-open-file (var path option…) body…) opens the file, runs the body and closes it; an error in the body closes it with :abort t.", expandWithOpenFile)
}

// expandWithOpenFile: the stream is closed however the body is left, with
// :abort t unless the body returned normally, so a failed write changes
// nothing.
func expandWithOpenFile(t *eval.Thread, form lisp.Value) lisp.Value {
	args := macroArgs("with-open-file", form, 1, -1)
	spec := listOf("with-open-file", "stream specification", args[0])
	if len(spec) < 2 {
		lisp.SignalClass(lisp.ClassProgramError, "with-open-file: the stream specification %s needs a variable and a path", lisp.Prin1ToString(args[0]))
	}
	v := spec[0]
	abort := gensym("ABORT")
	body := args[1:]
	var decls []lisp.Value
	for len(body) > 0 {
		c, ok := body[0].(*lisp.Cons)
		if !ok || c.Car != lisp.Value(sDeclare) {
			break
		}
		decls, body = append(decls, body[0]), body[1:]
	}
	protected := lisp.List(sMVProg1, lisp.ListStar(lisp.List(body...), sProgn), lisp.List(sSetq, abort, lisp.Nil))
	cleanup := lisp.List(sWhen, v, lisp.List(sClose, v, kwAbort, abort))
	bindings := lisp.List(lisp.List(v, lisp.ListStar(lisp.List(spec[2:]...), sOpen, spec[1])), lisp.List(abort, lisp.T))
	return lisp.ListStar(lisp.List(append(decls, lisp.List(sUnwindProtect, protected, cleanup))...), sLet, bindings)
}
