package builtins

import (
	"strings"

	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
)

// Pathname objects (lisp.Pathname) and the functions that take them apart:
// pathname, pathnamep, the six component readers and the namestrings.
// with-open-file is here too, over open and close, which a session
// defines when it has a working directory.

var (
	sOpen          = lisp.Sym("open")
	sClose         = lisp.Sym("close")
	sUnwindProtect = lisp.Sym("unwind-protect")
	sMVProg1       = lisp.Sym("multiple-value-prog1")
	kwAbort        = lisp.Sym(":abort")
)

// pathnameArg reads a pathname designator: a pathname, a namestring,
// parsed as a logical pathname when it starts with a logical host's name,
// or a file stream, whose file's name is its pathname.
func pathnameArg(t *eval.Thread, op string, v lisp.Value) *lisp.Pathname {
	switch x := v.(type) {
	case *lisp.Pathname:
		return x
	case *lisp.String:
		return parseNamestring(t, x.S)
	case *lisp.InputStream:
		if x.Logical != nil {
			return x.Logical
		}
		if x.File != "" {
			return lisp.ParseNamestring(x.File)
		}
	case *lisp.Stream:
		if x.Logical != nil {
			return x.Logical
		}
		if x.File != "" {
			return lisp.ParseNamestring(x.File)
		}
	}
	lisp.TypeError(op, v, "a pathname designator (a pathname, a namestring or a file stream)")
	return nil
}

// parseNamestring is s as a pathname: logical when what precedes its
// first colon names a logical host the image defines, else a Unix one.
func parseNamestring(t *eval.Thread, s string) *lisp.Pathname {
	if i := strings.IndexByte(s, ':'); i > 0 {
		if _, ok := logicalHostsOf(t).translations[strings.ToUpper(s[:i])]; ok {
			return lisp.ParseLogicalNamestring(s[:i], s[i+1:])
		}
	}
	return lisp.ParseNamestring(s)
}

// orNil is a component as an accessor returns it: Go's nil, never set, is NIL.
func orNil(v lisp.Value) lisp.Value {
	if v == nil {
		return lisp.Nil
	}
	return v
}

// inCommonCase is a component as :case :common shows it: each string
// with commonCase, in a directory list too.
func inCommonCase(v lisp.Value) lisp.Value {
	switch x := v.(type) {
	case *lisp.String:
		return lisp.NewString(commonCase(x.S))
	case *lisp.Cons:
		parts := listItemsOf(x)
		for i := range parts {
			parts[i] = inCommonCase(parts[i])
		}
		return lisp.List(parts...)
	}
	return v
}

func registerPathnames() {
	defun("pathname", "(pathspec)", "Return the pathname a pathname designator names: a pathname itself, or the namestring parsed.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		return pathnameArg(t, "pathname", a[0])
	})
	defun("pathnamep", "(object)", "Return true if the object is a pathname.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		_, ok := a[0].(*lisp.Pathname)
		return lisp.Bool(ok)
	})
	accessors := []struct {
		name, doc string
		get       func(*lisp.Pathname) lisp.Value
	}{
		{"pathname-host", "Return the host of a pathname: a logical host's name, or nil for a Unix pathname.", func(p *lisp.Pathname) lisp.Value { return p.Host }},
		{"pathname-device", "Return the device of a pathname (nil on Unix).", func(p *lisp.Pathname) lisp.Value { return p.Device }},
		{"pathname-directory", "Return the directory of a pathname as a list, (:absolute \"a\" \"b\") or (:relative \"a\"), or nil when it has none.", func(p *lisp.Pathname) lisp.Value { return p.Directory }},
		{"pathname-name", "Return the name of a pathname: a string, :wild or nil.", func(p *lisp.Pathname) lisp.Value { return p.Name }},
		{"pathname-type", "Return the type of a pathname (what follows the last dot of its name): a string, :wild or nil.", func(p *lisp.Pathname) lisp.Value { return p.Type }},
	}
	for _, acc := range accessors {
		defun(acc.name, "(pathname &key case)", acc.doc, func(t *eval.Thread, a []lisp.Value) lisp.Value {
			kw := parseKeys(acc.name, a[1:], "case")
			p := pathnameArg(t, acc.name, a[0])
			v := orNil(acc.get(p))
			if kw.or("case", kwLocal) == lisp.Value(kwCommon) && !p.Logical {
				return inCommonCase(v)
			}
			return v
		})
	}
	defun("pathname-version", "(pathname)", "Return the version of a pathname: :newest for a namestring with a name, an integer, :wild or nil.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		return orNil(pathnameArg(t, "pathname-version", a[0]).Version)
	})
	namestrings := []struct {
		name, doc string
		get       func(*lisp.Pathname) string
	}{
		{"namestring", "Return the full namestring of a pathname.", (*lisp.Pathname).Namestring},
		{"file-namestring", "Return the name and type of a pathname as a namestring (\"b.c\").", (*lisp.Pathname).FileNamestring},
		{"directory-namestring", "Return the directory of a pathname as a namestring (\"/a/\").", (*lisp.Pathname).DirectoryNamestring},
		{"host-namestring", "Return the host of a pathname as a namestring: a logical host's name, \"\" for a Unix pathname.", func(p *lisp.Pathname) string {
			if s, ok := p.Host.(*lisp.String); ok {
				return s.S
			}
			return ""
		}},
	}
	for _, ns := range namestrings {
		defun(ns.name, "(pathname)", ns.doc, func(t *eval.Thread, a []lisp.Value) lisp.Value {
			return lisp.NewString(ns.get(pathnameArg(t, ns.name, a[0])))
		})
	}
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
