package builtins

import (
	"strings"

	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
)

// parse-namestring and enough-namestring: namestrings read with bounds and
// a host, and written relative to defaults.

func registerPathnameParse() {
	defun("parse-namestring", "(thing &optional host default-pathname &key start end junk-allowed)", "Parse the namestring THING (between START and END) into a pathname; return it and the index where parsing stopped. A pathname is returned as it is.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		const op = "parse-namestring"
		var rest []lisp.Value
		if len(a) > 3 {
			rest = a[3:]
		}
		kw := parseKeys("parse-namestring", rest, "start", "end", "junk-allowed")
		if p, ok := a[0].(*lisp.Pathname); ok {
			return t.Values(p, orNil(kw.or("start", lisp.MakeInt(0))))
		}
		// The second value is the count of characters parsed, end less
		// start, as SBCL returns it, where the standard asks for the
		// index where parsing stopped; both are end when start is 0.
		s := stringArg(op, a[0])
		rs := []rune(s)
		start, end := strBounds(op, kw, "start", "end", len(rs))
		text := string(rs[start:end])
		if len(a) > 1 && a[1] != lisp.Value(lisp.Nil) {
			host := stringArg(op, a[1])
			if _, known := logicalHostsOf(t).translations[strings.ToUpper(host)]; !known {
				lisp.Errorf("%s: %s is not a logical host (logical-pathname-translations defines one)", op, lisp.Prin1ToString(a[1]))
			}
			if i := strings.IndexByte(text, ':'); i >= 0 {
				text = text[i+1:]
			}
			return t.Values(lisp.ParseLogicalNamestring(host, text), lisp.MakeInt(int64(end-start)))
		}
		return t.Values(parseNamestring(t, text), lisp.MakeInt(int64(end-start)))
	})
	defun("enough-namestring", "(pathname &optional defaults)", "Return the shortest namestring that, merged with DEFAULTS (by default *default-pathname-defaults*), names PATHNAME: a directory below the defaults' becomes relative.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		p := pathnameArg(t, "enough-namestring", a[0])
		d := defaultPathname(t)
		if len(a) > 1 {
			d = pathnameArg(t, "enough-namestring", a[1])
		}
		return lisp.NewString(enoughPathname(p, d).Namestring())
	})
}

// enoughPathname is p with the directory the defaults hold taken off the
// front of its own, when both are absolute and the defaults' is a prefix.
func enoughPathname(p, d *lisp.Pathname) *lisp.Pathname {
	if p.Logical != d.Logical || !lisp.Equal(p.Host, d.Host) {
		return p
	}
	out := *p
	parts, dparts := listItemsOf(p.Directory), listItemsOf(d.Directory)
	if len(parts) == 0 || len(dparts) == 0 || parts[0] != lisp.Value(kwAbsolute) || dparts[0] != lisp.Value(kwAbsolute) || len(dparts) > len(parts) {
		return p
	}
	for i := range dparts {
		if !lisp.Equal(parts[i], dparts[i]) {
			return p
		}
	}
	if rest := parts[len(dparts):]; len(rest) == 0 {
		out.Directory = lisp.Nil
	} else {
		out.Directory = lisp.List(append([]lisp.Value{kwRelative}, rest...)...)
	}
	return lisp.InternPathname(&out)
}
