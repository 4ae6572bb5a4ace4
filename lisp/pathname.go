package lisp

import "strings"

// Pathnames: a file's name taken apart into the standard's six components,
// with the Unix namestring syntax SBCL reads and writes ("/a/b/c.lisp",
// "*" and "**" wildcards) and the logical one ("HOST:DIR;NAME.TYPE").

// Pathname is a pathname. Each component is a Lisp value as the standard
// has it: Host is Nil for a physical pathname and the host's name (an
// upper-case string) for a logical one; Directory is Nil or a list headed
// by :absolute or :relative whose parts are strings, :wild,
// :wild-inferiors, :up, :back or :home; Name and Type are Nil, a string
// (which may hold the wildcards * and ?) or :wild; Version is Nil,
// :newest, :wild or an integer. Two pathnames are equal when every
// component is.
type Pathname struct {
	Host, Device, Directory, Name, Type, Version Value
	Logical                                      bool
}

var (
	kwAbsolutePN      = Sym(":absolute")
	kwRelativePN      = Sym(":relative")
	kwWildPN          = Sym(":wild")
	kwWildInferiorsPN = Sym(":wild-inferiors")
	kwUpPN            = Sym(":up")
	kwBackPN          = Sym(":back")
	kwHomePN          = Sym(":home")
	kwNewestPN        = Sym(":newest")
	kwUnspecificPN    = Sym(":unspecific")
)

// ParseNamestring reads a Unix namestring as SBCL does: slashes separate
// directories, the last dot of the file's name (not a leading one) starts
// its type, "*" is :wild, "**" a directory's :wild-inferiors, ".." :up,
// and a leading "~/" the home directory. A backslash takes the next
// character as it is.
func ParseNamestring(s string) *Pathname {
	return InternPathname(parseNamestring(s))
}

func parseNamestring(s string) *Pathname {
	p := &Pathname{Host: Nil, Device: Nil, Directory: Nil, Name: Nil, Type: Nil, Version: Nil}
	parts := splitUnescaped(s, '/')
	file := parts[len(parts)-1]
	dirs := parts[:len(parts)-1]
	if len(parts) > 1 {
		var out []Value
		switch {
		case parts[0] == "":
			out = []Value{kwAbsolutePN}
			dirs = dirs[1:]
		case parts[0] == "~":
			out = []Value{kwAbsolutePN, kwHomePN}
			dirs = dirs[1:]
		default:
			out = []Value{kwRelativePN}
		}
		for _, d := range dirs {
			switch d {
			case "":
			case "..":
				out = append(out, kwUpPN)
			case "*":
				out = append(out, kwWildPN)
			case "**":
				out = append(out, kwWildInferiorsPN)
			default:
				out = append(out, NewString(unescapeNamestring(d)))
			}
		}
		p.Directory = List(out...)
	}
	if file == "" {
		return p
	}
	name, typ := file, ""
	hasType := false
	if i := lastUnescaped(file, '.'); i > 0 {
		name, typ, hasType = file[:i], file[i+1:], true
	}
	p.Name = namestringComponent(name)
	if hasType {
		p.Type = namestringComponent(typ)
	}
	p.Version = kwNewestPN
	return p
}

// namestringComponent is a name or type as read: "*" is :wild.
func namestringComponent(s string) Value {
	if s == "*" {
		return kwWildPN
	}
	return NewString(unescapeNamestring(s))
}

// splitUnescaped splits s at each sep that no backslash escapes.
func splitUnescaped(s string, sep byte) []string {
	var out []string
	start := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case sep:
			out = append(out, s[start:i])
			start = i + 1
		}
	}
	return append(out, s[start:])
}

// lastUnescaped is the index of the last c in s no backslash escapes, or -1.
func lastUnescaped(s string, c byte) int {
	last := -1
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case c:
			last = i
		}
	}
	return last
}

func unescapeNamestring(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) {
			i++
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// ParseLogicalNamestring reads the part of a logical namestring after its
// host ("DIR;SUB;NAME.TYPE.VERSION"; a leading ";" makes the directory
// relative) for host, in upper case as logical pathnames are.
func ParseLogicalNamestring(host, s string) *Pathname {
	return InternPathname(parseLogicalNamestring(host, s))
}

func parseLogicalNamestring(host, s string) *Pathname {
	p := &Pathname{Host: NewString(strings.ToUpper(host)), Device: kwUnspecificPN, Directory: Nil, Name: Nil, Type: Nil, Version: Nil, Logical: true}
	s = strings.ToUpper(s)
	parts := strings.Split(s, ";")
	file := parts[len(parts)-1]
	// No directory is the host's top: (:absolute), as SBCL parses it, so
	// "HOST:A.B" matches a translation's "**;*.*.*".
	p.Directory = List(kwAbsolutePN)
	if dirs := parts[:len(parts)-1]; len(dirs) > 0 {
		out := []Value{kwAbsolutePN}
		if dirs[0] == "" {
			out[0] = kwRelativePN
			dirs = dirs[1:]
		}
		for _, d := range dirs {
			switch d {
			case "":
			case "*":
				out = append(out, kwWildPN)
			case "**":
				out = append(out, kwWildInferiorsPN)
			default:
				out = append(out, NewString(d))
			}
		}
		p.Directory = List(out...)
	}
	if file == "" {
		return p
	}
	fields := strings.SplitN(file, ".", 3)
	if fields[0] != "" {
		p.Name = namestringComponent(fields[0])
	}
	if len(fields) > 1 {
		p.Type = namestringComponent(fields[1])
	}
	if len(fields) > 2 {
		switch v := fields[2]; v {
		case "*":
			p.Version = kwWildPN
		case "NEWEST":
			p.Version = kwNewestPN
		default:
			n := 0
			for _, r := range v {
				if r < '0' || r > '9' {
					Errorf("parse-namestring: the version %q of the logical pathname %s;%s is not a number, * or NEWEST", v, host, s)
				}
				n = n*10 + int(r-'0')
			}
			p.Version = Fixnum(n)
		}
	}
	return p
}

// Namestring is the pathname's namestring, the text that reads back as it.
func (p *Pathname) Namestring() string {
	if p.Logical {
		return p.logicalNamestring()
	}
	return p.DirectoryNamestring() + p.FileNamestring()
}

// DirectoryNamestring is the directory part of the namestring, ending in
// its separator ("/a/b/"), or "" when the pathname has no directory.
func (p *Pathname) DirectoryNamestring() string {
	var b strings.Builder
	parts := listItems(p.Directory)
	if len(parts) == 0 {
		return ""
	}
	sep := "/"
	if p.Logical {
		sep = ";"
		if parts[0] == Value(kwRelativePN) {
			b.WriteString(";")
		}
	} else if parts[0] == Value(kwAbsolutePN) {
		b.WriteString("/")
	}
	for _, d := range parts[1:] {
		switch d {
		case Value(kwWildPN):
			b.WriteString("*")
		case Value(kwWildInferiorsPN):
			b.WriteString("**")
		case Value(kwUpPN), Value(kwBackPN):
			b.WriteString("..")
		case Value(kwHomePN):
			// "~/…": the home directory replaces the leading slash.
			b.Reset()
			b.WriteString("~")
		default:
			if s, ok := d.(*String); ok {
				b.WriteString(s.S)
			}
		}
		b.WriteString(sep)
	}
	return b.String()
}

// FileNamestring is the name and type part of the namestring ("c.lisp").
func (p *Pathname) FileNamestring() string { return p.fileNamestring(true) }

// NativeNamestring is the name of the file for the operating system: the
// namestring without the escapes that keep it reading back as p.
func (p *Pathname) NativeNamestring() string {
	return p.DirectoryNamestring() + p.fileNamestring(false)
}

func (p *Pathname) fileNamestring(escape bool) string {
	var b strings.Builder
	name := componentText(p.Name)
	if escape && p.Type == Value(Nil) && !p.Logical && strings.LastIndexByte(name, '.') > 0 {
		// A dot would start a type when read back: "a\\.b", as SBCL
		// writes it.
		name = name[:1] + strings.ReplaceAll(name[1:], ".", `\.`)
	}
	b.WriteString(name)
	if p.Type != Value(Nil) {
		b.WriteString(".")
		b.WriteString(componentText(p.Type))
	}
	if p.Logical && p.Version != Value(Nil) && p.Version != Value(kwNewestPN) {
		b.WriteString(".")
		if p.Version == Value(kwWildPN) {
			b.WriteString("*")
		} else {
			b.WriteString(Prin1ToString(p.Version))
		}
	}
	return b.String()
}

func (p *Pathname) logicalNamestring() string {
	host := ""
	if s, ok := p.Host.(*String); ok {
		host = s.S
	}
	return host + ":" + p.DirectoryNamestring() + p.FileNamestring()
}

func componentText(v Value) string {
	switch x := v.(type) {
	case *String:
		return x.S
	case *Symbol:
		if x == kwWildPN {
			return "*"
		}
	}
	return ""
}

func listItems(v Value) []Value {
	var out []Value
	for c, ok := v.(*Cons); ok; c, ok = c.Cdr.(*Cons) {
		out = append(out, c.Car)
	}
	return out
}

// pathnamesEqual is equal (and equalp) of two pathnames: every component
// equal, as SBCL compares them, but for a Unix pathname's version, which
// its file system does not have: (make-pathname :name "a") is equal to
// #p"a", whose version is :newest.
func pathnamesEqual(a, b *Pathname) bool {
	return a.Logical == b.Logical && Equal(a.Host, b.Host) && Equal(a.Device, b.Device) &&
		Equal(a.Directory, b.Directory) && Equal(a.Name, b.Name) && Equal(a.Type, b.Type) &&
		(!a.Logical || Equal(a.Version, b.Version))
}
