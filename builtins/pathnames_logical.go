package builtins

import (
	"strings"

	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
)

// Logical pathnames, as far as a program defines its own hosts:
// (setf logical-pathname-translations) names a host and its translations,
// after which "HOST:DIR;NAME.TYPE" parses as a logical pathname and
// translate-logical-pathname turns it into a Unix one. There are no
// predefined hosts (SBCL's SYS), and load-logical-pathname-translations
// loads none from files.

// logicalHosts are an image's logical hosts, by upper-case name, each
// with its translations as given (a list of (from to) lists).
type logicalHosts struct {
	translations map[string]lisp.Value
}

type logicalHostsKey struct{}

func logicalHostsOf(t *eval.Thread) *logicalHosts {
	return t.Interp().Extension(logicalHostsKey{}, func() any {
		return &logicalHosts{translations: map[string]lisp.Value{}}
	}).(*logicalHosts)
}

// hostArg is a logical host's name, in upper case.
func hostArg(op string, v lisp.Value) string {
	return strings.ToUpper(stringArg(op, v))
}

func registerPathnameLogical() {
	defun("logical-pathname-translations", "(host)", "Return the translations of the logical host, a list of (from-wildcard to-wildcard) lists.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		host := hostArg("logical-pathname-translations", a[0])
		tr, ok := logicalHostsOf(t).translations[host]
		if !ok {
			lisp.SignalClass(lisp.ClassTypeError, "logical-pathname-translations: %s is not a logical host", lisp.Prin1ToString(a[0]))
		}
		return tr
	})
	defun("(setf logical-pathname-translations)", "(translations host)", "Make HOST a logical host with TRANSLATIONS, a list of (from-wildcard to-wildcard) lists; return them.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		host := hostArg("(setf logical-pathname-translations)", a[1])
		hosts := logicalHostsOf(t)
		// The host is defined first: the wildcards are its namestrings.
		old, had := hosts.translations[host]
		hosts.translations[host] = lisp.Nil
		var out []lisp.Value
		for _, tr := range listOf("(setf logical-pathname-translations)", "translations", a[0]) {
			pair := listOf("(setf logical-pathname-translations)", "translation", tr)
			if len(pair) < 2 {
				if had {
					hosts.translations[host] = old
				} else {
					delete(hosts.translations, host)
				}
				lisp.TypeError("(setf logical-pathname-translations)", tr, "a translation (from-wildcard to-wildcard)")
			}
			from := logicalPathnameArg(t, "(setf logical-pathname-translations)", pair[0], host)
			to := pathnameArg(t, "(setf logical-pathname-translations)", pair[1])
			out = append(out, lisp.List(from, to))
		}
		hosts.translations[host] = lisp.List(out...)
		return a[0]
	})
	defun("load-logical-pathname-translations", "(host)", "Return nil when HOST is a logical host already; nodelisp loads no translations from files, so another host is an error.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		host := hostArg("load-logical-pathname-translations", a[0])
		if _, ok := logicalHostsOf(t).translations[host]; ok {
			return lisp.Nil
		}
		lisp.Errorf("load-logical-pathname-translations: no translations for the logical host %s: nodelisp loads none from files; define them with (setf (logical-pathname-translations %s) …)", lisp.Prin1ToString(a[0]), lisp.Prin1ToString(a[0]))
		return nil
	})
	defun("logical-pathname", "(pathspec)", "Return the logical pathname PATHSPEC names: a logical pathname itself, or a namestring HOST:… of a defined logical host.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		return logicalPathnameArg(t, "logical-pathname", a[0], "")
	})
	defun("translate-logical-pathname", "(pathname &key)", "Return the physical pathname a logical pathname translates to by its host's translations; a physical pathname is returned as it is.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		p := pathnameArg(t, "translate-logical-pathname", a[0])
		for range 32 {
			if !p.Logical {
				return p
			}
			p = translateLogical(t, p)
		}
		lisp.Errorf("translate-logical-pathname: %s still translates to a logical pathname after 32 steps", lisp.Prin1ToString(a[0]))
		return nil
	})
}

// logicalPathnameArg reads a logical pathname: one, or a namestring whose
// host (before a colon, or defaultHost when it has none) is defined.
func logicalPathnameArg(t *eval.Thread, op string, v lisp.Value, defaultHost string) *lisp.Pathname {
	switch x := v.(type) {
	case *lisp.Pathname:
		if x.Logical {
			return x
		}
	case *lisp.InputStream:
		if x.Logical != nil {
			return x.Logical
		}
	case *lisp.Stream:
		if x.Logical != nil {
			return x.Logical
		}
	case *lisp.String:
		host, rest := defaultHost, x.S
		if i := strings.IndexByte(x.S, ':'); i >= 0 {
			host, rest = x.S[:i], x.S[i+1:]
		}
		if _, ok := logicalHostsOf(t).translations[strings.ToUpper(host)]; ok && host != "" {
			return lisp.ParseLogicalNamestring(host, rest)
		}
		lisp.SignalClass(lisp.ClassTypeError, "%s: %s names no logical host (logical-pathname-translations defines one)", op, lisp.Prin1ToString(v))
	}
	lisp.Signal(&lisp.Condition{Class: lisp.ClassTypeError, Datum: v,
		Expected: lisp.List(lisp.Sym("or"), lisp.Sym("logical-pathname"), lisp.Sym("string")),
		Message:  op + ": the value " + lisp.Prin1ToString(v) + " is not a logical pathname or its namestring"})
	return nil
}

// translateLogical is one step of translate-logical-pathname: the first
// of the host's translations whose wildcard matches.
func translateLogical(t *eval.Thread, p *lisp.Pathname) *lisp.Pathname {
	host, _ := p.Host.(*lisp.String)
	name := ""
	if host != nil {
		name = host.S
	}
	for _, tr := range listItemsOf(logicalHostsOf(t).translations[name]) {
		pair := listItemsOf(tr)
		from, to := pair[0].(*lisp.Pathname), pair[1].(*lisp.Pathname)
		if _, ok := matchPathname(p, from); ok {
			return translatePathname("translate-logical-pathname", p, from, to)
		}
	}
	lisp.SignalClass(lisp.ClassFileError, "translate-logical-pathname: no translation of the host %s matches %s", name, lisp.Prin1ToString(p))
	return nil
}
