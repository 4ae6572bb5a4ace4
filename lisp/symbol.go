package lisp

import (
	"strings"
	"sync"
)

// Symbol is an interned name. All symbols live in one process-wide table
// (nodelisp has one package for Common Lisp and user symbols, and one for
// keywords), so two symbols are the same symbol exactly when they are the
// same pointer. What a symbol is bound to lives in an interpreter, not here,
// so that many interpreters can share the table.
type Symbol struct {
	Name     string // as Common Lisp holds it: upper case unless read with |bars|
	Keyword  bool
	Interned bool // in the table: false for make-symbol's and gensym's
	// Home is the package of a symbol of an image's own package; nil for
	// the shared table's symbols (package.go).
	Home *Package
}

// String is the symbol's name as messages write it, lower case, with its
// package for a symbol of a program's package: it lets a symbol stand for
// the function it names in messages.
func (s *Symbol) String() string {
	if s.Keyword {
		return ":" + strings.ToLower(s.Name)
	}
	if s.Home != nil && s.Interned {
		return strings.ToLower(s.Home.Name) + "::" + strings.ToLower(s.Name)
	}
	return strings.ToLower(s.Name)
}

var (
	symMu sync.RWMutex
	// Sized for what the packages intern as they initialise (about 180
	// symbols and a dozen keywords), so start-up never regrows them.
	symbols  = make(map[string]*Symbol, 256)
	keywords = make(map[string]*Symbol, 32)
	// spareSymbols is the block new symbols are carved from.
	spareSymbols []Symbol
)

// Intern returns the symbol with exactly this name (no case folding: the
// reader folds before it interns).
func Intern(name string) *Symbol { return intern(symbols, name, false) }

// InternKeyword returns the keyword with exactly this name, without its colon.
func InternKeyword(name string) *Symbol { return intern(keywords, name, true) }

// Sym interns a name written the way Lisp source writes it: "car" is CAR,
// ":test" is the keyword TEST. It is for Go code that names symbols.
func Sym(name string) *Symbol {
	if strings.HasPrefix(name, ":") {
		return InternKeyword(strings.ToUpper(name[1:]))
	}
	return Intern(strings.ToUpper(name))
}

// findKeyword returns the keyword with this name if it was ever made.
func findKeyword(name string) (*Symbol, bool) {
	symMu.RLock()
	s, ok := keywords[name]
	symMu.RUnlock()
	return s, ok
}

// FindSymbol returns the symbol with this name if it was ever interned,
// or if a name source knows the name.
func FindSymbol(name string) (*Symbol, bool) {
	symMu.RLock()
	s, ok := symbols[name]
	symMu.RUnlock()
	if ok {
		return s, true
	}
	for _, src := range nameSources {
		if src.has(name) {
			return Intern(name), true
		}
	}
	return nil, false
}

// A name source knows names that exist before anything interns them: a
// library that defines its builtins on first use registers one, so that
// find-symbol and apropos see its names all the same.
type nameSource struct {
	has func(name string) bool
	all func() []string
}

// nameSources is written only by package initialisation.
var nameSources []nameSource

// AddNameSource registers the names has reports and all lists. Call it
// from an init function.
func AddNameSource(has func(name string) bool, all func() []string) {
	nameSources = append(nameSources, nameSource{has, all})
}

// AllSymbols returns every interned non-keyword symbol, for apropos,
// interning every name a name source knows first.
func AllSymbols() []*Symbol {
	for _, src := range nameSources {
		for _, name := range src.all() {
			Intern(name)
		}
	}
	symMu.RLock()
	defer symMu.RUnlock()
	out := make([]*Symbol, 0, len(symbols))
	for _, s := range symbols {
		out = append(out, s)
	}
	return out
}

func intern(table map[string]*Symbol, name string, keyword bool) *Symbol {
	symMu.RLock()
	s, ok := table[name]
	symMu.RUnlock()
	if ok {
		return s
	}
	symMu.Lock()
	defer symMu.Unlock()
	if s, ok := table[name]; ok {
		return s
	}
	if len(spareSymbols) == 0 {
		spareSymbols = make([]Symbol, 256)
	}
	s = &spareSymbols[0]
	spareSymbols = spareSymbols[1:]
	s.Name, s.Keyword, s.Interned = name, keyword, true
	table[name] = s
	return s
}

// The symbols Go code compares against most often.
var (
	Nil = Intern("NIL")
	T   = Intern("T")
)

// Bool converts a Go bool to T or Nil.
func Bool(b bool) Value {
	if b {
		return T
	}
	return Nil
}

// Truthy reports whether v is anything but Nil.
func Truthy(v Value) bool { return v != Value(Nil) }

// DerivedName is the symbol under which something attached to sym by a
// kind of definition is kept, such as its setf function: "(SETF NAME)".
// A symbol of a program's own package has its package in the name
// ("(SETF GEO::NAME)"), so that two packages' symbols of one name never
// share a definition.
func DerivedName(kind string, sym *Symbol) *Symbol {
	if sym.Home != nil {
		return Intern("(" + kind + " " + sym.Home.Name + "::" + sym.Name + ")")
	}
	return Intern("(" + kind + " " + sym.Name + ")")
}
