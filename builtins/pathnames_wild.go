package builtins

import (
	"strings"

	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
)

// Wild pathnames: wild-pathname-p, pathname-match-p and translate-pathname.
// A name or type is wild when it is :wild or holds * (any run of
// characters) or ? (one); a directory when it holds :wild (one directory),
// :wild-inferiors (** in a namestring: any number) or a wild string. What
// each wildcard matched is captured, in order, for translate-pathname to
// put in the wildcards of the target.

func registerPathnameWild() {
	defun("wild-pathname-p", "(pathname &optional field-key)", "Return true if the pathname (or its component FIELD-KEY: :host, :device, :directory, :name, :type or :version) holds a wildcard.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		p := pathnameArg(t, "wild-pathname-p", a[0])
		field := lisp.Value(lisp.Nil)
		if len(a) > 1 {
			field = a[1]
		}
		switch field {
		case lisp.Value(lisp.Nil):
			return lisp.Bool(wildDirectory(p.Directory) || wildComponent(p.Name) || wildComponent(p.Type) || p.Version == lisp.Value(kwWild))
		case lisp.Value(lisp.Sym(":host")), lisp.Value(lisp.Sym(":device")):
			return lisp.Nil
		case lisp.Value(lisp.Sym(":directory")):
			return lisp.Bool(wildDirectory(p.Directory))
		case lisp.Value(lisp.Sym(":name")):
			return lisp.Bool(wildComponent(p.Name))
		case lisp.Value(lisp.Sym(":type")):
			return lisp.Bool(wildComponent(p.Type))
		case lisp.Value(lisp.Sym(":version")):
			return lisp.Bool(p.Version == lisp.Value(kwWild))
		}
		lisp.TypeError("wild-pathname-p", field, "a pathname field (:host, :device, :directory, :name, :type, :version or nil)")
		return nil
	})
	defun("pathname-match-p", "(pathname wildcard)", "Return true if PATHNAME matches WILDCARD, whose missing components match anything.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		p := pathnameArg(t, "pathname-match-p", a[0])
		w := pathnameArg(t, "pathname-match-p", a[1])
		_, ok := matchPathname(p, w)
		return lisp.Bool(ok)
	})
	defun("translate-pathname", "(source from-wildcard to-wildcard &key)", "Return TO-WILDCARD with its wildcards replaced by what the wildcards of FROM-WILDCARD matched in SOURCE.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		const op = "translate-pathname"
		src := pathnameArg(t, op, a[0])
		from := pathnameArg(t, op, a[1])
		to := pathnameArg(t, op, a[2])
		return translatePathname(op, src, from, to)
	})
}

func wildComponent(v lisp.Value) bool {
	if v == lisp.Value(kwWild) {
		return true
	}
	s, ok := v.(*lisp.String)
	return ok && strings.ContainsAny(s.S, "*?")
}

func wildDirectory(v lisp.Value) bool {
	for _, d := range listItemsOf(v) {
		if d == lisp.Value(kwWild) || d == lisp.Value(kwWildInferiors) || wildComponent(d) {
			return true
		}
	}
	return false
}

// pathMatch is what the wildcards of each part of a pattern matched.
type pathMatch struct {
	dir        [][]string // one entry per directory wildcard; ** may take several
	name, kind []string
}

// matchPathname matches p against the wildcard w, component by component.
func matchPathname(p, w *lisp.Pathname) (pathMatch, bool) {
	var m pathMatch
	if w.Logical != p.Logical && w.Host != lisp.Value(lisp.Nil) || !matchLiteral(p.Host, w.Host) || !matchLiteral(p.Device, w.Device) {
		return m, false
	}
	var ok bool
	if m.dir, ok = matchDirectory(p.Directory, w.Directory); !ok {
		return m, false
	}
	if m.name, ok = matchComponent(p.Name, w.Name); !ok {
		return m, false
	}
	if m.kind, ok = matchComponent(p.Type, w.Type); !ok {
		return m, false
	}
	switch w.Version {
	case lisp.Value(lisp.Nil), lisp.Value(kwWild), lisp.Value(kwNewest):
		return m, true
	}
	return m, lisp.Eql(p.Version, w.Version)
}

// matchLiteral: a missing component of the wildcard matches anything.
func matchLiteral(v, w lisp.Value) bool {
	return w == lisp.Value(lisp.Nil) || w == lisp.Value(kwWild) || lisp.Equal(v, w)
}

// matchComponent matches a name or type; :wild and a missing component
// capture the whole.
func matchComponent(v, w lisp.Value) ([]string, bool) {
	switch w {
	case lisp.Value(lisp.Nil), lisp.Value(kwWild):
		if s, ok := v.(*lisp.String); ok {
			return []string{s.S}, true
		}
		if v == lisp.Value(kwWild) {
			// A wild source takes nothing, so the wildcard it matched
			// stays one in the translation: *.TXT translates to *.txt.
			return nil, true
		}
		return []string{""}, true
	}
	ws, ok := w.(*lisp.String)
	if !ok {
		return nil, lisp.Equal(v, w)
	}
	s, ok := v.(*lisp.String)
	if !ok {
		return nil, false
	}
	return globCaptures(ws.S, s.S)
}

// maxGlobText bounds the names and patterns a wildcard is matched
// against: four times the longest file name Linux allows, and short
// enough that the matching below, quadratic in the length, stays quick.
const maxGlobText = 1024

// globCaptures matches s against a pattern of * and ?, returning what
// each wildcard took (the first * as long as it can be).
func globCaptures(pattern, s string) ([]string, bool) {
	if len(pattern) > maxGlobText || len(s) > maxGlobText {
		lisp.Errorf("pathname-match-p: a name or pattern of %d characters is longer than the %d a wildcard is matched against", max(len(pattern), len(s)), maxGlobText)
	}
	g := globMatch{pattern: pattern, s: s, failed: map[[2]int]bool{}}
	return g.match(0, 0)
}

// globMatch remembers the positions from which the rest of the pattern
// cannot match, so a pattern of many *s fails in polynomial time.
type globMatch struct {
	pattern, s string
	failed     map[[2]int]bool
}

func (g *globMatch) match(pi, si int) ([]string, bool) {
	if g.failed[[2]int{pi, si}] {
		return nil, false
	}
	caps, ok := g.step(pi, si)
	if !ok {
		g.failed[[2]int{pi, si}] = true
	}
	return caps, ok
}

func (g *globMatch) step(pi, si int) ([]string, bool) {
	if pi == len(g.pattern) {
		return nil, si == len(g.s)
	}
	switch g.pattern[pi] {
	case '*':
		for end := len(g.s); end >= si; end-- {
			if rest, ok := g.match(pi+1, end); ok {
				return append([]string{g.s[si:end]}, rest...), true
			}
		}
		return nil, false
	case '?':
		if si == len(g.s) {
			return nil, false
		}
		rest, ok := g.match(pi+1, si+1)
		return append([]string{g.s[si : si+1]}, rest...), ok
	}
	if si == len(g.s) || g.s[si] != g.pattern[pi] {
		return nil, false
	}
	return g.match(pi+1, si+1)
}

// matchDirectory matches a directory list against a wildcard one.
func matchDirectory(v, w lisp.Value) ([][]string, bool) {
	wparts := listItemsOf(w)
	if len(wparts) == 0 {
		return nil, true
	}
	parts := listItemsOf(v)
	if len(parts) == 0 {
		// No directory is the relative one, which only a relative
		// wildcard of **s matches.
		parts = []lisp.Value{kwRelative}
	}
	if parts[0] != wparts[0] {
		return nil, false
	}
	return matchDirParts(parts[1:], wparts[1:])
}

func matchDirParts(parts, wparts []lisp.Value) ([][]string, bool) {
	if len(wparts) == 0 {
		return nil, len(parts) == 0
	}
	switch wparts[0] {
	case lisp.Value(kwWildInferiors):
		for n := len(parts); n >= 0; n-- {
			if rest, ok := matchDirParts(parts[n:], wparts[1:]); ok {
				took := make([]string, 0, n)
				for _, p := range parts[:n] {
					took = append(took, dirPartText(p))
				}
				return append([][]string{took}, rest...), true
			}
		}
		return nil, false
	case lisp.Value(kwWild):
		if len(parts) == 0 {
			return nil, false
		}
		if _, isString := parts[0].(*lisp.String); !isString {
			return nil, false
		}
		rest, ok := matchDirParts(parts[1:], wparts[1:])
		return append([][]string{{dirPartText(parts[0])}}, rest...), ok
	}
	if len(parts) == 0 {
		return nil, false
	}
	ws, wok := wparts[0].(*lisp.String)
	s, sok := parts[0].(*lisp.String)
	if wok && sok {
		caps, ok := globCaptures(ws.S, s.S)
		if !ok {
			return nil, false
		}
		rest, ok := matchDirParts(parts[1:], wparts[1:])
		if len(caps) == 0 {
			return rest, ok
		}
		return append([][]string{caps}, rest...), ok
	}
	if !lisp.Equal(parts[0], wparts[0]) {
		return nil, false
	}
	return matchDirParts(parts[1:], wparts[1:])
}

func dirPartText(v lisp.Value) string {
	if s, ok := v.(*lisp.String); ok {
		return s.S
	}
	return ".."
}

// translatePathname fills the wildcards of to with what those of from
// matched in src; a component to leaves out is src's.
func translatePathname(op string, src, from, to *lisp.Pathname) *lisp.Pathname {
	m, ok := matchPathname(src, from)
	if !ok {
		lisp.Errorf("%s: %s does not match %s", op, lisp.Prin1ToString(src), lisp.Prin1ToString(from))
	}
	conv := func(s string) string { return s }
	if src.Logical && !to.Logical {
		// A logical pathname's upper case is Unix's customary lower.
		conv = strings.ToLower
	}
	out := *to
	out.Directory = translateDirectory(src.Directory, to.Directory, m.dir, conv)
	out.Name = translateComponent(src.Name, to.Name, m.name, conv)
	out.Type = translateComponent(src.Type, to.Type, m.kind, conv)
	switch to.Version {
	case lisp.Value(lisp.Nil), lisp.Value(kwWild):
		out.Version = src.Version
	}
	if out.Name == lisp.Value(lisp.Nil) && out.Type == lisp.Value(lisp.Nil) {
		out.Version = lisp.Nil
	}
	return lisp.InternPathname(&out)
}

func translateComponent(src, to lisp.Value, caps []string, conv func(string) string) lisp.Value {
	switch to {
	case lisp.Value(lisp.Nil):
		return convValue(src, conv)
	case lisp.Value(kwWild):
		if len(caps) == 0 {
			return convValue(src, conv)
		}
		return lisp.NewString(conv(strings.Join(caps, "")))
	}
	s, ok := to.(*lisp.String)
	if !ok {
		return to
	}
	return lisp.NewString(fillGlob(s.S, &caps, conv))
}

func convValue(v lisp.Value, conv func(string) string) lisp.Value {
	if s, ok := v.(*lisp.String); ok {
		return lisp.NewString(conv(s.S))
	}
	return v
}

// fillGlob replaces each * of pattern with the next capture.
func fillGlob(pattern string, caps *[]string, conv func(string) string) string {
	var b strings.Builder
	for _, r := range pattern {
		if r == '*' && len(*caps) > 0 {
			b.WriteString(conv((*caps)[0]))
			*caps = (*caps)[1:]
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

func translateDirectory(src, to lisp.Value, caps [][]string, conv func(string) string) lisp.Value {
	tparts := listItemsOf(to)
	if len(tparts) == 0 {
		return convDirectory(src, conv)
	}
	out := []lisp.Value{tparts[0]}
	next := func() []string {
		if len(caps) == 0 {
			return nil
		}
		c := caps[0]
		caps = caps[1:]
		return c
	}
	for _, p := range tparts[1:] {
		switch p {
		case lisp.Value(kwWildInferiors), lisp.Value(kwWild):
			for _, s := range next() {
				out = append(out, dirPartValue(conv(s)))
			}
			continue
		}
		if s, ok := p.(*lisp.String); ok && strings.Contains(s.S, "*") {
			c := next()
			out = append(out, lisp.NewString(fillGlob(s.S, &c, conv)))
			continue
		}
		out = append(out, p)
	}
	return lisp.List(out...)
}

func dirPartValue(s string) lisp.Value {
	if s == ".." {
		return kwUp
	}
	return lisp.NewString(s)
}

func convDirectory(v lisp.Value, conv func(string) string) lisp.Value {
	parts := listItemsOf(v)
	if len(parts) == 0 {
		return v
	}
	for i := range parts {
		parts[i] = convValue(parts[i], conv)
	}
	return lisp.List(parts...)
}
