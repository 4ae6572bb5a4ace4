package session

import (
	"context"
	"path"
	"strings"

	"github.com/nodelisp/nodelisp/files"
	"github.com/nodelisp/nodelisp/interp"
	"github.com/nodelisp/nodelisp/lisp"
	"github.com/nodelisp/nodelisp/unpack"
)

// Pathname designators given to the file functions, and the truenames
// they return. A designator is a namestring or a pathname object; either
// names a file relative to the working directory, or absolute within it,
// and files.Dir confines it. Truenames are absolute pathnames within the
// working directory, as SBCL's are within its file system.

// pathArg is a pathname designator as a file function reads it: Name is
// the namestring the working directory resolves, Given what the program
// passed (file-error-pathname's value).
type pathArg struct {
	Name  string
	Given lisp.Value
}

func (p *pathArg) UnpackLisp(v lisp.Value) error {
	switch x := v.(type) {
	case *lisp.String:
		p.Name, p.Given = x.S, v
		return nil
	case *lisp.Pathname:
		if x.Logical {
			lisp.Errorf("%s is a logical pathname: translate it with translate-logical-pathname first", lisp.Prin1ToString(x))
		}
		p.Name, p.Given = x.NativeNamestring(), v
		return nil
	}
	return &unpack.Mismatch{Want: "a pathname designator (a pathname or a namestring)", Type: lisp.Intern("PATHNAME")}
}

// merged is p with its name merged with *default-pathname-defaults* as
// the program has it bound, as the standard's file functions merge
// theirs: a relative name is found in that directory. In a session the
// variable's global value is the working directory, where the name was
// found before; a name within the working directory stays relative to it,
// so messages name files as they did.
func (s *Session) merged(ctx context.Context, p pathArg) pathArg {
	v, _ := interp.SymbolValue(ctx, "*default-pathname-defaults*")
	defaults, ok := v.(*lisp.Pathname)
	if !ok || defaults.Logical {
		return p
	}
	d, err := s.fileDir()
	if err != nil {
		return p
	}
	if defaults.NativeNamestring() == workdirPathname(d).NativeNamestring() && p.Name != "" {
		return p // the working directory resolves the name as it is
	}
	name := lisp.MergePathnames(p.pathname(), defaults, lisp.Nil).NativeNamestring()
	if name == "" {
		return p
	}
	if rel, err := d.Rel(name); err == nil {
		name = rel
	}
	p.Name = name
	return p
}

// pathname is the designator as a pathname.
func (p pathArg) pathname() *lisp.Pathname {
	if x, ok := p.Given.(*lisp.Pathname); ok {
		return x
	}
	return lisp.ParseNamestring(p.Name)
}

// workdirPathname is the working directory as a pathname, ending in its
// slash: *default-pathname-defaults* in a session.
func workdirPathname(d *files.Dir) *lisp.Pathname {
	return lisp.ParseNamestring(strings.TrimSuffix(d.Path(), "/") + "/")
}

// truename is the absolute pathname of rel, a path relative to the
// working directory as files.Dir.Rel gives it; dir marks a directory.
func truename(d *files.Dir, rel string, dir bool) *lisp.Pathname {
	full := strings.TrimSuffix(d.Path(), "/") + "/"
	if rel != "." && rel != "" {
		full = path.Join(full, rel)
		if dir {
			full += "/"
		}
	}
	return lisp.ParseNamestring(escapeNamestring(full))
}

// escapeNamestring escapes what a namestring would read as a wildcard, so
// a file named a*b parses back to its own name.
func escapeNamestring(s string) string {
	if !strings.ContainsAny(s, `*?[\`) {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		if strings.ContainsRune(`*?[\`, r) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}
