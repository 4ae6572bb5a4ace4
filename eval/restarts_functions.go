package eval

import (
	"slices"

	"github.com/nodelisp/nodelisp/lisp"
)

// The functions over restarts: finding, listing and invoking them, and the
// standard restart functions (abort, continue, muffle-warning, store-value,
// use-value).

var (
	symAbort         = lisp.Sym("abort")
	symContinue      = lisp.Sym("continue")
	symMuffleWarning = lisp.Sym("muffle-warning")
	symStoreValue    = lisp.Sym("store-value")
	symUseValue      = lisp.Sym("use-value")
)

// visible reports whether r applies to condition c (nil for any): a
// restart associated with other conditions does not, and its test
// function, when it has one, says.
func (t *Thread) visible(r *lisp.Restart, c lisp.Value) bool {
	if cond, ok := c.(*lisp.Condition); ok && len(r.Conditions) > 0 && !slices.Contains(r.Conditions, cond) {
		return false
	}
	if r.Test == nil {
		return true
	}
	if c == nil {
		c = lisp.Nil
	}
	return t.callValue(r.Test, []lisp.Value{c}) != lisp.Value(lisp.Nil)
}

// restartReport is what printing r with *print-escape* nil shows: its
// report string, what its report function writes, or else its name.
func (t *Thread) restartReport(r *lisp.Restart) string {
	switch rep := r.Report.(type) {
	case *lisp.String:
		return rep.S
	case nil:
	default:
		s := lisp.NewStringStream()
		t.callValue(rep, []lisp.Value{s})
		return s.TakeString()
	}
	if r.Name == nil {
		return lisp.WriteToString(lisp.Nil, t.PrintOptions())
	}
	return lisp.WriteToString(r.Name, t.PrintOptions())
}

// findRestart returns the innermost active restart named by designator (a
// symbol or a restart object) that applies to c, or nil.
func (t *Thread) findRestart(op string, designator, c lisp.Value) *lisp.Restart {
	switch d := designator.(type) {
	case *lisp.Restart:
		for i := len(t.restarts) - 1; i >= 0; i-- {
			if t.restarts[i] == d {
				return d
			}
		}
		return nil
	case *lisp.Symbol:
		if d == lisp.Nil {
			lisp.TypeError(op, designator, "a restart designator")
		}
		for i := len(t.restarts) - 1; i >= 0; i-- {
			r := t.restarts[i]
			if r.Name == d && t.visible(r, c) {
				return r
			}
		}
		return nil
	}
	lisp.TypeError(op, designator, "a restart designator")
	return nil
}

// invokeRestart transfers control to r with args.
func (t *Thread) invokeRestart(r *lisp.Restart, args []lisp.Value) lisp.Value {
	if r.Exit != nil {
		panic(&restartExit{r: r, args: args})
	}
	return t.callValue(r.Function, args)
}

func (t *Thread) mustFindRestart(op string, designator, c lisp.Value) *lisp.Restart {
	r := t.findRestart(op, designator, c)
	if r == nil {
		lisp.SignalClass(lisp.ClassControlError, "%s: the restart %s is not active", op, lisp.Prin1ToString(designator))
	}
	return r
}

func optionalArg(args []lisp.Value, i int) lisp.Value {
	if i < len(args) {
		return args[i]
	}
	return nil
}

func init() {
	defun("compute-restarts", "(&optional condition)", "Return the active restarts that apply to CONDITION, innermost first.", func(t *Thread, args []lisp.Value) lisp.Value {
		c := optionalArg(args, 0)
		var out []lisp.Value
		for i := len(t.restarts) - 1; i >= 0; i-- {
			if t.visible(t.restarts[i], c) {
				out = append(out, t.restarts[i])
			}
		}
		return lisp.List(out...)
	})
	defun("find-restart", "(identifier &optional condition)", "Return the innermost active restart named IDENTIFIER, or nil.", func(t *Thread, args []lisp.Value) lisp.Value {
		if r := t.findRestart("find-restart", args[0], optionalArg(args, 1)); r != nil {
			return r
		}
		return lisp.Nil
	})
	defun("%call-with-condition-restarts", "(condition restarts thunk)", "Call THUNK with RESTARTS associated with CONDITION (internal: with-condition-restarts).", func(t *Thread, args []lisp.Value) lisp.Value {
		c, ok := args[0].(*lisp.Condition)
		if !ok {
			lisp.TypeError("with-condition-restarts", args[0], "a condition")
		}
		var rs []*lisp.Restart
		for _, x := range lisp.ListToSlice("with-condition-restarts", args[1]) {
			r, ok := x.(*lisp.Restart)
			if !ok {
				lisp.TypeError("with-condition-restarts", x, "a restart")
			}
			rs = append(rs, r)
		}
		defer dissociate(rs, associate(rs, c))
		return t.callValue(args[2], nil)
	})
	defun("restart-name", "(restart)", "Return the name of RESTART (nil when it is anonymous).", func(t *Thread, args []lisp.Value) lisp.Value {
		r, ok := args[0].(*lisp.Restart)
		if !ok {
			lisp.TypeError("restart-name", args[0], "a restart")
		}
		if r.Name == nil {
			return lisp.Nil
		}
		return r.Name
	})
	defun("invoke-restart", "(restart &rest arguments)", "Transfer control to RESTART, passing it the arguments.", func(t *Thread, args []lisp.Value) lisp.Value {
		return t.invokeRestart(t.mustFindRestart("invoke-restart", args[0], nil), args[1:])
	})
	defun("invoke-restart-interactively", "(restart)", "Invoke RESTART with the arguments its interactive function returns (none without one).", func(t *Thread, args []lisp.Value) lisp.Value {
		r := t.mustFindRestart("invoke-restart-interactively", args[0], nil)
		var rargs []lisp.Value
		if r.Interactive != nil {
			rargs = lisp.ListToSlice("invoke-restart-interactively", t.callValue(r.Interactive, nil))
		}
		return t.invokeRestart(r, rargs)
	})
	// abort and muffle-warning must find their restart; continue,
	// store-value and use-value return nil when there is none.
	standard := func(name *lisp.Symbol, nvalues int, must bool, doc string) {
		op := printName(name)
		ll := "(&optional condition)"
		if nvalues == 1 {
			ll = "(value &optional condition)"
		}
		defun(op, ll, doc, func(t *Thread, args []lisp.Value) lisp.Value {
			c := optionalArg(args, nvalues)
			if c == lisp.Value(lisp.Nil) {
				c = nil
			}
			var r *lisp.Restart
			if must {
				r = t.mustFindRestart(op, name, c)
			} else if r = t.findRestart(op, name, c); r == nil {
				return lisp.Nil
			}
			return t.invokeRestart(r, args[:nvalues])
		})
	}
	standard(symAbort, 0, true, "Invoke the innermost abort restart.")
	standard(symMuffleWarning, 0, true, "Invoke the innermost muffle-warning restart: the warning is not printed.")
	standard(symContinue, 0, false, "Invoke the innermost continue restart, if there is one; otherwise return nil.")
	standard(symStoreValue, 1, false, "Invoke the innermost store-value restart with VALUE, if there is one; otherwise return nil.")
	standard(symUseValue, 1, false, "Invoke the innermost use-value restart with VALUE, if there is one; otherwise return nil.")
}

// associate adds c to the conditions each of rs is associated with and
// returns how many each had before, for dissociate.
func associate(rs []*lisp.Restart, c *lisp.Condition) []int {
	before := make([]int, len(rs))
	for i, r := range rs {
		before[i] = len(r.Conditions)
		r.Conditions = append(r.Conditions, c)
	}
	return before
}

// dissociate undoes associate when the form that associated leaves.
func dissociate(rs []*lisp.Restart, before []int) {
	for i := len(rs) - 1; i >= 0; i-- { // backwards: a restart may be listed twice
		rs[i].Conditions = rs[i].Conditions[:before[i]]
	}
}
