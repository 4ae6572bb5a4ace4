package lisp

import (
	"runtime"
	"strings"
	"sync"
	"weak"
)

// Pathnames are interned, as SBCL's are: two equal pathnames made anywhere
// are the same object, so (eq (pathname "a/b") (pathname "a/b")) is true
// there and here. The table holds them weakly; a pathname nothing else
// holds is collected and its entry removed.

var pathnames = struct {
	sync.Mutex
	m map[string]weak.Pointer[Pathname]
}{m: map[string]weak.Pointer[Pathname]{}}

// InternPathname returns the pathname equal to p that was made first and
// is still held, or p, which becomes that pathname. p must not change
// afterwards.
func InternPathname(p *Pathname) *Pathname {
	key := pathnameKey(p)
	pathnames.Lock()
	defer pathnames.Unlock()
	if wp, ok := pathnames.m[key]; ok {
		if q := wp.Value(); q != nil {
			return q
		}
	}
	pathnames.m[key] = weak.Make(p)
	runtime.AddCleanup(p, forgetPathname, key)
	return p
}

func forgetPathname(key string) {
	pathnames.Lock()
	defer pathnames.Unlock()
	if wp, ok := pathnames.m[key]; ok && wp.Value() == nil {
		delete(pathnames.m, key)
	}
}

// pathnameKey is what tells pathnames apart: every component, as equal
// compares them.
func pathnameKey(p *Pathname) string {
	var b strings.Builder
	if p.Logical {
		b.WriteString("L")
	}
	for _, v := range []Value{p.Host, p.Device, p.Directory, p.Name, p.Type, p.Version} {
		b.WriteByte(0)
		b.WriteString(Prin1ToString(v))
	}
	return b.String()
}
