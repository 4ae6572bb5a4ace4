package lisp

import (
	"fmt"
	"strings"
)

// PackageRecord is one package as an image's state records keep it, so a
// head move, a resume and a fork make it again exactly: its names, the
// packages it uses, and its symbols (a symbol of another package written
// PKG::NAME). Package event's PackageRecord is how the log holds it.
type PackageRecord struct {
	Name      string
	Nicknames []string
	Doc       string
	Use       []string
	Own       []string // symbols whose home it is
	Shadowing []string // names
	Imports   []string // PKG::NAME
	External  []string // names
}

// QualifiedName is PKG::NAME for a symbol, its home package's name
// before two colons, as state records name symbols of every package.
func (r *Packages) QualifiedName(s *Symbol) string {
	home := r.HomeOf(s)
	if home == nil {
		return s.Name
	}
	return home.Name + "::" + s.Name
}

// Snapshot is the image's packages as records: COMMON-LISP-USER (its
// overlay on the shared table) and the program's packages, in the order
// they were made.
func (r *Packages) Snapshot() []PackageRecord {
	out := []PackageRecord{}
	for _, p := range append([]*Package{r.CLUser}, r.order...) {
		rec := PackageRecord{Name: p.Name, Nicknames: p.Nicknames, Doc: p.Doc}
		for _, u := range p.use {
			rec.Use = append(rec.Use, u.Name)
		}
		for _, n := range sortedNames(keysOf(p.own)) {
			s := p.own[n]
			if s.Home == p {
				rec.Own = append(rec.Own, n)
			} else {
				rec.Imports = append(rec.Imports, r.QualifiedName(s))
			}
			if p.external[n] {
				rec.External = append(rec.External, n)
			}
		}
		rec.Shadowing = sortedNames(keysOf(p.shadowing))
		out = append(out, rec)
	}
	return out
}

// Restore makes the packages of records in an image that has only the
// standard ones.
func (r *Packages) Restore(recs []PackageRecord) error {
	for _, rec := range recs {
		if rec.Name == r.CLUser.Name {
			continue
		}
		if _, err := r.Make(rec.Name, rec.Nicknames); err != nil {
			return err
		}
	}
	for _, rec := range recs {
		p, _ := r.Find(rec.Name)
		p.markChanged()
		p.Doc = rec.Doc
		for _, n := range rec.Own {
			s := &Symbol{Name: n, Interned: true, Home: p}
			p.own[n] = s
		}
	}
	for _, rec := range recs {
		p, _ := r.Find(rec.Name)
		p.use = nil
		for _, u := range rec.Use {
			q, ok := r.Find(u)
			if !ok || q == nil {
				return fmt.Errorf("package %s uses %s, which is not there", rec.Name, u)
			}
			p.use = append(p.use, q)
			q.usedBy = append(q.usedBy, p)
		}
		for _, q := range rec.Imports {
			s, err := r.Resolve(q)
			if err != nil {
				return err
			}
			p.own[s.Name] = s
		}
		for _, n := range rec.Shadowing {
			if s, ok := p.own[n]; ok {
				p.shadowing[n] = s
			}
		}
		for _, n := range rec.External {
			p.external[n] = true
		}
	}
	return nil
}

// Resolve finds the symbol a qualified name (PKG::NAME) or a plain one
// (the shared table's) names, making it in its package when need be.
func (r *Packages) Resolve(qualified string) (*Symbol, error) {
	pkgName, name, ok := strings.Cut(qualified, "::")
	if !ok {
		return Intern(qualified), nil
	}
	p, found := r.Find(pkgName)
	if !found {
		return nil, fmt.Errorf("package %s does not exist", pkgName)
	}
	switch {
	case p == nil || p.kind == kindCLUser || p.kind == kindCL || p.kind == kindNodelisp:
		if p != nil && p.own[name] != nil {
			return p.own[name], nil
		}
		return Intern(name), nil
	case p.kind == kindKeyword:
		return InternKeyword(name), nil
	case p.kind == kindInternal:
		if s, ok := p.own[name]; ok {
			return s, nil
		}
		return nil, fmt.Errorf("package %s has no symbol %s", p.Name, name)
	}
	if s, ok := p.own[name]; ok {
		return s, nil
	}
	s := &Symbol{Name: name, Interned: true, Home: p}
	p.own[name] = s
	return s, nil
}
