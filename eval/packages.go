package eval

import (
	"github.com/nodelisp/nodelisp/lisp"
	"github.com/nodelisp/nodelisp/reader"
)

// An image's packages (lisp/package.go) and *package*, its current one.
// A cell is read before it runs, in COMMON-LISP-USER as the shared table
// has it; a form is read again, in the current package, when the image's
// packages have left that view or the form named a package the read
// ahead did not find (reader.Cell.Reread).

var symPackageVar = lisp.Sym("*package*")

func (in *Interp) definePackages() {
	in.packages = lisp.NewPackages()
	in.packageCell = in.cell(symPackageVar)
	in.packageCell.special = true
	in.packageCell.value = in.packages.CLUser
}

// Packages returns the image's packages.
func (in *Interp) Packages() *lisp.Packages { return in.packages }

// CurrentPackage returns the value of *package*; a value that is not a
// package is an error naming the variable.
func (t *Thread) CurrentPackage() *lisp.Package {
	v := t.in.packageCell.value
	p, ok := v.(*lisp.Package)
	if !ok || p.Deleted() {
		t.in.packageCell.value = t.in.packages.CLUser
		// v, not p: a nil *Package does not print.
		lisp.SignalClass(lisp.ClassTypeError, "*package*: %s is not a package; it is reset to COMMON-LISP-USER", lisp.Prin1ToString(v))
	}
	return p
}

// CurrentPackage is the image's *package* between cells.
func (in *Interp) CurrentPackage() *lisp.Package {
	if p, ok := in.packageCell.value.(*lisp.Package); ok && !p.Deleted() {
		return p
	}
	return in.packages.CLUser
}

// SetCurrentPackage sets *package*, as a restored image's state says.
func (in *Interp) SetCurrentPackage(p *lisp.Package) { in.packageCell.value = p }

// formToRun returns the cell's i'th form as it reads in the current
// package, and the cell whose positions it has.
func (in *Interp) formToRun(t *Thread, cell *reader.Cell, i int) (lisp.Value, *reader.Cell, int, error) {
	cur := in.CurrentPackage()
	if !cell.Unresolved(i) && !in.packages.Changed() && cur == in.packages.CLUser && in.currentReadtable().Pristine() {
		return cell.Forms[i], cell, i, nil
	}
	one, err := cell.Reread(i, t.cellReadEnv(cell, i))
	if err != nil {
		return nil, nil, 0, err
	}
	// The cell keeps the form as it ran: a host that reads the cell's
	// definitions afterwards (the session's state records) sees the
	// symbols of the package it ran in.
	cell.Forms[i] = one.Forms[0]
	return one.Forms[0], one, 0, nil
}

// readEval is what #. runs its form with while the cell's i'th form is
// read again before it runs: nil (refused) under *read-eval* nil. An
// error in the form ends the cell as the reader's error, the thread
// restored.
func (t *Thread) readEval(cell *reader.Cell, i int) reader.ReadEval {
	if !t.ReadOptions().Eval {
		return nil
	}
	return func(form lisp.Value) (lisp.Value, error) {
		vals, err := t.protectedTop(form, cell, i)
		if err != nil {
			return nil, err
		}
		if len(vals) == 0 {
			return lisp.Nil, nil
		}
		return vals[0], nil
	}
}
