package builtins

import (
	"strings"

	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
)

// make-pathname and pathname-directory over namestrings: a directory is
// the list CL gives it, (:absolute "a" "b") or (:relative "a"), with :up
// for "..", built from and turned back into the slashes of a namestring.

var (
	kwAbsolute = lisp.Sym(":absolute")
	kwRelative = lisp.Sym(":relative")
	kwUp       = lisp.Sym(":up")
	kwBack     = lisp.Sym(":back")
	kwWild     = lisp.Sym(":wild")
)

func registerPathnameParts() {
	defun("pathname-directory", "(pathname)", "Return the directory of a pathname as a list, (:absolute \"a\" \"b\") or (:relative \"a\"), or nil when it has none.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		dir, _, _, _ := splitName(namestringArg("pathname-directory", a[0]))
		return directoryList(dir)
	})
	defun("make-pathname", "(&key directory name type defaults host device version case)", "Return the namestring made of DIRECTORY, NAME and TYPE, each taken from DEFAULTS when not given.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		kw := parseKeys("make-pathname", a, "directory", "name", "type", "defaults", "host", "device", "version", "case")
		var dir, name, typ string
		hasType := false
		if d, ok := kw.get("defaults"); ok && d != lisp.Value(lisp.Nil) {
			dir, name, typ, hasType = splitName(namestringArg("make-pathname", d))
		}
		if d, ok := kw.get("directory"); ok {
			dir = directoryString(d)
		}
		if v, ok := kw.get("name"); ok {
			name = componentArg("make-pathname", v)
		}
		if v, ok := kw.get("type"); ok {
			typ = componentArg("make-pathname", v)
			hasType = v != lisp.Value(lisp.Nil)
		}
		out := dir + name
		if hasType {
			out += "." + typ
		}
		return lisp.NewString(out)
	})
}

// componentArg is a name or type: a string, nil, or :wild (written *).
func componentArg(op string, v lisp.Value) string {
	switch v {
	case lisp.Value(lisp.Nil):
		return ""
	case lisp.Value(kwWild):
		return "*"
	}
	return stringArg(op, v)
}

// directoryList is the directory part of a namestring ("a/b/", "/x/")
// as CL's list.
func directoryList(dir string) lisp.Value {
	if dir == "" {
		return lisp.Nil
	}
	head := kwRelative
	if strings.HasPrefix(dir, "/") {
		head, dir = kwAbsolute, dir[1:]
	}
	parts := []lisp.Value{head}
	for _, p := range strings.Split(strings.TrimSuffix(dir, "/"), "/") {
		switch p {
		case "":
		case "..":
			parts = append(parts, kwUp)
		case "*":
			parts = append(parts, kwWild)
		default:
			parts = append(parts, lisp.NewString(p))
		}
	}
	return lisp.List(parts...)
}

// directoryString is a directory given to make-pathname (a list as
// pathname-directory returns, a string, which SBCL takes as one absolute
// directory, or nil) as the directory part of a namestring.
func directoryString(v lisp.Value) string {
	if v == lisp.Value(lisp.Nil) {
		return ""
	}
	if s, ok := v.(*lisp.String); ok {
		return "/" + strings.Trim(s.S, "/") + "/"
	}
	parts := listOf("make-pathname", "directory", v)
	var b strings.Builder
	switch {
	case len(parts) > 0 && parts[0] == lisp.Value(kwAbsolute):
		b.WriteString("/")
	case len(parts) > 0 && parts[0] == lisp.Value(kwRelative):
	default:
		lisp.TypeError("make-pathname", v, "a directory list starting with :absolute or :relative")
	}
	for _, p := range parts[1:] {
		switch p {
		case lisp.Value(kwUp), lisp.Value(kwBack):
			b.WriteString("..")
		case lisp.Value(kwWild):
			b.WriteString("*")
		default:
			b.WriteString(stringArg("make-pathname", p))
		}
		b.WriteString("/")
	}
	return b.String()
}
