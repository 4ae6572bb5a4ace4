package imagestate

import (
	"encoding/json"
	"strings"

	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/event"
	"github.com/nodelisp/nodelisp/lisp"
)

// Packages in the state records: a record holds all of the image's
// packages (lisp.PackageRecord) when a cell changed any of them, and the
// name of *package* when a cell changed it; a restore makes the packages
// before anything else, so the definitions and values that name their
// symbols (|PKG|::NAME in state text) find them, and sets *package* last.

// stateName is a global's name in a record: its name, or PKG::NAME for a
// symbol of a program's package.
func stateName(sym *lisp.Symbol) string {
	if sym.Home != nil {
		return sym.Home.Name + "::" + sym.Name
	}
	return sym.Name
}

// packageChanges adds to p the packages and *package* when the cell
// changed them.
func (st *Tracker) packageChanges(p *event.State, image *eval.Interp) {
	pkgs := image.Packages()
	if pkgs.Changed() {
		recs := pkgs.Snapshot()
		if text, err := json.Marshal(recs); err == nil && string(text) != st.packages {
			st.packages = string(text)
			logged := packageRecordsToLog(recs)
			p.Packages = &logged
		}
	}
	if name := currentName(image); name != st.current && (st.current != "" || name != pkgs.CLUser.Name) {
		st.current = name
		p.Package = &name
	}
}

// fullPackages adds the packages and *package* last recorded to a full
// record.
func (st *Tracker) fullPackages(p *event.State) {
	if st.packages != "" {
		var recs []lisp.PackageRecord
		if json.Unmarshal([]byte(st.packages), &recs) == nil {
			logged := packageRecordsToLog(recs)
			p.Packages = &logged
		}
	}
	if st.current != "" {
		name := st.current
		p.Package = &name
	}
}

func currentName(image *eval.Interp) string { return image.CurrentPackage().Name }

// packages makes the recorded packages in the fresh image.
func (r *restorer) packages() {
	if r.f.packages == nil {
		return
	}
	pkgs := r.image.Packages()
	if err := pkgs.Restore(*r.f.packages); err != nil {
		r.note("packages not restored: %v", err)
		return
	}
	if text, err := json.Marshal(*r.f.packages); err == nil {
		r.t.packages = string(text)
	}
}

// currentPackage sets *package* as the newest record says.
func (r *restorer) currentPackage() {
	if r.f.current == nil {
		return
	}
	p, ok := r.image.Packages().Find(*r.f.current)
	if !ok || p == nil {
		r.note("*package* not restored: no package %s", strings.ToLower(*r.f.current))
		return
	}
	r.image.SetCurrentPackage(p)
	r.t.current = p.Name
}

// symbol is the symbol a record's name names (stateName).
func (r *restorer) symbol(name string) *lisp.Symbol {
	s, err := r.image.Packages().Resolve(name)
	if err != nil {
		return &lisp.Symbol{Name: name}
	}
	return s
}

// packageRecordsToLog and packageRecordsFromLog convert between the
// image's package records and the log's (the same fields: package event
// owns the keys).
func packageRecordsToLog(recs []lisp.PackageRecord) []event.PackageRecord {
	out := make([]event.PackageRecord, len(recs))
	for i, r := range recs {
		out[i] = event.PackageRecord(r)
	}
	return out
}

func packageRecordsFromLog(recs []event.PackageRecord) []lisp.PackageRecord {
	out := make([]lisp.PackageRecord, len(recs))
	for i, r := range recs {
		out[i] = lisp.PackageRecord(r)
	}
	return out
}
