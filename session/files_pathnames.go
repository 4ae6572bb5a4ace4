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
// they return. A designator is a namestring, a pathname object or a file
// stream; it is merged with *default-pathname-defaults* (a logical
// pathname translated first), and names a file relative to the working
// directory, or absolute within it, which files.Dir confines. Truenames
// are absolute pathnames within the working directory, as SBCL's are
// within its file system.

// pathArg is a pathname designator as a file function reads it: Name is
// the namestring the working directory resolves, Given what the program
// passed (file-error-pathname's value).
type pathArg struct {
	Name  string
	Given lisp.Value
	// opened marks a file stream's own file, named when it was opened:
	// no later defaults change which file that is.
	opened bool
}

func (p *pathArg) UnpackLisp(v lisp.Value) error {
	switch x := v.(type) {
	case *lisp.String:
		p.Name, p.Given = x.S, v
		return nil
	case *lisp.Pathname:
		p.Name, p.Given = x.NativeNamestring(), v
		return nil
	case *lisp.InputStream:
		if x.File != "" {
			p.Name, p.Given, p.opened = x.File, v, true
			return nil
		}
	case *lisp.Stream:
		if x.File != "" {
			p.Name, p.Given, p.opened = x.File, v, true
			return nil
		}
	}
	return &unpack.Mismatch{Want: "a pathname designator (a pathname, a namestring or a file stream)", Type: lisp.Intern("PATHNAME")}
}

// merged is p with its name merged with *default-pathname-defaults* as
// the program has it bound, as the standard's file functions merge
// theirs: a relative name is found in that directory. A logical pathname
// (or a namestring of a logical host) is first translated to the file it
// names. In a session the variable's global value is the working
// directory, where the name was found before; a name within the working
// directory stays relative to it, so messages name files as they did.
func (s *Session) merged(ctx context.Context, p pathArg) pathArg {
	if p.opened {
		return p
	}
	given, ok := interp.Call(ctx, "pathname", p.Given).(*lisp.Pathname)
	if !ok {
		return p
	}
	logical := given.Logical
	if logical {
		if given, ok = interp.Call(ctx, "translate-logical-pathname", given).(*lisp.Pathname); !ok {
			return p
		}
		p.Name = given.NativeNamestring()
	}
	v, _ := interp.SymbolValue(ctx, "*default-pathname-defaults*")
	defaults, ok := v.(*lisp.Pathname)
	if !ok || defaults.Logical {
		return p
	}
	d, err := s.fileDir()
	if err != nil {
		return p
	}
	if !logical && p.Name != "" && defaults.NativeNamestring() == workdirPathname(d).NativeNamestring() {
		return p // the working directory resolves the name as it is
	}
	name := lisp.MergePathnames(given, defaults, lisp.Nil).NativeNamestring()
	if name == "" {
		return p
	}
	// A wildcard stays in an absolute name: made relative, a directory
	// such as **/../ would be cleaned away.
	if rel, err := d.Rel(name); err == nil && !strings.ContainsAny(name, "*?[") {
		name = rel
	}
	p.Name = name
	return p
}

// file is p merged, for a function that acts on one file: a pathname
// with a wildcard names none, a file-error naming what the program gave.
func (s *Session) file(ctx context.Context, op string, p pathArg) pathArg {
	p = s.merged(ctx, p)
	if !p.opened && lisp.Truthy(interp.Call(ctx, "wild-pathname-p", interp.Call(ctx, "pathname", p.Given))) {
		lisp.Signal(&lisp.Condition{Class: lisp.ClassFileError, Name: p.Given,
			Message: op + ": " + lisp.Prin1ToString(p.Given) + " has a wildcard: it names no one file"})
	}
	return p
}

// pathname is the designator as a pathname.
func (p pathArg) pathname() *lisp.Pathname {
	if x, ok := p.Given.(*lisp.Pathname); ok && !x.Logical {
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
