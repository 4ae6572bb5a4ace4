package lisp

import (
	"fmt"
	"sort"
)

// Packages. The process-wide symbol table (symbol.go) holds the symbols
// every image shares: COMMON-LISP's external symbols, NODELISP's (the
// library's and the host's extensions) and the symbols programs read in
// COMMON-LISP-USER; which of the three a shared symbol belongs to is a
// matter of its name. KEYWORD is the keyword table. Those three packages
// are shared, and locked. Every other package is an image's own
// (Packages), and so is the image's COMMON-LISP-USER, a view of the
// shared table with the image's own imports, shadows and used packages
// over it. A symbol of an image's package has Home set; a shared symbol
// has none.

// PackageStatus is find-symbol's second value.
type PackageStatus uint8

const (
	StatusNone PackageStatus = iota
	StatusInternal
	StatusExternal
	StatusInherited
)

type packageKind uint8

const (
	kindUser packageKind = iota
	kindCL
	kindKeyword
	kindNodelisp
	kindCLUser
	kindInternal // NODELISP-INTERNAL (package_internal.go)
)

// Package is a Common Lisp package.
type Package struct {
	Name      string
	Nicknames []string
	Doc       string
	kind      packageKind
	own       map[string]*Symbol // present symbols (for CL-USER, over the shared table)
	external  map[string]bool
	shadowing map[string]*Symbol
	use       []*Package
	usedBy    []*Package
	registry  *Packages
	deleted   bool
}

// The shared packages.
var (
	PackageCL       = &Package{Name: "COMMON-LISP", Nicknames: []string{"CL"}, kind: kindCL}
	PackageKeyword  = &Package{Name: "KEYWORD", kind: kindKeyword}
	PackageNodelisp = &Package{Name: "NODELISP", kind: kindNodelisp,
		Doc: "nodelisp's extensions: the host's builtins (recall-log, context, …) and the library's own names"}
)

// extensionNames are names the host defines (Define, a global it sets)
// that belong to NODELISP although no name source lists them.
var extensionNames = map[string]bool{}

// MarkExtension makes name one of NODELISP's external symbols: a host
// builtin or variable, reachable from every package that uses NODELISP.
func MarkExtension(name string) {
	if clNames[name] {
		return
	}
	symMu.Lock()
	extensionNames[name] = true
	symMu.Unlock()
}

// IsCLName reports whether name is an external symbol of COMMON-LISP.
func IsCLName(name string) bool { return clNames[name] }

func isExtensionName(name string) bool {
	if clNames[name] {
		return false
	}
	symMu.RLock()
	ok := extensionNames[name]
	symMu.RUnlock()
	if ok {
		return true
	}
	for _, src := range nameSources {
		if src.has(name) {
			return true
		}
	}
	return false
}

// Packages is one image's packages: its COMMON-LISP-USER and the packages
// its programs made, by name and nickname.
type Packages struct {
	CLUser  *Package
	byName  map[string]*Package
	order   []*Package // made by the program, in order
	changed bool
}

// NewPackages returns the packages of a new image: COMMON-LISP,
// COMMON-LISP-USER (using COMMON-LISP and NODELISP), KEYWORD and NODELISP.
func NewPackages() *Packages {
	r := &Packages{byName: map[string]*Package{}}
	r.CLUser = &Package{Name: "COMMON-LISP-USER", Nicknames: []string{"CL-USER"}, kind: kindCLUser,
		use: []*Package{PackageCL, PackageNodelisp}, registry: r}
	for _, p := range []*Package{PackageCL, r.CLUser, PackageKeyword, PackageNodelisp, PackageInternal} {
		r.add(p)
	}
	return r
}

func (r *Packages) add(p *Package) {
	r.byName[p.Name] = p
	for _, n := range p.Nicknames {
		r.byName[n] = p
	}
}

// Changed reports whether the image has left the shared view: a package
// made, or COMMON-LISP-USER changed. Until then source read without the
// image reads the same symbols it would with it.
func (r *Packages) Changed() bool { return r != nil && r.changed }

// Find returns the package with this name or nickname. A nil registry
// knows the shared packages and a pristine COMMON-LISP-USER (nil).
func (r *Packages) Find(name string) (*Package, bool) {
	if r == nil {
		switch name {
		case "COMMON-LISP", "CL":
			return PackageCL, true
		case "KEYWORD":
			return PackageKeyword, true
		case "NODELISP":
			return PackageNodelisp, true
		case PackageInternal.Name:
			return PackageInternal, true
		case "COMMON-LISP-USER", "CL-USER":
			return nil, true
		}
		return nil, false
	}
	p, ok := r.byName[name]
	return p, ok
}

// All returns every package, the standard ones first.
func (r *Packages) All() []*Package {
	return append([]*Package{PackageCL, r.CLUser, PackageKeyword, PackageNodelisp, PackageInternal}, r.order...)
}

// Make makes a package; it is an error when the name or a nickname is taken.
func (r *Packages) Make(name string, nicknames []string) (*Package, error) {
	for _, n := range append([]string{name}, nicknames...) {
		if _, taken := r.byName[n]; taken {
			return nil, fmt.Errorf("a package named %s already exists", n)
		}
	}
	p := &Package{Name: name, Nicknames: nicknames, own: map[string]*Symbol{},
		external: map[string]bool{}, shadowing: map[string]*Symbol{}, registry: r}
	r.add(p)
	r.order = append(r.order, p)
	r.changed = true
	return p, nil
}

// Rename gives a package made by the program a new name and nicknames,
// which replace the old ones (rename-package). A name or nickname that
// another package has is an error; the standard packages are locked.
func (r *Packages) Rename(p *Package, name string, nicknames []string) error {
	if p.kind != kindUser {
		return fmt.Errorf("package %s is locked: only a package the program made can be renamed", p.Name)
	}
	if p.deleted {
		return fmt.Errorf("package %s has been deleted", p.Name)
	}
	for _, n := range append([]string{name}, nicknames...) {
		if q, taken := r.byName[n]; taken && q != p {
			return fmt.Errorf("a package named %s already exists", n)
		}
	}
	delete(r.byName, p.Name)
	for _, n := range p.Nicknames {
		delete(r.byName, n)
	}
	p.Name, p.Nicknames = name, nicknames
	r.add(p)
	r.changed = true
	return nil
}

// Delete removes a package made by the program.
func (r *Packages) Delete(p *Package) error {
	if p.kind != kindUser {
		return fmt.Errorf("package %s is locked", p.Name)
	}
	if len(p.usedBy) > 0 {
		return &PackageError{Correctable: UsedByOthers,
			Message: fmt.Sprintf("delete-package: package %s is used by %s", p.Name, p.usedBy[0].Name)}
	}
	for _, u := range p.use {
		u.usedBy = removePackage(u.usedBy, p)
	}
	delete(r.byName, p.Name)
	for _, n := range p.Nicknames {
		delete(r.byName, n)
	}
	for i, q := range r.order {
		if q == p {
			r.order = append(r.order[:i:i], r.order[i+1:]...)
			break
		}
	}
	// The package's own symbols are left with no home, as SBCL leaves
	// them: they print as #:NAME and symbol-package answers nil, even
	// where another package imported them.
	for _, s := range p.own {
		if s.Home == p {
			s.Interned, s.Home = false, nil
		}
	}
	p.deleted = true
	return nil
}

func removePackage(ps []*Package, p *Package) []*Package {
	out := ps[:0:0]
	for _, q := range ps {
		if q != p {
			out = append(out, q)
		}
	}
	return out
}

// Locked reports whether the package is one of the shared ones, whose
// symbols a program may not add to or change.
func (p *Package) Locked() bool {
	return p.kind == kindCL || p.kind == kindKeyword || p.kind == kindNodelisp || p.kind == kindInternal
}

// UseList returns the packages p uses.
func (p *Package) UseList() []*Package {
	switch p.kind {
	case kindUser, kindCLUser:
		return p.use
	}
	return nil
}

// UsedBy returns the packages that use p (the image's, for the shared ones:
// nil).
func (p *Package) UsedBy() []*Package { return p.usedBy }

// Deleted reports whether delete-package removed p.
func (p *Package) Deleted() bool { return p.deleted }

// external finds name among p's external symbols.
func (p *Package) findExternal(name string) (*Symbol, bool) {
	switch p.kind {
	case kindCL:
		if clNames[name] {
			return Intern(name), true
		}
		return nil, false
	case kindNodelisp:
		if isExtensionName(name) {
			return Intern(name), true
		}
		return nil, false
	case kindKeyword:
		return findKeyword(name)
	}
	if p.external[name] {
		return p.own[name], true
	}
	return nil, false
}

// Find is find-symbol: the symbol name names in p, and how it is there.
func (p *Package) Find(name string) (*Symbol, PackageStatus) {
	if p == nil {
		return sharedUserFind(name)
	}
	switch p.kind {
	case kindCL, kindNodelisp, kindKeyword:
		if s, ok := p.findExternal(name); ok {
			return s, StatusExternal
		}
		return nil, StatusNone
	}
	if s, ok := p.own[name]; ok {
		if p.external[name] {
			return s, StatusExternal
		}
		return s, StatusInternal
	}
	for _, u := range p.use {
		if s, ok := u.findExternal(name); ok {
			return s, StatusInherited
		}
	}
	if p.kind == kindCLUser {
		symMu.RLock()
		s, ok := symbols[name]
		symMu.RUnlock()
		if ok && !clNames[name] && !isExtensionName(name) {
			return s, StatusInternal
		}
	}
	return nil, StatusNone
}

// sharedUserFind is find-symbol in a pristine COMMON-LISP-USER.
func sharedUserFind(name string) (*Symbol, PackageStatus) {
	if clNames[name] || isExtensionName(name) {
		return Intern(name), StatusInherited
	}
	symMu.RLock()
	s, ok := symbols[name]
	symMu.RUnlock()
	if ok {
		return s, StatusInternal
	}
	return nil, StatusNone
}

// Intern is intern: the symbol name names in p, made when there is none.
// Adding a symbol to a locked package is an error.
func (p *Package) Intern(name string) (*Symbol, PackageStatus, error) {
	if s, st := p.Find(name); st != StatusNone {
		return s, st, nil
	}
	if p == nil || p.kind == kindCLUser {
		return Intern(name), StatusNone, nil
	}
	if p.kind == kindKeyword {
		return InternKeyword(name), StatusNone, nil
	}
	if p.Locked() {
		return nil, StatusNone, fmt.Errorf("package %s is locked: cannot intern %s in it", p.Name, name)
	}
	s := &Symbol{Name: name, Interned: true, Home: p}
	p.own[name] = s
	return s, StatusNone, nil
}

// Symbols calls yield with every symbol accessible in p (external only
// when externalOnly), until yield returns false.
func (p *Package) Symbols(externalOnly bool, yield func(*Symbol, PackageStatus) bool) {
	seen := map[*Symbol]bool{}
	emit := func(s *Symbol, st PackageStatus) bool {
		if seen[s] {
			return true
		}
		seen[s] = true
		return yield(s, st)
	}
	switch p.kind {
	case kindCL:
		for _, n := range sortedNames(clNames) {
			if !emit(Intern(n), StatusExternal) {
				return
			}
		}
		return
	case kindNodelisp:
		for _, n := range extensionList() {
			if !emit(Intern(n), StatusExternal) {
				return
			}
		}
		return
	case kindKeyword:
		symMu.RLock()
		names := make(map[string]bool, len(keywords))
		for n := range keywords {
			names[n] = true
		}
		symMu.RUnlock()
		for _, n := range sortedNames(names) {
			if !emit(InternKeyword(n), StatusExternal) {
				return
			}
		}
		return
	}
	names := map[string]bool{}
	for n := range p.own {
		names[n] = true
	}
	for _, n := range sortedNames(names) {
		st := StatusInternal
		if p.external[n] {
			st = StatusExternal
		} else if externalOnly {
			continue
		}
		if !emit(p.own[n], st) {
			return
		}
	}
	if externalOnly {
		return
	}
	if p.kind == kindCLUser {
		for _, s := range AllSymbols() {
			if !clNames[s.Name] && !isExtensionName(s.Name) {
				if _, shadowed := p.own[s.Name]; !shadowed && !emit(s, StatusInternal) {
					return
				}
			}
		}
	}
	for _, u := range p.use {
		stop := false
		u.Symbols(true, func(s *Symbol, _ PackageStatus) bool {
			if found, _ := p.Find(s.Name); found != s {
				return true // shadowed
			}
			stop = !emit(s, StatusInherited)
			return !stop
		})
		if stop {
			return
		}
	}
}

func extensionList() []string {
	names := map[string]bool{}
	symMu.RLock()
	for n := range extensionNames {
		names[n] = true
	}
	symMu.RUnlock()
	for _, src := range nameSources {
		for _, n := range src.all() {
			if !clNames[n] {
				names[n] = true
			}
		}
	}
	return sortedNames(names)
}

func sortedNames(set map[string]bool) []string {
	out := make([]string, 0, len(set))
	for n := range set {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// HomeOf is symbol-package: the package a symbol belongs to, nil for an
// uninterned one. r is the image's packages (nil for a pristine view).
func (r *Packages) HomeOf(s *Symbol) *Package {
	switch {
	case !s.Interned:
		return nil
	case s.Keyword:
		return PackageKeyword
	case s.Home != nil:
		return s.Home
	case clNames[s.Name]:
		return PackageCL
	case isExtensionName(s.Name):
		return PackageNodelisp
	case r == nil:
		return nil
	}
	return r.CLUser
}

// PackageError is a package operation's error: a name conflict, a locked
// package, a symbol that is not accessible.
type PackageError struct {
	Message string
	// Correctable names the kind of error a program may continue past
	// (CLHS 11.1.1.2.5): ConflictOnImport, UsedByOthers, or "" for none.
	Correctable string
}

// The correctable package errors: import of a symbol whose name another
// accessible symbol has (continuing leaves the symbol there),
// and deleting a package others use (continuing makes them stop using
// it first).
const (
	ConflictOnImport = "import conflict"
	UsedByOthers     = "used by others"
)

func (e *PackageError) Error() string { return e.Message }

func pkgErrorf(format string, args ...any) error {
	return &PackageError{Message: fmt.Sprintf(format, args...)}
}

func (p *Package) mutable() error {
	if p.Locked() {
		return pkgErrorf("package %s is locked", p.Name)
	}
	p.markChanged()
	return nil
}

func (p *Package) markChanged() {
	if p.registry != nil {
		p.registry.changed = true
	}
	if p.own == nil {
		p.own, p.external, p.shadowing = map[string]*Symbol{}, map[string]bool{}, map[string]*Symbol{}
	}
}

// Export makes s external in p, importing it first when it is inherited.
func (p *Package) Export(s *Symbol) error {
	if p.kind == kindKeyword && s.Keyword {
		return nil
	}
	if err := p.mutable(); err != nil {
		return err
	}
	found, st := p.Find(s.Name)
	if found != s || st == StatusNone {
		return pkgErrorf("export: the symbol %s is not accessible in package %s", s.Name, p.Name)
	}
	for _, user := range p.usedBy {
		if other, st := user.Find(s.Name); st != StatusNone && other != s && user.shadowing[s.Name] == nil {
			return pkgErrorf("export: exporting %s from %s conflicts with %s in package %s", s.Name, p.Name, other.Name, user.Name)
		}
	}
	p.own[s.Name] = s
	p.external[s.Name] = true
	return nil
}

// Unexport makes an external symbol of p internal.
func (p *Package) Unexport(s *Symbol) error {
	if err := p.mutable(); err != nil {
		return err
	}
	if p.own[s.Name] != s {
		return pkgErrorf("unexport: the symbol %s is not present in package %s", s.Name, p.Name)
	}
	delete(p.external, s.Name)
	return nil
}

// Import makes s present in p; a different symbol of the same name
// already accessible there is a name conflict.
func (p *Package) Import(s *Symbol) error {
	if err := p.mutable(); err != nil {
		return err
	}
	if found, st := p.Find(s.Name); st != StatusNone && found != s {
		return &PackageError{Correctable: ConflictOnImport,
			Message: fmt.Sprintf("import: importing %s into %s conflicts with the symbol %s already accessible there", s.Name, p.Name, found.Name)}
	}
	p.own[s.Name] = s
	if !s.Interned {
		s.Interned, s.Home = true, p
	}
	return nil
}

// ShadowingImport makes s present in p and a shadowing symbol there,
// replacing any symbol of its name.
func (p *Package) ShadowingImport(s *Symbol) error {
	if err := p.mutable(); err != nil {
		return err
	}
	if old, ok := p.own[s.Name]; ok && old != s && old.Home == p {
		old.Interned = false
	}
	p.own[s.Name] = s
	p.shadowing[s.Name] = s
	if !s.Interned {
		s.Interned, s.Home = true, p
	}
	return nil
}

// Shadow makes a symbol of this name present in p (a new one unless one
// is present already) and a shadowing symbol there.
func (p *Package) Shadow(name string) error {
	if err := p.mutable(); err != nil {
		return err
	}
	s, ok := p.own[name]
	if !ok {
		s = &Symbol{Name: name, Interned: true, Home: p}
		p.own[name] = s
	}
	p.shadowing[name] = s
	return nil
}

// Use makes p use q; an external symbol of q whose name another symbol
// accessible in p has, and which p does not shadow, is a name conflict.
func (p *Package) Use(q *Package) error {
	if err := p.mutable(); err != nil {
		return err
	}
	for _, u := range p.use {
		if u == q {
			return nil
		}
	}
	if q.kind == kindKeyword {
		return pkgErrorf("use-package: cannot use the KEYWORD package")
	}
	var conflict error
	q.Symbols(true, func(s *Symbol, _ PackageStatus) bool {
		if p.shadowing[s.Name] != nil {
			return true
		}
		if found, st := p.Find(s.Name); st != StatusNone && found != s && (st != StatusInternal || p.kind != kindCLUser || found.Home != nil) {
			conflict = pkgErrorf("use-package: using %s in %s conflicts with the symbol %s already accessible there", q.Name, p.Name, s.Name)
			return false
		}
		return true
	})
	if conflict != nil {
		return conflict
	}
	p.use = append(p.use, q)
	q.usedBy = append(q.usedBy, p)
	return nil
}

// Unuse stops p using q.
func (p *Package) Unuse(q *Package) error {
	if err := p.mutable(); err != nil {
		return err
	}
	p.use = removePackage(p.use, q)
	q.usedBy = removePackage(q.usedBy, p)
	return nil
}

// Unintern removes s from p, reporting whether it was present. A symbol
// of the shared table stays there (other images share it).
func (p *Package) Unintern(s *Symbol) (bool, error) {
	if err := p.mutable(); err != nil {
		return false, err
	}
	if p.own[s.Name] != s {
		return false, nil
	}
	if p.shadowing[s.Name] == s {
		// Without the shadowing symbol, two different symbols of this
		// name inherited from used packages would conflict (CLHS
		// unintern): refuse, as SBCL does.
		var inherited *Symbol
		var from *Package
		for _, u := range p.use {
			if found, st := u.Find(s.Name); st == StatusExternal {
				if inherited != nil && inherited != found {
					return false, pkgErrorf("unintern: removing the shadowing symbol %s from %s would make %s:%s and %s:%s conflict", s.Name, p.Name, from.Name, s.Name, u.Name, s.Name)
				}
				inherited, from = found, u
			}
		}
	}
	delete(p.own, s.Name)
	delete(p.external, s.Name)
	delete(p.shadowing, s.Name)
	if s.Home == p {
		s.Interned = false
	}
	return true, nil
}

// ShadowingSymbols returns p's shadowing symbols.
func (p *Package) ShadowingSymbols() []*Symbol {
	var out []*Symbol
	for _, n := range sortedNames(keysOf(p.shadowing)) {
		out = append(out, p.shadowing[n])
	}
	return out
}

func keysOf(m map[string]*Symbol) map[string]bool {
	out := make(map[string]bool, len(m))
	for k := range m {
		out[k] = true
	}
	return out
}

// Accessible reports whether s is found by its name in p (nil: a
// pristine COMMON-LISP-USER), so it prints without a prefix there.
func (p *Package) Accessible(s *Symbol) bool {
	found, st := p.Find(s.Name)
	return st != StatusNone && found == s
}

// IsExternal reports whether s is an external symbol of its home package.
func (p *Package) IsExternal(s *Symbol) bool {
	found, ok := p.findExternal(s.Name)
	return ok && found == s
}
