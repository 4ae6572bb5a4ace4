package eval

import "github.com/nodelisp/nodelisp/lisp"

// The REPL variables of Common Lisp: - is the form being evaluated; +, ++
// and +++ the last three forms; *, ** and *** their primary values; /, //
// and /// the lists of all their values. They are real special variables
// of every image, nil until a REPL sets them, so any program may read them.
// Only an image whose host is a REPL (TrackREPLVariables) sets them, once
// per top-level form of a cell, as SBCL's REPL does; a script's forms
// leave them alone, as load does.

var (
	symMinus                        = lisp.Sym("-")
	symPlus1, symPlus2, symPlus3    = lisp.Sym("+"), lisp.Sym("++"), lisp.Sym("+++")
	symStar1, symStar2, symStar3    = lisp.Sym("*"), lisp.Sym("**"), lisp.Sym("***")
	symSlash1, symSlash2, symSlash3 = lisp.Sym("/"), lisp.Sym("//"), lisp.Sym("///")
)

// replVars is the set of the REPL variables. They are a convenience of the
// REPL, not the image's state: EachSpecial leaves them out, so a session
// neither records nor restores them.
var replVars = map[*lisp.Symbol]bool{
	symMinus: true,
	symPlus1: true, symPlus2: true, symPlus3: true,
	symStar1: true, symStar2: true, symStar3: true,
	symSlash1: true, symSlash2: true, symSlash3: true,
}

// replCells are the REPL variables' cells, found once.
type replCells struct {
	minus, plus1, plus2, plus3, star1, star2, star3, slash1, slash2, slash3 *cell
}

// defineREPLVars makes the REPL variables special, each nil.
func (in *Interp) defineREPLVars() {
	for sym := range replVars {
		c := in.cell(sym)
		c.special, c.value = true, lisp.Nil
	}
}

// TrackREPLVariables makes every top-level form of a cell from now on set
// the REPL variables, as a REPL's reading of a form does.
func (in *Interp) TrackREPLVariables() {
	in.repl = &replCells{
		minus: in.cell(symMinus),
		plus1: in.cell(symPlus1), plus2: in.cell(symPlus2), plus3: in.cell(symPlus3),
		star1: in.cell(symStar1), star2: in.cell(symStar2), star3: in.cell(symStar3),
		slash1: in.cell(symSlash1), slash2: in.cell(symSlash2), slash3: in.cell(symSlash3),
	}
}

// evaluating sets - to the form about to be evaluated.
func (r *replCells) evaluating(form lisp.Value) {
	if r != nil {
		r.minus.value = form
	}
}

// evaluated shifts the last forms and values along once form has given
// vals. A form that signals an error shifts nothing, as in SBCL.
func (r *replCells) evaluated(form lisp.Value, vals []lisp.Value) {
	if r == nil {
		return
	}
	r.plus3.value, r.plus2.value, r.plus1.value = r.plus2.value, r.plus1.value, form
	r.slash3.value, r.slash2.value, r.slash1.value = r.slash2.value, r.slash1.value, lisp.List(vals...)
	var primary lisp.Value = lisp.Nil
	if len(vals) > 0 {
		primary = vals[0]
	}
	r.star3.value, r.star2.value, r.star1.value = r.star2.value, r.star1.value, primary
}
