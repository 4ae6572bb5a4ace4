package builtins

import (
	"strings"

	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
)

// make-pathname and merge-pathnames: pathnames built from components and
// filled in from defaults by the standard's rules (CLHS 19.2.3).

var (
	kwAbsolute      = lisp.Sym(":absolute")
	kwRelative      = lisp.Sym(":relative")
	kwUp            = lisp.Sym(":up")
	kwBack          = lisp.Sym(":back")
	kwWild          = lisp.Sym(":wild")
	kwWildInferiors = lisp.Sym(":wild-inferiors")
	kwNewest        = lisp.Sym(":newest")
	kwUnspecific    = lisp.Sym(":unspecific")
	kwCommon        = lisp.Sym(":common")
	kwLocal         = lisp.Sym(":local")
	symDefaultPNs   = "*default-pathname-defaults*"
)

// defaultPathname is the current value of *default-pathname-defaults*.
func defaultPathname(t *eval.Thread) *lisp.Pathname {
	v, _ := t.Interp().Global(symDefaultPNs)
	if p, ok := v.(*lisp.Pathname); ok {
		return p
	}
	if s, ok := v.(*lisp.String); ok {
		return parseNamestring(t, s.S)
	}
	return lisp.ParseNamestring("")
}

func registerPathnameParts() {
	defun("make-pathname", "(&key host device directory name type version defaults case)", "Return the pathname made of the components given, the others taken from DEFAULTS (by default a pathname with only the host of *default-pathname-defaults*).", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		kw := parseKeys("make-pathname", a, "host", "device", "directory", "name", "type", "version", "defaults", "case")
		var p lisp.Pathname
		if d, ok := kw.get("defaults"); ok {
			p = *pathnameArg(t, "make-pathname", d)
		} else {
			dp := defaultPathname(t)
			p = lisp.Pathname{Host: dp.Host, Device: lisp.Nil, Directory: lisp.Nil, Name: lisp.Nil, Type: lisp.Nil, Version: lisp.Nil, Logical: dp.Logical}
		}
		common := kw.or("case", kwLocal) == lisp.Value(kwCommon)
		if v, ok := kw.get("host"); ok {
			p.Host, p.Logical = lisp.Nil, false
			if s, ok := v.(*lisp.String); ok {
				if _, known := logicalHostsOf(t).translations[strings.ToUpper(s.S)]; known {
					p.Host, p.Logical, p.Device = lisp.NewString(strings.ToUpper(s.S)), true, kwUnspecific
				}
			}
		}
		if v, ok := kw.get("device"); ok {
			p.Device = v
		}
		if v, ok := kw.get("directory"); ok {
			p.Directory = directoryArg(v, common)
		}
		if v, ok := kw.get("name"); ok {
			p.Name = componentArg("make-pathname", v, common)
		}
		if v, ok := kw.get("type"); ok {
			p.Type = componentArg("make-pathname", v, common)
		}
		if v, ok := kw.get("version"); ok {
			p.Version = versionArg(v)
		}
		if p.Logical {
			upcaseComponents(&p)
		}
		return lisp.InternPathname(&p)
	})
	defun("merge-pathnames", "(pathname &optional defaults default-version)", "Fill in the components PATHNAME lacks from DEFAULTS (by default *default-pathname-defaults*); a relative directory is appended to the defaults' directory.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		p := pathnameArg(t, "merge-pathnames", a[0])
		var d *lisp.Pathname
		if len(a) > 1 {
			d = pathnameArg(t, "merge-pathnames", a[1])
		} else {
			d = defaultPathname(t)
		}
		version := lisp.Value(kwNewest)
		if len(a) > 2 {
			version = a[2]
		}
		return lisp.MergePathnames(p, d, version)
	})
}

func listItemsOf(v lisp.Value) []lisp.Value {
	var out []lisp.Value
	for c, ok := v.(*lisp.Cons); ok; c, ok = c.Cdr.(*lisp.Cons) {
		out = append(out, c.Car)
	}
	return out
}

// componentArg is a name or type given to make-pathname: a string, nil,
// :wild or :unspecific. Under :case :common a string in one case is taken
// in the other, as the standard's customary case for Unix is lower.
func componentArg(op string, v lisp.Value, common bool) lisp.Value {
	switch v {
	case lisp.Value(lisp.Nil), lisp.Value(kwWild), lisp.Value(kwUnspecific):
		return v
	}
	s, ok := v.(*lisp.String)
	if !ok {
		lisp.TypeError(op, v, "a pathname component (a string, nil, :wild or :unspecific)")
	}
	if common {
		return lisp.NewString(commonCase(s.S))
	}
	return lisp.NewString(s.S)
}

// commonCase maps :case :common to Unix's local case: all upper case
// becomes lower, all lower upper, mixed case stays.
func commonCase(s string) string {
	switch {
	case s == strings.ToUpper(s):
		return strings.ToLower(s)
	case s == strings.ToLower(s):
		return strings.ToUpper(s)
	}
	return s
}

// directoryArg is a directory given to make-pathname: a list as
// pathname-directory returns, a string (one absolute directory, as SBCL
// takes it), :wild (any directory below the root) or nil.
func directoryArg(v lisp.Value, common bool) lisp.Value {
	switch x := v.(type) {
	case *lisp.String:
		return lisp.List(kwAbsolute, componentArg("make-pathname", x, common))
	case *lisp.Symbol:
		switch x {
		case lisp.Nil:
			return lisp.Nil
		case kwWild:
			return lisp.List(kwAbsolute, kwWildInferiors)
		case kwUnspecific:
			return x
		}
	}
	parts := listOf("make-pathname", "directory", v)
	if len(parts) == 0 || (parts[0] != lisp.Value(kwAbsolute) && parts[0] != lisp.Value(kwRelative)) {
		lisp.TypeError("make-pathname", v, "a directory list starting with :absolute or :relative")
	}
	out := []lisp.Value{parts[0]}
	for _, p := range parts[1:] {
		switch p {
		case lisp.Value(kwUp), lisp.Value(kwBack), lisp.Value(kwWild), lisp.Value(kwWildInferiors), lisp.Value(lisp.Sym(":home")):
			out = append(out, p)
		default:
			out = append(out, componentArg("make-pathname", p, common))
		}
	}
	return lisp.List(out...)
}

// versionArg is a version given to make-pathname.
func versionArg(v lisp.Value) lisp.Value {
	switch v {
	case lisp.Value(lisp.Nil), lisp.Value(kwWild), lisp.Value(kwNewest), lisp.Value(kwUnspecific):
		return v
	}
	if n, ok := v.(lisp.Fixnum); ok && n >= 0 {
		return v
	}
	lisp.TypeError("make-pathname", v, "a version (a non-negative integer, :newest, :wild, :unspecific or nil)")
	return nil
}

// upcaseComponents puts a logical pathname's strings in upper case, the
// one case logical pathnames have.
func upcaseComponents(p *lisp.Pathname) {
	up := func(v lisp.Value) lisp.Value {
		if s, ok := v.(*lisp.String); ok {
			return lisp.NewString(strings.ToUpper(s.S))
		}
		return v
	}
	p.Name, p.Type = up(p.Name), up(p.Type)
	parts := listItemsOf(p.Directory)
	for i := range parts {
		parts[i] = up(parts[i])
	}
	if len(parts) > 0 {
		p.Directory = lisp.List(parts...)
	}
}
